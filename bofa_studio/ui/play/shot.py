"""Headless pictures of play mode (``bofa-studio screenshot --mode play``)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

DEFAULT_ADVANCE = 320  # random actions: with seed 1 this lands in the middle of the game


def open_controller(path: str | None, seed: int = 1, *, autosave: Path | None = None) -> Any:
    """A save file is loaded as it is; a scenario (or nothing: the shipped one) starts a game."""
    from bofa_studio.play.open import open_game

    return open_game(path, seed, autosave_path=autosave)


def shoot_play(path: str | None, width: int, height: int, advance: int | None = None, seed: int | None = None,
               *, gesture: str | None = None):
    """The play window on a save (as saved) or a scenario advanced by seeded random play.
    ``gesture`` asks for one decision to show instead of the sample one: "destroy" (S-8)
    picks the Destroy spell's target with the most victims."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from bofa_studio.play.autoplay import random_actions
    from bofa_studio.ui.play.window import PlayWindow

    app = QApplication.instance()
    with tempfile.TemporaryDirectory() as tmp:
        controller, loaded = open_controller(path, seed if seed is not None else 1, autosave=Path(tmp) / "auto.json")
        if not loaded or advance:
            random_actions(controller, DEFAULT_ADVANCE if advance is None else advance, seed=seed or 1)
        settings = QSettings(str(Path(tmp) / "screenshot.ini"), QSettings.Format.IniFormat)
        window = PlayWindow(controller, settings=settings)
        window.ask_unsaved = lambda: "discard"  # a picture, not a game to keep
        window.show_end = lambda result, parent: None
        controller.show_for_picture(gesture)
        window.resize(width, height)
        window.show()
        app.processEvents()
        window.view.fit()
        focus = controller.focus_hexes()
        if focus:
            # The whole map at fit zoom makes a selection a few pixels wide: show its corner.
            window.view.zoom_by(2.4)
            window.view.center_on_hexes(focus)
        window.view.settle()
        for _ in range(3):  # layouts settle over a few passes once the panels have their text
            app.processEvents()
        image = window.grab().toImage()
        window._autosave.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
    return image
