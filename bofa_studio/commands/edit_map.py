"""``bofa-studio edit-map [MAP]``: open the map editor on a map file, or on a new map."""

from __future__ import annotations

import argparse

from bofa_studio.commands import load_map_arg


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("edit-map", help="open the map editor (on MAP, or on a new map)")
    p.add_argument("map", metavar="MAP", nargs="?")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.map is not None:
        # Check the file before any window opens: a broken map is an error listing
        # its problems here, never a traceback.
        load_map_arg(args.map)
    from bofa_studio.commands.gui import run_editor

    return run_editor(args.map)
