"""What the counter inspector shows, as data: a hex's terrain and its stack, counter by counter.

A ruleset's play hooks fill these in (``hex_info``, ``piece_info``); the windows draw them
as the map's hover tooltip and the "Hex" panel, and know nothing of what the lines mean.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bofa_studio.hexgrid import Hex


@dataclass(frozen=True)
class PieceInfo:
    """One counter of a stack: its name and side, then lines of values and status
    ("full 6-(3)-4, reduced 3-(2)-4", "moved this phase")."""

    name: str
    side: str
    colour: str  # the side's colour, ``#rrggbb``
    lines: tuple[str, ...] = ()
    acted: bool = False  # has moved, fought or fired this phase (drawn dimmed)


@dataclass(frozen=True)
class HexInfo:
    """A hex as the inspector shows it: a title (its label), terrain lines, and the stack,
    top counter first (the one a player sees)."""

    title: str
    terrain: tuple[str, ...] = ()
    pieces: tuple[PieceInfo, ...] = ()
    notes: tuple[str, ...] = ()  # what the rules say of the hex as a whole (stacking, control)


def words(name: str) -> str:
    """A board enum value in words: ``boulder_pile`` -> "boulder pile"."""
    return str(name).replace("_", " ")


def terrain_lines(board: Any, h: Hex) -> tuple[str, ...]:
    """The terrain, level and features of ``h`` on a board of :mod:`bofa_studio.board.model`
    (nothing for a board that has none, so any ruleset's map can be inspected)."""
    if board is None or not hasattr(board, "terrain") or h not in board:
        return ()
    level = board.level(h)
    out = [f"{words(board.terrain(h).value)}, level {level}"]
    features = sorted(words(f.value) for f in board.features(h))
    if features:
        out.append(", ".join(features))
    return tuple(out)
