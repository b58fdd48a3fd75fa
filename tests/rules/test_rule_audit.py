"""Rule-coverage audit: rulebook sentences the earlier tests did not pin, each quoted in its test.

Every test here names its section and quotes the sentence it checks; where a rule forbids
something, the test also checks that the refusal names the rule (``RuleError.rule``).
"""

from __future__ import annotations

import pytest
from bofa_helpers import label_of, make_game, nb, plain_board, position

from bofa_studio.board.model import HexFeature, HexsideFeature, SlopeLine, Terrain
from bofa_studio.rules.bofa1984.actions import (
    Advance,
    Attack,
    CastSpell,
    DieRoll,
    Dive,
    EndPhase,
    Fire,
    Move,
    RollRocks,
    Skirmish,
)
from bofa_studio.rules.core import RuleError


def h(board, label):
    return board.hex_at(label)


def refused(game, state, action, rule):
    """Apply an illegal action: it must be refused with ``rule`` and leave no trace."""
    with pytest.raises(RuleError) as err:
        game.apply(state, action)
    assert err.value.rule == rule, str(err.value)
    assert action not in game.legal_actions(state)
    return err.value


def moves_of(game, state, cid):
    return {game.board.label(a.to) for a in game.legal_actions(state) if isinstance(a, Move) and a.counters == (cid,)}


# -- B-6 movement ------------------------------------------------------------------------------


def test_b6_counters_need_not_stop_next_to_enemies():
    """B-6: "There are no control areas in the game." "Friendly counters do not need to stop when
    moving through hexes adjacent to enemy counters." """
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0305": "elf_spearman_1", "0408": "wolf_1"})
    path = tuple(h(board, f"04{r:02d}") for r in range(8, 1, -1))
    assert sum(h(board, "0305").distance(x) == 1 for x in path[1:-1]) >= 2  # it passes next to the Elf
    game.apply(state, Move(("wolf_1",), path[-1], path))
    assert label_of(game, state, "wolf_1") == "0402"


def test_b10_leaders_cannot_move_through_enemy_units():
    """B-10: "Enemy units can therefore move freely into this hex ... Nevertheless, leaders/characters
    cannot move through enemy units." """
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0508": "gandalf", "0506": "azug_goblin_scimitar_1"}, player="free_peoples")
    path = tuple(h(board, f"05{r:02d}") for r in (8, 7, 6, 5, 4))
    refused(game, state, Move(("gandalf",), path[-1], path), "B-6")
    # nor may he end his move on a goblin he did not begin the phase next to
    refused(game, state, Move(("gandalf",), h(board, "0506")), "B-6")
    assert "0504" in moves_of(game, state, "gandalf")  # around the goblin, the long way


def test_b6_a_path_through_dale_costs_one_per_hex():
    """B-6 example: "A goblin counter moves along a path towards Dale. If it stays on the path while
    moving through Dale, it only needs to spend one movement point per hex, instead of 2." """
    board = plain_board(9, 9)
    for x in list(board.hexes()):
        board.set_terrain(x, Terrain.DALE)
    for r in range(2, 9):
        board.set_feature(h(board, f"05{r:02d}"), HexFeature.PATH, True)
    game = make_game(board)
    state = position(game, {"0508": "azug_goblin_scimitar_1"})  # movement 5
    reach = moves_of(game, state, "azug_goblin_scimitar_1")
    assert "0503" in reach  # five path hexes for 5 points
    for r in range(2, 9):
        board.set_feature(h(board, f"05{r:02d}"), HexFeature.PATH, False)
    game = make_game(board)
    state = position(game, {"0508": "azug_goblin_scimitar_1"})  # the same walk without the path
    reach = moves_of(game, state, "azug_goblin_scimitar_1")
    assert "0506" in reach and "0505" not in reach  # 2 points a Dale hex


def test_b6_boulders_guard_rooms_bridge_and_triangles_cost_nothing_extra():
    """B-6: "Boulders, guard rooms, the destroyed bridge and entry triangles have no effect on
    movement." """
    board = plain_board(9, 9)
    for r, feature in zip((7, 6, 5, 4), (HexFeature.BOULDER_PILE, HexFeature.GUARD_ROOM,
                                         HexFeature.DESTROYED_BRIDGE, HexFeature.ENTRY_TRIANGLE), strict=True):
        board.set_feature(h(board, f"05{r:02d}"), feature, True)
    board.set_entry_group(h(board, "0504"), "north_west")
    game = make_game(board)
    state = position(game, {"0508": "azug_goblin_scimitar_1"})  # movement 5: 1 point a plain hex
    path = tuple(h(board, f"05{r:02d}") for r in (8, 7, 6, 5, 4, 3))
    game.apply(state, Move(("azug_goblin_scimitar_1",), path[-1], path))
    assert label_of(game, state, "azug_goblin_scimitar_1") == "0503"


