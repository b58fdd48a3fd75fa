"""Scenario files: JSON with ``format`` and ``version``, checked against a shipped schema.

A scenario names its ruleset and its map, and holds the counter manifest, the
order of battle, setup zones and default placement, reinforcement schedule, chip
mix, rule level and options, victory locations and the tables. See
docs/scenario-format.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bofa_studio.board.model import Board
from bofa_studio.jsonfile import (
    DataFileError,
    FileProblem,
    json_of_format,
    load_schema,
    read_json_bytes,
    schema_problems,
)
from bofa_studio.rules.registry import UnknownRuleset, game_factory

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
    board: Board = field(compare=False, repr=False)

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


def _on_map_key(data: dict[str, Any], board: Board) -> tuple[bytes, object] | None:
    """What a check of ``data`` against ``board`` is kept under: the scenario's content and
    the map content the board holds while unedited (Board.origin); None for an edited board."""
    if board.origin is None or board.origin[1] != board.revision:
        return None
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest(), board.origin[0]


def scenario_map_problems(data: dict[str, Any], board: Board, file: str, where: str = "$") -> list[FileProblem]:
    """The ruleset's checks of what a (valid) scenario names on its map (zones, victory
    areas, placements...), as FileProblems; ``where`` prefixes the paths (``$.scenario``
    inside a save). A ruleset that fails on the file is a problem of the file, not a crash."""
    try:
        checker = getattr(game_factory(data["ruleset"]), "scenario_map_problems", None)
    except UnknownRuleset:
        return []  # scenario_from_dict has said so
    if checker is None:
        return []
    key = _on_map_key(data, board)
    with _CLEAN_LOCK:
        found = _CHECKED_ON_MAP.get(key) if key is not None else None
    if found is None:
        try:
            found = tuple(checker(data, board))
        except Exception as exc:
            return [FileProblem(file, where, f"the game cannot start with this scenario ({type(exc).__name__}: {exc})")]
        if key is not None:
            _keep(_CHECKED_ON_MAP, key, found)
    problems = []
    for text in found:
        place, _, message = text.partition(": ")
        problems.append(FileProblem(file, where + place[1:], message))
    return problems


def load_scenario_map(data: dict[str, Any], file: str) -> tuple[str, Board]:
    """The map a scenario names, resolved relative to the scenario, loaded and checked;
    DataFileError naming ``$.map`` when it is missing or not a regular file."""
    from bofa_studio.board import load_map

    map_path = resolve_map(data, file)
    if not Path(map_path).is_file():
        what = "does not exist" if not Path(map_path).exists() else "is not a regular file"
        raise DataFileError([FileProblem(file, "$.map", f"the map {map_path} {what}; expected a map file")],
                            unreadable=True)
    return map_path, load_map(map_path)


# Every new game, editor and check reads a scenario file, most often the same shipped bytes
# again (a fifth of a new game's time went to parsing and checking them). A file found clean is
# kept as compact JSON text (each reader parses its own copy to change; never a pickle) under
# the hash of its bytes (clean bytes are clean under any name), so an edited file is read and
# checked afresh; failures are
# never kept, so their problems always name their own file. What the ruleset finds of a
# scenario's content on a map's content (a board read from a map file or a save and not edited
# since, Board.origin) is kept too: opening a save checks it again.
_CLEAN: dict[bytes, str] = {}
_CHECKED_ON_MAP: dict[tuple[bytes, object], tuple[str, ...]] = {}
_CLEAN_LIMIT = 8
_CLEAN_LOCK = threading.Lock()  # scenarios may also be read off the GUI thread


def _keep(kept: dict[Any, Any], key: Any, value: Any) -> None:
    with _CLEAN_LOCK:
        if len(kept) >= _CLEAN_LIMIT:
            kept.pop(next(iter(kept)), None)  # the oldest
        kept[key] = value


def _read_clean(file: str) -> dict[str, Any]:
    """A scenario file's data with no problems of its own."""
    raw = read_json_bytes(file, SCENARIO_FORMAT)
    key = hashlib.sha256(raw).digest()
    with _CLEAN_LOCK:
        kept = _CLEAN.get(key)
    if kept is not None:
        return json.loads(kept)  # type: ignore[no-any-return]
    data = json_of_format(raw, file, SCENARIO_FORMAT)
    problems = scenario_from_dict(data, file)
    if problems:
        raise DataFileError(problems)
    _keep(_CLEAN, key, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return data


def _read_with_map(file: str) -> tuple[dict[str, Any], str, Board]:
    """A scenario file's data with no problems of its own, and the map it names, loaded."""
    data = _read_clean(file)
    map_path, board = load_scenario_map(data, file)
    return data, map_path, board


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check a scenario file and the map it names: the envelope and the ruleset's
    schema and cross-references, then everything it names on its map. Raises DataFileError
    listing every problem found, so that play never starts on a file the rules cannot use."""
    file = str(path)
    data, map_path, board = _read_with_map(file)
    problems = scenario_map_problems(data, board, file)
    if problems:
        raise DataFileError(problems)
    return Scenario(data, file, map_path, board)


def validate_scenario_file(path: str) -> list[str]:
    """Problems of a scenario and of its map references (for ``bofa-studio validate``):
    those of the file alone raised (DataFileError), those against its map returned, first
    what the scenario's ruleset requires of the map (whatever ruleset the map itself names)."""
    data, _map_path, board = _read_with_map(str(path))
    scenario = Scenario(data, str(path), _map_path, board)
    problems = _map_problems_for_ruleset(scenario, board) + [
        f"{p.where}: {p.message}" for p in scenario_map_problems(data, board, str(path))]
    setup = getattr(game_factory(data["ruleset"]), "scenario_setup_problems", None)
    if setup is not None and not problems:
        problems += list(setup(data, board))
    return problems


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
    "load_scenario_map",
    "resolve_map",
    "scenario_from_dict",
    "scenario_map_problems",
    "scenario_schema",
    "validate_scenario_file",
]
