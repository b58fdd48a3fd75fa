"""Label schemes as a property of the map, and off-board spaces joined only by their links."""

import json
from pathlib import Path

import pytest

from bofa_studio.board import (
    Board,
    HexData,
    HexsideFeature,
    Terrain,
    board_from_dict,
    board_to_dict,
    load_map,
)
from bofa_studio.hexgrid import GridSpec, Hex, LabelScheme, Orientation, Shifted, column_letters
from bofa_studio.jsonfile import DataFileError

LETTERS = GridSpec(Orientation.FLAT, 11, 18, Shifted.ODD, LabelScheme.LETTER_NUMBER)


def test_letter_number_labels_read_as_printed():
    # Helm's Deep 2.1: "the hex field representing the Hornburg would be F-11".
    h = LETTERS.parse_label("F-11")
    assert LETTERS.to_offset(h) == (5, 10)
    assert LETTERS.label(h) == "F-11"
    assert LETTERS.parse_label("a-1") == Hex(0, 0)
    for h in LETTERS.hexes():
        assert LETTERS.parse_label(LETTERS.label(h)) == h


def test_column_letters_go_on_past_z():
    assert [column_letters(c) for c in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


@pytest.mark.parametrize("bad", ["F11", "0611", "F-0", "6-F", ""])
def test_a_malformed_letter_label_is_named(bad):
    with pytest.raises(ValueError, match="F-11|numbered from 1"):
        LETTERS.parse_label(bad)


def test_ccrr_stays_the_default():
    assert GridSpec().labels == LabelScheme.CCRR
    assert GridSpec().label(Hex(0, 0)) == "0101"


def test_board_labels_and_hex_at_follow_the_scheme():
    board = Board(LETTERS)
    assert board.label(board.hex_at("E-17")) == "E-17"
    with pytest.raises(ValueError, match="off the map"):
        board.hex_at("L-1")


def _tunnel_board() -> tuple[Board, Hex, Hex]:
    board = Board(LETTERS)
    tunnel = board.add_space("Tunnel-1", LETTERS.parse_label("M-11"), HexData(Terrain.TUNNEL, 1))
    culvert = board.add_space("Culvert-1", LETTERS.parse_label("M-14"), HexData(Terrain.CULVERT, 0))
    board.link(tunnel, board.hex_at("F-10"), [HexsideFeature.BIG_GATE])
    board.link(culvert, board.hex_at("G-10"))
    return board, tunnel, culvert


def test_a_space_is_joined_only_by_its_links():
    board, tunnel, culvert = _tunnel_board()
    assert board.hex_at("Tunnel-1") == tunnel and board.label(tunnel) == "Tunnel-1"
    assert board.neighbors(tunnel) == [board.hex_at("F-10")]
    assert board.hexside_features(tunnel, board.hex_at("F-10")) == {HexsideFeature.BIG_GATE}
    assert tunnel not in board.neighbors(board.hex_at("F-11"))
    assert board.level(tunnel) == 1 and board.level(culvert) == 0
    # Links are not hexsides of the printed grid.
    assert all(tunnel not in side.hexes for side in board.hexsides())


def test_a_space_cannot_sit_on_the_grid_or_read_as_a_label():
    board = Board(LETTERS)
    with pytest.raises(ValueError, match="taken"):
        board.add_space("Tunnel-1", board.hex_at("F-11"))
    with pytest.raises(ValueError, match="reads as a hex label"):
        board.add_space("AB-3", LETTERS.parse_label("M-3"))
    with pytest.raises(ValueError, match="links join off-board spaces"):
        board.link(board.hex_at("A-1"), board.hex_at("C-1"))


def test_letter_map_with_spaces_round_trips_as_version_2(tmp_path):
    board, _, _ = _tunnel_board()
    data = board_to_dict(board)
    assert data["version"] == 2
    assert data["grid"]["labels"] == "letter-number"
    assert data["spaces"]["Tunnel-1"] == {"at": "M-11", "terrain": "tunnel", "level": 1,
                                          "links": {"F-10": ["big_gate"]}}
    again = board_from_dict(json.loads(json.dumps(data)))
    assert again.content_equals(board)
    assert board_to_dict(again) == data
    assert board.copy().content_equals(board)


def test_a_ccrr_map_without_spaces_writes_neither_labels_nor_spaces():
    """Version 2 is written always (drawn paths came with it too); what a map does not use
    stays out of the file, so a version 1 reader's fields keep their meaning."""
    data = board_to_dict(Board(GridSpec(columns=4, rows=3)))
    assert data["version"] == 2 and "labels" not in data["grid"] and "spaces" not in data


def test_the_shipped_1984_map_loads_unchanged():
    path = Path(__file__).parents[2] / "maps" / "bofa1984.json"
    board = load_map(path)
    assert board.grid.labels == LabelScheme.CCRR and not board.spaces
    assert board_to_dict(board) == json.loads(path.read_text(encoding="utf-8"))


def test_version_1_cannot_use_version_2_fields():
    data = board_to_dict(_tunnel_board()[0])
    data["version"] = 1
    with pytest.raises(DataFileError, match=r"\$.spaces: needs map version 2"):
        board_from_dict(data, "old.json")


def test_bad_links_and_labels_are_named_with_their_place():
    data = board_to_dict(_tunnel_board()[0])
    data["spaces"]["Tunnel-1"]["links"]["Q-40"] = []
    data["hexes"]["0101"] = {"terrain": "plain"}
    with pytest.raises(DataFileError) as info:
        board_from_dict(data, "hd.json")
    text = str(info.value)
    assert "hd.json: $.spaces.Tunnel-1.links.Q-40: hex Q-40 is off the map" in text
    assert "$.hexes.0101" in text and "letter-number" in text


def test_export_carries_the_spaces_and_their_links():
    import networkx as nx

    from bofa_studio.board.export import interchange_graph

    board, _, _ = _tunnel_board()
    graph = interchange_graph(board)
    assert graph.has_edge("Tunnel-1", "F-10") and graph.edges["Tunnel-1", "F-10"]["big_gate"] is True
    assert list(graph.neighbors("Culvert-1")) == ["G-10"]
    assert nx.number_connected_components(graph) == 1
