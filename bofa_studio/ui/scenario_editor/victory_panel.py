"""B-11 victory locations: which areas of the map the scenario scores, ticked in a list.

The scenario names its victory locations (``victory.locations``); the engine scores
exactly those. The list offers every ``victory.*`` area of the scenario's map (draw
a new one with the map editor's Area tool) and keeps showing a name the map lacks,
so the author can untick it; the Problems panel says why it is wrong. Each tick is
one undo step. Selecting a location lights its hexes on the map.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout

from bofa_studio.board.model import VICTORY_AREA_PREFIX
from bofa_studio.hexgrid import Hex
from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.scenario_editor.wording import victory_text

NAME_ROLE = Qt.ItemDataRole.UserRole


class VictoryLocations(QGroupBox):
    def __init__(self, model: ScenarioModel, highlight: Callable[[list[Hex]], None] | None = None) -> None:
        super().__init__("Victory locations (B-11)")
        self.model = model
        self.highlight = highlight
        self.list = QListWidget()
        self.list.setMaximumHeight(150)
        self.list.itemChanged.connect(self._toggled)
        self.list.currentItemChanged.connect(self._selected)
        hint = QLabel("Areas of the map named victory.*; tick the ones this scenario scores.")
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.list)
        model.changed.connect(self._changed)
        self.refresh()

    def chosen(self) -> list[str]:
        return list(self.model.get(("victory", "locations"), []) or [])

    def choices(self) -> list[str]:
        """The map's victory areas, then any chosen name the map does not have."""
        on_map = sorted(a for a in self.model.board.areas if a.startswith(VICTORY_AREA_PREFIX))
        return on_map + [n for n in self.chosen() if n not in on_map]

    def _changed(self, path: tuple) -> None:
        if not path or path[0] == "victory":
            self.refresh()

    def refresh(self) -> None:
        chosen, areas = set(self.chosen()), self.model.board.areas
        self.list.blockSignals(True)
        try:
            self.list.clear()
            for name in self.choices():
                hexes = areas.get(name)
                where = "not on the map" if hexes is None else ", ".join(
                    sorted(self.model.board.label(h) for h in hexes))
                item = QListWidgetItem(f"{victory_text(name)} ({where})")
                item.setData(NAME_ROLE, name)
                item.setToolTip(name)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if name in chosen else Qt.CheckState.Unchecked)
                self.list.addItem(item)
        finally:
            self.list.blockSignals(False)

    def item_for(self, name: str) -> QListWidgetItem:
        for i in range(self.list.count()):
            if self.list.item(i).data(NAME_ROLE) == name:
                return self.list.item(i)
        raise KeyError(name)

    def _toggled(self, item: QListWidgetItem) -> None:
        edits.set_victory_location(self.model, item.data(NAME_ROLE), item.checkState() == Qt.CheckState.Checked)

    def _selected(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if self.highlight is not None and item is not None:
            self.highlight(sorted(self.model.board.areas.get(item.data(NAME_ROLE), ())))
