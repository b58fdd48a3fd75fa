"""The edit-map and screenshot commands: headless screenshots, clear errors on bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from bofa_studio.board.mapfile import save_map
from bofa_studio.cli import main
from tests.ui.conftest import small_board

REPO = Path(__file__).resolve().parents[2]


def test_screenshot_headless_in_a_fresh_process(tmp_path):
    path = tmp_path / "map.json"
    save_map(small_board(), path)
    out = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "bofa_studio", "screenshot", "--mode", "edit-map", str(path), "-o", str(out),
         "--size", "1000x700"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)


def test_screenshot_in_process_without_a_map(tmp_path, qapp):
    out = tmp_path / "new.png"
    assert main(["screenshot", "--mode", "edit-map", "-o", str(out), "--size", "800x600"]) == 0
    assert QImage(str(out)).width() == 800


@pytest.mark.parametrize("size", ["big", "100x100", "1400x", "0x0", "99999x900"])
def test_bad_size_is_a_one_line_error(size, tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["screenshot", "--mode", "edit-map", "-o", str(tmp_path / "x.png"), "--size", size])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "--size" in err[-1]


def test_missing_map_is_a_one_line_error(tmp_path, capsys):
    assert main(["screenshot", "--mode", "edit-map", str(tmp_path / "nope.json"), "-o", str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err.strip() == f"bofa-studio: error: {tmp_path / 'nope.json'}: file not found"
    assert main(["edit-map", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "file not found" in err[0]


def test_a_folder_given_as_the_file_is_named_as_a_folder(tmp_path, capsys):
    """Not "file not found": the user can see the path exists, so say what it is."""
    assert main(["screenshot", "--mode", "play", str(tmp_path), "-o", str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err.strip() == f"bofa-studio: error: {tmp_path}: is a folder, not a file"
    assert main(["play", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == f"bofa-studio: error: {tmp_path}: is a folder, not a file"


def test_broken_map_for_edit_map_lists_problems_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bofa-studio.map", "version": 1}')
    assert main(["edit-map", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "bofa-studio: error:" in err


def test_unknown_mode_is_rejected(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["screenshot", "--mode", "no-such-mode", "-o", str(tmp_path / "x.png")])
    assert exc.value.code == 2
