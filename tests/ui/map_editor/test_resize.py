"""Resize at any edge in the map editor (issue 18, item 6); the transformation itself is
tested headless in tests/board/test_resize.py."""

from __future__ import annotations

from bofa_studio.board.model import Terrain
from bofa_studio.board.resize import EdgeChange
from bofa_studio.ui.dialogs import ResizeDialog
from bofa_studio.ui.map_editor.window import resize_question
from tests.ui.conftest import hx


def test_a_column_on_the_west_and_a_row_less_at_the_top_asks_first_then_is_one_undo_step(window):
    """Issue 18: resize only added or removed at the right and bottom."""
    dialog = ResizeDialog(window.document.board.grid, window)
    dialog.west.setValue(1)
    dialog.top.setValue(-1)
    assert dialog.edges() == EdgeChange(west=1, top=-1)
    assert dialog.size.text() == "11 columns x 7 rows"
    dialog.deleteLater()

    board = window.document.board
    window.select_tool.select([hx(board, "0505")])
    asked = []
    window.confirm_resize = lambda report: asked.append(resize_question(report)) or True
    assert window.resize_edges(EdgeChange(west=1, top=-1))
    question = asked[0]
    assert question.startswith("Resize map to 11 x 7 (1 column added on the west, 1 row removed at the top).")
    assert "every hex is renumbered: 0102 becomes 0201" in question
    assert "• area dale" in question.split("Lost")[0]
    assert "Lost (it falls off the map):\n• 2 hexes with terrain, levels or features (0101, 0201)" in question

    new = window.document.board
    assert window.scene.board is new
    assert window.select_tool.selection == frozenset()  # 0505 now names another hex
    assert new.terrain(hx(new, "0604")) == Terrain.DALE  # was 0505: one column east, one row up
    assert new.areas["dale"] == {hx(new, "0604")}
    assert new.terrain(hx(new, "0201")) == Terrain.MOUNTAIN  # was 0102
    window.document.undo_stack.undo()
    assert window.document.board is board and window.scene.board is board
    assert board.terrain(hx(board, "0505")) == Terrain.DALE
    assert window.document.undo_stack.count() == 1

    # Cancelled: nothing changes.
    window.confirm_resize = lambda report: False
    assert not window.resize_edges(EdgeChange(west=-1))
    assert window.document.board is board
