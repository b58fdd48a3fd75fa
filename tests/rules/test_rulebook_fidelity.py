"""Places where the engine once departed from the 1984 rulebook's text, each test quoting it.

Each test sets up the situation a player who knows the rulebook would try, and checks
that the engine now does what the quoted sentence says (and, where it refuses, that the
refusal names the rule).
"""

from __future__ import annotations

import pytest
from bofa_helpers import label_of, make_game, nb, plain_board, position

from bofa_studio.board.model import HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.actions import Advance, Attack, DieRoll

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
