"""No game is ever lost: each game autosaves to its own file, a game the program did not
close normally is offered back at start, and closing with unsaved moves asks first."""

from __future__ import annotations

import argparse
import os
import time

from bofa_studio.commands import play as play_command
from bofa_studio.play.autoplay import random_actions
from bofa_studio.play.controller import PlayController
from bofa_studio.play.records import autosave_dir, mark_clean_exit, recent_autosaves, unfinished_autosave
from bofa_studio.resources import default_scenario_path
from tests.ui.play.conftest import quietly

# The games below are played by seeded random actions with the window told once, at the end
# (``quietly``): what these tests look at is the autosave, not the drawing of each step.


def _start_args() -> argparse.Namespace:
    """How players start the program: ``bofa-studio`` with nothing else."""
    return argparse.Namespace(file=str(default_scenario_path()), seed=None, advance=0)


def test_two_games_autosave_to_two_files(window_for):
    first = window_for(PlayController.new_game(default_scenario_path(), seed=1))
    second = window_for(PlayController.new_game(default_scenario_path(), seed=2))
    with quietly(first.controller):
        random_actions(first.controller, 5, seed=1)
    with quietly(second.controller):
        random_actions(second.controller, 7, seed=2)
    first._write_autosave()
    second._write_autosave()
    assert first._autosave_target != second._autosave_target
    assert {p.name for p in recent_autosaves()} == {first._autosave_target.name, second._autosave_target.name}


def test_a_killed_game_is_offered_back_at_start_at_its_last_action(window_for, monkeypatch):
    w = window_for(PlayController.new_game(default_scenario_path(), seed=3))
    with quietly(w.controller):
        random_actions(w.controller, 40, seed=3)
    w._write_autosave()  # what the autosave timer does after the last click
    digest, moves = w.controller.session.digest(), len(w.controller.session.log)
    # The program is killed here: no close, no clean exit.
    asked = []
    monkeypatch.setattr("bofa_studio.ui.play.window.ask_resume", lambda title: asked.append(title) or True)
    resumed = play_command.resume_unfinished(_start_args())
    assert asked and asked[0].startswith("The Battle of Five Armies") and ", turn " in asked[0]
    assert resumed.session.digest() == digest and len(resumed.session.log) == moves
    # The resumed game goes on in its autosave; Save asks where to keep it.
    assert resumed.autosave_path == w._autosave_target and resumed.path is None and resumed.unsaved


def test_a_clean_exit_offers_nothing_at_start(window_for, monkeypatch):
    w = window_for(PlayController.new_game(default_scenario_path(), seed=4))
    with quietly(w.controller):
        random_actions(w.controller, 10, seed=4)
    w.close()  # the conftest answers "discard" to the unsaved prompt
    assert unfinished_autosave() is None
    monkeypatch.setattr("bofa_studio.ui.play.window.ask_resume", lambda title: (_ for _ in ()).throw(AssertionError))
    assert play_command.resume_unfinished(_start_args()) is None


def test_a_newer_autosave_than_the_clean_exit_is_offered(tmp_path):
    mark_clean_exit()
    old = os.stat(autosave_dir() / "clean-exit").st_mtime
    game = autosave_dir() / "x-20260101-000000-000000.autosave.json"
    game.write_text("{}")
    os.utime(game, (old + 5, old + 5))
    assert unfinished_autosave() == game
    time.sleep(0.01)
    os.utime(game, (old - 5, old - 5))
    assert unfinished_autosave() is None


def test_closing_with_unsaved_moves_asks_and_cancel_keeps_the_game(window_for, tmp_path):
    w = window_for(PlayController.new_game(default_scenario_path(), seed=5))
    assert not w.windowTitle().startswith("*")
    with quietly(w.controller):
        random_actions(w.controller, 3, seed=5)
    assert w.windowTitle().startswith("*")  # the unsaved mark
    asked = []
    w.ask_unsaved = lambda: asked.append(1) or "cancel"
    assert not w.close() and w.isVisible() and asked
    w.ask_save_path = lambda: str(tmp_path / "kept.json")
    w.ask_unsaved = lambda: "save"
    assert w.close()
    assert (tmp_path / "kept.json").exists() and not w.controller.unsaved


def test_quit_is_in_the_game_menu_with_ctrl_q(play_window):
    assert play_window.quit_action.shortcut().toString() == "Ctrl+Q"
    assert play_window.quit_action in play_window.menuBar().actions()[0].menu().actions()


def test_recent_games_lists_every_autosave_by_scenario_and_turn(window_for):
    w = window_for(PlayController.new_game(default_scenario_path(), seed=6))
    with quietly(w.controller):
        random_actions(w.controller, 30, seed=6)
    w._write_autosave()
    w._fill_recent()
    titles = [a.text() for a in w.recent_menu.actions()]
    assert len(titles) == 1 and ", turn " in titles[0]
