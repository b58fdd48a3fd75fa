"""The Standard Game (S-1..S-11): every worked example of the rulebook, and each rule's option."""

from __future__ import annotations

import pytest
from bofa_helpers import make_game, nb, plain_board, position

from bofa_studio.board.model import HexFeature, HexsideFeature, SlopeLine, Terrain
from bofa_studio.rules.bofa1984 import morale, regroup, victory
from bofa_studio.rules.bofa1984.actions import (
    Attack,
    CastSpell,
    ChipDrawn,
    ChooseChip,
    DieRoll,
    Dive,
    DrawChip,
    EndPhase,
    Escape,
    Fire,
    Move,
    PlayHeldChip,
    RollRocks,
    Skirmish,
    StayPut,
)
from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.losses import hit
from bofa_studio.rules.bofa1984.sequence import begin_turn
from bofa_studio.rules.core import CHANCE, RuleError

STD = {"level": "standard"}


def std_game(board, **options):
    game = make_game(board, **options)
    return game


def all_standard(board, **extra):
    from bofa_studio.rules.bofa1984.game import STANDARD_OPTIONS

    return make_game(board, **{o: True for o in STANDARD_OPTIONS}, **extra)


def h(board, label):
    return board.hex_at(label)


# -- S-1 / S-3 regrouping ----------------------------------------------------------------

def test_s1_gandalf_regroup_example_rolls_once_per_hit():
    """S-1: "Gandalf wants to remove 2 hits ... needs a 5 or less ... He rolls a 4 and a 6,
    so one hit is removed." """
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True, s10_leaders=True)
    state = position(game, {"0202": "gandalf"}, player="free_peoples", stage="fire", turn=1)
    state.hits["gandalf"] = 2
    state.turn = 2
    begin_turn(game, state)
    assert game.current_player(state) == CHANCE and state.die.digest_tag == "regroup_leader"
    game.apply(state, DieRoll(4))
    assert state.hits["gandalf"] == 1
    game.apply(state, DieRoll(6))
    assert state.hits["gandalf"] == 1 and state.stage == "choose_first"


def test_s1_bolg_regroup_example_nine_or_less():
    """S-1: "Bolg, with a combat strength of 5, is stacked with a half-strength goblin counter ...
    a roll of 9 or less is now successful for a regrouping." """
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True, s10_leaders=True)
    state = position(game, {"0202": ["azug_goblin_scimitar_1", "bolg"]}, reduced=("azug_goblin_scimitar_1",))
    assert regroup.target(game, state, "azug_goblin_scimitar_1") == 9
    state.stacks[game.idx(h(board, "0202"))] = ("bolg", "azug_goblin_scimitar_1")
    # "Leaders or characters that are not on top in a stack cannot influence the roll."
    assert regroup.target(game, state, "azug_goblin_scimitar_1") == 4


def test_s1_only_commanding_leaders_support():
    """S-1 command table: a tribal captain supports only his own tribe; Gandalf all Free Peoples;
    Beorn nobody."""
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True)
    assert regroup.commands(game, "azug", "azug_goblin_scimitar_1")
    assert not regroup.commands(game, "azug", "thuk_goblin_scimitar_1")
    assert regroup.commands(game, "bolg", "wolf_1") and regroup.commands(game, "gandalf", "dwarf_axeman_1")
    assert regroup.commands(game, "bilbo", "elf_archer_1") and not regroup.commands(game, "bard", "elf_archer_1")
    assert not regroup.commands(game, "beorn", "dwarf_axeman_1")


def test_s3_white_turns_include_turn_10():
    """S-3 lists the white turns as 2, 4, 6, 8, 12 (turn 10 is missing in print); the engine follows
    the rule's intent: the Free Peoples regroup in every white (even) turn."""
    assert [t for t in range(1, 13) if regroup.regrouping_side(t) == "free_peoples"] == [2, 4, 6, 8, 10, 12]
    assert [t for t in range(1, 13) if regroup.regrouping_side(t) == "dark"] == [1, 3, 5, 7, 9, 11]


