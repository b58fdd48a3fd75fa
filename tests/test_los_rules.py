"""Line of sight (S-8) rules on small hand-built boards.

Each test quotes the rule it checks. Boards are plain except for what a test sets,
so any blocking comes from the one feature under test. Hexes are named by axial
offsets from a centre hex ``C`` so the same test reads the same on any layout.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from bofa_studio.board.model import Board, HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import DIRECTIONS, GridSpec, Hex, Hexside, Orientation
from bofa_studio.los import _INDEXES, line_of_sight, visible_from

C = Hex(8, 8)


def at(dq: int, dr: int) -> Hex:
    return Hex(C.q + dq, C.r + dr)


@pytest.fixture(params=[Orientation.FLAT, Orientation.POINTY])
def board(request: pytest.FixtureRequest) -> Board:
    b = Board(GridSpec(request.param, 24, 24))
    assert all(at(dq, dr) in b for dq in range(-6, 7) for dr in range(-6, 7) if abs(dq + dr) <= 6)
    return b


# -- S-8: what blocks ----------------------------------------------------------


def test_counter_in_between_blocks(board: Board) -> None:
    'S-8: "Any counter, whether enemy or friendly" in a hex the line passes through blocks.'
    result = line_of_sight(board, C, at(3, 0), {at(2, 0)})
    assert not result.clear
    assert result.blocked_by == at(2, 0)
    assert result.crossed == (at(1, 0), at(2, 0))


def test_first_counter_from_the_archer_is_reported(board: Board) -> None:
    'S-8: "If this line passes through a hex containing ..." any counter: name the first one.'
    assert line_of_sight(board, C, at(4, 0), {at(3, 0), at(1, 0)}).blocked_by == at(1, 0)
    assert line_of_sight(board, at(4, 0), C, {at(3, 0), at(1, 0)}).blocked_by == at(3, 0)


def test_counters_in_the_end_hexes_do_not_block(board: Board) -> None:
    "S-8: the line is blocked by a hex \"the line passes through\", not the archer's or target's own."
    assert line_of_sight(board, C, at(3, 0), {C, at(3, 0)}).clear


def test_dale_blocks(board: Board) -> None:
    'S-8: "The town of Dale" blocks the line of sight.'
    board.set_terrain(at(0, 2), Terrain.DALE)
    result = line_of_sight(board, C, at(0, 4))
    assert not result.clear and result.blocked_by == at(0, 2)


def test_dale_end_hexes_do_not_block(board: Board) -> None:
    'S-8: one may shoot into or out of Dale; only Dale "the line passes through" blocks.'
    board.set_terrain(C, Terrain.DALE)
    board.set_terrain(at(0, 4), Terrain.DALE)
    assert line_of_sight(board, C, at(0, 4)).clear


def test_ridge_higher_than_both_ends_blocks(board: Board) -> None:
    'S-8: "Any terrain level that is higher than both the target hex and the archer\'s hex."'
    board.set_terrain(at(2, -1), Terrain.MOUNTAIN, 2)
    board.set_level(C, 1)
    result = line_of_sight(board, C, at(4, -2))
    assert not result.clear and result.blocked_by == at(2, -1)


def test_hex_higher_than_only_one_end_does_not_block(board: Board) -> None:
    'S-8: a level must be higher than "both the target hex and the archer\'s hex" to block.'
    board.set_terrain(at(2, -1), Terrain.MOUNTAIN, 2)
    board.set_terrain(at(4, -2), Terrain.MOUNTAIN, 2)
    assert line_of_sight(board, C, at(4, -2)).clear
    board.set_level(at(4, -2), 3)
    assert line_of_sight(board, at(4, -2), C).clear


def test_equal_level_does_not_block(board: Board) -> None:
    'S-8: a level equal to the higher end is not "higher than both".'
    for h in (C, at(1, 0), at(2, 0)):
        board.set_terrain(h, Terrain.MOUNTAIN, 3)
    assert line_of_sight(board, C, at(2, 0)).clear


def test_along_a_valley_is_clear(board: Board) -> None:
    'S-8: ridges beside the line block only where "the line passes through" them.'
    # A straight valley three hexes long, walled by level-3 ridges on both sides.
    for k in range(0, 5):
        board.set_terrain(at(k, -1), Terrain.MOUNTAIN, 3)
        board.set_terrain(at(k - 1, 1), Terrain.MOUNTAIN, 3)
    result = line_of_sight(board, C, at(4, 0))
    assert result.clear and result.crossed == (at(1, 0), at(2, 0), at(3, 0))
    # Across the ridge instead: blocked.
    assert line_of_sight(board, C, at(2, -2)).blocked_by == at(1, -1)


def test_counter_in_a_guard_room_blocks(board: Board) -> None:
    'S-8: "Any counter, whether enemy or friendly" blocks, also inside a guard room.'
    board.set_terrain(at(1, 0), Terrain.MOUNTAIN, 3)
    board.set_feature(at(1, 0), HexFeature.GUARD_ROOM, True)
    assert line_of_sight(board, C, at(2, 0), {at(1, 0)}).blocked_by == at(1, 0)


@pytest.mark.parametrize(
    "terrain, level, feature",
    [
        (Terrain.MOUNTAIN, 4, HexFeature.GUARD_ROOM),
        (Terrain.CLIFF, 4, None),
        (Terrain.FRONT_GATE, 4, None),
    ],
    ids=["guard_room", "cliff", "front_gate"],
)
def test_guard_room_cliff_and_front_gate_never_block_by_terrain(
    board: Board, terrain: Terrain, level: int, feature: HexFeature | None
) -> None:
    'S-8: "the guard rooms, cliff hexes and the Front Gate do not count as blocking obstacles."'
    board.set_terrain(at(1, 0), terrain, level)
    if feature is not None:
        board.set_feature(at(1, 0), feature, True)
    assert line_of_sight(board, C, at(2, 0)).clear


def test_range_counts_the_target_hex_not_the_shooter(board: Board) -> None:
    "B-8: \"Range is ... the number of hexes ... including the target's hex but excluding the shooter's hex.\""
    assert line_of_sight(board, C, at(1, 0)).range == 1
    assert line_of_sight(board, C, at(3, -1)).range == 3
    assert line_of_sight(board, C, at(-2, -3)).range == 5
    assert line_of_sight(board, C, C).range == 0


def test_adjacent_hexes_see_each_other_through_anything(board: Board) -> None:
    'S-8: only hexes "the line passes through" block; adjacent hexes have none between them.'
    for d in DIRECTIONS:
        board.set_terrain(C + d, Terrain.MOUNTAIN, 4)
    blocked = set(C.neighbors())
    for d in DIRECTIONS:
        result = line_of_sight(board, C, C + d, blocked)
        assert result.clear and result.crossed == ()


# -- S-8: the Front Gate -----------------------------------------------------------

# Flat directions: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. The gate opens SE and SW.
OPEN_SIDES = (2, 4)


def gate_board(orientation: Orientation) -> tuple[Board, Hex]:
    board = Board(GridSpec(orientation, 24, 24))
    board.set_terrain(C, Terrain.FRONT_GATE)
    for k, d in enumerate(DIRECTIONS):
        if k not in OPEN_SIDES:
            board.set_hexside_features(C, C + d, [HexsideFeature.FRONT_GATE_WALL])
    return board, C


@pytest.fixture(params=[Orientation.FLAT, Orientation.POINTY])
def gate(request: pytest.FixtureRequest) -> tuple[Board, Hex]:
    return gate_board(request.param)


def test_fire_out_of_the_gate_through_an_open_side(gate: tuple[Board, Hex]) -> None:
    'S-8: "Archery fire can only penetrate through the two hexsides that face the plain."'
    board, g = gate
    for k in OPEN_SIDES:
        far = g + DIRECTIONS[k].scaled(3)
        assert line_of_sight(board, g, far).clear
        assert line_of_sight(board, far, g).clear


def test_fire_into_the_gate_through_a_wall_is_blocked_at_the_gate(gate: tuple[Board, Hex]) -> None:
    'S-8: fire into the Front Gate "can only penetrate through the two hexsides that face the plain".'
    board, g = gate
    result = line_of_sight(board, g + DIRECTIONS[3].scaled(3), g)
    assert not result.clear
    assert result.blocked_by == g
    assert result.wall == Hexside.between(g, g + DIRECTIONS[3])


def test_fire_out_of_the_gate_through_a_wall_names_the_hex_beyond(gate: tuple[Board, Hex]) -> None:
    'S-8: fire out of the Front Gate "can only penetrate through the two hexsides that face the plain".'
    board, g = gate
    for k in (0, 1, 3, 5):
        result = line_of_sight(board, g, g + DIRECTIONS[k].scaled(2))
        assert not result.clear
        assert result.blocked_by == g + DIRECTIONS[k]
        assert result.wall == Hexside.between(g, g + DIRECTIONS[k])


def test_adjacent_fire_across_a_wall_is_blocked(gate: tuple[Board, Hex]) -> None:
    "S-8 / B-7: the red hexsides of the Front Gate stop fire even between neighbours."
    board, g = gate
    assert line_of_sight(board, g + DIRECTIONS[0], g).blocked_by == g
    assert line_of_sight(board, g + DIRECTIONS[2], g).clear


def test_a_line_through_the_gate_is_stopped_by_its_walls(gate: tuple[Board, Hex]) -> None:
    "S-8: the Front Gate does not block by terrain, but its walls still stop fire passing through it."
    board, g = gate
    sw, ne = g + DIRECTIONS[4], g + DIRECTIONS[1]
    result = line_of_sight(board, sw, ne)
    assert g in result.crossed
    assert not result.clear and result.blocked_by == ne
    assert result.wall == Hexside.between(g, ne)


@pytest.mark.parametrize("grazing", ["both", "either"])
@pytest.mark.parametrize("first", range(6))
def test_fire_out_of_and_into_the_gate_through_a_corner(
    gate: tuple[Board, Hex], grazing: str, first: int
) -> None:
    'S-8: fire "can only penetrate through the two hexsides that face the plain"; at a corner, per side.'
    board, g = gate
    # The line from the gate towards direction first + (first + 1) leaves through the
    # corner between those two hexsides, then runs along the hexside between the
    # two neighbours: shifted one way it crosses one hexside, the other way the other.
    second = (first + 1) % 6
    target = g + DIRECTIONS[first] + DIRECTIONS[second]
    walls = [k not in OPEN_SIDES for k in (first, second)]
    expect_blocked = all(walls) if grazing == "both" else any(walls)
    out = line_of_sight(board, g, target, grazing=grazing)
    back = line_of_sight(board, target, g, grazing=grazing)
    assert set(out.crossed) == {g + DIRECTIONS[first], g + DIRECTIONS[second]}
    assert out.clear is back.clear is (not expect_blocked)
    if expect_blocked:
        assert back.blocked_by == g
        assert out.blocked_by in {g + DIRECTIONS[k] for k, w in zip((first, second), walls, strict=True) if w}


@pytest.mark.parametrize("grazing", ["both", "either"])
def test_visible_from_around_the_gate_agrees_with_line_of_sight(
    gate: tuple[Board, Hex], grazing: str
) -> None:
    "S-8: the Front Gate walls stop the vectorised query exactly as they stop a single line."
    board, g = gate
    occupied = {g + DIRECTIONS[2].scaled(2)}
    for origin in [g, g + DIRECTIONS[3].scaled(2), g + DIRECTIONS[4], g + DIRECTIONS[0].scaled(3)]:
        vis = visible_from(board, origin, 4, occupied, grazing=grazing)
        for target, blocker in vis.targets.items():
            result = line_of_sight(board, origin, target, occupied, grazing=grazing)
            assert result.blocked_by == blocker, (origin, target)
            assert line_of_sight(board, target, origin, occupied, grazing=grazing).clear == result.clear
    from_gate = visible_from(board, g, 2, grazing=grazing)
    assert from_gate.visible >= {g + DIRECTIONS[2], g + DIRECTIONS[4], g + DIRECTIONS[2].scaled(2)}
    assert from_gate.blocked[g + DIRECTIONS[0]] == g + DIRECTIONS[0]


# -- API behaviour ---------------------------------------------------------------------


def test_visible_from_agrees_with_line_of_sight(board: Board) -> None:
    "S-8: visible_from applies the same rule to every hex in range."
    board.set_terrain(at(1, 1), Terrain.DALE)
    board.set_terrain(at(-2, 0), Terrain.MOUNTAIN, 2)
    occupied = {at(2, -1), at(0, -2), at(-1, 3)}
    vis = visible_from(board, C, 4, occupied)
    assert C not in vis.targets
    assert len(vis.targets) == 60
    for target, blocker in vis.targets.items():
        assert line_of_sight(board, C, target, occupied).blocked_by == blocker
    assert vis.visible | set(vis.blocked) == set(vis.targets)


def test_visible_from_with_zero_range_is_empty(board: Board) -> None:
    assert visible_from(board, C, 0).targets == {}


def test_edits_to_the_board_are_seen(board: Board) -> None:
    'S-8: "The town of Dale" blocks, also right after the editor paints it.'
    assert line_of_sight(board, C, at(2, 0)).clear
    board.set_terrain(at(1, 0), Terrain.DALE)
    assert line_of_sight(board, C, at(2, 0)).blocked_by == at(1, 0)
    board.set_terrain(at(1, 0), Terrain.PLAIN)
    assert line_of_sight(board, C, at(2, 0)).clear


def test_a_board_listener_asking_during_an_edit_sees_the_edit() -> None:
    """A view that redraws its line-of-sight overlay when the board changes asks from inside
    a board listener; the answer must already include that change, whatever the order in
    which the listener and the LOS index came to the board."""
    board = Board(GridSpec(Orientation.FLAT, 24, 24))
    answers = []
    board.subscribe(lambda change: answers.append(line_of_sight(board, C, at(2, 0)).blocked_by))
    line_of_sight(board, C, at(2, 0))  # the index is built after the listener subscribed
    board.set_terrain(at(1, 0), Terrain.DALE)
    board.set_terrain(at(1, 0), Terrain.PLAIN)
    assert answers == [at(1, 0), None]


def test_index_is_freed_with_the_board() -> None:
    board = Board(GridSpec(Orientation.FLAT, 6, 6))
    line_of_sight(board, Hex(0, 0), Hex(2, 0))
    index = weakref.ref(_INDEXES[board])
    del board
    gc.collect()
    assert index() is None


def test_off_map_hexes_and_bad_options_are_refused(board: Board) -> None:
    with pytest.raises(ValueError, match="not on the map"):
        line_of_sight(board, C, Hex(-40, 0))
    with pytest.raises(ValueError, match="grazing"):
        line_of_sight(board, C, at(2, 0), grazing="sometimes")  # type: ignore[arg-type]
    # An occupant off the map cannot stand between two on-map hexes.
    assert line_of_sight(board, C, at(2, 0), {Hex(-40, 0)}).clear


def test_two_copies_of_one_map_file_share_an_index_until_one_is_edited(tmp_path) -> None:
    """Every window and session reads its own copy of the map; unedited copies share one
    index (built once), and an edit to one copy blocks a line there, not in the other."""
    from bofa_studio.board import load_map, save_map

    original = Board(GridSpec(Orientation.FLAT, 16, 16))
    path = tmp_path / "plain.json"
    save_map(original, path)
    first, second = load_map(path), load_map(path)
    assert line_of_sight(first, C, at(2, 0)).clear and line_of_sight(second, C, at(2, 0)).clear
    assert _INDEXES[first] is _INDEXES[second]
    second.set_terrain(at(1, 0), Terrain.DALE)  # S-8: "If this line passes through ... The town of Dale"
    assert line_of_sight(second, C, at(2, 0)).blocked_by == at(1, 0)
    assert line_of_sight(first, C, at(2, 0)).clear
    assert _INDEXES[first] is not _INDEXES[second]
