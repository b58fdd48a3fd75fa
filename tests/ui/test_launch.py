"""`bofa-studio` with no command starts a game on the default scenario, and the
play window's Tools menu opens the editors."""

from PySide6.QtWidgets import QApplication

from bofa_studio.cli import main
from bofa_studio.resources import default_map_path, default_scenario_path
from bofa_studio.ui import launch


def top_windows(kind: str) -> list:
    return [w for w in QApplication.topLevelWidgets() if type(w).__name__ == kind and w.isVisible()]


def test_no_command_opens_play_on_the_default_scenario(qapp, monkeypatch, tmp_path):
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(QApplication, "exec", lambda self=None: 0)
    before = set(map(id, top_windows("PlayWindow")))
    assert main([]) == 0
    opened = [w for w in top_windows("PlayWindow") if id(w) not in before]
    assert len(opened) == 1
    window = opened[0]
    assert window.controller.session.game.scenario["meta"]["name"].startswith("The Battle of Five Armies")
    # A fresh game waits for the first setup decision.
    assert not window.controller.session.game.is_terminal(window.controller.session.state)
    window.close()


def test_tools_menu_opens_both_editors(qapp, monkeypatch, tmp_path):
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path))
    map_editor = launch.open_map_editor()
    scenario_editor = launch.open_scenario_editor()
    assert map_editor.isVisible() and scenario_editor.isVisible()
    assert map_editor.document.path == default_map_path()
    assert scenario_editor.model.path == default_scenario_path()
    for window, stack in ((map_editor, map_editor.document.undo_stack), (scenario_editor, scenario_editor.model.undo_stack)):
        stack.setClean()
        window.close()
