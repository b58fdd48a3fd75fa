"""Standard Game corners: S-1 shifting to make room, S-7 Eagles in the air,
S-10 escapes from dives and the push-back spell, and O-7 with the push-back."""

from __future__ import annotations

import pytest
from bofa_helpers import make_game, nb, plain_board, position

from bofa_studio.board.model import Terrain
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.actions import (
    CastSpell,
    DieRoll,
    Dive,
    EndPhase,
    Escape,
    GroundEagles,
    Move,
    RegroupMove,
    RegroupShift,
    Skirmish,
    StayPut,
)
from bofa_studio.rules.bofa1984.sequence import begin_turn
from bofa_studio.rules.core import RuleError

DIRS = ("N", "NE", "SE", "S", "SW", "NW")
FULL = ["dwarf_axeman_3", "dwarf_axeman_4", "dwarf_axeman_5", "dwarf_axeman_6", "dwarf_spearman_1",
        "dwarf_spearman_2", "man_spearman_1", "man_spearman_2"]


def h(board, label):
    return board.hex_at(label)


# -- S-1 regrouping overflow -------------------------------------------------------------------

def test_s1_a_friendly_counter_is_shifted_to_make_room():
    """S-1: "If all adjacent hexes are occupied by friendly units, 1 unit may be shifted (e.g. by
    moving it to another hex to make room)." The regrouping player picks the shift."""
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True)
    where = {"0303": ["dwarf_axeman_1", "dwarf_axeman_2"]}
    for d, cid in zip(DIRS, FULL, strict=False):
        where[nb(board, "0303", d)] = cid
    state = position(game, where, reduced=("dwarf_axeman_1", "dwarf_axeman_2"))
    state.turn = 2
    begin_turn(game, state)
    game.apply(state, DieRoll(1))
    assert state.stage == "regroup_place"
    actions = game.legal_actions(state)
    assert actions and all(isinstance(a, RegroupShift) for a in actions)
    north = nb(board, "0303", "N")
    shift = next(a for a in actions if a.to == h(board, north))
    assert shift.shifted == "dwarf_axeman_3" and shift.shift_to != h(board, "0303")
    with pytest.raises(RuleError, match="S-1"):
        game.apply(state, RegroupShift("dwarf_axeman_1", h(board, north), "dwarf_axeman_3", h(board, "0303")))
    game.apply(state, shift)
    assert state.pos["dwarf_axeman_1"] == game.idx(h(board, north))
    assert state.pos["dwarf_axeman_3"] == game.idx(shift.shift_to)
    game.apply(state, DieRoll(9))
    assert state.stage == "choose_first" and state.steps["dwarf_axeman_1"] == 2


def test_s1_no_shift_while_an_adjacent_hex_has_room():
    """S-1: the shift is for when "all adjacent hexes are occupied"; otherwise the counter moves."""
    board = plain_board(5, 5)
    game = make_game(board, s3_regrouping=True)
    where = {"0303": ["dwarf_axeman_1", "dwarf_axeman_2"], nb(board, "0303", "N"): "dwarf_axeman_3"}
    state = position(game, where, reduced=("dwarf_axeman_1", "dwarf_axeman_2"))
    state.turn = 2
    begin_turn(game, state)
    game.apply(state, DieRoll(1))
    actions = game.legal_actions(state)
    assert len(actions) == 5 and all(isinstance(a, RegroupMove) for a in actions)


def test_s1_no_room_to_shift_means_no_regrouping():
    """S-1: "If the adjacent friendly counters have no room to shift, the reduced unit cannot be
    regrouped." On a full 3x3 board no roll is made at all."""
    board = plain_board(3, 3)
    game = make_game(board, s3_regrouping=True)
    others = [lab for lab in (board.label(x) for x in board.hexes()) if lab != "0202"]
    where = {"0202": ["dwarf_axeman_1", "dwarf_axeman_2"], **dict(zip(others, FULL, strict=True))}
    state = position(game, where, reduced=("dwarf_axeman_1", "dwarf_axeman_2"))
    state.turn = 2
    begin_turn(game, state)
    assert state.stage == "choose_first"
    assert state.steps["dwarf_axeman_1"] == 1 and state.steps["dwarf_axeman_2"] == 1


# -- S-7 Giant Eagles and skirmishes -------------------------------------------------------------

def test_s7_eagles_over_a_dark_counter_fight_only_if_the_dark_want_it():
    """S-7: "Giant Eagles can end their movement phase (MOVE) on top of an enemy counter. If the
    enemy player wants a skirmish in the coming combat phase (COMBAT), the eagles must be placed
    under the enemy counter." """
    board = plain_board(9, 9)
    game = make_game(board, s7_eagle_skirmishes=True)
    where = {"0505": ["azug_goblin_scimitar_1", "giant_eagle_1"]}
    state = position(game, where, player="free_peoples", stage="combat")
    assert state.stage == "ground_eagles" and game.current_player(state) == "dark"
    assert game.legal_actions(state) == [GroundEagles(h(board, "0505"), False), GroundEagles(h(board, "0505"), True)]
    game.apply(state, GroundEagles(h(board, "0505"), False))
    assert state.stage == "combat" and not [a for a in game.legal_actions(state) if isinstance(a, Skirmish)]
    with pytest.raises(RuleError, match="S-7"):
        game.apply(state, Skirmish(h(board, "0505")))
    assert EndPhase() in game.legal_actions(state)

    state = position(game, where, player="dark", stage="combat")
    game.apply(state, GroundEagles(h(board, "0505"), True))
    assert state.stacks[game.idx(h(board, "0505"))][0] == "giant_eagle_1"  # under the enemy counter
    assert Skirmish(h(board, "0505")) in game.legal_actions(state)
    assert EndPhase() not in game.legal_actions(state)


