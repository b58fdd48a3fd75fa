"""B-7 attacks and skirmishes, B-9 losses in stacks, with forced die rolls."""

from __future__ import annotations

import pytest
from bofa_helpers import label_of, make_game, nb, plain_board, position

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.actions import Advance, Attack, DieRoll, EndPhase, Skirmish, TakeLoss
from bofa_studio.rules.core import CHANCE, RuleError


def attack(game, state, attackers, target):
    return game.apply(state, Attack(tuple(attackers), game.board.hex_at(target)))


def test_b7_example_reduced_goblins_against_an_elf_column_0_roll_3():
    """B-7 example: two reduced goblins (3 + 3) against an Elf of 6: column 0; a roll of 3 and
    the Elf takes a hit."""
    board = plain_board(5, 5)
    game = make_game(board)
    gob1, gob2 = "azug_goblin_spearman_1", "azug_goblin_spearman_2"  # 5 full, 3 reduced
    state = position(game, {"0303": "elf_swordsman_1", nb(board, "0303", "S"): gob1, nb(board, "0303", "N"): gob2},
                     player="dark", stage="combat", reduced=(gob1, gob2))
    events = attack(game, state, [gob1, gob2], "0303")
    assert events[0].data["difference"] == 0
    # The log names who attacks where, not only the sums.
    assert events[0].text == ("Goblin Spearman 1 (azug) and Goblin Spearman 2 (azug) attack 0303: "
                              "6 against 6 (difference +0)")
    assert game.current_player(state) == CHANCE
    assert [p for _, p in game.chance_outcomes(state)] == [0.1] * 10
    events = game.apply(state, DieRoll(3))
    assert events[0].data["column"] == "0"
    assert state.steps["elf_swordsman_1"] == 1
    assert state.steps[gob1] == state.steps[gob2] == 1
    assert state.stage == "combat"


def test_attacks_are_optional_and_each_counter_fights_once():
    """B-7: a player is not forced to attack; each counter takes part in one attack or skirmish."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "elf_spearman_1", "0302": "wolf_1", "0304": "wolf_2"}, stage="combat")
    assert EndPhase() in game.legal_actions(state)
    attack(game, state, ["wolf_1"], "0303")
    game.apply(state, DieRoll(6))  # column -5/-6, row 6: attacker hit
    with pytest.raises(RuleError, match="B-7: .* has already fought"):
        attack(game, state, ["wolf_1"], "0303")
    attack(game, state, ["wolf_2"], "0303")  # the same defender may be attacked again


def test_stacked_counters_may_not_attack_in_two_directions():
    """B-9: stacked counters may not attack in 2 different directions."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["wolf_1", "wolf_2"], "0302": "elf_spearman_1", "0304": "elf_spearman_2"},
                     stage="combat", reduced=("wolf_1", "wolf_2"))
    attack(game, state, ["wolf_1"], "0302")
    game.apply(state, DieRoll(5))
    with pytest.raises(RuleError, match="B-9: counters stacked in 0303 may not attack in two different directions"):
        attack(game, state, ["wolf_2"], "0304")


def test_stacks_add_their_strength_against_one_hex():
    """B-7 Stacking: stacked counters, leaders included, add their combat strengths."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["wolf_rider_1", "thrak"], "0302": ["elf_spearman_1", "thranduil"]},
                     stage="combat")
    events = attack(game, state, ["wolf_rider_1", "thrak"], "0302")
    assert events[0].data["difference"] == (5 + 4) - (7 + 4)


def test_b9_thrak_on_a_wolf_rider_takes_only_one_of_three_hits():
    """B-9 example: Thrak lies on a wolf rider and the stack takes 3 hits: Thrak takes one, the
    wolf rider is destroyed. Had the wolf rider been reduced, Thrak would be destroyed too."""
    board = plain_board(5, 5)
    for reduced, thrak_left in [((), 1), (("wolf_rider_1",), 0)]:
        game = make_game(board)
        attackers = {f"03{r:02d}": f"elf_spearman_{i}" for i, r in enumerate((2, 4), 1)}
        attackers[nb(board, "0303", "NE")] = "elf_archer_1"
        state = position(game, {"0303": ["wolf_rider_1", "thrak"], **attackers}, player="free_peoples",
                         stage="combat", reduced=reduced)
        attack(game, state, ["elf_spearman_1", "elf_spearman_2", "elf_archer_1"], "0303")
        # 21 against 9 (or 7): column +11/+14, roll 1 gives 3 hits
        game.apply(state, DieRoll(1))
        assert state.steps["wolf_rider_1"] == 0
        assert state.steps["thrak"] == thrak_left


def test_losses_fall_from_the_top_of_the_stack():
    """B-7: losses to stacked counters are always applied from top to bottom."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["wolf_1", "wolf_2"], "0302": "elf_spearman_1", "0304": "elf_spearman_2"},
                     player="free_peoples", stage="combat", reduced=("wolf_1", "wolf_2"))
    attack(game, state, ["elf_spearman_1", "elf_spearman_2"], "0303")  # 14 - 2: +11/+14
    game.apply(state, DieRoll(8))  # row 8 of column 9: depth 1 -> 1 hit
    assert state.steps["wolf_2"] == 0 and state.steps["wolf_1"] == 1


