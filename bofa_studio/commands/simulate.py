"""``bofa-studio simulate SCENARIO --games N --seed S [--players random,random] [--jobs N] [--json]``.

Plays complete games headless and reports who won, how long games are, how fast
they run and whether any invariant broke (stacking, hit counts, a counter in two
places or off the map). The report depends only on the arguments (not on ``--jobs``),
so two runs can be diffed; the speed, which does not, goes to stderr under ``--json``.

It speaks only the game protocol (bofa_studio.rules.core) and uses a ruleset's
optional members where it has them: ``random_action`` (a fast sampler; otherwise a
uniform pick from ``legal_actions``), ``invariant_violations`` (checked whenever
``phase`` changes and at the end, or after every action with ``--paranoid``) and
``apply_trusted`` (for actions drawn from the legal ones; ``--paranoid`` uses
``apply``, so that an action the rules refuse although offered is reported).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Hashable
from typing import Any

from bofa_studio.jsonfile import DataFileError

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
PLAYERS = ("random", "uniform")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("simulate", help="play complete games with computer players, headless")
    p.add_argument("scenario", metavar="SCENARIO")
    p.add_argument("--games", type=int, default=10, metavar="N")
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--players", default="random,random", metavar="P1,P2",
                   help="a player for each side, in the ruleset's order of sides: random (the ruleset's "
                        "own sampler, default) or uniform (uniform over every legal action)")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="switch on a named rule option of the scenario (repeatable), e.g. s5_second_wave_roll")
    p.add_argument("--jobs", type=int, default=0, metavar="N",
                   help="processes to play in (default: one per core); the report is the same for any N")
    p.add_argument("--paranoid", action="store_true",
                   help="check the invariants after every action, not only when a phase ends, and "
                        "validate every action as a player's would be")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    names = args.players.split(",")
    if len(names) != 2 or any(n not in PLAYERS for n in names):
        print(f"bofa-studio: error: --players takes two of {', '.join(PLAYERS)}, like random,random", file=sys.stderr)
        return EXIT_USAGE
    if args.games < 1 or args.seed < 0 or args.jobs < 0:
        print("bofa-studio: error: --games must be at least 1, --seed and --jobs not negative", file=sys.stderr)
        return EXIT_USAGE
    try:
        scenario, game = _load(args.scenario, args.option)
    except _UsageError as exc:
        print(f"bofa-studio: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except DataFileError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE if exc.unreadable else EXIT_PROBLEMS
    jobs = args.jobs or os.cpu_count() or 1
    start = time.perf_counter()
    report = simulate(game, args.games, args.seed, (names[0], names[1]), paranoid=args.paranoid,
                      jobs=jobs, source=(args.scenario, tuple(args.option)))
    elapsed = time.perf_counter() - start
    games_per_s = round(args.games / elapsed, 2) if elapsed > 0 else float("inf")
    report["scenario"] = scenario.name
    report["options"] = sorted(name for name, on in getattr(game, "options", {}).items() if on)
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


class _UsageError(ValueError):
    pass


def _load(path: str, options: list[str] | tuple[str, ...]) -> tuple[Any, Any]:
    from bofa_studio.rules.registry import UnknownRuleset, make_game
    from bofa_studio.scenario import load_scenario

    scenario = load_scenario(path)
    board = scenario.board  # loaded and checked with the scenario
    known = set(scenario.data.get("rules", {}).get("options", {}))
    unknown = [o for o in options if o not in known]
    if unknown:
        raise _UsageError(f"unknown option(s) {', '.join(unknown)}; the scenario has {', '.join(sorted(known))}")
    try:
        return scenario, make_game(scenario, board, {o: True for o in options})
    except (NotImplementedError, UnknownRuleset) as exc:
        raise _UsageError(str(exc)) from None


# -- players ------------------------------------------------------------------------------------


def uniform_action(game: Any, state: Any, rng: int) -> tuple[Any, int]:
    """A uniform pick from ``legal_actions``, drawing from the player's own generator."""
    from bofa_studio.rules.core import uniform_index

    actions = game.legal_actions(state)
    rng, i = uniform_index(rng, len(actions))
    return actions[i], rng


def player_for(game: Any, name: str) -> Callable[[Any, int], tuple[Any, int]]:
    """``random``: the ruleset's own sampler (``game.random_action``) where it has one."""
    if name == "random" and hasattr(game, "random_action"):
        return game.random_action
    return lambda state, rng: uniform_action(game, state, rng)


# -- playing ------------------------------------------------------------------------------------


