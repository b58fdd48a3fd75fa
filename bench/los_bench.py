"""Benchmark line of sight (S-8) on the 1984 map: ``.venv/bin/python bench/los_bench.py``.

Prints, from one run in one process, medians for the table (bofa_studio.los.LosTable)
against the exact geometry it is built from:
- the table's build time for every hex of the map, at range 6 and at range 12;
- which hexes an archer sees, at range 6 and 12: ``visible_hexes`` (table) against
  ``visible_from`` (exact);
- one pair: ``los_clear`` (table) against ``line_of_sight`` (exact).
Every call gets a fresh occupied set (60 random hexes), as in a game, so no cache of
the last set helps. Target (issue 15): one pair from the table at least 50x faster.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bofa_studio.board import Board, load_map  # noqa: E402
from bofa_studio.hexgrid import GridSpec, Hex  # noqa: E402
from bofa_studio.los import (  # noqa: E402
    line_of_sight,
    los_clear,
    los_index,
    los_table,
    visible_from,
    visible_hexes,
)

MAP = ROOT / "maps" / "bofa1984.json"
ORIGINS, OCCUPIED, PAIRS = 50, 60, 2000


def load_board() -> tuple[Board, str]:
    if MAP.exists():
        return load_map(MAP), f"{MAP.relative_to(ROOT)}"
    return Board(GridSpec()), f"{MAP.relative_to(ROOT)} not found: using a plain 32x24 board"


def median_seconds(fn: Callable[..., object], calls: list[tuple]) -> float:
    times = []
    for args in calls:
        t0 = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1984)
    args = parser.parse_args()

    board, source = load_board()
    rng = random.Random(args.seed)
    hexes = sorted(board.hexes())

    def fresh() -> frozenset[Hex]:
        return frozenset(rng.sample(hexes, OCCUPIED))

    print(f"map: {source} ({len(hexes)} hexes), {OCCUPIED} occupied hexes drawn afresh for every call")
    los_index(board)  # the geometry arrays, shared by both paths
    for reach in (6, 12):
        board.set_meta(board.meta)  # a new revision: the next table starts empty
        table = los_table(board)
        t0 = time.perf_counter()
        for i in range(len(hexes)):
            table.rows(i, reach)
        print(f"table build, every hex of the map to range {reach}: {time.perf_counter() - t0:.2f} s")

    origins = rng.sample(hexes, ORIGINS)
    lt = los_table(board)
    print(f"hexes an archer sees, {ORIGINS} origins (medians):")
    for reach in (6, 12):
        calls = [(board, a, reach, fresh()) for a in origins]
        exact = median_seconds(visible_from, calls)
        table = median_seconds(visible_hexes, calls)
        print(f"  range {reach:2d}: table {table * 1e6:8.1f} us   exact {exact * 1e6:8.1f} us   "
              f"{exact / table:6.1f}x")
        masks = [(los_index(board).index[a], reach, lt.hex_mask(occ)) for _, a, _, occ in calls]
        raw = median_seconds(lt.visible, masks)
        print(f"            table, hex indexes and a bitmask as the rules ask: {raw * 1e6:.1f} us   "
              f"{exact / raw:.1f}x")

    pairs = [(board, rng.choice(origins), rng.choice(hexes), fresh()) for _ in range(PAIRS)]
    pairs = [p for p in pairs if p[1] != p[2]]
    for _, a, b, occ in pairs:  # both paths answer alike
        assert los_clear(board, a, b, occ) == line_of_sight(board, a, b, occ).clear
    exact = median_seconds(line_of_sight, pairs)
    table = median_seconds(los_clear, pairs)
    index = los_index(board)
    raw = median_seconds(lt.clear, [(index.index[a], index.index[b], lt.hex_mask(occ)) for _, a, b, occ in pairs])
    print(f"one pair, {len(pairs)} random pairs at any range (medians):")
    print(f"  table {table * 1e6:.1f} us   exact {exact * 1e6:.1f} us   {exact / table:.0f}x   "
          f"target >= 50x  {'OK' if exact / table >= 50 else 'MISSED'}")
    print(f"  table, hex indexes and a bitmask as the rules ask: {raw * 1e6:.2f} us   {exact / raw:.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
