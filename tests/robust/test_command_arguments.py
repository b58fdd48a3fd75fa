"""Command-line arguments a user can get wrong: refused with a one-line error, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.cli import main

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "bofa1984.json"


@pytest.mark.parametrize("argv", [
    ["play", "--seed", "-1"],
    ["play", "--advance", "-5"],
    ["screenshot", "--mode", "play", "-o", "x.png", "--seed", "-1"],
    ["screenshot", "--mode", "play", "-o", "x.png", "--advance", "-5"],
])
def test_negative_seeds_and_action_counts_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "is negative; expected 0 or more" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["render", str(MAP), "-o", "{out}", "--width", "200"],
    ["export", str(MAP), "--format", "node-link", "-o", "{out}"],
])
def test_an_output_folder_that_does_not_exist_is_an_error_not_created(tmp_path, capsys, argv):
    out = tmp_path / "no" / "such" / "dir" / "x.png"
    code = main([str(out) if a == "{out}" else a for a in argv])
    err = capsys.readouterr().err
    assert code == 2
    assert f"the folder {out.parent} does not exist" in err and "Traceback" not in err
    assert not (tmp_path / "no").exists()


def _scenario_with_missing_zone(tmp_path: Path) -> Path:
    data = json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8"))
    data["map"] = str(MAP)
    data["order_of_battle"]["setup"][0]["zone"] = "setup.nowhere"
    path = tmp_path / "bad-zone.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("argv", [
    ["validate", "{file}"],
    ["simulate", "{file}", "--games", "1"],
    ["screenshot", "--mode", "play", "{file}", "-o", "{out}"],
    ["play", "{file}", "--seed", "1"],
])
def test_every_command_names_a_zone_the_map_lacks(tmp_path, capsys, qapp, argv):
    path = _scenario_with_missing_zone(tmp_path)
    code = main([a.replace("{file}", str(path)).replace("{out}", str(tmp_path / "x.png")) for a in argv])
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert code in (1, 2)
    assert "$.order_of_battle.setup[0].zone: the map has no area 'setup.nowhere'" in out
    assert "Traceback" not in out
    assert not (tmp_path / "x.png").exists()
