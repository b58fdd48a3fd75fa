"""The play window holds still (issue 17, items 4 and 5): the wheel zooms on the cursor, and
messages and the hand-over notice never move the map or the buttons."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.ui.play.conftest import controller_at


def _wheel(view, at: QPointF, steps: int) -> None:
    wheel = QWheelEvent(at, view.mapToGlobal(at.toPoint()), QPoint(), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(view.viewport(), wheel)


def test_wheel_zoom_keeps_the_point_under_the_cursor(qtbot, play_window):
    view = play_window.view
    view.fit()
    view.zoom_by(2.0)  # scroll bars: the view can move both ways
    rect = view.viewport().rect()
    cursor = QPointF(rect.width() * 0.2, rect.height() * 0.75)  # well off the centre
    under = view.mapToScene(cursor.toPoint())
    scale = view.current_scale()
    for _ in range(3):  # a run of wheel steps under a still mouse
        _wheel(view, cursor, 1)
    assert view.current_scale() > scale * 1.5
    moved = view.mapToScene(cursor.toPoint()) - under
    assert abs(moved.x()) * view.current_scale() <= 2 and abs(moved.y()) * view.current_scale() <= 2


def test_the_hand_over_notice_does_not_move_the_map(qtbot, play_window):
    w = play_window
    c = w.controller
    before = w.view.geometry()
    qtbot.mouseClick(w.decisions.button("Auto-place"), Qt.MouseButton.LeftButton)
    assert w.handover.isVisible() and "Dark" in w.handover.text()
    QApplication.processEvents()
    assert w.view.geometry() == before
    # It lies over the top of the map, across its width, and takes the click.
    assert w.handover.geometry().top() == 0 and w.handover.width() == w.view.width()
    qtbot.mouseClick(w.handover, Qt.MouseButton.LeftButton)
    assert c.handover_to is None and not w.handover.isVisible()
    assert w.view.geometry() == before


def test_a_refusal_does_not_move_the_decision_buttons(qtbot, window_for):
    c = controller_at({"1016": ["elf_archer_1"], "1017": ["elf_spearman_1"], "1014": ["azug_goblin_scimitar_2"]},
                      player="free_peoples", stage="fire")
    w = window_for(c)
    QApplication.processEvents()
    button = w.decisions.button("End the phase")
    assert button is not None
    where = button.mapTo(w, QPoint(0, 0))
    # A spearman cannot shoot: the refusal appears, in red, in the panel and the status bar.
    c.click(c.game.board.hex_at("1017"))
    assert c.refusal is not None and c.refusal.rule == "B-8"
    QApplication.processEvents()
    assert "cannot shoot" in w.decisions.refusal.text()
    assert w.decisions.button("End the phase").mapTo(w, QPoint(0, 0)) == where


def test_reinforcement_rows_are_read_whole_at_1280_by_800(qtbot, window_for):
    # Turn 5: the Second Wave is due, so its row says when it enters (the longest rows).
    c = controller_at({"1016": ["elf_archer_1"]}, player="free_peoples", turn=5)
    w = window_for(c, (1280, 800))
    tray = w.tray
    assert not c.tray() and tray.count() and "due" in tray.item(0).text()
    # Seen cut as "...enters in a Dark MOVE phas": each row now fits the list's width.
    for i in range(tray.count()):
        assert tray.visualItemRect(tray.item(i)).right() <= tray.viewport().width()
    assert not tray.horizontalScrollBar().isVisible()


def test_centre_on_the_side_to_move(qtbot, window_for):
    c = controller_at({"1610": ["azug_goblin_scimitar_1"], "1612": ["azug_goblin_scimitar_2"],
                       "0305": ["elf_spearman_1"]}, player="dark")
    w = window_for(c)
    w.view.fit()
    w.view.zoom_by(4.0)
    w.view.centerOn(w.scene.hex_center(c.game.board.hex_at("0305")))
    assert w.centre_action in w.view_menu.actions()
    w.centre_action.trigger()
    middle = w.view.mapToScene(w.view.viewport().rect().center())
    target = w.scene.hex_center(c.game.board.hex_at("1611"))
    assert abs(middle.x() - target.x()) < 4 and abs(middle.y() - target.y()) < 4
