"""Scenario-editor fixtures: a window on a copy of the Basic Game, settings in tmp, no dialogs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from bofa_studio.ui.scenario_editor.window import ScenarioEditorWindow

ROOT = Path(__file__).resolve().parents[3]
BASIC = ROOT / "scenarios" / "bofa1984-basic.json"


@pytest.fixture
def scenario_copy(tmp_path) -> Path:
    """The Basic Game and its map, copied so saves never touch the shipped files."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "scenarios").mkdir()
    shutil.copy(ROOT / "maps" / "bofa1984.json", tmp_path / "maps" / "bofa1984.json")
    target = tmp_path / "scenarios" / "basic.json"
    shutil.copy(BASIC, target)
    return target


@pytest.fixture
def editor(qtbot, scenario_copy, settings, monkeypatch):
    window = ScenarioEditorWindow(scenario_copy, settings=settings)
    qtbot.addWidget(window)
    # No test may wait on a dialog: any attempt fails loudly instead.
    # Closing at teardown discards; any other question fails the test loudly.
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    for name in ("ask_open_path", "ask_save_path", "ask_map_path", "ask_play_anyway"):
        monkeypatch.setattr(window, name, lambda *a, _n=name: pytest.fail(f"unexpected dialog {_n}"))
    monkeypatch.setattr(window, "show_error", lambda title, text: pytest.fail(f"unexpected error: {title}: {text}"))
    # The window checked the scenario as it opened (and schedules no other check): checking
    # again here was a tenth of every editor test's set-up.
    assert not window.problems.timer.isActive()
    return window
