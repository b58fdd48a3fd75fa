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
