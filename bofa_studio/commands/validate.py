"""``bofa-studio validate FILE...``: check map and scenario files.

Exit 0 when every file is valid; 1 when problems are found (one line each, as
``FILE: location: message``); 2 when a file cannot be read or is not ours.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from bofa_studio.jsonfile import DataFileError, FileProblem, read_json_object

EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE = 0, 1, 2


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("validate", help="check map or scenario files; one problem per line")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(handler=run)


def _validate_map(path: str) -> list[str]:
    """The map's own ruleset says what it must hold (the 1984 game's checks when it names none)."""
    from bofa_studio.board import load_map
    from bofa_studio.rules.map_requirements import map_problems

    return [str(p) for p in map_problems(load_map(path))]


def validators() -> dict[str, Callable[[str], list[str]]]:
    """File format -> a function that loads a file and returns its problems."""
    from bofa_studio.board import MAP_FORMAT
    from bofa_studio.scenario import SCENARIO_FORMAT, validate_scenario_file

    return {MAP_FORMAT: _validate_map, SCENARIO_FORMAT: validate_scenario_file}


def run(args: argparse.Namespace) -> int:
    return max(validate_one(path) for path in args.files)


def validate_one(path: str) -> int:
    table = validators()
    try:
        fmt = read_json_object(path).get("format")
        check = table.get(fmt)
        if check is None:
            raise DataFileError(
                [FileProblem(path, "$.format", f"expected one of {', '.join(sorted(table))}, found {fmt!r}")],
                unreadable=True,
            )
        problems = check(path)
    except DataFileError as exc:
        for problem in exc.problems:
            print(str(problem))
        return EXIT_UNREADABLE if exc.unreadable else EXIT_PROBLEMS
    for problem in problems:
        print(f"{path}: {problem}")
    if not problems:
        print(f"{path}: OK", file=sys.stderr)
    return EXIT_PROBLEMS if problems else EXIT_OK
