"""Places where the engine once departed from the 1984 rulebook's text, each test quoting it.

Each test sets up the situation a player who knows the rulebook would try, and checks
that the engine now does what the quoted sentence says (and, where it refuses, that the
refusal names the rule).
"""

from __future__ import annotations

import copy

import pytest
from bofa_helpers import label_of, make_game, nb, plain_board, position

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.actions import Advance, Attack, DieRoll, EndPhase, Move, Place
from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.eagles import dive_ends
from bofa_studio.rules.bofa1984.invariants import violations
from bofa_studio.rules.bofa1984.leaders import escape_hexes
from bofa_studio.rules.bofa1984.losses import hit
from bofa_studio.rules.core import RuleError


def h(board, label):
    return board.hex_at(label)


def front_gate_board():
    """A Front Gate in 0502 under a cliff, entered only from its two plain hexes (SW, SE)."""
    board = plain_board(9, 6)
    gate = h(board, "0502")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    board.set_terrain(h(board, nb(board, "0502", "N")), Terrain.CLIFF)
    for d in ("N", "NE", "NW", "S"):
        board.set_hexside_features(gate, h(board, nb(board, "0502", d)), [HexsideFeature.FRONT_GATE_WALL])
    return board


def destroy_the_gate_defender(game, board, attackers):
    """A Free Peoples attack by ``attackers`` ({hex: counter}) that eliminates the wolf in the gate."""
    state = position(game, {"0502": "wolf_1", **attackers}, player="free_peoples", stage="combat",
                     reduced=("wolf_1",))
    game.apply(state, Attack(tuple(attackers.values()), h(board, "0502")))
    game.apply(state, DieRoll(1))
    assert "wolf_1" not in state.pos
    return state


# -- 5. S-6: advances after combat obey the Front Gate's limit -----------------------------------


def test_s6_an_elf_may_not_advance_into_the_front_gate():
    """S-6: "In the Standard Game, dwarf units are the only Free Peoples units that can occupy the
    Front Gate hex." An advance after combat is a move into the emptied hex, so an Elf that destroys
    the gate's defender is not offered it, and is refused with S-6 if he tries."""
    board = front_gate_board()
    game = make_game(board, s6_morale=True)
    sw, se = nb(board, "0502", "SW"), nb(board, "0502", "SE")
    alone = destroy_the_gate_defender(game, board, {sw: "elf_swordsman_1"})
    assert alone.stage == "combat"  # nobody may advance, so no advance is offered
    state = destroy_the_gate_defender(game, board, {sw: "elf_swordsman_1", se: "dwarf_axeman_1"})
    assert state.stage == "advance"
    assert game.legal_actions(state) == [Advance(()), Advance(("dwarf_axeman_1",))]
    with pytest.raises(RuleError) as err:
        game.apply(state, Advance(("elf_swordsman_1",)))
    assert err.value.rule == "S-6" and "only Dwarves" in err.value.reason
    assert label_of(game, state, "elf_swordsman_1") == sw
    game.apply(state, Advance(("dwarf_axeman_1",)))
    assert label_of(game, state, "dwarf_axeman_1") == "0502"


def test_without_s6_an_elf_advances_into_the_front_gate():
    """B-7: "the attacker may move the counter(s) into the empty hex"; the Basic Game has no S-6 limit."""
    board = front_gate_board()
    game = make_game(board)
    state = destroy_the_gate_defender(game, board, {nb(board, "0502", "SW"): "elf_swordsman_1"})
    assert Advance(("elf_swordsman_1",)) in game.legal_actions(state)


# -- 4. O-3: Thorin leaving the gate by an advance ----------------------------------------------


def test_o3_thorin_leaving_the_gate_by_an_advance_starts_the_shift():
    """O-3: "The attack and skirmish values are shifted one column to the right, as a bonus for the
    Free Peoples players, as soon as Thorin leaves the Front Gate hex." Leaving it by an advance
    after combat counts as much as leaving it by a move."""
    board = front_gate_board()
    game = make_game(board, o3_thorin=True)
    sw = nb(board, "0502", "SW")
    state = position(game, {sw: "wolf_1", "0502": "thorin"}, player="free_peoples", stage="combat",
                     reduced=("wolf_1",))
    game.apply(state, Attack(("thorin",), h(board, sw)))
    assert state.pending.shift == 0  # still in the gate when he attacks
    game.apply(state, DieRoll(1))
    assert state.stage == "advance" and not state.thorin_left
    game.apply(state, Advance(("thorin",)))
    assert label_of(game, state, "thorin") == sw and state.thorin_left


