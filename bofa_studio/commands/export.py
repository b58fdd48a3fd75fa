"""``bofa-studio export MAP --format node-link|graphml -o OUT``."""

from __future__ import annotations

import argparse

from bofa_studio.commands import CommandError, load_map_arg, missing_folder


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("export", help="write the board graph as node-link JSON or GraphML")
    p.add_argument("map", metavar="MAP")
    p.add_argument("--format", required=True, choices=["node-link", "graphml"])
    p.add_argument("-o", "--output", required=True, metavar="OUT")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.board.export import export_graphml, export_node_link
    from bofa_studio.ui.files import write_error

    problem = missing_folder(args.output)
    if problem:
        raise CommandError(problem)
    board = load_map_arg(args.map)
    writer = export_node_link if args.format == "node-link" else export_graphml
    try:
        writer(board, args.output)
    except OSError as exc:
        raise CommandError(write_error(args.output, exc)) from None
    print(f"wrote {args.output}: {len(board)} hexes, {board.graph.number_of_edges()} hexsides")
    return 0
