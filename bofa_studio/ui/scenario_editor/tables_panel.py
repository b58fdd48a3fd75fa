"""Combat and Fire Table editors: the grid as printed, each cell coloured by where it comes from.

Green cells are printed in the rulebook text, amber ones reconstructed, blue
ones edited here. A combat cell reads as on the sheet: ``D2`` (the defender
takes 2 hits), ``A1`` (the attacker takes 1), ``-`` (nothing), with ``*`` for an
O-4 hysteria mark; a fire cell is the number of hits. "Reset" puts back the
tables of the shipped scenario of the same ruleset (the default scenario first).
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.jsonfile import DataFileError, read_json_object
from bofa_studio.resources import DEFAULT_SCENARIO, scenarios_dir
from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.model import ScenarioModel

PROVENANCE_COLOURS = {"rulebook": "#c8e6c9", "reconstructed": "#ffe0b2", "edited": "#bbdefb"}
COMBAT_CELL = re.compile(r"^\s*(?:([AD])\s*(\d+)|-|0)?\s*(\*)?\s*$", re.IGNORECASE)


def default_tables(ruleset: str = "bofa1984") -> dict[str, Any]:
    """The tables shipped for ``ruleset``: those of the default scenario, or else of the first
    shipped scenario that plays it. LookupError when none is shipped (nothing to reset to)."""
    folder = scenarios_dir()
    default = folder / DEFAULT_SCENARIO
    for path in [default, *sorted(p for p in folder.glob("*.json") if p != default)]:
        try:
            data = read_json_object(path)
        except DataFileError:
            continue  # a broken shipped file is reported by the self-test, not by a Reset button
        if data.get("ruleset") == ruleset and isinstance(data.get("tables"), dict):
            return data["tables"]
    raise LookupError(f"no shipped scenario for ruleset {ruleset!r} in {folder}")


def combat_text(cell: dict[str, Any]) -> str:
    text = f"D{cell['defender']}" if cell["defender"] else f"A{cell['attacker']}" if cell["attacker"] else "-"
    return text + ("*" if cell.get("hysteria") else "")


def parse_combat(text: str) -> dict[str, Any] | None:
    """``D2``, ``A1*``, ``-`` -> the cell's hits; None when the text is not a cell."""
    match = COMBAT_CELL.match(text)
    if not match:
        return None
    who, hits, star = match.groups()
    n = int(hits) if hits else 0
    return {"attacker": n if who and who.upper() == "A" else 0, "defender": n if who and who.upper() == "D" else 0,
            "hysteria": bool(star)}


def provenance_colour(prov: str) -> QColor:
    if edits.EDITED in prov:
        return QColor(PROVENANCE_COLOURS["edited"])
    for key, colour in PROVENANCE_COLOURS.items():
        if prov.startswith(key):
            return QColor(colour)
    return QColor("#eeeeee")


class TableGrid(QWidget):
    # Why a typed cell was not taken (the cell goes back to its value); the window shows it.
    refused = Signal(str)

    def __init__(self, model: ScenarioModel, table: str) -> None:
        super().__init__()
        self.model = model
        self.table = table
        self.grid = QTableWidget()
        self.grid.itemChanged.connect(self._edited)
        # Short, so the legend and the button fit the 450-pixel dock; the tooltip says which table.
        reset = QPushButton("Reset to default")
        reset.setToolTip(f"Put back the shipped {table.title()} Table (one undo step)")
        reset.clicked.connect(self.reset)
        legend = QLabel(" ".join(f"<span style='background:{c}'>&nbsp;{k}&nbsp;</span>"
                                 for k, c in PROVENANCE_COLOURS.items()))
        row = QHBoxLayout()
        row.addWidget(legend)
        row.addStretch(1)
        row.addWidget(reset)
        layout = QVBoxLayout(self)
        layout.addWidget(self.grid)
        layout.addLayout(row)
        model.changed.connect(self._changed)
        self.refresh()

    def _changed(self, path: tuple) -> None:
        if not path or path[:2] == ("tables", self.table) or path == ("tables",):
            self.refresh()

    def data(self) -> dict[str, Any]:
        return self.model.data["tables"][self.table]

    def refresh(self) -> None:
        t = self.data()
        # Rebuilt after every edit: keep the author's place, so Enter or an arrow goes on from there.
        here = (self.grid.currentRow(), self.grid.currentColumn())
        scrolled = (self.grid.horizontalScrollBar().value(), self.grid.verticalScrollBar().value())
        self.grid.blockSignals(True)
        self.grid.clear()
        self.grid.setColumnCount(len(t["columns"]))
        self.grid.setRowCount(len(t["rows"]))
        self.grid.setHorizontalHeaderLabels([c["label"] for c in t["columns"]])
        self.grid.setVerticalHeaderLabels([str(r["roll"]) for r in t["rows"]])
        for i, row in enumerate(t["rows"]):
            for j, cell in enumerate(row["cells"]):
                text = combat_text(cell) if self.table == "combat" else str(cell["hits"] or "-")
                item = QTableWidgetItem(text)
                item.setBackground(QBrush(provenance_colour(cell.get("provenance", ""))))
                item.setToolTip(cell.get("provenance", ""))
                self.grid.setItem(i, j, item)
        self.grid.resizeColumnsToContents()
        if 0 <= here[0] < self.grid.rowCount() and 0 <= here[1] < self.grid.columnCount():
            self.grid.setCurrentCell(*here)
        self.grid.horizontalScrollBar().setValue(scrolled[0])
        self.grid.verticalScrollBar().setValue(scrolled[1])
        self.grid.blockSignals(False)

    def cell_text(self, row: int, col: int) -> str:
        return self.grid.item(row, col).text()

    def edit_cell(self, row: int, col: int, text: str) -> bool:
        """Set one cell from its printed form; False (and nothing changes) when the text is not a cell."""
        old = self.data()["rows"][row]["cells"][col]
        if self.table == "combat":
            parsed = parse_combat(text)
        else:
            stripped = text.strip()
            parsed = {"hits": 0 if stripped in ("-", "") else int(stripped)} if stripped in ("-", "") or stripped.isdigit() else None
        if parsed is None:
            return False
        cell = {**old, **parsed}
        if cell == old:
            return True
        cell["provenance"] = edits.edited_provenance(old.get("provenance", ""))
        edits.set_table_cell(self.model, self.table, row, col, cell)
        return True

    def _edited(self, item: QTableWidgetItem) -> None:
        text, row, col = item.text(), item.row(), item.column()  # the refresh deletes the item
        if not self.edit_cell(row, col, text):
            self.refresh()
            expected = ("a result as printed: D1, A2, D1* (O-4 hysteria) or - for none" if self.table == "combat"
                        else "a number of hits, or - for none")
            roll = self.data()["rows"][row]["roll"]
            column = self.data()["columns"][col]["label"]
            self.refused.emit(f"{self.table.title()} Table, roll {roll}, column {column}: {text!r} is not a "
                              f"cell; expected {expected}.")

    def reset(self) -> None:
        ruleset = self.model.data.get("ruleset", "")
        try:
            shipped = default_tables(ruleset)[self.table]
        except (LookupError, TypeError) as exc:
            self.refused.emit(f"{self.table.title()} Table: nothing to reset to ({exc}).")
            return
        edits.reset_table(self.model, self.table, shipped)


class TablesPanel(QTabWidget):
    def __init__(self, model: ScenarioModel) -> None:
        super().__init__()
        self.combat = TableGrid(model, "combat")
        self.fire = TableGrid(model, "fire")
        self.addTab(self.combat, "Combat Table")
        self.addTab(self.fire, "Fire Table")