def test_b6_movement_value_is_a_limit_refused_with_b6():
    """B-6: "A counter may not exceed its movement value in its movement phase." """
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0508": "azug_goblin_scimitar_1"})
    path = tuple(h(board, f"05{r:02d}") for r in (8, 7, 6, 5, 4, 3, 2))
    err = refused(game, state, Move(("azug_goblin_scimitar_1",), path[-1], path), "B-6")
    assert "movement value" in err.reason
    refused(game, state, Move(("azug_goblin_scimitar_1",), h(board, "0502")), "B-6")


# -- B-7 combat --------------------------------------------------------------------------------


def test_b7_differences_beyond_the_table_use_its_end_columns():
    """B-7 Notes: "All combats below -5/-6 are rolled on the -5/-6 column and combats above +15 are
    rolled on the +15 column." """
    board = plain_board(9, 9)
    game = make_game(board)
    t = "0505"
    state = position(game, {t: ["elf_spearman_1", "thranduil"], nb(board, t, "S"): "wolf_1"}, stage="combat",
                     reduced=("wolf_1",))  # 1 against 7 + Thranduil
    game.apply(state, Attack(("wolf_1",), h(board, t)))
    assert state.pending.strength - state.pending.defence < -6
    events = game.apply(state, DieRoll(9))
    assert events[0].data["column"] == "-5/-6"
    ring = {nb(board, t, d): c for d, c in zip(("S", "N", "NE"), ("elf_spearman_1", "elf_spearman_2",
                                                                    "elf_swordsman_1"), strict=True)}
    state = position(game, {t: "wolf_1", **ring}, player="free_peoples", stage="combat", reduced=("wolf_1",))
    game.apply(state, Attack(tuple(ring.values()), h(board, t)))
    assert state.pending.strength - state.pending.defence > 15
    events = game.apply(state, DieRoll(10))
    assert events[0].data["column"] == "+15 & more"


def test_b7_advance_also_across_a_river_and_uphill():
    """B-7: "the attacker may move the counter(s) into the empty hex, from a hex from which the attack
    was made. This also includes movement across a river or uphill." """
    board = plain_board(5, 5)
    board.set_terrain(h(board, "0303"), Terrain.MOUNTAIN, 3)
    board.set_hexside_features(h(board, "0302"), h(board, "0303"), [HexsideFeature.RIVER])
    game = make_game(board)
    state = position(game, {"0303": "wolf_1", "0302": "dwarf_axeman_1"}, player="free_peoples",
                     stage="combat", reduced=("wolf_1",))
    game.apply(state, Attack(("dwarf_axeman_1",), h(board, "0303")))
    assert state.pending.modifier_ids == ("attack_from_lower_level", "attack_across_river")
    game.apply(state, DieRoll(1))
    assert "wolf_1" not in state.pos and state.stage == "advance"
    game.apply(state, Advance(("dwarf_axeman_1",)))
    assert label_of(game, state, "dwarf_axeman_1") == "0303"


def test_b7_refusals_name_b7():
    """B-7: "Counters can attack any unit in one of the 6 adjacent hexes." "Each friendly counter
    can take part in either 1 attack or 1 skirmish in a friendly combat phase." """
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0505": "elf_spearman_1", "0502": "wolf_1", "0303": "wolf_2",
                            "0707": ["elf_spearman_2", "wolf_3"]}, stage="combat")
    refused(game, state, Attack(("wolf_1",), h(board, "0505")), "B-7")  # not adjacent
    refused(game, state, Attack(("elf_spearman_1",), h(board, "0502")), "B-7")  # not his counter
    refused(game, state, Attack(("wolf_2",), h(board, "0303")), "B-7")  # no enemy there
    game.apply(state, Skirmish(h(board, "0707")))
    game.apply(state, DieRoll(5))
    refused(game, state, Skirmish(h(board, "0707")), "B-7")  # fought already this phase


# -- B-8 archery -------------------------------------------------------------------------------


def test_b8_range_ends_at_the_bow_value_and_only_archers_shoot():
    """B-8: "An archer with a bow value of 4 can shoot ... at a distance of 4 hexes with a strength
    of 1." "Archery fire can only be made by archers." """
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0501": "azug_goblin_archer_1", "0505": "elf_spearman_1", "0506": "elf_spearman_2",
                            "0401": "azug_goblin_scimitar_1"}, stage="fire")
    targets = {board.label(a.target) for a in game.legal_actions(state) if isinstance(a, Fire)}
    assert "0505" in targets and "0506" not in targets
    err = refused(game, state, Fire(("azug_goblin_archer_1",), h(board, "0506")), "B-8")
    assert "out of range" in err.reason
    refused(game, state, Fire(("azug_goblin_scimitar_1",), h(board, "0505")), "B-8")
    game.apply(state, Fire(("azug_goblin_archer_1",), h(board, "0505")))
    assert state.pending.strength == 1


