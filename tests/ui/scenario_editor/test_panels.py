"""Counter values, tables, options, reinforcements and chips: each edit lands in the data and undoes."""

from __future__ import annotations

from bofa_studio.scenario.editing import open_scenario
from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.tables_panel import default_tables


def test_edit_a_combat_table_cell_and_reset(editor):
    m = editor.model
    grid = editor.tables.combat
    before = m.data["tables"]["combat"]["rows"][3]["cells"][3]
    assert grid.cell_text(3, 3) == "D1*"
    assert grid.edit_cell(3, 3, "A2")
    cell = m.data["tables"]["combat"]["rows"][3]["cells"][3]
    assert (cell["attacker"], cell["defender"], cell["hysteria"]) == (2, 0, False)
    assert cell["provenance"].startswith("reconstructed (edited in the scenario editor; was: rulebook B-7")
    assert grid.grid.item(3, 3).background().color().name() == "#bbdefb"
    assert grid.cell_text(3, 3) == "A2"
    assert m.undo_stack.undoText() == "Edit Combat Table, roll 3, column 0"
    assert not grid.edit_cell(3, 3, "nonsense")  # refused, nothing changes
    m.undo_stack.undo()
    assert m.data["tables"]["combat"]["rows"][3]["cells"][3] == before
    grid.edit_cell(0, 0, "D3")
    grid.reset()
    assert m.data["tables"]["combat"] == default_tables()["combat"]


def test_edit_a_fire_table_cell_through_the_grid(editor):
    m = editor.model
    grid = editor.tables.fire
    grid.grid.item(4, 2).setText("3")
    assert m.data["tables"]["fire"]["rows"][4]["cells"][2]["hits"] == 3
    m.undo_stack.undo()
    assert grid.cell_text(4, 2) == str(m.data["tables"]["fire"]["rows"][4]["cells"][2]["hits"] or "-")


def test_toggle_an_option_with_the_rulebook_text_as_tooltip(editor):
    m = editor.model
    box = editor.rules.options["o9_extra_turns"]
    assert "O-9 Extra Turns" in box.toolTip() and "4 additional turns can be agreed" in box.toolTip()
    assert "Bolg cannot be brought back" in editor.rules.options["o5_goblin_leaders"].toolTip()
    box.setChecked(True)
    assert m.data["rules"]["options"]["o9_extra_turns"] is True
    assert m.undo_stack.undoText() == "Turn on O-9 Extra Turns"
    m.undo_stack.undo()
    assert m.data["rules"]["options"]["o9_extra_turns"] is False
    assert not box.isChecked()


def test_rule_level_turns_and_chip_mix(editor):
    m = editor.model
    editor.rules.turns.setValue(14)
    editor.rules.turns.setValue(15)
    assert m.data["turns"] == 15
    assert m.undo_stack.count() == 1  # one spin-box run is one undo step
    editor.rules.mix.item(0, 2).setText("5")
    assert m.data["chips"]["mix"][0]["phases"] == 5
    editor.rules.level.setCurrentIndex(editor.rules.level.findData("standard"))
    editor.rules.level.activated.emit(1)
    assert m.data["rules"]["level"] == "standard"


def test_counter_values_are_edited_with_their_provenance(editor):
    m = editor.model
    editor.select("dain")
    editor.details.spins[("full", "strength")].setValue(6)
    c = m.counter("dain")
    assert c["full"]["strength"] == 6
    assert c["provenance"]["full"] == "reconstructed (edited in the scenario editor; was: reconstructed)"
    assert m.undo_stack.undoText() == "Set full strength of Dain Ironfoot to 6"
    assert "edited" in editor.details.provenance["full"].text()
    m.undo_stack.undo()
    assert m.counter("dain")["full"]["strength"] == 5
    assert m.counter("dain")["provenance"]["full"] == "reconstructed"


def test_reinforcement_schedule(editor):
    m = editor.model
    panel = editor.reinforcements
    panel.list.setCurrentRow(2)  # Giant Eagles, turn 7
    assert panel.name.text() == "Giant Eagles"
    panel.turn.setValue(6)
    assert m.data["order_of_battle"]["reinforcements"][2]["turn"] == 6
    panel.groups["north_west"].setChecked(False)
    assert m.data["order_of_battle"]["reinforcements"][2]["entry"]["groups"] == ["north_east"]
    editor.select("elf_spearman_7")  # removed in B-2; bring it in with the Eagles
    panel._add_unit()
    assert m.assignment("elf_spearman_7") == "reinforcement:2"
    assert "elf_spearman_7" not in m.removed()
    panel._add_roll()
    assert m.data["order_of_battle"]["reinforcements"][2]["alternatives"]["rolls"][0]["min"] == 1
    for _ in range(4):
        m.undo_stack.undo()
    assert m.data["order_of_battle"]["reinforcements"][2]["turn"] == 7
    assert "elf_spearman_7" in m.removed()


def test_save_reopen_and_find_it_equal(editor, tmp_path):
    m = editor.model
    edits.set_option(m, "s5_second_wave_roll", True)
    edits.unplace(m, ["wolf_2"])
    editor.tables.fire.edit_cell(0, 0, "2")
    target = tmp_path / "scenarios" / "variant.json"
    assert editor.save_as(str(target))
    assert not m.is_modified()
    data, board, map_path = open_scenario(target)
    assert data["map"] == "../maps/bofa1984.json"
    assert data == m.data
    assert map_path == m.map_path


def test_new_scenario_for_a_map_starts_from_the_basic_game_with_nothing_placed(editor, scenario_copy):
    map_path = str(scenario_copy.parent.parent / "maps" / "bofa1984.json")
    assert editor.new_scenario(map_path)
    m = editor.model
    assert m.placements() == {}
    assert m.path is None and len(m.counters()) > 100
    editor.problems.refresh()
    assert any("has no place" in p.message for p in editor.problems.problems)


def test_reset_reads_the_shipped_scenarios_tables_not_a_generator(editor):
    """The running app resets to data it ships (the generators live in scripts/, outside the package)."""
    from bofa_studio.jsonfile import read_json_object
    from bofa_studio.resources import default_scenario_path

    assert default_tables("bofa1984") == read_json_object(default_scenario_path())["tables"]


def test_reset_with_no_shipped_tables_for_the_ruleset_says_so(editor, qtbot):
    m = editor.model
    grid = editor.tables.fire
    grid.edit_cell(0, 0, "3")
    before = m.data["tables"]["fire"]
    m.data["ruleset"] = "duel"  # as a scenario of a ruleset that ships no scenario
    with qtbot.waitSignal(grid.refused) as said:
        grid.reset()
    assert "nothing to reset to" in said.args[0] and "'duel'" in said.args[0]
    assert m.data["tables"]["fire"] is before
