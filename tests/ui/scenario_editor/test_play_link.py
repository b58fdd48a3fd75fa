"""File > Play this scenario: the saved file opens in play mode, or the reason it cannot is shown."""

from __future__ import annotations

import pytest

from bofa_studio.ui.scenario_editor import edits


@pytest.fixture(autouse=True)
def _play_data_in_tmp(tmp_path_factory, monkeypatch):
    """Play mode autosaves as soon as a game starts; that must land in tmp, not the user's folder."""
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path_factory.mktemp("play-data")))


def test_play_a_clean_valid_scenario_opens_play_mode_on_the_saved_file(editor, qtbot, scenario_copy):
    from bofa_studio.ui.play.window import PlayWindow

    m = editor.model
    assert editor.play_action.isEnabled()
    edits.set_meta(m, "name", "Editor play test")
    assert editor.save()
    assert not m.is_modified()
    editor.play_action.trigger()
    play = editor._play_window
    try:
        qtbot.addWidget(play)
        assert isinstance(play, PlayWindow)
        assert play.isVisible()
        # The game is the one just saved: its scenario carries the name set in the editor.
        assert play.controller.session.scenario["meta"]["name"] == "Editor play test"
        assert m.path == scenario_copy
        assert not m.is_modified()
    finally:
        play.close()


def test_play_an_unsaved_edit_saves_it_first(editor, qtbot, scenario_copy):
    from bofa_studio.scenario.editing import open_scenario

    m = editor.model
    edits.set_meta(m, "name", "Saved on the way to play")
    assert m.is_modified()
    editor.play_action.trigger()
    play = editor._play_window
    try:
        qtbot.addWidget(play)
        assert not m.is_modified()
        assert open_scenario(scenario_copy)[0]["meta"]["name"] == "Saved on the way to play"
        assert play.controller.session.scenario["meta"]["name"] == "Saved on the way to play"
    finally:
        play.close()


def test_play_an_invalid_scenario_shows_the_error_instead(editor, monkeypatch):
    m = editor.model
    edits.set_turns(m, 0)  # below B-1's minimum of one turn: the game cannot start
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(editor, "show_error", lambda title, text: errors.append((title, text)))
    editor.play_action.trigger()
    assert editor._play_window is None
    assert len(errors) == 1
    title, text = errors[0]
    assert title == "Cannot play this scenario"
    assert "turns" in text
