"""Bulk tools (issue 18): brushes and fill for levels and areas, fill up to rivers and contours."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.board.model import HexsideFeature, Terrain
from bofa_studio.hexgrid import hex_range
from bofa_studio.ui.map.scene import ToolEvent
from tests.ui.conftest import hx


def _click(window, label, button=Qt.MouseButton.LeftButton):
    board = window.document.board
    h = hx(board, label)
    window.tool.press(ToolEvent(window.scene.hex_center(h), h, button, button))
    window.tool.release(ToolEvent(window.scene.hex_center(h), h, button))


def test_level_brush_sets_seven_hexes_in_one_step(window):
    board = window.document.board
    window.set_tool("level")
    window.brush_larger.trigger()  # ] on the Level tool grows its own brush
    assert window.tool.radius == 1
    window.tool.mode, window.tool.level = "set", 3
    _click(window, "0404")
    ring = [h for h in hex_range(hx(board, "0404"), 1) if h in board]
    assert len(ring) == 7 and all(board.level(h) == 3 for h in ring)
    assert window.document.undo_stack.undoText() == "Set level 3 (7 hexes)"
    assert window.tool_by_key("paint").radius == 0  # the terrain brush is its own


def test_level_fill_sets_a_whole_region_of_one_terrain_and_level(window):
    board = window.document.board
    window.set_tool("level")
    window.tool.mode, window.tool.level = "fill", 2
    _click(window, "0101")  # the three level-2 mountains in the corner
    mountains = [hx(board, label) for label in ("0101", "0201", "0102")]
    # They were level 2 already: fill them to 4 instead.
    window.tool.level = 4
    _click(window, "0101")
    assert all(board.level(h) == 4 for h in mountains)
    assert board.level(hx(board, "0301")) == 0
    assert window.document.undo_stack.undoText() == "Fill level 4 (3 hexes)"


def test_area_brush_and_area_fill(window):
    board = window.document.board
    window.set_tool("area")
    tool = window.tool
    tool.create_area("summit")
    tool.radius = 1
    _click(window, "0707")
    assert board.areas["summit"] == {h for h in hex_range(hx(board, "0707"), 1) if h in board}
    tool.radius, tool.fill = 0, True
    tool.create_area("peaks")
    _click(window, "0201")
    assert board.areas["peaks"] == {hx(board, label) for label in ("0101", "0201", "0102")}
    assert window.document.undo_stack.undoText() == "Add 3 hexes to area peaks"


def test_terrain_fill_up_to_rivers_and_level_changes(window):
    """A valley fills in one click, whatever is painted in it yet, and stops at its river."""
    board = window.document.board
    # A river along the whole west side of column 05 splits the plain in two.
    for row in range(1, board.grid.rows + 1):
        a = hx(board, f"05{row:02d}")
        for n in board.neighbors(a):
            if board.grid.to_offset(n)[0] == 3:  # column 04 (offsets count from 0)
                board.set_hexside_features(a, n, [HexsideFeature.RIVER])
    window.set_tool("fill")
    window.tool.terrain = Terrain.SLOPE
    window.tool.within = "boundary"
    _click(window, "0808")
    east = [h for h in board.hexes() if board.grid.to_offset(h)[0] >= 4]
    west_plain = [h for h in board.hexes() if board.grid.to_offset(h)[0] < 4 and board.level(h) == 0]
    assert all(board.terrain(h) == Terrain.SLOPE for h in east)  # Dale at 0505 too: it is inside
    assert all(board.terrain(h) != Terrain.SLOPE for h in west_plain)
    assert window.document.undo_stack.count() == 1


def test_set_level_by_terrain_is_one_undo_step(window):
    """Issue 18, item 3: "set level by terrain", by the map's ruleset (the 1984 game here)."""
    from dataclasses import replace

    board = window.document.board
    messages = []
    window.ctx.message = messages.append
    board.set_terrain(hx(board, "0505"), Terrain.MOUNTAIN, 0)
    board.set_level(hx(board, "0707"), 2)
    window.level_by_terrain_action.trigger()
    assert "this map is meant for no ruleset" in messages[-1]
    assert window.document.undo_stack.count() == 0

    board.set_meta(replace(board.meta, ruleset="bofa1984"))
    window.set_tool("level")
    window.tool_panel.options["level"].by_terrain.click()
    assert board.level(hx(board, "0505")) == 1 and board.level(hx(board, "0707")) == 0
    assert board.level(hx(board, "0101")) == 2  # a mountain at a level it allows keeps it
    assert window.document.undo_stack.undoText() == "Set level by terrain (2 hexes)"
    assert messages[-1].startswith("1 mountain hex raised to level 1 (0505); 1 plain hex lowered to level 0 (0707)")
    window.document.undo_stack.undo()
    assert board.level(hx(board, "0505")) == 0 and board.level(hx(board, "0707")) == 2
