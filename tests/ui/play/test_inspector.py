"""The counter inspector (issue 17, item 1): a hex's stack in a hover tooltip and in the Hex
panel, counters that have acted this phase dimmed, and the count drawn on stacks."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QApplication, QToolTip

from bofa_studio.rules.bofa1984 import actions as A
from tests.play.test_hex_info import archer_and_bard
from tests.ui.play.conftest import click_hex


def test_the_board_dims_acted_counters_and_counts_stacks(qtbot, window_for):
    c = archer_and_bard()
    w = window_for(c)
    start = c.game.board.hex_at("1016")
    assert [x.face.dimmed for x in w.board.counters.stacks[start]] == [False, False]
    rect = w.board.counters.counter_rects(start)[-1]
    # The count disc sits on the top counter's left edge: dark where the bare map would be green.
    size = rect.width()
    image = QImage(int(size * 3), int(size * 3), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    w.scene.render(painter, image.rect().toRectF(), rect.adjusted(-size, -size, size, size))
    painter.end()
    # Above the digit, inside the disc.
    disc = image.pixelColor(int(size - size * 0.08), int(size + size * (0.42 - 0.14)))
    assert disc.lightness() < 60, "no stack count drawn on a stack of two"
    move = next(a for a in c.legal() if isinstance(a, A.Move) and a.counters == ("man_archer_1",))
    c.act(move)
    assert [x.face.dimmed for x in w.board.counters.stacks[move.to]] == [True]
    assert [x.face.dimmed for x in w.board.counters.stacks[start]] == [False]


def test_hovering_a_hex_shows_its_stack_in_a_tooltip(qtbot, window_for):
    c = archer_and_bard()
    w = window_for(c)
    h = c.game.board.hex_at("1016")
    w.view.centerOn(w.scene.hex_center(h))
    pos: QPoint = w.view.mapFromScene(w.scene.hex_center(h))
    viewport = w.view.viewport()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, viewport.mapToGlobal(pos))
    QApplication.sendEvent(viewport, event)
    text = QToolTip.text()
    assert c.game.specs["bard"].name in text and c.game.specs["man_archer_1"].name in text
    assert "bow reaches" in text


def test_the_hex_panel_follows_the_click_and_the_selection(qtbot, window_for):
    c = archer_and_bard()
    w = window_for(c)
    assert "Click a hex" in w.hex_panel.toPlainText()
    click_hex(qtbot, w, c.game.board.hex_at("1020"))  # an enemy: nothing selected, but inspected
    assert c.game.specs["azug_goblin_scimitar_1"].name in w.hex_panel.toPlainText()
    click_hex(qtbot, w, c.game.board.hex_at("1016"))
    assert c.selection
    text = w.hex_panel.toPlainText()
    assert "1016" in text and c.game.specs["man_archer_1"].name in text
    # The panel can be hidden and shown again from the View menu.
    toggles = [a.text() for a in w.view_menu.actions()]
    assert "Hex" in toggles


def test_any_ruleset_is_inspected_by_the_default_hooks(tmp_path):
    """The toy duel says nothing of inspectors: the defaults read its faces and its map."""
    import json

    import toy_duel  # noqa: F401 - registers the "toy_duel" ruleset

    from bofa_studio.board import Board, save_map
    from bofa_studio.hexgrid import GridSpec
    from bofa_studio.play.controller import PlayController

    save_map(Board(GridSpec(columns=5, rows=5)), tmp_path / "duel-map.json")
    scenario = {"format": "bofa-studio.scenario", "version": 1, "ruleset": "toy_duel", "map": "duel-map.json",
                "meta": {"name": "Toy duel"}, "turns": 12,
                "champions": {"red": {"side": "north", "at": "0301"}, "blue": {"side": "south", "at": "0303"}}}
    (tmp_path / "duel.json").write_text(json.dumps(scenario))
    c = PlayController.new_game(tmp_path / "duel.json", seed=1)
    info = c.hex_info(c.game.board.hex_at("0301"))
    assert info.terrain == ("plain, level 0",)
    assert [(p.name, p.side) for p in info.pieces] == [("red", "North")]
    assert info.pieces[0].lines == ("strength 2, movement 1",)
    assert c.hex_info(c.game.board.hex_at("0305")).pieces == ()


def test_screenshot_refuses_a_hex_that_is_not_on_the_map(tmp_path, capsys, scenario):
    from bofa_studio.cli import main

    assert main(["screenshot", "--mode", "play", str(scenario), "-o", str(tmp_path / "x.png"),
                 "--select", "9999"]) == 2
    err = capsys.readouterr().err
    assert "--select 9999" in err and "off the map" in err


def test_counters_are_painted_once_per_face_and_zoom_step(qtbot, window_for, monkeypatch):
    """Issue 17: counters were vector art redrawn every frame; now a pan or a repaint at the
    same zoom copies cached images, and a new zoom step paints each face once more."""
    from bofa_studio.ui.map import counter_layer

    c = archer_and_bard()
    w = window_for(c)
    painted = []
    real = counter_layer.paint_counter
    monkeypatch.setattr(counter_layer, "paint_counter", lambda *a, **k: (painted.append(a[2]), real(*a, **k)))
    w.board.counters._images.clear()
    w.view.settle()
    w.board.counters.update()
    w.view.viewport().repaint()
    QApplication.processEvents()
    first = len(painted)
    assert first == 3  # the archer, Bard and the goblin: one image each
    w.view.horizontalScrollBar().setValue(w.view.horizontalScrollBar().value() + 20)
    w.view.viewport().repaint()
    QApplication.processEvents()
    assert len(painted) == first
    w.view.zoom_by(2.0)
    # Only counters in view are drawn: keep the three in it.
    w.view.center_on_hexes(list(w.board.counters.stacks))
    w.view.settle()
    w.view.viewport().repaint()
    QApplication.processEvents()
    assert len(painted) == 2 * first
