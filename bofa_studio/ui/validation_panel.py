"""The live Problems panel: what ``validate_board`` finds, kept up to date while editing.

Validation of a whole board takes a few milliseconds, too much to run on every
hex of a drag, so edits restart a short single-shot timer and the list is
rebuilt once the author pauses.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from bofa_studio.board.validate import MapProblem, validate_board
from bofa_studio.ui.editor.document import MapDocument

DEBOUNCE_MS = 300


class ValidationPanel(QWidget):
    problem_activated = Signal(object)  # MapProblem
    refreshed = Signal(object)  # list[MapProblem]

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.problems: list[MapProblem] = []
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
        document.board_changed.connect(lambda _change: self.timer.start())
        document.board_replaced.connect(lambda _board: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        self.timer.stop()
        self.problems = validate_board(self.document.board)
        self.list.clear()
        for problem in self.problems:
            item = QListWidgetItem(f"{problem.location}: {problem.message}")
            item.setData(Qt.ItemDataRole.UserRole, problem)
            item.setToolTip(item.text())
            self.list.addItem(item)
        n = len(self.problems)
        self.summary.setText("No problems found." if n == 0 else f"{n} problem{'s' if n > 1 else ''}:")
        self.refreshed.emit(self.problems)

    def _clicked(self, item: QListWidgetItem) -> None:
        self.problem_activated.emit(item.data(Qt.ItemDataRole.UserRole))
