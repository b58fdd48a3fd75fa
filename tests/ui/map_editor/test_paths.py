"""The Paths tool: a path is the line of hexes you draw, so neighbouring paths stay apart."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.board.model import HexFeature
from bofa_studio.ui.map.scene import ToolEvent
from tests.ui.conftest import hx


def _drag(window, labels, button=Qt.MouseButton.LeftButton):
    board = window.document.board
    window.set_tool("path")
    tool = window.tool
    hexes = [hx(board, label) for label in labels]
    tool.press(ToolEvent(window.scene.hex_center(hexes[0]), hexes[0], button, button))
    for h in hexes[1:]:
        tool.move(ToolEvent(window.scene.hex_center(h), h, Qt.MouseButton.NoButton, button))
    tool.release(ToolEvent(window.scene.hex_center(hexes[-1]), hexes[-1], button))


def _lines(board):
    return sorted(tuple(board.label(h) for h in p.hexes) for p in board.paths)


def test_two_parallel_paths_stay_two_lines_and_draw_no_rungs(window):
    """Issue 18: paths joined every adjacent path hex, so two parallel paths merged."""
    board = window.document.board
    _drag(window, ["0702", "0703", "0704", "0705"])
    _drag(window, ["0802", "0803", "0804", "0805"])
    assert _lines(board) == [("0702", "0703", "0704", "0705"), ("0802", "0803", "0804", "0805")]
    assert all(board.has_feature(hx(board, f"0{c}0{r}"), HexFeature.PATH) for c in (7, 8) for r in (2, 3, 4, 5))
    # Drawn: two polylines of four points, no line across between the columns.
    assert window.scene.road_layer.path.elementCount() == 8
    assert window.document.undo_stack.count() == 2
    assert window.document.undo_stack.undoText() == "Draw path 0802-0805 (4 hexes)"


def test_one_more_hex_beside_a_path_does_not_make_a_triangle(window):
    """Issue 18: one extra path hex joined both its path neighbours, drawing a triangle."""
    board = window.document.board
    _drag(window, ["0303", "0403", "0503"])
    _drag(window, ["0403", "0404"])  # a spur off the middle: its own line
    assert _lines(board) == [("0303", "0403", "0503"), ("0403", "0404")]
    assert window.scene.road_layer.path.elementCount() == 5


def test_a_drag_from_a_path_end_extends_it_and_going_back_takes_hexes_off(window):
    board = window.document.board
    _drag(window, ["0202", "0203"])
    _drag(window, ["0203", "0204", "0205", "0204"])  # on to 0205, then back to 0204
    assert _lines(board) == [("0202", "0203", "0204")]
    assert window.document.undo_stack.undoText() == "Extend path to 0204"
    window.document.undo_stack.undo()
    assert _lines(board) == [("0202", "0203")]
    assert not board.has_feature(hx(board, "0204"), HexFeature.PATH)


def test_a_fast_drag_fills_the_hexes_it_skipped(window):
    board = window.document.board
    _drag(window, ["0202", "0206"])
    assert _lines(board) == [("0202", "0203", "0204", "0205", "0206")]


def test_right_drag_erases_and_splits_a_path_in_one_step(window):
    board = window.document.board
    _drag(window, ["0602", "0603", "0604", "0605", "0606"])
    _drag(window, ["0604"], Qt.MouseButton.RightButton)
    assert _lines(board) == [("0602", "0603"), ("0605", "0606")]
    assert not board.has_feature(hx(board, "0604"), HexFeature.PATH)
    window.document.undo_stack.undo()
    assert _lines(board) == [("0602", "0603", "0604", "0605", "0606")]


def test_paths_survive_save_and_reopen(window, tmp_path):
    from bofa_studio.board.mapfile import load_map

    _drag(window, ["0202", "0203", "0303"])
    assert window._write(tmp_path / "paths.json")
    assert _lines(load_map(tmp_path / "paths.json")) == [("0202", "0203", "0303")]
