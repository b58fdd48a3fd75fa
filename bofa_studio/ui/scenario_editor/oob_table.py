"""The order of battle as a table: every counter, its values, where it starts and what is wrong.

A Qt item model that reads the scenario on demand instead of a widget holding
copies of 156 rows. The cells an author fixes while going down the list (name,
weapon, each printed value, the order-of-battle assignment) are editable in
place; every such edit goes through the same :mod:`edits` function the Counter
panel calls, so it is one undo step with the same label and provenance mark.
The hex cell places a counter by its ``CCRR`` label through the same edit as a
drag on the map, so a typed placement undoes, and is checked, like a dragged one.
Each value has its own column, rather than one "5(3)-4" cell, so that one cell
is one value and one undo step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.checks import Problem
from bofa_studio.ui.scenario_editor.details_panel import WEAPONS
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.scenario_editor.wording import command_text

# (header, tooltip); the value columns are (side, key) below.
COLUMNS = [
    ("Counter", "the counter's name (editable)"),
    ("Side", ""),
    ("Group", "command and colour (B-2)"),
    ("Weapon", "weapon or symbol (editable)"),
    ("Full str", "full side: combat strength (editable)"),
    ("bow", "full side: bow value, 0 for none (editable)"),
    ("mv", "full side: movement allowance (editable)"),
    ("Red. str", "reduced side: combat strength (editable)"),
    ("bow", "reduced side: bow value, 0 for none (editable)"),
    ("mv", "reduced side: movement allowance (editable)"),
    ("Order of battle", "setup zone, reinforcement or removed (editable)"),
    ("Hex", "where the default placement puts it (editable: a hex label CCRR as the map shows it, "
            "or empty to take the counter off the map)"),
    ("Problem", ""),
]
NAME, SIDE, GROUP, WEAPON = 0, 1, 2, 3
VALUE_COLUMNS = {4: ("full", "strength"), 5: ("full", "bow"), 6: ("full", "movement"),
                 7: ("reduced", "strength"), 8: ("reduced", "bow"), 9: ("reduced", "movement")}
ASSIGNMENT, HEX, PROBLEM = 10, 11, 12
EDITABLE = {NAME, WEAPON, *VALUE_COLUMNS, ASSIGNMENT, HEX}
HEX_HINT = "a hex label CCRR as the map shows it (e.g. 1404), or empty to take the counter off the map"
ERROR_COLOUR, WARNING_COLOUR = QColor("#b71c1c"), QColor("#8d6e00")


def values(side: dict[str, int]) -> str:
    """A side's values as printed on the counter: strength(bow)-movement."""
    bow = f"({side['bow']})" if side.get("bow") else ""
    return f"{side['strength']}{bow}-{side['movement']}"


