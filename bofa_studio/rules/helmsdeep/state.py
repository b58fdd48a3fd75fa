"""The state of a game of Helm's Deep: a dataclass, so the digest covers every field."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

SETUP = "setup"
OVER = "over"


@dataclass
class State:
    rng: int
    round: int = 0  # 0 while the second player sets up (VII)
    phase: str = SETUP
    pos: dict[str, str] = field(default_factory=dict)  # unit -> hex or space label
    gone: dict[str, str] = field(default_factory=dict)  # unit -> "destroyed" | "exited"
    moved: set[str] = field(default_factory=set)  # this phase
    fought: set[str] = field(default_factory=set)  # attacked in this combat phase
    attacked: set[str] = field(default_factory=set)  # units and gates attacked this phase
    stormed: set[str] = field(default_factory=set)  # this round (5.2: no move, no close combat)
    tried: set[str] = field(default_factory=set)  # ladder set-up or knock-down attempts this round
    ladders: list[tuple[str, str]] = field(default_factory=list)  # (wall hex, foot hex), sorted
    gates_down: set[str] = field(default_factory=set)  # "A/B" hexsides, destroyed for good
    gates_open: set[str] = field(default_factory=set)  # opened by occupying both sides (VI)
    bombs_used: int = 0
    points: int = 0
    storm_scored: bool = False
    theoden_scored: bool = False
    pending: list[dict[str, Any]] = field(default_factory=list)  # dice to roll, choices owed, first first

    def copy(self) -> State:
        return State(
            self.rng, self.round, self.phase, dict(self.pos), dict(self.gone), set(self.moved),
            set(self.fought), set(self.attacked), set(self.stormed), set(self.tried), list(self.ladders),
            set(self.gates_down), set(self.gates_open), self.bombs_used, self.points, self.storm_scored,
            self.theoden_scored, copy.deepcopy(self.pending),
        )
