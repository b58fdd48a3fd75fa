"""Scenario files: JSON with ``format`` and ``version``, checked against a shipped schema.

A scenario names its ruleset and its map, and holds the counter manifest, the
order of battle, setup zones and default placement, reinforcement schedule, chip
mix, rule level and options, victory locations and the tables. See
docs/scenario-format.md.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bofa_studio.jsonfile import DataFileError, FileProblem, load_schema, read_json, schema_problems

SCENARIO_FORMAT = "bofa-studio.scenario"
SCENARIO_VERSION = 1


def scenario_schema() -> dict[str, Any]:
    return load_schema("bofa_studio.scenario", "scenario.schema.json")


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: its data, where it came from, and its map file."""

    data: dict[str, Any]
    path: str
    map_path: str

    @property
    def name(self) -> str:
        return self.data.get("meta", {}).get("name", Path(self.path).stem)


def scenario_from_dict(data: dict[str, Any], file: str = "<scenario>") -> list[FileProblem]:
    """Every problem in a scenario's data: the schema first, then cross-references."""
    problems = schema_problems(file, data, scenario_schema())
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
    missing = [t for t in range(1, data["turns"] + 1) if t not in covered]
    if missing:
        problems.append(FileProblem(file, "$.chips.mix", f"no chip mix for turn(s) {', '.join(map(str, missing))}"))
    return problems


def resolve_map(data: dict[str, Any], path: str) -> str:
    """The scenario's ``map`` is relative to the scenario file (or absolute)."""
    ref = Path(data["map"])
    if ref.is_absolute():
        return str(ref)
    return str((Path(path).resolve().parent / ref).resolve())


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check a scenario file. Raises DataFileError listing every problem found."""
    file = str(path)
    data = read_json(path, SCENARIO_FORMAT)
    problems = scenario_from_dict(data, file)
    if problems:
        raise DataFileError(problems)
    return Scenario(data, file, resolve_map(data, file))


def validate_scenario_file(path: str) -> list[str]:
    """Problems of a scenario and of its map references (for ``bofa-studio validate``)."""
    from bofa_studio.board import load_map

    scenario = load_scenario(path)
    board = load_map(scenario.map_path)
    problems = []
    data = scenario.data
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
    from bofa_studio.rules.core import RuleError
    from bofa_studio.rules.registry import make_game

    try:
        game = make_game(scenario, board)
        state = game.new_initial_state(0)
        from bofa_studio.rules.bofa1984.actions import PlaceDefault

        if data.get("default_placement"):
            for _ in range(2):
                if state.stage == "setup":
                    game.apply(state, PlaceDefault())
    except RuleError as exc:
        problems.append(f"$.default_placement: {exc}")
    except (KeyError, ValueError) as exc:
        problems.append(f"$: {exc}")
    return problems


__all__ = [
    "SCENARIO_FORMAT",
    "SCENARIO_VERSION",
    "DataFileError",
    "Scenario",
    "load_scenario",
    "resolve_map",
    "scenario_from_dict",
    "scenario_schema",
    "validate_scenario_file",
]
