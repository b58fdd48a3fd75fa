"""``bofa-studio match`` and ``bofa-studio balance``: computer against computer from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bofa_studio.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "bofa1984-basic.json")


@pytest.mark.parametrize("args, message", [
    (["--free-peoples", "expert"], "--free-peoples: unknown level 'expert'; known: random, greedy"),
    (["--dark", "Normal"], "--dark: unknown level 'Normal'"),
    (["--games", "0"], "--games must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--player", "orcs=normal"], "--player orcs=normal: the game's sides are free_peoples, dark"),
    (["--option", "o99_dragons"], "unknown option(s) o99_dragons"),
])
def test_match_refuses_bad_arguments_with_one_clear_line(capsys, args, message):
    assert main(["match", SCENARIO, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_match_names_a_missing_scenario_file(capsys, tmp_path):
    missing = str(tmp_path / "nowhere.json")
    assert main(["match", missing]) == 2
    assert f"{missing}: file not found" in capsys.readouterr().err


def test_balance_needs_an_output_file_and_a_known_level(capsys, tmp_path):
    with pytest.raises(SystemExit):
        main(["balance", SCENARIO])
    assert main(["balance", SCENARIO, "--level", "genius", "-o", str(tmp_path / "b.html")]) == 2
    assert "--level: unknown level 'genius'" in capsys.readouterr().err


@pytest.mark.parametrize("where, message", [
    ("missing/b.html", "cannot be written: the folder"),
    (".", "is a folder, not a file"),
])
def test_balance_refuses_a_page_it_cannot_write_before_playing_a_game(capsys, tmp_path, where, message):
    out = str(tmp_path / where)
    assert main(["balance", SCENARIO, "--games", "40", "--level", "random", "-o", out]) == 2
    err = capsys.readouterr().err
    assert f"{out}: {message}" in err and "Traceback" not in err
    assert "games" not in err  # refused at once: not one game of the 40 was played


# Helm's Deep, whose games take a fifth of a Basic Game's time: what is checked here is the
# command (seeds per game, gathering in game order), which knows no ruleset.
@pytest.mark.slow
def test_match_json_is_the_same_twice_and_with_two_processes(capsys):
    args = ["match", str(ROOT / "scenarios" / "helms-deep.json"), "--player", "saruman=fast",
            "--player", "rohan=random", "--games", "2", "--seed", "3", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "2"]) == 0
    second = json.loads(capsys.readouterr().out)
    for report in (first, second):
        report.pop("decision_seconds")
    assert first == second
    assert first["games"] == 2 and sum(first["wins"].values()) == 2
    assert set(first["wins"]) == {"saruman", "rohan", "draw"} and "victory_levels" in first


@pytest.mark.slow
def test_balance_writes_a_page_with_the_map_of_losses(capsys, tmp_path):
    out = tmp_path / "report.html"
    assert main(["balance", SCENARIO, "--games", "1", "--level", "random", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "Win rate per side" in page and page.count("<polygon") > 500
    assert re.search(r"<title>\d{4}: \d+ lost</title>", page)  # a hex shaded by its losses
