"""A file's schema check is kept for its content (reopening a shipped scenario is frequent
and the check took most of a second): an edited file is checked afresh, and data that the
check tells apart is never taken for the same."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bofa_studio.jsonfile import DataFileError, schema_problems
from bofa_studio.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}, "xs": {"type": "array"}}}


def test_a_file_edited_between_two_opens_is_checked_again(tmp_path):
    scenario = tmp_path / "bofa1984-basic.json"
    shutil.copy(ROOT / "scenarios" / "bofa1984-basic.json", scenario)
    data = json.loads(scenario.read_text(encoding="utf-8"))
    data["map"] = str(ROOT / "maps" / "bofa1984.json")
    scenario.write_text(json.dumps(data), encoding="utf-8")
    assert load_scenario(scenario).data["turns"] == data["turns"]
    data["turns"] = 0
    scenario.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_scenario(scenario)
    assert any(p.where == "$.turns" for p in refused.value.problems)
    data["turns"] = 12
    scenario.write_text(json.dumps(data), encoding="utf-8")
    assert load_scenario(scenario).data["turns"] == 12


def test_a_scenario_read_again_is_a_copy_of_its_own(tmp_path):
    """Reading the same bytes again hands out the data kept from the first read: each reader
    changes its own copy (an editor, a game's options) and the next reader sees the file."""
    path = ROOT / "scenarios" / "bofa1984-basic.json"
    first = load_scenario(path)
    first.data["turns"] = 99
    first.data["order_of_battle"]["setup"].clear()
    again = load_scenario(path)
    assert again.data == json.loads(path.read_text(encoding="utf-8"))
    assert again.data is not first.data and again.board is not first.board


def test_the_same_bytes_under_two_names_are_each_named_in_their_problems(tmp_path):
    data = json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8"))
    data["map"] = str(ROOT / "maps" / "bofa1984.json")
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
        assert load_scenario(tmp_path / name).path == str(tmp_path / name)
    data["turns"] = 0
    for name in ("c.json", "d.json"):
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(DataFileError) as refused:
            load_scenario(tmp_path / name)
        assert [(p.file, p.where) for p in refused.value.problems] == [(str(tmp_path / name), "$.turns")]


def test_a_scenario_is_checked_again_against_an_edited_map(tmp_path):
    """A scenario found to fit its map is checked again once the map file changes (B-6's zones:
    a set-up area the scenario names is gone)."""
    map_data = json.loads((ROOT / "maps" / "bofa1984.json").read_text(encoding="utf-8"))
    (tmp_path / "bofa1984.json").write_text(json.dumps(map_data), encoding="utf-8")
    scenario = tmp_path / "basic.json"
    data = json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8"))
    data["map"] = "bofa1984.json"
    scenario.write_text(json.dumps(data), encoding="utf-8")
    zone = data["order_of_battle"]["setup"][0]["zone"]
    assert load_scenario(scenario).board.area(zone)
    assert load_scenario(scenario).board.area(zone)  # the second read: kept, and the same answer
    del map_data["areas"][zone]
    (tmp_path / "bofa1984.json").write_text(json.dumps(map_data), encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_scenario(scenario)
    assert any(f"'{zone}'" in p.message for p in refused.value.problems)


def test_a_save_opened_again_has_a_board_of_its_own_and_a_changed_map_is_checked_again(tmp_path):
    """A save holds a copy of its map: the board read from it before is handed out again as a
    board of its own (editing one leaves the next game's alone), and the same scenario in a
    save whose map lacks a set-up area it names is refused, however often it fitted before."""
    from bofa_studio.board import Terrain
    from bofa_studio.session import Session, load_session

    path = tmp_path / "game.json"
    Session.from_scenario_file(ROOT / "scenarios" / "bofa1984-basic.json", 3).save(path)
    first, second = load_session(path), load_session(path)
    h = first.board.hex_at("0101")
    first.board.set_terrain(h, Terrain.DALE)
    assert second.board.hex_data(h).terrain != Terrain.DALE
    assert load_session(path).board.hex_data(h).terrain == second.board.hex_data(h).terrain

    data = json.loads(path.read_text(encoding="utf-8"))
    zone = data["scenario"]["order_of_battle"]["setup"][0]["zone"]
    del data["map"]["areas"][zone]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataFileError) as refused:
        load_session(path)
    assert any(p.where.startswith("$.scenario.") and f"the map has no area '{zone}'" in p.message
               for p in refused.value.problems), refused.value.problems


def test_what_the_check_tells_apart_is_checked_apart():
    assert schema_problems("f.json", {"n": 32, "xs": [1]}, SCHEMA) == []
    assert [p.where for p in schema_problems("f.json", {"n": 32.0, "xs": [1]}, SCHEMA)] == ["$.n"]
    assert [p.where for p in schema_problems("f.json", {"n": True, "xs": [1]}, SCHEMA)] == ["$.n"]
    assert [p.where for p in schema_problems("f.json", {"n": 32, "xs": (1,)}, SCHEMA)] == ["$.xs"]
    # The same content under another name is reported under that name.
    assert [p.file for p in schema_problems("g.json", {"n": 32.0}, SCHEMA)] == ["g.json"]
    # A second ask gives the same answer, and changing the answer given changes nothing kept.
    first = schema_problems("f.json", {"n": 32.0}, SCHEMA)
    first.clear()
    assert len(schema_problems("f.json", {"n": 32.0}, SCHEMA)) == 1


ITEMS = {"type": "object", "properties": {"rows": {"type": "array", "items": {
    "type": "object", "required": ["n"], "additionalProperties": False,
    "properties": {"n": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}}}}
STRICTER = {"type": "object", "properties": {"rows": {"type": "array", "items": {
    "type": "object", "required": ["n", "tags"], "properties": {"n": {"type": "integer", "maximum": 5}}}}}}


def test_an_item_found_clean_is_checked_again_once_it_changes_or_under_another_schema():
    """The editor checks the whole scenario after each edit, and passes over the counters it
    already found clean: an edited one, an equal one under a stricter schema, and one that is
    a float where an int was, are each checked and reported at their place."""
    rows = [{"n": i, "tags": ["a"]} for i in range(4)]
    assert schema_problems("f.json", {"rows": rows}, ITEMS) == []
    rows[2]["tags"].append(7)
    rows[3]["n"] = 3.0
    assert [p.where for p in schema_problems("f.json", {"rows": rows}, ITEMS)] == ["$.rows[2].tags[1]", "$.rows[3].n"]
    rows[2]["tags"].pop()
    rows[3]["n"] = 3
    assert schema_problems("f.json", {"rows": rows, "x": 1}, ITEMS) == []
    assert [p.where for p in schema_problems("f.json", {"rows": rows, "x": 1}, STRICTER)] == []
    rows[0]["n"] = 9
    assert [p.where for p in schema_problems("f.json", {"rows": rows}, STRICTER)] == ["$.rows[0].n"]
    assert schema_problems("f.json", {"rows": [{"n": 1}]}, ITEMS) == []
    assert [p.where for p in schema_problems("f.json", {"rows": [{"n": 1}]}, STRICTER)] == ["$.rows[0]"]
