"""The map view caches the hexes (the scene's background): edits and camera moves must still show."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QCursor, QImage
from PySide6.QtWidgets import QApplication, QGraphicsView

from bofa_studio.board.model import HexsideFeature, SlopeLine, Terrain
from bofa_studio.hexgrid import Hexside
from bofa_studio.ui import style
from bofa_studio.ui.map.view import MapView
from tests.ui.conftest import hx, small_board
from tests.ui.pixels import channel_differences, pixels_apart


def make_view(qtbot, board, cached: bool = True) -> MapView:
    view = MapView(board)
    if not cached:  # every frame painted hex by hex: no background cache, no tiles
        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        view.map_scene.use_tiles = False
    qtbot.addWidget(view)
    view.resize(700, 560)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    view.settle()
    QApplication.processEvents()
    return view


def grab(view: MapView) -> QImage:
    QApplication.processEvents()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def pixel_at_hex(view: MapView, image: QImage, label: str) -> QColor:
    centre = view.mapFromScene(view.map_scene.hex_center(hx(view.map_scene.board, label)))
    return QColor(image.pixel(QPoint(centre.x(), centre.y())))


def close(a: QColor, b: QColor, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_the_view_caches_the_hexes_when_still_and_not_while_zooming(qtbot):
    view = make_view(qtbot, small_board())
    view.settle()  # a late resize event refits the map, which draws drafts until still
    assert view.cacheMode() & QGraphicsView.CacheModeFlag.CacheBackground
    # A zoom frame changes every pixel: a background cache would only be painted and copied.
    view.zoom_by(1.2)
    assert view.cacheMode() == QGraphicsView.CacheModeFlag.CacheNone
    view.settle()
    assert view.cacheMode() & QGraphicsView.CacheModeFlag.CacheBackground


def test_painting_a_hex_after_the_view_cached_it_shows(qtbot):
    board = small_board()
    view = make_view(qtbot, board)
    before = grab(view)
    grab(view)  # painted twice: the second frame comes from the cache
    plain = style.hex_fill(Terrain.PLAIN, 0)
    assert close(pixel_at_hex(view, before, "0707"), plain)

    board.set_terrain(hx(board, "0707"), Terrain.SUMMIT)
    after = grab(view)
    assert close(pixel_at_hex(view, after, "0707"), style.hex_fill(Terrain.SUMMIT, 0))
    assert close(pixel_at_hex(view, after, "0808"), plain)  # its neighbours kept their paint

    board.set_terrain(hx(board, "0707"), Terrain.PLAIN)  # as an undo would
    assert close(pixel_at_hex(view, grab(view), "0707"), plain)


def images_match(a: QImage, b: QImage) -> bool:
    """Equal up to the rounding of compositing a cached pixmap (a few levels per channel)."""
    return int(channel_differences(a, b, step=2).max(initial=0)) <= 8


def fresh_paint(qtbot, view: MapView) -> QImage:
    """What ``view`` shows, painted from scratch by an uncached view of the same board and camera."""
    fresh = make_view(qtbot, view.map_scene.board, cached=False)
    fresh.map_scene.display = view.map_scene.display
    fresh.setTransform(view.transform())
    QApplication.processEvents()  # scroll bars appear: set the camera after the layout
    for bar, same in ((fresh.horizontalScrollBar(), view.horizontalScrollBar()),
                      (fresh.verticalScrollBar(), view.verticalScrollBar())):
        bar.setValue(same.value())
    fresh.settle()
    image = grab(fresh)
    assert fresh.mapFromScene(0, 0) == view.mapFromScene(0, 0)
    fresh.map_scene.detach()
    return image


@pytest.mark.parametrize("zoom", [1.3, 2.5])
def test_cached_view_after_zoom_edits_and_pan_equals_a_fresh_paint(qtbot, zoom):
    board = small_board()
    view = make_view(qtbot, board)
    view.zoom_by(zoom)
    assert view.map_scene.draft
    grab(view)  # caches a draft
    view.settle()
    assert images_match(grab(view), fresh_paint(qtbot, view))  # full detail again, not the draft
    # Every kind of model edit the editor tools make, after the cache is filled.
    board.set_terrain(hx(board, "0404"), Terrain.MOUNTAIN, 3)
    board.set_terrain(hx(board, "0101"), Terrain.PLAIN)
    board.set_hexside_features(hx(board, "0303"), hx(board, "0304"), [HexsideFeature.FRONT_GATE_WALL])
    board.set_slope_lines([SlopeLine((hx(board, "0201"), hx(board, "0301"), hx(board, "0401")))])
    board.set_area("dale", [hx(board, "0505"), hx(board, "0506")])
    grab(view)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 31)
    view.verticalScrollBar().setValue(view.verticalScrollBar().value() + 17)
    assert images_match(grab(view), fresh_paint(qtbot, view))
    view.map_scene.set_display(areas=True, labels=False)
    assert images_match(grab(view), fresh_paint(qtbot, view))


def test_a_keyboard_zoom_moves_the_hovered_hex_under_a_still_mouse(qtbot, monkeypatch):
    """The status bar and the hover outline follow the hex under the mouse, also when the map
    moves under it (keys, scroll bars) and the mouse does not."""
    view = make_view(qtbot, small_board())
    # An earlier test may have left the real pointer over the view; zoom anchors there.
    QCursor.setPos(view.mapToGlobal(QPoint(-500, -500)))
    corner = QPoint(view.viewport().width() // 4, view.viewport().height() // 4)
    monkeypatch.setattr(view, "cursor_in_viewport", lambda: corner)
    heard = []
    view.hex_hovered.connect(heard.append)
    view.fit()
    before = view.map_scene.hex_at(view.mapToScene(corner))
    for _ in range(4):
        view.zoom_in()
    after = view.map_scene.hex_at(view.mapToScene(corner))
    assert after != before and heard and heard[-1] == after
    monkeypatch.setattr(view, "cursor_in_viewport", lambda: None)  # the mouse is elsewhere
    view.zoom_out()
    assert heard[-1] == after  # nothing to follow


def test_a_zoom_frame_shows_the_board_as_edited_since_the_last_zoom(qtbot):
    """Zoom frames copy one image of the whole board (issue 17): an edit must not leave it stale."""
    board = small_board()
    view = make_view(qtbot, board)
    view.zoom_by(1.3)
    assert view.map_scene.draft
    assert close(pixel_at_hex(view, grab(view), "0707"), style.hex_fill(Terrain.PLAIN, 0))
    view.settle()
    board.set_terrain(hx(board, "0707"), Terrain.SUMMIT)
    view.zoom_by(1.1)
    assert view.map_scene.draft
    assert close(pixel_at_hex(view, grab(view), "0707"), style.hex_fill(Terrain.SUMMIT, 0))


def test_a_zoom_frame_looks_like_the_settled_frame(qtbot):
    """The board image zoom frames scale is the full-detail board, not colours alone."""
    board = small_board()
    view = make_view(qtbot, board)
    view.zoom_by(1.0 / 1.02)  # a zoom step: the image is scaled by under 2%
    moving = grab(view)
    view.settle()
    still = grab(view)
    differ = pixels_apart(moving, still, tolerance=40, step=2)
    assert differ <= still.width() * still.height() / 4 * 0.03


def test_roads_rivers_and_slope_lines_painted_with_the_hexes_show_and_follow_edits(qtbot):
    """Play paints the lines into the background cache (the board never changes there)."""
    board = small_board()
    view = make_view(qtbot, board)
    view.map_scene.set_lines_in_background(True)
    assert not view.map_scene.hexside_layer.isVisible()

    def river_shown(a: str, b: str) -> bool:
        p, q = view.map_scene.hexside_points(Hexside.between(hx(board, a), hx(board, b)))
        middle = view.mapFromScene((p + q) / 2)
        return close(QColor(grab(view).pixel(middle)), style.RIVER, 30)

    assert river_shown("0503", "0603")  # small_board's river
    assert not river_shown("0303", "0304")
    board.set_hexside_features(hx(board, "0303"), hx(board, "0304"), [HexsideFeature.RIVER])
    assert river_shown("0303", "0304")
    view.map_scene.set_display(hexsides=False)
    assert not river_shown("0503", "0603")


def test_a_fitted_map_stays_fitted_when_the_view_is_resized(qtbot):
    view = make_view(qtbot, small_board())
    scale = view.current_scale()
    view.resize(900, 720)
    QApplication.processEvents()
    assert view.current_scale() > scale * 1.2  # refitted to the larger view
    view.zoom_by(1.5)
    zoomed = view.current_scale()
    view.resize(700, 560)
    QApplication.processEvents()
    assert view.current_scale() == zoomed  # the player's own zoom is kept