def test_b9_a_leader_on_top_takes_one_hit_per_shot():
    """B-9: "If the top counter in a stack is a leader, he can take only one hit per attack, skirmish
    or shot on the stack." """
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0505": ["wolf_rider_1", "thrak"], "0504": "elf_archer_1", "0506": "elf_archer_2"},
                     player="free_peoples", stage="fire")
    game.apply(state, Fire(("elf_archer_1", "elf_archer_2"), h(board, "0505")))
    assert state.pending.strength == 12
    game.apply(state, DieRoll(1))  # column 12-14, roll 1: 3 hits
    assert state.steps["thrak"] == 1 and "wolf_rider_1" not in state.pos


# -- B-11 victory ------------------------------------------------------------------------------


def test_b11_dale_is_held_by_the_star_hex_alone_in_the_basic_game():
    """B-11: "To control the town of Dale, a player needs only one counter in the hex with the red
    star." """
    from bofa_studio.rules.bofa1984.victory import control

    board = plain_board(6, 6)
    for label in ("0303", "0304"):
        board.set_terrain(h(board, label), Terrain.DALE)
    board.set_feature(h(board, "0303"), HexFeature.DALE_STAR, True)
    board.set_area("dale", [h(board, "0303"), h(board, "0304")])
    board.set_area("victory.dale", [h(board, "0303")])
    game = make_game(board, victory=["victory.dale"])
    state = position(game, {"0303": "azug_goblin_scimitar_1", "0304": "elf_spearman_1"})
    assert control(game, state)["victory.dale"] == "dark"
    state = position(game, {"0304": "azug_goblin_scimitar_1"})
    assert control(game, state)["victory.dale"] is None


# -- S-6 morale ---------------------------------------------------------------------------------


def test_s6_a_failed_check_may_move_on_but_not_into_an_enemy_again():
    """S-6: "Every time a goblin counter (not a wolf or warg) moves into a hex with an Elf counter"
    a check is made; "A unit that fails a morale check can continue the movement phase (MOVE)." """
    board = plain_board(9, 9)
    game = make_game(board, s6_morale=True)
    gob = "azug_goblin_scimitar_1"
    state = position(game, {"0505": "elf_spearman_1", nb(board, "0505", "S"): gob})
    events = game.apply(state, Move((gob,), h(board, "0505")))
    assert events[0].data["target"] == game.specs[gob].strength[1] and state.die.digest_tag == "morale"
    game.apply(state, DieRoll(game.specs[gob].strength[1] + 1))
    assert label_of(game, state, gob) == nb(board, "0505", "S") and state.stage == "move"
    refused(game, state, Move((gob,), h(board, "0505")), "S-6")
    game.apply(state, Move((gob,), h(board, "0509")))  # it moves on elsewhere
    assert label_of(game, state, gob) == "0509"
    wolf = position(game, {"0505": "elf_spearman_1", nb(board, "0505", "S"): "wolf_1"})
    game.apply(wolf, Move(("wolf_1",), h(board, "0505")))  # a wolf is no goblin: no check
    assert wolf.die is None and label_of(game, wolf, "wolf_1") == "0505"


def test_s6_only_a_commanding_leader_on_top_helps_and_reduced_units_add():
    """S-6: "If a leader is stacked on top of another counter that must take a morale check, the
    leader's combat strength can be subtracted from the die result." "leaders or characters can support
    other units only if these are under their command." "Stacked half-strength units may add their
    combat strength values when a morale check is required." """
    board = plain_board(9, 9)
    game = make_game(board, s6_morale=True)
    below = nb(board, "0505", "S")

    def target(stack, movers, reduced=()):
        state = position(game, {"0505": "elf_spearman_1", below: stack}, reduced=reduced)
        return game.apply(state, Move(tuple(movers), h(board, "0505")))[0].data["target"]

    gob = "azug_goblin_scimitar_1"
    s = game.specs[gob].strength[1]
    assert target([gob, "azug"], [gob, "azug"]) == s + game.specs["azug"].strength[1]  # his own tribe
    assert target([gob, "thuk"], [gob, "thuk"]) == s  # another tribe's captain does not help
    assert target([gob, "bolg"], [gob, "bolg"]) == s + 5  # Bolg commands all Dark armies
    assert target([gob, "bolg"], [gob]) == s  # a leader who stays behind cannot help
    pair = ["azug_goblin_scimitar_1", "azug_goblin_axeman_1"]
    r = sum(game.specs[c].strength[0] for c in pair)
    assert target(pair, pair, reduced=tuple(pair)) == r


# -- S-7 combat ---------------------------------------------------------------------------------


