"""Automatic steps that need dice: S-3 regrouping, O-1 bat attacks, O-4 hysteria.

A rule queues its steps in ``state.todo`` with :func:`schedule`. :func:`run` stops at the
first step that still applies and waits for its die the way every die is waited for: the
step becomes ``state.die`` in the ``ROLL`` stage (a chance node, so the action log rebuilds
the game). When no step is left the game enters ``state.after_todo``. A step may instead
hand a decision to a player (a regrouped counter that must leave its hex); :func:`resume`
goes on once it is made.

Each kind of step subclasses :class:`Step` in the module whose rule it applies (``regroup``,
``hysteria``, ``optional``); this module imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984 import entry
from bofa_studio.rules.bofa1984.state import Stage

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State
    from bofa_studio.rules.core import Event


@dataclass(frozen=True, slots=True)
class Step:
    """One queued automatic step, about one counter: a die wait (``State.die``) when its turn comes."""

    counter: str
    digest_tag: ClassVar[str] = "step"

    def wanted(self, game: BofaGame, state: State) -> bool:
        """Whether the step still applies when its turn comes (its counter may be gone)."""
        raise NotImplementedError

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        raise NotImplementedError

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        state.todo.pop(0)
        state.die = None
        events = self.apply(game, state, value)
        if state.stage == Stage.ROLL and state.die is None:
            events += run(game, state)
        return events


def schedule(state: State, steps: list[Step], after: Stage) -> None:
    """Queue ``steps`` to run before the game goes on to stage ``after``."""
    if state.todo:
        state.todo[:0] = steps  # nested: run before what was queued
    else:
        state.todo = list(steps)
        state.after_todo = after


def run(game: BofaGame, state: State) -> list[Event]:
    while state.todo:
        step = state.todo[0]
        if step.wanted(game, state):
            state.stage = Stage.ROLL
            state.die = step
            return []
        state.todo.pop(0)
    state.die = None
    stage, state.after_todo = state.after_todo, None
    state.stage = stage or state.phase_kind or Stage.MOVE
    if state.stage == Stage.MOVE:
        entry.wait_if_due(game, state)
    return []


def resume(game: BofaGame, state: State) -> list[Event]:
    """Go on after a player's decision interrupted the automatic steps."""
    state.stage = Stage.ROLL
    return run(game, state)
