"""Authoring off-board spaces (Helm's Deep's road tunnel and culvert): new boards with a
space added beside the grid, or with a space linked to the hexes it is entered from.

Each function returns a changed copy, so an editor can swap boards as one undoable step;
a bad name, label or link is a ValueError that says which and what was expected.
"""

from __future__ import annotations

from collections.abc import Iterable

from bofa_studio.board.model import Board, HexData, HexsideFeature, Terrain
from bofa_studio.hexgrid import Hex

LINK_GATES = (HexsideFeature.LIGHT_GATE, HexsideFeature.BIG_GATE)


def free_spot(board: Board) -> Hex:
    """Where a new space is drawn: the first free place in the columns right of the grid,
    from the top, beside the spaces already there."""
    grid = board.grid
    for col in range(grid.columns + 1, grid.columns + 6):
        for row in range(grid.rows):
            h = grid.from_offset(col, row)
            if h not in board and not any(n in board.spaces for n in h.neighbors()):
                return h
    raise ValueError("no room left beside the map for another space")


def _targets(board: Board, labels: Iterable[str], name: str) -> list[Hex]:
    out = []
    for label in labels:
        label = label.strip()
        if not label:
            continue
        if label == name:
            raise ValueError(f"space {name} cannot be linked to itself")
        try:
            out.append(board.hex_at(label))
        except ValueError:
            raise ValueError(f"link to {label!r}: no hex or space has that label "
                             f"(expected a label such as {board.label(next(iter(board.hexes())))})") from None
    return out


def _gate(gate: str | HexsideFeature | None) -> tuple[HexsideFeature, ...]:
    if gate in (None, "", "none"):
        return ()
    feature = HexsideFeature(gate)
    if feature not in LINK_GATES:
        raise ValueError(f"a link's gate is {' or '.join(g.value for g in LINK_GATES)}, not {feature.value}")
    return (feature,)


def with_space(board: Board, name: str, terrain: Terrain | str, level: int, links: Iterable[str] = (),
               gate: str | HexsideFeature | None = None) -> Board:
    """A copy of ``board`` with the space ``name`` (its own terrain and level) drawn beside the
    grid and linked to ``links`` (hex or space labels); ``gate`` lies on its links to board hexes."""
    name = name.strip()
    if not name:
        raise ValueError("a space needs a name (Tunnel-1)")
    if not 0 <= level <= 4:
        raise ValueError(f"a space's level is 0 to 4, not {level}")
    copy = board.copy()
    at = copy.add_space(name, free_spot(copy), HexData(Terrain(terrain), level))
    features = _gate(gate)
    for h in _targets(copy, links, name):
        copy.link(at, h, () if copy.is_space(h) else features)
    return copy


def with_link(board: Board, space: str, to: str, gate: str | HexsideFeature | None = None) -> Board:
    """A copy of ``board`` with the space labelled ``space`` linked to ``to`` (a hex or space)."""
    try:
        at = board.hex_at(space)
    except ValueError:
        at = None
    if at is None or not board.is_space(at):
        names = ", ".join(sorted(board.spaces.values())) or "none yet"
        raise ValueError(f"{space!r} is not an off-board space of this map (spaces: {names})")
    copy = board.copy()
    targets = _targets(copy, [to], space)
    if not targets:
        raise ValueError("name the hex or space to link to")
    copy.link(at, targets[0], () if copy.is_space(targets[0]) else _gate(gate))
    return copy
