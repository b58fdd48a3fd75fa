"""The map editor on the Helm's Deep board: letter labels, its ruleset's gates and its requirements."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from bofa_studio.board.mapfile import load_map
from bofa_studio.board.model import HexsideFeature
from bofa_studio.hexgrid import Hexside
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.window import MainWindow

MAP = Path(__file__).resolve().parents[3] / "maps" / "helms-deep.json"


@pytest.fixture
def hd_window(qtbot, settings, monkeypatch):
    w = MainWindow(load_map(MAP), str(MAP), settings=settings)
    monkeypatch.setattr(w, "show_error", lambda title, text: pytest.fail(f"unexpected error box: {title}: {text}"))
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.document.undo_stack.setClean()  # closing at teardown must not ask
    w.close()
    w.deleteLater()


def test_the_hexside_tool_draws_the_gates_the_ruleset_declares(hd_window):
    board = hd_window.document.board
    a, b = board.hex_at("E-12"), board.hex_at("E-13")
    pa, pb = hd_window.scene.hexside_points(Hexside.between(a, b))
    hd_window.set_tool("hexside")
    states = []
    for _ in range(3):
        hd_window.tool.press(ToolEvent((pa + pb) / 2, a, Qt.MouseButton.LeftButton))
        hd_window.tool.release(ToolEvent((pa + pb) / 2, a, Qt.MouseButton.LeftButton))
        states.append(board.hexside_features(a, b))
    assert states == [frozenset({HexsideFeature.LIGHT_GATE}), frozenset({HexsideFeature.BIG_GATE}), frozenset()]
    assert hd_window.document.undo_stack.undoText().startswith("Clear hexside")


def test_the_validation_panel_asks_the_maps_ruleset(hd_window):
    from bofa_studio.rules.maps import validate_map as map_problems

    board = hd_window.document.board
    assert map_problems(board) == []  # no Front Gate demanded of Helm's Deep
    board.set_hexside_features(board.hex_at("F-12"), board.hex_at("F-13"), [])
    assert any("four light gates" in str(p) for p in map_problems(board))


def test_the_map_menu_adds_and_links_an_off_board_space_undoably(hd_window):
    """IV: the spaces under the Hornburg are their own levels, entered only through their links."""
    from bofa_studio.ui.dialogs import SpaceAnswer

    menus = [a.text() for a in hd_window.menuBar().actions()]
    assert "&Map" in menus
    before = hd_window.document.board
    assert hd_window.add_space(SpaceAnswer("Cellar-1", "tunnel", 3, ("D-10",), "big_gate"))
    board = hd_window.document.board
    cellar = board.hex_at("Cellar-1")
    assert hd_window.scene.hex_item(cellar) is not None  # drawn beside the grid
    assert hd_window.scene.board_rect().contains(hd_window.scene.hex_center(cellar))
    hd_window.validation.refresh()
    assert any("road tunnel is two off-board spaces, the map has 3" in str(p) for p in hd_window.validation.problems)
    assert hd_window.link_space("Cellar-1", "Tunnel-2")
    assert "Tunnel-2" in {hd_window.document.board.label(n) for n in hd_window.document.board.neighbors(cellar)}
    assert hd_window.document.undo_stack.undoText() == "Link Cellar-1 to Tunnel-2"
    hd_window.document.undo_stack.undo()
    hd_window.document.undo_stack.undo()
    assert hd_window.document.board is before and "Cellar-1" not in before.spaces.values()


def test_a_bad_space_is_refused_with_what_was_expected(hd_window, monkeypatch):
    from bofa_studio.ui.dialogs import SpaceAnswer

    errors = []
    monkeypatch.setattr(hd_window, "show_error", lambda title, text: errors.append(text))
    assert not hd_window.add_space(SpaceAnswer("Cellar-1", "tunnel", 1, ("Q-40",), ""))
    assert not hd_window.link_space("F-10", "F-11")
    assert "no hex or space has that label" in errors[0] and "is not an off-board space" in errors[1]
