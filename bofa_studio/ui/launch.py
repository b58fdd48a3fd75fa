"""Opening the other windows of the app from any window.

Play mode is where the app starts; its Tools menu opens the map editor and the
scenario editor beside it. Top-level windows with no parent are kept here, so
that Python's garbage collector does not close them while they are open.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from bofa_studio.resources import default_map_path, default_scenario_path

_open_windows: list[QMainWindow] = []


def _keep(window: QMainWindow) -> QMainWindow:
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _open_windows.append(window)
    window.destroyed.connect(lambda *_: _open_windows.remove(window) if window in _open_windows else None)
    window.show()
    return window


def open_map_editor(path: str | Path | None = None) -> QMainWindow:
    """The map editor on ``path`` (default: the shipped map)."""
    from bofa_studio.board import load_map
    from bofa_studio.ui.main_window import MainWindow

    path = Path(path) if path is not None else default_map_path()
    window = _keep(MainWindow(load_map(path), str(path)))
    window.view.fit()
    return window


def open_scenario_editor(path: str | Path | None = None) -> QMainWindow:
    """The scenario editor on ``path`` (default: the shipped scenario)."""
    from bofa_studio.ui.scenario_editor.window import ScenarioEditorWindow

    return _keep(ScenarioEditorWindow(str(path or default_scenario_path())))
