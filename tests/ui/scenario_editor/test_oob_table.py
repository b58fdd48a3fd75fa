"""The order-of-battle table edits in place, through the same undoable edits as the Counter panel and the map."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.ui.scenario_editor import edits, oob_table

EDIT = Qt.ItemDataRole.EditRole


def test_value_cells_edit_as_one_undo_step_each(editor):
    m, table = editor.model, editor.oob_model
    cid = m.counters()[0]["id"]
    before = m.counter(cid)["full"]["strength"]
    prov = m.counter(cid)["provenance"]["full"]
    new = before + 1
    index = table.index(0, 4)
    assert table.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert table.setData(index, new, EDIT)
    assert m.counter(cid)["full"]["strength"] == new
    assert m.counter(cid)["provenance"]["full"].startswith("reconstructed (edited in the scenario editor")
    assert table.index(0, 4).data() == str(new)
    # The same step, and label, as the Counter panel's spin box.
    assert m.undo_stack.undoText() == f"Set full strength of {m.counter(cid)['name']} to {new}"
    assert not table.setData(index, "lots", EDIT)  # refused, nothing changes
    assert not table.setData(index, 99, EDIT)
    assert m.undo_stack.count() == 1
    m.undo_stack.undo()
    assert m.counter(cid)["full"]["strength"] == before
    assert m.counter(cid)["provenance"]["full"] == prov
    assert table.index(0, 4).data() == str(before)


def test_name_weapon_and_assignment_cells(editor):
    m, table = editor.model, editor.oob_model
    cid = m.counters()[0]["id"]
    name, weapon = m.counter(cid)["name"], m.counter(cid)["weapon"]
    assert table.setData(table.index(0, oob_table.NAME), "  Thranduil's guard ", EDIT)
    assert m.counter(cid)["name"] == "Thranduil's guard"
    assert not table.setData(table.index(0, oob_table.NAME), "   ", EDIT)
    other = "axe" if weapon != "axe" else "sword"
    assert table.setData(table.index(0, oob_table.WEAPON), other, EDIT)
    assert m.counter(cid)["weapon"] == other
    assert not table.setData(table.index(0, oob_table.WEAPON), "banana", EDIT)
    assert table.setData(table.index(0, oob_table.ASSIGNMENT), "removed", EDIT)
    assert m.assignment(cid) == "removed"
    assert cid not in m.placements()
    assert table.index(0, oob_table.ASSIGNMENT).data() == "removed (B-2 note)"
    for _ in range(3):
        m.undo_stack.undo()
    assert (m.counter(cid)["name"], m.counter(cid)["weapon"]) == (name, weapon)
    assert m.assignment(cid) != "removed"


def test_assignment_editor_offers_the_order_of_battle(editor, qtbot):
    from PySide6.QtWidgets import QComboBox

    editor.show()
    qtbot.waitExposed(editor)
    editor.bottom_tabs.setCurrentWidget(editor.oob)
    m, table = editor.model, editor.oob_model
    cid = m.counters()[1]["id"]
    index = table.index(1, oob_table.ASSIGNMENT)
    editor.oob.setCurrentIndex(index)
    editor.oob.edit(index)
    box = editor.oob.indexWidget(index) or editor.oob.findChild(QComboBox)
    assert isinstance(box, QComboBox)
    assert box.currentData() == m.assignment(cid)
    box.setCurrentIndex(box.findData("removed"))
    editor.oob_delegate.commitData.emit(box)
    assert m.assignment(cid) == "removed"
    assert m.undo_stack.undoText().startswith(f"Assign {m.counter(cid)['name']}: removed")


def free_hex(m, zone):
    taken = set(m.stacks())
    return next(h for h in sorted(m.board.area(zone)) if h not in taken)


def on_map(editor, h):
    """The counters the map draws in ``h``."""
    return [c.id for c in editor.scene.counters.stacks.get(h, [])]


def test_typing_a_hex_label_places_the_counter_as_one_undo_step(editor):
    m, table = editor.model, editor.oob_model
    cid = "elf_archer_1"
    row = table.row_of(cid)
    start = m.placement_hex(cid)
    target = free_hex(m, "setup.free_peoples.nw")
    label = m.board.label(target)
    cell = table.index(row, oob_table.HEX)
    assert table.flags(cell) & Qt.ItemFlag.ItemIsEditable
    assert table.setData(cell, f" {label} ", EDIT)
    assert m.placement_hex(cid) == target
    assert on_map(editor, target) == [cid]
    assert cid not in on_map(editor, start)
    assert table.index(row, oob_table.HEX).data() == label
    # The drag's own step and label.
    assert m.undo_stack.count() == 1
    assert m.undo_stack.undoText() == f"Move Elf Archer 1 (elves) from {m.board.label(start)} to {label}"
    m.undo_stack.undo()
    assert m.placement_hex(cid) == start
    assert cid in on_map(editor, start)
    assert on_map(editor, target) == []
    # Empty: off the map, as a drag back to the tray; and typed back on from there.
    assert table.setData(cell, "", EDIT)
    assert m.placement_hex(cid) is None
    assert cid not in on_map(editor, start)
    assert m.undo_stack.undoText() == "Remove Elf Archer 1 (elves) from the map"
    assert table.setData(cell, label, EDIT)
    assert m.undo_stack.undoText() == f"Place Elf Archer 1 (elves) in {label}"
    assert on_map(editor, target) == [cid]
    m.undo_stack.undo()
    m.undo_stack.undo()
    assert m.placement_hex(cid) == start


def test_a_bad_hex_label_is_refused_with_what_was_expected(editor):
    import copy

    m, table = editor.model, editor.oob_model
    cid = "elf_archer_1"
    cell = table.index(table.row_of(cid), oob_table.HEX)
    before = copy.deepcopy(m.data)
    start = m.board.label(m.placement_hex(cid))
    refused: list[str] = []
    table.refused.connect(refused.append)
    for text, why in (("abc", "not of the form CCRR"), ("14040", "not of the form CCRR"),
                      ("0000", "numbered from 01"), ("9999", "off the map")):
        assert not table.setData(cell, text, EDIT), text
        assert m.data == before
        assert m.undo_stack.count() == 0
        assert table.index(cell.row(), oob_table.HEX).data() == start  # the cell shows what it held
        assert why in refused[-1] and "CCRR" in refused[-1] and f"stays in {start}" in refused[-1]
        # The window says so in its status bar: no dialog while typing down a column.
        assert why in editor.statusBar().currentMessage()
    assert len(refused) == 4


def test_typed_placements_are_flagged_exactly_as_dragged_ones(editor):
    """B-2: Bard sets up with the Men of Dale, not in the Elves' zone. B-9: one full-strength counter per hex."""
    m, table = editor.model, editor.oob_model
    nw = free_hex(m, "setup.free_peoples.nw")
    occupied = m.placement_hex("elf_archer_1")

    def typed():
        assert table.setData(table.index(table.row_of("bard"), oob_table.HEX), m.board.label(nw), EDIT)
        assert table.setData(table.index(table.row_of("elf_archer_2"), oob_table.HEX), m.board.label(occupied), EDIT)

    def dragged():
        editor.view.drop(["bard"], nw)
        editor.view.drop(["elf_archer_2"], occupied)

    found = []
    for place in (typed, dragged):
        place()
        editor.problems.refresh()
        errors = editor.problems.errors()
        found.append(errors)
        assert any(p.rule == "B-2" and "bard" in p.counters and nw in p.hexes for p in errors)
        assert any(p.rule == "B-9" and occupied in p.hexes for p in errors)
        assert table.index(table.row_of("bard"), oob_table.PROBLEM).data().startswith("B-2")
        assert not editor.scene.overlay._entries["problems"][0].isEmpty()
        for _ in range(2):
            m.undo_stack.undo()
        editor.problems.refresh()
        assert editor.problems.errors() == []
    assert found[0] == found[1]


