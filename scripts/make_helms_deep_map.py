"""Generate ``maps/helms-deep.json``, the reconstructed board of *The Battle of Helm's Deep*.

No picture of the printed A3 board survives in the (translated) rulebook, so every
hex is placed to fit what the text says (2.1, IV "Movement through castle walls",
"The road tunnel", "The passage of the Klammbach", V 5.1's terrain modifiers, VII's
set-up, 8.2's exit at E-17). docs/helms-deep-map.md lists each choice and whether the
text prints it or we inferred it. Correct the map hex by hex in the map editor, or
here and re-run:

    .venv/bin/python scripts/make_helms_deep_map.py            # writes maps/helms-deep.json
    .venv/bin/python scripts/make_helms_deep_map.py -o OUT.json

Layout: 11 columns A..K x 17 rows, flat-topped hexes in columns, the printed odd
columns (A, C, E, ...) half a hex lower, so that F-11's north-west face is E-10 (the
road tunnel is entered from F-10 or E-10) and its north-east face G-10 (the culvert).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bofa_studio.board import Board, HexData, HexFeature, HexsideFeature, MapMeta, Terrain, save_map  # noqa: E402
from bofa_studio.hexgrid import GridSpec, Hex, LabelScheme, Orientation, Shifted  # noqa: E402

DEFAULT_OUTPUT = ROOT / "maps" / "helms-deep.json"

GRID = GridSpec(Orientation.FLAT, columns=11, rows=17, shifted=Shifted.ODD, labels=LabelScheme.LETTER_NUMBER)

META = MapMeta(
    name="The Battle of Helm's Deep, reconstructed",
    source="Reconstructed from the translated rulebook text of The Battle of Helm's Deep; see docs/helms-deep-map.md",
    provenance="reconstructed",
    notes=(
        "No picture of the printed board was used. Printed: the hex names, the outer wall "
        "A-6..E-4 and H-5..K-6 with its passage F-5/G-5, the main wall B-13..E-11 and "
        "G-11..I-12 with the Hornburg F-11/F-12, the tunnel entered from F-10 or E-10, the "
        "culvert entered from G-10 or F-13, hex F-4, the exit E-17 and the cliffs closing "
        "all but the north and the southernmost hex. The wall hexes in between, the moat, "
        "the Klammbach's course, the road, the cliffs' line and the gates' hexsides are a "
        "best fit: owners of the game can correct them in the map editor."
    ),
    ruleset="helmsdeep",
)

# Open (non-cliff) columns per row, as 0-based column ranges: the gorge narrows south.
OPEN_COLUMNS = {row: range(0, 11) for row in range(1, 9)} | {
    9: range(0, 10), 10: range(0, 10), 11: range(0, 10), 12: range(0, 9),
    13: range(1, 9), 14: range(2, 8), 15: range(2, 7), 16: range(3, 6), 17: range(4, 5),
}
OUTER_WALL = ["A-6", "B-6", "C-5", "D-5", "E-4", "H-5", "I-5", "J-6", "K-6"]
PASSAGE = ["F-5", "G-5"]
MOAT = ["A-5", "B-5", "C-4", "D-4", "E-3", "H-4", "I-4", "J-5", "K-5"]
MAIN_WALL = ["B-13", "C-12", "D-12", "E-11", "G-11", "H-12", "I-12"]
HORNBURG = ["F-11", "F-12"]
STREAM = ["G-1", "G-2", "G-3", "G-4", "G-5", "G-6", "G-7", "G-8", "G-9", "G-10",
          "F-13", "F-14", "F-15", "F-16", "E-16", "E-17"]
ROAD = ["F-1", "F-2", "F-3", "F-4", "F-5", "F-6", "F-7", "F-8", "F-9", "F-10",
        "F-13", "F-14", "E-14", "E-15", "E-16", "E-17"]
RAMP = "F-4"
EXIT = "E-17"
# The outer courtyard's four light gates: its three faces to the Deep and the tower's door.
LIGHT_GATES = [("F-12", "E-12"), ("F-12", "F-13"), ("F-12", "G-12"), ("F-11", "F-12")]
THEODEN_HEX = "F-11"

# Off-board spaces, drawn two columns east of the board: (name, where, terrain, level, road?).
SPACES = [
    ("Tunnel-1", "M-10", Terrain.TUNNEL, 1, True),
    ("Tunnel-2", "M-11", Terrain.TUNNEL, 1, True),
    ("Culvert-1", "M-13", Terrain.CULVERT, 0, False),
    ("Culvert-2", "M-14", Terrain.CULVERT, 0, False),
]
# IV: "can only be entered via the hex F-10 or E-10, through the big gates"; "only be
# entered via hex G-10 or F-13". Each tunnel hex has one big gate, at one end each.
LINKS = [
    ("Tunnel-1", "F-10", [HexsideFeature.BIG_GATE]),
    ("Tunnel-2", "E-10", [HexsideFeature.BIG_GATE]),
    ("Tunnel-1", "Tunnel-2", []),
    ("Culvert-1", "G-10", []),
    ("Culvert-1", "Culvert-2", []),
    ("Culvert-2", "F-13", []),
]


def build_board() -> Board:
    board = Board(GRID, META)
    at = board.hex_at
    north = _north_of_outer_wall()
    for h in list(board.hexes()):
        col, row = GRID.to_offset(h)
        if col not in OPEN_COLUMNS[row + 1]:
            board.set_hex(h, HexData(Terrain.CLIFF, 0))
        else:
            board.set_hex(h, HexData(Terrain.PLAIN, 0 if h in north else 1))
    for label in MOAT:
        board.set_hex(at(label), HexData(Terrain.MOAT, 0))
    for label in OUTER_WALL:
        board.set_hex(at(label), HexData(Terrain.WALL, 1))
    for label in MAIN_WALL:
        board.set_hex(at(label), HexData(Terrain.WALL, 2))
    for label in HORNBURG:
        board.set_hex(at(label), HexData(Terrain.HORNBURG, 2))
    for label in STREAM:
        h = at(label)
        board.set_terrain(h, Terrain.STREAM, board.level(h))
    board.set_terrain(at(RAMP), Terrain.RAMP, 0)
    for label in ROAD:
        board.set_feature(at(label), HexFeature.ROAD, True)
    board.set_feature(at(EXIT), HexFeature.EXIT, True)
    for a, b in LIGHT_GATES:
        board.set_hexside_features(at(a), at(b), [HexsideFeature.LIGHT_GATE])
    for name, where, terrain, level, road in SPACES:
        features = frozenset({HexFeature.ROAD}) if road else frozenset()
        board.add_space(name, GRID.parse_label(where), HexData(terrain, level, features))
    for a, b, features in LINKS:
        board.link(at(a), at(b), features)
    _add_areas(board)
    return board


def _north_of_outer_wall() -> set[Hex]:
    """The lower ground: what row 1 reaches without crossing the outer wall or its passage."""
    barrier = {GRID.parse_label(label) for label in OUTER_WALL + PASSAGE}
    start = [GRID.from_offset(col, 0) for col in range(GRID.columns)]
    seen, todo = set(start), list(start)
    while todo:
        h = todo.pop()
        for n in h.neighbors():
            if n not in seen and n not in barrier and GRID.contains(n) and GRID.to_offset(n)[1] < 8:
                seen.add(n)
                todo.append(n)
    return seen


def _add_areas(board: Board) -> None:
    at = board.hex_at
    walls = set(board.hexes_of(Terrain.WALL))
    line = {at(label) for label in MAIN_WALL + HORNBURG}
    playable = [h for h in board.hexes() if board.terrain(h) != Terrain.CLIFF and not board.is_space(h)]
    # VII: "south of the hex line from B-13 through F-11 to I-12": what E-17 reaches without crossing it.
    south, todo = {at(EXIT)}, [at(EXIT)]
    while todo:
        h = todo.pop()
        for n in board.neighbors(h):
            if n not in south and n not in line and n in playable:
                south.add(n)
                todo.append(n)
    board.set_area("entry.north", [h for h in playable if GRID.to_offset(h)[1] == 0])
    board.set_area("hornburg", [at(label) for label in HORNBURG] + list(board.spaces))
    board.set_area("setup.rohan", walls | line | south)
    board.set_area("setup.theoden", [at(THEODEN_HEX)])
    board.set_area("setup.passage", [at(label) for label in PASSAGE])
    board.set_area("setup.passage_archer", [at("F-6")])
    board.set_area("exit", [at(EXIT)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    board = build_board()
    from bofa_studio.rules.helmsdeep.map_requirements import map_problems

    problems = map_problems(board)
    for p in problems:
        print(f"problem: {p}", file=sys.stderr)
    save_map(board, args.output)
    print(f"wrote {args.output}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