def test_s7_spearmen_against_spearmen_get_no_bonus():
    """S-7: "1 is subtracted from the die result when spearmen of either army attack other units
    that are not spearmen." """
    board = plain_board(9, 9)
    game = make_game(board, s7_combat_modifiers=True)
    t = "0505"
    state = position(game, {t: "dwarf_spearman_1", nb(board, t, "S"): "azug_goblin_spearman_1"}, stage="combat")
    game.apply(state, Attack(("azug_goblin_spearman_1",), h(board, t)))
    assert "spearmen_only_attack" not in state.pending.modifier_ids
    state = position(game, {t: "azug_goblin_scimitar_1", nb(board, t, "S"): "elf_spearman_1",
                            nb(board, t, "N"): "elf_swordsman_1"}, stage="combat", player="free_peoples")
    game.apply(state, Attack(("elf_spearman_1", "elf_swordsman_1"), h(board, t)))
    assert "spearmen_only_attack" not in state.pending.modifier_ids  # not an attack made only by spearmen


def test_s7_beorn_skirmishes_at_minus_two():
    """S-7/S-10: Beorn "can move directly into a skirmish ... In addition, 2 is subtracted from the die
    roll." "His roll is modified by -1 when he attacks and by -2 when he takes part in a skirmish." """
    board = plain_board(9, 9)
    game = make_game(board, s7_combat_modifiers=True)
    state = position(game, {"0505": "azug_goblin_spearman_1", "0509": "beorn"}, player="free_peoples")
    game.apply(state, Move(("beorn",), h(board, "0505")))  # from afar, straight into a skirmish
    state.stage = "move"
    game.apply(state, EndPhase())
    state = position(game, {"0505": ["azug_goblin_spearman_1", "beorn"]}, player="free_peoples", stage="combat")
    game.apply(state, Skirmish(h(board, "0505")))
    assert state.pending.modifier_ids == ("beorn_skirmish",) and state.pending.modifier == -2


def test_s7_second_wave_across_a_river_and_into_the_front_gate():
    """S-7: "If second-wave counters come from a lower level or across a river, 1 is added to the die
    result ... If the second wave intervenes in a skirmish at the Front Gate, 2 is added to the roll." """
    board = plain_board(9, 9)
    s, wave = "0505", nb(board, "0505", "S")
    board.set_hexside_features(h(board, s), h(board, wave), [HexsideFeature.RIVER])
    game = make_game(board, s7_combat_modifiers=True)
    state = position(game, {s: ["dwarf_axeman_1", "azug_goblin_spearman_1"], wave: "azug_goblin_spearman_2"},
                     stage="combat")
    game.apply(state, Skirmish(h(board, s), ("azug_goblin_spearman_2",)))
    assert state.pending.modifier_ids == ("second_wave_across_river",) and state.pending.modifier == 1
    board = plain_board(9, 9)
    gate = h(board, "0502")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    for d in ("N", "NE", "NW", "S"):
        board.set_hexside_features(gate, h(board, nb(board, "0502", d)), [HexsideFeature.FRONT_GATE_WALL])
    game = make_game(board, s7_combat_modifiers=True)
    sw = nb(board, "0502", "SW")
    state = position(game, {"0502": ["thorin", "azug_goblin_spearman_1"], sw: "azug_goblin_spearman_2"},
                     stage="combat")
    game.apply(state, Skirmish(gate, ("azug_goblin_spearman_2",)))
    assert state.pending.modifier_ids == ("second_wave_at_front_gate",) and state.pending.modifier == 2


def test_s10_bolg_shifts_skirmishes_too_but_only_in_the_dark_combat_phase():
    """S-10: "In all skirmishes and attacks within a radius of 3 hexes around Bolg that take place in
    the Dark player's combat phase, the result of the column to the right ... is applied." """
    board = plain_board(9, 9)
    game = make_game(board, s7_combat_modifiers=True)
    where = {"0505": ["elf_spearman_1", "azug_goblin_spearman_1"], "0503": "bolg"}
    state = position(game, where, stage="combat")
    game.apply(state, Skirmish(h(board, "0505")))
    assert state.pending.shift == 1
    state = position(game, where, stage="combat", player="free_peoples")
    game.apply(state, Skirmish(h(board, "0505")))
    assert state.pending.shift == 0


def test_s7_dives_only_on_mountain_hexes_not_guard_rooms_nor_skirmishes():
    """S-7: "The target of a dive attack must be on a mountain hex. This rules out an attack against the
    Front Gate." "Giant Eagles cannot fly dive attacks against the guard rooms." "... nor against enemy
    units that are engaged in a skirmish." """
    board = plain_board(9, 9)
    for label in ("0503", "0505", "0507"):
        board.set_terrain(h(board, label), Terrain.MOUNTAIN, 2)
    board.set_feature(h(board, "0503"), HexFeature.GUARD_ROOM, True)
    board.set_terrain(h(board, "0303"), Terrain.FRONT_GATE)
    game = make_game(board, s7_dive_attacks=True)
    state = position(game, {"0101": "giant_eagle_1", "0503": "azug_goblin_scimitar_1",
                            "0505": ["azug_goblin_scimitar_2", "dwarf_axeman_1"], "0507": "azug_goblin_scimitar_3",
                            "0303": "azug_goblin_scimitar_4"}, player="free_peoples")
    targets = {board.label(a.target) for a in game.legal_actions(state) if isinstance(a, Dive)}
    assert targets == {"0507"}
    err = refused(game, state, Dive("giant_eagle_1", h(board, "0503"), h(board, "0101")), "S-7")
    assert "dive" in err.reason


