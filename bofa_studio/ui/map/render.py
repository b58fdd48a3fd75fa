"""Headless rendering of a board to an image, with the same scene the GUI shows."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from bofa_studio.board.model import Board


def ensure_app():
    """A QApplication for headless work; offscreen unless the caller chose a platform."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([])
    return app


class BackgroundError(ValueError):
    """The scan a render was asked to draw under the map is missing or unreadable."""


def render_board(board: Board, width: int = 1600, background: bool = False, **display: object) -> QImage:
    """The whole board drawn into an image ``width`` pixels wide.

    With ``background``, the map's scan is drawn under it (for checking a tracing);
    BackgroundError says, in words, why it cannot be.
    """
    ensure_app()
    from bofa_studio.ui.map.scene import MapScene

    scene = MapScene(board)
    scene.use_tiles = False  # one paint of the whole board: nothing to reuse
    scene.set_display(background=background, **display)
    if background:
        problem = "the map has no background scan" if board.background is None else scene.background_problem_now()
        if problem:
            scene.detach()
            raise BackgroundError(problem)
    source = scene.sceneRect()
    height = max(1, round(width * source.height() / source.width()))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#f3efe4"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, width, height), source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    scene.detach()
    return image


def save_image(image: QImage, path: str | os.PathLike[str]) -> None:
    """Save atomically: write a temporary file beside the target, then rename. The folder must exist."""
    target = Path(path)
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "the folder does not exist", str(target.parent))
    suffix = target.suffix.lstrip(".").upper() or "PNG"
    tmp = target.with_name(f".{target.name}.tmp")
    if not image.save(str(tmp), suffix):
        tmp.unlink(missing_ok=True)
        raise OSError(f"cannot write {path} as {suffix}")
    try:
        os.replace(tmp, target)
    except OSError:
        # e.g. the target is a folder: the image is not kept, and neither is its temporary file.
        tmp.unlink(missing_ok=True)
        raise