def test_s3_regrouping_rolls_1_to_4_even_in_a_skirmish():
    """S-3: "A result of 1-4 gives the unit strength back" and units in a skirmish can be regrouped."""
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True)
    state = position(game, {"0202": ["dwarf_axeman_1", "azug_goblin_scimitar_1"], "0404": "dwarf_axeman_2"},
                     reduced=("dwarf_axeman_1", "dwarf_axeman_2"))
    state.turn = 10
    begin_turn(game, state)
    game.apply(state, DieRoll(4))
    game.apply(state, DieRoll(5))
    assert state.steps["dwarf_axeman_1"] == 2 and state.steps["dwarf_axeman_2"] == 1
    assert state.stage == "choose_first"


def test_s3_turn_3_example_second_chooser_may_draw_instead():
    """S-3 example: in turn 3 the Dark choose MOVE, the Free Peoples COMBAT; in his second phase
    the Free Peoples player draws from the cup instead of playing his COMBAT chip."""
    game = make_game(plain_board(4, 4), s3_second_chooser_may_draw=True)
    state = game.new_initial_state(0)
    state.turn = 3
    begin_turn(game, state)
    game.apply(state, ChooseChip("move"))
    game.apply(state, ChooseChip("combat"))
    game.apply(state, EndPhase())  # Dark's MOVE
    game.apply(state, ChipDrawn("fire"))  # phase 2 (Free Peoples) drawn: he may not play his chip at once
    game.apply(state, EndPhase())
    game.apply(state, ChipDrawn("fire_combat"))  # phase 3, Dark
    game.apply(state, game.legal_actions(state)[0])
    game.apply(state, EndPhase())
    assert state.stage == "chip" and game.legal_actions(state) == [PlayHeldChip(), DrawChip()]
    game.apply(state, DrawChip())
    assert game.current_player(state) == CHANCE and state.cup["move"] == 2
    game.apply(state, ChipDrawn("move"))
    assert state.stage == "move" and state.phase_player == "free_peoples"


def test_s1_regrouped_counter_that_overfills_its_hex_moves_out():
    """S-1: "If a regrouped counter results in too many units being in one hex, it must
    immediately be moved to an adjacent hex" (the owner picks which)."""
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True)
    state = position(game, {"0303": ["dwarf_axeman_1", "dwarf_axeman_2"]}, reduced=("dwarf_axeman_1", "dwarf_axeman_2"))
    state.turn = 2
    begin_turn(game, state)
    game.apply(state, DieRoll(1))
    assert state.stage == "regroup_place" and game.current_player(state) == "free_peoples"
    moves = game.legal_actions(state)
    assert len(moves) == 6
    game.apply(state, moves[0])
    game.apply(state, DieRoll(9))
    assert state.stage == "choose_first" and state.steps["dwarf_axeman_1"] == 2


# -- S-6 morale --------------------------------------------------------------------------

def mountain_board():
    board = plain_board(6, 6)
    for label, level in (("0303", 2), (nb(board, "0303", "N"), 3)):
        board.set_terrain(board.hex_at(label), Terrain.MOUNTAIN, level)
    return board


def test_s6_example_goblin_5_on_level_2_into_level_3_needs_5():
    """S-6: "A goblin unit with a combat strength of 5 on level 2 of the mountain wants to move into
    the hex of a dwarf unit located on level 3. A morale check with a result of 5 or less is required." """
    board = mountain_board()
    game = make_game(board, s6_morale=True)
    up = nb(board, "0303", "N")
    state = position(game, {"0303": "azug_goblin_spearman_1", up: "dwarf_axeman_1"})
    assert strength(game, state, "azug_goblin_spearman_1") == 5
    game.apply(state, Move(("azug_goblin_spearman_1",), h(board, up)))
    assert state.stage == "roll" and state.die.need == 5
    game.apply(state, DieRoll(6))
    assert state.pos["azug_goblin_spearman_1"] == game.idx(h(board, "0303"))
    # "A unit that fails a morale check can continue the movement phase."
    assert state.stage == "move" and "azug_goblin_spearman_1" not in state.moved
    assert Move(("azug_goblin_spearman_1",), h(board, up)) not in game.legal_actions(state)


def test_s6_example_gurash_on_goblin_into_elf_needs_7():
    """S-6: "Gurash, with a combat strength of 3, is stacked on a goblin counter with a combat strength
    of 4 that wants to move into the hex of an Elf unit ... a 7 or less must be rolled." """
    board = plain_board(6, 6)
    game = make_game(board, s6_morale=True)
    elf = nb(board, "0303", "N")
    state = position(game, {"0303": ["gurash_goblin_scimitar_1", "gurash"], elf: "elf_archer_1"})
    game.apply(state, Move(("gurash_goblin_scimitar_1", "gurash"), h(board, elf)))
    assert state.die.need == 7
    game.apply(state, DieRoll(7))
    assert state.pos["gurash"] == game.idx(h(board, elf)) and state.stage == "move"


