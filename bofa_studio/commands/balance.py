"""``bofa-studio balance SCENARIO --games N -o report.html [--level LEVEL] [--jobs N]``.

Plays the scenario computer against computer, the same level on both sides, and
writes a self-contained page (:mod:`bofa_studio.ai.balance`) with each side's win
rate and its 95% interval, the victory levels and a map of where counters were lost.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bofa_studio.commands import CommandError, missing_folder
from bofa_studio.commands.match import add_series_arguments, check_series_arguments, load_series_game


def register(subparsers: argparse._SubParsersAction) -> None:
    from bofa_studio.ai import LEVELS

    p = subparsers.add_parser("balance", help="play a scenario computer against computer and write a balance page")
    p.add_argument("scenario", metavar="SCENARIO")
    add_series_arguments(p, default_games=20)
    p.add_argument("--level", default="normal", metavar="LEVEL",
                   help=f"the computer level on both sides: {', '.join(LEVELS)} (default normal)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML page to write")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.ai import LEVELS
    from bofa_studio.ai.balance import balance_html
    from bofa_studio.ai.match import MatchSpec, report, run_match
    from bofa_studio.jsonfile import write_atomic

    check_series_arguments(args)
    if args.level not in LEVELS:
        raise CommandError(f"--level: unknown level {args.level!r}; known: {', '.join(LEVELS)}")
    _check_output(args.output)
    game, name = load_series_game(args)
    sides = tuple(game.sides)
    spec = MatchSpec(args.scenario, tuple(args.option), tuple((s, args.level) for s in sides), args.games, args.seed)
    done = 0

    def tick(_record: object) -> None:
        nonlocal done
        done += 1
        print(f"balance: {done}/{args.games} games", file=sys.stderr)

    records = run_match(spec, args.jobs, on_game=tick)
    page = balance_html(name, report(spec, records, sides), game.board, sides)
    try:
        write_atomic(args.output, page)
    except OSError as exc:
        raise CommandError(f"{args.output}: cannot write the page ({exc.strerror or exc})", code=1) from None
    print(f"wrote {args.output}: {len(records)} games of {name}", file=sys.stderr)
    return 0


def _check_output(output: str) -> None:
    """Refuse a page that cannot be written before playing: a series takes minutes to hours,
    and finding out at its end that the folder is missing throws all of it away."""
    if Path(output).is_dir():
        raise CommandError(f"{output}: is a folder, not a file")
    problem = missing_folder(output)
    if problem is not None:
        raise CommandError(problem)
    if not os.access(Path(output).parent, os.W_OK):
        raise CommandError(f"{output}: cannot be written: no permission to write in its folder")
