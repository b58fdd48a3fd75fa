"""Setup by dragging a tray counter onto the map (B-2): drop events go to the same
Place action as click-to-place, and a refused drop shows the engine's rule and reason."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from bofa_studio.ui.play.panels import counter_mime, mime_counter


def drop_on(window, cid: str, h) -> bool:
    """Send the viewport the QDropEvent Qt would deliver at the end of a tray drag;
    whether the view accepted it."""
    window.view.centerOn(window.scene.hex_center(h))
    pos = window.view.mapFromScene(window.scene.hex_center(h))
    mime = counter_mime(cid)  # the events do not own their mime data: keep it alive
    # Qt delivers a drop only to the widget that accepted the drag's enter event.
    enter = QDragEnterEvent(pos, Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window.view.viewport(), enter)
    assert enter.isAccepted()
    event = QDropEvent(QPointF(pos), Qt.DropAction.MoveAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window.view.viewport(), event)
    return bool(event.isAccepted())


def test_the_tray_drags_counters_as_their_own_mime_type(play_window):
    cid = play_window.controller.tray()[0]
    assert mime_counter(counter_mime(cid)) == cid
    assert play_window.tray.dragEnabled()
    assert play_window.view.viewport().acceptDrops()


def test_a_legal_drop_places_the_counter(qtbot, play_window):
    c = play_window.controller
    game = c.game
    cid = c.tray()[0]
    h = game.hex(sorted(game.setup_zone[cid])[-1])
    assert drop_on(play_window, cid, h)
    assert c.state.pos[cid] == game.idx(h)
    assert cid not in c.tray()
    assert c.refusal is None


def test_an_illegal_drop_is_refused_with_its_rule_and_click_still_works(qtbot, play_window):
    c = play_window.controller
    game = c.game
    cid = c.tray()[0]
    outside = next(game.hex(i) for i in range(len(game.cb)) if i not in game.setup_zone[cid])
    drop_on(play_window, cid, outside)
    assert cid not in c.state.pos
    assert c.refusal is not None and c.refusal.rule == "B-2"
    assert 'href="B-2"' in play_window.decisions.refusal.text()
    assert "B-2" in play_window.statusBar().currentMessage()
    # The counter stays picked: a click on a hex of its zone places it.
    assert c.tray_pick == cid
    from tests.ui.play.conftest import click_hex

    click_hex(qtbot, play_window, game.hex(sorted(game.setup_zone[cid])[0]))
    assert cid in c.state.pos