def test_s6_example_goblin_6_into_front_gate_needs_4_and_only_dwarves_hold_it():
    """S-6: "A goblin counter with a combat strength of 6 wants to move into the hex of an enemy
    counter that is in the Front Gate. A result of 4 or less is required." Only Dwarves of the
    Free Peoples may occupy the Front Gate."""
    board = plain_board(6, 6)
    gate = h(board, "0303")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    game = make_game(board, s6_morale=True)
    below = nb(board, "0303", "S")
    state = position(game, {"0303": "dwarf_axeman_1", below: "azug_goblin_axeman_1"})
    movers = ("azug_goblin_axeman_1",)
    assert morale.check(game, state, movers, [game.idx(h(board, below)), game.idx(gate)])[0] == 4
    fp = position(game, {below: "elf_archer_1", nb(board, below, "S"): "dwarf_axeman_2"}, player="free_peoples")
    assert Move(("elf_archer_1",), gate) not in game.legal_actions(fp)
    with pytest.raises(RuleError, match="S-6"):
        game.apply(fp, Move(("elf_archer_1",), gate))


def test_s6_across_a_river_and_only_one_check_for_several_situations():
    """S-6: across a river needs a check; "Only one morale check is necessary" when several apply."""
    board = mountain_board()
    up = nb(board, "0303", "N")
    board.set_hexside_features(h(board, "0303"), h(board, up), [HexsideFeature.RIVER])
    game = make_game(board, s6_morale=True)
    state = position(game, {"0303": "azug_goblin_scimitar_1", up: "elf_archer_1"})
    need, found = morale.check(game, state, ("azug_goblin_scimitar_1",),
                               [game.idx(h(board, "0303")), game.idx(h(board, up))])
    assert need == 4 and len(found) == 3


# -- S-10 leaders ----------------------------------------------------------------------------

def test_s10_gandalf_example_three_hits_leave_strength_2_and_two_more_remove_him():
    """S-10: "Gandalf begins the game with a combat strength of 5 ... he has had to take 3 hits ...
    he can support regrouping or perform morale checks only with a combat strength value of 2. If he
    now takes 2 further hits, he is removed from the game." """
    board = plain_board(4, 4)
    game = make_game(board, s10_leaders=True)
    state = position(game, {"0202": "gandalf"})
    events = []
    for _ in range(3):
        hit(game, state, "gandalf", None, events)
    assert state.hits["gandalf"] == 3 and strength(game, state, "gandalf") == 2
    hit(game, state, "gandalf", None, events)
    assert "gandalf" in state.pos
    hit(game, state, "gandalf", None, events)
    assert "gandalf" not in state.pos and "gandalf" in state.eliminated


def test_s10_beorn_takes_8_hits_and_bilbo_survives_2():
    """S-10: Beorn "can take 8 hits"; Bilbo: "If he has to take 2 hits, this does not yet mean his death"."""
    board = plain_board(4, 4)
    game = make_game(board, s10_leaders=True)
    state = position(game, {"0202": "beorn", "0303": "bilbo"})
    events = []
    for _ in range(7):
        hit(game, state, "beorn", None, events)
    assert "beorn" in state.pos and strength(game, state, "beorn") == 1
    hit(game, state, "beorn", None, events)
    assert "beorn" not in state.pos
    for _ in range(2):
        hit(game, state, "bilbo", None, events)
    assert "bilbo" in state.pos
    hit(game, state, "bilbo", None, events)
    assert "bilbo" not in state.pos


def test_s10_escape_of_leaders_is_offered_and_may_be_declined():
    """S-10 example: a goblin moves into Gandalf's hex; Gandalf may move away with his entire
    movement value (here to an Elf unit's hex), or stay."""
    board = plain_board(9, 9)
    game = make_game(board, s10_leaders=True)
    g = "0505"
    state = position(game, {g: "gandalf", nb(board, g, "S"): "azug_goblin_scimitar_1", "0208": "elf_archer_1"})
    game.apply(state, Move(("azug_goblin_scimitar_1",), h(board, g)))
    assert state.stage == "escape" and game.current_player(state) == "free_peoples"
    actions = game.legal_actions(state)
    assert actions[0] == StayPut("gandalf") and Escape("gandalf", h(board, "0208")) in actions
    game.apply(state, Escape("gandalf", h(board, "0208")))
    assert state.stage == "move" and game.current_player(state) == "dark"
    assert state.stacks[game.idx(h(board, "0208"))] == ("elf_archer_1", "gandalf")


