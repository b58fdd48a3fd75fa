"""Placing counters: from a tray to the map, on the map, back to the tray; each step undoable (B-2, B-9)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent

from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.checks import check_scenario
from bofa_studio.ui.scenario_editor.map_panel import mime_for


def zone_hexes(model, zone):
    return sorted(model.board.area(zone))


def free_hex(model, zone):
    taken = set(model.stacks())
    return next(h for h in zone_hexes(model, zone) if h not in taken)


def test_place_move_remove_with_undo(editor):
    m = editor.model
    cid = "elf_archer_1"
    start = m.placement_hex(cid)
    edits.unplace(m, [cid])
    assert m.placement_hex(cid) is None
    assert m.undo_stack.undoText() == "Remove Elf Archer 1 (elves) from the map"
    a = free_hex(m, "setup.free_peoples.nw")
    editor.view.drop([cid], a)
    assert m.placement_hex(cid) == a
    assert m.undo_stack.undoText() == f"Place Elf Archer 1 (elves) in {m.board.label(a)}"
    b = [h for h in zone_hexes(m, "setup.free_peoples.nw") if h not in m.stacks()][1]
    edits.place(m, cid, b)
    assert m.undo_stack.undoText().startswith(f"Move Elf Archer 1 (elves) from {m.board.label(a)} to")
    m.undo_stack.undo()
    assert m.placement_hex(cid) == a
    m.undo_stack.undo()
    assert m.placement_hex(cid) is None
    m.undo_stack.undo()
    assert m.placement_hex(cid) == start


def test_counters_leave_the_tray_when_placed_and_come_back(editor, qtbot):
    m = editor.model
    assert "gwaihir" in editor.trays.tray_ids("eagles")
    h = free_hex(m, "setup.free_peoples.nw")
    editor.view.drop(["gwaihir"], h)
    assert "gwaihir" not in editor.trays.tray_ids("eagles")
    # Dragged back onto a tray (a drop from elsewhere): the counter is unplaced.
    tray = editor.trays.trays["men"]
    mime = mime_for(["gwaihir"])  # QDropEvent does not own its mime data: keep it alive
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.MoveAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tray.dropEvent(event)
    assert m.placement_hex("gwaihir") is None
    assert "gwaihir" in editor.trays.tray_ids("eagles")


def test_drop_event_on_the_map_places_in_the_hex_under_the_cursor(editor):
    m = editor.model
    editor.show()
    editor.view.fit()
    h = free_hex(m, "setup.dark")
    edits.unplace(m, ["wolf_1"])
    pos = editor.view.mapFromScene(editor.scene.hex_center(h))
    mime = mime_for(["wolf_1"])
    event = QDropEvent(QPointF(pos), Qt.DropAction.MoveAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    editor.view.dropEvent(event)
    assert m.placement_hex("wolf_1") == h


def test_click_selects_and_pull_starts_a_drag(editor, monkeypatch):
    m = editor.model
    dragged = []
    monkeypatch.setattr(editor.tool, "start_drag", dragged.append)
    h = m.placement_hex("thorin")
    pos = editor.scene.hex_center(h)
    editor.tool.press(ToolEvent(pos, h))
    assert editor.selected == "thorin"
    assert editor.details.cid == "thorin"
    editor.tool.move(ToolEvent(pos + QPointF(80, 0), None, buttons=Qt.MouseButton.LeftButton))
    assert dragged == [["thorin"]]


def test_illegal_placements_are_flagged_with_their_rule(editor):
    """B-2: a counter sets up in its zone. B-9: one full-strength counter per hex. B-5: reinforcements wait."""
    m = editor.model
    nw = free_hex(m, "setup.free_peoples.nw")
    edits.place(m, "bard", nw)
    problems = check_scenario(m.data, m.board)
    assert any(p.rule == "B-2" and "bard" in p.counters and nw in p.hexes for p in problems)
    occupied = m.placement_hex("elf_archer_1")
    edits.place(m, "elf_archer_2", occupied)
    problems = check_scenario(m.data, m.board)
    b9 = [p for p in problems if p.rule == "B-9"]
    assert b9 and "only one full-strength counter" in b9[0].message and occupied in b9[0].hexes
    edits.place(m, "beorn", free_hex(m, "setup.free_peoples.nw"))
    assert any(p.rule == "B-5" and "beorn" in p.counters for p in check_scenario(m.data, m.board))
    # The live panel shows them after its pause, and the map rings the hexes.
    editor.problems.refresh()
    assert len(editor.problems.errors()) == 3
    assert not editor.scene.overlay._entries["problems"][0].isEmpty()
    for _ in range(3):
        m.undo_stack.undo()
    editor.problems.refresh()
    assert editor.problems.errors() == []


def test_unscheduled_counters_are_reported(editor):
    m = editor.model
    edits.set_assignment(m, "wolf_1", "")
    assert m.placement_hex("wolf_1") is None  # only set-up counters stand on the map
    problems = check_scenario(m.data, m.board)
    assert any("wolf_1" in p.counters and "neither set up nor scheduled" in p.message for p in problems)
    m.undo_stack.undo()
    assert m.placement_hex("wolf_1") is not None
