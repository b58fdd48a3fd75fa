"""Editor-side checks: what ``bofa-studio validate`` finds, plus what an author needs live.

The file checks (schema, cross-references) come from the scenario package, so
the panel and the command line never disagree; on top of them this module
checks the order of battle against the map as the author drags counters:
every unit set up or scheduled, each placement inside its B-2 zone, each hex
within the B-9 stacking limits (the engine's own ``stacking_problem``), and the
tables complete. Problems name the rule, the JSON path and the counters or
hexes involved, so the panel can select them on the map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.ui.scenario_editor.wording import group_text, option_text, zone_text

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class Problem:
    location: str
    message: str
    rule: str = ""
    severity: str = ERROR
    counters: tuple[str, ...] = field(default=())
    hexes: tuple[Hex, ...] = field(default=())

    def __str__(self) -> str:
        # The place in words ("Victory locations"), not the file's JSON path: authors read this.
        from bofa_studio.ui.scenario_editor.wording import place_text

        rule = f"{self.rule}: " if self.rule else ""
        return f"{place_text(self.location)}: {rule}{self.message}"


def check_scenario(data: dict[str, Any], board: Board) -> list[Problem]:
    """Every problem of an in-memory scenario against its map, errors first."""
    from bofa_studio.scenario import scenario_from_dict

    file_problems = scenario_from_dict(data)
    if file_problems:
        # Later checks index the data the schema vouches for; stop at the first layer.
        return [Problem(p.where, p.message) for p in file_problems]
    problems = _map_references(data, board)
    problems += _map_for_the_ruleset(data, board)
    problems += _order_of_battle(data, board)
    problems += _tables(data)
    problems += _engine_support(data)
    return sorted(problems, key=lambda p: p.severity != ERROR)


def _map_references(data: dict[str, Any], board: Board) -> list[Problem]:
    out = []
    for i, entry in enumerate(data["order_of_battle"]["setup"]):
        if entry["zone"] not in board.areas:
            out.append(Problem(f"$.order_of_battle.setup[{i}].zone", f"the map has no area {entry['zone']!r}", "B-2"))
    for name in data["victory"]["locations"]:
        if name not in board.areas:
            out.append(Problem("$.victory.locations", f"the map has no area {name!r}", "B-11"))
    groups = board.entry_groups()
    for i, r in enumerate(data["order_of_battle"].get("reinforcements", [])):
        where = f"$.order_of_battle.reinforcements[{i}]"
        for g in r["entry"].get("groups", []):
            if g not in groups:
                out.append(Problem(f"{where}.entry.groups", f"the map has no entry group {group_text(g)!r}", "B-5"))
        # No way in at all is the ruleset's check (scenario_checks), made whenever a scenario loads.
        for j, alt in enumerate((r.get("alternatives") or {}).get("rolls", [])):
            for g in alt["groups"]:
                if g not in groups:
                    out.append(Problem(f"{where}.alternatives.rolls[{j}]", f"the map has no entry group {group_text(g)!r}", "S-5"))
    return out


def _map_for_the_ruleset(data: dict[str, Any], board: Board) -> list[Problem]:
    """What the scenario's ruleset asks of its map (as ``bofa-studio validate`` reports it)."""
    from bofa_studio.rules.maps import problems_for_scenario

    return [Problem("$.map", str(p), hexes=p.hexes) for p in problems_for_scenario(board, data["ruleset"])]


