"""The scenario form of Helm's Deep, headless: its order of battle, reinforcement rounds,
victory points and levels edited as tables, undone, and saved to a file that validates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bofa_studio.jsonfile import DataFileError
from bofa_studio.scenario import load_scenario
from bofa_studio.scenario.form import FormDocument, scenario_form

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "helms-deep.json"


def table(doc: FormDocument, title: str) -> int:
    return next(i for i, t in enumerate(doc.tables) if t.title == title)


def row_of(doc: FormDocument, title: str, key: str, value: str) -> int:
    return next(i for i, r in enumerate(doc.rows(table(doc, title))) if r[key] == value)


def test_helms_deep_declares_its_tables_and_the_1984_game_none():
    titles = [t.title for t in scenario_form("helmsdeep")]
    assert titles == ["Order of battle", "Reinforcements", "Victory points", "Victory levels", "Time table"]
    assert scenario_form("bofa1984") is None


def test_edit_the_order_of_battle_reinforcements_and_points_then_save_a_file_that_validates(tmp_path):
    """VII's order of battle and reinforcement rounds, 8.2's points, 8.3's levels."""
    doc = FormDocument.open(str(SCENARIO))
    assert doc.problems() == []
    oob = table(doc, "Order of battle")
    doc.set_cell(oob, row_of(doc, "Order of battle", "id", "roh-sword-1"), "strength", "5")
    doc.set_cell(oob, row_of(doc, "Order of battle", "id", "roh-theoden"), "id", "theoden")
    assert doc.data["setup"]["commander"] == "theoden" and doc.data["setup"]["required"]["theoden"] == "F-11"
    arrivals = table(doc, "Reinforcements")
    doc.set_cell(arrivals, row_of(doc, "Reinforcements", "unit", "uruk-sword-44-4"), "round", "2")
    doc.set_cell(table(doc, "Victory points"), row_of(doc, "Victory points", "for", "a successful ladder storm"),
                 "points", "40")
    doc.set_cell(table(doc, "Victory levels"), 0, "min_points", "110")
    doc.add_row(oob)
    assert doc.rows(oob)[-1]["id"] == "unit-1" and doc.modified
    assert doc.problems() == []
    out = tmp_path / "my-helms-deep.json"
    doc.save(str(out))
    assert not doc.modified
    scenario = load_scenario(out)  # the checks of bofa-studio validate
    data = scenario.data
    assert next(u for u in data["units"] if u["id"] == "roh-sword-1")["strength"] == 5
    assert {"round": 2, "units": ["uruk-sword-44-4"]} in data["reinforcements"]
    assert data["victory"]["points"]["ladder_storm"] == 40 and data["victory"]["levels"][0]["min_points"] == 110

    from bofa_studio.rules.helmsdeep import HelmsDeepGame

    game = HelmsDeepGame(data, scenario.board)
    assert game.units["uruk-sword-44-4"].arrives == 2 and game.theoden == "theoden"


def test_bad_cells_are_refused_with_what_was_expected_and_change_nothing():
    doc = FormDocument.open(str(SCENARIO))
    before = doc.data
    oob = table(doc, "Order of battle")
    cases = [
        (oob, 0, "strength", "strong", "is not a whole number"),
        (oob, 0, "kind", "pike", "is not one of sword, archer"),
        (oob, 0, "id", "roh-passage-2", "is taken"),
        (oob, row_of(doc, "Order of battle", "id", "roh-sword-1"), "range", "3", "only archers have a range"),
        (table(doc, "Reinforcements"), 0, "round", "99", "is not in the time table (1 to 15)"),
        (table(doc, "Time table"), 0, "turns", "6", "reinforcements arrive on round 8"),
        (table(doc, "Time table"), 0, "bombs", "8, ten", "not a list of rounds"),
    ]
    for t, row, key, text, message in cases:
        with pytest.raises(ValueError, match=re.escape(message)):
            doc.set_cell(t, row, key, text)
    assert doc.data is before and not doc.modified


def test_undo_and_redo_a_removed_unit_everywhere_it_was_named():
    doc = FormDocument.open(str(SCENARIO))
    oob = table(doc, "Order of battle")
    doc.remove_row(oob, row_of(doc, "Order of battle", "id", "uruk-sword-24-5"))
    assert not any("uruk-sword-24-5" in r["units"] for r in doc.data["reinforcements"])
    assert doc.undo_text() == "Remove a row of Order of battle"
    assert doc.undo() and any("uruk-sword-24-5" in r["units"] for r in doc.data["reinforcements"])
    assert doc.redo() and doc.modified


def test_a_file_without_a_form_is_refused_naming_it(tmp_path):
    with pytest.raises(DataFileError, match="declare no scenario form"):
        FormDocument.open(str(SCENARIO.parent / "bofa1984-basic.json"))
