"""Acceptance: a whole 12-turn game hot-seat, from setup to the victory screen, saved
part way, reloaded into the window, finished, and replayed."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from bofa_studio.play.autoplay import random_actions
from tests.ui.play.conftest import quietly


# Fast, the window shows the position after each half of the game (saved, reopened, ended,
# replayed); slow, it also redraws after every one of the game's two thousand steps, so a
# position no other test reaches cannot break the drawing unseen.
@pytest.mark.parametrize("redraw", ["at_the_end", pytest.param("every_step", marks=pytest.mark.slow)])
def test_a_full_game_saved_reloaded_finished_and_replayed(qtbot, play_window, tmp_path, redraw):
    watched = nullcontext if redraw == "every_step" else quietly
    c = play_window.controller
    assert c.state.stage == "setup"
    # First half: seeded random choices among the legal actions, through the controller.
    with watched(c):
        while c.state.turn < 6:
            random_actions(c, 1, seed=11 + len(c.session.log))
    path = str(tmp_path / "midway.json")
    play_window.ask_save_path = lambda: path
    assert play_window.save_as()
    digest, turn = c.session.digest(), c.state.turn

    play_window.ask_open_path = lambda: path
    assert play_window.open_game()
    c = play_window.controller
    assert c.session.digest() == digest and c.state.turn == turn
    with watched(c):
        random_actions(c, 100_000, seed=99)
    assert c.is_over
    result = c.result()
    assert result["level"] in ("draw", "marginal", "tactical", "complete")
    assert set(result["control"]) == set(c.game.victory_hexes)
    qtbot.waitUntil(lambda: bool(play_window.shown_results), timeout=2000)
    assert play_window.shown_results[0]["summary"] == result["summary"]
    assert "Game over" in play_window.banner.text()
    last = c.entries[-1].text  # B-11: the log ends with the result, in words
    assert last.startswith("the game ends after turn") and "free_peoples" not in last

    # The finished game saves, reloads to the same digest, and replays step by step.
    final = str(tmp_path / "final.json")
    c.save(final)
    assert play_window.open_game(final)
    c = play_window.controller
    assert c.is_over and c.session.digest() == play_window.controller.session.digest()
    cursor = c.start_replay(0)
    steps = 0
    while cursor.forward():
        steps += 1
    assert steps == len(c.session.log)
    assert cursor.state.result == c.state.result
    while cursor.back():
        pass
    assert cursor.state.stage == "setup"


def test_end_screen_names_the_level_and_each_location():
    from bofa_studio.play.controller import PlayController
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.ui.play.dialogs import end_text

    c = PlayController.new_game(default_scenario_path(), seed=7)
    text = end_text(c, {"summary": "dark marginal victory", "score": {"free_peoples": 1, "dark": 2},
                     "control": {"victory.dale": "dark", "victory.summit": None}})
    assert "Dark marginal victory" in text and "Dale" in text and "nobody" in text
