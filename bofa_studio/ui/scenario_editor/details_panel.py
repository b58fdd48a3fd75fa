"""Counter details: the selected counter's printed values, weapon, command and order of battle.

Every value shows where it comes from (its provenance: a rulebook section, or
"reconstructed"), because most counter values of the 1984 game are not in the
surviving text; an owner of the counters corrects them here, and the edit
records that it was edited and what the provenance was before.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.map_panel import paint_faces
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.scenario_editor.wording import weapon_text

WEAPONS = ["long_bow", "short_bow", "spear", "sword", "axe", "war_axe", "scimitar", "talons", "claws", "staff", "fangs"]
VALUE_KEYS = ["strength", "movement", "bow"]


class FacesPreview(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.counter: dict | None = None
        self.setMinimumHeight(84)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(200, 84)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        if self.counter is None:
            return
        painter = QPainter(self)
        paint_faces(painter, QRectF(8, 4, self.width() - 16, self.height() - 8), self.counter)
        painter.end()


class CounterDetails(QWidget):
    def __init__(self, model: ScenarioModel) -> None:
        super().__init__()
        self.model = model
        self.cid: str | None = None
        self.title = QLabel("Select a counter in a tray, on the map or in the table.")
        self.title.setWordWrap(True)
        self.preview = FacesPreview()
        self.weapon = QComboBox()
        for w in WEAPONS:
            self.weapon.addItem(weapon_text(w), w)
        self.command = QComboBox()
        self.command.setEditable(True)
        self.assignment = QComboBox()
        form = QFormLayout()
        form.addRow("Weapon / symbol", self.weapon)
        form.addRow("Group (command)", self.command)
        form.addRow("Order of battle", self.assignment)
        values = QGroupBox("Values (combat strength, movement, bow)")
        grid = QGridLayout(values)
        self.spins: dict[tuple[str, str], QSpinBox] = {}
        self.provenance: dict[str, QLabel] = {}
        for col, key in enumerate(VALUE_KEYS):
            grid.addWidget(QLabel(key.title()), 0, col + 1)
        for row, side in enumerate(("full", "reduced")):
            grid.addWidget(QLabel(side.title()), row + 1, 0)
            for col, key in enumerate(VALUE_KEYS):
                spin = QSpinBox()
                spin.setRange(0, 20)
                spin.valueChanged.connect(lambda v, s=side, k=key: self._value(s, k, v))
                self.spins[(side, key)] = spin
                grid.addWidget(spin, row + 1, col + 1)
            label = QLabel()
            label.setWordWrap(True)
            label.setStyleSheet("color: #555; font-size: 11px")
            self.provenance[side] = label
        grid.addWidget(QLabel("Provenance of the full side:"), 3, 0, 1, 4)
        grid.addWidget(self.provenance["full"], 4, 0, 1, 4)
        grid.addWidget(QLabel("Provenance of the reduced side:"), 5, 0, 1, 4)
        grid.addWidget(self.provenance["reduced"], 6, 0, 1, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.preview)
        layout.addLayout(form)
        layout.addWidget(values)
        layout.addStretch(1)
        self.weapon.activated.connect(lambda _i: self._field("weapon", self.weapon.currentData()))
        self.command.activated.connect(lambda _i: self._field("command", self.command.currentText()))
        self.assignment.activated.connect(self._assign)
        model.changed.connect(self._changed)
        self.refresh()

    def show_counter(self, cid: str | None) -> None:
        self.cid = cid
        self.refresh()

    def _changed(self, _path: tuple) -> None:
        self.refresh()

    def refresh(self) -> None:
        counter = None
        if self.cid is not None:
            try:
                counter = self.model.counter(self.cid)
            except KeyError:
                self.cid = None
        self.setEnabled(counter is not None)
        self.preview.counter = counter
        self.preview.update()
        if counter is None:
            # Nothing selected: blank fields, not the last counter's (or the first weapon's) values.
            self.title.setText("Select a counter in a tray, on the map or in the table.")
            for w in (self.weapon, self.command, self.assignment):
                w.blockSignals(True)
                w.setCurrentIndex(-1)
                w.blockSignals(False)
            for label in self.provenance.values():
                label.clear()
            return
        widgets = [self.weapon, self.command, self.assignment, *self.spins.values()]
        for w in widgets:
            w.blockSignals(True)
        try:
            side = "Free Peoples" if counter["side"] == "free_peoples" else "Dark"
            kind = "leader / character" if counter["kind"] == "leader" else "combat counter"
            self.title.setText(f"<b>{counter['name']}</b> &mdash; {side} {kind}")
            self.title.setToolTip(f"id in the scenario file: {counter['id']}")
            if self.weapon.findData(counter["weapon"]) < 0:
                self.weapon.addItem(weapon_text(counter["weapon"]), counter["weapon"])
            self.weapon.setCurrentIndex(self.weapon.findData(counter["weapon"]))
            self.command.clear()
            self.command.addItems(sorted({c["command"] for c in self.model.counters()}))
            self.command.setCurrentText(counter["command"])
            self.assignment.clear()
            for key in self.model.assignment_keys():
                self.assignment.addItem(self.model.assignment_label(key), key)
            self.assignment.setCurrentIndex(self.assignment.findData(self.model.assignment(self.cid)))
            for (side, key), spin in self.spins.items():
                spin.setValue(int(counter[side].get(key, 0)))
            for side, label in self.provenance.items():
                label.setText(counter.get("provenance", {}).get(side, "unknown"))
        finally:
            for w in widgets:
                w.blockSignals(False)

    def _value(self, side: str, key: str, value: int) -> None:
        if self.cid is not None:
            edits.set_counter_value(self.model, self.cid, side, key, value)

    def _field(self, key: str, value: str) -> None:
        if self.cid is not None and value and self.model.counter(self.cid)[key] != value:
            edits.set_counter_field(self.model, self.cid, key, value)

    def _assign(self, index: int) -> None:
        if self.cid is not None:
            edits.set_assignment(self.model, self.cid, self.assignment.itemData(index))
