"""Files someone hands you: every loader refuses a hostile file with a DataFileError naming
the file, the place and what was expected, quickly and in bounded memory, before any rules
code runs (issue: "a file someone hands you never crashes, hangs or loses a game")."""

from __future__ import annotations

import copy
import json
import os
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from bofa_studio.board import load_map
from bofa_studio.jsonfile import MAX_DEPTH, DataFileError, read_json_object, schema_problems
from bofa_studio.scenario import load_scenario
from bofa_studio.session import Session, load_session

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "bofa1984.json"
SCENARIO = ROOT / "scenarios" / "bofa1984-basic.json"
SAVE = ROOT / "tests" / "data" / "v1-standard.bofa-save.json"


@cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def original(path: Path) -> dict:
    return json.loads(_text(path))


def scenario_data() -> dict:
    data = original(SCENARIO)
    data["map"] = str(MAP)
    return data


def write(tmp_path: Path, data: dict | str, name: str = "file.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def problems(load, path: Path) -> list[tuple[str, str]]:
    with pytest.raises(DataFileError) as info:
        load(path)
    assert all(p.file == str(path) for p in info.value.problems)
    return [(p.where, p.message) for p in info.value.problems]


# -- hangs and memory ------------------------------------------------------------------


def test_a_scenario_whose_setup_order_names_one_side_twice_is_refused(tmp_path):
    # It used to loop for ever in validate, simulate and play, setting up the same side.
    data = scenario_data()
    data["order_of_battle"]["setup_order"] = ["free_peoples", "free_peoples"]
    [(where, message)] = problems(load_scenario, write(tmp_path, data))
    assert where == "$.order_of_battle.setup_order" and "listed twice" in message


def test_a_reinforcement_with_no_way_onto_the_map_is_refused(tmp_path):
    # Found by scripts/fuzz.py (save case 72): an emptied entry loaded, then play crashed
    # looking for its entry triangles.
    data = scenario_data()
    data["order_of_battle"]["reinforcements"][1]["entry"] = {}
    [(where, message)] = problems(load_scenario, write(tmp_path, data))
    assert where == "$.order_of_battle.reinforcements[1].entry" and "could never enter" in message


def test_entry_roll_alternatives_must_give_every_face_of_the_die_one_edge(tmp_path):
    # S-5: a roll no alternative covers would have crashed the roll.
    data = original(ROOT / "scenarios" / "bofa1984-variable-reinforcements.json")
    data["map"] = str(MAP)
    rolls = data["order_of_battle"]["reinforcements"][0]["alternatives"]["rolls"]
    rolls[-1]["max"] -= 1  # 10 is no longer covered
    rolls.append({"min": 1, "max": 1, "groups": ["north_west"]})  # 1 now twice
    found = problems(load_scenario, write(tmp_path, data))
    where = "$.order_of_battle.reinforcements[0].alternatives.rolls"
    assert (where, "no alternative for a roll of 10 (every face of the d10 must pick one)") in found
    assert any(w == f"{where}[{len(rolls) - 1}]" and "a roll of 1 is already given" in m for w, m in found)


def test_a_counter_with_a_billion_movement_points_is_refused(tmp_path):
    # It used to allocate a billion-entry movement table.
    data = scenario_data()
    data["counters"][3]["full"]["movement"] = 1_000_000_000
    [(where, message)] = problems(load_scenario, write(tmp_path, data))
    assert where == "$.counters[3].full.movement" and "out of range (maximum 99)" in message


def test_a_chip_mix_over_a_billion_turns_is_refused(tmp_path):
    data = scenario_data()
    data["chips"]["mix"][0]["to_turn"] = 1_000_000_000
    assert ("$.chips.mix[0].to_turn", "1000000000 is out of range (maximum 99)") in problems(
        load_scenario, write(tmp_path, data))


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_not_read_as_a_map(tmp_path, device):
    if not os.path.exists(device):
        pytest.skip("no such device here")
    assert problems(load_map, Path(device)) == [
        ("$", "is not a regular file (a device, pipe or socket); expected a JSON file")]
    data = scenario_data()
    data["map"] = device
    [(where, message)] = problems(load_scenario, write(tmp_path, data))
    assert where == "$.map" and f"the map {device} is not a regular file" in message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "map.json"
    os.mkfifo(pipe)
    assert problems(load_map, pipe) == [
        ("$", "is not a regular file (a device, pipe or socket); expected a JSON file")]
    assert problems(load_session, pipe)[0][0] == "$"


def test_a_file_over_its_kinds_size_limit_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    import bofa_studio.jsonfile as jsonfile

    monkeypatch.setitem(jsonfile.SIZE_LIMITS, "bofa-studio.map", 1000)
    parsed = []
    monkeypatch.setattr(jsonfile, "parse_json", lambda *a: parsed.append(a))
    [(where, message)] = problems(load_map, MAP)
    assert where == "$" and "a map file may be at most 1000 bytes" in message
    assert not parsed


def test_a_long_mixed_list_is_checked_for_duplicates_without_comparing_every_pair(monkeypatch):
    # jsonschema compares all pairs of an unsortable (mixed) list: 22 s for an 86 KB map.
    def pairwise(*_args):
        raise AssertionError("the quadratic uniqueness check ran")

    monkeypatch.setattr(jsonschema._utils, "uniq", pairwise)
    schema = {"type": "array", "uniqueItems": True}
    mixed = [x for i in range(5000) for x in (i, str(i))]
    assert schema_problems("f", mixed, schema) == []
    [problem] = schema_problems("f", [*mixed, "17"], schema)
    assert problem.message == "'17' is listed twice; expected each item once"


# -- crashes: strict types, labels, numbers, nesting -----------------------------------------


def test_a_whole_number_written_with_a_decimal_point_is_not_an_integer(tmp_path):
    data = original(MAP)
    data["grid"]["columns"] = 32.0
    [(where, message)] = problems(load_map, write(tmp_path, data))
    assert where == "$.grid.columns"
    assert message == "expected a whole number written without a decimal point, found 32.0"

    scenario = scenario_data()
    scenario["turns"] = 12.0
    scenario["counters"][0]["full"]["movement"] = 4.0
    wheres = [w for w, _ in problems(load_scenario, write(tmp_path, scenario))]
    assert wheres == ["$.counters[0].full.movement", "$.turns"]

    save = original(SAVE)
    save["seed"] = 3.0
    assert [w for w, _ in problems(load_session, write(tmp_path, save))] == ["$.seed"]


def test_hex_label_0000_is_malformed(tmp_path):
    data = original(MAP)
    data["hexes"]["0000"] = {"terrain": "plain"}
    data["hexsides"]["0000/0001"] = ["river"]
    found = problems(load_map, write(tmp_path, data))
    assert [(where, message.split(" does not")[0]) for where, message in found] == [
        ("$.hexes", "'0000'"), ("$.hexsides", "'0000/0001'")]
    scenario = scenario_data()
    scenario["default_placement"]["bard"] = "0000"
    assert [w for w, _ in problems(load_scenario, write(tmp_path, scenario))] == ["$.default_placement.bard"]


def test_a_4301_digit_number_is_refused_with_its_line(tmp_path):
    text = _text(MAP).replace('"columns": 32', '"columns": 3' + "2" * 4300, 1)
    [(where, message)] = problems(load_map, write(tmp_path, text))
    assert where.startswith("line ") and "a number of 4301 digits; expected at most 40" in message
    text = _text(MAP).replace('"columns": 32', '"columns": 3' + "2" * 400 + ".5", 1)
    assert "characters; expected at most 40" in problems(load_map, write(tmp_path, text))[0][1]
    text = _text(MAP).replace('"columns": 32', '"columns": 1e999', 1)
    assert "too large" in problems(load_map, write(tmp_path, text))[0][1]
    text = _text(MAP).replace('"columns": 32', '"columns": NaN', 1)
    assert "NaN is not a JSON number" in problems(load_map, write(tmp_path, text))[0][1]


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_nesting_is_refused(tmp_path, depth):
    text = '{"format": "bofa-studio.map", "meta": ' + "[" * depth + "]" * depth + "}"
    [(where, message)] = problems(load_map, write(tmp_path, text))
    assert f"nested more than {MAX_DEPTH} levels deep" in message


def test_a_lone_surrogate_is_refused_when_loaded_not_when_saved(tmp_path):
    # It used to load, then make every save raise UnicodeEncodeError.
    text = _text(MAP).replace('"name": "', '"name": "\\ud800', 1)
    [(where, message)] = problems(load_map, write(tmp_path, text))
    assert where == "$.meta.name" and "lone surrogate (\\ud800)" in message

    save = _text(SAVE).replace('"actions": [', '"actions": [{"type": "EndPhase", "\\udfff": 1}, ', 1)
    [(where, message)] = problems(load_session, write(tmp_path, save))
    assert where == "$.actions[0]" and "a key holds a lone surrogate (\\udfff)" in message


@pytest.mark.parametrize("text", ["[]", "3", '"map"', "", "{", "\ufeff{}"])
def test_files_that_are_not_a_json_object_are_unreadable(tmp_path, text):
    with pytest.raises(DataFileError) as info:
        read_json_object(write(tmp_path, text))
    assert info.value.unreadable


def test_a_format_that_is_not_a_string_is_named(tmp_path):
    assert problems(load_map, write(tmp_path, '{"format": ["bofa-studio.map"]}')) == [
        ("$.format", "expected 'bofa-studio.map', found ['bofa-studio.map']")]


# -- a scenario against its map, wherever it is loaded ------------------------------------


def _scenario_naming_missing_places() -> dict:
    data = scenario_data()
    data["order_of_battle"]["setup"][0]["zone"] = "setup.nowhere"
    data["victory"]["locations"][0] = "victory.atlantis"
    return data


EXPECTED_MISSING = [
    ("$.order_of_battle.setup[0].zone", "the map has no area 'setup.nowhere'"),
    ("$.victory.locations", "the map has no area 'victory.atlantis'"),
]


def test_zones_and_victory_areas_are_checked_when_a_scenario_is_loaded_for_play(tmp_path):
    path = write(tmp_path, _scenario_naming_missing_places())
    assert problems(load_scenario, path) == EXPECTED_MISSING
    assert problems(Session.from_scenario_file, path) == EXPECTED_MISSING


def test_a_default_placement_off_the_map_is_checked_when_loaded(tmp_path):
    data = scenario_data()
    data["default_placement"]["bard"] = "9999"
    assert problems(load_scenario, write(tmp_path, data)) == [
        ("$.default_placement.bard", "hex 9999 is off the map (32 columns x 24 rows)")]


def test_a_saves_scenario_is_checked_against_the_saves_map(tmp_path):
    save = original(SAVE)
    save["scenario"]["order_of_battle"]["setup"][0]["zone"] = "setup.nowhere"
    assert problems(load_session, write(tmp_path, save)) == [
        ("$.scenario.order_of_battle.setup[0].zone", "the map has no area 'setup.nowhere'")]


def test_a_scenarios_map_is_found_beside_the_scenario_not_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "m.json").write_text(_text(MAP), encoding="utf-8")
    data = original(SCENARIO)
    data["map"] = "maps/m.json"
    (tmp_path / "s").mkdir()
    path = write(tmp_path / "s", data)
    monkeypatch.chdir(tmp_path)  # "maps/m.json" exists from here, but not from the scenario's folder
    [(where, message)] = problems(load_scenario, path)
    assert where == "$.map" and str(tmp_path / "s" / "maps" / "m.json") in message and "does not exist" in message
    data["map"] = "../maps/m.json"
    assert load_scenario(write(tmp_path / "s", data)).map_path == str(tmp_path / "maps" / "m.json")


def test_a_combat_row_with_no_cells_is_refused(tmp_path):
    data = scenario_data()
    data["tables"]["combat"]["rows"][2]["cells"] = []
    assert problems(load_scenario, write(tmp_path, data)) == [
        ("$.tables.combat.rows[2].cells", "0 cells; expected one per column (11)")]


def test_the_shipped_files_still_load():
    # The saves kept in tests/data are each replayed to their digest by tests/test_session.py
    # (which checks that it names every one of them); replaying them here again cost a second.
    assert load_map(MAP)
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        assert load_scenario(path).board is not None


def test_an_unchanged_copy_is_not_affected_by_the_checks():
    # The fixtures above edit copies: the cached text stays the shipped file's.
    assert copy.deepcopy(original(MAP)) == json.loads(MAP.read_text(encoding="utf-8"))
