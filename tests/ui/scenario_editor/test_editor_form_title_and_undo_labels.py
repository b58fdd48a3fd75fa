"""Things an author tripped over: the form showing another entry, a stale title, ambiguous undo labels."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton

from bofa_studio.scenario import scenario_from_dict


def button(panel, text: str) -> QPushButton:
    return next(b for b in panel.findChildren(QPushButton) if b.text() == text)


def test_a_new_reinforcement_is_the_one_the_form_edits(editor):
    m = editor.model
    panel = editor.reinforcements
    panel.list.setCurrentRow(1)  # Third Attack
    button(panel, "Add (Dark)").click()
    entries = m.data["order_of_battle"]["reinforcements"]
    assert panel.list.currentRow() == len(entries) - 1
    assert panel.name.text() == "New reinforcement 5"
    panel.turn.setValue(6)  # edits the new entry, not the Third Attack
    assert entries[-1]["turn"] == 6 and entries[1]["turn"] == 5


def test_the_title_follows_every_rename(editor):
    for name in ("Variant A", "Variant B"):
        editor.rules.name.setText(name)
        editor.rules.name.editingFinished.emit()
        assert f" - {name} - " in editor.windowTitle()
    assert editor.model.undo_stack.undoText() == "Rename the scenario to Variant B"


def test_undo_labels_tell_the_options_of_one_section_apart(editor):
    labels = set()
    for key in ("s7_rolling_rocks", "s7_dive_attacks", "s7_eagle_skirmishes", "o2_three_players", "o2_four_players"):
        editor.rules.options[key].setChecked(True)
        labels.add(editor.model.undo_stack.undoText())
    assert len(labels) == 5
    assert "Turn on S-7: rocks roll down the slope lines at the start of FIRE and COMBAT phases" in labels


def test_add_turn_range_splits_the_last_range_instead_of_doubling_a_turn(editor):
    m = editor.model
    button(editor.rules, "Add turn range").click()  # the Basic Game's last range is turns 4-16
    assert [(r["from_turn"], r["to_turn"]) for r in m.data["chips"]["mix"]] == [(1, 3), (4, 11), (12, 16)]
    assert scenario_from_dict(m.data) == []
    assert m.undo_stack.undoText() == "Add a chip mix from turn 12"


def test_choosing_the_standard_game_turns_its_rules_on_in_one_step(editor):
    # A named option overrides the level: a Basic Game relabelled "standard" kept every S- rule off.
    m = editor.model
    level = editor.rules.level
    level.setCurrentIndex(level.findData("standard"))
    level.activated.emit(level.currentIndex())
    standard = [k for k in m.data["rules"]["options"] if k.startswith("s")]
    assert m.data["rules"]["level"] == "standard"
    assert all(m.data["rules"]["options"][k] for k in standard)
    assert editor.rules.options["s7_rolling_rocks"].isChecked()
    assert not m.data["rules"]["options"]["o1_bat_attack"]  # optional rules stay as they were
    assert m.undo_stack.undoText() == "Rule level: Standard Game (the Standard Game's S- rules on)"
    m.undo_stack.undo()
    assert m.data["rules"]["level"] == "basic"
    assert not any(m.data["rules"]["options"][k] for k in standard)
    assert not editor.rules.options["s7_rolling_rocks"].isChecked()


def test_a_table_edit_keeps_the_authors_place_and_a_refused_cell_says_why(editor):
    grid = editor.tables.combat.grid
    grid.setCurrentCell(12, 9)
    grid.item(12, 9).setText("A2")
    assert (grid.currentRow(), grid.currentColumn()) == (12, 9)  # Enter or an arrow goes on from here
    editor.model.undo_stack.undo()
    assert (grid.currentRow(), grid.currentColumn()) == (12, 9)
    grid.item(3, 3).setText("Z9")
    assert grid.item(3, 3).text() == "D1*"
    assert editor.statusBar().currentMessage().startswith("Combat Table, roll 3, column 0: 'Z9' is not a cell")
