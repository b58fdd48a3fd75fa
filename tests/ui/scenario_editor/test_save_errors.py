"""Saving a scenario where it cannot be written: an error box, the edits kept, still dirty."""

from __future__ import annotations

from pathlib import Path

from bofa_studio.ui.scenario_editor.edits import set_meta


def test_scenario_editor_save_failure_keeps_the_edits(editor, tmp_path, monkeypatch):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(editor, "show_error", lambda title, text: shown.append((title, text)))
    before = editor.model.path
    set_meta(editor.model, "name", "Edited")
    assert editor.model.is_modified()
    (tmp_path / "not-a-folder").write_text("x")
    bad: Path = tmp_path / "not-a-folder" / "scenario.json"
    assert editor.save_as(str(bad)) is False
    assert len(shown) == 1 and str(bad) in shown[0][1] and "not a folder" in shown[0][1]
    assert editor.model.is_modified() and editor.model.path == before
    assert editor.model.data["meta"]["name"] == "Edited"
