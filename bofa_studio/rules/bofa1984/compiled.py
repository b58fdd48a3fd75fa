"""The board compiled into plain lists indexed by hex number, for the rules' hot paths.

The shared :class:`~bofa_studio.board.model.Board` is a networkx graph, which is
right for the editor and for interchange but too slow for a few thousand
reachability searches per simulated game. This is a read-only snapshot; the
rules never change the board.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

from bofa_studio.board.model import Board, HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Neighbour:
    index: int
    river: bool
    wall: bool


class CompiledBoard:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.hexes: list[Hex] = sorted(board.hexes())
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        n = len(self.hexes)
        self.q = [h.q for h in self.hexes]
        self.r = [h.r for h in self.hexes]
        self._at_qr = {(h.q, h.r): i for i, h in enumerate(self.hexes)}
        self._disks: dict[tuple[int, int], frozenset[int]] = {}
        self._distance_rows: dict[int, list[int]] = {}
        # The rules' step costs between neighbours, per terrain cost table (BofaGame._build_steps):
        # every game on this board with the same costs shares them, read-only.
        self.step_tables: dict[tuple[object, ...], tuple[list[Any], dict[str, list[Any]]]] = {}
        # Read straight from networkx's node and adjacency dicts, and each neighbour found by the
        # identity of its Hex where the graph holds the node's own object (hashing a Hex is a
        # Python call): every new game compiles its board, and the views cost more than the rest.
        attrs = [board.graph._node[h] for h in self.hexes]
        by_identity = {id(h): i for i, h in enumerate(self.hexes)}
        self.labels = [board.label(h) for h in self.hexes]
        self.terrain: list[str] = [str(a["terrain"]) for a in attrs]
        self.level: list[int] = [a["level"] for a in attrs]
        feats = [a["features"] for a in attrs]
        self.path = [HexFeature.PATH in f for f in feats]
        self.guard_room = [HexFeature.GUARD_ROOM in f for f in feats]
        self.dale = [t == Terrain.DALE for t in self.terrain]
        self.front_gate = [t == Terrain.FRONT_GATE for t in self.terrain]
        self.cliff = [t == Terrain.CLIFF for t in self.terrain]
        self.neighbours: list[tuple[Neighbour, ...]] = []
        for h in self.hexes:
            row = []
            for m, edge in board.graph._adj[h].items():
                fs = edge["features"]
                i = by_identity.get(id(m))
                row.append(Neighbour(self.index[m] if i is None else i,
                                     HexsideFeature.RIVER in fs, HexsideFeature.FRONT_GATE_WALL in fs))
            self.neighbours.append(tuple(sorted(row, key=lambda nb: nb.index)))
        self.neighbour_indexes: list[tuple[int, ...]] = [tuple(nb.index for nb in row) for row in self.neighbours]
        # Adjacent pairs across which nothing moves, fights or shoots (B-6, B-7).
        self.adjacent_open: list[frozenset[int]] = [
            frozenset(nb.index for nb in self.neighbours[i] if not nb.wall) for i in range(n)
        ]
        self.river_between: set[tuple[int, int]] = {
            (i, nb.index) for i in range(n) for nb in self.neighbours[i] if nb.river
        }
        self.entry_groups: dict[str, list[int]] = {
            g: [self.index[h] for h in hs] for g, hs in board.entry_groups().items()
        }
        self.entry_circle: list[int] = [self.index[h] for h in board.hexes_with(HexFeature.ENTRY_CIRCLE)]
        self.areas: dict[str, frozenset[int]] = {
            name: frozenset(self.index[h] for h in hs) for name, hs in board.areas.items()
        }

    def __len__(self) -> int:
        return len(self.hexes)

    def disk(self, centre: int, radius: int) -> frozenset[int]:
        """The hexes within ``radius`` of ``centre`` (itself included), found once: the FIRE
        phase asks which targets are in an archer's range many times a game."""
        key = (centre, radius)
        hit = self._disks.get(key)
        if hit is None:
            q0, r0 = self.q[centre], self.r[centre]
            at = self._at_qr
            near = []
            for dq in range(-radius, radius + 1):
                for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                    i = at.get((q0 + dq, r0 + dr))
                    if i is not None:
                        near.append(i)
            hit = self._disks[key] = frozenset(near)
        return hit

    def distance(self, a: int, b: int) -> int:
        dq = self.q[a] - self.q[b]
        dr = self.r[a] - self.r[b]
        return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1

    def distances_from(self, a: int) -> list[int]:
        """:meth:`distance` from ``a`` to every hex, by index: the evaluation asks for the
        nearest of many hexes thousands of times a decision, and a row read in C beats a
        Python call per pair. Built on first use, at most one row per hex."""
        row = self._distance_rows.get(a)
        if row is None:
            qa, ra = self.q[a], self.r[a]
            row = self._distance_rows[a] = [
                (abs(qa - q) + abs(ra - r) + abs(qa - q + ra - r)) >> 1 for q, r in zip(self.q, self.r, strict=True)]
        return row

    def hex_index(self, h: Hex) -> int:
        try:
            return self.index[h]
        except KeyError:
            raise ValueError(f"{h} is not on the map") from None

    def label(self, i: int) -> str:
        return self.labels[i]

    def area(self, name: str) -> frozenset[int]:
        try:
            return self.areas[name]
        except KeyError:
            raise KeyError(f"the map has no area named {name!r}") from None


# One snapshot per board and revision: a scenario's load tries a game on its map before the
# session builds the one it plays, and both read the same board.
_SNAPSHOTS: weakref.WeakKeyDictionary[Board, tuple[int, CompiledBoard]] = weakref.WeakKeyDictionary()


# And one per map file content: every new game reads the shipped map afresh (a board of its
# own), and until that board is edited it holds what the file says (``Board.origin``).
_BY_ORIGIN: dict[object, CompiledBoard] = {}
_BY_ORIGIN_LIMIT = 8


def compiled_board(board: Board) -> CompiledBoard:
    """The board's snapshot, compiled again only after the board changed (its revision)."""
    kept = _SNAPSHOTS.get(board)
    if kept is not None and kept[0] == board.revision:
        return kept[1]
    origin = board.origin
    as_read = origin[0] if origin is not None and origin[1] == board.revision else None
    snapshot = _BY_ORIGIN.get(as_read) if as_read is not None else None
    if snapshot is None:
        snapshot = CompiledBoard(board)
        if as_read is not None:
            if len(_BY_ORIGIN) >= _BY_ORIGIN_LIMIT:
                del _BY_ORIGIN[next(iter(_BY_ORIGIN))]  # the oldest
            _BY_ORIGIN[as_read] = snapshot
    _SNAPSHOTS[board] = (board.revision, snapshot)
    return snapshot