def test_s7_eagles_never_end_on_friends_nor_on_enemies_in_the_gate_or_a_guard_room():
    """S-7: "Giant Eagles cannot end their movement stacked on a friendly counter." "Giant Eagles cannot
    take part in a skirmish at the Front Gate or at one of the guard rooms." """
    board = plain_board(9, 9)
    board.set_terrain(h(board, "0505"), Terrain.MOUNTAIN, 2)
    board.set_feature(h(board, "0505"), HexFeature.GUARD_ROOM, True)
    game = make_game(board, s7_eagle_skirmishes=True)
    state = position(game, {"0101": "giant_eagle_1", "0303": "elf_spearman_1", "0505": "azug_goblin_scimitar_1",
                            "0707": "azug_goblin_scimitar_2"}, player="free_peoples")
    refused(game, state, Move(("giant_eagle_1",), h(board, "0303")), "S-7")
    refused(game, state, Move(("giant_eagle_1",), h(board, "0505")), "S-7")
    game.apply(state, Move(("giant_eagle_1",), h(board, "0707")))  # on an enemy in the open: allowed


def test_s7_who_may_roll_rocks_and_at_whom():
    """S-7: "Giant Eagles cannot roll rocks. Thorin and Beorn can roll rocks, all other
    leaders/characters cannot." "Units that are stacked with enemy units cannot roll rocks. Rocks also
    cannot be rolled against enemy units that are stacked with friendly units." """
    board = plain_board(9, 9)
    pile = h(board, "0502")
    line = (pile, pile.neighbor(3), pile.neighbor(3).neighbor(3))
    board.set_feature(pile, HexFeature.BOULDER_PILE, True)
    board.set_slope_lines([SlopeLine(line)])
    game = make_game(board, s7_rolling_rocks=True)
    lab = [board.label(x) for x in line]
    roll = RollRocks(line[0], line[1])

    def can(where):
        state = position(game, where, player="free_peoples", stage="combat")
        return roll in game.legal_actions(state)

    assert can({lab[0]: "dwarf_axeman_1", lab[1]: "azug_goblin_scimitar_1"})
    assert can({lab[0]: "thorin", lab[1]: "azug_goblin_scimitar_1"})
    assert can({lab[0]: "beorn", lab[1]: "azug_goblin_scimitar_1"})
    assert not can({lab[0]: "gandalf", lab[1]: "azug_goblin_scimitar_1"})
    assert not can({lab[0]: "giant_eagle_1", lab[1]: "azug_goblin_scimitar_1"})
    assert not can({lab[0]: ["dwarf_axeman_1", "azug_goblin_scimitar_2"], lab[1]: "azug_goblin_scimitar_1"})
    assert not can({lab[0]: "dwarf_axeman_1", lab[1]: ["dwarf_axeman_2", "azug_goblin_scimitar_1"]})
    state = position(game, {lab[0]: "gandalf", lab[1]: "azug_goblin_scimitar_1"}, player="free_peoples",
                     stage="combat")
    refused(game, state, roll, "S-7")


# -- S-8 archery and spells ---------------------------------------------------------------------


def fire_mods(board, archer_at, target_at, target="elf_spearman_1", archer="azug_goblin_archer_1", **options):
    game = make_game(board, s8_fire=True, **options)
    state = position(game, {archer_at: archer, target_at: target}, stage="fire")
    game.apply(state, Fire((archer,), h(board, target_at)))
    return state.pending.modifier_ids, state.pending.modifier


def test_s8_aiming_modifiers():
    """S-8: "When shooting at a counter on a higher mountain level, 1 must be added to the die result."
    "When shooting at a hex of the mountain summit ... from a non-summit hex, 1 must be added."
    "When archers shoot at one of the two guard rooms, 2 must be added." "When shooting at the Front
    Gate hex, 2 must be added." "When shooting at eagles in the air ... 1 must be added." """
    board = plain_board(9, 9)
    board.set_terrain(h(board, "0503"), Terrain.MOUNTAIN, 2)
    board.set_terrain(h(board, "0505"), Terrain.MOUNTAIN, 1)
    assert fire_mods(board, "0505", "0503") == (("fire_uphill",), 1)
    assert fire_mods(board, "0503", "0505") == ((), 0)  # downhill: nothing
    board = plain_board(9, 9)
    board.set_terrain(h(board, "0503"), Terrain.SUMMIT)
    board.set_terrain(h(board, "0505"), Terrain.SLOPE)
    board.set_terrain(h(board, "0504"), Terrain.SLOPE)
    assert fire_mods(board, "0505", "0503") == (("fire_uphill",), 1)
    board = plain_board(9, 9)
    for label in ("0503", "0505"):
        board.set_terrain(h(board, label), Terrain.MOUNTAIN, 2)
    board.set_feature(h(board, "0503"), HexFeature.GUARD_ROOM, True)
    assert fire_mods(board, "0505", "0503") == (("fire_at_guard_room",), 2)
    board = plain_board(9, 9)
    gate = h(board, "0502")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    for d in ("N", "NE", "NW", "S"):
        board.set_hexside_features(gate, h(board, nb(board, "0502", d)), [HexsideFeature.FRONT_GATE_WALL])
    assert fire_mods(board, nb(board, "0502", "SW"), "0502", target="thorin") == (("fire_at_front_gate",), 2)
    board = plain_board(9, 9)
    assert fire_mods(board, "0505", "0503", target="giant_eagle_1") == (("fire_at_flying_eagle",), 1)


