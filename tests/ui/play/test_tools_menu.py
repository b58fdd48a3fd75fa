"""The play window's Tools menu: when the shipped map or scenario that the editors open by
default is missing or broken, an error dialog names the file and the problem; nothing raises
and no editor window is left half-open."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from bofa_studio.ui import launch


def _editors() -> list:
    return [w for w in QApplication.topLevelWidgets()
            if type(w).__name__ in ("MainWindow", "ScenarioEditorWindow") and w.isVisible()]


@pytest.fixture
def errors(play_window):
    shown: list[tuple[str, str]] = []
    play_window.show_error = lambda title, text: shown.append((title, text))
    return shown


def test_a_missing_default_map_is_named_in_an_error_dialog(play_window, errors, monkeypatch, tmp_path):
    missing = tmp_path / "gone" / "bofa1984.json"
    monkeypatch.setattr(launch, "default_map_path", lambda: missing)
    before = len(_editors())
    play_window.map_editor_action.trigger()
    assert len(errors) == 1
    title, text = errors[0]
    assert "map editor" in title
    assert str(missing) in text
    assert len(_editors()) == before


def test_a_broken_default_map_names_the_file_and_the_problem(play_window, errors, monkeypatch, tmp_path):
    broken = tmp_path / "bofa1984.json"
    broken.write_text('{"format": "bofa-studio.map", "grid": ', encoding="utf-8")
    monkeypatch.setattr(launch, "default_map_path", lambda: broken)
    play_window.map_editor_action.trigger()
    assert len(errors) == 1
    text = errors[0][1]
    assert str(broken) in text and "JSON" in text


def test_a_missing_maps_folder_is_an_error_dialog(play_window, errors, monkeypatch):
    """``default_map_path`` itself fails when the install lost its maps/ folder."""
    def lost() -> Path:
        raise FileNotFoundError("cannot find the shipped maps/ folder; looked in: /nowhere")

    monkeypatch.setattr(launch, "default_map_path", lost)
    play_window.map_editor_action.trigger()
    assert len(errors) == 1 and "maps/ folder" in errors[0][1]


def test_a_missing_default_scenario_is_named_in_an_error_dialog(play_window, errors, monkeypatch, tmp_path):
    missing = tmp_path / "bofa1984-basic.json"
    monkeypatch.setattr(launch, "default_scenario_path", lambda: missing)
    before = len(_editors())
    play_window.scenario_editor_action.trigger()
    assert len(errors) == 1
    title, text = errors[0]
    assert "scenario editor" in title and str(missing) in text
    assert len(_editors()) == before


def test_a_broken_default_scenario_names_the_file_and_the_problem(play_window, errors, monkeypatch, tmp_path):
    broken = tmp_path / "bofa1984-basic.json"
    broken.write_text('{"format": "bofa-studio.scenario", "map": 12}', encoding="utf-8")
    monkeypatch.setattr(launch, "default_scenario_path", lambda: broken)
    play_window.scenario_editor_action.trigger()
    assert len(errors) == 1
    text = errors[0][1]
    assert str(broken) in text
    assert "map" in text.split(str(broken), 1)[1]  # the problem, not only the name


def test_without_a_window_the_error_goes_to_a_message_box(qapp, monkeypatch, tmp_path):
    missing = tmp_path / "nothing.json"
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(launch.QMessageBox, "warning", lambda parent, title, text: boxes.append((title, text)))
    assert launch.open_map_editor(missing) is None
    assert launch.open_scenario_editor(missing) is None
    assert [t for t, _ in boxes] == ["Cannot open the map editor", "Cannot open the scenario editor"]
    assert all(str(missing) in text for _, text in boxes)
