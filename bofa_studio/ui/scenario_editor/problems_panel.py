"""The scenario editor's Problems panel: the map editor's panel, checking a scenario.

Clicking a problem selects its counter and shows its hex (the window does that).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from bofa_studio.ui.scenario_editor.checks import ERROR, Problem, check_scenario
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.validation_panel import ProblemsPanel


class ScenarioProblemsPanel(ProblemsPanel):
    def __init__(self, model: ScenarioModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        model.changed.connect(self.schedule)

    def collect(self) -> list[Problem]:
        return check_scenario(self.model.data, self.model.board)

    def is_warning(self, problem: Problem) -> bool:
        return problem.severity != ERROR

    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]
