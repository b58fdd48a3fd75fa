"""The live Problems panel, shared by the map editor and the scenario editor.

Checking a whole map takes a few milliseconds and a whole scenario ~70 ms, too
much to run on every hex of a drag or every spin-box click, so edits restart a
short single-shot timer and the list is rebuilt once the author pauses. A
subclass says what to check and how to show one problem; clicking a problem
emits it, and the window centres the view on it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from bofa_studio.board.validate import MapProblem
from bofa_studio.rules.map_requirements import map_problems
from bofa_studio.ui.map_editor.document import MapDocument

DEBOUNCE_MS = 300
WARNING_COLOUR = QColor("#8d6e00")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class ProblemsPanel(QWidget):
    problem_activated = Signal(object)  # one problem, as collect() returned it
    refreshed = Signal(object)  # the list of problems

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.problems: list[Any] = []
        self.summary = QLabel()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.list)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.refresh)

    # -- what a subclass decides ------------------------------------------------------
    def collect(self) -> list[Any]:
        raise NotImplementedError

    def is_warning(self, problem: Any) -> bool:
        return False

    # -- shared behaviour -------------------------------------------------------------
    def schedule(self, *_args: object) -> None:
        """Check again once the author pauses."""
        self.timer.start()

    def refresh(self) -> None:
        self.timer.stop()
        self.problems = self.collect()
        self.list.clear()
        for problem in self.problems:
            warning = self.is_warning(problem)
            item = QListWidgetItem(("(warning) " if warning else "") + str(problem))
            item.setData(Qt.ItemDataRole.UserRole, problem)
            item.setToolTip(item.text())
            if warning:
                item.setForeground(QBrush(WARNING_COLOUR))
            self.list.addItem(item)
        warnings = sum(1 for p in self.problems if self.is_warning(p))
        errors = len(self.problems) - warnings
        if not self.problems:
            self.summary.setText("No problems found.")
        elif not warnings:
            self.summary.setText(_plural(errors, "problem") + ":")
        else:
            self.summary.setText(f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}:")
        self.refreshed.emit(self.problems)

    def _clicked(self, item: QListWidgetItem) -> None:
        self.problem_activated.emit(item.data(Qt.ItemDataRole.UserRole))


class ValidationPanel(ProblemsPanel):
    """The map editor's panel: what the map's ruleset requires of it (``rules.map_requirements``)."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        document.board_changed.connect(self.schedule)
        document.board_replaced.connect(lambda _board: self.refresh())
        self.refresh()

    def collect(self) -> list[MapProblem]:
        return map_problems(self.document.board)
