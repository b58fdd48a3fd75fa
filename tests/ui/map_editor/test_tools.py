"""Each editor tool against the model: edit, undo, redo, save and reopen."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, Qt

from bofa_studio.board.mapfile import load_map
from bofa_studio.board.model import HexFeature, HexsideFeature, MapMeta, SlopeLine, Terrain
from bofa_studio.hexgrid import Hexside, hex_line, hex_range
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.commands import MetaCommand
from tests.ui.conftest import hx


def event(window, label, button=Qt.MouseButton.LeftButton):
    board = window.document.board
    h = hx(board, label)
    return ToolEvent(window.scene.hex_center(h), h, button, button)


def drag(window, tool, labels, button=Qt.MouseButton.LeftButton):
    """A press on the first hex, moves over the others, a release: one drag."""
    window.set_tool(tool)
    t = window.tool
    t.press(event(window, labels[0], button))
    for label in labels[1:]:
        t.move(event(window, label, button))
    t.release(event(window, labels[-1], button))


def save_and_reopen(window, tmp_path):
    path = tmp_path / "edited.json"
    assert window._write(path)
    assert not window.document.is_modified()
    return load_map(path)


def test_paint_brush_drag_is_one_command_with_a_label(window, tmp_path):
    board = window.document.board
    stack = window.document.undo_stack
    original = board.copy()
    paint = window.tool_by_key("paint")
    paint.terrain, paint.radius = Terrain.SUMMIT, 1
    drag(window, "paint", ["0505", "0605", "0705"])
    hexes = set()
    for label in ("0505", "0605", "0705"):
        hexes |= {h for h in hex_range(hx(board, label), 1) if h in board}
    assert all(board.terrain(h) == Terrain.SUMMIT and board.level(h) == 1 for h in hexes)
    assert stack.count() == 1
    assert stack.undoText() == f"Paint summit ({len(hexes)} hexes)"
    assert window.isWindowModified()
    reopened = save_and_reopen(window, tmp_path)
    assert reopened.content_equals(board)
    stack.undo()
    assert board.content_equals(original)
    stack.redo()
    assert board.content_equals(reopened)


def test_paint_right_drag_paints_plain_and_two_drags_are_two_commands(window):
    board = window.document.board
    drag(window, "paint", ["0505"], Qt.MouseButton.RightButton)
    drag(window, "paint", ["0101"], Qt.MouseButton.RightButton)
    assert board.terrain(hx(board, "0505")) == Terrain.PLAIN
    assert board.terrain(hx(board, "0101")) == Terrain.PLAIN and board.level(hx(board, "0101")) == 0
    assert window.document.undo_stack.count() == 2
    assert window.document.undo_stack.undoText() == "Paint plain (1 hex)"


def test_real_mouse_drag_through_the_view(window, qtbot):
    """The view hands the mouse to the scene, which hands it to the active tool."""
    board = window.document.board
    window.set_tool("paint")
    window.tool_by_key("paint").terrain = Terrain.CLIFF
    view = window.view

    def point(label):
        return view.mapFromScene(window.scene.hex_center(hx(board, label)))

    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=point("0303"))
    qtbot.mouseMove(view.viewport(), point("0403"))
    qtbot.mouseMove(view.viewport(), point("0503"))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=point("0503"))
    assert board.terrain(hx(board, "0303")) == Terrain.CLIFF
    assert board.terrain(hx(board, "0503")) == Terrain.CLIFF
    assert window.document.undo_stack.count() == 1


def test_keyboard_shortcut_picks_a_tool(window, qtbot):
    qtbot.keyClick(window.view, Qt.Key.Key_L)
    assert window.tool.key == "level"
    qtbot.keyClick(window.view, Qt.Key.Key_H)
    assert window.tool.key == "hexside"
    shortcuts = {t.shortcut for t in window.tools}
    assert len(shortcuts) == len(window.tools) and "" not in shortcuts


def test_flood_fill_fills_the_connected_region(window, tmp_path):
    board = window.document.board
    fill = window.tool_by_key("fill")
    fill.terrain = Terrain.MOUNTAIN
    window.set_tool("fill")
    window.tool.press(event(window, "0202"))
    window.tool.release(event(window, "0202"))
    plain_before = 80 - 3 - 1  # all but the three mountain hexes and Dale
    assert len(board.hexes_of(Terrain.MOUNTAIN)) == 3 + plain_before
    assert window.document.undo_stack.undoText() == f"Fill mountain ({plain_before} hexes)"
    assert save_and_reopen(window, tmp_path).content_equals(board)
    window.document.undo_stack.undo()
    assert len(board.hexes_of(Terrain.MOUNTAIN)) == 3


def test_level_set_raise_and_lower(window, tmp_path):
    board = window.document.board
    level = window.tool_by_key("level")
    level.mode, level.level = "set", 3
    drag(window, "level", ["0101", "0201"])
    assert board.level(hx(board, "0101")) == 3 and board.level(hx(board, "0201")) == 3
    level.mode = "raise"
    drag(window, "level", ["0101", "0101", "0102"])  # each hex once per drag
    assert board.level(hx(board, "0101")) == 4 and board.level(hx(board, "0102")) == 3
    drag(window, "level", ["0101"], Qt.MouseButton.RightButton)  # right-drag lowers
    assert board.level(hx(board, "0101")) == 3
    assert window.document.undo_stack.undoText() == "Lower level (1 hex)"
    assert save_and_reopen(window, tmp_path).content_equals(board)
    for _ in range(3):
        window.document.undo_stack.undo()
    assert board.level(hx(board, "0101")) == 2


def test_feature_toggle_and_entry_triangle_group(window, tmp_path):
    board = window.document.board
    feature = window.tool_by_key("feature")
    feature.feature = HexFeature.ENTRY_TRIANGLE
    feature.entry_group = "south-east"
    drag(window, "feature", ["1008", "0908"])
    assert board.entry_groups() == {"south-east": sorted([hx(board, "1008"), hx(board, "0908")])}
    assert window.document.undo_stack.undoText() == "Add entry triangle (south-east) (2 hexes)"
    drag(window, "feature", ["1008"])  # a second click removes it again
    assert not board.has_feature(hx(board, "1008"), HexFeature.ENTRY_TRIANGLE)
    assert board.entry_group(hx(board, "1008")) is None
    feature.feature = HexFeature.VICTORY
    drag(window, "feature", ["0505"])
    assert board.has_feature(hx(board, "0505"), HexFeature.VICTORY)
    assert save_and_reopen(window, tmp_path).content_equals(board)


def test_hexside_tool_cycles_river_wall_none(window):
    board = window.document.board
    a, b = hx(board, "0303"), hx(board, "0304")
    side = Hexside.between(a, b)
    pa, pb = window.scene.hexside_points(side)
    near = (pa + pb) / 2
    window.set_tool("hexside")
    states = []
    for _ in range(3):
        window.tool.press(ToolEvent(near, a, Qt.MouseButton.LeftButton))
        window.tool.release(ToolEvent(near, a, Qt.MouseButton.LeftButton))
        states.append(board.hexside_features(a, b))
    assert states == [
        frozenset({HexsideFeature.RIVER}),
        frozenset({HexsideFeature.FRONT_GATE_WALL}),
        frozenset(),
    ]
    assert window.document.undo_stack.count() == 3
    window.document.undo_stack.undo()
    assert board.hexside_features(a, b) == frozenset({HexsideFeature.FRONT_GATE_WALL})


def test_hovering_a_hexside_says_what_it_is_and_what_a_click_makes_it(window):
    board = window.document.board
    a, b = hx(board, "0303"), hx(board, "0304")
    board.set_hexside_features(a, b, [HexsideFeature.RIVER])
    pa, pb = window.scene.hexside_points(Hexside.between(a, b))
    window.set_tool("hexside")
    window.tool.move(ToolEvent((pa + pb) / 2, a, Qt.MouseButton.NoButton))
    assert window.statusBar().currentMessage() == (
        "Hexside 0303/0304: river; a click makes it Front Gate wall")


def _corner_walk(window, start_label: str, steps: int) -> tuple[list, list]:
    """A walk south along hex edges from a corner of ``start_label``: the corners and hexsides.

    At each corner it takes the edge that goes furthest south, so it zigzags down
    the side of a column the way a river along hex edges does.
    """
    from bofa_studio.ui.map_editor.tools import HexsideNet

    board = window.document.board
    net = HexsideNet(board)
    corners = [min(net.links, key=lambda v: math.dist(v, board.grid.corners(hx(board, start_label))[0]))]
    sides = []
    previous = None
    for _ in range(steps):
        nxt = max((v for v in net.links[corners[-1]] if v != previous), key=lambda v: v[1])
        sides.append(net.links[corners[-1]][nxt])
        previous = corners[-1]
        corners.append(nxt)
    return corners, sides


def _trace(window, corners, wobble: float = 0.0):
    """Drag the pointer along the corners, eight samples an edge, wobbling off the line."""
    from PySide6.QtCore import QPointF

    px = style.HEX_PX
    points = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:], strict=False):
        for i in range(8):
            t = i / 8
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            # Off the edge, perpendicular, and most of all at the corner, where spurs grew.
            nx, ny = -(by - ay), bx - ax
            off = wobble * (1 if i % 2 else -1)
            points.append(QPointF((x + nx * off) * px, (y + ny * off) * px))
    points.append(QPointF(corners[-1][0] * px, corners[-1][1] * px))
    scene = window.scene
    window.set_tool("hexside")
    tool = window.tool
    tool.press(ToolEvent(points[0], scene.hex_at(points[0])))
    for p in points[1:]:
        tool.move(ToolEvent(p, scene.hex_at(p), Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton))
    tool.release(ToolEvent(points[-1], scene.hex_at(points[-1])))


def test_hexside_drag_along_hex_edges_draws_one_connected_river_without_spurs(window):
    """Issue 18: a 20-hexside drag along hex edges drew a stray spur at corners."""
    from bofa_studio.board.model import Board
    from bofa_studio.hexgrid import GridSpec

    window.document.reset(Board(GridSpec(columns=8, rows=14)), None)
    board = window.document.board
    corners, sides = _corner_walk(window, "0402", 20)
    assert len(set(sides)) == 20
    _trace(window, corners, wobble=0.12)
    rivers = {s for s, fs in board.featured_hexsides().items() if HexsideFeature.RIVER in fs}
    assert rivers == set(sides)
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.undoText() == "Draw river (20 hexsides)"


def test_a_double_click_on_a_hexside_is_two_clicks(window):
    """Issue 18: a quick double-click made a river, not a river and then a wall."""
    from PySide6.QtTest import QTest

    board = window.document.board
    a, b = hx(board, "0303"), hx(board, "0304")
    pa, pb = window.scene.hexside_points(Hexside.between(a, b))
    window.set_tool("hexside")
    viewport = window.view.viewport()
    pos = window.view.mapFromScene((pa + pb) / 2)
    QTest.mouseMove(viewport, pos)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    # What a window system sends for a quick second click: a double-click, then a release.
    QTest.mouseDClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    assert board.hexside_features(a, b) == {HexsideFeature.FRONT_GATE_WALL}
    assert window.document.undo_stack.count() == 2


def test_the_hexside_status_line_follows_a_click_without_a_move(window):
    """Issue 18: after a click the status line still named the old state until the mouse moved."""
    board = window.document.board
    a, b = hx(board, "0303"), hx(board, "0304")
    pa, pb = window.scene.hexside_points(Hexside.between(a, b))
    near = (pa + pb) / 2
    window.set_tool("hexside")
    window.tool.move(ToolEvent(near, a, Qt.MouseButton.NoButton))
    assert window.statusBar().currentMessage().endswith("no feature; a click makes it river")
    window.tool.press(ToolEvent(near, a))
    window.tool.release(ToolEvent(near, a))
    assert window.statusBar().currentMessage() == "Hexside 0303/0304: river; a click makes it Front Gate wall"


def test_slope_line_from_a_boulder_pile(window, tmp_path):
    board = window.document.board
    window.set_tool("slope")
    tool = window.tool
    pile, end = hx(board, "0201"), hx(board, "0203")
    tool.press(ToolEvent(window.scene.hex_center(pile), pile))
    tool.move(ToolEvent(window.scene.hex_center(end), end))
    tool.release(ToolEvent(window.scene.hex_center(end), end))
    assert board.slope_lines == [SlopeLine((pile, hx(board, "0202"), end))]
    assert window.document.undo_stack.undoText() == "Add slope line 0201-0203"
    assert save_and_reopen(window, tmp_path).content_equals(board)
    # Not from a hex without a pile.
    other = hx(board, "0505")
    tool.press(ToolEvent(window.scene.hex_center(other), other))
    tool.release(ToolEvent(window.scene.hex_center(end), end))
    assert len(board.slope_lines) == 1
    # Right-click on the pile removes its lines.
    tool.press(ToolEvent(window.scene.hex_center(pile), pile, Qt.MouseButton.RightButton))
    assert board.slope_lines == []
    window.document.undo_stack.undo()
    assert len(board.slope_lines) == 1


def test_area_tool_create_add_remove_rename_delete(window, tmp_path):
    board = window.document.board
    stack = window.document.undo_stack
    window.set_tool("area")
    area = window.tool
    assert area.create_area("summit")
    drag(window, "area", ["0303", "0403", "0503"])
    assert board.areas["summit"] == {hx(board, x) for x in ("0303", "0403", "0503")}
    assert stack.undoText() == "Add 3 hexes to area summit"
    drag(window, "area", ["0403"])  # first hex in the area: the drag removes
    assert stack.undoText() == "Remove 1 hex from area summit"
    assert area.rename_area("summit", "victory.summit")
    assert "victory.summit" in board.areas and "summit" not in board.areas
    assert save_and_reopen(window, tmp_path).content_equals(board)
    area.delete_area("dale")
    assert "dale" not in board.areas
    for _ in range(5):
        stack.undo()
    assert sorted(board.areas) == ["dale"]


def test_area_options_panel_uses_injected_dialog(window, monkeypatch):
    window.set_tool("area")
    options = window.tool_panel.options["area"]
    monkeypatch.setattr(options, "ask_text", lambda *a, **k: ("setup.dark.sw", True))
    options.new_area()
    assert "setup.dark.sw" in window.document.board.areas
    assert options.area.currentData() == "setup.dark.sw"


def test_meta_edit_and_properties_panel(window, tmp_path):
    board = window.document.board
    panel = window.properties
    panel.name.setText("Five Armies, corrected")
    panel.source.setText("my own copy of the 1984 board")
    panel.commit()
    assert board.meta.name == "Five Armies, corrected"
    assert window.document.undo_stack.undoText() == "Edit map name, source"
    assert "Five Armies, corrected" in window.windowTitle()
    window.document.undo_stack.undo()
    assert panel.name.text() == "Test map"
    window.document.undo_stack.push(MetaCommand(board, MapMeta(name="N", provenance="rulebook")))
    assert panel.provenance.text() == "rulebook"
    assert save_and_reopen(window, tmp_path).content_equals(board)


def test_resize_swaps_the_board_and_undo_brings_it_back(window, tmp_path):
    old = window.document.board
    window.resize_map(12, 6)
    new = window.document.board
    assert new is not old and (new.grid.columns, new.grid.rows) == (12, 6)
    assert window.scene.board is new
    assert window.document.undo_stack.undoText() == (
        "Resize map to 12 x 6 (2 columns added on the east, 2 rows removed at the bottom)")
    # Editing the new board, then undoing everything, lands on the old board intact.
    drag(window, "paint", ["1206"])
    assert new.terrain(hx(new, "1206")) == Terrain.MOUNTAIN
    assert save_and_reopen(window, tmp_path).content_equals(new)
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.board is old and window.scene.board is old
    assert len(old) == 80


def test_hover_shows_the_hex_in_the_status_bar(window, qtbot):
    board = window.document.board
    view = window.view
    p = view.mapFromScene(window.scene.hex_center(hx(board, "0201")))
    qtbot.mouseMove(view.viewport(), p + QPoint(1, 1))
    qtbot.waitUntil(lambda: window.hex_info.text().startswith("0201"))
    assert window.hex_info.text() == "0201 · mountain · level 2 · boulder pile"


def test_an_area_name_the_map_file_refuses_is_refused_when_typed(window, tmp_path, monkeypatch):
    """ "Dale Town" used to be accepted and saved, and then the map could not be opened again."""
    board = window.document.board
    window.set_tool("area")
    options = window.tool_panel.options["area"]
    asked = []

    def answer(parent, title, label, text=""):
        asked.append((label, text))
        return ("Dale Town", True) if len(asked) == 1 else (text, True)

    monkeypatch.setattr(options, "ask_text", answer)
    options.new_area()
    # Asked again, told why, and offered the nearest name the file accepts.
    assert len(asked) == 2 and "cannot be an area name" in asked[1][0] and asked[1][1] == "dale_town"
    assert "Dale Town" not in board.areas and "dale_town" in board.areas
    assert not window.tool.rename_area("dale_town", "Victory Dale")
    assert "cannot be an area name" in window.statusBar().currentMessage()
    drag(window, "area", ["0303"])
    assert load_map(_saved(window, tmp_path)).areas["dale_town"] == {hx(board, "0303")}


def _saved(window, tmp_path):
    path = tmp_path / "edited.json"
    assert window._write(path)
    return path


def test_after_deleting_the_chosen_area_the_shown_area_is_the_one_edited(window):
    board = window.document.board
    window.set_tool("area")
    area, options = window.tool, window.tool_panel.options["area"]
    assert area.create_area("summit")
    options.delete()
    # The box now shows "dale"; a click must add to dale, not say "choose an area".
    assert options.area.currentData() == "dale"
    drag(window, "area", ["0303"])
    assert hx(board, "0303") in board.areas["dale"]
    window.document.undo_stack.undo()  # the click
    window.document.undo_stack.undo()  # the delete: summit is back, dale still chosen
    assert options.area.currentData() == area.area == "dale"


def test_the_status_bar_describes_the_hovered_hex_as_it_is_after_a_click(window, qtbot):
    """Painting the hex under the cursor used to leave 'plain' in the status bar until the mouse moved on."""
    board = window.document.board
    view = window.view
    window.set_tool("paint")
    p = view.mapFromScene(window.scene.hex_center(hx(board, "0303"))) + QPoint(1, 1)
    qtbot.mouseMove(view.viewport(), p)
    qtbot.waitUntil(lambda: window.hex_info.text().startswith("0303"))
    assert window.hex_info.text() == "0303 · plain · level 0"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=p)
    assert window.hex_info.text() == "0303 · mountain · level 1"
    window.set_tool("feature")
    window.tool.feature = HexFeature.GUARD_ROOM
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=p)
    assert window.hex_info.text() == "0303 · mountain · level 1 · guard room"
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.hex_info.text() == "0303 · plain · level 0"
    window.confirm_resize = lambda report: True
    window.resize_map(2, 2)  # the hex is gone: nothing to describe
    assert window.hex_info.text() == ""


def test_a_shrink_that_cuts_off_content_asks_first_and_says_what(window):
    """Shrinking used to drop the Dale, rivers and slope lines without a word."""
    board = window.document.board
    board.set_slope_lines([SlopeLine(tuple(hx(board, f"02{r:02d}") for r in range(1, 6)))])
    asked = []
    window.confirm_resize = lambda report: asked.append(report.losses) or False
    window.document.undo_stack.setClean()
    assert not window.resize_map(4, 4)  # cancelled: nothing changes
    assert window.document.board is board and not window.document.is_modified()
    lost = asked[0]
    assert lost == [
        "1 hex with terrain, levels or features (0505)",
        "1 river or Front Gate wall hexside",
        "1 slope line (a line that leaves the map goes whole)",
        "1 hex of area dale is removed, leaving it empty",
    ]
    window.confirm_resize = lambda report: True
    assert window.resize_map(4, 4)
    assert window.document.board.grid.columns == 4 and "Undo brings back" in window.statusBar().currentMessage()
    # The whole smaller map is in view, not a corner of the old frame.
    view = window.view
    assert view.mapToScene(view.viewport().rect()).boundingRect().contains(window.scene.board_rect())
    # Growing loses nothing and asks nothing.
    window.confirm_resize = lambda report: pytest.fail("growing asked")
    assert window.resize_map(12, 10)


def test_entry_triangles_join_the_groups_the_map_and_scenarios_spell(window):
    """The default group was 'south-west', a group no shipped scenario names (they say south_west)."""
    board = window.document.board
    window.set_tool("feature")
    options = window.tool_panel.options["feature"]
    options.feature.setCurrentIndex(options.feature.findData(HexFeature.ENTRY_TRIANGLE))
    assert options.group.currentText() == "south_west"
    drag(window, "feature", ["0108"])
    assert board.entry_groups() == {"south_west": [hx(board, "0108")]}
    window.set_tool("paint")
    board.set_feature(hx(board, "1001"), HexFeature.ENTRY_TRIANGLE, True)
    board.set_entry_group(hx(board, "1001"), "north_east")
    window.set_tool("feature")  # the box offers the map's groups to pick from
    assert [options.group.itemText(i) for i in range(options.group.count())] == ["north_east", "south_west"]
    options.group.setCurrentIndex(0)
    drag(window, "feature", ["0901"])
    assert board.entry_group(hx(board, "0901")) == "north_east"
    assert window.document.undo_stack.undoText() == "Add entry triangle (north_east) (1 hex)"
    options.feature.setCurrentIndex(options.feature.findData(HexFeature.VICTORY))
    drag(window, "feature", ["0505"])
    assert window.document.undo_stack.undoText() == "Add victory star (1 hex)"


def test_long_map_details_show_their_beginning(window):
    """A long name or source showed only its tail ('...e Armies (1984), reconstructed')."""
    board = window.document.board
    long_name = "The Battle of Five Armies (1984), reconstructed from the rulebook and the box art"
    window.document.undo_stack.push(MetaCommand(board, MapMeta(name=long_name, source=long_name)))
    for field in (window.properties.name, window.properties.source):
        assert field.text() == long_name and field.cursorPosition() == 0


def test_a_fast_area_drag_leaves_no_gaps(window, qtbot):
    """Like the brush, an area drag takes every hex it crosses, not only those a mouse event lands on."""
    board = window.document.board
    window.set_tool("area")
    window.tool.select("dale")
    view = window.view
    at = lambda label: view.mapFromScene(window.scene.hex_center(hx(board, label)))  # noqa: E731
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=at("0204"))
    qtbot.mouseMove(view.viewport(), at("0804"))  # one jump across six hexes
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at("0804"))
    crossed = set(hex_line(hx(board, "0204"), hx(board, "0804")))
    assert len(crossed) == 7 and crossed <= board.areas["dale"]
    assert window.document.undo_stack.count() == 1  # one drag, one undo entry
