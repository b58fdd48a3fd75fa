"""Screenshots of the app's windows, headless, for documentation and bug reports.

Every window is built with a throwaway settings file (a screenshot must neither
depend on nor change the user's settings), shown, prepared by the caller (fit
the view, select something), given a few event-loop passes to finish its
layout, grabbed, and closed without asking about unsaved changes.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage, QUndoStack
from PySide6.QtWidgets import QApplication, QMainWindow

W = TypeVar("W", bound=QMainWindow)

# Dock resizing settles over a few passes; one pass can leave stale layout in the grab.
LAYOUT_PASSES = 3


def grab_window(
    make: Callable[[QSettings], W],
    width: int,
    height: int,
    prepare: Callable[[W], None],
    undo_stack: Callable[[W], QUndoStack],
) -> QImage:
    app = QApplication.instance()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "screenshot.ini"), QSettings.Format.IniFormat)
        window = make(settings)
        window.resize(width, height)
        window.show()
        app.processEvents()
        prepare(window)
        for _ in range(LAYOUT_PASSES):
            app.processEvents()
        window.repaint()
        image = window.grab().toImage()
        undo_stack(window).setClean()  # closing must not stop to ask about saving
        window.close()
        window.deleteLater()
        app.processEvents()
    return image
