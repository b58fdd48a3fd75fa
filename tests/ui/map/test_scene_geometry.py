"""The scene builds each hex from one shape moved to the hex's centre, instead of computing
six corners a hex: the hexes must still stand exactly where the grid puts them."""

from __future__ import annotations

import pytest

from bofa_studio.board.model import Board, MapMeta
from bofa_studio.hexgrid import GridSpec, Orientation
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import MapScene


@pytest.mark.parametrize("orientation", [Orientation.FLAT, Orientation.POINTY])
def test_every_hex_polygon_centre_and_the_board_rect_are_the_grids(qapp, orientation):
    board = Board(GridSpec(orientation=orientation, columns=9, rows=7), MapMeta(name="shape"))
    scene = MapScene(board)
    px = style.HEX_PX
    for h in board.hexes():
        polygon, centre, bounds = scene.hex_geometry(h)
        corners = [c * px for corner in board.grid.corners(h) for c in corner]
        assert [c for p in polygon for c in (p.x(), p.y())] == pytest.approx(corners, abs=1e-9)
        assert [c for p in scene.hex_polygon(h) for c in (p.x(), p.y())] == pytest.approx(corners, abs=1e-9)
        x, y = board.grid.center(h)
        assert (centre.x(), centre.y()) == pytest.approx((x * px, y * px), abs=1e-9)
        assert bounds.contains(polygon.boundingRect())
    x0, y0, x1, y1 = board.grid.bounds()
    rect = scene.board_rect()
    assert (rect.left(), rect.top(), rect.right(), rect.bottom()) == pytest.approx(
        (x0 * px, y0 * px, x1 * px, y1 * px), abs=1e-9)
    scene.detach()
