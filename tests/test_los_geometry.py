"""Line of sight geometry: hexside runs, corners, both layouts, and properties.

The exact decisions are checked against float geometry where float geometry is
unambiguous: shift the line sideways by 1e-4 (shapely ``offset_curve``) and see
which hexes it then passes through. That is what "the hexes on each side" means.
"""

from __future__ import annotations

import pytest
import shapely
from hypothesis import given
from hypothesis import strategies as st

from bofa_studio.board.model import Board, HexFeature, Terrain
from bofa_studio.hexgrid import GridSpec, Hex, Orientation, distance, hex_range
from bofa_studio.los import line_of_sight, visible_from

C = Hex(8, 8)
ORIENTATIONS = [Orientation.FLAT, Orientation.POINTY]


def rotate(q: int, r: int, times: int) -> tuple[int, int]:
    """Rotate an axial offset by 60 degrees ``times`` times."""
    for _ in range(times % 6):
        q, r = -r, q + r
    return q, r


def at(q: int, r: int, turn: int = 0) -> Hex:
    dq, dr = rotate(q, r, turn)
    return Hex(C.q + dq, C.r + dr)


def plain(orientation: Orientation) -> Board:
    return Board(GridSpec(orientation, 24, 24))


def shifted_crossing(board: Board, a: Hex, b: Hex, shift: float) -> set[Hex]:
    """Hexes (not a or b) the line a-b enters when moved ``shift`` to its left (float geometry)."""
    grid = board.grid
    line = shapely.offset_curve(shapely.LineString([grid.center(a), grid.center(b)]), shift)
    near = [h for h in hex_range(a, distance(a, b) + 1) if h in board and h not in (a, b)]
    polygons = shapely.polygons([grid.corners(h) for h in near])
    lengths = shapely.length(shapely.intersection(line, polygons))
    return {h for h, length in zip(near, lengths, strict=True) if length > 1e-7}


def sides(result) -> tuple[set[Hex], set[Hex]]:
    """The hexes the line enters shifted to its left, and to its right."""
    inside = {h for h in result.crossed if h not in result.grazed}
    left = inside | {h for h, s in result.grazed.items() if s > 0}
    right = inside | {h for h, s in result.grazed.items() if s < 0}
    return left, right


# -- exactness ------------------------------------------------------------------------


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_every_line_within_range_7_matches_float_geometry_shifted_each_way(orientation: Orientation) -> None:
    'S-8: "If this line passes through a hex": grazed hexes are the ones entered when shifted.'
    board = plain(orientation)
    for b in hex_range(C, 7):
        if b == C:
            continue
        result = line_of_sight(board, C, b)
        left, right = sides(result)
        assert left == shifted_crossing(board, C, b, 1e-4), (C, b)
        assert right == shifted_crossing(board, C, b, -1e-4), (C, b)


