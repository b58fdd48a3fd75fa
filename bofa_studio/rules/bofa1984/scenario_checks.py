"""What a 1984 scenario file must hold: the scenario schema and the cross-references the
schema cannot express (counter ids, setup and reinforcement lists, chip mixes), then the
map references (zones, victory locations, entry groups, default placements) checked
against the map it names. The scenario layer asks these through the registry, so it
names no ruleset."""

from __future__ import annotations

from typing import Any

from bofa_studio.board.model import Board
from bofa_studio.jsonfile import FileProblem, load_schema, schema_problems
from bofa_studio.rules.bofa1984.actions import PlaceDefault
from bofa_studio.rules.bofa1984.state import Stage


def scenario_problems(data: dict[str, Any], file: str = "<scenario>") -> list[FileProblem]:
    """Every problem in a 1984 scenario's data: the schema first, then cross-references."""
    problems = schema_problems(file, data, load_schema("bofa_studio.scenario", "scenario.schema.json"))
    if problems:
        return problems
    ids = [c["id"] for c in data["counters"]]
    known = set(ids)
    seen: set[str] = set()
    for i, cid in enumerate(ids):
        if cid in seen:
            problems.append(FileProblem(file, f"$.counters[{i}].id", f"counter id {cid!r} is used twice"))
        seen.add(cid)
    oob = data["order_of_battle"]

    def check_ids(where: str, names: list[str]) -> None:
        for j, cid in enumerate(names):
            if cid not in known:
                problems.append(FileProblem(file, f"{where}[{j}]", f"no counter with id {cid!r} in $.counters"))

    check_ids("$.order_of_battle.removed.counters", oob.get("removed", {}).get("counters", []))
    placed: dict[str, str] = {}
    for i, entry in enumerate(oob["setup"]):
        check_ids(f"$.order_of_battle.setup[{i}].counters", entry["counters"])
        for cid in entry["counters"]:
            if cid in placed:
                problems.append(FileProblem(file, f"$.order_of_battle.setup[{i}].counters",
                                            f"{cid!r} is also set up at {placed[cid]}"))
            placed[cid] = f"$.order_of_battle.setup[{i}]"
    for i, entry in enumerate(oob.get("reinforcements", [])):
        check_ids(f"$.order_of_battle.reinforcements[{i}].counters", entry["counters"])
        if entry["turn"] > data["turns"]:
            problems.append(FileProblem(file, f"$.order_of_battle.reinforcements[{i}].turn",
                                        f"turn {entry['turn']} is after the last turn ({data['turns']})"))
        way_in = entry["entry"]
        if not way_in.get("groups") and not way_in.get("circle") and "alternatives" not in entry:
            problems.append(FileProblem(file, f"$.order_of_battle.reinforcements[{i}].entry",
                                        f"{entry.get('name', 'this reinforcement')} has no entry group or "
                                        "circle to come in by: its counters could never enter (B-5)"))
        rolls = entry.get("alternatives", {}).get("rolls")
        if rolls is not None:
            problems += _roll_coverage(file, f"$.order_of_battle.reinforcements[{i}].alternatives.rolls", rolls)
    for cid in data.get("default_placement", {}):
        if cid not in known:
            problems.append(FileProblem(file, f"$.default_placement.{cid}", f"no counter with id {cid!r}"))
    covered: dict[int, int] = {}
    for i, mix in enumerate(data["chips"]["mix"]):
        if mix["from_turn"] > mix["to_turn"]:
            problems.append(FileProblem(file, f"$.chips.mix[{i}]", "from_turn is after to_turn"))
        if sum(mix["chips"].values()) < mix["phases"]:
            problems.append(FileProblem(file, f"$.chips.mix[{i}].phases", "more phases than chips in the cup"))
        turns = range(mix["from_turn"], mix["to_turn"] + 1)
        # The game takes the first mix that covers a turn: a later one there would be ignored unseen.
        twice = [t for t in turns if t in covered and t <= data["turns"]]
        if twice:
            problems.append(FileProblem(file, f"$.chips.mix[{i}]",
                                        f"turn(s) {', '.join(map(str, twice))} already have a chip mix "
                                        f"($.chips.mix[{covered[twice[0]]}]), which the game would use"))
        for t in turns:
            covered.setdefault(t, i)
    for name in ("combat", "fire"):
        table = data["tables"][name]
        width = len(table["columns"])
        for i, row in enumerate(table["rows"]):
            if len(row["cells"]) != width:
                problems.append(FileProblem(file, f"$.tables.{name}.rows[{i}].cells",
                                            f"{len(row['cells'])} cells; expected one per column ({width})"))
    missing = [t for t in range(1, data["turns"] + 1) if t not in covered]
    if missing:
        problems.append(FileProblem(file, "$.chips.mix", f"no chip mix for turn(s) {', '.join(map(str, missing))}"))
    return problems