class OrderOfBattleModel(QAbstractTableModel):
    # Why a typed value was not taken; the window shows it in the status bar, since the
    # cell itself just goes back to what it held.
    refused = Signal(str)

    def __init__(self, model: ScenarioModel) -> None:
        super().__init__()
        self.model = model
        self.problems: dict[str, Problem] = {}
        model.changed.connect(self._changed)

    def _changed(self, path: tuple) -> None:
        if not path or path == ("counters",):
            # Rows may have come or gone (New, Open, a counter list replaced).
            self.beginResetModel()
            self.endResetModel()
        elif self.rowCount():
            # Same rows: a reset here would close the editor and drop the selection
            # the author is working from, mid-edit.
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, len(COLUMNS) - 1))

    def set_problems(self, problems: list[Problem]) -> None:
        self.problems = {}
        for p in problems:
            for cid in p.counters:
                self.problems.setdefault(cid, p)
        self._changed((PROBLEM,))

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.model.counters())

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section][1] or None
        return None

    def counter_id(self, row: int) -> str:
        return self.model.counters()[row]["id"]

    def row_of(self, cid: str) -> int:
        return self.model.counter_index(cid)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.column() in EDITABLE else base

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        c = self.model.counters()[index.row()]
        col = index.column()
        problem = self.problems.get(c["id"])
        if role == Qt.ItemDataRole.EditRole:
            if col in VALUE_COLUMNS:
                side, key = VALUE_COLUMNS[col]
                return int(c[side].get(key) or 0)
            if col == ASSIGNMENT:
                return self.model.assignment(c["id"])
            if col == WEAPON:
                return c["weapon"]
            role = Qt.ItemDataRole.DisplayRole
        if role == Qt.ItemDataRole.DisplayRole:
            if col == NAME:
                return c["name"]
            if col == SIDE:
                return "Free Peoples" if c["side"] == "free_peoples" else "Dark"
            if col == GROUP:
                return command_text(c["command"])
            if col == WEAPON:
                return c["weapon"].replace("_", " ")
            if col in VALUE_COLUMNS:
                side, key = VALUE_COLUMNS[col]
                value = c[side].get(key)
                # No bow printed on the counter: leave the cell blank, as the counter does.
                return "" if key == "bow" and not value else str(value)
            if col == ASSIGNMENT:
                return self.model.assignment_label(self.model.assignment(c["id"]))
            if col == HEX:
                return self.model.placements().get(c["id"], "")
            if col == PROBLEM:
                return str(problem.rule + ": " + problem.message) if problem else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            if col in VALUE_COLUMNS:
                side = VALUE_COLUMNS[col][0]
                return f"{side} side {values(c[side])}: {c.get('provenance', {}).get(side, '')}"
            if problem:
                return str(problem)
        if role == Qt.ItemDataRole.ForegroundRole and problem and col == PROBLEM:
            return QBrush(ERROR_COLOUR if problem.severity == "error" else WARNING_COLOUR)
        if role == Qt.ItemDataRole.ForegroundRole and col in VALUE_COLUMNS:
            prov = c.get("provenance", {}).get(VALUE_COLUMNS[col][0], "")
            if edits.EDITED in prov:
                return QBrush(QColor("#1565c0"))  # edited here: blue, as in the Tables panel
        return None

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Apply an in-place edit as one undo step; False (nothing changes) when the value is unusable."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or index.column() not in EDITABLE:
            return False
        cid = self.counter_id(index.row())
        c = self.model.counter(cid)
        col = index.column()
        if col == NAME:
            name = str(value).strip()
            if not name:
                return False
            if name != c["name"]:
                edits.set_counter_field(self.model, cid, "name", name)
            return True
        if col == WEAPON:
            if value not in WEAPONS:
                return False
            if value != c["weapon"]:
                edits.set_counter_field(self.model, cid, "weapon", value)
            return True
        if col in VALUE_COLUMNS:
            side, key = VALUE_COLUMNS[col]
            try:
                number = int(value)
            except (TypeError, ValueError):
                return False
            if not 0 <= number <= 20:  # the Counter panel's range
                return False
            if int(c[side].get(key) or 0) != number:
                edits.set_counter_value(self.model, cid, side, key, number)
            return True
        if col == ASSIGNMENT:
            if value not in self.model.assignment_keys():
                return False
            edits.set_assignment(self.model, cid, value)
            return True
        if col == HEX:
            return self._set_hex(cid, c["name"], "" if value is None else str(value))
        return False

    def _set_hex(self, cid: str, name: str, text: str) -> bool:
        """Place, move or take off ``cid`` by a typed label: the drag's own edits, so one undo step
        with the drag's label, and no rule enforced here (the Problems panel flags B-2 and B-9)."""
        text = text.strip()
        if not text:
            edits.unplace(self.model, [cid])
            return True
        try:
            h = self.model.board.hex_at(text)
        except ValueError as exc:
            where = self.model.placements().get(cid)
            stays = f"stays in {where}" if where else "stays off the map"
            self.refused.emit(f"{name} {stays}: {exc}. Expected {HEX_HINT}.")
            return False
        edits.place(self.model, cid, h)
        return True


class OrderOfBattleDelegate(QStyledItemDelegate):
    """Editors that only offer what the file can hold: lists for weapon and assignment, 0-20 for values."""

    def __init__(self, table: OrderOfBattleModel) -> None:
        super().__init__()
        self.table = table

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        col = index.column()
        if col == WEAPON:
            box = QComboBox(parent)
            for w in WEAPONS:
                box.addItem(w.replace("_", " "), w)
            return box
        if col == ASSIGNMENT:
            box = QComboBox(parent)
            m = self.table.model
            for key in m.assignment_keys():
                box.addItem(m.assignment_label(key), key)
            return box
        if col in VALUE_COLUMNS:
            spin = QSpinBox(parent)
            spin.setRange(0, 20)
            return spin
        if col == HEX:
            line = QLineEdit(parent)
            line.setPlaceholderText("CCRR, empty: off the map")
            line.setToolTip(HEX_HINT)
            return line
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)
