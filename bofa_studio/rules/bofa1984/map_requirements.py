"""What a map must hold to play The Battle of Five Armies (1984), beyond sound geometry.

A map meant for this ruleset (its file names ``"ruleset": "bofa1984"``, or a
bofa1984 scenario plays on it) gets these checks on top of
:func:`bofa_studio.board.validate.validate_board`; a map meant for no ruleset is
never told about the Front Gate or the five victory locations.
"""

from __future__ import annotations

from bofa_studio.board.model import MAX_LEVEL, VICTORY_AREA_PREFIX, Board, HexsideFeature, Terrain
from bofa_studio.board.validate import MapProblem, problem_at

EXPECTED_VICTORY_LOCATIONS = 5  # B-11: two guard rooms, Front Gate, summit, Dale
ENTRY_ROWS_FROM_EDGE = 3  # B-2: "the 3 rows of entry triangles"

# The levels each terrain may stand at (lowest, highest). B-6: "The lowest level is the
# plain. Dale and the River Running are on this plain. The Front Gate is on the same
# level as the plain." and "The Lonely Mountain itself is represented by several hatched
# levels numbered 1-4." S-6: "the mountain slopes count as lying at the same height as
# the plain. The mountain summit is one level higher than the mountain slopes."
# The map editor's "Set level by terrain" reads it (through rules.maps), as _check_levels does.
LEVELS_BY_TERRAIN: dict[Terrain, tuple[int, int]] = {
    **{terrain: (0, 0) for terrain in Terrain},
    Terrain.MOUNTAIN: (1, MAX_LEVEL),
    Terrain.SUMMIT: (1, MAX_LEVEL),
}


def check_map(board: Board) -> list[MapProblem]:
    """Every 1984 requirement the board misses, in a stable order."""
    problems: list[MapProblem] = []
    for check in (_check_levels, _check_front_gate, _check_victory_count, _check_summit, _check_entry_groups):
        problems.extend(check(board))
    return problems


def _check_levels(board: Board) -> list[MapProblem]:
    """The 1984 board's levels: mountains 1-4, a summit above the plain, all else level 0."""
    problems = []
    for h in sorted(board.hexes()):
        terrain, level = board.terrain(h), board.level(h)
        low, high = LEVELS_BY_TERRAIN[terrain]
        if low <= level <= high:
            continue
        if terrain == Terrain.MOUNTAIN:
            problems.append(problem_at(board, h, f"a mountain hex must be at level 1-{MAX_LEVEL}, not {level}"))
        elif terrain == Terrain.SUMMIT:
            problems.append(problem_at(board, h, "a summit hex must be above the plain (level 1 or more)"))
        else:
            name = str(terrain).replace("_", " ")
            problems.append(problem_at(board, h, f"a {name} hex lies at plain height (level 0), not level {level}"))
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
                problem_at(
                    board,
                    gate,
                    "the Front Gate must be reachable from exactly two plain hexes (B-6); "
                    f"it is open to: {labels}",
                )
            )
    return problems


def _check_victory_count(board: Board) -> list[MapProblem]:
    locations = board.victory_locations()
    if len(locations) == EXPECTED_VICTORY_LOCATIONS:
        return []
    names = ", ".join(n.removeprefix(VICTORY_AREA_PREFIX) for n in locations) or "none"
    return [
        MapProblem(
            "map",
            f"expected {EXPECTED_VICTORY_LOCATIONS} victory locations (B-11), found {len(locations)}: {names}",
        )
    ]


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
    for group, hexes in board.entry_groups().items():
        if not any(board.is_on_edge(h) for h in hexes):
            problems.append(MapProblem(f"entry group {group}", "does not touch a board edge (B-5)", tuple(hexes)))
        for h in hexes:
            if board.grid.edge_distance(h) >= ENTRY_ROWS_FROM_EDGE:
                problems.append(
                    problem_at(board, h, f"entry group {group}: more than {ENTRY_ROWS_FROM_EDGE} rows from the board edge")
                )
    return problems
