"""The Problems panel follows edits (debounced) and centres the view on a problem."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.board.model import Terrain
from tests.ui.conftest import hx


def test_lists_problems_and_updates_after_edits(window, qtbot):
    panel = window.validation
    board = window.document.board
    # The test map is meant for no ruleset: geometry alone (its one river hexside is loose).
    assert [p.message for p in panel.problems] == ["the river stops here: river hexsides must form continuous lines"]
    # Meant for the 1984 game, a level on a plain hex is a problem, found after the debounce.
    _meant_for_1984(window)
    window.set_tool("level")
    window.tool.level = 3
    window.tool.stroke_hexes([hx(board, "0808")])
    assert panel.timer.isActive()
    qtbot.waitUntil(lambda: any(p.location == "0808" for p in panel.problems), timeout=2000)
    assert any(p.location == "0808" for p in panel.problems)
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: not any(p.location == "0808" for p in panel.problems), timeout=2000)
    assert panel.list.count() == len(panel.problems)


def test_many_edits_validate_once(window, qtbot, monkeypatch):
    panel = window.validation
    calls = []
    original = panel.refresh
    monkeypatch.setattr(panel, "refresh", lambda: (calls.append(1), original()))
    panel.timer.timeout.disconnect()
    panel.timer.timeout.connect(panel.refresh)
    board = window.document.board
    window.set_tool("paint")
    for label in ("0707", "0708", "0807"):
        window.tool.stroke_hexes([hx(board, label)])
    qtbot.waitUntil(lambda: len(calls) >= 1, timeout=2000)
    qtbot.wait(50)
    assert len(calls) == 1


def _meant_for_1984(window) -> None:
    from dataclasses import replace

    board = window.document.board
    board.set_meta(replace(board.meta, ruleset="bofa1984"))
    window.validation.refresh()


def test_clicking_a_problem_centres_the_view_on_its_hexes(window, qtbot):
    panel = window.validation
    board = window.document.board
    _meant_for_1984(window)
    board.set_terrain(hx(board, "1008"), Terrain.SUMMIT, 0)  # summit at level 0: a problem
    panel.refresh()
    row = next(i for i, p in enumerate(panel.problems) if p.location == "1008")
    window.view.resetTransform()
    window.view.zoom_by(4.0)
    window.view.centerOn(window.scene.hex_center(hx(board, "0101")))
    item = panel.list.item(row)
    rect = panel.list.visualItemRect(item)
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    target = window.scene.hex_center(hx(board, "1008"))
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(target), (centre, target)
    assert "problem" in window.scene.overlay.keys()


def test_the_highlight_goes_when_the_problem_is_fixed(window):
    board = window.document.board
    _meant_for_1984(window)
    window.set_tool("level")
    window.tool.level = 2
    window.tool.stroke_hexes([hx(board, "0808")])  # a plain hex at level 2
    window.validation.refresh()
    problem = next(p for p in window.validation.problems if p.location == "0808")
    window.show_problem(problem)
    assert "problem" in window.scene.overlay.keys()
    window.document.undo_stack.undo()
    window.validation.refresh()
    assert "problem" not in window.scene.overlay.keys()


def test_the_list_follows_the_maps_ruleset(window, qtbot):
    """Marking the map for bofa1984 (one undo step) adds the 1984 requirements; undo takes them away."""
    panel = window.validation
    geometry = list(panel.problems)
    combo = window.properties.ruleset
    assert combo.currentText().startswith("None")
    combo.setCurrentIndex(combo.findData("bofa1984"))
    assert window.document.board.meta.ruleset == "bofa1984"
    qtbot.waitUntil(lambda: any("no Front Gate" in p.message for p in panel.problems), timeout=2000)
    assert any("expected 5 victory locations" in p.message for p in panel.problems)
    assert window.document.undo_stack.undoText() == "Edit map ruleset"
    window.document.undo_stack.undo()
    assert combo.currentText().startswith("None")
    qtbot.waitUntil(lambda: panel.problems == geometry, timeout=2000)


def test_a_map_for_a_ruleset_this_program_lacks_keeps_it_and_says_so(window, tmp_path):
    from bofa_studio.board.mapfile import board_to_dict, save_map
    from bofa_studio.board.model import MapMeta

    board = window.document.board
    board.set_meta(MapMeta(name="For later", ruleset="battle_of_the_pelennor"))
    path = tmp_path / "later.json"
    save_map(board, path)
    assert window.open_map(path)
    combo = window.properties.ruleset
    assert combo.currentText() == "battle_of_the_pelennor (not installed)"
    window.validation.refresh()
    assert [p.location for p in window.validation.problems if "battle_of_the_pelennor" in p.message] == ["ruleset"]
    window.properties.name.setText("Renamed")
    window.properties.commit()
    assert board_to_dict(window.document.board)["ruleset"] == "battle_of_the_pelennor"
