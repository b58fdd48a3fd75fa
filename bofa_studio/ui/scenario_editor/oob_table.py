"""The order of battle as a table: every counter, its values, where it starts and what is wrong.

A read-only view over the model (edits happen in the details panel, on the
map and in the trays), so it is a Qt item model that reads the scenario on
demand instead of a widget holding copies of 156 rows.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from bofa_studio.ui.scenario_editor.checks import Problem
from bofa_studio.ui.scenario_editor.model import ScenarioModel

COLUMNS = ["Counter", "Side", "Group", "Weapon", "Full", "Reduced", "Order of battle", "Hex", "Problem"]


def values(side: dict[str, int]) -> str:
    bow = f"({side['bow']})" if side.get("bow") else ""
    return f"{side['strength']}{bow}-{side['movement']}"


class OrderOfBattleModel(QAbstractTableModel):
    def __init__(self, model: ScenarioModel) -> None:
        super().__init__()
        self.model = model
        self.problems: dict[str, Problem] = {}
        model.changed.connect(self._changed)

    def _changed(self, path: tuple) -> None:
        self.beginResetModel()
        self.endResetModel()

    def set_problems(self, problems: list[Problem]) -> None:
        self.problems = {}
        for p in problems:
            for cid in p.counters:
                self.problems.setdefault(cid, p)
        self._changed(())

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.model.counters())

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def counter_id(self, row: int) -> str:
        return self.model.counters()[row]["id"]

    def row_of(self, cid: str) -> int:
        return self.model.counter_index(cid)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        c = self.model.counters()[index.row()]
        col = index.column()
        problem = self.problems.get(c["id"])
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return c["name"]
            if col == 1:
                return "Free Peoples" if c["side"] == "free_peoples" else "Dark"
            if col == 2:
                return c["command"]
            if col == 3:
                return c["weapon"].replace("_", " ")
            if col == 4:
                return values(c["full"])
            if col == 5:
                return values(c["reduced"])
            if col == 6:
                return self.model.assignment_label(self.model.assignment(c["id"]))
            if col == 7:
                return self.model.placements().get(c["id"], "")
            if col == 8:
                return str(problem.rule + ": " + problem.message) if problem else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            if col in (4, 5):
                return c.get("provenance", {}).get("full" if col == 4 else "reduced", "")
            if problem:
                return str(problem)
        if role == Qt.ItemDataRole.ForegroundRole and problem and col == 8:
            return QBrush(QColor("#b71c1c") if problem.severity == "error" else QColor("#8d6e00"))
        return None
