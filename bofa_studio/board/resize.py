"""Resize a map at any edge: add or remove columns on the west and east, rows at the top and bottom.

Everything on the map moves with its hexes: terrain, levels and features (entry
groups and victory hexes among them), hexside features, paths, slope lines, areas,
off-board spaces and their links, and the background scan's calibration. Hexes are
renumbered from the new first column and row, so the map's own references stay
consistent; what falls off the map is dropped and listed (:func:`describe_resize`).

Adding columns on the west is a translation of the hex lattice by an axial offset.
A translation by an odd number of columns (rows, for pointy-topped hexes) lands
the old first column on a line the grid numbers as shifted, so the grid's
``shifted`` parity flips with it: the hexes keep their neighbours, only their numbers change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from bofa_studio.board.model import Board, HexData, HexFeature, PathLine, SlopeLine, clip_paths
from bofa_studio.hexgrid import GridSpec, Hex, Orientation, Shifted

MAX_LINES = 99  # the largest map the editor offers (its New map and Resize dialogs say the same)


@dataclass(frozen=True, slots=True)
class EdgeChange:
    """Columns or rows added (positive) or removed (negative) at each edge of the map."""

    west: int = 0
    east: int = 0
    top: int = 0
    bottom: int = 0

    def is_empty(self) -> bool:
        return not (self.west or self.east or self.top or self.bottom)

    def moves_hexes(self) -> bool:
        """True when hexes are renumbered (something changes on the west or at the top)."""
        return bool(self.west or self.top)

    def words(self) -> str:
        """ "1 column added on the west, 2 rows removed at the bottom" """
        parts = []
        for n, line, where in (
            (self.west, "column", "on the west"), (self.east, "column", "on the east"),
            (self.top, "row", "at the top"), (self.bottom, "row", "at the bottom"),
        ):
            if n:
                parts.append(f"{_count(abs(n), line, line + 's')} {'added' if n > 0 else 'removed'} {where}")
        return ", ".join(parts) or "no change"


def resized_grid(grid: GridSpec, edges: EdgeChange) -> tuple[GridSpec, Hex]:
    """The grid after ``edges``, and the axial offset every kept hex moves by.

    Raises ValueError, in words, for a map left with no column or row, or one beyond the largest.
    """
    columns = grid.columns + edges.west + edges.east
    rows = grid.rows + edges.top + edges.bottom
    if columns < 1 or rows < 1:
        raise ValueError(
            f"{edges.words()} leaves {columns} columns and {rows} rows: a map needs at least one of each"
        )
    if columns > MAX_LINES or rows > MAX_LINES:
        raise ValueError(f"{edges.words()} makes the map {columns} x {rows}; the largest is {MAX_LINES} x {MAX_LINES}")
    # The lines that alternate (columns of flat hexes, rows of pointy ones) flip parity when
    # an odd number is added or removed before them.
    staggered = edges.west if grid.orientation == Orientation.FLAT else edges.top
    shifted = grid.shifted
    if staggered % 2:
        shifted = Shifted.ODD if shifted == Shifted.EVEN else Shifted.EVEN
    new = replace(grid, columns=columns, rows=rows, shifted=shifted)
    # The old first hex (0, 0) lands at offset (west, top) of the new grid.
    return new, new.from_offset(edges.west, edges.top)


def _space_position(old: GridSpec, new: GridSpec, at: Hex, edges: EdgeChange) -> Hex:
    """Where an off-board space is drawn after the resize: it keeps its distance from the
    edge it lies beyond (so a grown map never runs over it), and moves with the hexes along it."""
    col, row = old.to_offset(at)
    if col >= old.columns:
        col += edges.west + edges.east
    elif col >= 0:
        col += edges.west
    if row >= old.rows:
        row += edges.top + edges.bottom
    elif row >= 0:
        row += edges.top
    return new.from_offset(col, row)


def resize_board(board: Board, edges: EdgeChange) -> Board:
    """A new board: ``board`` with columns and rows added or removed at its edges.

    ``board`` is not changed. Raises ValueError, in words, when the resize cannot be done.
    """
    grid, shift = resized_grid(board.grid, edges)
    moved = node_mapping(board, edges)
    new = Board(grid, board.meta)
    for old_h, new_h in moved.items():
        if new_h is not None and not board.is_space(old_h):
            new.graph.nodes[new_h].update(_attrs(board.hex_data(old_h)))
    for at, name in board.spaces.items():
        new.add_space(name, moved[at], board.hex_data(at))  # type: ignore[arg-type]
    for a, b, features in board.graph.edges(data="features"):
        na, nb = moved.get(a), moved.get(b)
        if na is None or nb is None:
            continue
        if board.is_space(a) or board.is_space(b):
            new.graph.add_edge(na, nb, features=features)
        elif features:
            new.graph.edges[na, nb]["features"] = features
    new.slope_lines = [
        SlopeLine(tuple(moved[h] for h in line.hexes))  # type: ignore[misc]
        for line in board.slope_lines
        if all(moved.get(h) is not None for h in line.hexes)
    ]
    new.areas = {name: frozenset(moved[h] for h in hexes if moved.get(h) is not None)  # type: ignore[misc]
                 for name, hexes in board.areas.items()}
    shifted_paths = [PathLine(tuple(moved.get(h) or _OFF_MAP for h in line.hexes)) for line in board.paths]
    new.paths = clip_paths(shifted_paths, new.graph)
    if board.background is not None:
        dx, dy = board.grid.center(shift)
        a, b, c, d, e, f = board.background.transform
        new.background = replace(board.background, transform=(a, b, c + dx, d, e, f + dy))
    return new


# A stand-in for a hex that fell off the map: ``clip_paths`` cuts a line there.
_OFF_MAP = Hex(10**6, 10**6)


def node_mapping(board: Board, edges: EdgeChange) -> dict[Hex, Hex | None]:
    """Each hex and space of ``board`` -> where it is after the resize (``None``: removed)."""
    grid, shift = resized_grid(board.grid, edges)
    result: dict[Hex, Hex | None] = {}
    for h in board.hexes():
        if board.is_space(h):
            continue
        to = h + shift
        result[h] = to if grid.contains(to) else None
    drawn_at: dict[Hex, str] = {}
    for at, name in sorted(board.spaces.items(), key=lambda item: item[1]):
        to = _space_position(board.grid, grid, at, edges)
        if to in drawn_at:
            raise ValueError(f"off-board spaces {drawn_at[to]} and {name} would both be drawn at "
                             f"{grid.label(to)}: move one of them first")
        drawn_at[to] = name
        result[at] = to
    return result


@dataclass(frozen=True)
class ResizeReport:
    """What a resize does, in words, for the author to confirm before it is done."""

    title: str  # "Resize map to 33 x 24 (1 column added on the west)"
    moves: list[str]  # what moves with its hexes (empty when nothing is renumbered)
    losses: list[str]  # what is removed with the hexes that fall off the map

    def needs_confirmation(self) -> bool:
        return bool(self.moves or self.losses)


def describe_resize(board: Board, edges: EdgeChange) -> ResizeReport:
    """What resizing ``board`` by ``edges`` moves and removes, in words."""
    grid, _ = resized_grid(board.grid, edges)
    moved = node_mapping(board, edges)
    title = f"Resize map to {grid.columns} x {grid.rows} ({edges.words()})"
    return ResizeReport(title, _moves(board, grid, moved, edges), _losses(board, moved))


def _moves(board: Board, grid: GridSpec, moved: dict[Hex, Hex | None], edges: EdgeChange) -> list[str]:
    if not edges.moves_hexes():
        return []
    kept = sorted((h for h, to in moved.items() if to is not None and not board.is_space(h)),
                  key=board.grid.to_offset)
    if not kept:
        return []
    first = kept[0]
    result = [
        f"every hex is renumbered: {board.label(first)} becomes {grid.label(moved[first])} "  # type: ignore[arg-type]
        "(scenarios that name hexes of this map need the same change)"
    ]
    on_kept = set(kept)
    edited = [h for h in kept if board.hex_data(h) != HexData()]
    if edited:
        result.append(f"the terrain, levels and features of {_count(len(edited), 'hex', 'hexes')}")
    sides = [s for s in board.featured_hexsides() if s.a in on_kept and s.b in on_kept]
    if sides:
        result.append(_count(len(sides), "hexside feature (river, wall, gate)", "hexside features (river, wall, gate)"))
    groups = sorted({g for h in kept if (g := board.entry_group(h)) is not None})
    if groups:
        result.append(f"entry groups {', '.join(groups)}" if len(groups) > 1 else f"entry group {groups[0]}")
    victory = [h for h in kept if board.has_feature(h, HexFeature.VICTORY)]
    if victory:
        result.append(_count(len(victory), "victory hex", "victory hexes"))
    paths = clip_paths(board.paths, on_kept)
    if paths:
        result.append(_count(len(paths), "path", "paths"))
    if board.slope_lines:
        kept_lines = [s for s in board.slope_lines if all(h in on_kept for h in s.hexes)]
        if kept_lines:
            result.append(_count(len(kept_lines), "slope line", "slope lines"))
    areas = sorted(name for name, hexes in board.areas.items() if hexes & on_kept)
    if areas:
        result.append(("area " if len(areas) == 1 else "areas ") + ", ".join(areas))
    if board.spaces:
        names = ", ".join(sorted(board.spaces.values()))
        result.append(f"off-board spaces {names} and their links")
    if board.background is not None:
        result.append("the background scan's calibration")
    return result


def _losses(board: Board, moved: dict[Hex, Hex | None]) -> list[str]:
    gone = [h for h, to in moved.items() if to is None]
    if not gone:
        return []
    lost: list[str] = []
    edited = [h for h in gone if board.hex_data(h) != HexData()]
    if edited:
        lost.append(f"{_count(len(edited), 'hex', 'hexes')} with terrain, levels or features "
                    f"({_some(board.label(h) for h in edited)})")
    removed = set(gone)
    sides = [s for s in board.featured_hexsides() if s.a in removed or s.b in removed]
    if sides:
        lost.append(_count(len(sides), "river or Front Gate wall hexside", "river or Front Gate wall hexsides"))
    lines = [s for s in board.slope_lines if any(h in removed for h in s.hexes)]
    if lines:
        lost.append(_count(len(lines), "slope line", "slope lines") + " (a line that leaves the map goes whole)")
    cut_paths = [p for p in board.paths if any(h in removed for h in p.hexes)]
    if cut_paths:
        lost.append(_count(len(cut_paths), "path is cut where it leaves", "paths are cut where they leave") + " the map")
    groups: dict[str, int] = {}
    for h in gone:
        group = board.entry_group(h)
        if group is not None:
            groups[group] = groups.get(group, 0) + 1
    for group, n in sorted(groups.items()):
        lost.append(f"{_count(n, 'entry triangle', 'entry triangles')} of group {group}")
    victory = [h for h in gone if board.has_feature(h, HexFeature.VICTORY)]
    if victory:
        lost.append(f"{_count(len(victory), 'victory hex', 'victory hexes')} ({_some(board.label(h) for h in victory)})")
    for name in sorted(board.areas):
        cut = board.areas[name] & removed
        if cut:
            verb = "is" if len(cut) == 1 else "are"
            emptied = ", leaving it empty" if cut == board.areas[name] else ""
            lost.append(f"{_count(len(cut), 'hex', 'hexes')} of area {name} {verb} removed{emptied}")
    for (a, b) in board.links():
        if a in removed or b in removed:
            space, other = (a, b) if board.is_space(a) else (b, a)
            lost.append(f"the link of {board.label(space)} to {board.label(other)}")
    return lost


def _some(labels: Iterable[str], most: int = 6) -> str:
    names = sorted(labels)
    return ", ".join(names[:most]) + (", ..." if len(names) > most else "")


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _attrs(data: HexData) -> dict[str, object]:
    return {"terrain": data.terrain, "level": data.level, "features": data.features, "entry_group": data.entry_group}


__all__ = ["EdgeChange", "ResizeReport", "describe_resize", "node_mapping", "resize_board", "resized_grid"]