def test_s8_line_of_sight_dale_and_high_ground_block_guard_rooms_and_cliffs_do_not():
    """S-8: the line of sight is blocked by "The town of Dale" and "Any terrain level that is higher
    than both the target hex and the archer's hex." "As far as line of sight is concerned, the guard
    rooms, cliff hexes and the Front Gate do not count as blocking obstacles." """
    def sees(terrain=None, level=None, feature=None):
        board = plain_board(9, 9)
        if terrain:
            board.set_terrain(h(board, "0503"), terrain, level)
        if feature:
            board.set_feature(h(board, "0503"), feature, True)
        game = make_game(board, s8_fire=True)
        state = position(game, {"0501": "elf_archer_1", "0505": "azug_goblin_scimitar_1"},
                         player="free_peoples", stage="fire")
        ok = Fire(("elf_archer_1",), h(board, "0505")) in game.legal_actions(state)
        if not ok:
            refused(game, state, Fire(("elf_archer_1",), h(board, "0505")), "S-8")
        return ok

    assert sees()
    assert not sees(Terrain.DALE)
    assert not sees(Terrain.MOUNTAIN, 1)
    assert sees(Terrain.CLIFF)
    assert sees(Terrain.MOUNTAIN, 1, HexFeature.GUARD_ROOM)  # a guard room, though higher than both ends
    assert sees(Terrain.FRONT_GATE)


def test_s8_destroy_reaches_10_hexes_spares_skirmishes_and_needs_no_line_of_sight():
    """S-8: "All combat units in a hex at a distance of up to 10 hexes are destroyed." "Gandalf cannot
    use this spell against enemy units that are engaged in a skirmish." "Gandalf can use spells even if
    he is in a skirmish. In addition, he does not need a clear line of sight." """
    board = plain_board(13, 13)
    game = make_game(board, s8_gandalf_spells=True)
    state = position(game, {"0101": ["gandalf", "thuk_goblin_scimitar_1"], "0102": "dwarf_axeman_1",
                            "0111": "azug_goblin_scimitar_1", "0112": "azug_goblin_scimitar_2",
                            "0105": ["azug_goblin_scimitar_3", "elf_spearman_1"]},
                     player="free_peoples", stage="fire")
    targets = {board.label(a.target) for a in game.legal_actions(state)
               if isinstance(a, CastSpell) and a.spell == "destroy"}
    assert "0111" in targets  # 10 hexes, behind the Dwarves in 0102
    assert "0112" not in targets and "0105" not in targets
    refused(game, state, CastSpell("destroy", h(board, "0112")), "S-8")
    refused(game, state, CastSpell("destroy", h(board, "0105")), "S-8")
    game.apply(state, CastSpell("destroy", h(board, "0111")))
    game.apply(state, DieRoll(6))
    assert "azug_goblin_scimitar_1" not in state.pos


def test_s8_regroup_spell_reaches_3_hexes_and_not_leaders():
    """S-8: "Friendly combat units within a radius of 3 hexes can be regrouped automatically. A die
    result of 1-8 is required for this. Friendly leaders/characters are not affected by this." """
    board = plain_board(9, 9)
    game = make_game(board, s8_gandalf_spells=True, s10_leaders=True)
    state = position(game, {"0501": "gandalf", "0504": "elf_spearman_1", "0505": "elf_spearman_2",
                            "0502": "thranduil"}, player="free_peoples", stage="fire",
                     reduced=("elf_spearman_1", "elf_spearman_2"))
    state.hits["thranduil"] = 1
    game.apply(state, CastSpell("regroup", h(board, "0501")))
    game.apply(state, DieRoll(9))
    assert state.steps["elf_spearman_1"] == 1  # 9 fails
    state.spell_tried = False
    game.apply(state, CastSpell("regroup", h(board, "0501")))
    game.apply(state, DieRoll(8))
    assert state.steps["elf_spearman_1"] == 2 and state.steps["elf_spearman_2"] == 1
    assert state.hits["thranduil"] == 1


# -- S-10 leaders -------------------------------------------------------------------------------