def test_attacker_chooses_which_unit_takes_its_hits():
    """B-7: whenever, in an attack with several units, a unit must take a hit, its owner decides."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "dwarf_axeman_1", "0302": "wolf_1", "0304": "wolf_2"}, stage="combat")
    attack(game, state, ["wolf_1", "wolf_2"], "0303")  # 4 - 7 = -3: column -3/-4
    game.apply(state, DieRoll(10))  # row 10, column 1: attacker band from row 6 -> depth 4: 2 hits
    assert state.stage == "loss" and game.current_player(state) == "dark"
    assert set(game.legal_actions(state)) == {TakeLoss("wolf_1"), TakeLoss("wolf_2")}
    with pytest.raises(RuleError, match="B-7: the next hit must go to one of"):
        game.apply(state, TakeLoss("dwarf_axeman_1"))
    game.apply(state, TakeLoss("wolf_2"))
    game.apply(state, TakeLoss("wolf_2"))
    assert state.steps["wolf_2"] == 0 and state.steps["wolf_1"] == 2
    assert state.stage == "combat"


def test_advance_after_combat_into_the_emptied_hex():
    """B-7: if a hex becomes empty after a combat the attacker may move in from a hex the attack came from."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "wolf_1", "0302": "elf_spearman_1"}, player="free_peoples",
                     stage="combat", reduced=("wolf_1",))
    attack(game, state, ["elf_spearman_1"], "0303")
    game.apply(state, DieRoll(1))
    assert state.stage == "advance"
    assert Advance(()) in game.legal_actions(state) and Advance(("elf_spearman_1",)) in game.legal_actions(state)
    game.apply(state, Advance(("elf_spearman_1",)))
    assert label_of(game, state, "elf_spearman_1") == "0303"


def test_skirmishes_are_mandatory():
    """B-7: unlike attacks, skirmishes must be carried out in every combat phase."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["elf_spearman_1", "wolf_1"]}, player="free_peoples", stage="combat")
    assert EndPhase() not in game.legal_actions(state)
    with pytest.raises(RuleError, match="B-7: skirmishes must be fought in every combat phase; still to fight: 0303"):
        game.apply(state, EndPhase())
    game.apply(state, Skirmish(board.hex_at("0303")))
    game.apply(state, DieRoll(5))
    assert EndPhase() in game.legal_actions(state)


def test_second_wave_adds_an_adjacent_stack_to_the_skirmish():
    """B-7 illustration: a warg rider skirmishes on the -2 column; with the adjacent warg riders
    as a second wave the +4 column is used."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["warg_1", "dwarf_spearman_1"], "0302": "warg_2"}, stage="combat")
    wave = Skirmish(board.hex_at("0303"), ("warg_2",))
    assert wave in game.legal_actions(state)
    events = game.apply(state, wave)
    assert events[0].data["difference"] == 4 + 4 - 6
    assert "warg_2" in state.fought


def test_skirmish_losses_fall_first_on_the_units_in_the_hex():
    """B-7: if several friendly units fight a skirmish, losses first affect the unit in the enemy's hex."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["wolf_1", "dwarf_axeman_1"], "0302": "wolf_2"}, stage="combat")
    game.apply(state, Skirmish(board.hex_at("0303"), ("wolf_2",)))
    game.apply(state, DieRoll(10))  # 4 - 7: column -3/-4, row 10: 2 attacker hits
    assert state.steps["wolf_1"] == 0 and state.steps["wolf_2"] == 2


def test_counters_in_a_skirmish_cannot_attack_out_of_it():
    """B-7: a skirmish is fought by the counters in the hex; they cannot attack elsewhere."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": ["wolf_1", "elf_spearman_1"], "0302": "elf_spearman_2"}, stage="combat")
    with pytest.raises(RuleError, match="in a skirmish"):
        attack(game, state, ["wolf_1"], "0302")


def mods_for(board, attacker_hex, target_hex, player="dark", attacker="wolf_rider_1", defender="elf_spearman_1"):
    game = make_game(board)
    state = position(game, {attacker_hex: attacker, target_hex: defender}, player=player, stage="combat")
    events = attack(game, state, [attacker], target_hex)
    return events[0].data["modifiers"], state.pending.modifier


def test_b7_terrain_modifiers():
    """B-7 terrain advantages: +1 from a lower level, +1 across a river, +1 Dale, +1 guard room."""
    board = plain_board(5, 5)
    board.set_terrain(board.hex_at("0303"), Terrain.MOUNTAIN, 1)
    assert mods_for(board, "0302", "0303") == (["attack_from_lower_level"], 1)
    assert mods_for(board, "0303", "0302", defender="elf_spearman_1", attacker="wolf_rider_1") == ([], 0)
    board = plain_board(5, 5)
    board.set_hexside_features(board.hex_at("0302"), board.hex_at("0303"), [HexsideFeature.RIVER])
    assert mods_for(board, "0302", "0303") == (["attack_across_river"], 1)
    board = plain_board(5, 5)
    board.set_terrain(board.hex_at("0303"), Terrain.DALE)
    board.set_terrain(board.hex_at("0302"), Terrain.DALE)
    assert mods_for(board, "0302", "0303") == (["defender_in_dale"], 1)  # even from Dale
    board = plain_board(5, 5)
    board.set_terrain(board.hex_at("0303"), Terrain.MOUNTAIN, 2)
    board.set_terrain(board.hex_at("0302"), Terrain.MOUNTAIN, 2)
    board.set_feature(board.hex_at("0303"), HexFeature.GUARD_ROOM, True)
    assert mods_for(board, "0302", "0303") == (["defender_in_guard_room"], 1)


