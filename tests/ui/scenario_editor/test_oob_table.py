"""The order-of-battle table edits in place, through the same undoable edits as the Counter panel."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.ui.scenario_editor import oob_table

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
    assert not table.flags(table.index(0, oob_table.HEX)) & Qt.ItemFlag.ItemIsEditable
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
