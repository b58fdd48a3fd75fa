"""What an author reads: zones, entry groups, weapons, chips, options and undo labels in words.

The file keeps its identifiers (``setup.free_peoples.nw``, ``north_west``,
``long_bow``, ``fire_combat``); every panel, the order-of-battle table, the
Problems panel and the Edit menu show words instead.
"""

from __future__ import annotations

from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.commands import push
from bofa_studio.ui.scenario_editor.oob_table import ASSIGNMENT


def test_reinforcement_edits_have_readable_undo_labels(editor):
    m = editor.model
    panel = editor.reinforcements
    panel.list.setCurrentRow(0)  # Second Wave, turn 4, north-west and north-east onto enemies
    panel.groups["south_west"].setChecked(True)
    label = m.undo_stack.undoText()
    assert label == ("Second Wave: enter by north-east, north-west, south-west, onto enemy counters if need be")
    assert "{" not in label and "_" not in label
    panel.turn.setValue(5)
    assert m.undo_stack.undoText() == "Second Wave: arrive on turn 5"
    panel.side.setCurrentIndex(panel.side.findData("free_peoples"))
    panel.side.activated.emit(panel.side.currentIndex())
    assert m.undo_stack.undoText() == "Second Wave: side Free Peoples"


def test_a_die_roll_edit_and_dropping_the_alternative_are_two_undo_steps(editor):
    m = editor.model
    panel = editor.reinforcements
    panel.list.setCurrentRow(0)
    panel.rolls.item(0, 2).setText("North West")  # typed as words, any case
    alt = m.data["order_of_battle"]["reinforcements"][0]["alternatives"]
    assert alt["rolls"][0]["groups"] == ["north_west"]
    assert panel.rolls.item(0, 2).text() == "north-west"
    assert m.undo_stack.undoText().startswith("Second Wave: die roll 1-3 north-west; 4-6 north-west;")
    panel.alt_option.setCurrentIndex(0)
    panel.alt_option.activated.emit(0)
    assert m.undo_stack.undoText() == "Second Wave: no die-roll alternative"
    m.undo_stack.undo()  # brings back the edited roll, not the shipped one
    alt = m.data["order_of_battle"]["reinforcements"][0]["alternatives"]
    assert alt["rolls"][0]["groups"] == ["north_west"]


def test_die_roll_table_and_option_box_show_words(editor):
    panel = editor.reinforcements
    panel.list.setCurrentRow(0)
    assert [panel.rolls.item(j, 2).text() for j in range(3)] == ["north-east", "north-west", "north-west, north-east"]
    assert panel.alt_option.currentText().startswith("S-5: a die roll picks")
    assert panel.alt_option.currentData() == "s5_second_wave_roll"


def test_zones_are_named_in_words_in_the_counter_panel_table_and_undo(editor):
    m = editor.model
    editor.select("bard")
    assert editor.details.assignment.currentText() == "set up in the Free Peoples north-east zone"
    row = editor.oob_model.row_of("bard")
    assert editor.oob_model.index(row, ASSIGNMENT).data() == "set up in the Free Peoples north-east zone"
    edits.set_assignment(m, "bard", "setup:0")
    assert m.undo_stack.undoText() == "Assign Bard the Bowman: set up in the Free Peoples north-west zone"
    editor.problems.refresh()
    messages = [p.message for p in editor.problems.problems if "bard" in p.counters]
    assert messages == ["Bard the Bowman must be set up in the Free Peoples north-west zone, not in 2006"]


def test_weapon_rule_level_and_chips_read_as_words(editor):
    m = editor.model
    editor.select("bard")
    box = editor.details.weapon
    assert box.currentText() == "long bow"
    box.setCurrentIndex(box.findText("short bow"))
    box.activated.emit(box.currentIndex())
    assert m.counter("bard")["weapon"] == "short_bow"
    assert m.undo_stack.undoText() == "Set the weapon of Bard the Bowman to short bow"
    assert editor.rules.level.currentText() == "Basic Game"
    headers = [editor.rules.mix.horizontalHeaderItem(j).text() for j in range(editor.rules.mix.columnCount())]
    assert headers == ["from turn", "to turn", "phases", "MOVE", "COMBAT", "FIRE", "F/C"]


