"""The one way the windows build their menu actions.

The map editor, the scenario editor and the play window each made the same
``QAction`` the same way; one helper keeps them alike (shortcut, tip, a slot
called without Qt's ``checked`` argument).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


def make_action(
    parent: QWidget,
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str = "",
    *,
    window_shortcut: bool = True,
) -> QAction:
    """An action owned by ``parent`` that calls ``slot()`` when triggered.

    ``tip`` is shown in the status bar and as the tool tip. With ``window_shortcut``
    the action is also added to ``parent`` itself, so its shortcut works even when
    the menu bar is hidden.
    """
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    if window_shortcut:
        parent.addAction(action)
    return action
