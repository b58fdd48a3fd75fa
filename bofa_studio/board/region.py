"""Regions of hexes: copy one with everything on it, paste it elsewhere, clear it, move it.

What a region carries: each hex's terrain, level and features; the hexside features
between two of its hexes; the parts of drawn paths inside it; the slope lines wholly
inside it; and which areas each hex belongs to. Pasting replaces what was there.
A region is moved by an axial offset, which keeps its shape on the hex lattice.

These functions change a board in place; the editor runs them on a copy and pushes
the difference as one undo step (``BoardDiff``), so a 100-hex paste is one Ctrl+Z.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bofa_studio.board.model import Board, HexData, HexsideFeature, PathLine, SlopeLine, clip_paths
from bofa_studio.hexgrid import Hex, Hexside


@dataclass(frozen=True)
class Clip:
    """A copied region, its hexes relative to ``origin`` (the region's first hex)."""

    origin: Hex
    hexes: dict[Hex, HexData]
    hexsides: dict[tuple[Hex, Hex], frozenset[HexsideFeature]]
    paths: list[tuple[Hex, ...]]
    slope_lines: list[tuple[Hex, ...]]
    areas: dict[str, frozenset[Hex]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.hexes)


def copy_region(board: Board, hexes: Iterable[Hex]) -> Clip:
    region = {h for h in hexes if h in board}
    if not region:
        raise ValueError("nothing is selected")
    origin = min(region, key=lambda h: board.grid.to_offset(h))
    def rel(h: Hex) -> Hex:
        return h - origin

    sides: dict[tuple[Hex, Hex], frozenset[HexsideFeature]] = {}
    for side, features in board.featured_hexsides().items():
        if side.a in region and side.b in region:
            sides[(rel(side.a), rel(side.b))] = features
    return Clip(
        origin=origin,
        hexes={rel(h): board.hex_data(h) for h in region},
        hexsides=sides,
        paths=[tuple(rel(h) for h in p.hexes) for p in clip_paths(board.paths, region)],
        slope_lines=[tuple(rel(h) for h in s.hexes) for s in board.slope_lines if all(h in region for h in s.hexes)],
        areas={name: frozenset(rel(h) for h in hs & region) for name, hs in board.areas.items() if hs & region},
    )


def clear_region(board: Board, hexes: Iterable[Hex]) -> int:
    """Make the region plain ground with nothing on it; returns how many hexes changed."""
    region = {h for h in hexes if h in board}
    changed = {h: HexData() for h in region if board.hex_data(h) != HexData()}
    board.set_hexes(changed)
    sides: dict[Hexside, frozenset[HexsideFeature]] = {side: frozenset() for side, _ in board.featured_hexsides().items() if side.a in region or side.b in region}
    # A hexside on the region's rim is cleared too: it belongs to a hex that is now blank.
    board.set_hexsides(sides)
    board.set_paths(clip_paths(board.paths, [h for h in board.hexes() if h not in region]))
    board.set_slope_lines([s for s in board.slope_lines if not any(h in region for h in s.hexes)])
    for name, hs in list(board.areas.items()):
        if hs & region:
            board.set_area(name, hs - region)
    return len(changed)


def paste_clip(board: Board, clip: Clip, at: Hex) -> list[Hex]:
    """Put ``clip`` with its origin on hex ``at``, replacing what is there; returns the hexes pasted.

    What would fall off the map is left out (pieces of paths and slope lines too).
    """
    def place(rel: Hex) -> Hex:
        return at + rel

    landed = [place(rel) for rel in clip.hexes if place(rel) in board]
    clear_region(board, landed)
    target = set(landed)
    board.set_hexes({place(rel): data for rel, data in clip.hexes.items() if place(rel) in target})
    board.set_hexsides({
        Hexside.between(place(a), place(b)): fs
        for (a, b), fs in clip.hexsides.items()
        if place(a) in target and place(b) in target
    })
    pasted_paths = clip_paths([PathLine(tuple(place(h) for h in p)) for p in clip.paths], target)
    board.set_paths([*board.paths, *pasted_paths])
    board.set_slope_lines([
        *board.slope_lines,
        *(SlopeLine(tuple(place(h) for h in s)) for s in clip.slope_lines if all(place(h) in target for h in s)),
    ])
    for name, rels in clip.areas.items():
        hexes = {place(h) for h in rels} & target
        if hexes:
            board.set_area(name, board.areas.get(name, frozenset()) | hexes)
    return sorted(landed)


def move_region(board: Board, hexes: Iterable[Hex], to: Hex, origin: Hex | None = None) -> list[Hex]:
    """Move the region so its ``origin`` (default: the region's first hex) lands on ``to``."""
    clip = copy_region(board, hexes)
    offset = to - (origin if origin is not None else clip.origin)
    clear_region(board, [clip.origin + rel for rel in clip.hexes])
    return paste_clip(board, clip, clip.origin + offset)


@dataclass(frozen=True)
class BoardDiff:
    """What an edit changed, as (before, after) values: apply ``after`` to redo, ``before`` to undo."""

    hexes: dict[Hex, tuple[HexData, HexData]]
    hexsides: dict[Hexside, tuple[frozenset[HexsideFeature], frozenset[HexsideFeature]]]
    paths: tuple[list[PathLine], list[PathLine]] | None
    slope_lines: tuple[list[SlopeLine], list[SlopeLine]] | None
    areas: dict[str, tuple[frozenset[Hex] | None, frozenset[Hex] | None]]

    @staticmethod
    def between(before: Board, after: Board) -> BoardDiff:
        hexes = {h: (before.hex_data(h), after.hex_data(h)) for h in before.hexes() if before.hex_data(h) != after.hex_data(h)}
        b_sides, a_sides = before.featured_hexsides(), after.featured_hexsides()
        sides = {s: (b_sides.get(s, frozenset()), a_sides.get(s, frozenset())) for s in set(b_sides) | set(a_sides)}
        sides = {s: v for s, v in sides.items() if v[0] != v[1]}
        paths = (list(before.paths), list(after.paths)) if before.paths != after.paths else None
        slopes = (list(before.slope_lines), list(after.slope_lines)) if before.slope_lines != after.slope_lines else None
        areas = {
            name: (before.areas.get(name), after.areas.get(name))
            for name in set(before.areas) | set(after.areas)
            if before.areas.get(name) != after.areas.get(name)
        }
        return BoardDiff(hexes, sides, paths, slopes, areas)

    def is_empty(self) -> bool:
        return not (self.hexes or self.hexsides or self.paths or self.slope_lines or self.areas)

    def apply(self, board: Board, side: int) -> None:
        """Write the ``before`` (side 0) or ``after`` (side 1) values onto ``board``."""
        if self.paths is not None:
            # Paths first: they set the path feature, which the hex values then overrule.
            board.set_paths(self.paths[side])
        board.set_hexes({h: v[side] for h, v in self.hexes.items()})
        board.set_hexsides({s: v[side] for s, v in self.hexsides.items()})
        if self.slope_lines is not None:
            board.set_slope_lines(self.slope_lines[side])
        for name, v in self.areas.items():
            board.set_area(name, v[side])


def edit_copy(board: Board, edit: Callable[[Board], object]) -> tuple[BoardDiff, object]:
    """Run ``edit(copy)`` on a copy of the board; the difference it made, and what it returned."""
    work = board.copy()
    result = edit(work)
    return BoardDiff.between(board, work), result


__all__ = ["BoardDiff", "Clip", "clear_region", "copy_region", "edit_copy", "move_region", "paste_clip"]
