"""Map validation on geometry alone: each check finds the problem it exists for, and names the hexes.

The 1984 game's own requirements (Front Gate, five victory locations, ...) are tested in
tests/rules/test_bofa1984_map_requirements.py; here a map meant for no ruleset is never told of them.
"""


from bofa_studio.board import HexFeature, HexsideFeature, SlopeLine, Terrain, validate_board
from bofa_studio.hexgrid import DIRECTIONS

N, NE, SE, S, SW, NW = DIRECTIONS


def messages(board):
    return [str(p) for p in validate_board(board)]


def test_the_small_board_is_valid(small_board):
    assert validate_board(small_board) == []


def test_river_with_a_gap(small_board):
    """B-6: "The River Running flows along the hexsides": its hexsides form a line."""
    at = small_board.hex_at
    small_board.set_hexside_features(at("0604"), at("0704"), [])
    problems = [p for p in validate_board(small_board) if "river stops" in p.message]
    assert len(problems) == 2  # both loose ends are named
    assert all(len(p.hexes) == 2 for p in problems)


def test_river_that_forks(small_board):
    """River hexsides form lines: three river hexsides meeting at a corner is a fork."""
    at = small_board.hex_at
    gate = at("0602")
    x = gate + S + S
    small_board.set_hexside_features(x + NE, x + SE, [HexsideFeature.RIVER])
    assert any("river branches" in m for m in messages(small_board))


def test_river_may_end_at_the_map_edge_and_the_gate(small_board):
    rivers = [s for s, fs in small_board.featured_hexsides().items() if HexsideFeature.RIVER in fs]
    assert len(rivers) > 10
    assert validate_board(small_board) == []


def test_slope_line_must_start_at_a_boulder_pile(small_board):
    """S-7: "the rolling counter must be on a boulder-pile hex"."""
    small_board.set_feature(small_board.hex_at("0306"), HexFeature.BOULDER_PILE, False)
    assert any("start at a boulder pile" in m for m in messages(small_board))


def test_slope_line_must_be_straight(small_board):
    """B-1: "SLOPE LINE: Straight lines running downhill"."""
    top = small_board.hex_at("0306")
    small_board.set_slope_lines([SlopeLine((top, top + N, top + N + NE))])
    assert any("straight line" in m for m in messages(small_board))


def test_slope_line_must_run_downhill(small_board):
    """B-1: "SLOPE LINE: Straight lines running downhill"."""
    top = small_board.hex_at("0306")
    small_board.set_slope_lines([SlopeLine((top + N + N, top + N, top))])
    small_board.set_feature(top + N + N, HexFeature.BOULDER_PILE, True)
    assert any("run downhill" in m for m in messages(small_board))


def test_victory_area_hex_without_star(small_board):
    small_board.set_feature(small_board.hex_at("0306"), HexFeature.VICTORY, False)
    assert any(m.startswith("0306:") and "no victory star" in m for m in messages(small_board))


def test_levels_stay_on_the_scale_whatever_the_terrain(small_board):
    """Geometry alone asks only that a level is on the map's scale; which terrain lies how
    high is the ruleset's (tests/rules/test_bofa1984_map_requirements.py)."""
    h = small_board.hex_at("1101")
    small_board.set_terrain(h, Terrain.PLAIN, 2)
    assert not any(m.startswith("1101:") for m in messages(small_board))


def test_empty_area(small_board):
    small_board.set_area("setup.empty", [])
    assert "area setup.empty: is empty" in messages(small_board)


def test_an_entry_triangle_without_a_group(small_board):
    h = small_board.hex_at("0110")
    small_board.graph.nodes[h]["entry_group"] = None  # as a hand-edited file can leave it
    assert "0110: an entry triangle must belong to an entry group (B-5)" in messages(small_board)


def test_geometry_alone_asks_nothing_of_the_1984_game(small_board):
    """A map with no Front Gate, no victory locations and an inland entry group is still sound."""
    for h in list(small_board.hexes()):
        small_board.set_terrain(h, Terrain.PLAIN)
        small_board.set_feature(h, HexFeature.VICTORY, False)
        for n in small_board.neighbors(h):
            small_board.set_hexside_features(h, n, [])
    for name in list(small_board.areas):
        small_board.set_area(name, None)
    small_board.set_slope_lines([])
    small_board.set_entry_group(small_board.hex_at("0505"), "middle")
    assert messages(small_board) == []


def test_a_lone_river_hexside_is_listed_once():
    """Issue 18: "the river stops here" was listed twice for a hexside that stops at both ends."""
    from bofa_studio.board.model import Board, HexsideFeature
    from bofa_studio.board.validate import validate_board
    from bofa_studio.hexgrid import GridSpec

    board = Board(GridSpec(columns=8, rows=8))
    board.set_hexside_features(board.hex_at("0404"), board.hex_at("0405"), [HexsideFeature.RIVER])
    river = [str(p) for p in validate_board(board) if "river" in p.message]
    assert river == ["0404/0405: the river stops here: river hexsides must form continuous lines"]