def test_s10_an_escape_beyond_the_leaders_movement_is_refused_with_the_reason():
    """S-10: the leader "may move away with his entire movement value" (Gandalf: 7), no further."""
    board = plain_board(20, 20)
    game = make_game(board, s10_leaders=True)
    g = "0505"
    state = position(game, {g: "gandalf", nb(board, g, "S"): "azug_goblin_scimitar_1", "0808": "wolf_1"})
    game.apply(state, Move(("azug_goblin_scimitar_1",), h(board, g)))
    with pytest.raises(RuleError, match="S-10: Gandalf cannot escape to 1818: it is beyond his movement value of 7"):
        game.apply(state, Escape("gandalf", h(board, "1818")))
    with pytest.raises(RuleError, match="S-10: Gandalf cannot escape to 0808: enemy units hold that hex"):
        game.apply(state, Escape("gandalf", h(board, "0808")))


def test_s10_bolg_shifts_one_column_within_3_hexes():
    """S-10: "In all skirmishes and attacks within a radius of 3 hexes around Bolg that take place in
    the Dark player's combat phase, the result of the column to the right ... is applied." """
    board = plain_board(9, 9)
    game = make_game(board, s7_combat_modifiers=True)
    t = "0505"
    state = position(game, {t: "dwarf_axeman_1", nb(board, t, "S"): "azug_goblin_scimitar_1", "0502": "bolg"},
                     stage="combat")
    game.apply(state, Attack(("azug_goblin_scimitar_1",), h(board, t)))
    assert state.pending.shift == 1
    far = position(game, {t: "dwarf_axeman_1", nb(board, t, "S"): "azug_goblin_scimitar_1", "0901": "bolg"},
                   stage="combat")
    game.apply(far, Attack(("azug_goblin_scimitar_1",), h(board, t)))
    assert far.pending.shift == 0


# -- S-7 combat ---------------------------------------------------------------------------------

def test_s7_attack_modifiers_spearmen_bodyguard_beorn():
    """S-7: -1 when spearmen attack non-spearmen; -1 for Bolg and his bodyguard; -1 for Beorn."""
    board = plain_board(9, 9)
    game = make_game(board, s7_combat_modifiers=True)
    t = "0505"
    state = position(game, {t: "dwarf_axeman_1", nb(board, t, "S"): "azug_goblin_spearman_1"}, stage="combat")
    game.apply(state, Attack(("azug_goblin_spearman_1",), h(board, t)))
    assert state.pending.modifier_ids == ("spearmen_only_attack",) and state.pending.modifier == -1
    state = position(game, {t: "dwarf_axeman_1", nb(board, t, "S"): "bodyguard_1"}, stage="combat")
    game.apply(state, Attack(("bodyguard_1",), h(board, t)))
    assert "bolg_bodyguard_attack" in state.pending.modifier_ids
    state = position(game, {t: "wolf_1", nb(board, t, "S"): "beorn"}, stage="combat", player="free_peoples")
    game.apply(state, Attack(("beorn",), h(board, t)))
    assert state.pending.modifier_ids == ("beorn_attack",)


def test_s7_skirmish_modifiers_goblins_and_second_wave_from_below():
    """S-7: -1 for goblins (not archers or spearmen) in a skirmish; +1 when the second wave comes
    from a lower level."""
    board = mountain_board()
    game = make_game(board, s7_combat_modifiers=True)
    s = "0303"
    below = nb(board, s, "S")
    state = position(game, {s: ["dwarf_axeman_1", "azug_goblin_scimitar_1"], below: "azug_goblin_axeman_1"},
                     stage="combat")
    game.apply(state, Skirmish(h(board, s), ("azug_goblin_axeman_1",)))
    assert set(state.pending.modifier_ids) == {"goblin_skirmish", "second_wave_from_below"}
    assert state.pending.modifier == 0


