"""Opening the GUI: ``bofa-studio`` with no command starts a game on the default scenario."""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    """The GUI subcommands (edit-map, play, ...) register in their own modules."""


def run_editor(path: str | Path | None) -> int:
    """Open the map editor on ``path`` (None: a new, blank map) and run the event loop.

    The caller has checked that the file loads, so a broken file never gets here
    as a traceback.
    """
    from bofa_studio.board import load_map
    from bofa_studio.ui.app import gui_app

    app = gui_app()
    from bofa_studio.ui.map_editor.window import MainWindow

    board = load_map(path) if path is not None else None
    window = MainWindow(board, path)
    if path is not None:
        window._add_recent(path)
    window.show()
    window.view.fit()
    return app.exec()


def open_default() -> int:
    """``bofa-studio`` with no command: a new hot-seat game on the default scenario.

    Players are the first audience; the editors are one click away in the play
    window's Tools menu, and ``edit-map`` / ``edit-scenario`` open them directly.
    """
    from bofa_studio.commands import play
    from bofa_studio.resources import default_scenario_path

    return play.run(argparse.Namespace(file=str(default_scenario_path()), seed=None, advance=0))
