"""The shipped Helm's Deep board (maps/helms-deep.json), rebuilt from the rulebook text by
scripts/make_helms_deep_map.py: what the text prints is where it says, and the map says it is
reconstructed."""

import importlib.util
import json
from pathlib import Path

import pytest

from bofa_studio.board import Board, HexsideFeature, Terrain, load_map
from bofa_studio.board.mapfile import dumps_map
from bofa_studio.rules.helmsdeep.map_requirements import map_problems

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "helms-deep.json"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map(MAP)


def test_the_script_writes_the_shipped_map(tmp_path):
    spec = importlib.util.spec_from_file_location("make_hd", ROOT / "scripts" / "make_helms_deep_map.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["-o", str(tmp_path / "out.json")]) == 0
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == MAP.read_text(encoding="utf-8")


def test_marked_reconstructed_and_meant_for_helmsdeep(board):
    assert board.meta.provenance == "reconstructed" and board.meta.ruleset == "helmsdeep"
    assert dumps_map(board) == MAP.read_text(encoding="utf-8")
    assert json.loads(MAP.read_text(encoding="utf-8"))["version"] == 2


def test_it_meets_the_rules_requirements(board):
    assert map_problems(board) == []


def test_the_printed_walls(board):
    """IV: "the castle wall hexes A-6 to E-4 and H-5 to K-6" and "the castle wall on both sides of the hex
    rows B-13 to E-11 and from G-11 to I-12. The two massive castle wall hexes F-11 and F-12 are called
    the Hornburg\""""
    for label in ("A-6", "E-4", "H-5", "K-6", "B-13", "E-11", "G-11", "I-12"):
        assert board.terrain(board.hex_at(label)) == Terrain.WALL, label
    assert {board.label(h) for h in board.hexes_of(Terrain.HORNBURG)} == {"F-11", "F-12"}
    outer, main = board.level(board.hex_at("A-6")), board.level(board.hex_at("B-13"))
    # "divides the lower ground to the north and the higher ground to the south"; the main wall stands
    # "higher than the ground on either side".
    assert board.level(board.hex_at("A-5")) < outer == board.level(board.hex_at("A-7"))
    assert board.level(board.hex_at("D-11")) < main > board.level(board.hex_at("D-13"))


def test_four_light_gates_only_on_the_outer_courtyard(board):
    """Hornburg: "Access is only possible through the four gates of the outer courtyard.\""""
    gates = [s for s, fs in board.featured_hexsides().items() if HexsideFeature.LIGHT_GATE in fs]
    assert len(gates) == 4
    assert all({board.label(h) for h in side.hexes} & {"F-12"} for side in gates)


def test_the_spaces_under_the_hornburg_are_their_own_levels(board):
    """"Units moving through the road tunnel are not considered to be in the same space as any other unit
    that may be on the floor above them." The culvert is below the tunnel."""
    levels = {board.label(h): board.level(h) for h in board.spaces}
    assert levels == {"Tunnel-1": 1, "Tunnel-2": 1, "Culvert-1": 0, "Culvert-2": 0}
    assert board.level(board.hex_at("F-11")) > levels["Tunnel-1"] > levels["Culvert-1"]
    culvert_mouths = {board.label(n) for s in ("Culvert-1", "Culvert-2") for n in board.neighbors(board.hex_at(s))}
    assert culvert_mouths - {"Culvert-1", "Culvert-2"} == {"G-10", "F-13"}


def test_rohan_sets_up_south_of_the_line_not_north(board):
    """VII: "on the castle wall hex, inside the Hornburg or south of the hex line from B-13 through F-11 to I-12\""""
    zone = {board.label(h) for h in board.area("setup.rohan")}
    assert {"E-17", "F-13", "F-11", "F-12", "B-13", "I-12"} <= zone
    assert not {"F-10", "E-10", "A-12", "H-11"} & zone
