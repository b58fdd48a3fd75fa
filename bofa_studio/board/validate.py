"""Map validation on geometry alone: what any map needs to load, draw and be played on.

A map meant for a ruleset (``meta.ruleset``) must also meet that ruleset's own
requirements (the 1984 game wants its Front Gate and five victory locations); those
live in the ruleset's package and are added by :func:`bofa_studio.rules.maps.validate_map`,
so this module never names a ruleset. Each :class:`MapProblem` names the hexes it
concerns, so the editor can centre the view on them and the command line can print
``FILE: location: message``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from bofa_studio.board.model import (
    MAX_LEVEL,
    Board,
    HexFeature,
    HexsideFeature,
    Terrain,
)
from bofa_studio.hexgrid import Hex, Hexside, is_straight_line


@dataclass(frozen=True, slots=True)
class MapProblem:
    location: str  # a hex label, a hexside "0101/0102", or a named thing ("area dale")
    message: str
    hexes: tuple[Hex, ...] = ()

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


MapCheck = Callable[[Board], list[MapProblem]]


def validate_board(board: Board) -> list[MapProblem]:
    """Geometry problems only; a ruleset's requirements are not asked here, whatever the map names."""
    problems: list[MapProblem] = []
    for check in (
        _check_levels,
        _check_rivers,
        _check_slope_lines,
        _check_areas,
        _check_victory_stars,
        _check_entry_triangles,
    ):
        problems.extend(check(board))
    return problems


def problem_at(board: Board, h: Hex, message: str) -> MapProblem:
    """A problem located at one hex, named by its label."""
    return MapProblem(board.label(h), message, (h,))


def _side(board: Board, side: Hexside, message: str) -> MapProblem:
    first, second = sorted((board.label(side.a), board.label(side.b)))
    return MapProblem(f"{first}/{second}", message, side.hexes)


def _check_levels(board: Board) -> list[MapProblem]:
    """Levels within the scale every map shares; which terrain lies how high is a ruleset's
    requirement (the 1984 game's mountains are levels 1-4, its plain level 0)."""
    return [problem_at(board, h, f"level {board.level(h)} is outside 0-{MAX_LEVEL}")
            for h in sorted(board.hexes()) if not 0 <= board.level(h) <= MAX_LEVEL]


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


def _check_victory_stars(board: Board) -> list[MapProblem]:
    """Each hex of a ``victory.*`` area shows its star, so a player sees it on the board."""
    return [
        problem_at(board, h, f"is in {name} but has no victory star")
        for name, hexes in board.victory_locations().items()
        for h in sorted(hexes)
        if not board.has_feature(h, HexFeature.VICTORY)
    ]


def _check_entry_triangles(board: Board) -> list[MapProblem]:
    return [
        problem_at(board, h, "an entry triangle must belong to an entry group (B-5)")
        for h in board.hexes_with(HexFeature.ENTRY_TRIANGLE)
        if board.entry_group(h) is None
    ]
