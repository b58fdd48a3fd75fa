"""Opening the GUI: ``bofa-studio`` with no command opens the default content."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    """The GUI subcommands (edit-map, play, ...) register in their own modules."""


def run_editor(path: str | Path | None) -> int:
    """Open the map editor on ``path`` (None: a new, blank map) and run the event loop.

    The caller has checked that the file loads, so a broken file never gets here
    as a traceback.
    """
    from PySide6.QtWidgets import QApplication

    from bofa_studio import ui  # noqa: F401  (the PySide6 workaround, before any Qt call)
    from bofa_studio.board import load_map

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("BoFA Studio")
    app.setOrganizationName("BoFA Studio")
    from bofa_studio.ui.main_window import MainWindow

    board = load_map(path) if path is not None else None
    window = MainWindow(board, path)
    if path is not None:
        window._add_recent(path)
    window.show()
    window.view.fit()
    return app.exec()


def open_default() -> int:
    from bofa_studio.cli import fail
    from bofa_studio.jsonfile import DataFileError
    from bofa_studio.resources import default_map_path

    try:
        path = default_map_path()
        from bofa_studio.board import load_map

        load_map(path)
    except (FileNotFoundError, DataFileError) as exc:
        return fail(f"cannot open the default map: {str(exc).splitlines()[0]}")
    return run_editor(path)
