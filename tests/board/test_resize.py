"""Resize at any edge (issue 18, item 6): everything on the map moves with its hexes, the
numbering starts again from the new first column and row, and what falls off is listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bofa_studio.board.background import Background
from bofa_studio.board.mapfile import board_from_dict, board_to_dict, load_map
from bofa_studio.board.model import Board, HexFeature, HexsideFeature, PathLine, SlopeLine, Terrain
from bofa_studio.board.resize import EdgeChange, describe_resize, resize_board, resized_grid
from bofa_studio.hexgrid import GridSpec, Orientation, Shifted

ROOT = Path(__file__).resolve().parents[2]


def _board(grid: GridSpec | None = None) -> Board:
    board = Board(grid or GridSpec(columns=8, rows=6))
    at = board.hex_at
    board.set_terrain(at("0202"), Terrain.MOUNTAIN, 3)
    board.set_feature(at("0303"), HexFeature.VICTORY, True)
    board.set_entry_group(at("0101"), "north_west")
    board.set_hexside_features(at("0202"), at("0203"), [HexsideFeature.RIVER])
    board.set_paths([PathLine((at("0104"), at("0204"), at("0304"), at("0404")))])
    board.set_slope_lines([SlopeLine((at("0501"), at("0502"), at("0503")))])
    board.set_area("setup.dark", [at("0101"), at("0201"), at("0301"), at("0505")])
    return board


def _labelled(board: Board) -> dict:
    """The map as its file has it, minus the grid: every reference by label."""
    data = board_to_dict(board)
    data.pop("grid")
    return data


def _renumbered(board: Board, columns: int, rows: int) -> dict:
    """The board's file form with every label moved by ``columns`` and ``rows`` (CCRR)."""
    def move(label: str) -> str:
        return f"{int(label[:2]) + columns:02d}{int(label[2:]) + rows:02d}"

    data = _labelled(board)
    return {
        **data,
        "hexes": {move(k): v for k, v in data["hexes"].items()},
        "hexsides": {"/".join(sorted(move(x) for x in k.split("/"))): v for k, v in data["hexsides"].items()},
        "slope_lines": sorted([move(x) for x in line] for line in data["slope_lines"]),
        "areas": {k: sorted(move(x) for x in v) for k, v in data["areas"].items()},
        "paths": sorted([move(x) for x in p] for p in data["paths"]),
    }


@pytest.mark.parametrize("west,top", [(1, 0), (2, 0), (0, 1), (3, 2), (1, 1)])
def test_adding_on_the_west_and_at_the_top_moves_everything_with_its_hexes(west, top):
    board = _board()
    new = resize_board(board, EdgeChange(west=west, top=top))
    assert (new.grid.columns, new.grid.rows) == (8 + west, 6 + top)
    # Every label moves by the columns and rows added: the map's own references agree.
    assert _labelled(new) == _renumbered(board, west, top)
    assert new.entry_group(new.hex_at(f"{1 + west:02d}{1 + top:02d}")) == "north_west"
    assert new.hexes_with(HexFeature.VICTORY) == [new.hex_at(f"{3 + west:02d}{3 + top:02d}")]
    assert board.grid.columns == 8  # the board itself is untouched


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("shifted", list(Shifted))
@pytest.mark.parametrize("edges", [EdgeChange(west=1), EdgeChange(top=1), EdgeChange(west=-1, top=-3), EdgeChange(west=3, top=1, east=-2)])
def test_hexes_keep_their_neighbours_whatever_the_parity(orientation, shifted, edges):
    """An odd number of columns (rows, for pointy hexes) flips which lines are shifted;
    without the flip, half the hexes would swap neighbours and rivers would run elsewhere."""
    grid = GridSpec(orientation, 7, 6, shifted)
    new_grid, shift = resized_grid(grid, edges)
    for h in grid.hexes():
        col, row = grid.to_offset(h)
        assert new_grid.to_offset(h + shift) == (col + edges.west, row + edges.top)
    staggered = edges.west if orientation == Orientation.FLAT else edges.top
    assert (new_grid.shifted != shifted) == bool(staggered % 2)


def test_removing_then_adding_back_restores_the_map():
    board = _board()
    there = resize_board(board, EdgeChange(west=-1, top=-1, east=2, bottom=1))
    back = resize_board(there, EdgeChange(west=1, top=1, east=-2, bottom=-1))
    assert back.grid == board.grid
    # The row and column removed come back blank; the rest is as it was.
    assert _labelled(back)["hexes"] == {k: v for k, v in _labelled(board)["hexes"].items()
                                        if k[:2] != "01" and k[2:] != "01"}
    assert back.areas["setup.dark"] == {board.hex_at("0505")}
    assert back.hexside_features(back.hex_at("0202"), back.hex_at("0203")) == {HexsideFeature.RIVER}
    assert [tuple(back.label(h) for h in p.hexes) for p in back.paths] == [("0204", "0304", "0404")]
    assert back.slope_lines == []  # 0501 was on the removed row: the line goes whole


