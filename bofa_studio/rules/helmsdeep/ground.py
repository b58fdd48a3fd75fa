"""IV "Movement through castle walls", "The road tunnel", "The passage of the Klammbach":
the board as the rules read it, built once per game.

Everything is keyed by label, as the state is. A step between two joined places is
one of: ``step`` (ordinary), ``climb`` (up onto a wall: only through an open gate, or
by a ladder with the whole move), ``jump`` (down off a wall: the whole move), or
barred (into the Hornburg except through its gates; off-board spaces only by their links).
"""

from __future__ import annotations

from bofa_studio.board import Board, HexFeature, HexsideFeature, Terrain

WALLS = (Terrain.WALL, Terrain.HORNBURG)
GATES = (HexsideFeature.LIGHT_GATE, HexsideFeature.BIG_GATE)


def side_key(a: str, b: str) -> str:
    """A hexside or link named by its two places, in a fixed order: "F-12/F-13"."""
    return "/".join(sorted((a, b)))


class Ground:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.labels = sorted(board.label(h) for h in board.hexes())
        self.hex = {board.label(h): h for h in board.hexes()}
        self.terrain = {board.label(h): board.terrain(h) for h in board.hexes()}
        self.level = {board.label(h): board.level(h) for h in board.hexes()}
        self.road = {board.label(h) for h in board.hexes() if board.has_feature(h, HexFeature.ROAD)}
        self.exits = {board.label(h) for h in board.hexes() if board.has_feature(h, HexFeature.EXIT)}
        self.spaces = {board.label(h) for h in board.spaces}
        self.neighbors: dict[str, list[str]] = {}
        self.gates: dict[str, str] = {}  # side key -> "light" | "big"
        for h in board.hexes():
            here = board.label(h)
            self.neighbors[here] = sorted(
                board.label(n) for n in board.neighbors(h) if board.terrain(n) != Terrain.CLIFF)
            for n in board.neighbors(h):
                fs = board.hexside_features(h, n)
                if HexsideFeature.BIG_GATE in fs:
                    self.gates[side_key(here, board.label(n))] = "big"
                elif HexsideFeature.LIGHT_GATE in fs:
                    self.gates[side_key(here, board.label(n))] = "light"
        self.hornburg = {p for p, t in self.terrain.items() if t == Terrain.HORNBURG}
        self.under_hornburg = {p for p, t in self.terrain.items() if t in (Terrain.TUNNEL, Terrain.CULVERT)}
        self.culvert = {p for p, t in self.terrain.items() if t == Terrain.CULVERT}

    def is_wall(self, place: str) -> bool:
        return self.terrain[place] in WALLS

    def on_board(self, place: str) -> bool:
        return place not in self.spaces

    def gate(self, a: str, b: str) -> str | None:
        return self.gates.get(side_key(a, b))

    def step_kind(self, a: str, b: str) -> str | None:
        """``step``, ``climb``, ``jump``, or None (barred whatever the gates), ignoring gates' state.

        A gate hexside is a ``step`` for whoever may pass the gate (see ``Rules.gate_passable``);
        the caller asks that separately.
        """
        if self.terrain[b] == Terrain.CLIFF:
            return None
        gate = self.gate(a, b)
        if gate is not None:
            return "gate"
        # "Access is only possible through the four gates of the outer courtyard."
        if (a in self.hornburg) != (b in self.hornburg):
            return "jump" if a in self.hornburg and not self.is_wall(b) and self.level[b] < self.level[a] else None
        if self.is_wall(b) and self.level[b] > self.level[a]:
            return "climb"
        if self.is_wall(a) and not self.is_wall(b) and self.level[b] < self.level[a]:
            return "jump"
        return "step"

    def across_wall(self, a: str, b: str) -> bool:
        """True when a wall's face lies between: one on the wall, the other at its foot.

        IV: "The area of control does not extend ... up the wall, or down the wall"; V 5.1:
        no close combat with "enemy units ... at the foot of a castle wall".
        """
        return self.is_wall(a) != self.is_wall(b) and self.level[a] != self.level[b]
