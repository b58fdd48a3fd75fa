"""A tray with nothing left in it shrinks to a one-line note, stays a drop target, and grows back."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent

from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.map_panel import mime_for
from bofa_studio.ui.scenario_editor.trays import EMPTY_HEIGHT, ICON


def test_an_emptied_tray_collapses_to_one_line_and_grows_back(editor, qtbot):
    m, trays = editor.model, editor.trays
    group = [c["id"] for c in m.counters() if c["command"] == "eagles"]
    waiting = trays.tray_ids("eagles")
    assert waiting and set(waiting) <= set(group)
    assert trays.trays["eagles"].height() >= ICON
    taken = set(m.stacks())
    free = [h for h in sorted(m.board.area("setup.free_peoples.nw")) if h not in taken]
    edits.place_many(m, dict(zip(waiting, free, strict=False)))
    assert trays.tray_ids("eagles") == []
    tray = trays.trays["eagles"]
    assert tray.height() == EMPTY_HEIGHT < ICON
    assert tray.acceptDrops()  # still where a counter is dragged back to
    # Dragged back onto the (collapsed) tray: it holds a counter again, a full row high.
    mime = mime_for([waiting[0]])  # QDropEvent does not own its mime data: keep it alive
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.MoveAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tray.dropEvent(event)
    assert trays.tray_ids("eagles") == [waiting[0]]
    assert trays.trays["eagles"].height() >= ICON
    m.undo_stack.undo()
    assert trays.tray_ids("eagles") == []
    assert trays.trays["eagles"].height() == EMPTY_HEIGHT
