"""Scenarios of rulesets other than the 1984 game: a shared envelope, then the ruleset's own checks."""

import importlib.util
import json
from pathlib import Path

import pytest

from bofa_studio.jsonfile import DataFileError
from bofa_studio.scenario import load_scenario, scenario_from_dict
from bofa_studio.scenario.editing import open_scenario

ROOT = Path(__file__).resolve().parents[2]
HELMS = ROOT / "scenarios" / "helms-deep.json"


def _data() -> dict:
    return json.loads(HELMS.read_text(encoding="utf-8"))


def test_the_envelope_is_checked_before_the_ruleset():
    data = _data()
    del data["map"]
    problems = [str(p) for p in scenario_from_dict(data, "hd.json")]
    assert any("hd.json: $" in p and "'map'" in p for p in problems)


def test_an_unknown_ruleset_is_named():
    data = {**_data(), "ruleset": "minas_tirith"}
    problems = [str(p) for p in scenario_from_dict(data, "mt.json")]
    # Other tests may register rulesets of their own, so only the start of the list is fixed.
    assert len(problems) == 1 and problems[0].startswith("mt.json: $.ruleset: unknown ruleset 'minas_tirith'; known: ")
    assert "helmsdeep" in problems[0] and "bofa1984" in problems[0]


def test_the_ruleset_checks_its_own_fields():
    data = _data()
    data["setup"]["required"]["dunlending-sword-54-1"] = "F-5"
    problems = [str(p) for p in scenario_from_dict(data, "hd.json")]
    assert problems == ["hd.json: $.setup.required.dunlending-sword-54-1: not a second-player unit (VII)"]


def test_the_shipped_scenario_loads_and_is_what_its_script_writes(tmp_path):
    assert load_scenario(HELMS).data["ruleset"] == "helmsdeep"
    spec = importlib.util.spec_from_file_location("make_hd_scenario", ROOT / "scripts" / "make_helms_deep_scenario.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    script.main(["-o", str(tmp_path / "s.json")])
    assert (tmp_path / "s.json").read_text(encoding="utf-8") == HELMS.read_text(encoding="utf-8")


def test_the_scenario_editor_says_plainly_it_cannot_edit_another_ruleset():
    with pytest.raises(DataFileError, match=r"\$.ruleset: this scenario is for the helmsdeep rules"):
        open_scenario(HELMS)
