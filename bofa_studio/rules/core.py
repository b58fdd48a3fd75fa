"""What every ruleset shares: players, rule errors, events, dice and chance steps.

The protocol follows OpenSpiel's split: a ``Game`` is static configuration and a
``State`` is mutable. ``current_player`` may be :data:`CHANCE`; then
``chance_outcomes`` lists each outcome with its probability, and the outcome is
applied like any other action, so the action log alone rebuilds a game. The
pseudo-random generator lives in the State (as boardgame.io keeps its PRNG in
the game state), so sampling a chance outcome is a pure function of the state and
replays are exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

CHANCE = "chance"
TERMINAL = "terminal"

_MASK64 = (1 << 64) - 1


class RuleError(ValueError):
    """An action the rules forbid. ``rule`` is the section (``B-9``), ``reason`` says why."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened while applying an action, for logs and the UI."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: (new state, 64-bit output).

    Chosen over :mod:`random` because its whole state is one int (cheap to copy
    and to save) and its output is fixed by this code, not by a Python version.
    """
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Turn any int seed into a generator state (so seeds 0, 1, 2 are not correlated)."""
    state, out = splitmix64(seed & _MASK64)
    return out


def uniform_index(state: int, n: int) -> tuple[int, int]:
    """(new state, an index in range(n)), unbiased by rejection."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, out = splitmix64(state)
        if out < limit:
            return state, out % n


def pick_weighted(state: int, weights: Sequence[int]) -> tuple[int, int]:
    """(new state, index) chosen with probability proportional to integer ``weights``."""
    total = sum(weights)
    state, x = uniform_index(state, total)
    for i, w in enumerate(weights):
        if x < w:
            return state, i
        x -= w
    raise AssertionError("unreachable")


class GameProtocol(Protocol):
    """The API the session, the simulator, the UI and computer players rely on."""

    def new_initial_state(self, seed: int) -> Any: ...

    def current_player(self, state: Any) -> str: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]: ...

    def sample_chance(self, state: Any) -> Any: ...

    def apply(self, state: Any, action: Any) -> list[Event]: ...

    def is_terminal(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict[str, Any]: ...
