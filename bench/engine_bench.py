"""Engine benchmark: complete random games per second, and legal_actions on mid-game states.

Run: ``.venv/bin/python bench/engine_bench.py [--games N] [--seed S] [--scenario FILE]``.
One core, no invariant checks (``bofa-studio simulate`` does those). Targets: issue 4,
the Basic Game: at least 5 games/s and a median legal_actions time of at most 5 ms;
issue 5, the Standard and tournament scenarios (line of sight, regrouping, morale
rolls...): at least 2 games/s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import networkx as nx  # noqa: E402

from bofa_studio.board import load_map  # noqa: E402
from bofa_studio.rules.bofa1984.game import BofaGame  # noqa: E402
from bofa_studio.rules.bofa1984.movement import movable_groups, movement_allowance, reachable  # noqa: E402
from bofa_studio.rules.bofa1984.players import random_player  # noqa: E402
from bofa_studio.rules.core import CHANCE, seed_state  # noqa: E402
from bofa_studio.scenario import load_scenario  # noqa: E402


def play(game: BofaGame, seed: int, keep: list | None = None) -> int:
    state = game.new_initial_state(seed)
    rng = seed_state(seed + 1)
    n = 0
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            if keep is not None and 5 <= state.turn <= 8 and n % 7 == 0:
                keep.append(state.copy())
            action, rng = random_player(game, state, rng)
        game.apply(state, action)
        n += 1
    return n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "bofa1984-basic.json"),
                        help="scenario file; the Standard and tournament ones play with line of sight")
    args = parser.parse_args()
    scenario = load_scenario(args.scenario)
    game = BofaGame(scenario.data, load_map(scenario.map_path))

    play(game, 10**6)  # warm up caches
    start = time.perf_counter()
    actions = sum(play(game, args.seed + i) for i in range(args.games))
    elapsed = time.perf_counter() - start

    states: list = []
    for i in range(4):
        play(game, 10**5 + i, states)
    times, by_stage = [], {}
    for state in states:
        t0 = time.perf_counter()
        game.legal_actions(state)
        dt = (time.perf_counter() - t0) * 1000
        times.append(dt)
        by_stage.setdefault(state.stage, []).append(dt)

    print(f"random games: {args.games} in {elapsed:.2f} s = {args.games / elapsed:.2f} games/s "
          f"({actions / args.games:.0f} actions/game, {actions / elapsed:.0f} actions/s)")
    print(f"legal_actions on {len(times)} mid-game states (turns 5-8): median {statistics.median(times):.3f} ms, "
          f"p90 {sorted(times)[int(len(times) * 0.9)]:.3f} ms, max {max(times):.3f} ms")
    for stage, ts in sorted(by_stage.items()):
        print(f"  {stage:8s} {len(ts):4d} states, median {statistics.median(ts):.3f} ms, max {max(ts):.3f} ms")
    movement_baseline(game, [s for s in states if s.stage == "move"])
    return 0


def movement_baseline(game: BofaGame, states: list) -> None:
    """The engine's reachable-hex search on compiled arrays, against networkx's Dijkstra
    over a graph with the same step costs, for the same movers in the same states.

    The baseline does less (no enemy hexes, no rules), so the ratio understates what
    compiling the board buys; it is why the hot path does not walk the networkx graph.
    """
    graphs = {}
    for side, steps in game.ground_steps.items():
        g = nx.DiGraph()
        for h, edges in enumerate(steps):
            for n, cost in edges:
                g.add_edge(h, n, weight=cost)
        graphs[side] = g
    compiled, baseline = [], []
    for state in states:
        for movers in movable_groups(game, state)[:10]:
            start = state.pos[movers[0]]
            budget = movement_allowance(game, state, movers)
            t0 = time.perf_counter()
            reachable(game, state, movers, start)
            t1 = time.perf_counter()
            nx.single_source_dijkstra_path_length(graphs[state.phase_player], start, cutoff=budget)
            t2 = time.perf_counter()
            compiled.append((t1 - t0) * 1e6)
            baseline.append((t2 - t1) * 1e6)
    if not compiled:
        return
    c, b = statistics.median(compiled), statistics.median(baseline)
    print(f"reachable hexes, {len(compiled)} searches: compiled board median {c:.0f} us; "
          f"networkx Dijkstra baseline (same costs, no rules) median {b:.0f} us; {b / c:.1f}x")


if __name__ == "__main__":
    sys.exit(main())
