"""The invariant checks the simulator runs at every phase's end (issue 15, item 2): each kind
of broken bookkeeping is named, so a bug in the engine shows as a sentence, not as a game
that quietly went wrong."""

from __future__ import annotations

import pytest
from bofa_helpers import make_game, plain_board, position

from bofa_studio.rules.bofa1984.invariants import violations


@pytest.fixture(scope="module")
def game():
    return make_game(plain_board(6, 2))


def fresh(game):
    return position(game, {"0101": ["azug_goblin_scimitar_1", "azug_goblin_scimitar_2"],
                           "0301": "elf_spearman_1"})


def at(game, label):
    return game.idx(game.board.hex_at(label))


def test_a_consistent_position_breaks_nothing(game):
    assert violations(game, fresh(game)) == []


def test_a_counter_in_two_stacks_is_named(game):
    state = fresh(game)
    state.stacks[at(game, "0501")] = ("elf_spearman_1",)
    assert any("elf_spearman_1 is in two places" in v for v in violations(game, state))


def test_a_position_that_disagrees_with_the_stacks_is_named(game):
    state = fresh(game)
    state.pos["elf_spearman_1"] = at(game, "0401")
    assert any("elf_spearman_1 lies in 0301 but its position says otherwise" in v for v in violations(game, state))


def test_a_counter_with_a_position_in_no_stack_is_named(game):
    state = fresh(game)
    state.stacks[at(game, "0101")] = ("azug_goblin_scimitar_1",)
    assert "azug_goblin_scimitar_2 has a position but lies in no stack" in violations(game, state)


def test_an_empty_stack_is_named(game):
    state = fresh(game)
    state.stacks[at(game, "0601")] = ()
    assert "an empty stack is recorded in 0601" in violations(game, state)


def test_an_eliminated_counter_left_on_the_map_is_named(game):
    """B-7: a counter that has lost its last step leaves the map."""
    state = fresh(game)
    state.steps["elf_spearman_1"] = 0
    assert "elf_spearman_1 is eliminated but still on the map" in violations(game, state)


def test_an_eliminated_counter_with_steps_left_and_a_third_step_are_named(game):
    state = fresh(game)
    state.eliminated.append("wolf_1")
    state.steps["azug_goblin_scimitar_1"] = 3
    found = violations(game, state)
    assert "wolf_1 is listed as eliminated but has steps left" in found
    assert any(v.startswith("azug_goblin_scimitar_1 has 3 steps") for v in found)


def test_a_hex_over_the_stacking_limits_outside_a_movement_phase_is_named(game):
    """B-9: "These stacking restrictions take effect only at the end of the movement phase":
    within a MOVE phase its player may have one hex over them, and nobody at any other time."""
    crowded = {"0101": ["azug_goblin_scimitar_1", "azug_goblin_scimitar_2"],
               "0301": ["elf_spearman_1", "elf_spearman_2"]}
    moving = position(game, crowded, player="dark", stage="move")
    assert violations(game, moving) == [
        "stacking in 0301: only one full-strength counter, or two reduced ones, may end movement in a hex"]
    fighting = position(game, crowded, player="dark", stage="combat")
    assert [v.split(":")[0] for v in violations(game, fighting)] == ["stacking in 0301", "stacking in 0101"]
