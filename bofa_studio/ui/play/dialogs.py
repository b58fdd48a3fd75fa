"""Play-mode dialogs: a new game (scenario, rule level and options, seats, seed) and the
end-of-game screen. Each has a static entry point the window calls through an attribute,
so tests replace it instead of blocking on a modal."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.ui.play.seats import SIDE_NAMES, result_summary


@dataclass
class NewGame:
    """Everything a new game needs; the seed is shown so a game can be played again."""

    scenario: str
    seed: int
    level: str | None = None
    options: dict[str, bool] = field(default_factory=dict)
    seat_names: list[str] = field(default_factory=lambda: ["Free Peoples player", "Dark player"])
    undo_rolls: bool = False


def shipped_scenarios() -> list[Path]:
    from bofa_studio.resources import scenarios_dir

    try:
        return sorted(scenarios_dir().glob("*.json"))
    except FileNotFoundError:
        return []


def scenario_title(path: Path) -> str:
    """The scenario's own name, as its author gave it, with the file's for telling copies apart."""
    from bofa_studio.jsonfile import read_json_object

    try:
        name = read_json_object(path).get("meta", {}).get("name")
    except Exception:  # a broken file is still listed; starting the game reports what is wrong
        name = None
    return f"{name} ({path.stem})" if isinstance(name, str) and name.strip() else path.stem


# The engine's O-2 options and the number of seats each means.
O2_OPTIONS = {"o2_three_players": 3, "o2_four_players": 4}


class NewGameDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.scenario = QComboBox()
        for path in shipped_scenarios():
            self.scenario.addItem(scenario_title(path), str(path))
        self.scenario.currentIndexChanged.connect(self._scenario_changed)
        form.addRow("Scenario", self.scenario)
        self.level = QComboBox()
        self.level.addItem("Basic Game (B-1..B-11)", "basic")
        self.level.addItem("Standard Game (S-1..S-11)", "standard")
        form.addRow("Rules", self.level)
        self.seats = QComboBox()
        self.seats.addItem("2 players", 2)
        self.seats.addItem("3 players (O-2)", 3)
        self.seats.addItem("4 players (O-2)", 4)
        self.seats.currentIndexChanged.connect(self._seats_changed)
        form.addRow("Seats", self.seats)
        self.names = [QLineEdit(n) for n in ("Free Peoples player", "Dark player", "Second Wave player",
                                                  "Dwarves & Men player")]
        self.name_labels = [QLabel(t) for t in (SIDE_NAMES["free_peoples"], SIDE_NAMES["dark"],
                                               "Dark: Second Wave (O-2)", "Free Peoples: Dwarves, Men, Eagles (O-2)")]
        for label, edit in zip(self.name_labels, self.names, strict=True):
            form.addRow(label, edit)
        seed_row = QHBoxLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(1, 1_000_000))
        again = QPushButton("New seed")
        again.clicked.connect(lambda: self.seed.setValue(random.randrange(1, 1_000_000)))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(again)
        form.addRow("Random seed", seed_row)
        self.undo_rolls = QCheckBox("Allow undoing die rolls and blind draws")
        form.addRow("", self.undo_rolls)
        layout.addLayout(form)
        self.options_box = QGroupBox("Optional rules")
        self.options_layout = QVBoxLayout(self.options_box)
        self.option_boxes: dict[str, QCheckBox] = {}
        layout.addWidget(self.options_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._scenario_changed()
        self._seats_changed()

    def _scenario_changed(self) -> None:
        from bofa_studio.jsonfile import read_json_object

        for box in self.option_boxes.values():
            box.deleteLater()
        self.option_boxes = {}
        path = self.scenario.currentData()
        if not path:
            return
        try:
            rules = read_json_object(path)["rules"]
        except Exception:  # a broken file shows no options; starting the game reports it
            return
        i = self.level.findData(rules.get("level", "basic"))
        if i >= 0:
            self.level.setCurrentIndex(i)
        notes = rules.get("option_notes", {})
        for key, value in rules.get("options", {}).items():
            box = QCheckBox(notes.get(key, key))
            box.setChecked(bool(value))
            self.options_layout.addWidget(box)
            self.option_boxes[key] = box
        if hasattr(self, "names"):
            self._seats_changed()

    def _seats_changed(self) -> None:
        n = self.seats.currentData() or 2
        for i, (label, edit) in enumerate(zip(self.name_labels, self.names, strict=True)):
            label.setVisible(i < n)
            edit.setVisible(i < n)
        # O-2 is the number of seats: its two options follow the Seats choice, and are not
        # ticked on their own (a two-seat table under O-2 would leave a side's counters to
        # nobody's seat, and three seats without it would have no third command).
        for key, seats in O2_OPTIONS.items():
            box = self.option_boxes.get(key)
            if box is not None:
                box.setChecked(n == seats)
                box.setEnabled(False)
                box.setToolTip("Chosen with Seats above: 3 players for the Second Wave seat, 4 to split "
                               "the Free Peoples too")

    def value(self) -> NewGame:
        n = self.seats.currentData() or 2
        return NewGame(
            scenario=self.scenario.currentData() or "",
            seed=self.seed.value(),
            level=self.level.currentData(),
            options={k: b.isChecked() for k, b in self.option_boxes.items()},
            seat_names=[e.text() or f"Player {i + 1}" for i, e in enumerate(self.names[:n])],
            undo_rolls=self.undo_rolls.isChecked(),
        )

    @staticmethod
    def ask(parent: QWidget | None) -> NewGame | None:
        dialog = NewGameDialog(parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None


def end_text(result: dict[str, Any], location_names: dict[str, str] | None = None) -> str:
    """The end-of-game screen as rich text: victory level, score and each location's holder."""
    names = location_names or {}
    rows = [f"<h2>{result_summary(result)}</h2>"]
    score = result.get("score", {})
    if score:
        rows.append("<p>" + ", ".join(f"{SIDE_NAMES.get(k, k)}: {v}" for k, v in score.items())
                    + " victory locations (B-11, S-11)</p>")
    rows.append("<table cellpadding=4>")
    for loc, side in result.get("control", {}).items():
        label = names.get(loc, loc.split(".")[-1].replace("_", " ").title())
        rows.append(f"<tr><td>{label}</td><td><b>{SIDE_NAMES.get(side, 'nobody') if side else 'nobody'}</b></td></tr>")
    rows.append("</table>")
    return "".join(rows)


class EndDialog(QDialog):
    def __init__(self, result: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The battle is over")
        layout = QVBoxLayout(self)
        self.label = QLabel(end_text(result))
        layout.addWidget(self.label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)

    @staticmethod
    def show_result(result: dict[str, Any], parent: QWidget | None) -> None:
        EndDialog(result, parent).exec()