def test_side_panels_fit_their_dock_without_scrolling_sideways(editor):
    # The dock opens 450 pixels wide; the Delete button and the fourth entry group were off its edge.
    for panel in (editor.reinforcements, editor.rules, editor.details, editor.tables.combat, editor.tables.fire):
        assert panel.minimumSizeHint().width() <= 440, panel


def in_front(editor, dock: str) -> bool:
    """A tabified dock stays 'visible' to Qt behind its siblings; only the one in front is drawn."""
    return not editor.docks[dock].visibleRegion().isEmpty()


def test_clicking_a_problem_without_a_counter_opens_the_panel_that_fixes_it(editor, qtbot):
    m = editor.model
    editor.show()
    qtbot.waitExposed(editor)
    panel = editor.reinforcements
    panel.list.setCurrentRow(2)  # Giant Eagles
    for box in panel.groups.values():
        box.setChecked(False)  # no way in: a B-5 problem at reinforcements[2]
    editor.docks["Counter"].raise_()
    panel.list.setCurrentRow(0)
    editor.problems.refresh()
    item = next(editor.problems.list.item(i) for i in range(editor.problems.list.count())
                if "Giant Eagles has no entry group" in editor.problems.list.item(i).text())
    editor.problems.list.itemClicked.emit(item)
    assert panel.list.currentRow() == 2
    assert in_front(editor, "Reinforcements") and not in_front(editor, "Counter")

    m.undo_stack.undo()
    rows = m.data["tables"]["fire"]["rows"]
    push(m, "Drop a Fire Table row", [(("tables", "fire", "rows"), rows[:-1])])
    editor.problems.refresh()
    item = next(editor.problems.list.item(i) for i in range(editor.problems.list.count())
                if "Fire Table" in editor.problems.list.item(i).text())
    editor.problems.list.itemClicked.emit(item)
    assert editor.tables.currentWidget() is editor.tables.fire
    assert in_front(editor, "Tables")


def test_options_are_listed_in_rulebook_order(editor):
    keys = list(editor.rules.options)
    assert keys[:3] == ["s3_regrouping", "s3_second_chooser_may_draw", "s5_second_wave_roll"]
    assert keys.index("s11_victory") == keys.index("s10_leaders") + 1  # S-10 after S-8, not after S-1
    assert keys.index("o1_bat_attack") > keys.index("s11_victory") and keys[-1] == "o9_extra_turns"


def test_the_order_of_battle_names_groups_as_the_trays_do(editor):
    from bofa_studio.ui.scenario_editor.oob_table import GROUP

    row = editor.oob_model.row_of("bard")
    assert editor.oob_model.index(row, GROUP).data() == "Men"


def test_deselecting_clears_the_counter_panel(editor):
    editor.select("bard")
    editor.select(None)
    assert "Bard" not in editor.details.title.text()
    assert editor.details.weapon.currentText() == ""
    assert editor.details.provenance["full"].text() == ""


def test_problems_name_their_place_in_words_not_json_paths():
    """Issue 18: problems were shown as raw JSON paths (`$.victory.locations: ...`)."""
    from bofa_studio.ui.scenario_editor.checks import Problem
    from bofa_studio.ui.scenario_editor.wording import place_text

    assert str(Problem("$.victory.locations", "the map has no area 'x'", "B-11")) == (
        "Victory locations: B-11: the map has no area 'x'")
    assert place_text("$.order_of_battle.setup[3].zone") == "Order of battle, set-up entry 4, zone"
    assert place_text("$.tables.fire.rows[3].cells[2]") == "Fire Table, row 4, column 3"
    assert place_text("$.default_placement (1615)") == "Placement in 1615"
    assert place_text("$.default_placement.bard") == "Placement of bard"