def test_flat_and_pointy_decide_every_line_the_same() -> None:
    "S-8 on either layout: the hexes crossed depend only on the hexes, not on how they are drawn."
    flat, pointy = plain(Orientation.FLAT), plain(Orientation.POINTY)
    for b in hex_range(C, 7):
        x, y = line_of_sight(flat, C, b), line_of_sight(pointy, C, b)
        assert (x.crossed, x.grazed) == (y.crossed, y.grazed)


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_the_same_line_is_decided_the_same_anywhere_on_the_map(orientation: Orientation) -> None:
    "S-8: no float-noise flips: a line crosses the same relative hexes at any place on a 32x24 map."
    board = Board(GridSpec(orientation, 32, 24))
    origins = [h for h in board.hexes() if board.grid.edge_distance(h) >= 7]
    origins = [origins[0], origins[len(origins) // 2], origins[-1]]
    reference = None
    for a in origins:
        seen = {}
        for b in hex_range(a, 6):
            r = line_of_sight(board, a, b)
            seen[b - a] = (tuple(h - a for h in r.crossed), {h - a: s for h, s in r.grazed.items()})
        reference = reference or seen
        assert seen == reference


# -- grazing: along a hexside ---------------------------------------------------------------


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("turn", range(6))
def test_along_a_hexside_both_sides_must_block(orientation: Orientation, turn: int) -> None:
    'S-8 with the hexside convention: a line exactly along a hexside is blocked "both" only if both hexes block.'
    board = plain(orientation)
    a, b = at(0, 0, turn), at(1, 1, turn)
    one, other = at(1, 0, turn), at(0, 1, turn)
    result = line_of_sight(board, a, b)
    assert set(result.crossed) == {one, other} and set(result.grazed) == {one, other}
    assert result.grazed[one] == -result.grazed[other]
    for blockers, both_clear, either_clear in [
        ({one}, True, False),
        ({other}, True, False),
        ({one, other}, False, False),
        (set(), True, True),
    ]:
        for x, y in ((a, b), (b, a)):
            assert line_of_sight(board, x, y, blockers, grazing="both").clear is both_clear
            assert line_of_sight(board, x, y, blockers, grazing="either").clear is either_clear


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("turn", range(6))
def test_along_hexsides_each_place_is_judged_on_its_own(orientation: Orientation, turn: int) -> None:
    "S-8 with the hexside convention: blocking hexes on alternate sides of two hexside runs do not add up."
    board = plain(orientation)
    a, b = at(0, 0, turn), at(2, 2, turn)
    first_right, second_left = at(1, 0, turn), at(1, 2, turn)
    result = line_of_sight(board, a, b)
    assert result.crossed[2] == at(1, 1, turn) and at(1, 1, turn) not in result.grazed
    assert result.grazed[first_right] == -result.grazed[second_left]
    zigzag = {first_right, second_left}
    assert line_of_sight(board, a, b, zigzag, grazing="both").clear
    assert line_of_sight(board, a, b, zigzag, grazing="either").blocked_by == first_right
    both_second = {second_left, at(2, 1, turn)}
    assert line_of_sight(board, a, b, both_second | {first_right}).blocked_by in both_second


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_along_a_hexside_terrain_blocks_like_counters(orientation: Orientation) -> None:
    'S-8: "Any terrain level that is higher than both" blocks along a hexside only if both sides are high.'
    board = plain(orientation)
    board.set_terrain(at(1, 0), Terrain.MOUNTAIN, 2)
    assert line_of_sight(board, C, at(1, 1)).clear
    board.set_terrain(at(0, 1), Terrain.DALE)
    assert not line_of_sight(board, C, at(1, 1)).clear


# -- grazing: through a corner ----------------------------------------------------------------


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("turn", range(6))
@pytest.mark.parametrize("mirror", [False, True])
def test_a_hex_touched_only_at_a_corner(orientation: Orientation, turn: int, mirror: bool) -> None:
    'S-8 with the corner convention: a hex the line only touches at a corner blocks only with "either".'
    board = plain(orientation)
    # C -> (4, 1) passes through the corner shared by (1, 0), (2, 0) and (1, 1).
    cells = [(4, 1), (1, 1), (1, 0), (2, 0)]
    if mirror:
        cells = [(q, -q - r) for q, r in cells]
    b, corner, before, after = (at(q, r, turn) for q, r in cells)
    result = line_of_sight(board, C, b)
    assert corner in result.grazed and before not in result.grazed and after not in result.grazed
    i = result.crossed.index(corner)
    assert result.crossed[i - 1 : i + 2] == (before, corner, after)
    assert line_of_sight(board, C, b, {corner}, grazing="both").clear
    assert line_of_sight(board, b, C, {corner}, grazing="both").clear
    assert line_of_sight(board, C, b, {corner}, grazing="either").blocked_by == corner
    assert line_of_sight(board, C, b, {after, corner}, grazing="both").blocked_by == after


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_corner_cases_are_exact_at_long_range(orientation: Orientation) -> None:
    "S-8: a line through a corner far from the archer is still a corner, not float noise."
    board = Board(GridSpec(orientation, 32, 24))
    a = board.hex_at("0212") if orientation == Orientation.FLAT else board.hex_at("0112")
    for k in (2, 3, 4):
        b = Hex(a.q + 4 * k, a.r + k)
        result = line_of_sight(board, a, b)
        assert b in board and len(result.grazed) == 2 * k
        assert set(result.grazed.values()) == {1, -1}


# -- properties -----------------------------------------------------------------------------

SMALL = {o: GridSpec(o, 9, 7) for o in ORIENTATIONS}
TERRAINS = [
    (Terrain.PLAIN, 0),
    (Terrain.DALE, 0),
    (Terrain.MOUNTAIN, 1),
    (Terrain.MOUNTAIN, 3),
    (Terrain.SUMMIT, 1),
    (Terrain.CLIFF, 2),
    (Terrain.FRONT_GATE, 0),
]


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, frozenset[Hex], Hex, Hex]:
    """A small board with random terrain, levels, guard rooms and counters (no Front Gate walls)."""
    orientation = draw(st.sampled_from(ORIENTATIONS))
    board = Board(SMALL[orientation])
    hexes = sorted(board.hexes())
    # Two bytes a hex, drawn at once: its terrain, and whether a mountain holds a guard room
    # (one in ten). A draw per hex cost hypothesis ten times what the tests then check.
    terrain_bytes = draw(st.binary(min_size=2 * len(hexes), max_size=2 * len(hexes)))
    for i, h in enumerate(hexes):
        terrain, level = TERRAINS[terrain_bytes[2 * i] % len(TERRAINS)]
        if terrain != Terrain.PLAIN:
            board.set_terrain(h, terrain, level)
        if terrain == Terrain.MOUNTAIN and terrain_bytes[2 * i + 1] % 10 == 0:
            board.set_feature(h, HexFeature.GUARD_ROOM, True)
    # Up to 12 counters, a byte each (where it stands), drawn at once like the terrain.
    occupied = frozenset(hexes[i % len(hexes)] for i in draw(st.binary(max_size=12)))
    a, b = draw(st.sampled_from(hexes)), draw(st.sampled_from(hexes))
    return board, occupied, a, b


@given(boards(), st.sampled_from(["both", "either"]))
def test_line_of_sight_is_symmetric(case, grazing: str) -> None:
    'S-8: "A ruler can be laid from the centre of the archer\'s hex to the target hex" - either way round.'
    board, occupied, a, b = case
    there = line_of_sight(board, a, b, occupied, grazing=grazing)
    back = line_of_sight(board, b, a, occupied, grazing=grazing)
    assert there.clear == back.clear
    assert there.crossed == back.crossed[::-1]
    assert there.grazed == {h: -s for h, s in back.grazed.items()}


@given(boards(), st.integers(0, 5))
def test_adjacent_hexes_always_see_each_other(case, direction: int) -> None:
    'S-8: only a hex "the line passes through" blocks, and between neighbours there is none.'
    board, occupied, a, _ = case
    b = a.neighbor(direction)
    if b in board:
        for grazing in ("both", "either"):
            result = line_of_sight(board, a, b, occupied, grazing=grazing)
            assert result.clear and result.crossed == ()


@given(boards())
def test_range_is_hex_distance(case) -> None:
    "B-8: \"Range is ... the number of hexes ... including the target's hex but excluding the shooter's hex.\""
    board, occupied, a, b = case
    assert line_of_sight(board, a, b, occupied).range == distance(a, b)


@given(boards())
def test_either_blocks_at_least_what_both_blocks(case) -> None:
    'S-8 grazing options: "either" is the stricter reading of the same line.'
    board, occupied, a, b = case
    if not line_of_sight(board, a, b, occupied, grazing="both").clear:
        assert not line_of_sight(board, a, b, occupied, grazing="either").clear


@given(boards())
def test_shifted_lines_step_from_neighbour_to_neighbour(case) -> None:
    "S-8: the hexes a (shifted) line passes through, in order, form a chain of neighbours."
    board, _, a, b = case
    result = line_of_sight(board, a, b)
    for keep in (1, -1):
        chain = [a] + [h for h in result.crossed if result.grazed.get(h, keep) == keep] + [b]
        if all(board.grid.edge_distance(h) > 0 for h in chain) and a != b:
            assert all(distance(x, y) == 1 for x, y in zip(chain, chain[1:], strict=False))


@given(boards(), st.integers(1, 4), st.sampled_from(["both", "either"]))
def test_visible_from_is_line_of_sight_for_every_hex_in_range(case, max_range: int, grazing: str) -> None:
    "S-8: the vectorised query applies the same rule as the single one."
    board, occupied, a, _ = case
    vis = visible_from(board, a, max_range, occupied, grazing=grazing)
    expected = {h for h in hex_range(a, max_range) if h in board and h != a}
    assert set(vis.targets) == expected
    for target, blocker in vis.targets.items():
        assert line_of_sight(board, a, target, occupied, grazing=grazing).blocked_by == blocker
