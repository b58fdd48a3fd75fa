"""Save never overwrites a shipped scenario: the edit becomes the author's variant, in a new file."""

from __future__ import annotations

import shutil

from bofa_studio.scenario.editing import open_scenario
from bofa_studio.ui.scenario_editor import edits

from .conftest import BASIC, ROOT


def test_save_on_a_shipped_scenario_asks_for_a_new_file(qtbot, settings, tmp_path, monkeypatch):
    """Ctrl+S on the Basic Game as `bofa-studio edit-scenario` opens it would have rewritten it."""
    from bofa_studio import resources
    from bofa_studio.ui.scenario_editor.window import ScenarioEditorWindow

    # Copies stand in for the app's folders, so a failure cannot touch the real files.
    for folder in ("maps", "scenarios"):
        shutil.copytree(ROOT / folder, tmp_path / "app" / folder)
    monkeypatch.setattr(resources, "content_root", lambda: tmp_path / "app")
    shipped = tmp_path / "app" / "scenarios" / BASIC.name
    before = shipped.read_bytes()
    window = ScenarioEditorWindow(shipped, settings=settings)
    qtbot.addWidget(window)
    asked = []
    variant = tmp_path / "mine" / "basic-variant.json"
    variant.parent.mkdir()
    monkeypatch.setattr(window, "ask_save_path", lambda: asked.append(1) or str(variant))
    edits.set_meta(window.model, "name", "My Basic Game")
    assert window.save()
    assert asked, "Save must ask where to put the variant"
    assert shipped.read_bytes() == before
    data, _board, map_path = open_scenario(str(variant))
    assert data["meta"]["name"] == "My Basic Game"
    assert map_path == str((tmp_path / "app" / "maps" / "bofa1984.json").resolve())
    edits.set_meta(window.model, "name", "My Basic Game, again")
    asked.clear()
    assert window.save() and not asked  # the variant is the author's: saved in place
