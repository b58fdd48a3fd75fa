"""Places where the engine once departed from the 1984 rulebook's text, each test quoting it.

Each test sets up the situation a player who knows the rulebook would try, and checks
that the engine now does what the quoted sentence says (and, where it refuses, that the
refusal names the rule).
"""

from __future__ import annotations

import pytest
from bofa_helpers import label_of, make_game, nb, plain_board, position

from bofa_studio.board.model import HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.actions import Advance, Attack, DieRoll, Place
from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.invariants import violations
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
