"""Open, create and save scenario files for authoring tools (the scenario editor).

Reading for play (``load_scenario``) refuses any problem; an author's tools must
open a file with cross-reference problems so they can be fixed. The writer
keeps the data as it is, with the map reference made relative to where the file
goes (so a scenario and its map can move together), atomically and in the
stable key order the repository diffs. No Qt here: scripts use it too.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from bofa_studio.board.mapfile import load_map
from bofa_studio.board.model import Board
from bofa_studio.jsonfile import (
    DataFileError,
    FileProblem,
    copy_json,
    dumps_stable,
    read_json,
    schema_problems,
    write_atomic,
)
from bofa_studio.scenario import SCENARIO_FORMAT, resolve_map, scenario_schema

EDITABLE_RULESET = "bofa1984"  # the editor's panels are built for the 1984 game's scenario shape


def open_scenario(path: str | os.PathLike[str]) -> tuple[dict[str, Any], Board, str]:
    """Data, board and absolute map path of a scenario file.

    Unlike ``load_scenario`` this accepts a scenario with cross-reference
    problems (a turn missing from the chip mix, an unknown counter id): the
    editor is where such files get fixed. Only unreadable files and files that
    break the schema are refused, since the editor's widgets rely on its shape.
    """
    file = str(path)
    data = read_json(path, SCENARIO_FORMAT)
    ruleset = data.get("ruleset")
    if ruleset not in (None, EDITABLE_RULESET):
        raise DataFileError([FileProblem(
            file, "$.ruleset", f"this scenario is for the {ruleset} rules; the scenario editor edits "
                               f"{EDITABLE_RULESET} scenarios only so far (edit it as text and check it "
                               "with bofa-studio validate)")], unreadable=True)
    problems = schema_problems(file, data, scenario_schema())
    if problems:
        raise DataFileError(problems)
    map_path = resolve_map(data, file)
    if not Path(map_path).is_file():
        raise DataFileError([FileProblem(file, "$.map", f"the map file {map_path} does not exist")], unreadable=True)
    return data, load_map(map_path), map_path


def new_scenario(template: dict[str, Any], map_path: str) -> dict[str, Any]:
    """A new scenario for ``map_path``: the template's armies, rules and tables, nothing placed.

    Placements are positions on one particular map, so they do not carry over;
    everything else (the 156 counters, tables, schedule) is what a variant
    usually starts from.
    """
    data = copy_json(template)
    data["map"] = str(Path(map_path).resolve())
    data["default_placement"] = {}
    data["meta"] = {"name": "New scenario", "description": "", "provenance": f"Started from {template['meta']['name']}."}
    return data


def relative_map(map_path: str, scenario_path: str | os.PathLike[str]) -> str:
    """The map reference as the file should hold it: relative when both live on one drive."""
    try:
        return Path(os.path.relpath(Path(map_path).resolve(), Path(scenario_path).resolve().parent)).as_posix()
    except ValueError:  # different drives on Windows
        return str(Path(map_path).resolve())


def save_scenario(data: dict[str, Any], map_path: str, path: str | os.PathLike[str]) -> dict[str, Any]:
    """Write ``data`` to ``path`` with its map reference made relative; returns what was written."""
    out = copy_json(data)
    out["map"] = relative_map(map_path, path)
    write_atomic(path, dumps_stable(out))
    return out
