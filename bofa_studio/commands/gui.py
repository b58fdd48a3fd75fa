"""Opening the GUI: ``bofa-studio`` with no command opens the default content."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    """The GUI subcommands (edit-map, play, ...) register in their own modules."""


def open_default() -> int:
    from PySide6.QtWidgets import QApplication

    from bofa_studio.board import load_map
    from bofa_studio.resources import default_map_path
    from bofa_studio.ui.map_view import MapView

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("BoFA Studio")
    board = load_map(default_map_path())
    view = MapView(board)
    view.setWindowTitle(f"BoFA Studio — {board.meta.name}")
    view.resize(1280, 860)
    view.show()
    view.fit()
    return app.exec()
