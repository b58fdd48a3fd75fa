"""B-8 archery and B-9 stacking."""

from __future__ import annotations

import pytest
from bofa_helpers import make_game, nb, plain_board, position

from bofa_studio.board.model import HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.actions import DieRoll, Fire, Move, Place
from bofa_studio.rules.bofa1984.fire import bow_at_range
from bofa_studio.rules.bofa1984.stacking import stacking_problem
from bofa_studio.rules.core import RuleError


def fire(game, state, archers, target):
    return game.apply(state, Fire(tuple(archers), game.board.hex_at(target)))


def test_b8_bow_value_counts_down_by_range():
    """B-8: a bow value of 4 shoots with 4 at 1 hex, 3 at 2, 2 at 3 and 1 at 4 hexes."""
    assert [bow_at_range(4, r) for r in range(1, 6)] == [4, 3, 2, 1, 0]


def test_b8_range_counts_the_target_hex_not_the_archers():
    """B-8: range includes the target's hex but not the shooter's; strength drops 1 per hex."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "azug_goblin_archer_1", "0301": "elf_spearman_1"}, stage="fire")
    events = fire(game, state, ["azug_goblin_archer_1"], "0301")
    assert events[0].data["strength"] == 3
    state = position(game, {"0101": "azug_goblin_archer_1", "0601": "elf_spearman_1"}, stage="fire")
    assert not any(isinstance(a, Fire) for a in game.legal_actions(state))


def test_b8_example_two_elf_archers_add_to_twelve_or_shoot_separately():
    """B-8 example: two Elf archers (6 each) at 1 hex may add up to 12 or shoot with 6 each."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "wolf_1", "0302": "elf_archer_1", "0304": "elf_archer_2"},
                     player="free_peoples", stage="fire")
    actions = set(game.legal_actions(state))
    target = board.hex_at("0303")
    assert {Fire(("elf_archer_1",), target), Fire(("elf_archer_2",), target),
            Fire(("elf_archer_1", "elf_archer_2"), target)} <= actions
    events = fire(game, state, ["elf_archer_1", "elf_archer_2"], "0303")
    assert events[0].data["strength"] == 12
    assert events[0].text == "Elf Archer 1 (elves) and Elf Archer 2 (elves) shoot at 0303 with fire strength 12"
    game.apply(state, DieRoll(2))  # 12-14 column, row 2: 2 hits
    assert state.steps["wolf_1"] == 0


def test_archers_shoot_only_once_per_fire_phase():
    """B-8: archers may shoot only once during the FIRE phase."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "dwarf_axeman_1", "0302": "azug_goblin_archer_1"}, stage="fire")
    events = fire(game, state, ["azug_goblin_archer_1"], "0303")
    assert events[0].text.startswith("Goblin Archer 1 (azug) shoots at 0303")  # one archer: singular
    game.apply(state, DieRoll(9))
    with pytest.raises(RuleError, match="B-8: .* has already shot"):
        fire(game, state, ["azug_goblin_archer_1"], "0303")


def test_no_fire_from_or_into_a_skirmish():
    """B-8: archers engaged in a skirmish cannot shoot, nor shoot at units engaged in one."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["dwarf_axeman_1", "azug_goblin_archer_1"], "0301": "azug_goblin_archer_2",
                            "0305": "dwarf_axeman_2"}, stage="fire")
    with pytest.raises(RuleError, match="B-8: archers cannot shoot at units engaged in a skirmish"):
        fire(game, state, ["azug_goblin_archer_2"], "0303")
    with pytest.raises(RuleError, match="skirmish"):
        fire(game, state, ["azug_goblin_archer_1"], "0305")


def test_stacked_reduced_archers_must_fire_together():
    """B-8/B-9: archers of reduced strength stacked together must add their bow values."""
    board = plain_board(5, 5)
    game = make_game(board)
    archers = ("azug_goblin_archer_1", "azug_goblin_archer_2")
    state = position(game, {"0302": list(archers), "0303": "elf_spearman_1"}, stage="fire", reduced=archers)
    with pytest.raises(RuleError, match="must add their bow values"):
        fire(game, state, [archers[0]], "0303")
    events = fire(game, state, archers, "0303")
    assert events[0].data["strength"] == 2 + 2


def test_basic_game_fire_ignores_line_of_sight():
    """B-8: in the Basic Game archers may shoot over other counters and terrain."""
    board = plain_board(9, 1)
    board.set_terrain(board.hex_at("0201"), Terrain.MOUNTAIN, 4)
    game = make_game(board)
    state = position(game, {"0101": "elf_archer_1", "0201": "elf_spearman_1", "0301": "wolf_1"},
                     player="free_peoples", stage="fire")
    assert fire(game, state, ["elf_archer_1"], "0301")[0].data["strength"] == 5


