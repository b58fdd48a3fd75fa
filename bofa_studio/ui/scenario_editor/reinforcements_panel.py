"""The B-5 reinforcement schedule: turn, side, units, entry group, and S-5-style die-roll alternatives.

Selecting an entry lights its entry triangles on the map, so the author sees
where the units will come in. Units are added from the counter selected
elsewhere (tray, map or table), which keeps one way of choosing a counter.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
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
from bofa_studio.ui.scenario_editor.model import ScenarioModel, counter_name
from bofa_studio.ui.scenario_editor.table_size import show_rows
from bofa_studio.ui.scenario_editor.wording import (
    group_text,
    groups_text,
    option_order,
    option_text,
    parse_groups,
)

SIDES = [("free_peoples", "Free Peoples"), ("dark", "Dark")]


class ReinforcementsPanel(QWidget):
    def __init__(self, model: ScenarioModel, current_counter: Callable[[], str | None],
                 show_hexes: Callable[[list[Hex]], None]) -> None:
        super().__init__()
        self.model = model
        self.current_counter = current_counter
        self.show_hexes = show_hexes
        self.list = QListWidget()
        self.list.currentRowChanged.connect(lambda _r: self.refresh_form())
        add_fp = QPushButton("Add (Free Peoples)")
        add_dark = QPushButton("Add (Dark)")
        delete = QPushButton("Delete")
        add_fp.clicked.connect(lambda: self.add("free_peoples"))
        add_dark.clicked.connect(lambda: self.add("dark"))
        delete.clicked.connect(self._delete)
        buttons = QHBoxLayout()
        for b in (add_fp, add_dark, delete):
            buttons.addWidget(b)

        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text().strip() or "Reinforcement"))
        self.side = QComboBox()
        for key, text in SIDES:
            self.side.addItem(text, key)
        self.side.activated.connect(lambda _i: self._set("side", self.side.currentData()))
        self.turn = QSpinBox()
        self.turn.setRange(1, 99)
        self.turn.valueChanged.connect(lambda v: self._set("turn", v))
        self.groups: dict[str, QCheckBox] = {}
        # Two columns, so four groups (or a custom map's more) fit the dock instead of widening it.
        group_row = QGridLayout()
        for n, g in enumerate(sorted(model.board.entry_groups())):
            box = QCheckBox(group_text(g))
            box.toggled.connect(lambda _on: self._entry())
            self.groups[g] = box
            group_row.addWidget(box, n // 2, n % 2)
        self.circle = QCheckBox("the entry circle (or the nearest free hex)")
        self.circle.toggled.connect(lambda _on: self._entry())
        self.onto_enemy = QCheckBox("may be placed on enemy counters")
        self.onto_enemy.toggled.connect(lambda _on: self._entry())
        self.units = QListWidget()
        self.units.setMaximumHeight(140)
        add_unit = QPushButton("Add the selected counter")
        add_unit.setToolTip("Select a counter in a tray, on the map or in the order-of-battle table first")
        remove_unit = QPushButton("Take out")
        add_unit.clicked.connect(self._add_unit)
        remove_unit.clicked.connect(self._remove_unit)
        unit_buttons = QHBoxLayout()
        unit_buttons.addWidget(add_unit)
        unit_buttons.addWidget(remove_unit)
        self.alt_option = QComboBox()
        self.alt_option.addItem("none (always the entry groups above)", "")
        notes = model.get(("rules", "option_notes"), {}) or {}
        for key in sorted(model.get(("rules", "options"), {}), key=option_order):
            self.alt_option.addItem(option_text(key, notes), key)
        # The option notes are long: elide in the box rather than widen the panel past its dock.
        self.alt_option.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.alt_option.setMinimumContentsLength(16)
        self.alt_option.activated.connect(lambda _i: self._alternatives())
        self.rolls = QTableWidget(0, 3)
        self.rolls.setHorizontalHeaderLabels(["from roll", "to roll", "entry groups (e.g. north-west, north-east)"])
        self.rolls.horizontalHeader().setStretchLastSection(True)
        show_rows(self.rolls, 3)  # S-5's three ranges (1-3, 4-6, 7-10) at once
        self.rolls.itemChanged.connect(lambda _item: self._alternatives())
        add_roll = QPushButton("Add roll")
        add_roll.clicked.connect(self._add_roll)

        self.form = QWidget()
        form = QFormLayout(self.form)
        form.addRow("Name", self.name)
        form.addRow("Side", self.side)
        form.addRow("Turn", self.turn)
        form.addRow("Entry groups", group_row)
        form.addRow("", self.circle)
        form.addRow("", self.onto_enemy)
        form.addRow("Units", self.units)
        form.addRow("", unit_buttons)
        form.addRow("Die-roll alternative", self.alt_option)
        form.labelForField(self.alt_option).setToolTip(
            "Under this option a die roll picks the entry groups (S-5: 1-3 north-east, 4-6 north-west, 7-10 either)")
        form.addRow(self.rolls)
        form.addRow("", add_roll)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.form, 3)
        model.changed.connect(self._changed)
        self.refresh()

    # -- reading the model ---------------------------------------------------------------
    def entries(self) -> list[dict]:
        return self.model.get(("order_of_battle", "reinforcements"), []) or []

    def index(self) -> int | None:
        row = self.list.currentRow()
        return row if 0 <= row < len(self.entries()) else None

    def _changed(self, path: tuple) -> None:
        if not path or path[0] in ("order_of_battle", "counters", "rules"):
            self.refresh()

    def refresh(self) -> None:
        row = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for r in self.entries():
            side = dict(SIDES).get(r["side"], r["side"])
            n = len(r["counters"])
            self.list.addItem(f"Turn {r['turn']}, {side}: {r.get('name', '')} ({n} unit{'s' if n != 1 else ''})")
        self.list.setCurrentRow(min(max(row, 0), self.list.count() - 1))
        self.list.blockSignals(False)
        self.refresh_form()

    def refresh_form(self) -> None:
        i = self.index()
        self.form.setEnabled(i is not None)
        if i is None:
            self.show_hexes([])
            return
        r = self.entries()[i]
        widgets = [self.name, self.side, self.turn, self.circle, self.onto_enemy, self.alt_option, self.rolls,
                   *self.groups.values()]
        for w in widgets:
            w.blockSignals(True)
        try:
            self.name.setText(r.get("name", ""))
            self.side.setCurrentIndex(self.side.findData(r["side"]))
            self.turn.setValue(r["turn"])
            for g, box in self.groups.items():
                box.setChecked(g in r["entry"].get("groups", []))
            self.circle.setChecked(bool(r["entry"].get("circle")))
            self.onto_enemy.setChecked(bool(r["entry"].get("onto_enemy")))
            self.units.clear()
            for cid in r["counters"]:
                item = QListWidgetItem(counter_name(self.model, cid))
                item.setData(Qt.ItemDataRole.UserRole, cid)
                self.units.addItem(item)
            alt = r.get("alternatives") or {}
            self.alt_option.setCurrentIndex(max(0, self.alt_option.findData(alt.get("option", ""))))
            rolls = alt.get("rolls", [])
            self.rolls.setRowCount(len(rolls))
            for j, roll in enumerate(rolls):
                for k, value in enumerate((roll["min"], roll["max"], groups_text(roll["groups"]))):
                    self.rolls.setItem(j, k, QTableWidgetItem(str(value)))
        finally:
            for w in widgets:
                w.blockSignals(False)
        hexes = [h for g in r["entry"].get("groups", []) for h in self.model.board.entry_groups().get(g, [])]
        self.show_hexes(hexes)

    # -- editing --------------------------------------------------------------------------
    def _set(self, key: str, value) -> None:
        i = self.index()
        if i is not None and self.entries()[i].get(key) != value:
            edits.set_reinforcement(self.model, i, key, value)

    def _entry(self) -> None:
        i = self.index()
        if i is None:
            return
        entry = copy_json(self.entries()[i]["entry"])
        entry["groups"] = [g for g, box in self.groups.items() if box.isChecked()]
        entry["onto_enemy"] = self.onto_enemy.isChecked()
        if self.circle.isChecked():
            entry["circle"] = True
            entry.setdefault("nearest_free", True)
        else:
            entry.pop("circle", None)
            entry.pop("nearest_free", None)
        if not entry["groups"] and "circle" in entry:
            entry.pop("groups")
        self._set("entry", entry)

    def _alternatives(self) -> None:
        i = self.index()
        if i is None:
            return
        option = self.alt_option.currentData()
        if not option:
            self._set("alternatives", None)
            return
        rolls = []
        for j in range(self.rolls.rowCount()):
            cells = [self.rolls.item(j, k).text() if self.rolls.item(j, k) else "" for k in range(3)]
            try:
                lo, hi = int(cells[0]), int(cells[1])
            except ValueError:
                return  # wait until the row is complete
            rolls.append({"min": lo, "max": hi, "groups": parse_groups(cells[2], self.model.board.entry_groups())})
        old = self.entries()[i].get("alternatives") or {}
        self._set("alternatives", {**old, "option": option, "rule": old.get("rule", "S-5"), "rolls": rolls})

    def _add_roll(self) -> None:
        i = self.index()
        if i is None:
            return
        alt = copy_json(self.entries()[i].get("alternatives") or {"option": "s5_second_wave_roll", "rule": "S-5"})
        alt.setdefault("rolls", []).append({"min": 1, "max": 10, "groups": list(self.entries()[i]["entry"].get("groups", []))})
        self._set("alternatives", alt)

    def add(self, side: str) -> None:
        """Add an entry and select it, so the form the author types into next is the new one's."""
        edits.add_reinforcement(self.model, side, 1)
        self.list.setCurrentRow(len(self.entries()) - 1)
        self.name.setFocus()
        self.name.selectAll()

    def _delete(self) -> None:
        i = self.index()
        if i is not None:
            edits.remove_reinforcement(self.model, i)

    def _add_unit(self) -> None:
        i, cid = self.index(), self.current_counter()
        if i is not None and cid is not None:
            edits.set_assignment(self.model, cid, f"reinforcement:{i}")

    def _remove_unit(self) -> None:
        item = self.units.currentItem()
        if item is not None:
            edits.set_assignment(self.model, item.data(Qt.ItemDataRole.UserRole), "")
