"""A game's events are its log: each must keep saying what happened when it happened, however
late it is read (a replay, a saved log, the play window after the next step)."""

from __future__ import annotations

import json
from pathlib import Path

from bofa_studio.board import load_map
from bofa_studio.rules.core import CHANCE, seed_state
from bofa_studio.rules.registry import make_game
from bofa_studio.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def _said(event) -> str:
    return json.dumps([event.kind, event.text, event.data, event.rule], sort_keys=True, default=str)


def test_every_event_of_a_standard_game_reads_the_same_at_the_end_as_when_it_happened():
    """Moves, rolls and losses are worded only when read (Event.deferred), and some events carry
    lists the state keeps changing: S-10's escape offer named the leaders offered an escape
    ("he has the option of moving away") through the state's own list, which empties as they
    decide, so a log read later said nobody had been offered one. Each event of a seeded
    random Standard game is read once as it happens and again after the game's last action."""
    scenario = load_scenario(ROOT / "scenarios" / "bofa1984-standard.json")
    game = make_game(scenario, load_map(scenario.map_path))
    state = game.new_initial_state(2000)
    rng = seed_state(55)
    kept = []
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            action, rng = game.random_action(state, rng)
        kept += [(event, _said(event)) for event in game.apply(state, action)]
    kinds = {event.kind for event, _ in kept}
    assert {"move", "attack", "combat_result", "escape_offer", "phase_end"} <= kinds
    changed = [(then, _said(event)) for event, then in kept if _said(event) != then]
    assert changed == []
