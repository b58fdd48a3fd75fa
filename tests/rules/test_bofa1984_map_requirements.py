"""What the 1984 game requires of a map, on top of geometry: asked only of maps meant for it.

A map names its ruleset (``meta.ruleset``); ``validate_map`` adds that ruleset's
``check_map``, found through the registry, so ``board/`` never names a ruleset.
"""

import pytest
from board_fixtures import river_south_from

from bofa_studio.board import (
    Board,
    HexFeature,
    HexsideFeature,
    MapMeta,
    Terrain,
    board_from_dict,
    board_to_dict,
)
from bofa_studio.hexgrid import DIRECTIONS, GridSpec
from bofa_studio.rules.bofa1984.map_requirements import check_map
from bofa_studio.rules.maps import ruleset_map_check, validate_map

N, NE, SE, S, SW, NW = DIRECTIONS


def messages(board):
    return [str(p) for p in check_map(board)]


def test_the_small_board_meets_every_1984_requirement(small_board):
    assert check_map(small_board) == []


def test_the_registry_finds_the_1984_checks():
    assert ruleset_map_check("bofa1984") is check_map


def test_front_gate_open_to_a_third_hex(small_board):
    """B-6: the Front Gate "can be fired at and moved onto only from 2 plain hexes"."""
    gate = small_board.hex_at("0602")
    small_board.set_hexside_features(gate, gate + S, [])
    problems = check_map(small_board)
    assert len(problems) == 1
    assert problems[0].location == "0602"
    assert "exactly two plain hexes" in problems[0].message
    assert "0603" in problems[0].message


def test_front_gate_approached_from_non_plain(small_board):
    """B-6: the two approach hexes are plain hexes."""
    small_board.set_terrain(small_board.hex_at("0503"), Terrain.DALE)
    assert any("exactly two plain hexes" in m for m in messages(small_board))


def test_missing_front_gate(small_board):
    small_board.set_terrain(small_board.hex_at("0602"), Terrain.PLAIN)
    assert any("no Front Gate" in m for m in messages(small_board))


def test_victory_location_count(small_board):
    """B-11: "The 5 victory hexes/areas are marked with red stars"."""
    small_board.set_feature(small_board.hex_at("0907"), HexFeature.VICTORY, False)
    assert any("expected 5 victory locations" in m and "found 4" in m for m in messages(small_board))


def test_summit_must_be_higher_than_its_slopes(small_board):
    """S-6: "The mountain summit is one level higher than the mountain slopes"."""
    small_board.set_level(small_board.hex_at("0306"), 0)
    found = [p for p in check_map(small_board) if "higher than the slope" in p.message]
    assert found and all(small_board.hex_at("0306") in p.hexes for p in found)


def test_entry_groups_lie_on_board_edges(small_board):
    """B-5: reinforcements enter "through the entry triangles along the ... edge"."""
    small_board.set_entry_group(small_board.hex_at("0505"), "south_west")
    assert any(m.startswith("0505:") and "rows from the board edge" in m for m in messages(small_board))
    small_board.set_entry_group(small_board.hex_at("0606"), "middle")
    assert any("entry group middle" in m and "does not touch a board edge" in m for m in messages(small_board))


def fresh_map(ruleset=None) -> Board:
    """What an author draws first: a river and a hill on a blank map, nothing of 1984."""
    board = Board(GridSpec(columns=8, rows=6), MapMeta(name="Fresh", ruleset=ruleset))
    board.set_terrain(board.hex_at("0303"), Terrain.MOUNTAIN, 2)
    for a, b in river_south_from(board, board.hex_at("0401") + N):  # from the north edge to the south
        board.set_hexside_features(a, b, [HexsideFeature.RIVER])
    board.set_area("camp", [board.hex_at("0606")])
    return board


def test_a_fresh_map_for_no_ruleset_has_no_1984_problems():
    assert validate_map(fresh_map()) == []


def test_the_same_map_marked_for_bofa1984_lists_them():
    found = [str(p) for p in validate_map(fresh_map("bofa1984"))]
    assert "map: there is no Front Gate hex (B-6)" in found
    assert "map: expected 5 victory locations (B-11), found 0: none" in found


def test_an_explicit_ruleset_overrides_the_maps_own(small_board):
    small_board.set_feature(small_board.hex_at("0907"), HexFeature.VICTORY, False)
    assert validate_map(small_board) == []  # meant for no ruleset
    assert any("found 4" in str(p) for p in validate_map(small_board, "bofa1984"))
    marked = Board(small_board.grid, MapMeta(ruleset="bofa1984"))
    assert validate_map(marked, None) == []


def test_a_map_for_a_ruleset_this_program_lacks_says_so():
    problems = validate_map(fresh_map("helmsdeep1981"))
    assert [p.location for p in problems] == ["ruleset"]
    assert "'helmsdeep1981'" in problems[0].message and "bofa1984" in problems[0].message


@pytest.mark.parametrize("ruleset", [None, "bofa1984"])
def test_the_map_file_keeps_its_ruleset(ruleset):
    data = board_to_dict(fresh_map(ruleset))
    assert ("ruleset" in data) == (ruleset is not None)
    assert board_from_dict(data).meta.ruleset == ruleset


@pytest.mark.parametrize(
    ("terrain", "level", "expected"),
    [(Terrain.MOUNTAIN, 0, "level 1-4"), (Terrain.PLAIN, 2, "plain height"), (Terrain.SUMMIT, 0, "above the plain")],
)
def test_levels_fit_the_terrain(small_board, terrain, level, expected):
    h = small_board.hex_at("1101")
    small_board.set_terrain(h, terrain, level)
    assert any(m.startswith("1101:") and expected in m for m in [str(p) for p in check_map(small_board)])


def test_level_problems_name_the_terrain_in_words(small_board):
    """The Problems panel said 'mountain_slope lies at plain height'."""
    h = small_board.hex_at("0808")
    small_board.set_terrain(h, Terrain.SLOPE, 1)
    assert [str(p) for p in check_map(small_board)] == ["0808: a mountain slope hex lies at plain height (level 0), not level 1"]
