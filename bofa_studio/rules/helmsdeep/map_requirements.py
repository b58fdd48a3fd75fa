"""What a Helm's Deep board must hold for these rules to play on it (the map editor and
``bofa-studio validate`` ask :func:`map_problems`)."""

from __future__ import annotations

from bofa_studio.board import Board, HexFeature, HexsideFeature, MapProblem, Terrain
from bofa_studio.hexgrid import LabelScheme

REQUIRED_AREAS = ("entry.north", "setup.rohan", "hornburg")
# The hexside features a Helm's Deep map draws (the map editor's Hexsides tool cycles them).
HEXSIDE_FEATURES = (HexsideFeature.LIGHT_GATE, HexsideFeature.BIG_GATE)


def map_problems(board: Board) -> list[MapProblem]:
    problems: list[MapProblem] = []
    if board.grid.labels != LabelScheme.LETTER_NUMBER:
        problems.append(MapProblem("grid", "2.1: hexes are named by a letter and a number (F-11): "
                                           "set grid.labels to letter-number"))
    for name in REQUIRED_AREAS:
        if not board.areas.get(name):
            problems.append(MapProblem(f"area {name}", "is missing or empty (VII set-up and reinforcements)"))
    hornburg = board.hexes_of(Terrain.HORNBURG)
    if len(hornburg) != 2:
        problems.append(MapProblem("map", f"IV: the Hornburg is two hexes (F-11, F-12), the map has {len(hornburg)}"))
    gates = {kind: [(a, b) for (a, b), fs in _all_sides(board).items() if kind in fs]
             for kind in (HexsideFeature.LIGHT_GATE, HexsideFeature.BIG_GATE)}
    if len(gates[HexsideFeature.LIGHT_GATE]) != 4:
        problems.append(MapProblem("map", "VI: the outer courtyard has four light gates, the map has "
                                          f"{len(gates[HexsideFeature.LIGHT_GATE])}"))
    for kind, space_terrain, label in ((HexsideFeature.BIG_GATE, Terrain.TUNNEL, "road tunnel"),
                                       (None, Terrain.CULVERT, "culvert")):
        spaces = [h for h in board.spaces if board.terrain(h) == space_terrain]
        if len(spaces) != 2:
            problems.append(MapProblem("spaces", f"IV: the {label} is two off-board spaces, the map has {len(spaces)}"))
            continue
        mouths = [n for s in spaces for n in board.neighbors(s) if not board.is_space(n)]
        if len(mouths) != 2:
            problems.append(MapProblem("spaces", f"IV: the {label} is entered from exactly two board hexes, "
                                                 f"not {len(mouths)}", tuple(spaces)))
        if kind is not None and len([p for p in gates[kind] if set(p) & set(spaces)]) != len(mouths):
            problems.append(MapProblem("spaces", f"IV: each way into the {label} is a big gate", tuple(spaces)))
        if any(board.level(s) == board.level(o) for s in spaces for o in board.spaces
               if board.terrain(o) != space_terrain):
            problems.append(MapProblem("spaces", "IV: the tunnel and the culvert are separate levels", tuple(spaces)))
    exits = board.hexes_with(HexFeature.EXIT)
    if len(exits) != 1:
        problems.append(MapProblem("map", f"8.2: one exit hex (E-17), the map has {len(exits)}"))
    for h in board.hexes_of(Terrain.WALL) + hornburg:
        if not any(board.level(n) < board.level(h) for n in board.neighbors(h)):
            problems.append(MapProblem(board.label(h), "IV: a castle wall hex stands higher than the ground beside it",
                                       (h,)))
    return problems


def _all_sides(board: Board) -> dict:
    sides = {(s.a, s.b): fs for s, fs in board.featured_hexsides().items()}
    sides.update(board.links())
    return sides
