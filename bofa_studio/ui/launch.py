"""Opening the other windows of the app from any window.

Play mode is where the app starts; its Tools menu opens the map editor and the
scenario editor beside it. Top-level windows with no parent are kept here, so
that Python's garbage collector does not close them while they are open.

The editors open on the shipped map and scenario by default. If that file is
missing or broken (a damaged install, a hand-edited copy), the editor does not
open: an error dialog names the file and what is wrong with it, and the window
that asked keeps running.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from bofa_studio.jsonfile import DataFileError
from bofa_studio.resources import default_map_path, default_scenario_path

_open_windows: list[QMainWindow] = []

ErrorSink = Callable[[str, str], None]
# What a file can throw at an editor that opens it: its problems (DataFileError names the
# file and the place), an unreadable or missing file or folder (OSError), bad values.
OPEN_ERRORS = (DataFileError, OSError, ValueError, KeyError, TypeError)


def show_error(title: str, text: str, parent: QWidget | None = None) -> None:
    QMessageBox.warning(parent, title, text)


def _keep(window: QMainWindow) -> QMainWindow:
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _open_windows.append(window)
    window.destroyed.connect(lambda *_: _open_windows.remove(window) if window in _open_windows else None)
    window.show()
    return window


def _problem_text(path: Path | None, exc: BaseException) -> str:
    """The problem, with the file it is about first (DataFileError already names it)."""
    text = str(exc) or type(exc).__name__
    if path is not None and str(path) not in text:
        text = f"{path}: {text}"
    return text


def open_map_editor(path: str | Path | None = None, on_error: ErrorSink | None = None) -> QMainWindow | None:
    """The map editor on ``path`` (default: the shipped map); None, after an error dialog
    (``on_error``, default a message box) naming the file and the problem, if it cannot be read."""
    from bofa_studio.board import load_map
    from bofa_studio.ui.map_editor.window import MainWindow

    on_error = on_error or show_error
    where: Path | None = None
    try:
        where = Path(path) if path is not None else default_map_path()
        board = load_map(where)
    except OPEN_ERRORS as exc:
        on_error("Cannot open the map editor", _problem_text(where, exc))
        return None
    window = _keep(MainWindow(board, str(where)))
    window.view.fit()
    return window


def open_scenario_editor(path: str | Path | None = None, on_error: ErrorSink | None = None) -> QMainWindow | None:
    """The scenario editor on ``path`` (default: the shipped scenario); None, after an error
    dialog naming the file and the problem, if it or its map cannot be read."""
    from bofa_studio.ui.scenario_editor.form_window import editor_for

    on_error = on_error or show_error
    where: Path | None = None
    try:
        where = Path(path) if path is not None else default_scenario_path()
        window = editor_for(str(where))
    except OPEN_ERRORS as exc:
        on_error("Cannot open the scenario editor", _problem_text(where, exc))
        return None
    return _keep(window)
