"""``bofa-studio simulate``: complete headless games, deterministic; the speed goes to stderr."""

from __future__ import annotations

import json
from pathlib import Path

from bofa_studio.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "bofa1984-basic.json")


def run_json(capsys, *args: str) -> tuple[int, dict]:
    code = main(["simulate", SCENARIO, *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_simulate_plays_complete_games_without_violations(capsys):
    code, report = run_json(capsys, "--games", "2", "--seed", "1")
    assert code == 0
    assert report["games"] == 2 and report["violations"] == []
    assert report["mean_actions"] > 100
    played = sum(v if isinstance(v, int) else sum(v.values()) for v in report["winners"].values())
    assert played == 2
    assert set(report["winners"]) <= {"free_peoples", "dark", "draw"}


def test_same_seed_same_output_byte_for_byte(capsys):
    """Issue 4's acceptance: a second run gives the same output; the speed goes to stderr."""
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "7", "--json"]) == 0
    first = capsys.readouterr()
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "7", "--json"]) == 0
    second = capsys.readouterr()
    assert first.out == second.out
    assert "games per second" in first.err
    _, other = run_json(capsys, "--games", "1", "--seed", "8")
    assert other != json.loads(first.out)


def test_report_names_the_rule_options_in_force(capsys):
    """The scenario's own options count, not only those switched on with --option."""
    tournament = str(Path(SCENARIO).parent / "bofa1984-tournament.json")
    assert main(["simulate", tournament, "--games", "1", "--seed", "1", "--json"]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    assert {"o1_bat_attack", "o3_thorin", "o4_hysteria", "o5_goblin_leaders"} <= set(options)


def test_text_output(capsys):
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "1 games of" in out and "invariant violations: 0" in out


def test_bad_players_are_a_usage_error(capsys):
    assert main(["simulate", SCENARIO, "--players", "random"]) == 2
    assert "--players" in capsys.readouterr().err


def test_unreadable_scenario(tmp_path, capsys):
    assert main(["simulate", str(tmp_path / "missing.json")]) == 2
    assert "file not found" in capsys.readouterr().err


def test_validate_covers_scenario_files(tmp_path, capsys):
    assert main(["validate", SCENARIO]) == 0
    data = json.loads(Path(SCENARIO).read_text(encoding="utf-8"))
    data["turns"] = 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert f"{bad}: $.turns:" in capsys.readouterr().out


def test_validate_checks_the_scenario_against_its_map(tmp_path, capsys):
    data = json.loads(Path(SCENARIO).read_text(encoding="utf-8"))
    data["map"] = str(ROOT / "maps" / "bofa1984.json")
    data["order_of_battle"]["setup"][0]["zone"] = "setup.nowhere"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "the map has no area 'setup.nowhere'" in capsys.readouterr().out


def test_named_options_can_be_switched_on(capsys):
    code, report = run_json(capsys, "--games", "1", "--seed", "3", "--option", "s5_second_wave_roll")
    assert code == 0 and report["options"] == ["s5_second_wave_roll"] and report["violations"] == []
    assert main(["simulate", SCENARIO, "--option", "o0_nonsense"]) == 2
    assert "unknown option" in capsys.readouterr().err
    code, report = run_json(capsys, "--games", "1", "--seed", "3", "--option", "o6_variable_reinforcements")
    assert code == 0 and report["violations"] == []