def test_s7_eagles_drawn_into_a_skirmish_only_from_the_start_of_combat():
    """S-7: "Giant Eagles can only be drawn into a skirmish if they began the combat phase
    (COMBAT) next to a Dark counter." No decision for an Eagle not on a Dark counter then; a
    grounded Eagle that flies off is in the air again."""
    board = plain_board(9, 9)
    game = make_game(board, s7_eagle_skirmishes=True)
    state = position(game, {"0505": "azug_goblin_scimitar_1", "0504": "giant_eagle_1"}, player="dark", stage="combat")
    assert state.stage == "combat"
    state = position(game, {"0505": ["azug_goblin_scimitar_1", "giant_eagle_1"]}, player="dark", stage="combat")
    game.apply(state, GroundEagles(h(board, "0505"), True))
    assert state.grounded == {"giant_eagle_1": game.idx(h(board, "0505"))}
    from bofa_studio.rules.bofa1984.sequence import begin_kind

    state.phase_player = "free_peoples"
    begin_kind(game, state, "move")
    game.apply(state, Move(("giant_eagle_1",), h(board, "0501")))
    assert not state.grounded


def test_s7_ground_eagles_round_trips_and_defaults_to_a_skirmish():
    """The new decisions have a JSON form; a GroundEagles without ``skirmish`` means yes."""
    board = plain_board(4, 4)
    a, b = h(board, "0101"), h(board, "0202")
    codec = A.codec(board.label, board.hex_at)
    for action in (A.GroundEagles(a, False), A.RegroupShift("dwarf_axeman_1", a, "dwarf_axeman_2", b)):
        assert codec.decode(codec.encode(action)) == action
    assert codec.decode({"type": "GroundEagles", "hex": "0101"}) == A.GroundEagles(a, True)


# -- S-10 escapes from dives and the push-back -----------------------------------------------------

def test_s10_a_dive_flying_over_a_leader_offers_his_escape():
    """S-10: a leader has the option of moving away whenever "a counter moves through him"; an
    Eagle's dive flies over him (here Azug lies on top of the unit it dives on)."""
    board = plain_board(9, 9)
    board.set_terrain(h(board, "0505"), Terrain.MOUNTAIN, 2)
    game = make_game(board, s7_dive_attacks=True, s10_leaders=True)
    state = position(game, {"0501": "giant_eagle_1", "0505": ["azug_goblin_scimitar_1", "azug"]},
                     player="free_peoples")
    game.apply(state, Dive("giant_eagle_1", h(board, "0505"), h(board, "0501")))
    game.apply(state, DieRoll(9))
    assert state.stage == "escape" and state.escapes == ["azug"] and game.current_player(state) == "dark"
    assert isinstance(game.legal_actions(state)[1], Escape)
    game.apply(state, StayPut("azug"))
    assert state.stage == "move" and state.pos["giant_eagle_1"] == game.idx(h(board, "0501"))


def test_s8_s10_push_back_onto_a_lone_leader_offers_his_escape():
    """S-10: "Whenever a leader/character ... is in a hex with an enemy counter on him (or a
    counter moves through him)" - S-8 push-back moves a goblin 2 hexes, onto Bard alone, and
    stops before a hex held by Free Peoples combat units."""
    board = plain_board(9, 9)
    game = make_game(board, s8_gandalf_spells=True, s10_leaders=True)
    state = position(game, {"0505": "gandalf", "0504": "azug_goblin_scimitar_1", "0502": "bard",
                            "0506": "wolf_1", "0507": "dwarf_axeman_1"}, player="free_peoples", stage="fire")
    game.apply(state, CastSpell("push_back", h(board, "0505")))
    game.apply(state, DieRoll(7))
    assert state.pos["azug_goblin_scimitar_1"] == game.idx(h(board, "0502"))
    assert state.pos["wolf_1"] == game.idx(h(board, "0506"))  # the dwarves hold 0507
    assert state.stage == "escape" and state.escapes == ["bard"] and game.current_player(state) == "free_peoples"
    game.apply(state, game.legal_actions(state)[1])
    assert state.stage == "fire" and state.pos["bard"] != game.idx(h(board, "0502"))


# -- O-7 and the push-back --------------------------------------------------------------------------

def test_o7_pushed_wolves_are_stacked_not_displaced():
    """S-8: "Enemy units are moved (i.e. displaced) to the nearest free hex to make room ...
    If the optional stacking rule is used, wolves are stacked and not displaced." """
    board = plain_board(9, 9)
    # The wolf rider sits at the board's edge, so the push leaves it where it is.
    where = {"0504": "gandalf", "0503": "azug_goblin_scimitar_1", "0501": "wolf_rider_1"}
    game = make_game(board, s8_gandalf_spells=True, o7_additional_stacking=True)
    state = position(game, where, player="free_peoples", stage="fire")
    game.apply(state, CastSpell("push_back", h(board, "0504")))
    game.apply(state, DieRoll(7))
    dest = game.idx(h(board, "0501"))
    assert state.stacks[dest] == ("wolf_rider_1", "azug_goblin_scimitar_1")  # the goblin on top

    plain = make_game(board, s8_gandalf_spells=True)
    state = position(plain, where, player="free_peoples", stage="fire")
    plain.apply(state, CastSpell("push_back", h(board, "0504")))
    plain.apply(state, DieRoll(7))
    assert state.stacks[dest] == ("azug_goblin_scimitar_1",) and state.pos["wolf_rider_1"] != dest
