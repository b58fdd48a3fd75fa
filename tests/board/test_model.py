"""The board graph and the queries the rules engine needs."""

from bofa_studio.board import Board, BoardChange, HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import GridSpec


def test_every_pair_of_adjacent_hexes_is_an_edge():
    board = Board(GridSpec(columns=5, rows=4))
    assert len(board) == 20
    for a in board.hexes():
        assert set(board.neighbors(a)) == {n for n in a.neighbors() if n in board}


def test_level_terrain_and_features(small_board):
    at = small_board.hex_at
    assert small_board.terrain(at("0302")) == Terrain.MOUNTAIN
    assert small_board.level(at("0302")) == 3
    assert small_board.level(at("0306")) == 1  # summit
    assert HexFeature.GUARD_ROOM in small_board.features(at("0302"))
    assert small_board.entry_groups() == {"south_west": sorted(at(x) for x in ("0110", "0210", "0109"))}


def test_front_gate_is_entered_only_across_its_open_sides(small_board):
    """B-6: the Front Gate "can be ... moved onto only from 2 plain hexes"; cliffs cannot be entered."""
    gate = small_board.hex_at("0602")
    into_gate = [n for n in small_board.neighbors(gate) if gate in small_board.passable_neighbors(n)]
    assert sorted(small_board.label(n) for n in into_gate) == ["0503", "0703"]
    assert all(small_board.terrain(n) != Terrain.CLIFF for n in small_board.passable_neighbors(gate))


def test_hexside_features_are_shared_by_both_hexes(small_board):
    gate = small_board.hex_at("0602")
    below = small_board.hex_at("0603")
    assert small_board.hexside_features(gate, below) == {HexsideFeature.FRONT_GATE_WALL}
    assert small_board.hexside_features(below, gate) == {HexsideFeature.FRONT_GATE_WALL}


def test_victory_locations_group_areas_and_lone_stars(small_board):
    names = set(small_board.victory_locations())
    assert names == {"victory.summit", "victory.front_gate", "victory.0907", "victory.0302", "victory.0802"}
    assert len(small_board.victory_locations()["victory.summit"]) == 3


def test_mutations_notify_observers(small_board):
    seen: list[BoardChange] = []
    small_board.subscribe(seen.append)
    h = small_board.hex_at("0101")
    small_board.set_terrain(h, Terrain.DALE)
    small_board.set_area("test", [h])
    assert [c.kind for c in seen] == ["hex", "areas"]
    assert seen[0].hexes == (h,)


def test_resize_keeps_what_fits(small_board):
    smaller = small_board.resized(6, 5)
    assert len(smaller) == 30
    assert smaller.terrain(smaller.hex_at("0302")) == Terrain.MOUNTAIN
    assert all(h in smaller for hs in smaller.areas.values() for h in hs)
    assert small_board.copy().content_equals(small_board)


def test_area_names_are_what_the_map_file_accepts():
    import json
    import re
    from importlib import resources

    from bofa_studio.board.model import is_area_name, suggest_area_name

    schema = json.loads(resources.files("bofa_studio.board").joinpath("map.schema.json").read_text())
    pattern = re.compile(schema["properties"]["areas"]["propertyNames"]["pattern"])
    for name in ("dale", "victory.summit", "setup.free_peoples.nw", "Dale Town", "dale.", "a-b", "", "x..y"):
        assert is_area_name(name) == bool(pattern.search(name)), name
    assert suggest_area_name("Dale Town") == "dale_town"
    # Issue 18: scenarios expect setup zones and victory areas under a dotted namespace.
    assert suggest_area_name("Setup Dark") == "setup.dark"
    assert suggest_area_name("Victory Summit") == "victory.summit"
    assert suggest_area_name(" Setup . North-West ") == "setup.north_west"
    assert is_area_name(suggest_area_name("Victory: the Summit!"))
