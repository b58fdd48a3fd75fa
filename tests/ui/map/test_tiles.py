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
from tests.ui.pixels import channel_differences


def worst_difference(a: QImage, b: QImage) -> int:
    """The largest difference of one colour channel between two images of the same size."""
    return int(channel_differences(a, b).max(initial=0))


def pan(view, dx: int, dy: int = 0, steps: int = 1) -> None:
    """Scroll a few pixels a frame, as a mouse drag does: each frame exposes a strip."""
    for _ in range(steps):
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + dx)
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() + dy)
        grab(view)


def zoomed(qtbot, zoom: float):
    view = make_view(qtbot, small_board())
    view.zoom_by(zoom)
    view.settle()
    grab(view)  # the whole view: painted directly, no tiles
    return view


@pytest.mark.parametrize("zoom", [1.4, 2.7])
def test_a_view_panned_over_tiles_looks_like_a_view_painted_hex_by_hex(qtbot, zoom):
    view = zoomed(qtbot, zoom)
    assert len(view.map_scene.tiles) == 0  # a full paint does not pay for tiles
    pan(view, 13, 7, steps=4)
    assert len(view.map_scene.tiles) > 0  # the strips really came from tiles
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8


def test_a_pan_paints_a_column_of_tiles_and_then_reuses_it(qtbot):
    view = zoomed(qtbot, 3.0)
    pan(view, 9)
    column = len(view.map_scene.tiles)
    assert column > 0
    pan(view, 9, steps=5)  # 45 pixels more: within the next column of 128-pixel tiles at most
    assert len(view.map_scene.tiles) <= 2 * column
    pan(view, -9, steps=6)  # and back over the same ground: nothing new to paint
    grown = len(view.map_scene.tiles)
    pan(view, 9, steps=6)
    assert len(view.map_scene.tiles) == grown
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8


def test_an_edited_hex_is_painted_anew_over_its_tile(qtbot):
    view = zoomed(qtbot, 2.5)
    board = view.map_scene.board
    view.horizontalScrollBar().setValue(0)
    view.verticalScrollBar().setValue(0)
    grab(view)
    pan(view, 11, steps=3)  # and back: the map's left edge repainted from tiles
    pan(view, -11, steps=3)
    assert len(view.map_scene.tiles) > 0
    board.set_terrain(hx(board, "0104"), Terrain.SUMMIT)  # a hex on the left edge
    assert close(pixel_at_hex(view, grab(view), "0104"), style.hex_fill(Terrain.SUMMIT, 0))
    pan(view, 11, steps=3)  # the edge again, from its tile: painted since the edit
    pan(view, -11, steps=3)
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8


def test_tiles_are_capped_and_an_evicted_tile_is_painted_again(qtbot, monkeypatch):
    monkeypatch.setattr(tiles_module, "MAX_TILES", 3)
    view = zoomed(qtbot, 2.0)
    pan(view, 17, steps=6)
    assert len(view.map_scene.tiles) <= 3
    pan(view, -17, steps=6)
    assert len(view.map_scene.tiles) <= 3
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8


def test_a_slow_diagonal_drag_at_a_close_zoom_leaves_no_stale_strip(qtbot):
    # Strips one pixel wide, both ways at once: a fifth of a scene unit at this zoom, which
    # Qt's clip in scene units rounds to nothing.
    view = zoomed(qtbot, 5.0)
    pan(view, 1, 1, steps=5)
    pan(view, 2, -1, steps=3)
    assert len(view.map_scene.tiles) > 0
    assert worst_difference(grab(view), fresh_paint(qtbot, view)) <= 8
