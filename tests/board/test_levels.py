"""Set level by terrain (issue 18, item 3): the map's ruleset says which levels each terrain
stands at, and every hex moves to the nearest one it allows."""

from __future__ import annotations

from bofa_studio.board.levels import describe_level_changes, levels_by_terrain
from bofa_studio.board.model import Board, MapMeta, Terrain
from bofa_studio.hexgrid import GridSpec
from bofa_studio.rules.bofa1984.map_requirements import check_map
from bofa_studio.rules.maps import levels_by_terrain as ruleset_levels


def _board(ruleset: str | None = "bofa1984") -> Board:
    board = Board(GridSpec(columns=6, rows=4), MapMeta(ruleset=ruleset))
    at = board.hex_at
    board.set_terrain(at("0101"), Terrain.MOUNTAIN, 0)  # painted, level not yet set
    board.set_terrain(at("0201"), Terrain.MOUNTAIN, 3)  # already right
    board.set_terrain(at("0301"), Terrain.SUMMIT, 0)
    board.set_terrain(at("0401"), Terrain.DALE, 2)  # a level left from before it was Dale
    board.set_level(at("0501"), 1)  # plain ground lifted by mistake
    board.set_terrain(at("0601"), Terrain.SLOPE, 0)  # slopes lie at plain height (S-6)
    return board


def test_the_1984_rule_keeps_mountains_1_to_4_and_puts_the_rest_on_the_plain():
    """B-6: "The lowest level is the plain. Dale and the River Running are on this plain." and
    "The Lonely Mountain itself is represented by several hatched levels numbered 1-4."
    S-6: "The mountain summit is one level higher than the mountain slopes." """
    board = _board()
    assert len([p for p in check_map(board) if "level" in p.message]) == 4
    rule = ruleset_levels(board)
    assert rule is not None
    changes = levels_by_terrain(board, rule)
    at = board.hex_at
    assert changes == {at("0101"): (0, 1), at("0301"): (0, 1), at("0401"): (2, 0), at("0501"): (1, 0)}
    assert describe_level_changes(board, changes) == (
        "1 dale hex lowered to level 0 (0401); 1 mountain hex raised to level 1 (0101); "
        "1 plain hex lowered to level 0 (0501); 1 summit hex raised to level 1 (0301).")
    for h, (_, level) in changes.items():
        board.set_level(h, level)
    # What the rule sets is what the 1984 checks accept.
    assert not [p for p in check_map(board) if "level" in p.message]
    assert levels_by_terrain(board, rule) == {}
    assert describe_level_changes(board, {}) == "Every hex already stands at a level its terrain allows."


def test_a_map_for_no_ruleset_has_no_rule_to_apply():
    assert ruleset_levels(_board(None)) is None
    assert ruleset_levels(_board("helmsdeep")) is None  # its castle walls are set by hand (IV)
