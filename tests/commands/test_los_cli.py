"""``bofa-studio los``, as a user runs it: JSON out, one-line errors and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.board import Board, Terrain, save_map
from bofa_studio.cli import main
from bofa_studio.hexgrid import GridSpec


@pytest.fixture
def los_map(tmp_path: Path) -> Path:
    """A plain 10x10 flat board with a Dale hex at 0305 and a level-2 ridge hex at 0603."""
    board = Board(GridSpec(columns=10, rows=10))
    board.set_terrain(board.hex_at("0305"), Terrain.DALE)
    board.set_terrain(board.hex_at("0603"), Terrain.MOUNTAIN, 2)
    path = tmp_path / "los.json"
    save_map(board, path)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["los", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_clear_line_prints_json(los_map: Path, capsys: pytest.CaptureFixture[str]) -> None:
    'S-8: "A ruler can be laid from the centre of the archer\'s hex to the target hex."'
    code, out, _ = run(capsys, str(los_map), "0101", "0104")
    assert code == 0
    assert json.loads(out) == {"clear": True, "blocked_by": None, "crossed": ["0102", "0103"], "range": 3}


def test_dale_blocks_and_is_named(los_map: Path, capsys: pytest.CaptureFixture[str]) -> None:
    'S-8: "The town of Dale" blocks; the answer names the blocking hex.'
    code, out, _ = run(capsys, str(los_map), "0303", "0307")
    assert code == 0
    assert json.loads(out) == {
        "clear": False,
        "blocked_by": "0305",
        "crossed": ["0304", "0305", "0306"],
        "range": 4,
    }


def test_occupied_hexes_block(los_map: Path, capsys: pytest.CaptureFixture[str]) -> None:
    'S-8: "Any counter, whether enemy or friendly" blocks.'
    code, out, _ = run(capsys, str(los_map), "0101", "0104", "--occupied", "0103, 0909")
    assert code == 0
    assert json.loads(out)["blocked_by"] == "0103"


def test_grazing_option(los_map: Path, capsys: pytest.CaptureFixture[str]) -> None:
    'S-8 and the hexside convention: a line along a hexside needs both sides blocked, unless "either".'
    # 0202 -> 0304 runs along the hexside between 0203 and 0303 (flat, even columns shifted).
    _, out, _ = run(capsys, str(los_map), "0202", "0304", "--occupied", "0303")
    assert json.loads(out)["clear"] is True
    assert sorted(json.loads(out)["crossed"]) == ["0203", "0303"]
    _, out, _ = run(capsys, str(los_map), "0202", "0304", "--occupied", "0303", "--grazing", "either")
    assert json.loads(out)["blocked_by"] == "0303"
    _, out, _ = run(capsys, str(los_map), "0202", "0304", "--occupied", "0303,0203")
    assert json.loads(out)["clear"] is False


def test_range_lists_visible_and_blocked(los_map: Path, capsys: pytest.CaptureFixture[str]) -> None:
    "S-8: every hex within range is either visible or blocked by a named hex."
    code, out, _ = run(capsys, str(los_map), "0304", "--range", "2", "--occupied", "0404")
    assert code == 0
    data = json.loads(out)
    assert data["from"] == "0304"
    assert len(data["visible"]) + len(data["blocked"]) == 18
    assert data["blocked"]["0306"] == "0305"  # behind the Dale hex
    assert data["blocked"]["0505"] == "0404"  # behind the counter
    assert "0305" in data["visible"] and "0304" not in data["visible"]
    assert data["visible"] == sorted(data["visible"])


@pytest.mark.parametrize(
    "argv, needle",
    [
        (("0101", "01x4"), "01x4"),
        (("0101", "1111"), "1111 is off the map"),
        (("9901", "0102"), "9901 is off the map"),
        (("0101", "0104", "--occupied", "0102,zz"), "'zz'"),
    ],
)
def test_bad_hex_label_exits_2_with_one_line(
    los_map: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], needle: str
) -> None:
    code, out, err = run(capsys, str(los_map), *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err
    assert "Traceback" not in err


def test_missing_map_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(tmp_path / "nope.json"), "0101", "0102")
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1 and "nope.json" in err and "not found" in err


def test_broken_map_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "bofa-studio.map", "version": 1, "grid": {"columns": "many"}}')
    code, out, err = run(capsys, str(broken), "0101", "0102")
    assert (code, out) == (2, "")
    *problems, summary = err.strip().splitlines()
    assert problems and all(line.startswith(str(broken)) for line in problems)
    assert summary == f"bofa-studio: error: cannot use {broken} ({len(problems)} problem{'s' if len(problems) > 1 else ''})"
    not_json = tmp_path / "not.json"
    not_json.write_text("{")
    code, _, err = run(capsys, str(not_json), "0101", "0102")
    assert code == 2 and "invalid JSON" in err and len(err.strip().splitlines()) == 1


def test_target_and_range_are_exclusive(los_map: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(los_map), "0101", "0102", "--range", "3")
    assert code == 2 and "not both" in err
    code, _, err = run(capsys, str(los_map), "0101")
    assert code == 2 and "neither" in err
