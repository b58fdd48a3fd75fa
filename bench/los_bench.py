"""Benchmark line of sight (S-8) on the 1984 map: ``.venv/bin/python bench/los_bench.py``.

Prints, from one run in one process: the median time of ``visible_from`` at range 6
from 50 hexes, of a single ``line_of_sight``, and of a naive baseline (for each
target, a shapely LineString tested against every hex polygon in a Python loop),
with the ratios. 60 hexes are occupied. Targets: visible_from <= 2 ms, a single
line <= 200 us, >= 10x the naive loop. Falls back to a plain 32x24 board, and
says so, when maps/bofa1984.json is missing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import shapely

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bofa_studio.board import Board, load_map  # noqa: E402
from bofa_studio.hexgrid import GridSpec, Hex, distance  # noqa: E402
from bofa_studio.los import line_of_sight, los_index, visible_from  # noqa: E402

MAP = ROOT / "maps" / "bofa1984.json"
RANGE, ORIGINS, OCCUPIED = 6, 50, 60


def load_board() -> tuple[Board, str]:
    if MAP.exists():
        return load_map(MAP), f"{MAP.relative_to(ROOT)}"
    return Board(GridSpec()), f"{MAP.relative_to(ROOT)} not found: using a plain 32x24 board"


def naive_visible(
    board: Board, polygons: list, a: Hex, max_range: int, occupied: frozenset[Hex]
) -> dict[Hex, bool]:
    """The straightforward way: one LineString per target, intersects() against every hex.

    The hex polygons are built beforehand, as the index is for the real thing.
    """
    grid = board.grid
    top = max(board.level(a), 0)
    result = {}
    for b in board.hexes():
        if b == a or distance(a, b) > max_range:
            continue
        line = shapely.LineString([grid.center(a), grid.center(b)])
        limit = max(top, board.level(b))
        blocked = False
        for h, poly in polygons:
            if h in (a, b) or not line.intersects(poly):
                continue
            if h in occupied or board.terrain(h) == "dale" or board.level(h) > limit:
                blocked = True
        result[b] = not blocked
    return result


def median_seconds(fn: Callable[[object], object], args: list, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        for x in args:
            t0 = time.perf_counter()
            fn(x)
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1984)
    parser.add_argument("--naive-origins", type=int, default=5, help="origins for the slow baseline")
    args = parser.parse_args()

    board, source = load_board()
    rng = random.Random(args.seed)
    hexes = sorted(board.hexes())
    occupied = frozenset(rng.sample(hexes, OCCUPIED))
    origins = rng.sample(hexes, ORIGINS)
    pairs = [(rng.choice(origins), rng.choice(hexes)) for _ in range(2000)]
    los_index(board)  # built once per board; not part of a query

    vis = median_seconds(lambda a: visible_from(board, a, RANGE, occupied), origins, repeat=5)
    one = median_seconds(lambda p: line_of_sight(board, p[0], p[1], occupied), pairs, repeat=1)
    naive_origins = origins[: args.naive_origins]
    polygons = [(h, shapely.Polygon(board.grid.corners(h))) for h in board.hexes()]
    naive = median_seconds(
        lambda a: naive_visible(board, polygons, a, RANGE, occupied), naive_origins, repeat=1
    )
    targets = statistics.mean(len(visible_from(board, a, RANGE).targets) for a in origins)
    naive_one = naive / targets

    print(f"map: {source} ({len(hexes)} hexes), {OCCUPIED} occupied, seed {args.seed}")
    print(f"visible_from, range {RANGE}, {ORIGINS} origins ({targets:.0f} targets on average):")
    print(f"  median {vis * 1e3:.3f} ms   target <= 2 ms    {'OK' if vis <= 2e-3 else 'MISSED'}")
    print(f"line_of_sight, {len(pairs)} random pairs:")
    print(f"  median {one * 1e6:.1f} us    target <= 200 us  {'OK' if one <= 200e-6 else 'MISSED'}")
    print(f"naive per-pair shapely loop, same board and occupancy, {len(naive_origins)} origins:")
    print(f"  median {naive * 1e3:.1f} ms per origin ({naive_one * 1e6:.0f} us per target)")
    ratio = naive / vis
    print(
        f"  visible_from is {ratio:.0f}x the naive loop   target >= 10x  {'OK' if ratio >= 10 else 'MISSED'}"
    )
    print(f"  line_of_sight is {naive_one / one:.1f}x one naive target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
