"""Seeded random play through the controller: mid-game screenshots, benchmarks and the
full-game test. The choices use their own generator, never the game's dice."""

from __future__ import annotations

from typing import Any

from bofa_studio.rules.core import seed_state


def random_actions(controller: Any, n: int, seed: int = 1, *, stop_at_end: bool = True) -> int:
    """Apply up to ``n`` random legal actions; return how many were applied."""
    from bofa_studio.rules.bofa1984.players import random_player

    rng = seed_state(seed)
    done = 0
    while done < n and controller.decider() is not None:
        action, rng = random_player(controller.game, controller.state, rng)
        if not controller.act(action):
            raise AssertionError(f"the engine refused its own legal action {action!r}: {controller.refusal}")
        controller.handover_to = None
        done += 1
    return done


def advance_to_turn(controller: Any, turn: int, seed: int = 1, limit: int = 20000) -> None:
    """Random play until ``turn`` begins (or the game ends)."""
    from bofa_studio.rules.bofa1984.players import random_player

    rng = seed_state(seed)
    for _ in range(limit):
        if controller.decider() is None or controller.state.turn >= turn:
            return
        action, rng = random_player(controller.game, controller.state, rng)
        controller.act(action)
        controller.handover_to = None
