"""Drawing fixes from issue 18: labels at every zoom, entry triangles that show their group."""

from __future__ import annotations

from bofa_studio.board.model import Board, HexFeature
from bofa_studio.hexgrid import GridSpec
from bofa_studio.ui.map.items import entry_group_colour, entry_group_initials, label_step
from bofa_studio.ui.map.render import render_board
from tests.ui.pixels import colour_names


def test_labels_thin_out_instead_of_vanishing_when_zoomed_out(qapp):
    """Issue 18: hex labels vanished below ~40% zoom and crowded the level numbers at 42%."""
    from bofa_studio.ui.map.scene import MapScene

    assert label_step(1.0) == 1 and label_step(0.6) == 1
    assert label_step(0.42) == 2 and label_step(0.2) == 4 and label_step(0.1) == 8
    board = Board(GridSpec(columns=12, rows=10))
    scene = MapScene(board)
    shown = [h for h in board.hexes() if scene.hex_item(h)._labelled_at(0.25)]
    assert all(scene.hex_item(h)._labelled_at(1.0) for h in board.hexes())
    scene.detach()
    assert 0 < len(shown) < len(board) / 4
    assert {board.label(h) for h in shown} >= {"0101", "0505", "0909"}


def test_entry_groups_have_their_own_colour_and_initials(qapp):
    """Issue 18: entry triangles looked alike for every group."""
    assert entry_group_initials("south_west") == "SW"
    assert entry_group_initials("north_east") == "NE"
    assert entry_group_colour("south_west") != entry_group_colour("north_east")
    board = Board(GridSpec(columns=4, rows=2))
    board.set_entry_group(board.hex_at("0101"), "south_west")
    board.set_entry_group(board.hex_at("0401"), "north_east")
    image = render_board(board, 800)
    colours = colour_names(image, step=1, row_step=2)
    assert entry_group_colour("south_west").name() in colours
    assert entry_group_colour("north_east").name() in colours
    assert board.has_feature(board.hex_at("0101"), HexFeature.ENTRY_TRIANGLE)


def test_number_keys_pick_the_terrain_and_the_palette_shows_its_colour(window):
    """Issue 18: a terrain palette with colour swatches and keyboard numbers."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from bofa_studio.board.model import Terrain

    window.set_tool("level")
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_5)
    assert window.tool.key == "paint"
    assert window.tool.terrain == list(Terrain)[4]
    box = window.tool_panel.options["paint"].terrain
    assert box.currentData() == list(Terrain)[4]
    assert box.itemText(box.currentIndex()).startswith("5 ")
    assert not box.itemIcon(0).isNull()
    window.set_tool("fill")
    window.terrain_actions[1].trigger()
    assert window.tool.key == "fill" and window.tool.terrain == Terrain.MOUNTAIN
