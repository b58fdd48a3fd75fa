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


def _icon_of(trays, command: str, cid: str):
    tray = trays.trays[command]
    item = next(tray.item(i) for i in range(tray.count()) if tray.item(i).data(Qt.ItemDataRole.UserRole) == cid)
    return item.icon().pixmap(ICON, ICON).toImage()


def test_a_tray_icon_shows_the_counters_edited_strength_and_the_undone_one_again(editor, qtbot):
    """Tray icons are kept by face: an edited counter must not keep its old picture."""
    m, trays = editor.model, editor.trays
    cid = trays.tray_ids("eagles")[0]
    before = _icon_of(trays, "eagles", cid)
    strength = next(c for c in m.counters() if c["id"] == cid)["full"]["strength"]
    edits.set_counter_value(m, cid, "full", "strength", strength + 1)
    trays.tray_ids("eagles")  # the trays rebuild after the edit's event
    edited = _icon_of(trays, "eagles", cid)
    assert edited != before
    m.undo_stack.undo()
    trays.tray_ids("eagles")
    assert _icon_of(trays, "eagles", cid) == before
