"""Computer players' benchmark: decision time per level, and win rates of each level against the one below.

Run: ``.venv/bin/python bench/ai_bench.py [--positions N] [--games N] [--jobs N] [--skip-times|--skip-wins]``.

Decision times (processor time of the deciding thread, so that other work on the machine
does not inflate them): each level decides afresh (no plan carried over) in the same mid-game
positions of the Basic and the Standard Game, taken from random games; ``random``
is the baseline in the same run. A planner's later decisions in a phase only follow
its plan and take microseconds, so these are the thinking decisions, the slow ones.

Win rates: ``match`` series with the sides swapped in every second game, so each
level plays each side in half the games, for the pairs in ``--pairs`` (default: the
issue's acceptance pairs). Targets (issue 16): ``normal`` wins at least 90% against
``random`` and 65% against ``greedy``; ``hard`` beats ``normal`` more often than not;
``normal`` takes at most 2 s median and 10 s at most per decision.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bofa_studio.ai import make_player  # noqa: E402
from bofa_studio.ai.match import MatchSpec, load_game, report, run_match  # noqa: E402
from bofa_studio.rules.bofa1984.players import random_player  # noqa: E402
from bofa_studio.rules.core import CHANCE, seed_state  # noqa: E402

SCENARIOS = {"Basic": "bofa1984-basic.json", "Standard": "bofa1984-standard.json"}
TIMED_LEVELS = ("random", "greedy", "fast", "easy", "normal", "hard")
DEFAULT_PAIRS = "normal:random,normal:greedy,hard:normal"


def positions(game, count: int, seed: int) -> list:
    """Decisions of a random game (set-up, moves, combat, fire), spread over the turns."""
    out = []
    state = game.new_initial_state(seed)
    rng = seed_state(seed)
    n = 0
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            if n % 97 == 0:
                out.append(state.copy())
            action, rng = random_player(game, state, rng)
        game.apply(state, action)
        n += 1
    step = max(1, len(out) // count)
    return out[::step][:count]


def time_levels(game, states: list) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {}
    for level in TIMED_LEVELS:
        for i, state in enumerate(states):
            player = make_player(level, seed=i, safety_net=False)
            start = time.thread_time()
            player.choose(game, state)
            times.setdefault(level, []).append(time.thread_time() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=12, help="positions timed per scenario")
    parser.add_argument("--games", type=int, default=40, help="games per pair and scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="LEVEL:BELOW pairs, comma separated")
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS), help="default: both")
    parser.add_argument("--skip-times", action="store_true")
    parser.add_argument("--skip-wins", action="store_true")
    args = parser.parse_args()
    names = args.scenario or list(SCENARIOS)

    for name in names:
        path = str(ROOT / "scenarios" / SCENARIOS[name])
        game = load_game(path)
        if not args.skip_times:
            states = positions(game, args.positions, args.seed)
            times = time_levels(game, states)
            base = statistics.median(times["random"])
            print(f"{name}: decision processor seconds over {len(states)} positions (baseline: random)")
            for level, ts in times.items():
                med = statistics.median(ts)
                print(f"  {level:7} median {med:7.3f}  max {max(ts):7.3f}  ({med / base:6.1f}x random)")
        if args.skip_wins:
            continue
        for pair in args.pairs.split(","):
            upper, lower = pair.split(":")
            spec = MatchSpec(path, (), (("free_peoples", upper), ("dark", lower)), args.games, args.seed,
                             swap_sides=True)
            start = time.perf_counter()
            result = report(spec, run_match(spec, args.jobs), tuple(game.sides))
            rate = result["win_rate_by_level"][upper]
            seconds = result["decision_seconds"].get(upper, {})
            print(f"{name}: {upper} vs {lower}, {result['games']} games (each side half): {upper} wins "
                  f"{result['wins_by_level'][upper]}, {lower} {result['wins_by_level'][lower]}, draws "
                  f"{result['wins_by_level']['draw']}; {upper} rate {rate['rate']:.0%} "
                  f"(95% Wilson {rate['low']:.0%}-{rate['high']:.0%}); {upper} decisions median "
                  f"{seconds.get('median', 0):.3f} s max {seconds.get('max', 0):.3f} s (processor "
                  f"{seconds.get('cpu_median', 0):.3f} / {seconds.get('cpu_max', 0):.3f} s); "
                  f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
