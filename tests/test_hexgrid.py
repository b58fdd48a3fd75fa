"""Hex math: labels, distances, neighbours, lines and geometry, for both orientations."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bofa_studio.hexgrid import (
    DIRECTIONS,
    GridSpec,
    Hex,
    Hexside,
    Orientation,
    Shifted,
    direction_between,
    distance,
    hex_line,
    hex_range,
    is_straight_line,
    ring,
)

hexes = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
grids = st.builds(
    GridSpec,
    st.sampled_from(list(Orientation)),
    st.integers(1, 40),
    st.integers(1, 40),
    st.sampled_from(list(Shifted)),
)


@given(grids, st.data())
def test_labels_round_trip(grid, data):
    col = data.draw(st.integers(0, grid.columns - 1))
    row = data.draw(st.integers(0, grid.rows - 1))
    h = grid.from_offset(col, row)
    label = grid.label(h)
    assert label == f"{col + 1:02d}{row + 1:02d}"
    assert grid.parse_label(label) == h
    assert grid.contains(h)


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    assert distance(a, b) == distance(b, a) >= 0


@given(hexes, hexes, hexes)
def test_distance_obeys_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_every_neighbour_is_at_distance_one(h):
    neighbours = h.neighbors()
    assert len(set(neighbours)) == 6
    assert all(distance(h, n) == 1 for n in neighbours)
    assert all(direction_between(h, n) == i for i, n in enumerate(neighbours))


@given(hexes, st.integers(0, 6))
def test_ring_and_range(center, radius):
    assert all(distance(center, h) == radius for h in ring(center, radius))
    assert len(ring(center, radius)) == (6 * radius if radius else 1)
    within = hex_range(center, radius)
    assert len(within) == 1 + 3 * radius * (radius + 1)
    assert {h for h in within} == {h for k in range(radius + 1) for h in ring(center, k)}


@given(hexes, hexes)
def test_hex_line_steps_one_hex_at_a_time(a, b):
    line = hex_line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(line, line[1:], strict=False))


def test_straight_lines():
    a = Hex(0, 0)
    assert is_straight_line([a, a + DIRECTIONS[2], a + DIRECTIONS[2].scaled(2)])
    assert not is_straight_line([a, a + DIRECTIONS[2], a + DIRECTIONS[2] + DIRECTIONS[3]])
    assert not is_straight_line([a, Hex(2, 0)])


def test_flat_even_columns_sit_lower_as_printed():
    """On a flat-top map numbered with even columns shifted, 0201 is below and right of 0101."""
    grid = GridSpec(Orientation.FLAT, 10, 10, Shifted.EVEN)
    (x1, y1), (x2, y2) = grid.center(grid.parse_label("0101")), grid.center(grid.parse_label("0201"))
    assert x2 > x1 and y2 > y1
    assert distance(grid.parse_label("0101"), grid.parse_label("0201")) == 1
    assert distance(grid.parse_label("0102"), grid.parse_label("0201")) == 1


def test_flat_odd_columns_sit_lower():
    grid = GridSpec(Orientation.FLAT, 10, 10, Shifted.ODD)
    (_, y1), (_, y2) = grid.center(grid.parse_label("0101")), grid.center(grid.parse_label("0201"))
    assert y2 < y1


def test_pointy_rows_shift_right():
    grid = GridSpec(Orientation.POINTY, 10, 10, Shifted.EVEN)
    (x1, _), (x2, _) = grid.center(grid.parse_label("0101")), grid.center(grid.parse_label("0102"))
    assert x2 > x1


@pytest.mark.parametrize("orientation", list(Orientation))
def test_pixel_to_hex_inverts_center(orientation):
    grid = GridSpec(orientation, 12, 9)
    for h in grid.hexes():
        assert grid.pixel_to_hex(*grid.center(h)) == h


@pytest.mark.parametrize("orientation", list(Orientation))
def test_corners_are_one_unit_from_center_and_shared(orientation):
    grid = GridSpec(orientation, 4, 4)
    a = grid.parse_label("0202")
    for n in a.neighbors():
        shared = [c for c in grid.corners(a) if any(math.dist(c, d) < 1e-9 for d in grid.corners(n))]
        assert len(shared) == 2
        end_a, end_b = grid.hexside_segment(Hexside.between(a, n))
        assert {tuple(round(v, 9) for v in p) for p in (end_a, end_b)} == {
            tuple(round(v, 9) for v in p) for p in shared
        }


def test_hexside_key_is_canonical():
    a, b = Hex(3, 4), Hex(4, 4)
    assert Hexside.between(a, b) == Hexside.between(b, a)
    assert Hexside.between(a, b).hexes == (a, b)
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside.between(a, Hex(5, 4))


@pytest.mark.parametrize("bad", ["12", "abcd", "0a01", "00 1", "0001", "0100"])
def test_bad_labels_are_refused_with_the_label(bad):
    with pytest.raises(ValueError, match="label"):
        GridSpec().parse_label(bad)
