"""The 1984 rules' compiled board: worked out once per map content, never stale after an edit."""

from __future__ import annotations

from pathlib import Path

from bofa_studio.board import Terrain, load_map
from bofa_studio.rules.bofa1984.compiled import CompiledBoard, compiled_board

SHIPPED_MAP = Path(__file__).resolve().parents[2] / "maps" / "bofa1984.json"


def _same_lists(a: CompiledBoard, b: CompiledBoard) -> bool:
    """Everything but the board, the range disks, the step costs and the distance rows, which fill
    as games ask for them."""
    skip = ("board", "_disks", "step_tables", "_distance_rows")
    return {k: v for k, v in vars(a).items() if k not in skip} == {k: v for k, v in vars(b).items() if k not in skip}


def test_two_readings_of_a_map_share_one_compiled_board_until_one_is_edited():
    first, second = load_map(SHIPPED_MAP), load_map(SHIPPED_MAP)
    assert compiled_board(second) is compiled_board(first)
    assert _same_lists(compiled_board(second), CompiledBoard(second))
    dale = second.hex_at("0101")
    assert compiled_board(second).terrain[compiled_board(second).hex_index(dale)] != Terrain.DALE
    second.set_terrain(dale, Terrain.DALE)
    edited = compiled_board(second)
    assert edited is not compiled_board(first)
    assert edited.terrain[edited.hex_index(dale)] == Terrain.DALE
    assert compiled_board(first).terrain[edited.hex_index(dale)] != Terrain.DALE
    assert compiled_board(load_map(SHIPPED_MAP)) is compiled_board(first)


def test_an_edit_made_and_undone_still_compiles_the_board_again():
    """The revision counts edits, not differences: a board edited and put back is compiled anew,
    the same as a fresh reading."""
    board = load_map(SHIPPED_MAP)
    shared = compiled_board(board)
    h = board.hex_at("0101")
    before = board.terrain(h)
    board.set_terrain(h, Terrain.DALE)
    board.set_terrain(h, before)
    again = compiled_board(board)
    assert again is not shared and _same_lists(again, shared)


def test_the_hexes_in_an_archers_range_are_those_within_its_distance():
    """B-8: "The bow value is thus counted down by subtracting 1 for each hex further away. In this
    way the strength for each hex within range can be determined." The range disk the FIRE phase
    reads holds exactly the hexes within that many hexes of the archer, at the map's edges too."""
    cb = CompiledBoard(load_map(SHIPPED_MAP))
    for centre in (0, len(cb) // 2, len(cb) - 1, cb.hex_index(cb.board.hex_at("1010"))):
        for radius in (0, 1, 3, 6):
            assert cb.disk(centre, radius) == {i for i in range(len(cb)) if cb.distance(centre, i) <= radius}
