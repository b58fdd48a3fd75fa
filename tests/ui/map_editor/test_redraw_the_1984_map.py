"""Issue 6 acceptance, in the map editor: on the 1984 map an author redraws a stretch of the river, adds a
ridge level and a slope line, saves, reopens, and finds the map unchanged."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, Qt

from bofa_studio.board.mapfile import load_map
from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import DIRECTIONS, Hexside
from bofa_studio.resources import default_map_path
from bofa_studio.rules.maps import validate_map
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.window import MainWindow


def _midpoint(scene, side):
    a, b = scene.hexside_points(side)
    return QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)


def _click(tool, scene, pos, button=Qt.MouseButton.LeftButton):
    h = scene.hex_at(pos)
    tool.press(ToolEvent(pos, h, button, button))
    tool.release(ToolEvent(pos, h, button))


def test_redraw_river_add_ridge_level_and_slope_line_then_reopen(qtbot, settings, tmp_path, monkeypatch):
    source = default_map_path()
    if not source.is_file():
        pytest.skip("the 1984 map is not in this checkout yet")
    window = MainWindow(None, None, settings=settings)
    qtbot.addWidget(window)
    window.show()
    assert window.open_map(source)
    board = window.document.board
    scene = window.scene
    problems_before = {str(p) for p in validate_map(board)}

    # 1. Redraw a stretch of the river: send it round the far side of a plain hex
    #    beside it. Toggling all six sides of one hex keeps every river line continuous.
    rivers = {s for s, fs in board.featured_hexsides().items() if HexsideFeature.RIVER in fs}
    bend = next(
        h
        for s in sorted(rivers, key=lambda s: (s.a, s.b))
        for h in s.hexes
        if board.terrain(h) == Terrain.PLAIN
        and all(n in board and board.terrain(n) == Terrain.PLAIN for n in h.neighbors())
        and sum(Hexside.between(h, n) in rivers for n in h.neighbors()) == 2
    )
    window.set_tool("hexside")
    for n in bend.neighbors():
        side = Hexside.between(bend, n)
        button = Qt.MouseButton.RightButton if side in rivers else Qt.MouseButton.LeftButton
        _click(window.tool, scene, _midpoint(scene, side), button)
    new_rivers = {s for s, fs in board.featured_hexsides().items() if HexsideFeature.RIVER in fs}
    assert new_rivers == rivers ^ {Hexside.between(bend, n) for n in bend.neighbors()}

    # 2. Add a ridge level: raise a level-3 ridge hex to the crest.
    ridge = next(h for h in sorted(board.hexes_of(Terrain.MOUNTAIN)) if board.level(h) == 3)
    window.set_tool("level")
    window.tool.mode = "raise"
    window.tool.stroke_hexes([ridge])
    assert board.level(ridge) == 4

    # 3. A boulder pile and a slope line running two hexes downhill from it.
    used = {s.pile for s in board.slope_lines}

    def downhill(h):
        for d in DIRECTIONS:
            line = [h, h + d, h + d.scaled(2)]
            levels = [board.level(x) if x in board else None for x in line]
            if None not in levels and levels[0] > levels[1] > levels[2]:
                return line
        return None

    pile, line = next(
        (h, downhill(h))
        for h in sorted(board.hexes_of(Terrain.MOUNTAIN))
        if h not in used and h != ridge and downhill(h) and not board.has_feature(h, HexFeature.BOULDER_PILE)
    )
    window.set_tool("feature")
    window.tool.feature = HexFeature.BOULDER_PILE
    window.tool.stroke_hexes([pile])
    window.set_tool("slope")
    start, end = scene.hex_center(line[0]), scene.hex_center(line[-1])
    window.tool.press(ToolEvent(start, line[0]))
    window.tool.move(ToolEvent(end, line[-1], Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton))
    window.tool.release(ToolEvent(end, line[-1]))
    assert tuple(line) in [s.hexes for s in board.slope_lines]

    # Still a playable map: no new problems.
    assert {str(p) for p in validate_map(board)} <= problems_before
    edited = board.copy()

    # Save as a new file, reopen it in a fresh window, and find it unchanged.
    target = tmp_path / "bofa1984-corrected.json"
    monkeypatch.setattr(window, "ask_save_path", lambda *a: str(target))
    assert window.save_as()
    assert not window.isWindowModified()
    window.close()

    reopened = MainWindow(None, None, settings=settings)
    qtbot.addWidget(reopened)
    assert reopened.open_map(target)
    assert reopened.document.board.content_equals(edited)
    assert load_map(target).content_equals(edited)
    assert not load_map(source).content_equals(edited)  # the shipped map is untouched
    assert list(itertools.islice(reopened.recent_files(), 1)) == [str(target.resolve())]
