"""Regions headless: a move carries hexsides, paths and areas; a diff undoes exactly."""

from bofa_studio.board.model import Board, HexFeature, HexsideFeature, PathLine, Terrain
from bofa_studio.board.region import BoardDiff, copy_region, edit_copy, move_region
from bofa_studio.hexgrid import GridSpec


def _board():
    board = Board(GridSpec(columns=12, rows=10))
    at = board.hex_at
    board.set_terrain(at("0303"), Terrain.DALE)
    board.set_hexside_features(at("0303"), at("0304"), [HexsideFeature.RIVER])
    # A path that runs out of the region: only its inside part goes along.
    board.set_paths([PathLine((at("0302"), at("0303"), at("0304"), at("0305")))])
    board.set_area("dale", [at("0303")])
    return board


def test_a_region_carries_its_inside_hexsides_and_path_pieces():
    board = _board()
    at = board.hex_at
    clip = copy_region(board, [at("0303"), at("0304")])
    assert len(clip) == 2 and len(clip.hexsides) == 1
    assert [len(p) for p in clip.paths] == [2]
    placed = move_region(board, [at("0303"), at("0304")], at("0703"))
    assert {board.label(h) for h in placed} == {"0703", "0704"}
    assert board.terrain(at("0703")) == Terrain.DALE and board.terrain(at("0303")) == Terrain.PLAIN
    assert board.hexside_features(at("0703"), at("0704")) == {HexsideFeature.RIVER}
    assert board.areas["dale"] == {at("0703")}
    # The path left behind is cut into what is outside the old region (one-hex stubs go).
    assert sorted(tuple(board.label(h) for h in p.hexes) for p in board.paths) == [("0703", "0704")]
    assert not board.has_feature(at("0302"), HexFeature.PATH)


def test_a_diff_applied_backwards_restores_the_board():
    board = _board()
    before = board.copy()
    at = board.hex_at
    diff, _ = edit_copy(board, lambda b: move_region(b, [at("0303"), at("0304")], at("0906")))
    assert isinstance(diff, BoardDiff) and not diff.is_empty()
    assert board.content_equals(before)  # edit_copy leaves the board alone
    diff.apply(board, 1)
    assert board.terrain(at("0906")) == Terrain.DALE
    diff.apply(board, 0)
    assert board.content_equals(before)


def test_path_steps_join_only_the_hexes_a_path_runs_between():
    board = Board(GridSpec(columns=6, rows=6))
    at = board.hex_at
    board.set_paths([PathLine((at("0201"), at("0202"), at("0203"))), PathLine((at("0301"), at("0302")))])
    steps = board.path_steps()
    assert frozenset((at("0201"), at("0202"))) in steps
    assert frozenset((at("0202"), at("0302"))) not in steps  # neighbours on two paths
    assert len(steps) == 3
