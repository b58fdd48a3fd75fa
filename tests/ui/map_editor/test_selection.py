"""Select, copy, paste, move and delete a region: everything on it goes along, one undo step each."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from bofa_studio.board.model import Board, HexFeature, HexsideFeature, MapMeta, PathLine, Terrain
from bofa_studio.hexgrid import GridSpec
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.window import MainWindow

LEFT = Qt.MouseButton.LeftButton


def _board() -> Board:
    board = Board(GridSpec(columns=26, rows=22), MapMeta(name="Region test"))
    at = board.hex_at
    for col in range(2, 12):
        for row in range(2, 12):
            board.set_terrain(at(f"{col:02d}{row:02d}"), Terrain.MOUNTAIN, 1 + (col + row) % 4)
    board.set_feature(at("0505"), HexFeature.VICTORY, True)
    board.set_hexside_features(at("0606"), at("0607"), [HexsideFeature.RIVER])
    board.set_paths([PathLine((at("0303"), at("0304"), at("0305"))), PathLine((at("0403"), at("0404"), at("0405")))])
    board.set_area("summit", [at("0707"), at("0708")])
    return board


@pytest.fixture
def window(qtbot, settings, monkeypatch):
    w = MainWindow(_board(), None, settings=settings)
    monkeypatch.setattr(w, "maybe_save", lambda: True)
    monkeypatch.setattr(w, "show_error", lambda title, text: pytest.fail(f"unexpected error box: {text}"))
    qtbot.addWidget(w)
    return w


def _drag(window, start: QPointF, end: QPointF, modifiers=Qt.KeyboardModifier.NoModifier, via=()):
    tool = window.tool
    scene = window.scene
    tool.press(ToolEvent(start, scene.hex_at(start), LEFT, LEFT, modifiers))
    for p in [*via, end]:
        tool.move(ToolEvent(p, scene.hex_at(p), LEFT, LEFT, modifiers))
    tool.release(ToolEvent(end, scene.hex_at(end), LEFT, Qt.MouseButton.NoButton, modifiers))


def _center(window, label):
    return window.scene.hex_center(window.document.board.hex_at(label))


def _select_block(window):
    """A rectangle from just outside 0202 to just inside 1111: the 10x10 block of mountains."""
    window.set_tool("select")
    a, b = _center(window, "0202"), _center(window, "1111")
    half_row = 0.9 * style.HEX_PX  # every other column sits half a row (0.87 radii) lower
    _drag(window, QPointF(a.x() - 5, a.y() - half_row), QPointF(b.x() + 5, b.y() + half_row))
    return window.select_tool.selection


def test_rectangle_selects_the_hexes_whose_centres_it_covers(window):
    board = window.document.board
    selected = _select_block(window)
    labels = {board.label(h) for h in selected}
    assert "0202" in labels and "1111" in labels and "0505" in labels
    assert "0201" not in labels and "1212" not in labels
    # Shift adds a hex, Ctrl takes one away; a click alone selects one hex.
    _drag(window, _center(window, "2020"), _center(window, "2020"), Qt.KeyboardModifier.ShiftModifier)
    assert board.hex_at("2020") in window.select_tool.selection
    _drag(window, _center(window, "0505"), _center(window, "0505"), Qt.KeyboardModifier.ControlModifier)
    assert board.hex_at("0505") not in window.select_tool.selection


def test_lasso_selects_what_it_encircles(window):
    board = window.document.board
    window.set_tool("select")
    window.select_tool.mode = "lasso"
    c = _center(window, "1515")
    r = 2.3 * style.HEX_PX  # past the six neighbours (1.73 hex radii away), short of the next ring
    ring = [QPointF(c.x() + dx * r, c.y() + dy * r) for dx, dy in ((1, 0), (0.5, 0.9), (-0.5, 0.9), (-1, 0), (-0.5, -0.9), (0.5, -0.9))]
    _drag(window, ring[0], ring[0], via=ring[1:])
    assert board.hex_at("1515") in window.select_tool.selection
    assert len(window.select_tool.selection) == 7  # the hex and its six neighbours
    assert all(h.distance(board.hex_at("1515")) <= 1 for h in window.select_tool.selection)


def test_copy_and_paste_a_10x10_region_is_one_undo_step_with_everything_on_it(window):
    """Acceptance (issue 18): redrawing a 10x10 region by copy and paste is one undo step."""
    board = window.document.board
    stack = window.document.undo_stack
    before = board.copy()
    selected = _select_block(window)
    assert len(selected) == 100
    window.copy_action.trigger()
    target = board.hex_at("1402")
    window._hovered = target  # the mouse is over 1402
    window.paste_action.trigger()
    assert stack.count() == 1 and stack.undoText() == "Paste 100 hexes at 1402"
    offset = target - board.hex_at("0202")
    for h in before.hexes():
        if before.terrain(h) == Terrain.MOUNTAIN:
            assert board.hex_data(h + offset) == before.hex_data(h)
    at = board.hex_at
    assert board.has_feature(at("0505") + offset, HexFeature.VICTORY)
    assert board.hexside_features(at("0606") + offset, at("0607") + offset) == {HexsideFeature.RIVER}
    pasted_paths = [p.hexes for p in board.paths if p.hexes[0] == at("0303") + offset or p.hexes[0] == at("0403") + offset]
    assert len(pasted_paths) == 2  # two parallel paths stay two
    assert {at("0707") + offset, at("0708") + offset} <= board.areas["summit"]
    assert window.select_tool.selection == frozenset(h + offset for h in selected)
    stack.undo()
    assert board.content_equals(before)
    stack.redo()
    assert board.has_feature(at("0505") + offset, HexFeature.VICTORY)


def test_moving_the_selection_by_dragging_it_is_one_step_and_leaves_plain_ground(window):
    board = window.document.board
    stack = window.document.undo_stack
    before = board.copy()
    _select_block(window)
    _drag(window, _center(window, "0505"), _center(window, "1505"))
    assert stack.count() == 1 and stack.undoText().startswith("Move 100 hexes")
    at = board.hex_at
    offset = at("1505") - at("0505")
    assert board.has_feature(at("1505"), HexFeature.VICTORY)
    assert board.terrain(at("0303")) == Terrain.PLAIN and not board.has_feature(at("0505"), HexFeature.VICTORY)
    assert board.hexside_features(at("0606"), at("0607")) == frozenset()
    assert board.hexside_features(at("0606") + offset, at("0607") + offset) == {HexsideFeature.RIVER}
    assert board.areas["summit"] == {at("0707") + offset, at("0708") + offset}
    stack.undo()
    assert board.content_equals(before)


def test_delete_and_cut_clear_the_region_one_step_each(window):
    board = window.document.board
    stack = window.document.undo_stack
    before = board.copy()
    _select_block(window)
    window.delete_action.trigger()
    assert stack.undoText() == "Delete content of 100 hexes"
    assert all(board.terrain(h) == Terrain.PLAIN for h in board.hexes())
    assert board.paths == [] and board.areas["summit"] == frozenset() and not board.featured_hexsides()
    stack.undo()
    assert board.content_equals(before)
    window.cut_action.trigger()
    assert stack.undoText() == "Cut 100 hexes"
    steps = stack.index()
    window._hovered = board.hex_at("0202")
    window.paste_action.trigger()
    assert board.content_equals(before)  # cut and pasted back where it was
    assert stack.index() == steps + 1


def test_paste_past_the_edge_keeps_what_fits_and_says_so(window):
    board = window.document.board
    messages = []
    window.ctx.message = messages.append
    _select_block(window)
    window.copy_action.trigger()
    window._hovered = board.hex_at("2020")
    window.paste_action.trigger()
    assert "fell off the map" in messages[-1]
    assert board.terrain(board.hex_at("2020")) == Terrain.MOUNTAIN
