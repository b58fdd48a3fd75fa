"""Small defects from issue 18: the zoom figure after Fit, a level on flat ground, area names."""

from __future__ import annotations

from bofa_studio.board.model import Terrain
from bofa_studio.ui.map.scene import ToolEvent
from tests.ui.conftest import hx


def test_the_zoom_figure_follows_view_fit_without_a_mouse_move(window):
    """Issue 18: the zoom figure was stale after View > Fit."""
    window.view.zoom_by(3.0)
    window.fit_action.trigger()
    assert window.zoom_info.text() == f"{window.view.current_scale() * 100:.0f}%"
    window.zoom_in_action.trigger()
    assert window.zoom_info.text() == f"{window.view.current_scale() * 100:.0f}%"


def test_the_level_tool_says_so_when_it_lifts_plain_ground(window):
    """Issue 18: the Level tool put levels on plain hexes without a word."""
    board = window.document.board
    window.set_tool("level")
    messages = []
    window.ctx.message = messages.append
    tool = window.tool
    tool.mode, tool.level = "set", 2
    for label in ("0101", "0707"):  # a mountain, then a plain hex
        h = hx(board, label)
        tool.press(ToolEvent(window.scene.hex_center(h), h))
        tool.release(ToolEvent(window.scene.hex_center(h), h))
    assert board.terrain(hx(board, "0707")) == Terrain.PLAIN and board.level(hx(board, "0707")) == 2
    assert len(messages) == 1
    assert "1 plain hex (0707) now above level 0" in messages[0]


def test_a_new_area_typed_as_words_is_offered_under_its_namespace(window):
    """Issue 18: "Setup Dark" was offered as setup_dark, not the setup.dark scenarios expect."""
    messages = []
    window.set_tool("area")
    window.tool.ctx.message = messages.append
    assert not window.tool.create_area("Setup Dark")
    assert "for example setup.dark" in messages[-1]


def test_undoing_a_resize_shows_the_map_as_it_was_seen(window):
    """Issue 18: undoing a resize jumped the zoom and clipped the map."""
    view = window.view

    def shown():
        return view.mapToScene(view.viewport().rect()).boundingRect()

    view.fit()
    view.zoom_by(1.5)
    view.center_on_hexes([hx(window.document.board, "0304")])
    before_scale, before_center = view.current_scale(), shown().center()
    old = window.document.board
    window.resize_map(14, 12)
    assert shown().contains(window.scene.board_rect())  # a new size is shown whole
    for _ in range(4):
        view.zoom_in()  # look closer at the new columns, then think better of it
    zoomed_scale, zoomed_center = view.current_scale(), shown().center()
    window.document.undo_stack.undo()
    assert window.document.board.grid.columns == 10
    assert abs(view.current_scale() - before_scale) < 1e-9
    assert (shown().center() - before_center).manhattanLength() < 2
    # Not clipped: the scene is the old map's, so all of it can be scrolled to.
    assert window.scene.board is old and window.scene.sceneRect().contains(window.scene.board_rect())
    assert window.zoom_info.text() == f"{view.current_scale() * 100:.0f}%"
    window.document.undo_stack.redo()
    assert abs(view.current_scale() - zoomed_scale) < 1e-9
    assert (shown().center() - zoomed_center).manhattanLength() < 2
    assert window.zoom_info.text() == f"{view.current_scale() * 100:.0f}%"


def test_save_as_offers_a_file_named_after_the_map_beside_the_scan(window, tmp_path):
    """Issue 18: Save proposed map.json in another folder than the one being worked in."""
    from PySide6.QtGui import QImage

    from bofa_studio.board.model import MapMeta

    window.document.board.set_meta(MapMeta(name="Lonely Mountain (redrawn)"))
    (tmp_path / "scans").mkdir()
    scan = tmp_path / "scans" / "sheet.png"
    QImage(20, 20, QImage.Format.Format_RGB32).save(str(scan))
    assert window.load_scan(scan)
    assert window.suggested_save_path(".json") == scan.resolve().parent / "lonely-mountain-redrawn.json"
    window._write(tmp_path / "mine.json")
    assert window.suggested_save_path(".json") == tmp_path / "mine.json"
