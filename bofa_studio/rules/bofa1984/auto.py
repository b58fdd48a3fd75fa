"""Automatic steps that need dice: S-3 regrouping, O-1 bat attacks, O-4 hysteria.

Each step is a tuple in ``state.todo`` whose first item names it. The runner stops
at the first step that still applies and asks for a die (a chance step, so the
action log rebuilds the game); when none is left it enters ``state.after_todo``.
A step may instead hand a decision to a player (a regrouped counter that must
leave its hex); the runner resumes when that decision is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bofa_studio.rules.core import Event

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

# name -> (still wanted?, apply the roll -> events)
Wanted = Callable[["BofaGame", "State", tuple], bool]
Apply = Callable[["BofaGame", "State", tuple, int], list[Event]]
STEPS: dict[str, tuple[Wanted, Apply]] = {}


def step(name: str, wanted: Wanted) -> Callable[[Apply], Apply]:
    def register(fn: Apply) -> Apply:
        STEPS[name] = (wanted, fn)
        return fn
    return register


def schedule(state: State, items: list[tuple], after: str) -> None:
    """Queue ``items`` to run before the game goes on to stage ``after``."""
    if state.todo:
        state.todo[:0] = items  # nested: run before what was queued
    else:
        state.todo = list(items)
        state.after_todo = after


def run(game: BofaGame, state: State) -> list[Event]:
    _load()
    while state.todo:
        item = state.todo[0]
        wanted, _ = STEPS[item[0]]
        if wanted(game, state, item):
            state.stage = "roll"
            state.roll_for = "todo"
            return []
        state.todo.pop(0)
    state.roll_for = None
    stage, state.after_todo = state.after_todo, None
    state.stage = stage or state.phase_kind or "move"
    if state.stage == "move":
        from bofa_studio.rules.bofa1984.sequence import entry_roll_due

        if entry_roll_due(game, state):
            state.stage = "entry_roll"
    return []


def rolled(game: BofaGame, state: State, value: int) -> list[Event]:
    item = state.todo.pop(0)
    state.roll_for = None
    events = STEPS[item[0]][1](game, state, item, value)
    if state.stage == "roll" and state.roll_for is None:
        events += run(game, state)
    return events


def resume(game: BofaGame, state: State) -> list[Event]:
    """Go on after a player's decision interrupted the automatic steps."""
    state.stage = "roll"
    return run(game, state)


def _load() -> None:
    # The step modules register themselves on import.
    if not STEPS:
        from bofa_studio.rules.bofa1984 import hysteria, optional, regroup  # noqa: F401