def test_s10_beorn_and_thorin_do_not_escape():
    """S-10: "Whenever a leader/character (except Beorn or Thorin) is in a hex with an enemy counter on
    him (or a counter moves through him), he has the option of moving away." """
    board = plain_board(9, 9)
    game = make_game(board, s10_leaders=True)
    for leader, escapes in (("gandalf", True), ("beorn", False), ("thorin", False)):
        state = position(game, {"0505": leader, nb(board, "0505", "S"): "wolf_1"})
        game.apply(state, Move(("wolf_1",), h(board, "0505")))
        assert (state.stage == "escape") is escapes, leader


# -- S-11 victory -------------------------------------------------------------------------------


def test_s11_the_summit_is_contested_from_the_slope_hexes():
    """S-11: "The mountain summit is regarded as contested by placing counters in the slope hexes." """
    from bofa_studio.rules.bofa1984.victory import control

    board = plain_board(9, 9)
    summit = ["0504", "0505", "0604"]
    for label in summit:
        board.set_terrain(h(board, label), Terrain.SUMMIT)
    board.set_terrain(h(board, "0506"), Terrain.SLOPE)
    board.set_area("victory.summit", [h(board, x) for x in summit])
    board.set_area("summit_slopes", [h(board, "0506")])
    game = make_game(board, s11_victory=True, victory=["victory.summit"])
    held = {"0504": "wolf_1", "0505": "wolf_2", "0604": "wolf_3"}  # 2 + 2 + 2 points
    state = position(game, held)
    assert control(game, state)["victory.summit"] == "dark"
    state = position(game, {**held, "0506": "elf_spearman_1"})
    assert control(game, state)["victory.summit"] is None
    state = position(game, {**held, "0506": "elf_spearman_1"}, reduced=("elf_spearman_1",))
    assert control(game, state)["victory.summit"] is None  # 4 is at least half of 6


def test_s6_bilbo_does_not_command_the_elves_in_a_morale_check():
    """S-6: "leaders or characters can support other units only if these are under their command. See
    REGROUPING for a more detailed description." S-1: "*Bilbo does not belong to the command of Elf
    units, but can take part in their regrouping." So Bilbo helps Elves regroup, but not in morale."""
    from bofa_studio.rules.bofa1984 import regroup

    board = plain_board(9, 9)
    up = "0505"
    board.set_terrain(h(board, up), Terrain.MOUNTAIN, 2)
    below = nb(board, up, "S")
    game = make_game(board, s6_morale=True)
    elf = "elf_spearman_1"

    def target(leader):
        state = position(game, {up: "azug_goblin_scimitar_1", below: [elf, leader]}, player="free_peoples")
        return game.apply(state, Move((elf, leader), h(board, up)))[0].data["target"]

    assert target("thranduil") == 7 + 4
    assert target("bilbo") == 7
    assert regroup.commands(game, "bilbo", elf)  # but he does take part in their regrouping


# -- Refusals name their rule --------------------------------------------------------------------


def test_actions_out_of_their_phase_are_refused_by_b4():
    """B-4: "In the 4 different phases the following actions are possible: MOVEMENT PHASE ... COMBAT
    PHASE ... FIRE PHASE" - an action of another phase is refused with B-4."""
    board = plain_board(9, 9)
    game = make_game(board)
    where = {"0505": "elf_archer_1", "0504": "wolf_1", "0503": "azug_goblin_archer_1"}
    move = Move(("wolf_1",), h(board, "0704"))
    attack = Attack(("wolf_1",), h(board, "0505"))
    fire = Fire(("azug_goblin_archer_1",), h(board, "0505"))
    for stage, wrong in (("move", (attack, fire)), ("combat", (move, fire)), ("fire", (move, attack))):
        state = position(game, where, stage=stage)
        for action in wrong:
            err = refused(game, state, action, "B-4")
            assert "not possible now" in err.reason
    state = position(game, where, stage="combat")
    game.apply(state, attack)
    refused(game, state, DieRoll(11), "B-1")  # "Only a result of 1-10 can therefore be rolled"


