"""Play window files that cannot be written or read: an error, never a crash or a lost game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.ui.play.window import PlayWindow

from .conftest import play_until


@pytest.fixture
def errors(play_window) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    play_window.show_error = lambda title, text: shown.append((title, text))
    return shown


def blocked_path(tmp_path: Path) -> str:
    """A path inside a "folder" that is a file: no save can be written there."""
    (tmp_path / "not-a-folder").write_text("x")
    return str(tmp_path / "not-a-folder" / "game.json")


def test_save_as_to_an_unwritable_place_keeps_the_game_and_its_path(play_window, errors, tmp_path):
    c = play_window.controller
    good = str(tmp_path / "good.json")
    play_window.ask_save_path = lambda: good
    assert play_window.save_as()
    digest = c.session.digest()
    bad = blocked_path(tmp_path)
    play_window.ask_save_path = lambda: bad
    assert play_window.save_as() is False
    assert len(errors) == 1 and bad in errors[0][1]
    assert c.path == good and c.session.digest() == digest
    assert play_window.controller is c


def test_save_to_a_path_that_became_unwritable(play_window, errors, tmp_path):
    c = play_window.controller
    c.path = blocked_path(tmp_path)
    assert play_window.save() is False
    assert len(errors) == 1 and "not-a-folder" in errors[0][1]
    assert c.path.endswith("game.json")
    # The game can still be saved elsewhere.
    play_window.ask_save_path = lambda: str(tmp_path / "elsewhere.json")
    assert play_window.save_as() and Path(c.path).is_file()


def test_failing_autosave_never_stops_play_and_says_so_once(qtbot, tmp_path, controller, settings, monkeypatch):
    blocker = tmp_path / "data-is-a-file"
    blocker.write_text("x")
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(blocker))
    w = PlayWindow(controller, settings=settings)
    shown: list[tuple[str, str]] = []
    w.show_error = lambda title, text: shown.append((title, text))
    try:
        for _ in range(3):
            w._write_autosave()
        play_until(controller, lambda c: len(c.session.log) >= 5, seed=3)
        w._write_autosave()
        messages = shown + ([("status", w.statusBar().currentMessage())] if not shown else [])
        assert len(shown) == 1, messages
        assert "autosave" in shown[0][1].lower() and str(blocker) in shown[0][1]
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def _saved(play_window, tmp_path) -> tuple[Path, dict]:
    c = play_window.controller
    play_until(c, lambda c: c.state.turn >= 2, seed=5)
    path = tmp_path / "saved.json"
    c.write(path)
    return path, json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("damage", ["truncated", "digest", "illegal", "malformed", "hex-type", "counter-type"])
def test_a_corrupted_save_shows_the_problem_and_keeps_the_game(play_window, errors, tmp_path, damage):
    path, data = _saved(play_window, tmp_path)
    c = play_window.controller
    digest = c.session.digest()
    bad = tmp_path / f"{damage}.json"
    if damage == "truncated":
        text = path.read_text("utf-8")
        bad.write_text(text[: len(text) // 2], "utf-8")
    else:
        if damage == "digest":
            data["digest"] = "0" * len(data["digest"])
        elif damage == "illegal":
            data["actions"][3] = {"type": "EndPhase"}
        elif damage == "malformed":
            data["actions"][3] = {"type": "Move", "counters": 5, "to": "nowhere"}
        elif damage == "hex-type":
            # Hand edits that are valid JSON but give a field the wrong type.
            data["actions"][3] = {"type": "Place", "counter": "bard", "hex": 5}
        else:
            data["actions"][3] = {"type": "Place", "counter": {"a": 1}, "hex": "0101"}
        bad.write_text(json.dumps(data), "utf-8")
    assert play_window.open_game(str(bad)) is False
    assert len(errors) == 1 and str(bad) in errors[0][1]
    if damage.endswith("-type"):
        assert "$.actions[3]" in errors[0][1]
    assert play_window.controller is c and c.session.digest() == digest


def test_a_new_game_on_a_broken_scenario_says_so_and_keeps_the_game(play_window, errors, tmp_path, scenario):
    from bofa_studio.ui.play.dialogs import NewGame

    c = play_window.controller
    digest = c.session.digest()
    bad = tmp_path / "cut.json"
    text = scenario.read_text("utf-8")
    bad.write_text(text[: len(text) // 2], "utf-8")
    play_window.ask_new_game = lambda parent: NewGame(str(bad), 1)
    play_window.new_game()
    assert len(errors) == 1 and str(bad) in errors[0][1]
    assert play_window.controller is c and c.session.digest() == digest
