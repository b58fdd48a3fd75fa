"""A small board that passes every validation check, built the way an author would.

Shared by the board, command-line and UI tests (pytest puts tests/ on sys.path).
"""

from bofa_studio.board import Board, HexFeature, HexsideFeature, SlopeLine, Terrain
from bofa_studio.hexgrid import DIRECTIONS, GridSpec, Hex

N, NE, SE, S, SW, NW = DIRECTIONS


def river_south_from(board: Board, gate: Hex) -> list[tuple[Hex, Hex]]:
    """Hexside pairs of a river leaving the gate's south-east corner, straight down to the edge."""
    sides = []
    x = gate + S
    while x in board and x + NE in board:
        sides.append((x, x + NE))
        if x + SE in board:
            sides.append((x, x + SE))
        x = x + S
    return sides


def build_small_board() -> Board:
    board = Board(GridSpec(columns=12, rows=10))
    at = board.hex_at
    # Two short ridges with levels 1-3 either side of the gate.
    for label, level in {"0202": 2, "0302": 3, "0303": 1, "0402": 2, "0702": 2, "0802": 3, "0803": 1, "0902": 2}.items():
        board.set_terrain(at(label), Terrain.MOUNTAIN, level)
    gate = at("0602")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    for d in (N, NE, NW):
        board.set_terrain(gate + d, Terrain.CLIFF)
    for d in (N, NE, NW, S):
        board.set_hexside_features(gate, gate + d, [HexsideFeature.FRONT_GATE_WALL])
    for a, b in river_south_from(board, gate):
        board.set_hexside_features(a, b, [HexsideFeature.RIVER])
    # The summit: three hexes on a ring of slopes.
    top = at("0306")
    summit = [top, top + S, top + SE]
    for h in summit:
        for n in h.neighbors():
            if n not in summit:
                board.set_terrain(n, Terrain.SLOPE)
    for h in summit:
        board.set_terrain(h, Terrain.SUMMIT)
        board.set_feature(h, HexFeature.VICTORY, True)
    board.set_feature(top, HexFeature.BOULDER_PILE, True)
    board.set_slope_lines([SlopeLine((top, top + N, top + N + N))])
    dale = at("0907")
    board.set_terrain(dale, Terrain.DALE)
    for h in (dale, gate, at("0302"), at("0802")):
        board.set_feature(h, HexFeature.VICTORY, True)
    board.set_feature(dale, HexFeature.DALE_STAR, True)
    for h in (at("0302"), at("0802")):
        board.set_feature(h, HexFeature.GUARD_ROOM, True)
    board.set_area("victory.summit", summit)
    board.set_area("victory.front_gate", [gate])
    board.set_area("dale", [dale])
    for label in ("0110", "0210", "0109"):
        board.set_entry_group(at(label), "south_west")
    board.set_feature(at("0108"), HexFeature.ENTRY_CIRCLE, True)
    board.set_feature(at("0607"), HexFeature.PATH, True)
    return board