def test_the_front_gate_is_fired_at_only_from_its_plain_hexes():
    """B-6: the Front Gate can be fired at only from the 2 plain hexes south-west and south-east of it."""
    board = plain_board(5, 5)
    gate = board.hex_at("0302")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    for d in ("N", "NE", "NW", "S"):
        board.set_hexside_features(gate, board.hex_at(nb(board, "0302", d)), [HexsideFeature.FRONT_GATE_WALL])
    game = make_game(board)
    state = position(game, {"0302": "thorin", "0304": "azug_goblin_archer_1",
                            nb(board, "0302", "SE"): "azug_goblin_archer_2"}, stage="fire")
    with pytest.raises(RuleError, match="out of range"):
        fire(game, state, ["azug_goblin_archer_1"], "0302")
    fire(game, state, ["azug_goblin_archer_2"], "0302")


# -- B-9 stacking ------------------------------------------------------------------------


def _problem(game, state, *counters):
    return stacking_problem(game, state, list(counters))


def test_b9_limits():
    """B-9: one full-strength counter, or 2 reduced ones, plus at most one leader per hex."""
    game = make_game(plain_board(3, 3))
    state = game.new_initial_state(0)
    assert _problem(game, state, "elf_spearman_1", "thranduil") is None
    assert "one full-strength" in _problem(game, state, "elf_spearman_1", "elf_spearman_2")
    assert "one leader" in _problem(game, state, "thranduil", "gandalf")
    state.steps["elf_spearman_1"] = state.steps["elf_spearman_2"] = 1
    assert _problem(game, state, "elf_spearman_1", "elf_spearman_2", "gandalf") is None
    assert "one full-strength" in _problem(game, state, "elf_spearman_1", "elf_spearman_2", "elf_spearman_3")


def test_b9_example_two_goblin_archers_with_bolg_but_no_further_captain():
    """B-9 example: two (reduced) goblin archers can be in a hex with Bolg; no further captain."""
    game = make_game(plain_board(3, 3))
    state = game.new_initial_state(0)
    state.steps["azug_goblin_archer_1"] = state.steps["azug_goblin_archer_2"] = 1
    assert _problem(game, state, "azug_goblin_archer_1", "azug_goblin_archer_2", "bolg") is None
    assert _problem(game, state, "azug_goblin_archer_1", "azug_goblin_archer_2", "bolg", "azug") is not None


def test_b9_reduced_elves_and_dwarves_do_not_stack():
    """B-9: reduced-strength Elf and Dwarf counters cannot be stacked."""
    game = make_game(plain_board(3, 3))
    state = game.new_initial_state(0)
    state.steps["elf_spearman_1"] = state.steps["dwarf_axeman_1"] = 1
    assert _problem(game, state, "elf_spearman_1", "dwarf_axeman_1") == "reduced Elf and Dwarf counters cannot be stacked"


def test_b9_beorn_stacks_with_no_friend_but_may_share_with_enemies():
    """B-9: Beorn may not be stacked with friendly units, but may be in a hex with enemy units."""
    board = plain_board(5, 1)
    game = make_game(board)
    state = game.new_initial_state(0)
    assert _problem(game, state, "beorn", "gandalf") == "Beorn may not be stacked with friendly units"
    state = position(game, {"0101": "beorn", "0201": "wolf_1"}, player="free_peoples")
    game.apply(state, Move(("beorn",), board.hex_at("0201")))


def test_b10_thorin_is_a_leader_and_a_unit():
    """B-10: Thorin is regarded as both a leader/character and a unit counter."""
    game = make_game(plain_board(3, 3))
    state = game.new_initial_state(0)
    assert _problem(game, state, "thorin", "dain") is not None  # two leaders
    assert _problem(game, state, "thorin", "dwarf_axeman_1") is not None  # two full units


def test_stacking_is_enforced_at_setup_too():
    """B-2: the Dark army sets up 'naturally observing the limits on the number of armies in a hex'."""
    board = plain_board(4, 4)
    board.set_area("setup.dark", [board.hex_at("0101"), board.hex_at("0102")])
    game = make_game(board, setup=[{"zone": "setup.dark", "counters": ["wolf_1", "wolf_2", "thrak"]}])
    state = game.new_initial_state(0)
    game.apply(state, Place("wolf_1", board.hex_at("0101")))
    with pytest.raises(RuleError, match="B-9"):
        game.apply(state, Place("wolf_2", board.hex_at("0101")))
    with pytest.raises(RuleError, match="B-2: .* must be set up in its zone"):
        game.apply(state, Place("wolf_2", board.hex_at("0303")))


def test_bard_adds_his_bow_to_the_men_he_is_stacked_with():
    """B-8: Bard has a bow value of 1; alone he shoots separately, stacked he adds it to the Men's."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0302": ["man_archer_1", "bard"], "0303": "wolf_1"},
                     player="free_peoples", stage="fire")
    with pytest.raises(RuleError, match="must add their bow values"):
        fire(game, state, ["man_archer_1"], "0303")
    assert fire(game, state, ["man_archer_1", "bard"], "0303")[0].data["strength"] == 4 + 1