def test_s7_rolling_rocks_hit_at_1_and_on_1_to_3_at_2_friend_or_foe():
    """S-7: "At a distance of 1 hex the target counter suffers a hit. At a distance of 2 hexes it
    suffers a hit only on a die result of 1-3"; the nearest unit first, even a friendly one; one
    roll per pile per phase."""
    board = plain_board(9, 9)
    pile = h(board, "0502")
    line = [pile, pile.neighbor(3), pile.neighbor(3).neighbor(3)]
    board.set_feature(pile, HexFeature.BOULDER_PILE, True)
    board.set_slope_lines([SlopeLine(tuple(line))])
    game = make_game(board, s7_rolling_rocks=True)
    lab = [board.label(x) for x in line]
    state = position(game, {lab[0]: "dwarf_axeman_1", lab[1]: "dwarf_axeman_2", lab[2]: "azug_goblin_scimitar_1"},
                     player="free_peoples", stage="fire")
    game.apply(state, RollRocks(line[0], line[1]))
    assert state.steps["dwarf_axeman_2"] == 1 and state.steps["azug_goblin_scimitar_1"] == 2
    assert RollRocks(line[0], line[1]) not in game.legal_actions(state)
    state = position(game, {lab[0]: "dwarf_axeman_1", lab[2]: "azug_goblin_scimitar_1"},
                     player="free_peoples", stage="combat")
    game.apply(state, RollRocks(line[0], line[1]))
    assert state.die.digest_tag == "rocks"
    game.apply(state, DieRoll(3))
    assert state.steps["azug_goblin_scimitar_1"] == 1 and state.stage == "combat"


def test_s7_dive_attack_on_a_mountain_unit_hits_on_1_to_5():
    """S-7: an Eagle picks a target along its flight path on a mountain hex (the top unit, never a
    leader) and a roll of 1-5 produces a hit; one dive per Eagle per MOVE phase."""
    board = plain_board(9, 9)
    m = h(board, "0505")
    board.set_terrain(m, Terrain.MOUNTAIN, 2)
    game = make_game(board, s7_dive_attacks=True)
    state = position(game, {"0501": "giant_eagle_1", "0505": ["azug_goblin_scimitar_1", "azug"]},
                     player="free_peoples")
    dives = [a for a in game.legal_actions(state) if isinstance(a, Dive)]
    assert dives and all(a.target == m for a in dives)
    game.apply(state, Dive("giant_eagle_1", m, h(board, "0501")))
    game.apply(state, DieRoll(5))
    assert state.steps["azug_goblin_scimitar_1"] == 1 and "azug" not in state.hits
    assert not [a for a in game.legal_actions(state) if isinstance(a, Dive)]
    plain = position(game, {"0501": "giant_eagle_1", "0707": "azug_goblin_scimitar_1"}, player="free_peoples")
    assert not [a for a in game.legal_actions(plain) if isinstance(a, Dive)]


def test_s7_eagles_are_no_second_wave_and_enemies_move_through_them():
    """S-7: "Giant Eagles may not be used as a second wave"; "Enemy units can move freely through
    Giant Eagle counters"."""
    board = plain_board(9, 9)
    game = make_game(board, s7_eagle_skirmishes=True)
    state = position(game, {"0505": ["elf_archer_1", "azug_goblin_scimitar_1"], nb(board, "0505", "N"): "giant_eagle_1"},
                     player="free_peoples", stage="combat")
    assert all(not a.second_wave for a in game.legal_actions(state) if isinstance(a, Skirmish))
    state = position(game, {"0503": "giant_eagle_1", "0502": "wolf_1"})
    assert Move(("wolf_1",), h(board, "0504")) in game.legal_actions(state)
    assert Move(("wolf_1",), h(board, "0503")) not in game.legal_actions(state)


# -- S-8 archery and spells ---------------------------------------------------------------------

def test_s8_line_of_sight_blocked_by_any_counter_and_no_fire_out_of_guard_rooms():
    """S-8: a counter between archer and target blocks the line; archers cannot shoot out of the
    guard rooms."""
    board = plain_board(9, 9)
    game = make_game(board, s8_fire=True)
    state = position(game, {"0501": "elf_archer_1", "0503": "dwarf_axeman_1", "0505": "azug_goblin_scimitar_1"},
                     player="free_peoples", stage="fire")
    assert Fire(("elf_archer_1",), h(board, "0505")) not in game.legal_actions(state)
    with pytest.raises(RuleError, match="S-8"):
        game.apply(state, Fire(("elf_archer_1",), h(board, "0505")))
    board.set_feature(h(board, "0501"), HexFeature.GUARD_ROOM, True)
    game = make_game(board, s8_fire=True)
    state = position(game, {"0501": "elf_archer_1", "0502": "azug_goblin_scimitar_1"}, player="free_peoples",
                     stage="fire")
    assert not [a for a in game.legal_actions(state) if isinstance(a, Fire)]


