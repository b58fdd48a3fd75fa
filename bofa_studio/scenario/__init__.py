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
from typing import TYPE_CHECKING, Any

from bofa_studio.jsonfile import DataFileError, FileProblem, load_schema, read_json, schema_problems
from bofa_studio.rules.registry import UnknownRuleset, game_factory

if TYPE_CHECKING:
    from bofa_studio.board import Board

SCENARIO_FORMAT = "bofa-studio.scenario"
SCENARIO_VERSION = 1


def scenario_schema() -> dict[str, Any]:
    """The 1984 game's scenario schema (the scenario editor's files); other rulesets bring their own."""
    return load_schema("bofa_studio.scenario", "scenario.schema.json")


# What every scenario has, whatever its ruleset: the rest is the ruleset's to check.
ENVELOPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "version", "ruleset", "map"],
    "properties": {
        "format": {"const": SCENARIO_FORMAT},
        "version": {"type": "integer"},
        "ruleset": {"type": "string"},
        "map": {"type": "string", "minLength": 1},
    },
}


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
    """Every problem in a scenario's data: the envelope every ruleset shares (format,
    version, ruleset, map), then the ruleset's own schema and cross-references."""
    problems = schema_problems(file, data, ENVELOPE_SCHEMA)
    if problems:
        return problems
    try:
        factory = game_factory(data["ruleset"])
    except UnknownRuleset as exc:
        return [FileProblem(file, "$.ruleset", str(exc))]
    checker = getattr(factory, "scenario_problems", None)
    return list(checker(data, file)) if checker is not None else []


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
    problems = _map_problems_for_ruleset(scenario, board)
    checker = getattr(game_factory(scenario.data["ruleset"]), "scenario_map_problems", None)
    return problems + (list(checker(scenario.data, board)) if checker is not None else [])


def _map_problems_for_ruleset(scenario: Scenario, board: Board) -> list[str]:
    """What the scenario's ruleset requires of its map, which the map alone may not have been checked for."""
    from bofa_studio.rules.maps import problems_for_scenario

    where = f"$.map ({scenario.data['map']})"
    return [f"{where}: {p}" for p in problems_for_scenario(board, scenario.data["ruleset"])]


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
