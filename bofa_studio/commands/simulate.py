"""``bofa-studio simulate SCENARIO --games N --seed S [--players random,random] [--json]``.

Plays complete games headless and reports who won, how long games are, how fast
they run and whether any invariant broke (stacking, hit counts, a counter in two
places or off the map). The report depends only on the arguments, so two runs can
be diffed; the speed, which does not, goes to stderr under ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from bofa_studio.jsonfile import DataFileError

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("simulate", help="play complete games with computer players, headless")
    p.add_argument("scenario", metavar="SCENARIO")
    p.add_argument("--games", type=int, default=10, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--players", default="random,random", metavar="FP,DARK",
                   help="players for the Free Peoples and the Dark side: random (default) or uniform")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="switch on a named rule option of the scenario (repeatable), e.g. s5_second_wave_roll")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.rules.bofa1984.players import PLAYERS
    from bofa_studio.rules.registry import make_game
    from bofa_studio.scenario import load_scenario

    names = args.players.split(",")
    if len(names) != 2 or any(n not in PLAYERS for n in names):
        print(f"bofa-studio: error: --players takes two of {', '.join(PLAYERS)}, like random,random", file=sys.stderr)
        return EXIT_USAGE
    if args.games < 1 or args.seed < 0:
        print("bofa-studio: error: --games must be at least 1 and --seed not negative", file=sys.stderr)
        return EXIT_USAGE
    try:
        scenario = load_scenario(args.scenario)
        board = scenario.board
        known = set(scenario.data["rules"]["options"])
        unknown = [o for o in args.option if o not in known]
        if unknown:
            print(f"bofa-studio: error: unknown option(s) {', '.join(unknown)}; the scenario has "
                  f"{', '.join(sorted(known))}", file=sys.stderr)
            return EXIT_USAGE
        game = make_game(scenario, board, {o: True for o in args.option})
    except DataFileError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE if exc.unreadable else EXIT_PROBLEMS
    except NotImplementedError as exc:
        print(f"bofa-studio: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    start = time.perf_counter()
    report = simulate(game, args.games, args.seed, (names[0], names[1]))
    elapsed = time.perf_counter() - start
    games_per_s = round(args.games / elapsed, 2) if elapsed > 0 else float("inf")
    report["scenario"] = scenario.name
    report["options"] = sorted(name for name, on in game.options.items() if on)
    if args.json:
        print(json.dumps(report, sort_keys=True))
        print(f"simulate: {args.games} games in {elapsed:.1f} s, {games_per_s} games per second", file=sys.stderr)
    else:
        print(f"{report['games']} games of {scenario.name}, seed {args.seed}, players {args.players}")
        for side, levels in sorted(report["winners"].items()):
            print(f"  {side}: {levels}")
        print(f"  mean actions per game: {report['mean_actions']}")
        print(f"  rule options on: {', '.join(report['options']) or 'none'}")
        print(f"  games per second: {games_per_s}")
        print(f"  invariant violations: {len(report['violations'])}")
        for v in report["violations"][:20]:
            print(f"    {v}")
    return EXIT_PROBLEMS if report["violations"] else EXIT_OK


def simulate(game: Any, games: int, seed: int, players: tuple[str, str]) -> dict[str, Any]:
    """Play ``games`` games; game ``i`` uses dice seed ``seed * 1_000_003 + i``."""
    from bofa_studio.rules.bofa1984 import actions as A
    from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES
    from bofa_studio.rules.bofa1984.invariants import violations
    from bofa_studio.rules.bofa1984.players import PLAYERS
    from bofa_studio.rules.core import CHANCE, RuleError, seed_state

    policy = {FREE_PEOPLES: PLAYERS[players[0]], DARK: PLAYERS[players[1]]}
    winners: dict[str, Any] = {}
    found: list[str] = []
    total_actions = 0
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        state = game.new_initial_state(game_seed)
        rngs = {FREE_PEOPLES: seed_state(game_seed * 2 + 1), DARK: seed_state(game_seed * 2 + 2)}
        n = 0
        while not game.is_terminal(state):
            player = game.current_player(state)
            if player == CHANCE:
                action = game.sample_chance(state)
            else:
                action, rngs[player] = policy[player](game, state, rngs[player])
            try:
                game.apply(state, action)
            except RuleError as exc:
                found.append(f"game {i}, action {n}: the rules refused an action offered as legal: {action!r}: {exc}")
                break
            except Exception as exc:  # a table or value of the scenario the rules cannot use: report it
                found.append(f"game {i}, action {n}: the rules failed on {action!r}: {type(exc).__name__}: {exc}")
                break
            n += 1
            # Moves are checked for stacking as they are made; the whole state is
            # checked after every other action, which is where bookkeeping changes.
            if not isinstance(action, A.Move):
                for v in violations(game, state):
                    found.append(f"game {i}, action {n}: {v}")
        total_actions += n
        result = game.result(state) or {"winner": None, "level": "unfinished"}
        if result["winner"] is None:
            winners[result["level"]] = winners.get(result["level"], 0) + 1
        else:
            levels = winners.setdefault(result["winner"], {})
            levels[result["level"]] = levels.get(result["level"], 0) + 1
    return {
        "games": games,
        "seed": seed,
        "players": list(players),
        "winners": winners,
        "mean_actions": round(total_actions / games, 1),
        "violations": found,
    }
