"""Name and description, rule level, optional rules, victory locations, number of turns and the chip mix.

Each option's checkbox carries the rulebook's own text as its tooltip (from
``rule_texts.json``, cut from the rulebook by ``scripts/build_rule_texts.py``), so the
author reads what the rule says, not our summary of it.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from functools import cache
from importlib import resources

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.hexgrid import Hex
from bofa_studio.jsonfile import copy_json
from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.scenario_editor.table_size import show_rows
from bofa_studio.ui.scenario_editor.victory_panel import VictoryLocations
from bofa_studio.ui.scenario_editor.wording import chip_text, level_text, option_order, option_text

LEVELS = ["basic", "standard"]
OPTION_WIDTH = 48  # characters per line of an option's checkbox


@cache
def rule_texts() -> dict:
    """The rulebook passages shipped as package data."""
    text = resources.files("bofa_studio.ui.scenario_editor").joinpath("rule_texts.json").read_text(encoding="utf-8")
    return json.loads(text)


def option_tooltip(key: str, note: str = "") -> str:
    entry = rule_texts()["options"].get(key)
    if entry is None:
        return note
    return f"<b>{entry['title']}</b><p>{entry['text'].replace(chr(10), '<br>')}</p>"


class RulesPanel(QWidget):
    def __init__(self, model: ScenarioModel, highlight: Callable[[list[Hex]], None] | None = None) -> None:
        super().__init__()
        self.model = model
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: edits.set_meta(model, "name", self.name.text()))
        self.description = QPlainTextEdit()
        self.description.setMaximumHeight(80)
        self.description.textChanged.connect(
            lambda: edits.set_meta(model, "description", self.description.toPlainText()))
        self.level = QComboBox()
        for level in LEVELS:
            self.level.addItem(level_text(level), level)
        self.level.activated.connect(lambda _i: edits.set_level(model, self.level.currentData()))
        self.turns = QSpinBox()
        self.turns.setRange(1, 40)
        self.turns.valueChanged.connect(lambda v: edits.set_turns(model, v))
        meta = QFormLayout()
        meta.addRow("Name", self.name)
        meta.addRow("Description", self.description)
        meta.addRow("Rule level", self.level)
        meta.addRow("Number of turns (B-3)", self.turns)

        self.options: dict[str, QCheckBox] = {}
        box = QGroupBox("Optional rules (hover for the rule's text)")
        opts = QVBoxLayout(box)
        notes = model.get(("rules", "option_notes"), {}) or {}
        for key in sorted(model.get(("rules", "options"), {}), key=option_order):
            # Wrapped by hand (a checkbox does not wrap), so the longest note fits the dock.
            check = QCheckBox(textwrap.fill(option_text(key, notes), OPTION_WIDTH, subsequent_indent="  "))
            check.setToolTip(option_tooltip(key, notes.get(key, key)))
            check.toggled.connect(lambda on, k=key: edits.set_option(model, k, on))
            self.options[key] = check
            opts.addWidget(check)

        chips = QGroupBox("Chip mix by turn range (B-3)")
        chip_layout = QVBoxLayout(chips)
        self.kinds: list[str] = list(model.get(("chips", "kinds"), []) or [])
        self.mix = QTableWidget(0, 3 + len(self.kinds))
        self.mix.setHorizontalHeaderLabels(["from turn", "to turn", "phases", *(chip_text(k) for k in self.kinds)])
        self.mix.itemChanged.connect(lambda _item: self._mix_edited())
        show_rows(self.mix, 4)
        add = QPushButton("Add turn range")
        remove = QPushButton("Delete turn range")
        add.clicked.connect(self._add_range)
        remove.clicked.connect(self._remove_range)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        chip_layout.addWidget(self.mix)
        chip_layout.addLayout(row)

        self.victory = VictoryLocations(model, highlight)
        layout = QVBoxLayout(self)
        layout.addLayout(meta)
        layout.addWidget(box)
        layout.addWidget(self.victory)
        layout.addWidget(chips, 1)
        model.changed.connect(self._changed)
        self.refresh()

    def _changed(self, _path: tuple) -> None:
        self.refresh()

    def refresh(self) -> None:
        m = self.model
        widgets = [self.name, self.description, self.level, self.turns, self.mix, *self.options.values()]
        for w in widgets:
            w.blockSignals(True)
        try:
            if not self.name.hasFocus():
                self.name.setText(m.get(("meta", "name"), ""))
                self.name.setCursorPosition(0)  # a long name shows its start, not its end
            if self.description.toPlainText() != m.get(("meta", "description"), ""):
                self.description.setPlainText(m.get(("meta", "description"), ""))
            self.level.setCurrentIndex(max(0, self.level.findData(m.get(("rules", "level"), "basic"))))
            self.turns.setValue(m.get(("turns",), 12))
            for key, check in self.options.items():
                check.setChecked(bool(m.get(("rules", "options", key), False)))
            mix = m.get(("chips", "mix"), []) or []
            self.mix.setRowCount(len(mix))
            for i, entry in enumerate(mix):
                cells = [entry["from_turn"], entry["to_turn"], entry["phases"], *(entry["chips"].get(k, 0) for k in self.kinds)]
                for j, value in enumerate(cells):
                    self.mix.setItem(i, j, QTableWidgetItem(str(value)))
        finally:
            for w in widgets:
                w.blockSignals(False)

    def _mix_edited(self) -> None:
        mix = copy_json(self.model.get(("chips", "mix"), []))
        for i, entry in enumerate(mix):
            try:
                values = [int(self.mix.item(i, j).text()) for j in range(self.mix.columnCount())]
            except (AttributeError, ValueError):
                self.refresh()  # not a number: show the value the file still holds
                return
            entry["from_turn"], entry["to_turn"], entry["phases"] = values[:3]
            entry["chips"] = {k: v for k, v in zip(self.kinds, values[3:], strict=True) if v}
        edits.set_chip_mix(self.model, mix, "Edit the chip mix")

    def _add_range(self) -> None:
        """A new range after the last one; when the last reaches the final turn, split it there.

        Appending "from the last turn" on top of a range that already covers it would give a
        turn two mixes, and the game would silently use the first.
        """
        mix = copy_json(self.model.get(("chips", "mix"), []))
        last = mix[-1] if mix else {"to_turn": 0, "phases": 4, "chips": {"move": 3, "combat": 1, "fire": 1}}
        turns = self.model.get(("turns",), 12)
        if last["to_turn"] < turns or not mix:
            start, end = last["to_turn"] + 1, turns
        elif last["from_turn"] < turns:
            start, end = turns, last["to_turn"]
            last["to_turn"] = turns - 1
        else:
            return  # the last range is the final turn alone: nothing left to split
        mix.append({"from_turn": start, "to_turn": end, "phases": last["phases"], "chips": dict(last["chips"])})
        edits.set_chip_mix(self.model, mix, f"Add a chip mix from turn {start}")
        self.mix.setCurrentCell(len(mix) - 1, 0)

    def _remove_range(self) -> None:
        row = self.mix.currentRow()
        mix = copy_json(self.model.get(("chips", "mix"), []))
        if 0 <= row < len(mix):
            mix.pop(row)
            edits.set_chip_mix(self.model, mix, "Delete a chip mix")
