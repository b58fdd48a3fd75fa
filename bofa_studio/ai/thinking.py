"""What a computer player shares with whoever waits for it: a stop flag, progress, and its dice.

A player thinks in a worker thread of the play window or a process of a match; the
window must be able to say "Stop thinking" (the player then plays the best action
found so far) and to show how far the thinking has got. :class:`Thinking` carries
both, and nothing else, so the players stay free of Qt and of threads.

A player's own randomness (tie breaks, which die faces to look at) comes from
:func:`decision_rng`: a generator seeded from the player's seed and the digest of
the state it decides in, never from the state's dice. So the same seed, level and
position always give the same decision, whatever was decided before (an undo does
not change what the computer will do next), and the AI cannot see the next roll.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from bofa_studio.rules.core import seed_state, splitmix64, uniform_index

ProgressCallback = Callable[[int, int], None]  # (steps done, steps planned)


class Thinking:
    """One decision's control: ``stop()`` from any thread; ``progress`` reports (done, planned).

    ``deadline_seconds`` is a safety net against a slow machine, not a budget: the
    players' budgets count evaluations, so a decision does not depend on timing unless
    this net is reached (the ``fast`` level never sets it).
    """

    def __init__(self, progress: ProgressCallback | None = None, deadline_seconds: float | None = None) -> None:
        self._stop = threading.Event()
        self.progress = progress
        self._deadline = None if deadline_seconds is None else time.monotonic() + deadline_seconds
        self.timed_out = False

    def stop(self) -> None:
        """Ask the player to play the best action it has found so far, as soon as it can."""
        self._stop.set()

    def should_stop(self) -> bool:
        if self._stop.is_set():
            return True
        if self._deadline is not None and time.monotonic() > self._deadline:
            self.timed_out = True
            return True
        return False

    def report(self, done: int, planned: int) -> None:
        if self.progress is not None:
            self.progress(done, planned)


class Quiet:
    """A decision's Thinking that stops with it but does not report progress (a step inside the
    decision, whose own progress would make the bar jump back and forth)."""

    def __init__(self, thinking: Thinking) -> None:
        self._thinking = thinking

    def should_stop(self) -> bool:
        return self._thinking.should_stop()

    def report(self, done: int, planned: int) -> None:
        pass


class Rng:
    """A SplitMix64 stream (the rules' generator) for a player's own choices."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def index(self, n: int) -> int:
        self.state, i = uniform_index(self.state, n)
        return i

    def pick_weighted(self, weights: list[float]) -> int:
        """An index with probability proportional to ``weights`` (floats, as chance_outcomes gives)."""
        self.state, out = splitmix64(self.state)
        x = (out / 2.0**64) * sum(weights)
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        return len(weights) - 1


def decision_rng(seed: int, game: Any, state: Any) -> Rng:
    """The player's generator for deciding in ``state``: a function of its seed and the position."""
    position = int(game.digest(state)[:16], 16)
    return Rng((seed * 0x9E3779B97F4A7C15) ^ position)
