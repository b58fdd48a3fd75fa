"""Engine benchmark: what ``bofa-studio simulate`` does, per scenario, against a baseline checkout.

Run: ``.venv/bin/python bench/engine_bench.py [--games N] [--seed S] [--baseline DIR]``.

For the Basic, Standard and tournament scenarios it prints, side by side for this tree and
(with ``--baseline``, a checkout of an older version of the program, e.g. a ``git worktree``
of main before a change) for the baseline, each measured in its own process, one scenario
after the other so that both see the same machine:
- complete random games per second, played as ``simulate`` plays them on one core (its
  players and its invariant checks, whatever each version does);
- ``legal_actions``: median and max per stage, on states met in random games;
- ``apply`` (and ``apply_trusted`` where the version has it): median per action, on the
  actions the random player chose there;
- the median cost of a state copy.
Targets (issue 15): 4x the baseline's games per second for the Basic and Standard Games,
a copy of a Standard Game state in at most 20 us.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("bofa1984-basic", "bofa1984-standard", "bofa1984-tournament")


def measure(scenario_path: str, games: int, seed: int) -> dict[str, Any]:
    """Runs inside the tree under test; uses only calls every version has had."""
    from bofa_studio.board import load_map
    from bofa_studio.commands.simulate import simulate
    from bofa_studio.rules.core import CHANCE, seed_state
    from bofa_studio.rules.registry import make_game
    from bofa_studio.scenario import load_scenario

    scenario = load_scenario(scenario_path)
    game = make_game(scenario, load_map(scenario.map_path))
    simulate(game, 1, 10**6, ("random", "random"))  # warm caches, as a long run would be
    t0 = time.perf_counter()
    report = simulate(game, games, seed, ("random", "random"))
    elapsed = time.perf_counter() - t0

    from bofa_studio.rules.bofa1984.players import random_player

    samples: list[tuple[Any, Any]] = []  # (state before, action chosen there)
    for i in range(3):
        state = game.new_initial_state(10**5 + i)
        rng = seed_state(i)
        n = 0
        while not game.is_terminal(state):
            if game.current_player(state) == CHANCE:
                action = game.sample_chance(state)
            else:
                action, rng = random_player(game, state, rng)
                if n % 5 == 0:
                    samples.append((state.copy(), action))
            game.apply(state, action)
            n += 1
    legal: dict[str, list[float]] = {}
    for state, _ in samples:
        t = time.perf_counter()
        game.legal_actions(state)
        legal.setdefault(state.stage, []).append(time.perf_counter() - t)
    applies: dict[str, list[float]] = {"apply": [], "apply_trusted": []}
    for name in applies:
        fn = getattr(game, name, None)
        if fn is None:
            continue
        for state, action in samples:
            s = state.copy()
            t = time.perf_counter()
            fn(s, action)
            applies[name].append(time.perf_counter() - t)
    copies = []
    for state, _ in samples:
        t = time.perf_counter()
        state.copy()
        copies.append(time.perf_counter() - t)
    return {
        "games_per_s": games / elapsed,
        "mean_actions": report["mean_actions"],
        "violations": len(report["violations"]),
        "legal": {stage: (statistics.median(ts), max(ts), len(ts)) for stage, ts in legal.items()},
        "apply": {k: statistics.median(v) for k, v in applies.items() if v},
        "copy": statistics.median(copies),
    }


def run_in(tree: Path, scenario: str, games: int, seed: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", scenario, "--games", str(games),
         "--seed", str(seed)],
        env=env, cwd=str(tree), capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"the measurement in {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=Path, help="a checkout of an older version to compare against")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, os.environ.get("PYTHONPATH", str(ROOT)))
        print(json.dumps(measure(args.child, args.games, args.seed)))
        return 0

    trees = [("this tree", ROOT)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    print(f"{args.games} random games per scenario, seed {args.seed}, one core; "
          + (f"baseline: {args.baseline}" if args.baseline else "no baseline (--baseline DIR)"))
    for name in SCENARIOS:
        # Each tree plays its own copy of the scenario: the file formats change between versions.
        results = {label: run_in(tree, str(tree / "scenarios" / f"{name}.json"), args.games, args.seed)
                   for label, tree in reversed(trees)}
        print(f"\n{name}")
        _row("", [label for label, _ in trees] + (["ratio"] if len(trees) > 1 else []))
        _compare("games/s", [results[label]["games_per_s"] for label, _ in trees], "{:.2f}", higher=True)
        _compare("mean actions", [results[label]["mean_actions"] for label, _ in trees], "{:.0f}")
        _compare("violations", [results[label]["violations"] for label, _ in trees], "{}")
        stages = sorted({s for label, _ in trees for s in results[label]["legal"]})
        for stage in stages:
            for k, what in ((0, "median"), (1, "max")):
                vals = [results[label]["legal"].get(stage, (None, None))[k] for label, _ in trees]
                _compare(f"legal_actions {stage} {what} ms", [v * 1e3 if v is not None else None for v in vals],
                         "{:.3f}")
        for kind in ("apply", "apply_trusted"):
            _compare(f"{kind} median us", [_us(results[label]["apply"].get(kind)) for label, _ in trees], "{:.1f}")
        _compare("state copy median us", [_us(results[label]["copy"]) for label, _ in trees], "{:.1f}")
    return 0


def _us(v: float | None) -> float | None:
    return None if v is None else v * 1e6


def _row(label: str, cells: list[str]) -> None:
    print(f"  {label:32s}" + "".join(f"{c:>14s}" for c in cells))


def _compare(label: str, values: list[Any], fmt: str, higher: bool = False) -> None:
    cells = [fmt.format(v) if v is not None else "-" for v in values]
    if len(values) == 2:
        a, b = values
        if a is not None and b is not None and a and b:
            ratio = a / b if higher else b / a
            cells.append(f"{ratio:.2f}x")
        else:
            cells.append("")
    _row(label, cells)


if __name__ == "__main__":
    sys.exit(main())
