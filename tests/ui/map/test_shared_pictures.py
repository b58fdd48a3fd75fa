"""Windows on the same unedited map share its pictures (ui/map/pictures.py): a second window
shows exactly what painting it would show, an edited board is always painted as it now is."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from bofa_studio.board import load_map, save_map
from bofa_studio.board.model import Terrain
from bofa_studio.ui import style
from bofa_studio.ui.map import pictures
from bofa_studio.ui.map.scene import MapScene
from bofa_studio.ui.map.view import MapView
from tests.ui.conftest import hx, small_board
from tests.ui.map.test_view import close, pixel_at_hex
from tests.ui.pixels import pixels


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "small.json"
    save_map(small_board(), path)
    pictures.clear()  # what earlier tests kept must not answer for this one
    yield path
    pictures.clear()


@pytest.fixture
def hexes_painted(monkeypatch):
    """How many times any scene painted hexes, in full detail or as a zoom image's."""
    count = [0]
    paint = MapScene.paint_hexes

    def counted(self, painter, rect):
        count[0] += 1
        paint(self, painter, rect)

    monkeypatch.setattr(MapScene, "paint_hexes", counted)
    return count


def shown(qtbot, board, share: bool = True, **display) -> tuple[MapView, QImage]:
    """A still, fitted view of ``board`` as a window shows it, and its pixels."""
    view = MapView(board, fast=False)
    view.map_scene.share_pictures = share
    if display:
        view.map_scene.set_display(**display)
    qtbot.addWidget(view)
    view.resize(640, 520)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    QApplication.processEvents()
    return view, grab(view)


def grab(view: MapView) -> QImage:
    QApplication.processEvents()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def same(a: QImage, b: QImage) -> bool:
    return a.size() == b.size() and bool(np.array_equal(pixels(a), pixels(b)))


def test_a_second_window_on_the_same_map_shows_the_same_pixels_without_painting_a_hex(qtbot, map_file,
                                                                                        hexes_painted):
    painted_alone = shown(qtbot, load_map(map_file), share=False)[1]
    first = shown(qtbot, load_map(map_file))[1]
    before = hexes_painted[0]
    second = shown(qtbot, load_map(map_file))[1]
    assert hexes_painted[0] == before  # the first window's picture, not a paint of its own
    assert same(first, painted_alone) and same(second, painted_alone)


def test_a_window_on_an_edited_board_shows_the_edit_and_the_next_window_on_the_file_does_not(qtbot, map_file):
    shown(qtbot, load_map(map_file))  # the file's picture is kept
    board = load_map(map_file)
    board.set_terrain(hx(board, "0707"), Terrain.SUMMIT)  # as a map editor's tool would
    view, image = shown(qtbot, board)
    assert close(pixel_at_hex(view, image, "0707"), style.hex_fill(Terrain.SUMMIT, 0))
    assert same(image, shown(qtbot, board, share=False)[1])
    view, image = shown(qtbot, load_map(map_file))
    assert close(pixel_at_hex(view, image, "0707"), style.hex_fill(Terrain.PLAIN, 0))


def test_an_edit_in_a_window_that_showed_a_shared_picture_is_drawn(qtbot, map_file):
    shown(qtbot, load_map(map_file))
    board = load_map(map_file)
    view, image = shown(qtbot, board)
    assert close(pixel_at_hex(view, image, "0707"), style.hex_fill(Terrain.PLAIN, 0))
    board.set_terrain(hx(board, "0707"), Terrain.SUMMIT)
    assert close(pixel_at_hex(view, grab(view), "0707"), style.hex_fill(Terrain.SUMMIT, 0))
    board.set_terrain(hx(board, "0707"), Terrain.PLAIN)  # an undo: the content is the file's again
    assert close(pixel_at_hex(view, grab(view), "0707"), style.hex_fill(Terrain.PLAIN, 0))


def test_windows_showing_the_map_another_way_get_their_own_picture(qtbot, map_file):
    labelled = shown(qtbot, load_map(map_file))[1]
    bare = shown(qtbot, load_map(map_file), labels=False, levels=False)[1]
    assert not same(bare, labelled)
    assert same(bare, shown(qtbot, load_map(map_file), share=False, labels=False, levels=False)[1])
    view = MapView(load_map(map_file), fast=False)  # another size: another camera
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    view.fit()
    assert grab(view).size() != labelled.size()


def test_the_zoom_image_of_an_unedited_map_is_painted_once_for_every_window(map_file, hexes_painted):
    first = MapScene(load_map(map_file))
    image, _ = first.zoom_image(1.0)
    painted = hexes_painted[0]
    second = MapScene(load_map(map_file))
    assert second.zoom_image(1.0)[0].cacheKey() == image.cacheKey()
    assert hexes_painted[0] == painted
    edited = load_map(map_file)
    edited.set_terrain(hx(edited, "0707"), Terrain.SUMMIT)
    assert MapScene(edited).zoom_image(1.0)[0].toImage() != image.toImage()
    for scene in (first, second):
        scene.detach()


def test_the_kept_pictures_stay_within_their_memory_budget(qapp, monkeypatch, map_file):
    """Pictures of many windows (other sizes, other options) do not pile up: the least recently
    used go once the budget is spent, and the one just painted is always kept."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QPainter

    monkeypatch.setattr(pictures, "MAX_BYTES", 3 * 200 * 100 * 4)  # three 200x100 pictures
    device = QImage(200, 100, QImage.Format.Format_ARGB32_Premultiplied)
    for n in range(5):
        painter = QPainter(device)
        assert pictures.draw_shared(painter, QRectF(0, 0, 200, 100), ("content", n), QColor("white"),
                                    lambda p, r: p.fillRect(r, QColor("black")))
        painter.end()
    assert len(pictures._views) == 3
    monkeypatch.setattr(pictures, "MAX_BYTES", 1)
    painter = QPainter(device)
    pictures.draw_shared(painter, QRectF(0, 0, 200, 100), ("content", 9), QColor("white"), lambda p, r: None)
    painter.end()
    assert len(pictures._views) == 1