def test_b7_example_one_attacker_from_below_is_enough():
    """B-7 example: 3 goblins attack an Elf on level 1, 2 from the plain and 1 from a mountain: +1."""
    board = plain_board(5, 5)
    for label in ("0303", "0302"):
        board.set_terrain(board.hex_at(label), Terrain.MOUNTAIN, 1)
    game = make_game(board)
    gobs = ["azug_goblin_scimitar_1", "azug_goblin_scimitar_2", "azug_goblin_scimitar_3"]
    state = position(game, {"0303": "elf_spearman_1", "0302": gobs[0], nb(board, "0303", "SW"): gobs[1],
                            nb(board, "0303", "SE"): gobs[2]}, stage="combat")
    events = attack(game, state, gobs, "0303")
    assert events[0].data["modifiers"] == ["attack_from_lower_level"] and state.pending.modifier == 1


def test_front_gate_attacked_only_from_its_plain_hexes_at_plus_two():
    """B-7: the Front Gate is attacked only from the 2 plain hexes SW and SE of it, with +2."""
    board = plain_board(5, 5)
    gate = board.hex_at("0302")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    for d in ("N", "NE", "NW", "S"):
        board.set_hexside_features(gate, board.hex_at(nb(board, "0302", d)), [HexsideFeature.FRONT_GATE_WALL])
    assert mods_for(board, nb(board, "0302", "SW"), "0302", defender="thorin") == (["defender_in_front_gate"], 2)
    game = make_game(board)
    state = position(game, {"0302": "thorin", "0303": "wolf_1"}, stage="combat")
    with pytest.raises(RuleError, match="Front Gate wall"):
        attack(game, state, ["wolf_1"], "0302")


def test_a_refused_attack_says_whether_a_wall_or_the_distance_stops_it():
    """B-7: "The two red hexsides of the Front Gate can neither be crossed, nor can attacks be
    made across these sides." "Counters can attack any unit in one of the 6 adjacent hexes."
    Issue 17: the refusal said "not adjacent (or a Front Gate wall is between)", not which."""
    board = plain_board(5, 5)
    gate = board.hex_at("0302")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    board.set_hexside_features(gate, board.hex_at("0303"), [HexsideFeature.FRONT_GATE_WALL])
    game = make_game(board)
    state = position(game, {"0302": "thorin", "0303": "wolf_1", "0305": "wolf_2"}, stage="combat")
    with pytest.raises(RuleError) as wall:
        attack(game, state, ["wolf_1"], "0302")
    assert str(wall.value).endswith("across the Front Gate wall between 0303 and 0302")
    with pytest.raises(RuleError) as far:
        attack(game, state, ["wolf_2"], "0302")
    assert "is not adjacent to 0302" in str(far.value) and "wall" not in str(far.value)


def test_roll_outcome_is_applied_only_once_and_only_when_rolling():
    """B-1: a roll is 1-10 (the die's 0 counts as 10)."""
    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "elf_spearman_1", "0302": "wolf_1"}, stage="combat")
    with pytest.raises(RuleError, match="not possible now"):
        game.apply(state, DieRoll(4))
    attack(game, state, ["wolf_1"], "0303")
    with pytest.raises(RuleError, match="B-1: a d10 shows 1..10"):
        game.apply(state, DieRoll(0))


def test_a_loss_the_defender_must_choose_is_the_defenders_decision():
    """Design for the Standard Game: when hits could fall on several of the defender's groups, the
    defender (the player who is not the phase player) acts. The Basic Game never needs it, since a
    defender is one hex and loses from the top (B-7), so the state is built by hand here."""
    from bofa_studio.rules.bofa1984.combat import continue_losses

    board = plain_board(5, 5)
    game = make_game(board)
    state = position(game, {"0303": "elf_spearman_1", "0305": "elf_spearman_2", "0304": "wolf_1"}, stage="combat")
    attack(game, state, ["wolf_1"], "0303")
    p = state.pending
    p.def_groups = (("elf_spearman_1",), ("elf_spearman_2",))
    p.def_hits = 1
    state.stage = "loss"
    continue_losses(game, state)
    assert game.current_player(state) == "free_peoples"
    assert set(game.legal_actions(state)) == {TakeLoss("elf_spearman_1"), TakeLoss("elf_spearman_2")}
    game.apply(state, TakeLoss("elf_spearman_2"))
    assert state.steps["elf_spearman_2"] == 1 and state.stage == "combat"