# -- 1. O-5 without S-10: Thuk returns with 1 ---------------------------------------------------


@pytest.mark.parametrize("s10", [False, True])
def test_o5_thuk_returns_with_a_combat_strength_of_1_with_or_without_s10(s10):
    """O-5: "If a goblin leader is killed, he is brought back into play with half combat strength ...
    Thuk returns with a combat strength of 1." Without S-10's hit markers Thuk comes back on his
    reduced face, which shows 2, so a marker takes it down to 1; Azug (4) returns with 2."""
    board = plain_board(6, 6)
    game = make_game(board, o5_goblin_leaders=True, s10_leaders=s10)
    state = position(game, {"0202": "thuk", "0303": "azug", "0404": "thuk_goblin_scimitar_1",
                            "0505": "azug_goblin_scimitar_1"})
    events = []
    while "thuk" in state.pos:
        hit(game, state, "thuk", None, events)
    while "azug" in state.pos:
        hit(game, state, "azug", None, events)
    assert state.returning == ["thuk", "azug"]
    game.apply(state, Place("thuk", h(board, "0404")))
    game.apply(state, Place("azug", h(board, "0505")))
    assert strength(game, state, "thuk") == 1 and strength(game, state, "azug") == 2
    assert not violations(game, state)
    if not s10:  # on the reduced face: the next hit removes him (B-1 TAKING A HIT)
        hit(game, state, "thuk", None, events)
        assert "thuk" not in state.pos and "thuk" not in state.hits


# -- 3. B-9 takes effect at the end of the movement phase: exchanges -----------------------------


def _end_refusal(game, state):
    assert EndPhase() not in game.legal_actions(state)
    with pytest.raises(RuleError) as err:
        game.apply(state, EndPhase())
    return err.value


@pytest.mark.parametrize("first", ["dwarf_axeman_1", "dwarf_axeman_2"])
def test_b9_two_full_strength_dwarves_exchange_hexes_in_either_order(first):
    """B-9: "These stacking restrictions take effect only at the end of the movement phase (MOVE).
    Friendly units may move freely over one another during the movement phase (MOVE) without
    restriction." So one Dwarf may move onto the other, which then moves into the hex it left; the
    phase cannot end in between, and the refusal names the hex that blocks it."""
    board = plain_board(5, 1)
    game = make_game(board)
    state = position(game, {"0201": "dwarf_axeman_1", "0301": "dwarf_axeman_2"}, player="free_peoples")
    second = "dwarf_axeman_2" if first == "dwarf_axeman_1" else "dwarf_axeman_1"
    there, back = label_of(game, state, second), label_of(game, state, first)
    game.apply(state, Move((first,), h(board, there)))
    err = _end_refusal(game, state)
    assert err.rule == "B-9" and f"{there} is over them" in err.reason
    assert "only one full-strength counter" in err.reason and "Dwarf Axeman" in err.reason
    assert not violations(game, state)  # within the phase, one hex may be over the limits
    game.apply(state, Move((second,), h(board, back)))
    assert (label_of(game, state, first), label_of(game, state, second)) == (there, back)
    assert EndPhase() in game.legal_actions(state)
    game.apply(state, EndPhase())
    assert not violations(game, state)


def test_b9_three_counters_rotate_round_three_hexes():
    """B-9: "Friendly counters can be stacked at any time during the movement phase, as long as they do
    not spend more movement points than they have." Each step of a rotation leaves one hex over the
    limits with a counter still free to move out of it."""
    board = plain_board(3, 3)
    game = make_game(board)
    a, b, c = "0202", nb(board, "0202", "N"), nb(board, "0202", "NE")
    state = position(game, {a: "elf_spearman_1", b: "elf_spearman_2", c: "elf_spearman_3"}, player="free_peoples")
    game.apply(state, Move(("elf_spearman_1",), h(board, b)))
    game.apply(state, Move(("elf_spearman_2",), h(board, c)))
    game.apply(state, Move(("elf_spearman_3",), h(board, a)))
    assert [label_of(game, state, f"elf_spearman_{i}") for i in (1, 2, 3)] == [b, c, a]
    game.apply(state, EndPhase())