def scenario_map_problems(data: dict[str, Any], board: Board) -> list[str]:
    """Problems of a scenario's references into its map, and of its default setup (B-2)."""
    problems = []
    for i, entry in enumerate(data["order_of_battle"]["setup"]):
        if entry["zone"] not in board.areas:
            problems.append(f"$.order_of_battle.setup[{i}].zone: the map has no area {entry['zone']!r}")
    for name in data["victory"]["locations"]:
        if name not in board.areas:
            problems.append(f"$.victory.locations: the map has no area {name!r}")
    for cid, label in data.get("default_placement", {}).items():
        try:
            board.hex_at(label)
        except ValueError as exc:
            problems.append(f"$.default_placement.{cid}: {exc}")
    groups = board.entry_groups()
    for i, r in enumerate(data["order_of_battle"].get("reinforcements", [])):
        for g in r["entry"].get("groups", []):
            if g not in groups:
                problems.append(f"$.order_of_battle.reinforcements[{i}].entry.groups: the map has no entry group {g!r}")
    if problems:
        return problems
    # The game must be able to start on this map (its tables, zones and schedule usable).
    from bofa_studio.rules.registry import make_game

    try:
        make_game(data, board).new_initial_state(0)
    except (KeyError, ValueError) as exc:
        problems.append(f"$: {exc}")
    return problems


def default_setup_problems(data: dict[str, Any], board: Board) -> list[str]:
    """Whether the scenario's proposed set-up is legal (B-2): a problem for ``validate`` and the
    scenario editor, not for play, where the players may place the counters themselves."""
    from bofa_studio.rules.core import RuleError
    from bofa_studio.rules.registry import make_game

    problems: list[str] = []
    try:
        game = make_game(data, board)
        state = game.new_initial_state(0)
        if data.get("default_placement"):
            for _ in range(2):
                if state.stage == Stage.SETUP:
                    game.apply(state, PlaceDefault())
    except RuleError as exc:
        problems.append(f"$.default_placement: {exc}")
    except (KeyError, ValueError) as exc:
        problems.append(f"$: {exc}")
    return problems


def _roll_coverage(file: str, where: str, rolls: list[dict[str, Any]]) -> list[FileProblem]:
    """S-5: a die picks one alternative, so every face 1-10 names exactly one."""
    faces: dict[int, int] = {}
    problems = []
    for j, roll in enumerate(rolls):
        if roll["min"] > roll["max"]:
            problems.append(FileProblem(file, f"{where}[{j}]", f"min {roll['min']} is above max {roll['max']}"))
        for face in range(roll["min"], roll["max"] + 1):
            if face in faces:
                problems.append(FileProblem(file, f"{where}[{j}]",
                                            f"a roll of {face} is already given to {where}[{faces[face]}]"))
            faces.setdefault(face, j)
    missing = [str(f) for f in range(1, 11) if f not in faces]
    if missing:
        problems.append(FileProblem(file, where, f"no alternative for a roll of {', '.join(missing)} "
                                                 "(every face of the d10 must pick one)"))
    return problems