def play_one(game: Any, i: int, seed: int, players: tuple[str, str], paranoid: bool = False) -> tuple[dict, int, list[str]]:
    """Game ``i`` of a run: (result, actions played, violations found). Dice seed ``seed * 1_000_003 + i``;
    each side's player draws from its own generator, seeded from the game's."""
    from bofa_studio.rules.core import CHANCE, RuleError, seed_state

    game_seed = seed * 1_000_003 + i
    sides = tuple(game.sides)
    policy = {side: player_for(game, players[k]) for k, side in enumerate(sides[:2])}
    rngs = {side: seed_state(game_seed * 2 + 1 + k) for k, side in enumerate(sides[:2])}
    check = getattr(game, "invariant_violations", None)
    phase: Callable[[Any], Hashable] | None = getattr(game, "phase", None)
    apply = game.apply if paranoid else getattr(game, "apply_trusted", game.apply)
    every_action = paranoid or phase is None
    found: list[str] = []
    checked_at = -1

    def look(n: int) -> None:
        nonlocal checked_at
        checked_at = n
        for v in check(state):  # type: ignore[misc]
            found.append(f"game {i}, action {n}: {v}")

    state = game.new_initial_state(game_seed)
    current = phase(state) if phase is not None else None
    n = 0
    while not game.is_terminal(state):
        player = game.current_player(state)
        if player == CHANCE:
            action = game.sample_chance(state)
        else:
            action, rngs[player] = policy[player](state, rngs[player])
        try:
            apply(state, action)
        except RuleError as exc:
            found.append(f"game {i}, action {n}: the rules refused an action offered as legal: {action!r}: {exc}")
            break
        except Exception as exc:  # a table or value of the scenario the rules cannot use: report it
            found.append(f"game {i}, action {n}: the rules failed on {action!r}: {type(exc).__name__}: {exc}")
            break
        n += 1
        if check is None:
            continue
        if every_action:
            look(n)
            continue
        now = phase(state)  # type: ignore[misc]
        if now != current and game.current_player(state) != CHANCE:
            # A phase ends, then chance often starts the next (a chip drawn): the state is
            # checked once that is done, not at the end and again at the draw.
            current = now
            look(n)
    if check is not None and checked_at != n:  # the end of the game ends its last phase
        look(n)
    result = game.result(state) or {"winner": None, "level": "unfinished"}
    return result, n, found


_WORKER: dict[str, Any] = {}


def _worker_start(source: tuple[str, tuple[str, ...]], seed: int, players: tuple[str, str], paranoid: bool) -> None:
    _, game = _load(source[0], source[1])
    _WORKER.update(game=game, seed=seed, players=players, paranoid=paranoid)


def _worker_play(i: int) -> tuple[dict, int, list[str]]:
    w = _WORKER
    return play_one(w["game"], i, w["seed"], w["players"], w["paranoid"])


def simulate(game: Any, games: int, seed: int, players: tuple[str, str], *, paranoid: bool = False,
             jobs: int = 1, source: tuple[str, tuple[str, ...]] | None = None,
             start_method: str | None = None) -> dict[str, Any]:
    """Play ``games`` games and gather the report. With ``jobs`` > 1 the games are shared among
    processes: forked from this one where the system can, otherwise started afresh, each
    loading its game from ``source`` (the scenario file and options it was made from).
    Results are gathered in game order, so the report is the same for any ``jobs``."""
    jobs = min(jobs, games)
    if start_method is None:
        start_method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    if jobs > 1 and (source is not None or start_method == "fork"):
        from concurrent.futures import ProcessPoolExecutor

        if start_method == "fork":
            # A forked worker inherits the game already built: no second load of the files.
            _WORKER.update(game=game, seed=seed, players=players, paranoid=paranoid)
            pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
        else:
            pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(start_method),
                                       initializer=_worker_start, initargs=(source, seed, players, paranoid))
        with pool:
            # One game at a time: games differ in length by a factor of two or more, and a
            # batch handed out last would keep one process busy while the others wait.
            played = list(pool.map(_worker_play, range(games)))
        _WORKER.clear()
    else:
        played = [play_one(game, i, seed, players, paranoid) for i in range(games)]
    winners: dict[str, Any] = {}
    found: list[str] = []
    total_actions = 0
    for result, n, violations in played:
        total_actions += n
        found += violations
        # The protocol's result names a winner (or None); a level is the ruleset's option.
        winner = result.get("winner")
        level = result.get("level") or ("draw" if winner is None else "victory")
        if winner is None:
            winners[level] = winners.get(level, 0) + 1
        else:
            levels = winners.setdefault(winner, {})
            levels[level] = levels.get(level, 0) + 1
    return {
        "games": games,
        "seed": seed,
        "players": list(players),
        "winners": winners,
        "mean_actions": round(total_actions / games, 1),
        "violations": found,
    }
