"""Seeded random play through the controller: mid-game screenshots, benchmarks and the
full-game test. The choices use their own generator, never the game's dice.

Where the rules split a side between seats (BoFA's O-2), the controller refuses an action
from a seat that does not command its pieces, so random play acts as the seat that does
(``seat_for``). An action no single seat may take is offered to the ruleset's
``split_fallback`` (BoFA: the whole side's scenario setup becomes each seat's own
auto-place), or else drawn again. The pick is the ruleset's ``random_action`` where it has
one (a cheap sampler), else a uniform pick from the legal actions."""

from __future__ import annotations

from typing import Any

from bofa_studio.rules.core import seed_state, uniform_index

REDRAWS = 1000  # O-2: draws before giving up on finding an action some seat may take


def random_pick(game: Any, state: Any, rng: int) -> tuple[Any, int]:
    """(a random legal action, the new generator state): the ruleset's sampler, or uniform."""
    sampler = getattr(game, "random_action", None)
    if sampler is not None:
        action, rng = sampler(state, rng)
        return action, rng
    legal = game.legal_actions(state)
    rng, i = uniform_index(rng, len(legal))
    return legal[i], rng


def random_step(controller: Any, rng: int) -> int:
    """Apply one random legal action, as the seat that may take it; return the new generator state."""
    for _ in range(REDRAWS):
        action, rng = random_pick(controller.game, controller.state, rng)
        if not controller.o2:
            ok = controller.act(action)
        else:
            seat = controller.seat_for(action)
            if seat is not None:
                ok = controller.act(action, seat)
            else:
                fallback = controller.split_fallback(action)
                if fallback is None:
                    continue  # no seat commands all of its pieces: draw again
                ok = fallback
        if not ok:
            raise AssertionError(f"the engine refused its own legal action {action!r}: {controller.refusal}")
        controller.handover_to = None
        return rng
    raise AssertionError(f"no seat may take any of {REDRAWS} random actions")


def random_actions(controller: Any, n: int, seed: int = 1, *, stop_at_end: bool = True) -> int:
    """Apply up to ``n`` random legal actions; return how many were applied."""
    rng = seed_state(seed)
    done = 0
    while done < n and controller.decider() is not None:
        rng = random_step(controller, rng)
        done += 1
    return done


def advance_to_turn(controller: Any, turn: int, seed: int = 1, limit: int = 20000) -> None:
    """Random play until ``turn`` begins (or the game ends)."""
    rng = seed_state(seed)
    for _ in range(limit):
        if controller.decider() is None or controller.state.turn >= turn:
            return
        rng = random_step(controller, rng)
