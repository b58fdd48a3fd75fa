"""The line-of-sight table (S-8) against the exact geometry, on the 1984 map and on edits.

S-8: "If this line passes through a hex containing any of the following, the line of
sight is blocked: Any counter, whether enemy or friendly. The town of Dale. Any
terrain level that is higher than both the target hex and the archer's hex."
The table must give the exact path's answer for every pair within the longest bow
range of the shipped scenarios, whoever stands where.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bofa_studio.board import Board, Terrain, load_map
from bofa_studio.hexgrid import GridSpec, Hex, distance
from bofa_studio.los import (
    LosIndex,
    line_of_sight,
    los_clear,
    los_index,
    los_table,
    visible_from,
    visible_hexes,
)

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "maps" / "bofa1984.json"

pytestmark = pytest.mark.skipif(not MAP.exists(), reason="maps/bofa1984.json is not there yet")


def longest_bow_range() -> int:
    """B-8: a bow reaches as many hexes as its value, so the longest range is the largest bow."""
    best = 0
    for path in sorted((ROOT / "scenarios").glob("bofa1984-*.json")):
        for c in json.loads(path.read_text(encoding="utf-8"))["counters"]:
            best = max(best, c["full"].get("bow", 0), c["reduced"].get("bow", 0))
    return best


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map(MAP)


def all_pairs(index: LosIndex, max_range: int) -> tuple[np.ndarray, np.ndarray]:
    n = index.on_map
    q, r = index.q[:n], index.r[:n]
    dq, dr = q[None, :] - q[:, None], r[None, :] - r[:, None]
    dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    a, b = np.nonzero((dist > 0) & (dist <= max_range))
    return a.astype(np.int64), b.astype(np.int64)


@pytest.mark.parametrize("grazing", ["both", pytest.param("either", marks=pytest.mark.slow)])
def test_table_agrees_with_exact_geometry_on_every_pair_of_the_1984_map(board, grazing):
    max_range = longest_bow_range()
    assert max_range >= 6  # the long bows of the shipped scenarios
    index = los_index(board)
    table = los_table(board, grazing)
    a, b = all_pairs(index, max_range)
    rng = np.random.default_rng(1984)
    only_by_pairs = 0
    rows = {(o, row[0]): row for o in np.unique(a).tolist() for row in table.rows(o, max_range)}
    # Nobody on the map, then ever more crowded maps: a grazing place needs a counter on
    # each side to block, which only crowded maps produce often.
    for density in (0.0, 0.15, 0.4, 0.7):
        occ = np.zeros(len(index.hexes), dtype=bool)
        occ[: index.on_map] = rng.random(index.on_map) < density
        exact, _, _, _ = index.evaluate(a, b, occ, grazing)
        mask = table.mask(np.flatnonzero(occ).tolist())
        seen: dict[int, set[int]] = {}
        for origin in np.unique(a).tolist():
            seen[origin] = set(table.visible(origin, max_range, mask))
        from_table = np.array([bb in seen[aa] for aa, bb in zip(a.tolist(), b.tolist(), strict=True)])
        wrong = np.flatnonzero(from_table != exact)
        assert len(wrong) == 0, [
            (board.label(index.hexes[a[i]]), board.label(index.hexes[b[i]]), bool(exact[i])) for i in wrong[:5]
        ]
        for origin, target in zip(a[~exact].tolist(), b[~exact].tolist(), strict=True):
            _, _, always, singles, _ = rows[origin, target]
            only_by_pairs += not always and not (singles & mask)
    if grazing == "both":
        # The comparison reached lines that only two counters together block.
        assert only_by_pairs > 0


@pytest.mark.parametrize("grazing", ["both", "either"])
def test_lines_built_for_a_few_targets_are_the_rows_built_for_every_hex_in_range(board, grazing):
    """A FIRE listing builds only the lines its archers ask about, several at once; each
    must be the row the whole-range build gives, whatever it was built with."""
    from bofa_studio.los import LosTable

    index = los_index(board)
    whole = LosTable(index, grazing)
    by_lines = LosTable(index, grazing)
    a, b = all_pairs(index, 6)
    picked = np.random.default_rng(8).choice(len(a), 600, replace=False)
    pairs = list(zip(a[picked].tolist(), b[picked].tolist(), strict=True))
    by_lines.prepare_lines(pairs[:500])  # together
    rows = {(o, row[0]): row for o in {o for o, _ in pairs} for row in whole.rows(o, 6)}
    for o, t in pairs[500:]:  # one at a time, through the pair query
        assert by_lines.clear(o, t, 0) == (not rows[o, t][2])
    assert all(by_lines._lines[pair] == rows[pair] for pair in pairs)
    with pytest.raises(ValueError):
        by_lines.clear(pairs[0][0], pairs[0][0], 0)


def test_a_pair_query_matches_line_of_sight(board):
    occupied = {board.hex_at(x) for x in ("1510", "1609", "1711", "0805")}
    a = board.hex_at("1408")
    for b in sorted(board.hexes()):
        if 0 < distance(a, b) <= 8:
            assert los_clear(board, a, b, occupied) == line_of_sight(board, a, b, occupied).clear, board.label(b)


def test_visible_hexes_is_visible_from_at_range_12(board):
    occupied = {board.hex_at(x) for x in ("1510", "1609", "1711", "0805", "1206")}
    for label in ("1408", "0101", "2012"):
        a = board.hex_at(label)
        assert visible_hexes(board, a, 12, occupied) == visible_from(board, a, 12, occupied).visible


def test_a_new_range_or_an_edit_of_the_map_rebuilds_the_answer():
    board = Board(GridSpec(columns=12, rows=10))
    a, b = Hex(2, 2), Hex(8, 2)
    assert los_clear(board, a, b)
    assert len(visible_hexes(board, a, 2)) < len(visible_hexes(board, a, 5))
    # S-8: "The town of Dale" blocks; the table must hear of the edit.
    board.set_terrain(Hex(5, 2), Terrain.DALE)
    assert not los_clear(board, a, b)
    assert line_of_sight(board, a, b).blocked_by == Hex(5, 2)
    assert Hex(8, 2) not in visible_hexes(board, a, 6)


def test_the_walk_along_a_line_finds_every_hex_it_touches():
    """Against a brute force over every hex of a 99x99 map, on long lines in all directions."""
    board = Board(GridSpec(columns=99, rows=99))
    index = LosIndex(board)
    rng = np.random.default_rng(7)
    n = index.on_map
    a = rng.integers(0, n, 300)
    b = rng.integers(0, n, 300)
    # Lines exactly along hexsides and through corners too.
    origin = index.index[Hex(40, 20)]
    for q, r in ((30, -15), (10, 10), (-20, 40), (0, 45), (44, 0), (33, 33), (-30, 15)):
        a = np.append(a, origin)
        b = np.append(b, index.index[Hex(40 + q, 20 + r)])
    t = index._touches(a, b)
    for i in range(len(a)):
        aq, ar = index.q[a[i]], index.r[a[i]]
        dq, dr = index.q[b[i]] - aq, index.r[b[i]] - ar
        eq, er = index.q - aq, index.r - ar
        width = max(abs(2 * dq + dr), abs(dq + 2 * dr), abs(dq - dr))
        pos = 2 * eq * dq + eq * dr + er * dq + 2 * er * dr
        touched = (np.abs(3 * (dq * er - dr * eq)) <= width) & (pos > 0) & (pos < 2 * (dq * dq + dq * dr + dr * dr))
        assert set(np.flatnonzero(touched).tolist()) == set(t.hex[t.line == i].tolist())


def test_the_rules_number_hexes_as_the_table_does(board):
    """fire.targets_for hands the table the compiled board's hex indexes, unconverted."""
    from bofa_studio.rules.bofa1984.compiled import CompiledBoard

    index = los_index(board)
    assert CompiledBoard(board).hexes == index.hexes[: index.on_map]
