"""The shipped Basic Game scenario: counter manifest, order of battle, schema and errors."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from build_bofa1984 import scenario as build_scenario

from bofa_studio.jsonfile import DataFileError
from bofa_studio.scenario import (
    SCENARIO_FORMAT,
    load_scenario,
    scenario_from_dict,
    validate_scenario_file,
)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "scenarios" / "bofa1984-basic.json"


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def test_shipped_scenario_loads_and_validates():
    scenario = load_scenario(SHIPPED)
    assert scenario.data["format"] == SCENARIO_FORMAT
    assert scenario.data["version"] == 1
    assert Path(scenario.map_path).name == "bofa1984.json"
    assert validate_scenario_file(str(SHIPPED)) == []


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.json")), ids=lambda p: p.name)
def test_every_shipped_scenario_names_a_shipped_map(path):
    """A shipped scenario must find its map wherever the checkout or the install lives: the
    reference is relative and stays inside the project's maps/ folder (a variant once saved from a
    scratch copy pointed at ../../../tmp/..., and worked only on the machine that made it)."""
    scenario = load_scenario(path)
    ref = Path(scenario.data["map"])
    assert not ref.is_absolute(), f"{path.name}: map {ref} is absolute"
    assert Path(scenario.map_path).resolve().parent == (ROOT / "maps").resolve(), f"{path.name}: map {ref}"
    assert Path(scenario.map_path).is_file()


def test_shipped_scenario_is_what_the_builder_writes(data):
    """The JSON is the source of truth, but it must not drift from its generator unnoticed."""
    rebuilt = build_scenario(data["default_placement"])
    assert rebuilt == data


def test_counter_manifest_matches_the_counters_section(data):
    """The Counters: Bard and his 6 Men ... the 8 wolves, the 5 wargs (140 playing pieces)."""
    by_command = Counter((c["command"], c["kind"]) for c in data["counters"])
    expected_units = {
        "men": 6, "eagles": 4, "dwarves": 8, "elves": 20, "dark": 5, "azug": 18, "thuk": 17,
        "thrak": 15, "osag": 10, "gurash": 10, "wolves": 8, "wargs": 5,
    }
    for command, n in expected_units.items():
        assert by_command[(command, "unit")] == n, command
    leaders = {c["id"] for c in data["counters"] if c["kind"] == "leader"}
    assert leaders == {"bard", "bilbo", "gwaihir", "beorn", "gandalf", "thorin", "dain", "thranduil",
                       "bolg", "azug", "thuk", "thrak", "osag", "gurash"}
    assert len(data["counters"]) == 140


def test_colours_follow_the_counters_section(data):
    colour = {c["id"]: c["colour"] for c in data["counters"]}
    assert colour["bard"] == colour["man_archer_1"] == "medium_blue"
    assert colour["bilbo"] == colour["gwaihir"] == colour["giant_eagle_1"] == "light_blue"
    assert colour["beorn"] == colour["gandalf"] == colour["thorin"] == colour["dain"] == "grey"
    assert colour["thranduil"] == colour["elf_archer_1"] == "green"
    assert colour["wolf_1"] == "brown_black" and colour["warg_1"] == "brown_darkbrown"


def test_every_counter_value_has_a_provenance(data):
    for c in data["counters"]:
        for key in ("full", "reduced"):
            assert c["provenance"][key].split()[0] in ("rulebook", "reconstructed"), c["id"]
        assert {"strength", "movement", "bow"} <= set(c["full"])


def test_rulebook_values_are_marked_rulebook(data):
    """B-8: Elf archers bow 6, goblin archers 4, Bard 1; sample counters 7(6)-7, 4(4)-5, 3-10 ..."""
    by_id = {c["id"]: c for c in data["counters"]}
    assert by_id["elf_archer_1"]["full"] == {"strength": 7, "movement": 7, "bow": 6}
    assert by_id["azug_goblin_archer_1"]["full"] == {"strength": 4, "movement": 5, "bow": 4}
    assert by_id["bard"]["full"]["bow"] == 1
    assert by_id["giant_eagle_1"]["full"]["strength"] == 3 and by_id["giant_eagle_1"]["full"]["movement"] == 10
    assert by_id["beorn"]["full"]["strength"] == 8
    assert by_id["gandalf"]["full"]["strength"] == 5
    for cid in ("elf_archer_1", "bard", "giant_eagle_1", "beorn", "gandalf", "thorin", "gurash"):
        assert by_id[cid]["provenance"]["full"].startswith("rulebook"), cid
    assert by_id["dain"]["provenance"]["full"].startswith("reconstructed")


def test_basic_game_removes_two_elf_spearmen_and_one_archer(data):
    """B-2 note: in the Basic Game 2 (7-7) spearmen and 1 (7-7) archer are removed."""
    removed = data["order_of_battle"]["removed"]["counters"]
    types = Counter(next(c["type"] for c in data["counters"] if c["id"] == r) for r in removed)
    assert types == {"elf_spearman": 2, "elf_archer": 1}
    setup_ids = {cid for e in data["order_of_battle"]["setup"] for cid in e["counters"]}
    assert not setup_ids & set(removed)


def test_b2_setup_zones_and_b5_schedule(data):
    """B-2 zones; B-5: Second Wave turn 4, Third Attack turn 5, Eagles turn 7, Beorn turn 8."""
    zones = {e["zone"]: set(e["counters"]) for e in data["order_of_battle"]["setup"]}
    assert {"thranduil", "bilbo", "gandalf"} <= zones["setup.free_peoples.nw"]
    assert {"bard", "dain"} <= zones["setup.free_peoples.ne"]
    assert zones["setup.thorin"] == {"thorin"}
    assert {"thrak", "thuk", "azug", "wolf_1"} <= zones["setup.dark"]
    schedule = {r["name"]: r for r in data["order_of_battle"]["reinforcements"]}
    assert schedule["Second Wave"]["turn"] == 4 and "gurash" in schedule["Second Wave"]["counters"]
    assert schedule["Second Wave"]["alternatives"]["option"] == "s5_second_wave_roll"
    assert schedule["Third Attack"]["turn"] == 5 and "bolg" in schedule["Third Attack"]["counters"]
    assert schedule["Giant Eagles"]["turn"] == 7 and schedule["Beorn"]["turn"] == 8
    assert schedule["Beorn"]["entry"]["circle"] is True


def test_chip_mix_grows_at_turn_4(data):
    """B-2/B-3: 3 MOVE + COMBAT + F/C + FIRE; one more FIRE and COMBAT from turn 4; 4 then 6 phases."""
    early, late = data["chips"]["mix"]
    assert early["chips"] == {"move": 3, "combat": 1, "fire_combat": 1, "fire": 1} and early["phases"] == 4
    assert late["chips"] == {"move": 3, "combat": 2, "fire_combat": 1, "fire": 2} and late["phases"] == 6
    assert data["turns"] == 12


def test_every_player_choice_is_a_named_option(data):
    assert data["rules"]["level"] == "basic"
    assert set(data["rules"]["options"]) >= {
        "o1_bat_attack", "o3_thorin", "o4_hysteria", "o5_goblin_leaders", "o6_variable_reinforcements",
        "o7_additional_stacking", "o8_extra_elves", "o9_extra_turns", "s5_second_wave_roll",
    }
    assert not any(data["rules"]["options"].values())


# -- malformed files ----------------------------------------------------------------


def _write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_wrong_type_names_file_path_and_expectation(tmp_path, data):
    bad = copy.deepcopy(data)
    bad["counters"][3]["full"]["strength"] = "eight"
    path = _write(tmp_path, bad)
    with pytest.raises(DataFileError) as err:
        load_scenario(path)
    problem = err.value.problems[0]
    assert problem.file == str(path)
    assert problem.where == "$.counters[3].full.strength"
    assert "expected integer" in problem.message


def test_unknown_counter_in_setup_is_reported(tmp_path, data):
    bad = copy.deepcopy(data)
    bad["order_of_battle"]["setup"][0]["counters"].append("nazgul")
    problems = scenario_from_dict(bad, "x.json")
    assert [p.where for p in problems] == ["$.order_of_battle.setup[0].counters[20]"]
    assert "nazgul" in problems[0].message


def test_unknown_option_is_rejected(tmp_path, data):
    bad = copy.deepcopy(data)
    bad["rules"]["options"]["o99_dragons"] = True
    problems = scenario_from_dict(bad, "x.json")
    assert problems[0].where == "$.rules.options"
    assert "o99_dragons" in problems[0].message


def test_provenance_must_say_rulebook_or_reconstructed(data):
    bad = copy.deepcopy(data)
    bad["tables"]["combat"]["rows"][0]["cells"][0]["provenance"] = "guessed"
    problems = scenario_from_dict(bad, "x.json")
    assert problems[0].where == "$.tables.combat.rows[0].cells[0].provenance"


def test_not_a_scenario_is_unreadable(tmp_path):
    path = _write(tmp_path, {"format": "something-else"})
    with pytest.raises(DataFileError) as err:
        load_scenario(path)
    assert err.value.unreadable
    assert err.value.problems[0].where == "$.format"


def test_chip_mix_must_cover_every_turn(data):
    bad = copy.deepcopy(data)
    bad["chips"]["mix"][1]["from_turn"] = 5
    problems = scenario_from_dict(bad, "x.json")
    assert any(p.where == "$.chips.mix" and "4" in p.message for p in problems)


def test_default_placement_is_checked_against_the_map_and_the_rules(tmp_path, data):
    bad = copy.deepcopy(data)
    bad["map"] = str(ROOT / "maps" / "bofa1984.json")
    bad["default_placement"]["bard"] = "9999"
    path = _write(tmp_path, bad)
    assert validate_scenario_file(str(path)) == [
        "$.default_placement.bard: hex 9999 is off the map (32 columns x 24 rows)"]
    bad["default_placement"]["bard"] = data["default_placement"]["bard"]
    bad["default_placement"]["dain"] = data["default_placement"]["thorin"]
    path = _write(tmp_path, bad)
    assert validate_scenario_file(str(path)) == ["$.default_placement: B-2: Dain Ironfoot must be set up in its zone"]


def test_a_turn_in_two_chip_mixes_is_a_problem(data):
    # The game uses the first mix covering a turn; the author of the second would never see it used.
    bad = copy.deepcopy(data)
    bad["chips"]["mix"].append({**bad["chips"]["mix"][1], "from_turn": 12, "to_turn": 12})
    problems = scenario_from_dict(bad, "x.json")
    assert [(p.where, p.message) for p in problems] == [
        ("$.chips.mix[2]", "turn(s) 12 already have a chip mix ($.chips.mix[1]), which the game would use")]


def _map_without_ruleset(tmp_path: Path, edit) -> Path:
    """The shipped map, meant for no ruleset, with ``edit`` applied to its JSON."""
    board = json.loads((ROOT / "maps" / "bofa1984.json").read_text(encoding="utf-8"))
    board.pop("ruleset")
    edit(board)
    path = tmp_path / "variant-map.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    return path


def test_the_scenarios_ruleset_checks_its_map(tmp_path, data):
    """A map that names no ruleset is still held to the rules of the scenario that plays on it
    (B-6: the Front Gate is entered "only from 2 plain hexes")."""
    map_path = _map_without_ruleset(tmp_path, lambda m: m["hexsides"].pop("1606/1607"))
    scenario = copy.deepcopy(data)
    scenario["map"] = map_path.name
    problems = validate_scenario_file(str(_write(tmp_path, scenario)))
    assert problems == [
        "$.map (variant-map.json): 1606: the Front Gate must be reachable from exactly two plain hexes (B-6); "
        "it is open to: 1507, 1607, 1707"]


def test_a_map_meant_for_another_ruleset_is_named(tmp_path, data):
    map_path = _map_without_ruleset(tmp_path, lambda m: m.update(ruleset="duel"))
    scenario = copy.deepcopy(data)
    scenario["map"] = map_path.name
    problems = validate_scenario_file(str(_write(tmp_path, scenario)))
    assert "$.map (variant-map.json): ruleset: the map is meant for ruleset 'duel', but this scenario plays 'bofa1984'" in problems


def test_an_editors_copy_of_a_scenario_shares_nothing_with_it():
    """The editors copy a scenario for every undo step (copy_json, a faster deepcopy for JSON
    data): changing the copy anywhere, however deep, must leave the original as it was."""
    import json

    from bofa_studio.jsonfile import copy_json

    data = json.loads((ROOT / "scenarios" / "bofa1984-standard.json").read_text(encoding="utf-8"))
    data["extra"] = {"pairs": ([1, 2], {3})}  # not JSON: a tuple of a list, a set
    before = json.dumps({k: v for k, v in data.items() if k != "extra"}, sort_keys=True)
    copied = copy_json(data)
    assert copied == data
    copied["order_of_battle"]["setup"][0]["zone"] = "elsewhere"
    copied["counters"][0]["flags"].append("changed")
    copied["extra"]["pairs"][0].append(3)
    copied["extra"]["pairs"][1].add(4)
    assert json.dumps({k: v for k, v in data.items() if k != "extra"}, sort_keys=True) == before
    assert data["extra"] == {"pairs": ([1, 2], {3})}
