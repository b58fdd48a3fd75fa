"""Play's Open and New game on a broken file: a message box with what is wrong, never a
traceback, and the game on the table goes on. One window goes through every case."""

from __future__ import annotations

import json

import pytest

from bofa_studio.ui.play.dialogs import NewGame

from ..broken_files import ROOT, fuzzed, hostile, write


@pytest.fixture
def shown(play_window):
    errors: list[tuple[str, str]] = []
    play_window.show_error = lambda title, text: errors.append((title, text))
    return errors


def test_new_game_on_a_broken_scenario_says_why_and_keeps_the_game(play_window, shown, tmp_path):
    cases = {**hostile("scenario"), **fuzzed("scenario", 4)}
    refused = set()
    for name, text in cases.items():
        path = write(tmp_path, name, text)
        shown.clear()
        before = play_window.controller
        play_window.ask_new_game = lambda parent, path=path: NewGame(scenario=str(path), seed=3)
        play_window.new_game()
        if play_window.controller is before:
            [(title, message)] = shown
            assert title == "Cannot start this game" and str(path) in message, name
            refused.add(name)
        else:
            assert shown == [], name
    assert set(hostile("scenario")) <= refused


def test_open_on_a_broken_save_says_why_and_keeps_the_game(play_window, shown, tmp_path):
    data = json.loads((ROOT / "tests" / "data" / "v1-standard.bofa-save.json").read_text(encoding="utf-8"))
    data["seats"] = [{"name": "\ud800"}]
    cases = {"a lone surrogate in a seat": json.dumps(data), **fuzzed("save", 6)}
    for name, text in cases.items():
        path = write(tmp_path, name, text)
        shown.clear()
        before = play_window.controller
        if play_window.open_game(str(path)):
            assert shown == [] and play_window.controller is not before, name
        else:
            [(title, message)] = shown
            assert title == "Cannot open this game" and str(path) in message, name
            assert play_window.controller is before, name
            if name == "a lone surrogate in a seat":
                assert "$.seats[0].name" in message and "lone surrogate" in message