def test_b9_a_move_must_leave_the_phase_able_to_end_within_the_limits():
    """B-9: "Only one full-strength counter may lie in each hex", once the phase ends. A counter that
    has moved cannot move again (one move per counter per phase), so a move onto a friend who has
    moved, or a second over-stacked hex while one is still open, is refused with B-9."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "elf_spearman_1", "0201": "elf_spearman_2", "0501": "elf_spearman_3",
                            "0601": "elf_spearman_4"}, player="free_peoples")
    game.apply(state, Move(("elf_spearman_1",), h(board, "0201")))  # 0201 over; spearman 2 may leave
    with pytest.raises(RuleError) as err:
        game.apply(state, Move(("elf_spearman_3",), h(board, "0601")))
    assert err.value.rule == "B-9" and "0201 and 0601 would both be over" in err.value.reason
    assert Move(("elf_spearman_3",), h(board, "0601")) not in game.legal_actions(state)
    game.apply(state, Move(("elf_spearman_2",), h(board, "0301")))
    with pytest.raises(RuleError, match="B-9: 0201 would be over .*no counter there left to move out"):
        game.apply(state, Move(("elf_spearman_3",), h(board, "0201")))  # spearman 1 has moved
    game.apply(state, EndPhase())


def test_b9_random_players_always_finish_a_crowded_movement_phase():
    """B-9 with exchanges allowed: whatever the players pick among the legal actions, a movement
    phase can always be ended (a hex over the limits always keeps a legal move out of it)."""
    from bofa_studio.rules.bofa1984.players import random_player, uniform_player
    from bofa_studio.rules.core import seed_state

    board = plain_board(5, 4)
    game = make_game(board)
    where = {"0101": ["wolf_1", "thrak"], "0201": "wolf_2", "0301": ["wolf_3", "wolf_4"], "0401": "wolf_5",
             "0102": "wolf_6", "0202": ["wolf_7", "azug"], "0302": "wolf_8", "0402": ["warg_1", "warg_2"],
             "0502": "warg_3", "0104": "elf_spearman_1", "0304": "elf_spearman_2", "0504": "elf_spearman_3"}
    for seed in range(12):
        player = uniform_player if seed % 2 else random_player
        state = position(game, where, reduced=("wolf_3", "wolf_4", "warg_1", "warg_2"))
        rng = seed_state(seed)
        for _ in range(60):
            action, rng = player(game, state, rng)
            game.apply(state, action)
            assert not violations(game, state)
            if isinstance(action, EndPhase):
                break
        else:
            raise AssertionError(f"seed {seed}: the movement phase did not end")


def test_b9_an_escaping_leader_does_not_take_the_only_way_out():
    """S-10: an escaping leader may move away "with his entire movement value", but B-9 still has to
    take effect when the enemy's movement phase ends: he may not escape into the one hex the enemy's
    over-stacked counters need to make room."""
    board = plain_board(4, 1)
    game = make_game(board, s10_leaders=True)
    state = position(game, {"0101": "wolf_1", "0301": ["elf_spearman_1", "gandalf"]})
    assert escape_hexes(game, state, "gandalf") == [game.idx(h(board, "0201")), game.idx(h(board, "0401"))]
    state.stacks[game.idx(h(board, "0101"))] += ("wolf_2",)  # wolf 2 has moved onto wolf 1
    state.pos["wolf_2"] = game.idx(h(board, "0101"))
    state.moved.add("wolf_2")
    # 0101 is over the limits, and only wolf 1 moving to 0201 (the Elf bars the rest) puts it right.
    assert escape_hexes(game, state, "gandalf") == [game.idx(h(board, "0401"))]


# -- 2. B-5 Beorn placed on top of a friend at the entry circle ----------------------------------


def beorn_board():
    board = plain_board(6, 6)
    board.set_feature(h(board, "0105"), HexFeature.ENTRY_CIRCLE, True)
    return board


def beorn_game(board):
    from bofa_helpers import _base

    return make_game(board, reinforcements=copy.deepcopy(_base()["order_of_battle"]["reinforcements"]))


@pytest.mark.parametrize("who_leaves", ["beorn", "elf_spearman_1"])
def test_b5_beorn_may_be_placed_on_top_of_a_friend_on_the_entry_circle(who_leaves):
    """B-5: "If this hex is already occupied by a Free Peoples counter, he can be placed directly on
    top, or enter the board from the nearest free hex." B-9 ("Beorn the skin-changer may not be
    stacked with friendly units") takes effect at the end of the movement phase, so either he or the
    friend moves off before it ends."""
    board = beorn_board()
    game = beorn_game(board)
    state = position(game, {"0105": "elf_spearman_1"}, turn=8, player="free_peoples")
    assert Place("beorn", h(board, "0105")) in game.legal_actions(state)
    game.apply(state, Place("beorn", h(board, "0105")))
    err = _end_refusal(game, state)
    assert err.rule == "B-9" and "0105 is over them" in err.reason and "Beorn" in err.reason
    game.apply(state, Move((who_leaves,), h(board, "0305")))
    game.apply(state, EndPhase())
    assert label_of(game, state, who_leaves) == "0305"


def test_b5_beorn_is_not_placed_on_a_friend_who_cannot_make_room():
    """B-5/B-9: on top, Beorn or the friend must be able to move off; a friend who has moved already
    leaves only Beorn to do it, and he always can on an open board."""
    board = beorn_board()
    game = beorn_game(board)
    state = position(game, {"0105": "elf_spearman_1", "0305": "elf_spearman_2"}, turn=8, player="free_peoples")
    state.moved.add("elf_spearman_1")
    game.apply(state, Move(("elf_spearman_2",), h(board, "0405")))
    game.apply(state, Place("beorn", h(board, "0105")))  # Beorn himself can still move on
    assert {label_of(game, state, "beorn")} == {"0105"}
    assert any(isinstance(a, Move) and a.counters == ("beorn",) for a in game.legal_actions(state))


# -- O-5: the Dark player's *next* movement phase ------------------------------------------------


def test_o5_a_dead_leader_returns_in_the_dark_players_next_movement_phase():
    """O-5: "If a goblin leader is killed, he is brought back into play with half combat strength in
    the Dark player's next movement phase (MOVE), in a hex with a counter of his tribe." He is brought
    back in that phase: it cannot end while he has somewhere to return (refused with O-5)."""
    board = plain_board(6, 6)
    game = make_game(board, o5_goblin_leaders=True)
    state = position(game, {"0404": "thuk_goblin_scimitar_1"})
    state.eliminated.append("thuk")
    state.steps["thuk"] = 0
    state.returning.append("thuk")
    err = _end_refusal(game, state)
    assert err.rule == "O-5" and "Thuk" in err.reason
    game.apply(state, Place("thuk", h(board, "0404")))
    game.apply(state, EndPhase())
    assert label_of(game, state, "thuk") == "0404"


def test_o5_a_leader_with_no_tribe_to_return_to_in_that_phase_stays_dead():
    """O-5: "... in the Dark player's next movement phase (MOVE), in a hex with a counter of his tribe."
    If that phase ends with no such hex, he does not come back in a later one."""
    board = plain_board(6, 6)
    game = make_game(board, o5_goblin_leaders=True)
    state = position(game, {"0404": "azug_goblin_scimitar_1"})
    state.eliminated.append("thuk")
    state.steps["thuk"] = 0
    state.returning.append("thuk")
    assert not [a for a in game.legal_actions(state) if isinstance(a, Place)]
    events = game.apply(state, EndPhase())
    assert not state.returning and "thuk" in state.eliminated
    assert any(e.kind == "leader_lost" and "Thuk" in e.text for e in events)


def test_b9_an_eagle_that_must_make_room_may_not_dive_and_fly_back():
    """S-7 dives end the Eagle's move; B-9 "take effect only at the end of the movement phase". An
    Eagle that is the one counter free to leave an over-stacked hex may dive, but not fly back there."""
    board = plain_board(6, 6)
    board.set_terrain(h(board, "0303"), Terrain.MOUNTAIN, 1)
    game = make_game(board, s7_dive_attacks=True)
    state = position(game, {"0101": ["dwarf_axeman_1", "giant_eagle_1"], "0303": "azug_goblin_scimitar_1"},
                     player="free_peoples")
    target = game.idx(h(board, "0303"))
    assert game.idx(h(board, "0101")) in dive_ends(game, state, "giant_eagle_1", target)
    state.moved.add("dwarf_axeman_1")  # the Dwarf moved onto the Eagle: the Eagle must leave
    ends = dive_ends(game, state, "giant_eagle_1", target)
    assert ends and game.idx(h(board, "0101")) not in ends
