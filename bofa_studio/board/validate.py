"""Map validation: everything a BoFA board needs to be playable, as a list of problems.

Each :class:`MapProblem` names the hexes it concerns, so the editor can centre
the view on them and the command line can print ``FILE: location: message``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise

from bofa_studio.board.model import (
    MAX_LEVEL,
    VICTORY_AREA_PREFIX,
    Board,
    HexFeature,
    HexsideFeature,
    Terrain,
)
from bofa_studio.hexgrid import Hex, Hexside, is_straight_line

EXPECTED_VICTORY_LOCATIONS = 5  # B-11: two guard rooms, Front Gate, summit, Dale
ENTRY_ROWS_FROM_EDGE = 3  # B-2: "the 3 rows of entry triangles"


@dataclass(frozen=True, slots=True)
class MapProblem:
    location: str  # a hex label, a hexside "0101/0102", or a named thing ("area dale")
    message: str
    hexes: tuple[Hex, ...] = ()

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


def validate_board(board: Board) -> list[MapProblem]:
    problems: list[MapProblem] = []
    for check in (
        _check_levels,
        _check_front_gate,
        _check_rivers,
        _check_slope_lines,
        _check_areas,
        _check_victory,
        _check_summit,
        _check_entry_groups,
    ):
        problems.extend(check(board))
    return problems


def _at(board: Board, h: Hex, message: str) -> MapProblem:
    return MapProblem(board.label(h), message, (h,))


def _side(board: Board, side: Hexside, message: str) -> MapProblem:
    first, second = sorted((board.label(side.a), board.label(side.b)))
    return MapProblem(f"{first}/{second}", message, side.hexes)


def _check_levels(board: Board) -> list[MapProblem]:
    problems = []
    for h in sorted(board.hexes()):
        terrain, level = board.terrain(h), board.level(h)
        if terrain == Terrain.MOUNTAIN and not 1 <= level <= MAX_LEVEL:
            problems.append(_at(board, h, f"a mountain hex must be at level 1-{MAX_LEVEL}, not {level}"))
        elif terrain == Terrain.SUMMIT and level < 1:
            problems.append(_at(board, h, "a summit hex must be above the plain (level 1 or more)"))
        elif terrain not in (Terrain.MOUNTAIN, Terrain.SUMMIT) and level != 0:
            name = str(terrain).replace("_", " ")
            problems.append(_at(board, h, f"a {name} hex lies at plain height (level 0), not level {level}"))
    return problems


def _check_front_gate(board: Board) -> list[MapProblem]:
    gates = board.hexes_of(Terrain.FRONT_GATE)
    if not gates:
        return [MapProblem("map", "there is no Front Gate hex (B-6)")]
    problems = []
    for gate in gates:
        open_sides = [
            n
            for n in board.neighbors(gate)
            if HexsideFeature.FRONT_GATE_WALL not in board.hexside_features(gate, n)
            and board.terrain(n) != Terrain.CLIFF
        ]
        plain = [n for n in open_sides if board.terrain(n) == Terrain.PLAIN]
        if len(open_sides) != 2 or len(plain) != 2:
            labels = ", ".join(board.label(n) for n in sorted(open_sides)) or "none"
            problems.append(
                _at(
                    board,
                    gate,
                    "the Front Gate must be reachable from exactly two plain hexes (B-6); "
                    f"it is open to: {labels}",
                )
            )
    return problems


def _vertices(side: Hexside) -> list[frozenset[Hex]]:
    """The two corners of a hexside, each named by the three hexes that meet there."""
    a, b = side.hexes
    common = set(a.neighbors()) & set(b.neighbors())
    return [frozenset({a, b, c}) for c in sorted(common)]


def _check_rivers(board: Board) -> list[MapProblem]:
    rivers = [s for s, fs in board.featured_hexsides().items() if HexsideFeature.RIVER in fs]
    at_vertex: dict[frozenset[Hex], list[Hexside]] = defaultdict(list)
    for side in rivers:
        for v in _vertices(side):
            at_vertex[v].append(side)
    gates = set(board.hexes_of(Terrain.FRONT_GATE))
    problems = []
    for vertex, sides in sorted(at_vertex.items(), key=lambda kv: sorted(kv[0])):
        if len(sides) == 3:
            problems.append(
                _side(board, sides[0], "the river branches here: river hexsides must form lines, not forks")
            )
        if len(sides) != 1:
            continue
        # A river may end only where it leaves the map or at its source, the Front Gate.
        off_map = any(h not in board for h in vertex)
        if off_map or vertex & gates:
            continue
        problems.append(
            _side(board, sides[0], "the river stops here: river hexsides must form continuous lines")
        )
    # A lone river hexside stops at both its ends: one problem, listed once.
    return list(dict.fromkeys(problems))


def _check_slope_lines(board: Board) -> list[MapProblem]:
    problems = []
    for i, line in enumerate(board.slope_lines, start=1):
        hexes = list(line.hexes)
        where = f"slope line {i} (from {board.label(line.pile)})"
        if not board.has_feature(line.pile, HexFeature.BOULDER_PILE):
            problems.append(MapProblem(where, "a slope line must start at a boulder pile (S-7)", (line.pile,)))
        if len(hexes) < 2 or not is_straight_line(hexes):
            problems.append(MapProblem(where, "a slope line must be a straight line of adjacent hexes", tuple(hexes)))
        levels = [board.level(h) for h in hexes]
        if any(b > a for a, b in pairwise(levels)) or levels[-1] >= levels[0]:
            shown = " ".join(f"{board.label(h)}:{lv}" for h, lv in zip(hexes, levels, strict=True))
            problems.append(MapProblem(where, f"a slope line must run downhill; levels are {shown}", tuple(hexes)))
    return problems


def _check_areas(board: Board) -> list[MapProblem]:
    problems = []
    for name, hexes in sorted(board.areas.items()):
        missing = sorted(h for h in hexes if h not in board)
        if missing:
            problems.append(MapProblem(f"area {name}", "names hexes that are not on the map", tuple(missing)))
        if not hexes:
            problems.append(MapProblem(f"area {name}", "is empty"))
    return problems


def _check_victory(board: Board) -> list[MapProblem]:
    problems = []
    locations = board.victory_locations()
    if len(locations) != EXPECTED_VICTORY_LOCATIONS:
        names = ", ".join(n.removeprefix(VICTORY_AREA_PREFIX) for n in locations) or "none"
        problems.append(
            MapProblem(
                "map",
                f"expected {EXPECTED_VICTORY_LOCATIONS} victory locations (B-11), found "
                f"{len(locations)}: {names}",
            )
        )
    for name, hexes in locations.items():
        for h in sorted(hexes):
            if not board.has_feature(h, HexFeature.VICTORY):
                problems.append(_at(board, h, f"is in {name} but has no victory star"))
    return problems


def _check_summit(board: Board) -> list[MapProblem]:
    problems = []
    for h in board.hexes_of(Terrain.SUMMIT):
        for n in sorted(board.neighbors(h)):
            if board.terrain(n) == Terrain.SLOPE and board.level(n) >= board.level(h):
                problems.append(
                    MapProblem(
                        board.label(h),
                        f"the summit must be higher than the slope hex {board.label(n)} around it (S-6)",
                        (h, n),
                    )
                )
    return problems


def _check_entry_groups(board: Board) -> list[MapProblem]:
    problems = []
    for h in board.hexes_with(HexFeature.ENTRY_TRIANGLE):
        if board.entry_group(h) is None:
            problems.append(_at(board, h, "an entry triangle must belong to an entry group (B-5)"))
    for group, hexes in board.entry_groups().items():
        if not any(board.is_on_edge(h) for h in hexes):
            problems.append(MapProblem(f"entry group {group}", "does not touch a board edge (B-5)", tuple(hexes)))
        for h in hexes:
            if board.grid.edge_distance(h) >= ENTRY_ROWS_FROM_EDGE:
                problems.append(
                    _at(board, h, f"entry group {group}: more than {ENTRY_ROWS_FROM_EDGE} rows from the board edge")
                )
    return problems
