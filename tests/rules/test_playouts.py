"""Property tests over random playouts on the shipped map: no illegal state is ever reached."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bofa_studio.board import load_map
from bofa_studio.rules.bofa1984.actions import Move
from bofa_studio.rules.bofa1984.game import BofaGame
from bofa_studio.rules.bofa1984.invariants import violations
from bofa_studio.rules.bofa1984.movement import survey
from bofa_studio.rules.bofa1984.overstacking import over_stacked
from bofa_studio.rules.bofa1984.players import random_player
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import CHANCE, TERMINAL, seed_state, uniform_index
from bofa_studio.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@cache
def game() -> BofaGame:
    scenario = load_scenario(ROOT / "scenarios" / "bofa1984-basic.json")
    return BofaGame(scenario.data, load_map(scenario.map_path))


def _key(action):
    # Paths may differ between two equally legal routes; the move is the movers and the hex.
    return (type(action), action.counters, action.to) if isinstance(action, Move) else action


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_games_keep_every_invariant(seed):
    g = game()
    state = g.new_initial_state(seed)
    prng = seed_state(seed ^ 0x5EED)
    steps = 0
    while not g.is_terminal(state):
        player = g.current_player(state)
        if player == CHANCE:
            outcomes = g.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = g.sample_chance(state)
            assert action in [a for a, _ in outcomes]
        else:
            if steps % 15 == 0 and state.stage == Stage.MOVE:
                # The one walk over the stacks that move listings take finds B-9's over-stacked hexes.
                assert survey(g, state)[1] == over_stacked(g, state, state.phase_player)
            action, prng = random_player(g, state, prng)
            if steps % 15 == 0:
                picked = _key(action)
                assert any(_key(a) == picked for a in g.legal_actions(state)), action
        g.apply(state, action)
        steps += 1
        problems = violations(g, state)
        assert not problems, (steps, action, problems)
    assert g.current_player(state) == TERMINAL
    assert state.turn == 12
    result = g.result(state)
    assert result["winner"] in (None, "free_peoples", "dark")
    assert sum(result["score"].values()) <= 5


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_listed_action_applies(seed):
    """legal_actions lists only what apply accepts (checked on copies, 300 steps of uniform play)."""
    g = game()
    state = g.new_initial_state(seed)
    prng = seed_state(seed)
    for _ in range(300):
        if g.is_terminal(state):
            break
        if g.current_player(state) == CHANCE:
            g.apply(state, g.sample_chance(state))
            continue
        actions = g.legal_actions(state)
        assert actions
        for a in actions[:: max(1, len(actions) // 10)]:
            g.apply(state.copy(), a)
        # The uniform player's pick (players.uniform_player) from the list already made: asking
        # for it again listed every destination of every counter twice a step.
        prng, pick = uniform_index(prng, len(actions))
        g.apply(state, actions[pick])
        assert not violations(g, state)


@cache
def standard_game(name: str) -> BofaGame:
    scenario = load_scenario(ROOT / "scenarios" / f"bofa1984-{name}.json")
    return BofaGame(scenario.data, load_map(scenario.map_path))


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), name=st.sampled_from(["standard", "tournament"]))
def test_standard_games_keep_every_invariant_and_list_what_applies(seed, name):
    """The Standard Game and the tournament options: random games end, every listed action (sampled)
    applies, and no invariant breaks (hit markers, H markers, spells, stacking)."""
    g = standard_game(name)
    state = g.new_initial_state(seed)
    prng = seed_state(seed ^ 0xBEEF)
    steps = 0
    while not g.is_terminal(state):
        if g.current_player(state) == CHANCE:
            action = g.sample_chance(state)
        else:
            if steps % 25 == 0 and state.stage != "move":
                actions = g.legal_actions(state)
                assert actions
                for a in actions[:: max(1, len(actions) // 5)]:
                    g.apply(state.copy(), a)
            action, prng = random_player(g, state, prng)
        g.apply(state, action)
        steps += 1
        if steps % 5 == 0:
            problems = violations(g, state)
            assert not problems, (steps, action, problems)
    assert state.turn == 12 and g.result(state)["level"] in ("draw", "marginal", "tactical", "complete")
