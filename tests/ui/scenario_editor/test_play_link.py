"""File > Play this scenario: the saved file opens in play mode, or the reason it cannot is shown.

With errors in the Problems panel the editor asks first (``ask_play_anyway``,
replaced in every test; the conftest fails any test that reaches it unasked),
and a scenario play would refuse is refused before anything is saved.
"""

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
    assert editor.problems.errors() == []  # so no question is asked (the conftest fails if it is)
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


def play_windows():
    from PySide6.QtWidgets import QApplication

    from bofa_studio.ui.play.window import PlayWindow

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, PlayWindow) and w.isVisible()]


def out_of_zone(m):
    """Bard (B-2: set up with the Men of Dale) put in the Elves' zone: an error, but play can start."""
    nw = next(h for h in sorted(m.board.area("setup.free_peoples.nw")) if h not in m.stacks())
    edits.place(m, "bard", nw)
    return nw


def test_play_an_invalid_scenario_shows_the_error_instead_and_saves_nothing(editor, monkeypatch, scenario_copy):
    m = editor.model
    saved = scenario_copy.read_bytes()
    edits.set_turns(m, 0)  # a game of no turns (B-3 plays 12): the file check refuses it
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(editor, "show_error", lambda title, text: errors.append((title, text)))
    # Refused outright: no "Play anyway?" for a game that cannot start (the conftest fails if asked).
    editor.play_action.trigger()
    assert editor._play_window is None
    assert play_windows() == []
    assert len(errors) == 1
    title, text = errors[0]
    assert title == "Cannot play this scenario"
    assert "$.turns" in text and "nothing was saved" in text
    assert scenario_copy.read_bytes() == saved
    assert m.is_modified()


def test_play_with_errors_asks_and_cancel_saves_and_opens_nothing(editor, monkeypatch, scenario_copy):
    m = editor.model
    saved = scenario_copy.read_bytes()
    out_of_zone(m)
    asked: list[list] = []
    monkeypatch.setattr(editor, "ask_play_anyway", lambda errors: asked.append(errors) or False)
    editor.play_action.trigger()
    assert len(asked) == 1
    assert any(p.rule == "B-2" and "bard" in p.counters for p in asked[0])
    assert asked[0] == editor.problems.errors()
    assert editor._play_window is None
    assert play_windows() == []
    assert scenario_copy.read_bytes() == saved
    assert m.is_modified()


def test_play_anyway_saves_and_plays_with_the_errors(editor, monkeypatch, qtbot, scenario_copy):
    from bofa_studio.scenario.editing import open_scenario

    m = editor.model
    nw = out_of_zone(m)
    monkeypatch.setattr(editor, "ask_play_anyway", lambda errors: True)
    editor.play_action.trigger()
    play = editor._play_window
    try:
        qtbot.addWidget(play)
        assert play.isVisible()
        assert not m.is_modified()
        assert open_scenario(scenario_copy)[0]["default_placement"]["bard"] == m.board.label(nw)
        # Play starts at the set-up phase; the proposed placement is the one with the error.
        assert play.controller.session.scenario["default_placement"]["bard"] == m.board.label(nw)
    finally:
        play.close()


def test_the_question_names_the_count_and_the_first_problems(editor, monkeypatch):
    """The real dialog, with exec replaced: the button pressed decides, Cancel is the default."""
    from PySide6.QtWidgets import QMessageBox

    from bofa_studio.ui.scenario_editor.checks import Problem

    errors = [Problem(f"$.default_placement.c{i}", f"problem number {i}", "B-2") for i in range(7)]
    shown: list[QMessageBox] = []

    def run(box, press):
        shown.append(box)
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
        button = next(b for b in box.buttons() if b.text() == press) if press != "Cancel" \
            else box.button(QMessageBox.StandardButton.Cancel)
        button.click()
        return 0

    for press, expected in (("Play anyway", True), ("Cancel", False)):
        monkeypatch.setattr(QMessageBox, "exec", lambda box, _p=press: run(box, _p))
        assert type(editor).ask_play_anyway(editor, errors) is expected  # the real one, not the fixture's
        box = shown[-1]
        assert "7 errors" in box.text()
        details = box.informativeText()
        assert all(f"problem number {i}" in details for i in range(5))
        assert "problem number 5" not in details and "2 more" in details
