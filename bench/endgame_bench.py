"""The end of a match series played again each way: endgame budgets compared on the same games.

Run: ``.venv/bin/python bench/endgame_bench.py SCENARIO --level normal --against greedy
--games 40 --seed 7 --phases 6 --vary "normal:endgame_phases=12" [--streams 2] [--side SIDE] [--jobs 2]``.

Each game of the series (numbered, seeded and with the sides swapped as ``match --swap-sides``
numbers them, ``--level`` playing the Free Peoples in game 0) is played once up to the point
where the ruleset's ``phases_left`` first reaches ``--phases``, then played to the end from
there once per variant and dice stream. The first variant is the levels as they are; each
``--vary LEVEL:FIELD=VALUE[;FIELD=VALUE]`` changes fields of that level's budget
(``bofa_studio/ai/__init__.py``). Stream 0 is the game's own dice, so the first variant's
stream 0 is the game ``match`` plays, result and all; streams 1 and on draw the chance from
the saved point from other seeds, for more games from the same positions (``--first-stream
1 --streams 2`` adds streams 1 and 2 to an earlier run of stream 0). With ``--phases`` at least
the game's length the whole game is played, so a long series can be run in parts: ``--first-game
20 --games 20`` plays games 20 to 39 of the 40-game series, and ``--skip-as-they-are`` plays the
variants alone when an earlier run has the levels as they are.

Everything before the saved point is shared, so a variant of the last turns costs a fraction
of a series, and the comparison is paired: the same positions, the same dice where the play
is the same. Printed per variant: ``--level``'s wins, its wins, losses and draws on each side,
the games it does better and worse in than in the first variant, and its longest decision
(processor time of the deciding thread).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bofa_studio.ai import LEVELS, make_player  # noqa: E402
from bofa_studio.ai.lookahead import sample_chance  # noqa: E402
from bofa_studio.ai.match import MAX_ACTIONS, MatchSpec, game_seed, load_game  # noqa: E402
from bofa_studio.ai.players import Budget  # noqa: E402
from bofa_studio.ai.thinking import Rng  # noqa: E402
from bofa_studio.rules.core import CHANCE, seed_state  # noqa: E402

BUDGET_FIELDS = {f.name: f for f in dataclasses.fields(Budget)}
# Read from each field's annotation (a string here), not its default: the first fields have none.
_FIELD_KINDS: dict[str, type] = {"int": int, "float": float, "bool": bool}


@dataclass(frozen=True)
class Variant:
    label: str
    changes: dict[str, dict[str, Any]]  # level -> budget field -> value


@dataclass(frozen=True)
class Ending:
    index: int
    side: str  # the side --level plays in this game
    variant: int
    stream: int
    outcome: str  # "win", "loss" or "draw" for --level
    longest: float  # --level's longest decision from the saved point, processor seconds


def parse_variant(text: str) -> Variant:
    """``LEVEL:FIELD=VALUE[;FIELD=VALUE]`` -> Variant; ValueError naming what was expected."""
    level, sep, rest = text.partition(":")
    if not sep or level not in LEVELS:
        raise ValueError(f"--vary {text!r}: expected LEVEL:FIELD=VALUE with LEVEL one of {', '.join(LEVELS)}")
    changes: dict[str, Any] = {}
    for item in filter(None, rest.split(";")):
        name, eq, value = item.partition("=")
        field = BUDGET_FIELDS.get(name.strip())
        if not eq or field is None:
            raise ValueError(f"--vary {text!r}: {item!r} is not FIELD=VALUE with FIELD one of {', '.join(BUDGET_FIELDS)}")
        kind = _FIELD_KINDS.get(str(field.type).split("|")[0].strip(), float)
        try:
            changes[field.name] = (value.strip().lower() in ("1", "true", "yes")) if kind is bool else kind(value)
        except ValueError:
            raise ValueError(f"--vary {text!r}: {name}={value!r} is not a {kind.__name__}") from None
    if not changes:
        raise ValueError(f"--vary {text!r}: no FIELD=VALUE given")
    return Variant(text, {level: changes})


def play_on(game: Any, state: Any, players: dict[str, Any], levels: dict[str, str], level: str,
            stream: Rng | None = None, until_phases_left: int = 0) -> tuple[Any, float]:
    """Play ``state`` on to the end (or until at most ``until_phases_left`` phases are left), as
    ``match`` plays; chance from the state's own dice, or from ``stream``. Returns the position
    and ``level``'s longest decision."""
    longest = 0.0
    for _ in range(MAX_ACTIONS):
        if game.is_terminal(state) or (until_phases_left and game.phases_left(state) <= until_phases_left):
            break
        who = game.current_player(state)
        if who == CHANCE:
            action = game.sample_chance(state) if stream is None else sample_chance(game, state, stream)
        else:
            start = time.thread_time()
            action = players[who].choose(game, state)
            if levels[who] == level:
                longest = max(longest, time.thread_time() - start)
        game.apply(state, action)
    return state, longest


def outcome_for(game: Any, state: Any, side: str) -> str:
    result = game.result(state) if game.is_terminal(state) else None
    winner = None if result is None else result.get("winner")
    return "draw" if winner is None else "win" if winner == side else "loss"