def _order_of_battle(data: dict[str, Any], board: Board) -> list[Problem]:
    from bofa_studio.rules.bofa1984.counters import spec_from_dict
    from bofa_studio.rules.bofa1984.stacking import stacking_problem

    out: list[Problem] = []
    oob = data["order_of_battle"]
    removed = set(oob.get("removed", {}).get("counters", ()))
    specs = {c["id"]: spec_from_dict(c) for c in data["counters"]}
    zone_of: dict[str, tuple[int, str]] = {}
    for i, entry in enumerate(oob["setup"]):
        for cid in entry["counters"]:
            zone_of[cid] = (i, entry["zone"])
    turn_of = {cid: r for r in oob.get("reinforcements", []) for cid in r["counters"]}
    for cid, spec in specs.items():
        if cid not in removed and cid not in zone_of and cid not in turn_of:
            out.append(Problem("$.order_of_battle", f"{spec.name} is neither set up nor scheduled as a reinforcement",
                               "B-2", counters=(cid,)))
    placement = data.get("default_placement", {})
    by_hex: dict[tuple[Hex, str], list[str]] = {}
    for cid, label in placement.items():
        where = f"$.default_placement.{cid}"
        spec = specs.get(cid)
        if spec is None:
            continue  # scenario_from_dict already names unknown ids
        try:
            h = board.hex_at(label)
        except ValueError as exc:
            out.append(Problem(where, str(exc), "B-2", counters=(cid,)))
            continue
        if cid in removed:
            out.append(Problem(where, f"{spec.name} is removed from this scenario but placed in {label}", "B-2",
                               counters=(cid,), hexes=(h,)))
            continue
        if cid in turn_of:
            r = turn_of[cid]
            out.append(Problem(where, f"{spec.name} enters as a reinforcement on turn {r['turn']}; "
                               f"it cannot be set up in {label}", "B-5", counters=(cid,), hexes=(h,)))
            continue
        if cid in zone_of:
            zone = zone_of[cid][1]
            if zone in board.areas and h not in board.area(zone):
                out.append(Problem(where, f"{spec.name} must be set up in {zone_text(zone)}, not in {label}", "B-2",
                                   counters=(cid,), hexes=(h,)))
        by_hex.setdefault((h, spec.side), []).append(cid)
    for cid, (i, zone) in zone_of.items():
        if cid not in removed and cid not in placement and cid in specs:
            out.append(Problem(f"$.order_of_battle.setup[{i}]", f"{specs[cid].name} has no place in {zone_text(zone)} yet",
                               "B-2", WARNING, counters=(cid,)))
    # The engine's B-9 rule, fed what it reads: the specs, the options, every counter at full strength.
    game = _StackingConfig(specs, data["rules"].get("options", {}))
    state = SimpleNamespace(steps={cid: 2 for cid in specs})
    for (h, _side), cids in sorted(by_hex.items(), key=lambda kv: kv[0][0]):
        problem = stacking_problem(game, state, cids)  # type: ignore[arg-type]
        if problem:
            names = ", ".join(specs[c].name for c in cids)
            out.append(Problem(f"$.default_placement ({board.label(h)})", f"{problem} ({names})", "B-9",
                               counters=tuple(cids), hexes=(h,)))
    return out


class _StackingConfig:
    """The part of a game ``stacking_problem`` reads, without building a game.

    A full BofaGame refuses options the engine lacks and needs a complete
    scenario; the editor must check placements of half-made ones. Option flags
    the rule may read (``o7`` for O-7) come from the scenario's options; any
    other flag reads as off.
    """

    def __init__(self, specs: dict[str, Any], options: dict[str, bool]) -> None:
        self.specs = specs
        self.options = dict(options)
        self.o7 = bool(options.get("o7_additional_stacking"))

    def option(self, name: str) -> bool:
        return bool(self.options.get(name))

    def __getattr__(self, name: str) -> Any:
        return False


def _tables(data: dict[str, Any]) -> list[Problem]:
    out = []
    for name, fields in (("combat", ("attacker", "defender")), ("fire", ("hits",))):
        table = data["tables"][name]
        width = len(table["columns"])
        rolls = set()
        for i, row in enumerate(table["rows"]):
            rolls.add(row["roll"])
            if len(row["cells"]) != width:
                out.append(Problem(f"$.tables.{name}.rows[{i}]", f"roll {row['roll']} has {len(row['cells'])} cells "
                                   f"for {width} columns", "Tables"))
            for j, cell in enumerate(row["cells"]):
                if any(not isinstance(cell.get(f), int) for f in fields):
                    out.append(Problem(f"$.tables.{name}.rows[{i}].cells[{j}]",
                                       f"needs {' and '.join(fields)} as whole numbers", "Tables"))
        missing = [r for r in range(1, 11) if r not in rolls]
        if missing:
            out.append(Problem(f"$.tables.{name}.rows", f"no row for die roll(s) {', '.join(map(str, missing))}",
                               "Tables"))
    return out


def _engine_support(data: dict[str, Any]) -> list[Problem]:
    """Options the engine cannot play yet: saving is fine, playing and simulating are not."""
    try:
        from bofa_studio.rules.bofa1984.game import IMPLEMENTED_OPTIONS
    except ImportError:  # pragma: no cover - the engine is part of the package
        return []
    out = []
    on = sorted(k for k, v in data["rules"].get("options", {}).items() if v and k not in IMPLEMENTED_OPTIONS)
    notes = data["rules"].get("option_notes", {})
    if on:
        out.append(Problem("$.rules.options", f"the engine does not implement {', '.join(option_text(k, notes) for k in on)} yet, so this scenario "
                           "cannot be played or simulated", severity=WARNING))
    return out
