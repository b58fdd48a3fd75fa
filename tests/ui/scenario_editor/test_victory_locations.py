"""B-11 victory locations are the scenario's: ticked in the Rules panel, one undo step each,
and the game scores exactly the ticked ones."""

from __future__ import annotations

from PySide6.QtCore import Qt

from bofa_studio.rules.registry import make_game

SHIPPED = ["victory.guard_room_west", "victory.guard_room_east", "victory.front_gate", "victory.summit", "victory.dale"]


def test_the_maps_victory_areas_are_listed_and_the_scenarios_are_ticked(editor):
    panel = editor.rules.victory
    assert panel.choices() == sorted(SHIPPED)
    ticked = [panel.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(panel.list.count())
              if panel.list.item(i).checkState() == Qt.CheckState.Checked]
    assert sorted(ticked) == sorted(SHIPPED)
    assert panel.item_for("victory.front_gate").text() == "front gate (1606)"


def test_unticking_a_location_is_one_undo_step_and_the_game_scores_the_rest(editor):
    m = editor.model
    panel = editor.rules.victory
    panel.item_for("victory.dale").setCheckState(Qt.CheckState.Unchecked)
    assert m.data["victory"]["locations"] == [n for n in SHIPPED if n != "victory.dale"]
    assert m.undo_stack.undoText() == "Drop dale from the victory locations"
    game = make_game(m.data, m.board)
    assert set(game.victory_hexes) == set(SHIPPED) - {"victory.dale"}
    m.undo_stack.undo()
    assert m.data["victory"]["locations"] == SHIPPED
    assert panel.item_for("victory.dale").checkState() == Qt.CheckState.Checked


def test_ticking_a_location_adds_it_last(editor):
    m = editor.model
    panel = editor.rules.victory
    panel.item_for("victory.summit").setCheckState(Qt.CheckState.Unchecked)
    panel.item_for("victory.summit").setCheckState(Qt.CheckState.Checked)
    assert m.data["victory"]["locations"][-1] == "victory.summit"
    assert m.undo_stack.undoText() == "Make summit a victory location"
    assert m.undo_stack.count() == 2


def test_a_location_the_map_lacks_stays_listed_so_it_can_be_unticked(editor):
    m = editor.model
    m.set_at(("victory", "locations"), [*SHIPPED, "victory.ravenhill"])  # as a hand-edited file holds it
    item = editor.rules.victory.item_for("victory.ravenhill")
    assert item.text() == "ravenhill (not on the map)"
    editor.problems.refresh()
    assert any("no area 'victory.ravenhill'" in str(p) for p in editor.problems.problems)
    item.setCheckState(Qt.CheckState.Unchecked)
    assert m.data["victory"]["locations"] == SHIPPED


def test_the_problems_panel_holds_the_map_to_the_scenarios_ruleset(editor):
    """As ``bofa-studio validate`` does: a bofa1984 scenario's map needs its Front Gate (B-6)."""
    from bofa_studio.board.model import Terrain
    from bofa_studio.ui.scenario_editor.checks import check_scenario

    m = editor.model
    assert not [p for p in check_scenario(m.data, m.board) if p.location == "$.map"]
    m.board.set_terrain(m.board.hex_at("1606"), Terrain.PLAIN)
    found = [p for p in check_scenario(m.data, m.board) if p.location == "$.map"]
    assert [p.message for p in found] == ["map: there is no Front Gate hex (B-6)"]


def test_selecting_a_location_lights_its_hexes_on_the_map(editor):
    panel = editor.rules.victory
    assert panel.highlight == editor.scene.highlight
    lit = []
    panel.highlight = lit.append
    panel.list.setCurrentItem(panel.item_for("victory.summit"))
    assert lit == [sorted(editor.model.board.areas["victory.summit"])]
    panel.highlight = editor.scene.highlight
    panel.list.setCurrentItem(panel.item_for("victory.dale"))
    assert "entry" in editor.scene.overlay.keys()