def test_hex_editor_is_a_line_edit_that_commits_a_typed_label(editor, qtbot):
    from PySide6.QtWidgets import QLineEdit

    editor.show()
    qtbot.waitExposed(editor)
    editor.bottom_tabs.setCurrentWidget(editor.oob)
    m, table = editor.model, editor.oob_model
    cid = "elf_archer_1"
    target = free_hex(m, "setup.free_peoples.nw")
    index = table.index(table.row_of(cid), oob_table.HEX)
    editor.oob.setCurrentIndex(index)
    editor.oob.edit(index)
    line = editor.oob.indexWidget(index) or editor.oob.viewport().findChild(QLineEdit)
    assert isinstance(line, QLineEdit)
    assert line.text() == m.board.label(m.placement_hex(cid))
    line.setText(m.board.label(target))
    editor.oob_delegate.commitData.emit(line)
    assert m.placement_hex(cid) == target
    edits.unplace(m, [cid])  # the editors and the table agree on one model
    assert table.index(index.row(), oob_table.HEX).data() == ""


def test_the_order_of_battle_columns_fit_their_text_when_the_table_is_first_shown(editor, qtbot):
    """Sized when the author first opens the tab (not for every window): no name, group,
    order-of-battle entry or hex is cut off; the problem column keeps the rest of the width."""
    editor.show()
    qtbot.waitExposed(editor)
    editor.bottom_tabs.setCurrentWidget(editor.oob)
    header = editor.oob.horizontalHeader()
    for column in range(oob_table.PROBLEM):
        needed = max(editor.oob.sizeHintForColumn(column), header.sectionSizeHint(column))
        assert editor.oob.columnWidth(column) >= needed, oob_table.COLUMNS[column][0]
    assert editor.oob.columnWidth(oob_table.ASSIGNMENT) > header.sectionSizeHint(oob_table.ASSIGNMENT)
