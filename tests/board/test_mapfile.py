"""Map files: stable round trips, atomic saves, and clear errors for broken files."""

import json
import os

import pytest

from bofa_studio.board import board_from_dict, board_to_dict, load_map, save_map
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
