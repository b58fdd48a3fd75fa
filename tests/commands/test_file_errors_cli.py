"""The command line on broken or unwritable files: one clear error, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.cli import main
from bofa_studio.resources import default_scenario_path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "bofa1984.json"


def blocked(tmp_path: Path, name: str) -> Path:
    (tmp_path / "not-a-folder").write_text("x")
    return tmp_path / "not-a-folder" / name


def _no_traceback(err: str) -> None:
    assert "Traceback" not in err


@pytest.fixture
def save_file(tmp_path) -> Path:
    from bofa_studio.board import load_map
    from bofa_studio.rules.core import CHANCE
    from bofa_studio.scenario import load_scenario
    from bofa_studio.session import Session

    scenario = load_scenario(default_scenario_path())
    session = Session(dict(scenario.data), load_map(scenario.map_path), 3)
    for _ in range(6):
        if session.current_player() == CHANCE:
            session.resolve_chance()
        session.apply(session.legal_actions()[0])
    path = tmp_path / "game.json"
    session.save(path)
    return path


@pytest.mark.parametrize("damage", ["truncated", "digest", "illegal", "wrong-type"])
def test_play_with_a_corrupted_save(save_file, tmp_path, capsys, damage):
    text = save_file.read_text("utf-8")
    if damage == "truncated":
        save_file.write_text(text[: len(text) // 2], "utf-8")
    else:
        data = json.loads(text)
        if damage == "digest":
            data["digest"] = "0" * len(data["digest"])
        elif damage == "illegal":
            data["actions"][1] = {"type": "EndPhase"}
        else:
            data["actions"][1] = {"type": "Move", "counters": ["bard"], "to": "0101", "path": 7}
        save_file.write_text(json.dumps(data), "utf-8")
    assert main(["play", str(save_file)]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert str(save_file) in err and "bofa-studio: error:" in err


def test_edit_scenario_with_a_truncated_file(tmp_path, capsys):
    text = default_scenario_path().read_text("utf-8")
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 3], "utf-8")
    assert main(["edit-scenario", str(path)]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert str(path) in err and "invalid JSON" in err


@pytest.mark.parametrize("fmt", ["node-link", "graphml"])
def test_export_to_an_unwritable_path(tmp_path, capsys, fmt):
    out = blocked(tmp_path, "out.json")
    assert main(["export", str(MAP), "--format", fmt, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert err.count("bofa-studio: error:") == 1 and str(out) in err and "not a folder" in err


def test_render_to_an_unwritable_path(tmp_path, capsys, qapp):
    out = blocked(tmp_path, "out.png")
    assert main(["render", str(MAP), "-o", str(out), "--width", "200"]) == 2
    err = capsys.readouterr().err
    _no_traceback(err)
    assert err.count("bofa-studio: error:") == 1 and str(out) in err and "not a folder" in err
