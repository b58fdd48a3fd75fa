"""The hexes in full detail come from tiles painted once per zoom: what they show must be what
painting the hexes directly shows, after pans, edits and evictions (up to the antialiasing of
the one-pixel grid lines, which Qt clips at a tile's edge: at most 8 levels of a channel, as
between a cached and an uncached view, never another colour)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from bofa_studio.board.model import Terrain
from bofa_studio.ui import style
from bofa_studio.ui.map import tiles as tiles_module
from tests.ui.conftest import hx, small_board
from tests.ui.map.test_view import close, fresh_paint, grab, make_view, pixel_at_hex


def worst_difference(a: QImage, b: QImage) -> int:
    """The largest difference of one colour channel between two images of the same size."""
    assert a.size() == b.size()
    worst = 0
    for y in range(a.height()):
        for x in range(a.width()):
            pa, pb = a.pixel(x, y), b.pixel(x, y)
            if pa != pb:
                worst = max(worst, *(abs(((pa >> s) & 255) - ((pb >> s) & 255)) for s in (0, 8, 16)))
    return worst


@pytest.mark.parametrize("zoom", [1.0, 2.7])
def test_a_view_painted_from_tiles_looks_like_a_view_painted_hex_by_hex(qtbot, zoom):
    view = make_view(qtbot, small_board())
    view.zoom_by(zoom)
    view.settle()
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 37)
    view.verticalScrollBar().setValue(view.verticalScrollBar().value() + 11)
    tiled = grab(view)
    assert len(view.map_scene.tiles) > 0  # the frame really came from tiles
    assert worst_difference(tiled, fresh_paint(qtbot, view)) <= 8


def test_a_pan_reuses_the_tiles_and_shows_the_newly_exposed_hexes(qtbot):
    view = make_view(qtbot, small_board())
    view.zoom_by(3.0)
    view.settle()
    grab(view)
    painted = len(view.map_scene.tiles)
    bar = view.horizontalScrollBar()
    for _ in range(6):  # a pan, a few pixels a frame, as a mouse drag
        bar.setValue(bar.value() + 9)
        grab(view)
    # A pan of 54 pixels reaches at most one new column of tiles.
    assert len(view.map_scene.tiles) <= painted + painted // 2 + 1
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8


def test_an_edited_hex_shows_when_its_tile_comes_back_into_view(qtbot):
    board = small_board()
    view = make_view(qtbot, board)
    view.zoom_by(2.5)
    view.settle()
    grab(view)
    board.set_terrain(hx(board, "0202"), Terrain.SUMMIT)
    bar = view.horizontalScrollBar()
    start = bar.value()
    bar.setValue(bar.maximum())  # away from the edited hex and back: its tile must be painted anew
    grab(view)
    bar.setValue(start)
    view.verticalScrollBar().setValue(0)
    assert close(pixel_at_hex(view, grab(view), "0202"), style.hex_fill(Terrain.SUMMIT, 0))


def test_tiles_are_capped_and_an_evicted_tile_is_painted_again(qtbot, monkeypatch):
    monkeypatch.setattr(tiles_module, "MAX_TILES", 3)
    view = make_view(qtbot, small_board())
    view.zoom_by(2.0)
    view.settle()
    bar = view.horizontalScrollBar()
    for value in (bar.maximum(), bar.minimum(), bar.maximum() // 2):
        bar.setValue(value)
        grab(view)
        assert len(view.map_scene.tiles) <= 3
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8
