"""The editors' Open and New on a broken file: a message box with what is wrong, never a
traceback, and the window keeps what it had open. One window per test goes through every
case (a window takes seconds to build)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from bofa_studio.ui.map_editor.window import MainWindow
from bofa_studio.ui.scenario_editor.window import ScenarioEditorWindow

from .broken_files import BASIC, fuzzed, hostile, write


@pytest.fixture
def map_editor(qtbot, board, settings):
    w = MainWindow(board, None, settings=settings)
    qtbot.addWidget(w)
    w.shown = []
    w.show_error = lambda title, text: w.shown.append((title, text))
    w.show_problems = lambda title, summary, problems: w.shown.append((title, "\n".join([summary, *problems])))
    w.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    return w


@pytest.fixture
def scenario_editor(qtbot, settings):
    w = ScenarioEditorWindow(BASIC, settings=settings)
    qtbot.addWidget(w)
    w.shown = []
    w.show_error = lambda title, text: w.shown.append((title, text))
    w.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    return w


def test_the_map_editor_opens_a_map_or_says_why_not(map_editor, tmp_path):
    refused = set()
    for name, text in {**hostile("map"), **fuzzed("map", 10)}.items():
        path = write(tmp_path, name, text)
        map_editor.shown.clear()
        before = map_editor.document.board
        if map_editor.open_map(str(path)):
            assert map_editor.shown == [] and map_editor.document.board is not before, name
        else:
            [(title, message)] = map_editor.shown
            assert title == "Cannot open map" and str(path) in message, name
            assert map_editor.document.board is before, name
            refused.add(name)
    assert set(hostile("map")) <= refused


def test_the_scenario_editor_opens_a_scenario_or_says_why_not(scenario_editor, tmp_path):
    refused = set()
    for name, text in {**hostile("scenario"), **fuzzed("scenario", 6)}.items():
        path = write(tmp_path, name, text)
        scenario_editor.shown.clear()
        before = scenario_editor.model.path
        if scenario_editor.open_scenario(str(path)):
            assert scenario_editor.shown == [] and str(scenario_editor.model.path) == str(path), name
        else:
            [(title, message)] = scenario_editor.shown
            assert title == "Cannot open the scenario" and str(path) in message, name
            assert scenario_editor.model.path == before, name
            refused.add(name)
    # The editor is where a scenario's own cross-reference problems get fixed: those open.
    assert refused >= set(hostile("scenario")) - {"a zone the map lacks", "empty combat rows"}


def test_the_scenario_editors_new_scenario_on_a_broken_map_says_why(scenario_editor, tmp_path):
    path = write(tmp_path, "deep", hostile("map")["1000-deep nesting"])
    assert not scenario_editor.new_scenario(str(path))
    [(title, text)] = scenario_editor.shown
    assert title == "Cannot open the map" and "nested more than" in text


def test_an_unexpected_failure_while_opening_is_still_a_message(map_editor, scenario_editor, tmp_path,
                                                                 monkeypatch):
    # Whatever a loader misses, the user sees a box naming the file, not a traceback on stderr.
    def broken(path):
        raise KeyError("grid")

    monkeypatch.setattr("bofa_studio.ui.map_editor.window.load_map", broken)
    monkeypatch.setattr("bofa_studio.ui.scenario_editor.window.open_scenario", broken)
    assert not map_editor.open_map(str(tmp_path / "m.json"))
    assert map_editor.shown == [("Cannot open map", f"{tmp_path / 'm.json'}: cannot be opened: 'grid'")]
    assert not scenario_editor.open_scenario(str(tmp_path / "s.json"))
    assert scenario_editor.shown == [("Cannot open the scenario", f"{tmp_path / 's.json'}: cannot be opened: 'grid'")]