def test_s8_fire_modifiers_dale_and_flying_eagle():
    """S-8: +1 at a target in Dale; +1 at Eagles in the air."""
    board = plain_board(9, 9)
    board.set_terrain(h(board, "0504"), Terrain.DALE)
    game = make_game(board, s8_fire=True)
    state = position(game, {"0502": "azug_goblin_archer_1", "0504": "elf_archer_1", "0702": "giant_eagle_1"},
                     stage="fire")
    game.apply(state, Fire(("azug_goblin_archer_1",), h(board, "0504")))
    assert state.pending.modifier_ids == ("fire_at_dale",)


def test_s8_spells_each_once_at_most_two_a_game():
    """S-8: one attempt per FIRE phase; "Once a spell has been activated, it cannot be used again.
    In total 2 spells can be used in the whole game." Destroy needs 1-6 and spares leaders."""
    board = plain_board(9, 9)
    game = make_game(board, s8_gandalf_spells=True)
    state = position(game, {"0505": "gandalf", "0508": ["azug_goblin_scimitar_1", "azug"]},
                     player="free_peoples", stage="fire")
    events = game.apply(state, CastSpell("destroy", h(board, "0508")))
    assert events[0].text == "Gandalf tries Destroy (6 or less)"  # the log names the spell as S-8 does
    game.apply(state, DieRoll(7))
    assert "azug_goblin_scimitar_1" in state.pos and not state.spells_used
    assert not [a for a in game.legal_actions(state) if isinstance(a, CastSpell)]  # one try per phase
    state.spell_tried = False
    game.apply(state, CastSpell("destroy", h(board, "0508")))
    game.apply(state, DieRoll(6))
    assert "azug_goblin_scimitar_1" not in state.pos and "azug" in state.pos
    state.spell_tried = False
    assert {a.spell for a in game.legal_actions(state) if isinstance(a, CastSpell)} == {"push_back", "regroup"}
    game.apply(state, CastSpell("regroup", h(board, "0505")))
    game.apply(state, DieRoll(1))
    state.spell_tried = False
    assert not [a for a in game.legal_actions(state) if isinstance(a, CastSpell)]


def test_s8_push_back_moves_away_and_drowns_goblins_at_the_river():
    """S-8: enemy units pushed 2 hexes straight away from the wizard; goblin units pushed across
    the River Running are destroyed, wolves are not."""
    board = plain_board(9, 9)
    a, b = h(board, "0503"), h(board, "0502")
    board.set_hexside_features(a, b, [HexsideFeature.RIVER])
    c, d = h(board, "0705"), h(board, "0706")
    game = make_game(board, s8_gandalf_spells=True)
    state = position(game, {"0505": "gandalf", "0504": "azug_goblin_scimitar_1", "0506": "wolf_1"},
                     player="free_peoples", stage="fire")
    game.apply(state, CastSpell("push_back", h(board, "0505")))
    game.apply(state, DieRoll(7))
    assert "azug_goblin_scimitar_1" not in state.pos
    assert state.pos["wolf_1"] == game.idx(h(board, "0508"))
    del c, d


def test_s8_push_back_makes_room_in_the_nearest_free_hex_away_from_the_wizard():
    """S-8: "Enemy units are moved (i.e. displaced) to the nearest free hex to make room for those
    who were pushed away from the wizard." Of the equally near free hexes, the one farthest from
    Gandalf is taken (our reading: making room must not bring a unit back towards him)."""
    board = plain_board(9, 9)
    game = make_game(board, s8_gandalf_spells=True)
    state = position(game, {"0505": "gandalf", "0507": "azug_goblin_scimitar_1", "0509": "wolf_1"},
                     player="free_peoples", stage="fire")
    game.apply(state, CastSpell("push_back", h(board, "0505")))
    events = game.apply(state, DieRoll(7))
    cb, g = game.cb, game.idx(h(board, "0505"))
    assert state.pos["azug_goblin_scimitar_1"] == game.idx(h(board, "0509"))  # at the edge: 2 hexes
    wolf = state.pos["wolf_1"]
    assert cb.distance(wolf, game.idx(h(board, "0509"))) == 1  # the nearest free hex ...
    ring = [i for i in range(len(cb)) if cb.distance(i, game.idx(h(board, "0509"))) == 1]
    assert cb.distance(g, wolf) == max(cb.distance(g, i) for i in ring) == 5  # ... the farthest from him
    assert any(e.text == f"Wolf 1 (wolves) is displaced to {cb.label(wolf)}" for e in events)


