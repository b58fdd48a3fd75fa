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
               *, gesture: str | None = None, select: str | None = None, hover: str | None = None):
    """The play window on a save (as saved) or a scenario advanced by seeded random play.
    ``gesture`` asks for one decision to show instead of the sample one: "destroy" (S-8)
    picks the Destroy spell's target with the most victims. ``select`` clicks a hex (by
    its label) first, as a player would; ``hover`` rests the pointer on one and draws its
    tooltip into the picture."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from bofa_studio.play.autoplay import random_actions
    from bofa_studio.ui.play.window import PlayWindow

    app = QApplication.instance()
    with tempfile.TemporaryDirectory() as tmp:
        controller, loaded = open_controller(path, seed if seed is not None else 1, autosave=Path(tmp) / "auto.json")
        selected = hex_option(controller, "select", select)  # a wrong label is told before the long part
        hovered = hex_option(controller, "hover", hover)
        if not loaded or advance:
            # Autosaving after each random step wrote the whole growing game hundreds of times
            # (most of a picture's time); the window's own autosave still goes to ``tmp``.
            keep, controller.autosave_path = controller.autosave_path, None
            random_actions(controller, DEFAULT_ADVANCE if advance is None else advance, seed=seed or 1)
            controller.autosave_path = keep
        settings = QSettings(str(Path(tmp) / "screenshot.ini"), QSettings.Format.IniFormat)
        window = PlayWindow(controller, settings=settings)
        window.ask_unsaved = lambda: "discard"  # a picture, not a game to keep
        window.show_end = lambda result, parent: None
        if selected is None:
            controller.show_for_picture(gesture)
        if selected is not None:
            if controller.handover_to is not None:
                controller.confirm_handover()  # the player to act has taken the seat
            window.board.click(window.scene.hex_center(selected), selected)
        window.resize(width, height)
        window.show()
        app.processEvents()
        window.view.fit()
        focus = controller.focus_hexes() + [h for h in (selected, hovered) if h is not None]
        if focus:
            # The whole map at fit zoom makes a selection a few pixels wide: show its corner.
            window.view.zoom_by(2.4)
            window.view.center_on_hexes(focus)
        window.view.settle()
        for _ in range(3):  # layouts settle over a few passes once the panels have their text
            app.processEvents()
        if hovered is not None:
            window.board.hover(hovered)
            app.processEvents()
        image = window.grab().toImage()
        if hovered is not None:
            draw_tooltip(image, window, hovered)
        window._autosave.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
    return image


class BadHexOption(ValueError):
    """``--select`` or ``--hover`` names no hex of the map."""


def hex_option(controller: Any, option: str, label: str | None) -> Any:
    """The hex a ``--select`` or ``--hover`` label names; an error that says which option."""
    if label is None:
        return None
    try:
        return controller.game.board.hex_at(label)
    except ValueError as exc:
        raise BadHexOption(f"--{option} {label}: {exc} (expected a hex label such as 1612)") from None


def draw_tooltip(image: Any, window: Any, h: Any) -> None:
    """Paint the hover tooltip of ``h`` into a grabbed window picture (a real tooltip is a
    window of its own, which a grab does not see), just right of the hex as Qt puts it."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QLabel

    text = window.tooltips.text_at(h)
    if not text:
        return
    label = QLabel(text)
    label.setStyleSheet("QLabel { background: #ffffe1; color: black; border: 1px solid #777; padding: 4px; }")
    label.setWordWrap(False)
    label.adjustSize()
    viewport = window.view.viewport()
    at = viewport.mapTo(window, window.view.mapFromScene(window.scene.hex_center(h))) + QPoint(16, 16)
    x = min(at.x(), image.width() - label.width() - 4)
    y = min(at.y(), image.height() - label.height() - 4)
    painter = QPainter(image)
    painter.drawPixmap(max(0, x), max(0, y), label.grab())
    painter.end()
