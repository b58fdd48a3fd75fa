"""The live Problems panel for scenarios, alike in look and timing to the map editor's.

Checks take ~70 ms on the 1984 scenario (the schema pass dominates), too much
for every spin-box click, so edits restart a short timer and the list is
rebuilt when the author pauses. Clicking a problem selects its counter and
shows its hex.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from bofa_studio.ui.scenario_editor.checks import ERROR, Problem, check_scenario
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.validation_panel import DEBOUNCE_MS


class ScenarioProblemsPanel(QWidget):
    problem_activated = Signal(object)  # Problem
    refreshed = Signal(object)  # list[Problem]

    def __init__(self, model: ScenarioModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.problems: list[Problem] = []
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
        model.changed.connect(self._changed)

    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    def _changed(self, _path: tuple) -> None:
        self.timer.start()

    def refresh(self) -> None:
        self.timer.stop()
        self.problems = check_scenario(self.model.data, self.model.board)
        self.list.clear()
        for problem in self.problems:
            item = QListWidgetItem(("" if problem.severity == ERROR else "(warning) ") + str(problem))
            item.setData(Qt.ItemDataRole.UserRole, problem)
            item.setToolTip(item.text())
            if problem.severity != ERROR:
                item.setForeground(QBrush(QColor("#8d6e00")))
            self.list.addItem(item)
        errors, warnings = len(self.errors()), len(self.problems) - len(self.errors())
        if not self.problems:
            self.summary.setText("No problems found.")
        else:
            self.summary.setText(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}:")
        self.refreshed.emit(self.problems)

    def _clicked(self, item: QListWidgetItem) -> None:
        self.problem_activated.emit(item.data(Qt.ItemDataRole.UserRole))
