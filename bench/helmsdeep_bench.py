"""Helm's Deep engine benchmark: random games per second and legal_actions times, against the 1984
Basic Game measured in the same run as the baseline.

Run: ``.venv/bin/python bench/helmsdeep_bench.py [--games N] [--seed S]``. One core, no invariant
checks. Target: a full random game of Helm's Deep (15 rounds) in about the time of a 1984 one, so
``simulate --games 100`` on it takes minutes, not hours.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bofa_studio.board import load_map  # noqa: E402
from bofa_studio.rules.core import CHANCE, seed_state  # noqa: E402
from bofa_studio.rules.registry import make_game, ruleset_module  # noqa: E402
from bofa_studio.scenario import load_scenario  # noqa: E402


def play(game, player, seed: int, keep: list | None = None) -> int:
    state = game.new_initial_state(seed)
    rng = seed_state(seed + 1)
    n = 0
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            if keep is not None and n % 11 == 0:
                keep.append(state.copy())
            action, rng = player(game, state, rng)
        game.apply(state, action)
        n += 1
    return n


def measure(path: Path, games: int, seed: int) -> tuple[float, float, list[float]]:
    scenario = load_scenario(path)
    game = make_game(scenario, load_map(scenario.map_path))
    player = importlib.import_module(f"{ruleset_module(game.ruleset).__name__}.players").random_player
    play(game, player, 10**6)  # warm up caches
    per_game = []
    for i in range(games):
        start = time.perf_counter()
        play(game, player, seed + i)
        per_game.append(time.perf_counter() - start)
    states: list = []
    play(game, player, 10**5, states)
    times = []
    for state in states:
        t0 = time.perf_counter()
        game.legal_actions(state)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(per_game), games / sum(per_game), times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for label, name in (("baseline: 1984 Basic Game", "bofa1984-basic.json"), ("Helm's Deep", "helms-deep.json")):
        median, rate, times = measure(ROOT / "scenarios" / name, args.games, args.seed)
        print(f"{label:28s} median game {median * 1000:8.1f} ms, {rate:6.2f} games/s; legal_actions median "
              f"{statistics.median(times):.3f} ms, max {max(times):.3f} ms over {len(times)} states")
    return 0


if __name__ == "__main__":
    sys.exit(main())
