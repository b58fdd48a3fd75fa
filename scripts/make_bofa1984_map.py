"""Generate ``maps/bofa1984.json``, the reconstructed 1984 board of *The Battle of Five Armies*.

This script produced the shipped map. No scan, hex list or digital module of the
1984 board was used (none is available to us): every hex, level and feature is
placed to fit what the rulebook says about the board (B-2, B-5, B-6, B-7, B-11,
S-5 to S-8, S-11 and the Terrain Table) and the reconstruction notes in
``board-notes.md``. Later corrections can be made hex by hex in the map editor
(save over ``maps/bofa1984.json``), or by editing this script and re-running it:

    .venv/bin/python scripts/make_bofa1984_map.py            # writes maps/bofa1984.json
    .venv/bin/python scripts/make_bofa1984_map.py -o OUT.json

If you correct the map in the editor, the script no longer reproduces it; say so
in the commit message, or port the correction back here.

Layout (32 columns x 24 rows, flat-topped hexes, printed even columns half a hex
lower, 0101 top-left, north up):

* The Lonely Mountain: two ridges forming an inverted V. Each crest (level 4) is a
  polyline from the north centre to the west/east edge; levels fall 3, 2, 1 on
  both sides of it. Beyond level 1 the outer (corner) side stays mountain at
  level 1, the inner side becomes the valley plain.
* The Front Gate 1606 at the head of the valley, with cliffs 1605, 1506, 1706
  above it, red walls on its N, NW, NE and S hexsides, and its two approaches
  1507 (SW) and 1707 (SE) on the plain.
* The River Running along hexsides from the corner of 1606/1607/1707 down the
  valley, looping east around Dale and off the south edge.
* Guard rooms 1206 (north-western ridge) and 2006 (north-eastern ridge), level 2 on
  the valley side, each reached by a mountain path from the gate's approach hex.
* Ravenhill (the summit): 1012, 1112, 1113, ringed by mountain-slope hexes.
* Dale: the star hex 1716 and its 6 neighbours on the west bank, inside a bend
  where the river swings east around the town; the road from the south edge
  crosses at the destroyed bridge (1816) and runs north along the west bank to 1507.
* Entry triangles: rows 22-24 of columns 01-11 and 22-32 (south-west, south-east),
  the top row and the side edge down to row 12 on each side of the gate's column
  (north-west, north-east); the entry circle 0119 on the west edge.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bofa_studio.board import (  # noqa: E402
    Board,
    HexFeature,
    HexsideFeature,
    MapMeta,
    SlopeLine,
    Terrain,
    save_map,
)
from bofa_studio.hexgrid import FLAT_DIRECTION_NAMES, SQRT3, GridSpec, Hex, Orientation, Shifted  # noqa: E402
from bofa_studio.rules.maps import validate_map  # noqa: E402

DEFAULT_OUTPUT = ROOT / "maps" / "bofa1984.json"

GRID = GridSpec(orientation=Orientation.FLAT, columns=32, rows=24, shifted=Shifted.EVEN)

META = MapMeta(
    name="The Battle of Five Armies (1984), reconstructed",
    source="Reconstructed from the 1984 rulebook text (ICE, The Battle of Five Armies); see board-notes.md",
    provenance="reconstructed",
    notes=(
        "No scan of the printed board was used. Hexes, levels and features are placed "
        "to fit every rule that names the board (B-2, B-5, B-6, B-7, B-11, S-5 to S-8, "
        "S-11 and the Terrain Table): two ridges with levels 1-4, the Front Gate under "
        "its three cliffs, the River Running from the gate past Dale, the 3-hex summit, "
        "the two guard rooms, boulder piles, paths, entry triangles and the entry "
        "circle. Exact positions are a best fit, not a copy: owners of the game can "
        "correct the map hex by hex in the map editor."
    ),
    ruleset="bofa1984",
)

# -- the ridges ----------------------------------------------------------------
# Crest polylines in map units (grid.center coordinates: a column is 1.5 wide, a
# row SQRT3 high). They meet at the north centre above the Front Gate.
GATE = "1606"
SPACING = SQRT3  # centre-to-centre distance of neighbouring hexes
NW_CREST = [(22.5, 0.9), (14.0, 6.6), (-1.0, 19.5)]
NE_CREST = [(22.5, 0.9), (31.0, 6.6), (47.5, 19.5)]
CREST_HALF_WIDTH = 3  # levels 4 (crest), 3, 2, 1 on each side

# -- the valley ----------------------------------------------------------------
CLIFFS = ["1605", "1506", "1706"]  # N, NW, NE of the gate (B-6: "the 3 cliff hexes")
GATE_APPROACHES = ["1507", "1707"]  # SW, SE of the gate: the only ways in (B-6)
GATE_WALL_NEIGHBOURS = ["1605", "1506", "1706", "1607"]  # N, NW, NE, S: the red hexsides
FORCED_PLAIN = ["1507", "1607", "1707", "1508", "1608", "1708"]  # the valley head

SUMMIT = ["1012", "1112", "1113"]  # Ravenhill, 3 mutually adjacent hexes at level 1

DALE_STAR = "1716"
DALE = ["1716", "1715", "1717", "1615", "1616", "1815", "1816"]  # the star and its 6 neighbours
BRIDGE = "1816"  # Dale hex on the river, where the road from the south-east crosses

# The river, as the last column (printed) still on the west bank for each row
# (printed) from row 7 down. Every hexside between the west bank and the east bank
# is river. Starting at row 7 makes the source the corner of 1606/1607/1707.
# fmt: off
RIVER_WEST_BANK_LAST_COLUMN = {
    7: 16, 8: 16, 9: 16, 10: 16, 11: 17, 12: 17, 13: 17, 14: 18, 15: 18,
    16: 18, 17: 18, 18: 16, 19: 16, 20: 16, 21: 15, 22: 15, 23: 16, 24: 16,
}
# fmt: on

# Road: south edge -> east bank -> bridge into Dale -> star -> north to the gate.
ROAD = (
    "2024 2023 2022 2021 2020 1920 1919 1918 1917 1816 "  # east bank, to the bridge
    "1716 1715 1714 1613 1612 1611 1610 1510 1509 1508 1507"  # Dale, then the west bank
).split()
# A path up Ravenhill's slopes from the road to the summit.
SUMMIT_PATH = ["1612", "1512", "1412", "1312", "1212", "1112"]

GUARD_ROOM_WEST = "1206"  # level 2, inner face of the north-western ridge
GUARD_ROOM_EAST = "2006"  # level 2, inner face of the north-eastern ridge
# Mountain paths from each approach hex up the inner face to the guard room.
PATH_WEST = ["1507", "1406", "1306", "1206"]
PATH_EAST = ["1707", "1806", "1906", "2006"]

# Boulder piles: (pile, direction) with direction a compass name; the slope line
# runs 2 hexes from the pile that way, downhill.
BOULDER_PILES = [
    # north-western ridge, inner face: level 3 -> 2 -> 1 to the south-east
    ("0907", "SE"),
    ("0609", "SE"),
    ("0312", "SE"),
    # north-eastern ridge, inner face: level 3 -> 2 -> 1 to the south-west
    ("2307", "SW"),
    ("2609", "SW"),
    ("2911", "SW"),
    # the summit, downhill onto the slopes and the plain
    ("1012", "NW"),
    ("1113", "S"),
    ("1112", "NE"),
]

ENTRY_CIRCLE = "0119"  # Beorn, B-5 turn 8: "the entry circle on the south-western edge"
NW_EDGE_LAST_ROW = 12  # entry triangles run down the west/east edges to this row


def _dist_to_segment(p, a, b) -> tuple[float, float]:
    """(distance, signed cross product) of point p against segment a-b."""
    px, py = p
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    cx, cy = ax + t * dx, ay + t * dy
    cross = dx * (py - ay) - dy * (px - ax)
    return math.hypot(px - cx, py - cy), cross


def _ridge_distance(p, crest) -> tuple[float, bool]:
    """Distance from p to the crest polyline (in hexes), and whether p is on the valley side."""
    best = None
    for a, b in zip(crest, crest[1:], strict=False):
        d, cross = _dist_to_segment(p, a, b)
        if best is None or d < best[0]:
            best = (d, cross)
    d, cross = best
    # The NW crest runs west (leftwards), so the valley lies on its left in screen
    # terms (cross < 0); the NE crest runs east, so the valley lies on its right.
    west = crest[-1][0] < crest[0][0]
    inner = cross < 0 if west else cross > 0
    return d / SPACING, inner


def _ridge_level(h: Hex) -> int:
    """Mountain level 1-4 of a hex from the two crests, or 0 for the valley."""
    p = GRID.center(h)
    level = 0
    for crest in (NW_CREST, NE_CREST):
        d, inner = _ridge_distance(p, crest)
        steps = int(d + 0.5)
        if steps <= CREST_HALF_WIDTH:
            level = max(level, 4 - steps)
        elif not inner:
            level = max(level, 1)  # the outer flank down to the corner stays mountain
    return level


def build_board() -> Board:
    board = Board(GRID, META)
    at = board.hex_at
    col_of = {h: GRID.to_offset(h)[0] + 1 for h in board.hexes()}
    row_of = {h: GRID.to_offset(h)[1] + 1 for h in board.hexes()}

    # The Lonely Mountain.
    for h in board.hexes():
        level = _ridge_level(h)
        if level:
            board.set_terrain(h, Terrain.MOUNTAIN, level)

    # The valley head: the gate, its cliffs and its two plain approaches.
    gate = at(GATE)
    for label in FORCED_PLAIN:
        board.set_terrain(at(label), Terrain.PLAIN)
    board.set_terrain(gate, Terrain.FRONT_GATE)
    board.set_feature(gate, HexFeature.VICTORY, True)
    for label in CLIFFS:
        board.set_terrain(at(label), Terrain.CLIFF)
    for label in GATE_WALL_NEIGHBOURS:
        board.set_hexside_features(gate, at(label), [HexsideFeature.FRONT_GATE_WALL])

    # The River Running.
    def west_bank(h: Hex) -> bool | None:
        last = RIVER_WEST_BANK_LAST_COLUMN.get(row_of[h])
        return None if last is None else col_of[h] <= last

    for h in board.hexes():
        for n in board.neighbors(h):
            if h < n:
                wh, wn = west_bank(h), west_bank(n)
                if wh is not None and wn is not None and wh != wn:
                    board.set_hexside_features(h, n, [HexsideFeature.RIVER])

    # Ravenhill: the summit and its ring of mountain-slope hexes.
    summit = [at(label) for label in SUMMIT]
    slopes = set()
    for h in summit:
        board.set_terrain(h, Terrain.SUMMIT, 1)
        board.set_feature(h, HexFeature.VICTORY, True)
    for h in summit:
        for n in board.neighbors(h):
            if n not in summit:
                slopes.add(n)
    for h in slopes:
        board.set_terrain(h, Terrain.SLOPE)

    # Dale.
    dale = [at(label) for label in DALE]
    for h in dale:
        board.set_terrain(h, Terrain.DALE)
    star = at(DALE_STAR)
    board.set_feature(star, HexFeature.DALE_STAR, True)
    board.set_feature(star, HexFeature.VICTORY, True)
    board.set_feature(at(BRIDGE), HexFeature.DESTROYED_BRIDGE, True)

    # Guard rooms.
    guard_rooms = {"west": at(GUARD_ROOM_WEST), "east": at(GUARD_ROOM_EAST)}
    for h in guard_rooms.values():
        board.set_feature(h, HexFeature.GUARD_ROOM, True)
        board.set_feature(h, HexFeature.VICTORY, True)

    # Road and paths.
    for path in (ROAD, SUMMIT_PATH, PATH_WEST, PATH_EAST):
        hexes = [at(label) for label in path]
        for a, b in zip(hexes, hexes[1:], strict=False):
            if b not in board.neighbors(a):
                raise ValueError(
                    f"path {path[0]}-{path[-1]}: {board.label(a)} and {board.label(b)} are not adjacent"
                )
        for h in hexes:
            board.set_feature(h, HexFeature.PATH, True)

    # Boulder piles and their slope lines.
    names = FLAT_DIRECTION_NAMES
    lines = []
    for label, direction in BOULDER_PILES:
        pile = at(label)
        board.set_feature(pile, HexFeature.BOULDER_PILE, True)
        step = names.index(direction)
        first = pile.neighbor(step)
        lines.append(SlopeLine((pile, first, first.neighbor(step))))
    board.set_slope_lines(lines)

    # Entry triangles (B-2, B-5) and the entry circle.
    gate_col = col_of[gate]
    for h in board.hexes():
        c, r = col_of[h], row_of[h]
        if r >= GRID.rows - 2 and c <= 11:
            board.set_entry_group(h, "south_west")
        elif r >= GRID.rows - 2 and c >= GRID.columns - 10:
            board.set_entry_group(h, "south_east")
        elif (r == 1 and c < gate_col) or (c == 1 and r <= NW_EDGE_LAST_ROW):
            board.set_entry_group(h, "north_west")
        elif (r == 1 and c > gate_col) or (c == GRID.columns and r <= NW_EDGE_LAST_ROW):
            board.set_entry_group(h, "north_east")
    board.set_feature(at(ENTRY_CIRCLE), HexFeature.ENTRY_CIRCLE, True)

    # Areas.
    mountains = board.hexes_of(Terrain.MOUNTAIN)
    board.set_area("victory.guard_room_west", [guard_rooms["west"]])
    board.set_area("victory.guard_room_east", [guard_rooms["east"]])
    board.set_area("victory.front_gate", [gate])
    board.set_area("victory.summit", summit)
    board.set_area("victory.dale", [star])
    board.set_area("dale", dale)
    board.set_area("summit_slopes", slopes)
    board.set_area("setup.free_peoples.nw", [h for h in mountains if col_of[h] < gate_col])
    board.set_area("setup.free_peoples.ne", [h for h in mountains if col_of[h] > gate_col])
    board.set_area("setup.thorin", [gate])
    groups = board.entry_groups()
    board.set_area("setup.dark", groups["south_west"] + groups["south_east"])
    return board


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default=str(DEFAULT_OUTPUT), help="map file to write")
    args = parser.parse_args(argv)
    board = build_board()
    problems = validate_map(board)
    for problem in problems:
        print(f"{args.output}: {problem}", file=sys.stderr)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    save_map(board, args.output)
    print(f"wrote {args.output}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
