"""Acceptance: an author makes a variant from the default scenario, saves it, validates it clean and
simulates it; the shipped variants validate and play; the commands work headless."""

from __future__ import annotations

from pathlib import Path

import pytest

from bofa_studio.cli import main
from bofa_studio.scenario import validate_scenario_file
from bofa_studio.ui.scenario_editor import edits

from .conftest import ROOT

# The simulations here run in this process (--jobs 1): the report is the same for any --jobs
# (tests/commands/test_simulate.py checks that), and forking the test run's gigabyte of memory
# for two games cost more than the games.
VARIANTS = {
    "bofa1984-extended.json": ["o9_extra_turns"],
    "bofa1984-variable-reinforcements.json": ["o6_variable_reinforcements"],
    "bofa1984-mountain-road.json": [],
}


def test_author_makes_saves_validates_and_simulates_a_variant(editor, tmp_path, capsys):
    m = editor.model
    # Eagles a turn early, from the north-west only, and Dain's Dwarves stand further back.
    editor.reinforcements.list.setCurrentRow(2)
    editor.reinforcements.turn.setValue(6)
    editor.reinforcements.groups["north_east"].setChecked(False)
    free = [h for h in sorted(m.board.area("setup.free_peoples.ne")) if h not in m.stacks()]
    edits.place(m, "dain", free[-1])
    edits.set_meta(m, "name", "Early Eagles")
    editor.problems.refresh()
    assert editor.problems.errors() == []
    target = tmp_path / "scenarios" / "early-eagles.json"
    assert editor.save_as(str(target))
    assert validate_scenario_file(str(target)) == []
    assert main(["validate", str(target)]) == 0
    assert main(["simulate", str(target), "--games", "2", "--seed", "3", "--jobs", "1"]) == 0
    assert "invariant violations: 0" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_shipped_variants_validate_and_simulate(name, capsys):
    from bofa_studio.rules.bofa1984.game import IMPLEMENTED_OPTIONS

    path = ROOT / "scenarios" / name
    missing = [o for o in VARIANTS[name] if o not in IMPLEMENTED_OPTIONS]
    if missing:
        pytest.skip(f"the engine does not implement {', '.join(missing)} yet")
    assert validate_scenario_file(str(path)) == []
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["meta"]["description"]
    assert all(data["rules"]["options"][o] for o in VARIANTS[name])
    assert main(["simulate", str(path), "--games", "2", "--seed", "1", "--jobs", "1"]) == 0
    assert "invariant violations: 0" in capsys.readouterr().out


def test_screenshot_command_writes_the_editor(tmp_path, qapp):
    out = tmp_path / "shot.png"
    assert main(["screenshot", "--mode", "edit-scenario", str(ROOT / "scenarios" / "bofa1984-basic.json"),
                 "-o", str(out), "--size", "1200x800"]) == 0
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert (image.width(), image.height()) == (1200, 800)


def test_edit_scenario_refuses_a_broken_file_without_a_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bofa-studio.scenario", "version": 1, "turns": "many"}')
    assert main(["edit-scenario", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "cannot open" in err and "Traceback" not in err
    assert main(["edit-scenario", str(tmp_path / "missing.json")]) == 2


def test_play_action_follows_play_mode(editor):
    from bofa_studio.ui.scenario_editor.play_link import play_entry

    entry, why = play_entry()
    assert editor.play_action.isEnabled() == (entry is not None)
    assert editor.play_action.toolTip() == why


def test_shipped_rule_texts_match_the_rulebook_sections():
    from bofa_studio.ui.scenario_editor.rules_panel import rule_texts

    texts = rule_texts()
    assert {"o1_bat_attack", "o6_variable_reinforcements", "o9_extra_turns"} <= set(texts["options"])
    assert texts["sections"]["B-9"]["text"].startswith("These stacking restrictions")
    assert Path(ROOT / "bofa_studio" / "ui" / "scenario_editor" / "rule_texts.json").is_file()
