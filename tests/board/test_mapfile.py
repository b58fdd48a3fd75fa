"""Map files: stable round trips, atomic saves, and clear errors for broken files."""

import json
import os

import pytest

from bofa_studio.board import Terrain, board_from_dict, board_to_dict, load_map, save_map
from bofa_studio.board.mapfile import dumps_map
from bofa_studio.jsonfile import DataFileError


def test_load_save_load_is_identity(small_board, tmp_path):
    path = tmp_path / "small.json"
    save_map(small_board, path)
    loaded = load_map(path)
    assert loaded.content_equals(small_board)
    save_map(loaded, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_text() == path.read_text()


def test_output_is_sorted_and_lists_only_non_plain_hexes(small_board):
    data = json.loads(dumps_map(small_board))
    assert list(data["hexes"]) == sorted(data["hexes"])
    assert "0101" not in data["hexes"]  # plain, level 0, no features
    assert data["hexes"]["0302"] == {"terrain": "mountain", "level": 3, "features": ["guard_room", "victory"]}
    assert data["hexsides"]["0602/0603"] == ["front_gate_wall"]


def test_save_is_atomic(small_board, tmp_path, monkeypatch):
    """A failed write leaves the previous file whole and no temporary file behind."""
    path = tmp_path / "map.json"
    save_map(small_board, path)
    before = path.read_text()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    small_board.set_meta(small_board.meta.__class__(name="changed"))
    with pytest.raises(OSError):
        save_map(small_board, path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["map.json"]


def write(tmp_path, data, name="bad.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def problems_of(path):
    with pytest.raises(DataFileError) as info:
        load_map(path)
    return info.value


def test_truncated_json(small_board, tmp_path):
    text = dumps_map(small_board)
    error = problems_of(write(tmp_path, text[: len(text) // 2]))
    assert error.unreadable
    (problem,) = error.problems
    assert problem.file.endswith("bad.json")
    assert problem.where.startswith("line ")
    assert "invalid JSON" in problem.message


def test_missing_file(tmp_path):
    error = problems_of(tmp_path / "nope.json")
    assert error.unreadable and "file not found" in str(error)


def test_not_a_map(tmp_path):
    error = problems_of(write(tmp_path, {"format": "something-else"}))
    assert error.unreadable
    assert "$.format: expected 'bofa-studio.map', found 'something-else'" in str(error)


def test_wrong_types_each_named_by_json_path(small_board, tmp_path):
    data = board_to_dict(small_board)
    data["grid"]["columns"] = "twelve"
    data["hexes"]["0302"]["level"] = "high"
    error = problems_of(write(tmp_path, data))
    assert not error.unreadable
    wheres = {p.where: p.message for p in error.problems}
    assert "expected integer" in wheres["$.grid.columns"]
    assert "expected integer" in wheres["$.hexes.0302.level"]


def test_unknown_terrain(small_board, tmp_path):
    data = board_to_dict(small_board)
    data["hexes"]["0302"]["terrain"] = "swamp"
    (problem,) = problems_of(write(tmp_path, data)).problems
    assert problem.where == "$.hexes.0302.terrain"
    assert "'swamp' is not one of plain, mountain" in problem.message


def test_hexside_between_non_adjacent_hexes(small_board, tmp_path):
    data = board_to_dict(small_board)
    data["hexsides"]["0101/0505"] = ["river"]
    (problem,) = problems_of(write(tmp_path, data)).problems
    assert problem.where == "$.hexsides.0101/0505"
    assert "0101 and 0505 are not adjacent" in problem.message


def test_area_naming_a_missing_hex(small_board, tmp_path):
    data = board_to_dict(small_board)
    data["areas"]["dale"].append("4040")
    (problem,) = problems_of(write(tmp_path, data)).problems
    assert problem.where == "$.areas.dale[1]"
    assert "4040 is off the map" in problem.message


def test_every_problem_is_reported_at_once(small_board, tmp_path):
    data = board_to_dict(small_board)
    data["areas"]["dale"].append("4040")
    data["hexsides"]["0101/0505"] = ["river"]
    data["slope_lines"].append(["0306", "9999"])
    assert len(problems_of(write(tmp_path, data)).problems) == 3


def test_unexpected_keys_are_refused(small_board):
    data = board_to_dict(small_board)
    data["colour"] = "red"
    with pytest.raises(DataFileError, match=r"\$: unexpected key\(s\): 'colour'"):
        board_from_dict(data, "x.json")


# -- version 2: drawn paths and a background scan -------------------------------------------

def _v1_map(path_labels):
    return {
        "format": "bofa-studio.map",
        "version": 1,
        "grid": {"orientation": "flat", "columns": 8, "rows": 6, "shifted": "odd"},
        "hexes": {label: {"terrain": "plain", "level": 0, "features": ["path"]} for label in path_labels},
    }


def test_version_1_paths_load_as_lines_that_draw_the_same_roads():
    """Version 1 joined every two adjacent path hexes; the migrated lines make the same joins."""
    board = board_from_dict(_v1_map(["0202", "0302", "0402", "0502", "0303", "0401"]))
    steps = [frozenset(step) for line in board.paths for step in line.steps()]
    hexes = [board.hex_at(label) for label in ("0202", "0302", "0402", "0502", "0303", "0401")]
    adjacent = {frozenset((a, b)) for a in hexes for b in board.neighbors(a) if b in hexes}
    assert len(adjacent) >= 5  # a chain with a triangle in it
    assert len(steps) == len(set(steps)) and set(steps) == adjacent  # each join drawn once, none added
    assert board_to_dict(board)["version"] == 2


def test_two_parallel_paths_stay_two_after_a_round_trip(tmp_path):
    """Paths are ordered lines: two paths in adjacent columns do not merge into a ladder."""
    data = _v1_map([])
    data["version"] = 2
    data["paths"] = [["0201", "0202", "0203", "0204"], ["0301", "0302", "0303", "0304"]]
    board = board_from_dict(data)
    assert sorted([board.label(h) for h in line.hexes] for line in board.paths) == data["paths"]
    from bofa_studio.board.model import HexFeature
    assert all(board.has_feature(h, HexFeature.PATH) for line in board.paths for h in line.hexes)
    save_map(board, tmp_path / "two.json")
    assert json.loads((tmp_path / "two.json").read_text())["paths"] == data["paths"]


def test_a_path_that_jumps_a_hex_is_refused_with_its_place():
    data = _v1_map([])
    data["version"] = 2
    data["paths"] = [["0201", "0203"]]
    with pytest.raises(DataFileError) as err:
        board_from_dict(data, "jump.json")
    assert "jump.json" in str(err.value) and "$.paths[0]" in str(err.value) and "0201 to 0203" in str(err.value)


def test_background_is_saved_relative_to_the_map_and_found_again(small_board, tmp_path):
    from bofa_studio.board.background import Background

    scans = tmp_path / "scans"
    scans.mkdir()
    image = scans / "board.png"
    image.write_bytes(b"not read by the map file")
    small_board.set_background(Background(image, (0.05, 0.001, -1.0, -0.001, 0.05, 2.0), 0.6))
    maps = tmp_path / "maps"
    maps.mkdir()  # saving never creates folders (issue 14)
    save_map(small_board, maps / "traced.json")
    stored = json.loads((maps / "traced.json").read_text())["background"]
    assert stored["image"] == "../scans/board.png"
    assert stored["opacity"] == 0.6
    loaded = load_map(maps / "traced.json")
    assert loaded.background.image.resolve() == image.resolve()
    assert loaded.background.transform == pytest.approx(small_board.background.transform)


def test_a_flat_background_transform_is_refused():
    data = _v1_map([])
    data["version"] = 2
    data["background"] = {"image": "scan.png", "transform": [1, 2, 0, 2, 4, 0]}
    with pytest.raises(DataFileError, match="background.transform"):
        board_from_dict(data, "flat.json")


def _graph_layout(board):
    """Nodes with their attributes and each node's edges, in order: what a reader iterates."""
    nodes = [(h, sorted(a.items())) for h, a in board.graph.nodes(data=True)]
    edges = [(h, [(n, sorted(e.items())) for n, e in board.graph[h].items()]) for h in board.graph]
    return nodes, edges


def test_a_map_read_again_is_a_fresh_board_the_same_as_the_first(tmp_path, small_board):
    """A map read twice gives two boards that do not share state: the editor changes one."""
    path = tmp_path / "small.json"
    save_map(small_board, path)
    first, second = load_map(path), load_map(path)
    assert first is not second and first.graph is not second.graph
    assert first.content_equals(second) and _graph_layout(first) == _graph_layout(second)
    h = next(iter(second.hexes()))
    second.set_terrain(h, Terrain.DALE)
    assert first.terrain(h) == Terrain.PLAIN and load_map(path).terrain(h) == Terrain.PLAIN
    a, b = next(iter(second.graph.edges()))
    assert second.graph[a][b] is second.graph[b][a]  # one hexside, seen from either hex


def test_a_map_file_changed_on_disk_is_read_anew(tmp_path, small_board):
    """Same name, same size, even the same modification time: new bytes are a new map."""
    path = tmp_path / "small.json"
    save_map(small_board, path)
    before = os.stat(path)
    ridge = small_board.hex_at("0202")
    assert load_map(path).level(ridge) == 2
    changed = small_board.copy()
    changed.set_level(ridge, 3)
    save_map(changed, path)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_size == before.st_size
    assert load_map(path).level(ridge) == 3


def test_the_shipped_maps_read_again_are_what_a_first_reading_gives():
    """Helm's Deep has off-board spaces and links; both maps are read as they were built."""
    from pathlib import Path

    from bofa_studio.board.mapfile import MAP_FORMAT
    from bofa_studio.jsonfile import read_json

    for path in sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json")):
        built = board_from_dict(read_json(path, MAP_FORMAT), str(path), path.resolve().parent)
        load_map(path)
        again = load_map(path)
        assert _graph_layout(again) == _graph_layout(built) and again.content_equals(built)
        assert (again.spaces, again.revision, again.paths) == (built.spaces, built.revision, built.paths)


def test_copies_of_a_map_are_built_once_unless_a_background_ties_them_to_their_folders(small_board, tmp_path, monkeypatch):
    """A copy of a map file in another folder (an author's copy beside a variant scenario) is
    the same board, handed out without building it again; a map whose background scan is named
    relative to the file finds the scan beside each copy."""
    from bofa_studio.board import mapfile
    from bofa_studio.board.background import Background

    built = []
    real = mapfile.board_from_dict
    monkeypatch.setattr(mapfile, "board_from_dict", lambda *a: built.append(a[1]) or real(*a))
    text = dumps_map(small_board)
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "copy.json").write_text(text, encoding="utf-8")
    first, second = (load_map(tmp_path / folder / "copy.json") for folder in ("a", "b"))
    assert second.content_equals(first) and len(built) <= 1  # at most once: an earlier test may have built it

    small_board.set_background(Background(tmp_path / "a" / "scan.png", (0.05, 0.001, -1.0, -0.001, 0.05, 2.0), 0.6))
    save_map(small_board, tmp_path / "a" / "traced.json")
    (tmp_path / "b" / "traced.json").write_text((tmp_path / "a" / "traced.json").read_text(encoding="utf-8"), encoding="utf-8")
    images = [load_map(tmp_path / folder / "traced.json").background.image.resolve() for folder in ("a", "b")]
    assert images == [(tmp_path / folder / "scan.png").resolve() for folder in ("a", "b")]
