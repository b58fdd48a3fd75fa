"""The line-of-sight probe draws what bofa_studio.los answers."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.board.model import Terrain
from bofa_studio.los import line_of_sight, visible_from
from bofa_studio.ui.map.scene import ToolEvent
from tests.ui.conftest import hx


def at(window, label, button=Qt.MouseButton.LeftButton, modifiers=Qt.KeyboardModifier.NoModifier):
    h = hx(window.document.board, label)
    return ToolEvent(window.scene.hex_center(h), h, button, button, modifiers)


def test_probe_shades_visible_hexes_and_marks_the_blocker(window):
    board = window.document.board
    board.set_terrain(hx(board, "0504"), Terrain.MOUNTAIN, 3)  # a hill between 0503 and 0505...
    window.set_tool("los")
    probe = window.tool
    probe.set_range(4)
    probe.press(at(window, "0502"))
    assert probe.origin == hx(board, "0502")
    expected = visible_from(board, hx(board, "0502"), 4)
    assert probe.visibility.targets == expected.targets
    assert {"tool.los.visible", "tool.los.blocked"} <= set(window.scene.overlay.keys())
    probe.move(at(window, "0506"))
    assert probe.result == line_of_sight(board, hx(board, "0502"), hx(board, "0506"))
    assert not probe.result.clear and probe.result.blocked_by == hx(board, "0504")
    assert "blocked by 0504" in probe.describe()
    assert "blocked by 0504" in window.tool_panel.options["los"].answer.text()


def test_occupied_hexes_block_and_edits_refresh_the_probe(window):
    board = window.document.board
    window.set_tool("los")
    probe = window.tool
    probe.press(at(window, "0302"))
    probe.move(at(window, "0306"))
    assert probe.result.clear
    probe.press(at(window, "0304", Qt.MouseButton.RightButton))
    assert probe.occupied == {hx(board, "0304")}
    assert not probe.result.clear and probe.result.blocked_by == hx(board, "0304")
    probe.press(at(window, "0304", modifiers=Qt.KeyboardModifier.ShiftModifier))  # toggled off
    assert probe.result.clear
    # Painting Dale on the line (Dale blocks, S-8) updates the answer.
    window.set_tool("paint")
    window.tool.terrain = Terrain.DALE
    window.tool.stroke_hexes([hx(board, "0305")])
    window.set_tool("los")
    assert not probe.result.clear and probe.result.blocked_by == hx(board, "0305")
    assert probe.visibility.targets[hx(board, "0306")] == hx(board, "0305")


def test_probe_overlay_goes_when_another_tool_is_chosen(window):
    window.set_tool("los")
    window.tool.press(at(window, "0302"))
    window.set_tool("paint")
    assert not [k for k in window.scene.overlay.keys() if k.startswith("tool.los")]


def test_undo_while_probing_updates_the_answer(window, qtbot):
    """Undoing the edit that blocked a line used to leave the old answer on screen."""
    board = window.document.board
    window.set_tool("los")
    probe = window.tool
    probe.press(at(window, "0302"))
    probe.move(at(window, "0306"))
    assert probe.result.clear
    window.set_tool("paint")
    window.tool.terrain = Terrain.DALE
    window.tool.stroke_hexes([hx(board, "0305")])
    window.set_tool("los")
    assert probe.result.blocked_by == hx(board, "0305")
    window.undo_action.trigger()  # with the probe on the map
    qtbot.waitUntil(lambda: probe.result.clear)
    assert "0306 (range 4): clear" in window.tool_panel.options["los"].answer.text()
    window.redo_action.trigger()
    qtbot.waitUntil(lambda: not probe.result.clear)
    assert probe.result.blocked_by == hx(board, "0305")