def endings(spec: MatchSpec, level: str, phases: int, variants: list[Variant], streams: range,
            index: int) -> list[Ending]:
    """Game ``index`` played to the saved point once, then to the end for every variant and stream."""
    game = load_game(spec.scenario_path)
    levels = spec.levels_for(index)
    side = next(s for s, lv in levels.items() if lv == level)
    seed = game_seed(spec.seed, index)
    players = {s: make_player(lv, seed * 2 + k + 1, safety_net=False) for k, (s, lv) in enumerate(sorted(levels.items()))}
    state = game.new_initial_state(seed)
    saved, _ = play_on(game, state, players, levels, level, until_phases_left=phases)
    out = []
    for v, variant in enumerate(variants):
        for k in streams:
            here = copy.deepcopy(players)
            for s, player in here.items():
                change = variant.changes.get(levels[s])
                if change:
                    player.budget = dataclasses.replace(player.budget, **change)
            stream = None if k == 0 else Rng(seed_state(seed * 1009 + k))
            end, longest = play_on(game, saved.copy(), here, levels, level, stream)
            out.append(Ending(index, side, v, k, outcome_for(game, end, side), longest))
    return out


def summary(results: list[Ending], variants: list[Variant], streams: int) -> list[str]:
    lines = []
    score = {"win": 2, "draw": 1, "loss": 0}
    first = {(e.index, e.stream): e.outcome for e in results if e.variant == 0}
    for v, variant in enumerate(variants):
        mine = [e for e in results if e.variant == v]
        sides = sorted({e.side for e in mine})
        per_side = "; ".join(
            f"as {s}: " + "-".join(str(sum(e.outcome == o for e in mine if e.side == s)) for o in ("win", "loss", "draw"))
            for s in sides)
        better = sum(score[e.outcome] > score[first[(e.index, e.stream)]] for e in mine)
        worse = sum(score[e.outcome] < score[first[(e.index, e.stream)]] for e in mine)
        wins = sum(e.outcome == "win" for e in mine)
        longest = max((e.longest for e in mine), default=0.0)
        lines.append(f"{variant.label}: wins {wins} of {len(mine)} ({streams} stream(s)); {per_side} (W-L-D); "
                     f"better {better}, worse {worse} than the first; longest decision {longest:.2f} s")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenario")
    parser.add_argument("--level", default="normal", choices=LEVELS)
    parser.add_argument("--against", default="greedy", choices=LEVELS)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-game", type=int, default=0,
                        help="the series' first game played (0: its first), to go on with a series run in parts")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--phases", type=int, default=6, help="save each game when this many phases are left")
    parser.add_argument("--vary", action="append", default=[], help="LEVEL:FIELD=VALUE[;FIELD=VALUE]")
    parser.add_argument("--streams", type=int, default=1, help="dice streams per ending: the game's own, then others")
    parser.add_argument("--first-stream", type=int, default=0,
                        help="the first dice stream played (0: the game's own), to add streams to an earlier run")
    parser.add_argument("--side", help="only the games where --level plays this side")
    parser.add_argument("--skip-as-they-are", action="store_true",
                        help="play only the --vary variants (an earlier run has the levels as they are); "
                             "better and worse are then counted against the first of them")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.games < 1 or args.streams < 1 or args.jobs < 1 or args.phases < 1:
        parser.error("--games, --streams, --jobs and --phases must be at least 1")
    if args.first_stream < 0 or args.first_game < 0:
        parser.error("--first-stream and --first-game must be 0 or more")
    streams = range(args.first_stream, args.first_stream + args.streams)
    if args.skip_as_they_are and not args.vary:
        parser.error("--skip-as-they-are needs at least one --vary")
    if args.level == args.against:
        parser.error("--level and --against must differ (a variant changes every player of its level)")
    try:
        variants = ([] if args.skip_as_they_are else [Variant("as they are", {})]) + [parse_variant(t) for t in args.vary]
    except ValueError as err:
        parser.error(str(err))
    try:
        game = load_game(args.scenario)
    except Exception as err:  # a loader's error names the file and the place
        parser.error(str(err))
    if getattr(game, "phases_left", None) is None:
        parser.error(f"{args.scenario}: its ruleset has no phases_left hook, so there is no end to save at")
    sides = tuple(game.sides)
    spec = MatchSpec(args.scenario, (), ((sides[0], args.level), (sides[1], args.against)), args.games, args.seed, True)
    if args.side is not None and args.side not in sides:
        parser.error(f"--side {args.side!r}: expected one of {', '.join(sides)}")
    indices = [i for i in range(args.first_game, args.first_game + args.games)
               if args.side is None or spec.levels_for(i)[args.side] == args.level]
    results: list[Ending] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(endings, spec, args.level, args.phases, variants, streams, i) for i in indices]
        try:
            for job in jobs:
                got = job.result()
                results += got
                print(f"game {got[0].index} ({args.level} as {got[0].side}): "
                      + " | ".join(f"{variants[e.variant].label}#{e.stream} {e.outcome}" for e in got), flush=True)
        finally:
            # A game that fails stops the series: without this the error would wait, unseen,
            # until every game still queued had been played (hours), as match cancels too.
            for job in jobs:
                job.cancel()
    for line in summary(results, variants, args.streams):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