# -- S-11 victory ---------------------------------------------------------------------------

def test_s11_dale_example_5_to_contest_19_to_take():
    """S-11 example: the Dark hold Dale with 5 on the star and 4 more in Dale; the Free Peoples
    contest it with 5 points, and need 19 to take complete control."""
    assert victory.points_to_contest(5 + 4) == 5
    assert victory.points_to_take(5 + 4) == 19
    assert victory.contest(4, 9) == "dark"
    assert victory.contest(5, 9) is None and victory.contest(18, 9) is None
    assert victory.contest(19, 9) == "free_peoples"


def test_s11_dale_area_counts_every_dale_hex():
    board = plain_board(6, 6)
    star, other = h(board, "0303"), h(board, "0304")
    for x in (star, other):
        board.set_terrain(x, Terrain.DALE)
    board.set_area("dale", [star, other])
    board.set_area("victory.dale", [star])
    game = make_game(board, s11_victory=True, victory=["victory.dale"])
    state = position(game, {"0303": ["azug_goblin_spearman_1", "elf_spearman_1"], "0304": "azug_goblin_scimitar_1"})
    assert victory.control(game, state) == {"victory.dale": None}  # 7 against 9: contested
    state = position(game, {"0303": ["azug_goblin_spearman_1", "elf_archer_1"]}, reduced=("elf_archer_1",))
    assert victory.control(game, state) == {"victory.dale": None}  # 4 against 5: at least half
    state = position(game, {"0303": ["azug_goblin_axeman_1", "elf_archer_2"]}, reduced=("elf_archer_2",))
    assert victory.control(game, state) == {"victory.dale": None}
    state = position(game, {"0304": "azug_goblin_scimitar_1"})
    assert victory.control(game, state) == {"victory.dale": None}  # not on the star


def test_s11_victory_levels():
    """S-11: one more location marginal, two more tactical, all of them complete."""
    board = plain_board(4, 4)
    game = make_game(board, s11_victory=True, victory=[])
    state = position(game, {})
    assert victory.final_result(game, state)["level"] == "draw"


def test_s10_a_reinforcement_placed_on_a_leader_offers_his_escape():
    """S-5 places reinforcements "directly on top of the enemy counters"; S-10: a leader with an enemy
    counter on him may move away at once."""
    board = plain_board(9, 9)
    board.set_feature(h(board, "0505"), HexFeature.ENTRY_TRIANGLE, True)
    board.set_entry_group(h(board, "0505"), "north_west")
    wave = [{"turn": 4, "side": "dark", "name": "Second Wave", "counters": ["gurash"],
             "entry": {"groups": ["north_west"], "onto_enemy": True}}]
    game = make_game(board, s10_leaders=True, reinforcements=wave)
    state = position(game, {"0505": "thranduil"}, turn=4)
    from bofa_studio.rules.bofa1984.actions import Place

    game.apply(state, Place("gurash", h(board, "0505")))
    assert state.stage == "escape" and game.legal_actions(state)[0] == StayPut("thranduil")
    game.apply(state, StayPut("thranduil"))
    assert state.stage == "move"


def test_new_actions_round_trip_through_save_files():
    """Every Standard Game and optional-rule decision is a frozen action with a JSON form."""
    from bofa_studio.rules.bofa1984 import actions as A

    board = plain_board(4, 4)
    a, b = h(board, "0101"), h(board, "0202")
    codec = A.codec(board.label, board.hex_at)
    for action in (A.Dive("giant_eagle_1", a, b), A.RollRocks(a, b), A.CastSpell("push_back", a),
                   A.Escape("gandalf", b), A.StayPut("gandalf"), A.RegroupMove("dwarf_axeman_1", a),
                   A.ChooseTribes(("thrak", "azug")), A.ChooseExtraElves(("elf_archer_10",))):
        assert codec.decode(codec.encode(action)) == action
