"""``bofa-studio edit-map [MAP]``: open the map editor on a map file, or on a new map."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("edit-map", help="open the map editor (on MAP, or on a new map)")
    p.add_argument("map", metavar="MAP", nargs="?")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.board import load_map
    from bofa_studio.cli import EXIT_USAGE, fail
    from bofa_studio.jsonfile import DataFileError

    if args.map is not None:
        # Check the file before any window opens: a broken map is a one-line error
        # (and its problems) here, never a traceback.
        try:
            load_map(args.map)
        except DataFileError as exc:
            first = exc.problems[0] if exc.problems else None
            if exc.unreadable and first is not None:
                return fail(f"cannot open {args.map}: {first.where}: {first.message}")
            for problem in exc.problems:
                print(str(problem), file=sys.stderr)
            return fail(f"{args.map} has {len(exc.problems)} problem(s); see above", EXIT_USAGE)
    from bofa_studio.commands.gui import run_editor

    return run_editor(args.map)
