"""``bofa-studio match SCENARIO --free-peoples LEVEL --dark LEVEL --games N --seed S [--json] [--jobs N]``.

Plays computer against computer headless and reports wins per side and draws, victory
levels, the mean game length and decision times. The report depends only on the
arguments (``--jobs`` too changes nothing but the speed); decision times, which do
not, sit under their own key ``decision_seconds``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bofa_studio.commands import CommandError, file_error, not_a_file

SIDE_FLAGS = {"free_peoples": "--free-peoples", "dark": "--dark"}


def register(subparsers: argparse._SubParsersAction) -> None:
    from bofa_studio.ai import LEVELS

    p = subparsers.add_parser("match", help="play computer against computer, headless, and report who wins")
    p.add_argument("scenario", metavar="SCENARIO")
    add_series_arguments(p, default_games=10)
    p.add_argument("--free-peoples", default="normal", metavar="LEVEL",
                   help=f"level of the Free Peoples' player: {', '.join(LEVELS)} (default normal)")
    p.add_argument("--dark", default="normal", metavar="LEVEL",
                   help="level of the Dark player (default normal)")
    p.add_argument("--player", action="append", default=[], metavar="SIDE=LEVEL",
                   help="level for a side by its name (for rulesets whose sides are named otherwise)")
    p.add_argument("--swap-sides", action="store_true",
                   help="give each level the other side in every second game (each plays both sides)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run)


def add_series_arguments(p: argparse.ArgumentParser, default_games: int) -> None:
    p.add_argument("--games", type=int, default=default_games, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="games played at once in separate processes (the report is the same)")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="switch on a named rule option of the scenario (repeatable)")


def check_series_arguments(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.seed < 0:
        raise CommandError("--seed must not be negative")
    if args.jobs < 1:
        raise CommandError("--jobs must be at least 1")
    problem = not_a_file(args.scenario)
    if problem:
        raise CommandError(problem)


def load_series_game(args: argparse.Namespace) -> tuple[Any, str]:
    """The Game the series plays and the scenario's name, or a CommandError saying what is wrong."""
    from bofa_studio.ai.match import load_game
    from bofa_studio.jsonfile import DataFileError
    from bofa_studio.scenario import load_scenario

    try:
        scenario = load_scenario(args.scenario)
        known = set(scenario.data.get("rules", {}).get("options", {}))
        unknown = [o for o in args.option if o not in known]
        if unknown:
            raise CommandError(f"unknown option(s) {', '.join(unknown)}; the scenario has {', '.join(sorted(known))}")
        return load_game(args.scenario, tuple(args.option)), scenario.name
    except DataFileError as exc:
        raise file_error(exc) from None
    except (NotImplementedError, ValueError) as exc:
        raise CommandError(f"{args.scenario}: {exc}") from None


def side_levels(args: argparse.Namespace, sides: tuple[str, ...]) -> dict[str, str]:
    from bofa_studio.ai import LEVELS

    levels = {side: getattr(args, side) for side in SIDE_FLAGS if side in sides}
    for item in args.player:
        side, _, level = item.partition("=")
        if side not in sides:
            raise CommandError(f"--player {item}: the game's sides are {', '.join(sides)}")
        levels[side] = level
    missing = [s for s in sides if s not in levels]
    if missing:
        raise CommandError(f"no level for side(s) {', '.join(missing)}; give --player SIDE=LEVEL")
    for side, level in levels.items():
        if level not in LEVELS:
            flag = SIDE_FLAGS.get(side, "--player")
            raise CommandError(f"{flag}: unknown level {level!r}; known: {', '.join(LEVELS)}")
    return levels


def run(args: argparse.Namespace) -> int:
    from bofa_studio.ai.match import MatchSpec, report, run_match

    check_series_arguments(args)
    game, name = load_series_game(args)
    levels = side_levels(args, tuple(game.sides))
    spec = MatchSpec(args.scenario, tuple(args.option), tuple(levels.items()), args.games, args.seed,
                     args.swap_sides)

    def tick(record: Any) -> None:
        if not args.json:
            print(f"  game {record.index + 1}: {record.winner or 'draw'} {record.level} "
                  f"({record.actions} actions)", file=sys.stderr)

    records = run_match(spec, args.jobs, on_game=tick)
    result = report(spec, records, tuple(game.sides))
    result["scenario"] = name
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    print(f"{result['games']} games of {name}, seed {args.seed}: "
          + ", ".join(f"{side} {level}" for side, level in levels.items())
          + (" (sides swapped in every second game)" if args.swap_sides else ""))
    for side in game.sides:
        rate = result["win_rate"][side]
        print(f"  {side} wins {result['wins'][side]} ({rate['rate']:.0%}, 95% interval "
              f"{rate['low']:.0%}-{rate['high']:.0%}): {result['victory_levels'].get(side, {})}")
    print(f"  draws: {result['wins']['draw']}")
    if args.swap_sides:
        for level, rate in sorted(result["win_rate_by_level"].items()):
            seats = result["by_level_and_side"].get(level, {})
            print(f"  {level} wins {result['wins_by_level'][level]} ({rate['rate']:.0%}, "
                  f"95% interval {rate['low']:.0%}-{rate['high']:.0%}): "
                  + ", ".join(f"{s['wins']} of {s['games']} as {side}" for side, s in seats.items()))
    print(f"  mean game length: {result['mean_actions']} actions")
    for level, t in result["decision_seconds"].items():
        print(f"  {level}: {t['decisions']} decisions, median {t['median']:.3f} s, max {t['max']:.3f} s "
              f"(processor time: median {t['cpu_median']:.3f} s, max {t['cpu_max']:.3f} s)")
    return 0
