"""Dialogs of the map editor: new map, resize, file problems, the rulebook, about.

Each dialog has a small static ``ask``/``show`` entry point, and the main window
calls them through attributes it can swap, so tests never block on a modal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import bofa_studio
from bofa_studio.board.resize import MAX_LINES, EdgeChange
from bofa_studio.hexgrid import GridSpec, LabelScheme, Orientation, Shifted
from bofa_studio.rules.registry import known_rulesets

RULEBOOK = "bofa-1984-rulebook.txt"
MAX_COLUMNS = MAX_ROWS = MAX_LINES  # CCRR labels have two digits each


def find_rulebook(name: str = RULEBOOK) -> Path | None:
    """The rulebook text, if this installation can see it.

    The rulebooks are not ours to ship; in a checkout they sit in
    ``../shared/rulebooks`` beside the repository.
    """
    repo = Path(bofa_studio.__file__).resolve().parent.parent
    for folder in (repo.parent / "shared" / "rulebooks", repo / "rulebooks"):
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


@dataclass(frozen=True)
class NewMapAnswer:
    grid: GridSpec
    name: str
    ruleset: str | None  # None: a map for no ruleset in particular (geometry checks only)


def add_ruleset_choices(combo: QComboBox) -> None:
    """"None" first (a new map owes no ruleset anything), then every ruleset this program has.

    Item data is the ruleset's name, "" for none (Qt finds no item by a None data);
    :func:`chosen_ruleset` reads it back.
    """
    combo.addItem("None (geometry only)", "")
    for name in known_rulesets():
        combo.addItem(name, name)


def chosen_ruleset(combo: QComboBox) -> str | None:
    return combo.currentData() or None


def show_ruleset(combo: QComboBox, ruleset: str | None) -> None:
    """Select ``ruleset``; one this program lacks is listed, so that saving keeps it."""
    if combo.findData(ruleset or "") < 0:
        combo.addItem(f"{ruleset} (not installed)", ruleset)
    combo.setCurrentIndex(combo.findData(ruleset or ""))


class NewMapDialog(QDialog):
    """Size, orientation, numbering and intended ruleset of a new, all-plain map."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New map")
        form = QFormLayout(self)
        self.name = QLineEdit("Untitled map")
        self.columns = _spin(1, MAX_COLUMNS, 32)
        self.rows = _spin(1, MAX_ROWS, 24)
        self.orientation = QComboBox()
        self.orientation.addItem("Flat-topped (columns)", Orientation.FLAT)
        self.orientation.addItem("Pointy-topped (rows)", Orientation.POINTY)
        self.shifted = QComboBox()
        self.shifted.addItem("Even columns/rows shifted (02, 04, ...)", Shifted.EVEN)
        self.shifted.addItem("Odd columns/rows shifted (01, 03, ...)", Shifted.ODD)
        self.ruleset = QComboBox()
        add_ruleset_choices(self.ruleset)
        self.ruleset.setToolTip("The map is checked for this ruleset's requirements as you draw")
        form.addRow("Name", self.name)
        form.addRow("Columns", self.columns)
        form.addRow("Rows", self.rows)
        form.addRow("Orientation", self.orientation)
        self.labels = QComboBox()
        self.labels.addItem("Column and row, four digits (0712)", LabelScheme.CCRR)
        self.labels.addItem("Column letter and row number (F-11)", LabelScheme.LETTER_NUMBER)
        form.addRow("Numbering", self.shifted)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("Hex names", self.labels)
        form.addRow(_buttons(self))

    def grid(self) -> GridSpec:
        return GridSpec(
            self.orientation.currentData(), self.columns.value(), self.rows.value(), self.shifted.currentData(),
            self.labels.currentData(),
        )

    def answer(self) -> NewMapAnswer:
        return NewMapAnswer(self.grid(), self.name.text().strip() or "Untitled map", chosen_ruleset(self.ruleset))

    @staticmethod
    def ask(parent: QWidget | None) -> NewMapAnswer | None:
        dialog = NewMapDialog(parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.answer()


class ResizeDialog(QDialog):
    """Columns and rows to add (or, negative, remove) at each edge, and the size that makes."""

    def __init__(self, grid: GridSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Resize map")
        self.grid = grid
        form = QFormLayout(self)
        hint = QLabel(
            "Add columns and rows at any edge, or remove them with a negative number. "
            "Everything on the map moves with its hexes; you see what moves and what is lost before it is done."
        )
        hint.setWordWrap(True)
        form.addRow(hint)
        self.west = _spin(1 - grid.columns, MAX_COLUMNS - grid.columns, 0)
        self.east = _spin(1 - grid.columns, MAX_COLUMNS - grid.columns, 0)
        self.top = _spin(1 - grid.rows, MAX_ROWS - grid.rows, 0)
        self.bottom = _spin(1 - grid.rows, MAX_ROWS - grid.rows, 0)
        form.addRow("Columns on the west (left)", self.west)
        form.addRow("Columns on the east (right)", self.east)
        form.addRow("Rows at the top", self.top)
        form.addRow("Rows at the bottom", self.bottom)
        self.size = QLabel()
        form.addRow("New size", self.size)
        self.buttons = _buttons(self)
        form.addRow(self.buttons)
        for spin in (self.west, self.east, self.top, self.bottom):
            spin.valueChanged.connect(self._show_size)
        self._show_size()

    def edges(self) -> EdgeChange:
        return EdgeChange(self.west.value(), self.east.value(), self.top.value(), self.bottom.value())

    def _show_size(self) -> None:
        edges = self.edges()
        columns = self.grid.columns + edges.west + edges.east
        rows = self.grid.rows + edges.top + edges.bottom
        fits = 1 <= columns <= MAX_COLUMNS and 1 <= rows <= MAX_ROWS
        self.size.setText(f"{columns} columns x {rows} rows" if fits else
                          f"{columns} x {rows}: a map has 1 to {MAX_COLUMNS} columns and rows")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(fits and not edges.is_empty())

    @staticmethod
    def ask(grid: GridSpec, parent: QWidget | None) -> EdgeChange | None:
        dialog = ResizeDialog(grid, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.edges()


@dataclass(frozen=True)
class SpaceAnswer:
    """An off-board space to add (``name`` set) or a link to add to an existing one."""

    name: str
    terrain: str
    level: int
    links: tuple[str, ...]
    gate: str  # "" or a gate on its links to board hexes


class SpaceDialog(QDialog):
    """Map > Add off-board space: a space on its own level (Helm's Deep's tunnel and culvert),
    drawn beside the grid and entered only from the hexes or spaces it is linked to."""

    def __init__(self, terrains: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add off-board space")
        form = QFormLayout(self)
        form.addRow(QLabel("A space off the board, on its own level, entered only through its links."))
        self.name = QLineEdit()
        self.name.setPlaceholderText("Tunnel-1")
        self.terrain = QComboBox()
        self.terrain.addItems(list(terrains))
        self.level = _spin(0, 4, 1)
        self.links = QLineEdit()
        self.links.setPlaceholderText("F-10, Tunnel-2")
        self.gate = QComboBox()
        self.gate.addItems(["none", "big_gate", "light_gate"])
        form.addRow("Name", self.name)
        form.addRow("Terrain", self.terrain)
        form.addRow("Level", self.level)
        form.addRow("Linked to (labels)", self.links)
        form.addRow("Gate on its links to the board", self.gate)
        form.addRow(_buttons(self))

    @staticmethod
    def ask(terrains: Sequence[str], parent: QWidget | None) -> SpaceAnswer | None:
        dialog = SpaceDialog(terrains, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        gate = dialog.gate.currentText()
        return SpaceAnswer(dialog.name.text().strip(), dialog.terrain.currentText(), dialog.level.value(),
                           tuple(x.strip() for x in dialog.links.text().split(",") if x.strip()),
                           "" if gate == "none" else gate)


class ProblemsDialog(QDialog):
    """Every problem found in a file, one per line, instead of a traceback."""

    def __init__(self, title: str, summary: str, problems: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(720, 360)
        layout = QVBoxLayout(self)
        label = QLabel(summary)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.text = QPlainTextEdit("\n".join(problems))
        self.text.setReadOnly(True)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    @staticmethod
    def show_problems(title: str, summary: str, problems: Sequence[str], parent: QWidget | None) -> None:
        ProblemsDialog(title, summary, problems, parent).exec()


class TextViewer(QDialog):
    """A read-only text (the rulebook) with a search box; Enter finds the next match."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(820, 760)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search (e.g. S-8, Front Gate)")
        self.search.setClearButtonEnabled(True)
        self.search.returnPressed.connect(self.find_next)
        find = QPushButton("Find next")
        find.clicked.connect(self.find_next)
        self.status = QLabel()
        row.addWidget(self.search, 1)
        row.addWidget(find)
        row.addWidget(self.status)
        layout.addLayout(row)
        self.text = QPlainTextEdit(text)
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        layout.addWidget(self.text)

    def find_next(self) -> bool:
        needle = self.search.text()
        if not needle:
            return False
        if self.text.find(needle) or self._wrap_and_find(needle):
            self.status.setText("")
            return True
        self.status.setText("not found")
        return False

    def _wrap_and_find(self, needle: str) -> bool:
        cursor = self.text.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.text.setTextCursor(cursor)
        return self.text.find(needle, QTextDocument.FindFlag(0))


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    return spin


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