def test_the_report_lists_what_moves_and_what_is_lost_before_it_is_done():
    board = _board()
    report = describe_resize(board, EdgeChange(west=1, top=-1))
    assert report.title == "Resize map to 9 x 5 (1 column added on the west, 1 row removed at the top)"
    assert report.moves[0].startswith("every hex is renumbered: 0102 becomes 0201")
    assert "entry group north_west" not in report.moves  # its only hex is on the removed row
    assert "1 victory hex" in report.moves and "1 path" in report.moves and "area setup.dark" in report.moves
    assert report.losses == [
        "1 hex with terrain, levels or features (0101)",
        "1 slope line (a line that leaves the map goes whole)",
        "1 entry triangle of group north_west",
        "3 hexes of area setup.dark are removed",
    ]
    assert report.needs_confirmation()
    grown = describe_resize(board, EdgeChange(east=2, bottom=1))
    assert grown.moves == [] and grown.losses == [] and not grown.needs_confirmation()
    emptied = describe_resize(board, EdgeChange(east=-4))
    assert "1 hex of area setup.dark is removed" in emptied.losses
    assert "1 victory hex (0303)" not in emptied.losses  # column 03 stays
    cut = describe_resize(board, EdgeChange(east=-6))
    assert "1 path is cut where it leaves the map" in cut.losses
    assert "1 victory hex (0303)" in cut.losses


def test_a_map_without_columns_is_refused_in_words():
    with pytest.raises(ValueError, match="leaves 0 columns and 6 rows: a map needs at least one of each"):
        resize_board(_board(), EdgeChange(west=-4, east=-4))
    with pytest.raises(ValueError, match="the largest is 99 x 99"):
        resize_board(_board(), EdgeChange(top=90, bottom=10))


def test_the_scan_stays_under_the_hexes_it_was_calibrated_on(tmp_path):
    board = _board()
    board.set_background(Background(tmp_path / "scan.png", (0.02, 0.001, -1.5, -0.001, 0.02, 0.3)))
    h = board.hex_at("0404")
    pixel = board.background.to_image(board.grid.center(h))
    new = resize_board(board, EdgeChange(west=3, top=-2))
    moved = new.hex_at("0702")
    x, y = new.background.to_map(pixel)
    cx, cy = new.grid.center(moved)
    assert abs(x - cx) < 1e-9 and abs(y - cy) < 1e-9
    assert "the background scan's calibration" in describe_resize(board, EdgeChange(west=3)).moves


def test_off_board_spaces_keep_their_place_beside_the_board_and_their_links():
    board = load_map(ROOT / "maps" / "helms-deep.json")
    links = {(board.label(a), board.label(b)) for a, b in board.links()}
    assert ("F-10", "Tunnel-1") in links or ("Tunnel-1", "F-10") in links
    # Two more columns on the east: the spaces (two columns beyond the edge) stay beyond it.
    wider = resize_board(board, EdgeChange(east=2))
    assert all(not wider.grid.contains(at) for at in wider.spaces)
    assert {wider.grid.label(at) for at in wider.spaces} == {"O-10", "O-11", "O-13", "O-14"}
    # One column on the west: every hex is a letter further on, and the links follow.
    shifted = resize_board(board, EdgeChange(west=1))
    moved_links = {frozenset((shifted.label(a), shifted.label(b))) for a, b in shifted.links()}
    assert frozenset(("G-10", "Tunnel-1")) in moved_links and frozenset(("F-10", "Tunnel-2")) in moved_links
    assert shifted.hexes_of(Terrain.HORNBURG) == sorted(shifted.hex_at(x) for x in ("G-11", "G-12"))
    assert "off-board spaces Culvert-1, Culvert-2, Tunnel-1, Tunnel-2 and their links" in describe_resize(
        board, EdgeChange(west=1)).moves
    # Removing the columns a link reaches loses that link, and says so.
    report = describe_resize(board, EdgeChange(west=-6))
    assert "the link of Tunnel-1 to F-10" in report.losses
    # The resized map is a map file again.
    again = board_from_dict(board_to_dict(shifted), "resized")
    assert again.content_equals(shifted)


def test_the_1984_map_grown_and_shrunk_back_is_the_same_map():
    board = load_map(ROOT / "maps" / "bofa1984.json")
    grown = resize_board(board, EdgeChange(west=1, top=1))
    assert grown.terrain(grown.hex_at("0202")) == board.terrain(board.hex_at("0101"))
    back = resize_board(grown, EdgeChange(west=-1, top=-1))
    assert back.content_equals(board)
