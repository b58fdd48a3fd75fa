"""Seeded random play through the controller: mid-game screenshots, benchmarks and the
full-game test. The choices use their own generator, never the game's dice.

O-2: with three or four seats the controller refuses an action from a seat that does not
command its counters, so random play acts as the seat that does (``seat_for``). An
engine action that no single seat may take (a stack of two seats' counters moving
together) is drawn again; the engine's PlaceDefault, which sets up the whole side, is
played as each seat's own auto-place."""

from __future__ import annotations

from typing import Any

from bofa_studio.rules.core import seed_state

REDRAWS = 1000  # O-2: draws before giving up on finding an action some seat may take


def random_step(controller: Any, rng: int) -> int:
    """Apply one random legal action, as the seat that may take it; return the new generator state."""
    from bofa_studio.rules.bofa1984 import actions as A
    from bofa_studio.rules.bofa1984.players import random_player

    for _ in range(REDRAWS):
        action, rng = random_player(controller.game, controller.state, rng)
        if not controller.o2:
            ok = controller.act(action)
        elif isinstance(action, A.PlaceDefault) and controller.seat_for(action) is None:
            ok = _auto_place_seat(controller)
        else:
            seat = controller.seat_for(action)
            if seat is None:
                continue  # no seat commands all of its counters (O-2): draw again
            ok = controller.act(action, seat)
        if not ok:
            raise AssertionError(f"the engine refused its own legal action {action!r}: {controller.refusal}")
        controller.handover_to = None
        return rng
    raise AssertionError(f"O-2: no seat may take any of {REDRAWS} random actions")


def _auto_place_seat(controller: Any) -> bool:
    """O-2: the scenario setup for one seat of the side that still has counters to place."""
    g, s = controller.game, controller.state
    left = {g.seat_of(c) for c in g.setup_list(s, s.setup_side) if c not in s.pos}
    seat = next(sid for sid in controller.seats_now() if sid in left)
    controller.active_seat = seat
    return controller.auto_place()


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
