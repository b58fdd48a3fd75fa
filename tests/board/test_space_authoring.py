"""Authoring off-board spaces (Helm's Deep IV: "The passage of the Klammbach", "The road tunnel"):
a space on its own level beside the grid, linked to the hexes it is entered from, checked by the
ruleset's own map requirements, and kept by a save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.board import HexsideFeature, Terrain
from bofa_studio.board.mapfile import board_from_dict, load_map, save_map
from bofa_studio.board.spaces import free_spot, with_link, with_space
from bofa_studio.rules.helmsdeep.map_requirements import map_problems

MAP = Path(__file__).resolve().parents[2] / "maps" / "helms-deep.json"


def without_culvert():
    data = json.loads(MAP.read_text(encoding="utf-8"))
    data["spaces"] = {k: v for k, v in data["spaces"].items() if not k.startswith("Culvert")}
    data["areas"] = {k: [h for h in v if not h.startswith("Culvert")] for k, v in data["areas"].items()}
    return board_from_dict(data, str(MAP), MAP.parent)


def test_the_culvert_drawn_again_satisfies_the_rules_requirements(tmp_path):
    """IV: the culvert is "entered only from G-10 or F-13", a level of its own under the Hornburg."""
    board = without_culvert()
    assert any("culvert is two off-board spaces" in str(p) for p in map_problems(board))
    board = with_space(board, "Culvert-1", Terrain.CULVERT, 0, ["G-10"])
    board = with_space(board, "Culvert-2", "culvert", 0, ["Culvert-1"])
    assert any("entered from exactly two board hexes" in str(p) for p in map_problems(board))
    board = with_link(board, "Culvert-2", "F-13")
    assert map_problems(board) == []
    c1, c2 = board.hex_at("Culvert-1"), board.hex_at("Culvert-2")
    assert board.is_space(c1) and not board.grid.contains(c1) and board.level(c1) == 0
    assert {board.label(n) for n in board.neighbors(c2)} == {"Culvert-1", "F-13"}
    path = tmp_path / "redrawn.json"
    save_map(board, path)
    again = load_map(path)
    assert again.content_equals(board) and sorted(again.spaces.values()) == sorted(load_map(MAP).spaces.values())


def test_a_tunnel_space_linked_through_a_big_gate():
    board = with_space(load_map(MAP), "Cellar-1", "tunnel", 2, ["D-10"], "big_gate")
    cellar = board.hex_at("Cellar-1")
    assert board.links()[tuple(sorted((cellar, board.hex_at("D-10"))))] == frozenset({HexsideFeature.BIG_GATE})
    assert free_spot(board) != cellar


@pytest.mark.parametrize(("call", "message"), [
    (lambda b: with_space(b, "X-1", "tunnel", 1), "reads as a hex label"),
    (lambda b: with_space(b, "Tunnel-1", "tunnel", 1), "already has a space named"),
    (lambda b: with_space(b, "Cellar", "tunnel", 1, ["Z-99"]), "link to 'Z-99': no hex or space has that label"),
    (lambda b: with_space(b, "Cellar", "tunnel", 1, ["D-10"], "river"), "a link's gate is light_gate or big_gate"),
    (lambda b: with_link(b, "F-10", "F-11"), "'F-10' is not an off-board space of this map"),
])
def test_bad_space_input_says_what_was_expected(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call(load_map(MAP))
