"""Play-mode dialogs: a new game (scenario, rule level and options, seats, seed) and the
end-of-game screen. Each has a static entry point the window calls through an attribute,
so tests replace it instead of blocking on a modal."""

from __future__ import annotations

import html
import random
from dataclasses import dataclass, field
from functools import partial
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

# Who plays a seat: a person, or the computer at a level (bofa_studio.ai.LEVELS).
PLAYER_CHOICES = (("Human", ""), ("Computer, easy", "easy"), ("Computer, normal", "normal"),
                  ("Computer, hard", "hard"))


@dataclass
class NewGame:
    """Everything a new game needs; the seed is shown so a game can be played again."""

    scenario: str
    seed: int
    level: str | None = None
    options: dict[str, bool] = field(default_factory=dict)
    seat_names: list[str] = field(default_factory=list)
    # Per seat, in the order of seat_names: "" for a person, else the computer's level.
    seat_computers: list[str] = field(default_factory=list)
    undo_rolls: bool = False
    form: dict[str, Any] | None = None  # the ruleset's new-game choices (seat counts -> options)


def new_game_form(path: str) -> dict[str, Any]:
    """The choices a scenario's ruleset offers a new game (levels, options, seats)."""
    from bofa_studio.jsonfile import read_json_object
    from bofa_studio.play.presentation import play_class

    data = read_json_object(path)
    return play_class(data.get("ruleset")).new_game_form(data)


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