def test_refusals_of_each_kind_name_their_section():
    """"illegal actions are refused with the rule's reason": one illegal action of each kind."""
    board = plain_board(9, 9)
    game = make_game(board)
    state = position(game, {"0505": ["elf_spearman_1"], "0305": "elf_spearman_2", "0507": "wolf_1",
                            "0307": ["wolf_2", "wolf_3"]}, player="free_peoples", reduced=("wolf_2",))
    refused(game, state, Move(("wolf_1",), h(board, "0508")), "B-6")  # not the phase player's
    refused(game, state, Move(("elf_spearman_1", "elf_spearman_2"), h(board, "0503")), "B-9")  # two hexes
    state.moved.add("elf_spearman_1")  # so it cannot make room for a second full-strength counter
    refused(game, state, Move(("elf_spearman_2",), h(board, "0505")), "B-9")
    state = position(game, {"0505": ["wolf_2", "wolf_3"], "0504": "elf_spearman_1", "0506": "elf_spearman_2"},
                     stage="combat", reduced=("wolf_2", "wolf_3"))
    game.apply(state, Attack(("wolf_2",), h(board, "0504")))
    game.apply(state, DieRoll(5))
    refused(game, state, Attack(("wolf_3",), h(board, "0506")), "B-9")  # two directions
    state = position(game, {"0505": ["elf_archer_1", "elf_archer_2"], "0503": "wolf_1"}, player="free_peoples",
                     stage="fire", reduced=("elf_archer_1", "elf_archer_2"))
    refused(game, state, Fire(("elf_archer_1",), h(board, "0503")), "B-8")  # stacked reduced archers together
    game.apply(state, Fire(("elf_archer_1", "elf_archer_2"), h(board, "0503")))
    game.apply(state, DieRoll(10))
    refused(game, state, Fire(("elf_archer_1", "elf_archer_2"), h(board, "0503")), "B-8")  # once a phase


def test_s7_rollers_still_attack_and_shoot_in_the_same_phase():
    """S-7: "Units can roll rocks and attack in the same combat phase (COMBAT). Units can roll rocks
    and shoot in the same fire phase (FIRE)." """
    board = plain_board(9, 9)
    pile = h(board, "0502")
    line = (pile, pile.neighbor(3), pile.neighbor(3).neighbor(3))
    board.set_feature(pile, HexFeature.BOULDER_PILE, True)
    board.set_slope_lines([SlopeLine(line)])
    game = make_game(board, s7_rolling_rocks=True)
    lab = [board.label(x) for x in line]
    state = position(game, {lab[0]: "dwarf_axeman_1", lab[1]: "azug_goblin_scimitar_1"}, player="free_peoples",
                     stage="combat")
    game.apply(state, RollRocks(line[0], line[1]))  # distance 1: a hit without a roll
    assert state.steps["azug_goblin_scimitar_1"] == 1 and state.stage == "combat"
    game.apply(state, Attack(("dwarf_axeman_1",), line[1]))
    state = position(game, {lab[0]: "elf_archer_1", lab[2]: "azug_goblin_scimitar_1"}, player="free_peoples",
                     stage="fire")
    game.apply(state, RollRocks(line[0], line[1]))
    game.apply(state, DieRoll(4))  # distance 2 needs 1-3: a miss
    assert state.steps["azug_goblin_scimitar_1"] == 2 and state.stage == "fire"
    game.apply(state, Fire(("elf_archer_1",), line[2]))


# -- Optional rules ----------------------------------------------------------------------------


def test_o1_no_bats_in_the_guard_rooms():
    """O-1: "bat attacks are rolled against all Free Peoples counters with half combat strength (with
    the exception of counters in the guard rooms)." """
    from bofa_studio.rules.bofa1984.sequence import begin_kind

    board = plain_board(6, 6)
    board.set_terrain(h(board, "0303"), Terrain.MOUNTAIN, 2)
    board.set_feature(h(board, "0303"), HexFeature.GUARD_ROOM, True)
    game = make_game(board, o1_bat_attack=True)
    state = position(game, {"0303": "elf_archer_1", "0505": "dwarf_axeman_1"},
                     reduced=("elf_archer_1", "dwarf_axeman_1"))
    begin_kind(game, state, "fire")
    assert [step.counter for step in state.todo] == ["dwarf_axeman_1"]
    game.apply(state, DieRoll(1))
    assert "dwarf_axeman_1" not in state.pos and "elf_archer_1" in state.pos and state.stage == "fire"


def test_s5_only_the_second_wave_is_placed_on_enemies_in_the_standard_game_too():
    """S-5, under "REINFORCEMENTS IN TURN 4": "So that they can intervene in the game, reinforcements
    may simply be placed directly on top of the enemy counters (as a skirmish)." The engine reads this
    of the turn-4 Second Wave (as B-5 does), not of the Third Attack (docs/rules-standard.md)."""
    import copy

    from bofa_helpers import _base

    from bofa_studio.rules.bofa1984.actions import Place
    from bofa_studio.rules.bofa1984.game import STANDARD_OPTIONS

    board = plain_board(8, 8)
    for label, group in [("0101", "north_west"), ("0801", "north_east"), ("0108", "south_west"),
                         ("0808", "south_east")]:
        board.set_entry_group(h(board, label), group)
    options = {o: True for o in STANDARD_OPTIONS if o != "s5_second_wave_roll"}
    game = make_game(board, reinforcements=copy.deepcopy(_base()["order_of_battle"]["reinforcements"]), **options)
    state = position(game, {"0801": "elf_spearman_1"}, turn=4)
    assert Place("gurash_goblin_spearman_1", h(board, "0801")) in game.legal_actions(state)
    state = position(game, {"0808": "elf_spearman_1"}, turn=5)
    refused(game, state, Place("warg_1", h(board, "0808")), "B-5")
