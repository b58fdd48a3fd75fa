"""A computer player copied between decisions (bench/endgame_bench.py plays each ending of a
game with copies of the players at the saved point) goes on as the original would."""

from __future__ import annotations

import copy
from pathlib import Path

from bofa_studio.ai import make_player
from bofa_studio.ai.match import load_game

BASIC = Path(__file__).resolve().parents[2] / "scenarios" / "bofa1984-basic.json"


def test_a_planner_copied_in_the_middle_of_a_plan_decides_as_the_original_does():
    game = load_game(str(BASIC))
    state = game.new_initial_state(7)
    original = make_player("fast", seed=3, safety_net=False)
    for _ in range(40):  # on until a plan is in progress (a set-up placement, B-2, or a MOVE phase)
        game.apply(state, original.choose(game, state))
        if original._plan:
            break
    assert original._plan, "some decision of the game's first forty is planned as a whole"
    twin = copy.deepcopy(original)  # held the game's rules' tables through its last view before
    for _ in range(5):
        action = original.choose(game, state)
        assert twin.choose(game, state) == action
        game.apply(state, action)
