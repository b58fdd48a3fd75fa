"""``bofa-studio los MAP FROM (TO | --range N) [--occupied HEX,...] [--grazing both|either]``.

Answers S-8 line-of-sight questions from the command line, as JSON on stdout, so
a map author can check a reconstructed board against the printed one and scripts
can use the same engine as the app. A bad label or an unreadable map is a
one-line error and exit 2.
"""

from __future__ import annotations

import argparse
import json

from bofa_studio.commands import load_map_arg, non_negative

EXIT_USAGE = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "los",
        help="line of sight (S-8) between two hexes, or every hex visible within a range",
        description="With TO: is the line from FROM to TO clear, what blocks it, which hexes it crosses. "
        "With --range N: which hexes within N of FROM are visible, and what blocks the others.",
    )
    p.add_argument("map", metavar="MAP", help="a map file")
    p.add_argument("origin", metavar="FROM", help="the archer's hex, CCRR")
    p.add_argument("target", metavar="TO", nargs="?", help="the target hex, CCRR")
    p.add_argument("--range", type=non_negative, metavar="N", help="list every hex within N of FROM instead")
    p.add_argument("--occupied", default="", metavar="HEX,HEX,...", help="hexes holding counters")
    p.add_argument(
        "--grazing",
        choices=["both", "either"],
        default="both",
        help="a line along a hexside or through a corner is blocked when the hexes on both sides "
        "block (default) or either side",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.commands import fail
    from bofa_studio.los import line_of_sight, visible_from

    if (args.target is None) == (args.range is None):
        return fail("give either a target hex TO or --range N, not both or neither")
    board = load_map_arg(args.map)
    try:
        origin = board.hex_at(args.origin)
        target = board.hex_at(args.target) if args.target is not None else None
        occupied = frozenset(board.hex_at(t) for t in args.occupied.split(",") if t.strip())
    except ValueError as exc:
        return fail(str(exc))

    label = board.label
    if target is not None:
        result = line_of_sight(board, origin, target, occupied, grazing=args.grazing)
        out: dict = {
            "clear": result.clear,
            "blocked_by": label(result.blocked_by) if result.blocked_by is not None else None,
            "crossed": [label(h) for h in result.crossed],
            "range": result.range,
        }
    else:
        vis = visible_from(board, origin, args.range, occupied, grazing=args.grazing)
        out = {
            "from": label(origin),
            "visible": sorted(label(h) for h in vis.visible),
            "blocked": dict(sorted((label(h), label(b)) for h, b in vis.blocked.items())),
        }
    print(json.dumps(out))
    return 0