class NewGameDialog(QDialog):
    """Scenario, rule level, seats and their names, seed and optional rules: what the chosen
    scenario's ruleset offers (``new_game_form``), so a game with other rules offers its own."""

    MAX_SEATS = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.form: dict[str, Any] = {}
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.scenario = QComboBox()
        for path in shipped_scenarios():
            self.scenario.addItem(scenario_title(path), str(path))
        self.scenario.currentIndexChanged.connect(self._scenario_changed)
        form.addRow("Scenario", self.scenario)
        self.level = QComboBox()
        form.addRow("Rules", self.level)
        self.seats = QComboBox()
        self.seats.currentIndexChanged.connect(self._seats_changed)
        form.addRow("Seats", self.seats)
        self.names = [QLineEdit() for _ in range(self.MAX_SEATS)]
        self.name_labels = [QLabel() for _ in range(self.MAX_SEATS)]
        self.players = [QComboBox() for _ in range(self.MAX_SEATS)]
        self.seat_rows: list[QWidget] = []
        for label, edit, player in zip(self.name_labels, self.names, self.players, strict=True):
            for text, level in PLAYER_CHOICES:
                player.addItem(text, level)
            player.currentIndexChanged.connect(partial(self._player_changed, edit, player))
            edit.textEdited.connect(lambda _text, e=edit: e.setProperty("default", False))
            row = QWidget()
            cells = QHBoxLayout(row)
            cells.setContentsMargins(0, 0, 0, 0)
            cells.addWidget(player)
            cells.addWidget(edit, 1)
            self.seat_rows.append(row)
            form.addRow(label, row)
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

    def _scenario_changed(self) -> None:
        for box in self.option_boxes.values():
            box.deleteLater()
        self.option_boxes = {}
        path = self.scenario.currentData()
        try:
            self.form = new_game_form(path) if path else {}
        except Exception:  # a broken file offers no choices; starting the game reports it
            self.form = {}
        self.level.clear()
        for label, value in self.form.get("levels", []):
            self.level.addItem(label, value)
        i = self.level.findData(self.form.get("level"))
        if i >= 0:
            self.level.setCurrentIndex(i)
        self.level.setEnabled(self.level.count() > 1)
        seats = self.seats.currentData()  # kept when the new scenario offers it too
        self.seats.blockSignals(True)
        self.seats.clear()
        for label, n in self.form.get("seat_choices", [("2 players", 2)]):
            self.seats.addItem(label, n)
        self.seats.setCurrentIndex(max(0, self.seats.findData(seats)))
        self.seats.blockSignals(False)
        labels = self.form.get("seat_labels", [])
        for i, (label, edit) in enumerate(zip(self.name_labels, self.names, strict=True)):
            label.setText(labels[i] if i < len(labels) else f"Seat {i + 1}")
            person = f"{label.text().split(' (')[0]} player"
            edit.setProperty("person_name", person)
            if not edit.text() or edit.property("default"):
                level = self.players[i].currentData()
                edit.setText(f"Computer ({level})" if level else person)
                edit.setProperty("default", True)
        notes = self.form.get("option_notes", {})
        for key, value in self.form.get("options", {}).items():
            box = QCheckBox(notes.get(key, key))
            box.setChecked(bool(value))
            self.options_layout.addWidget(box)
            self.option_boxes[key] = box
        self._seats_changed()

    def _player_changed(self, edit: QLineEdit, player: QComboBox, _index: int = 0) -> None:
        """A computer seat is named after its level, unless the player typed a name."""
        if edit.property("default") or not edit.text():
            level = player.currentData()
            edit.setText(f"Computer ({level})" if level else edit.property("person_name") or edit.text())
            edit.setProperty("default", True)

    def _seats_changed(self) -> None:
        n = self.seats.currentData() or 2
        split = n > min((k for _, k in self.form.get("seat_choices", [("", 2)])), default=2)
        for i, (label, row, player) in enumerate(zip(self.name_labels, self.seat_rows, self.players, strict=True)):
            label.setVisible(i < n)
            row.setVisible(i < n)
            # A computer plays a whole side: where the rules split a side between seats
            # (BoFA's O-2) every seat is a person's.
            if split:
                player.setCurrentIndex(0)
            player.setEnabled(not split)
            player.setToolTip("Every seat is a person's when a side is split between seats" if split
                              else "A person, or the computer at a level (easy thinks least, hard most)")
        # Options that are the number of seats (BoFA's O-2) follow the Seats choice and are
        # not ticked on their own.
        for key, on in self.form.get("seat_counts", {}).get(n, {}).items():
            box = self.option_boxes.get(key)
            if box is not None:
                box.setChecked(on)
                box.setEnabled(False)
                box.setToolTip(self.form.get("seat_note", "Chosen with Seats above"))

    def value(self) -> NewGame:
        n = self.seats.currentData() or 2
        return NewGame(
            scenario=self.scenario.currentData() or "",
            seed=self.seed.value(),
            level=self.level.currentData(),
            options={k: b.isChecked() for k, b in self.option_boxes.items()},
            seat_names=[e.text() or f"Player {i + 1}" for i, e in enumerate(self.names[:n])],
            seat_computers=[p.currentData() or "" for p in self.players[:n]],
            undo_rolls=self.undo_rolls.isChecked(),
            form=self.form,
        )

    @staticmethod
    def ask(parent: QWidget | None) -> NewGame | None:
        dialog = NewGameDialog(parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None


def end_text(controller: Any, result: dict[str, Any]) -> str:
    """The end-of-game screen as rich text: the outcome, then the ruleset's report rows."""
    headline, notes, rows = controller.result_report(result)
    out = [f"<h2>{html.escape(headline)}</h2>"] + [f"<p>{html.escape(n)}</p>" for n in notes]
    if rows:
        out.append("<table cellpadding=4>")
        out += [f"<tr><td>{html.escape(k)}</td><td><b>{html.escape(v)}</b></td></tr>" for k, v in rows]
        out.append("</table>")
    return "".join(out)


class EndDialog(QDialog):
    def __init__(self, controller: Any, result: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The battle is over")
        layout = QVBoxLayout(self)
        self.label = QLabel(end_text(controller, result))
        layout.addWidget(self.label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)

    @staticmethod
    def show_result(result: dict[str, Any], parent: Any) -> None:
        EndDialog(parent.controller, result, parent).exec()
