"""Counter trays: the counters not on the map, per side and per group, as on the printed sheet.

"The cardboard counters should be sorted by colour" (B-2): each group (a
command, which is also a colour) gets its own row of counters. Counters drag
from here to the map, and a counter dragged from the map onto a tray goes back
in it (it is unplaced). A group with nothing left in its tray shrinks to one
line rather than keeping an empty box a row of counters high, but stays a
drop target, so a counter can still be dragged back into it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QIcon, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.map_panel import counter_pixmap, face_of, ids_from, mime_for
from bofa_studio.ui.scenario_editor.model import ScenarioModel
from bofa_studio.ui.scenario_editor.wording import command_text

ICON = 44
EMPTY_HEIGHT = 24  # one line of text: what an empty tray shrinks to
EMPTY_NOTE = "none left (drop one here to take it off the map)"
SIDE_NAMES = {"free_peoples": "Free Peoples", "dark": "Dark"}


class GroupTray(QListWidget):
    """One group's counters; drags carry their ids, drops from the map unplace."""

    def __init__(self, model: ScenarioModel, on_select: Callable[[str | None], None]) -> None:
        super().__init__()
        self.model = model
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(ICON, ICON))
        self.setGridSize(QSize(ICON + 10, ICON + 10))
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setWrapping(True)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.itemClicked.connect(lambda item: on_select(item.data(Qt.ItemDataRole.UserRole)))

    def mimeData(self, items):  # noqa: N802 - Qt's name
        return mime_for([i.data(Qt.ItemDataRole.UserRole) for i in items])

    def mimeTypes(self):  # noqa: N802
        from bofa_studio.ui.scenario_editor.map_panel import MIME

        return [MIME]

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.source() is not self and ids_from(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802
        ids = ids_from(event.mimeData())
        if ids and event.source() is not self:
            event.acceptProposedAction()
            edits.unplace(self.model, ids)

    def fit_height(self) -> None:
        if self.count() == 0:
            self.setFixedHeight(EMPTY_HEIGHT)
            self.setToolTip(EMPTY_NOTE)
            return
        self.setToolTip("")
        per_row = max(1, (self.viewport().width() or 300) // (ICON + 10))
        rows = max(1, -(-self.count() // per_row))
        self.setFixedHeight(rows * (ICON + 10) + 8)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if self.count() == 0:
            # The note sits in the tray itself, so it reads as "drop here", not as a heading.
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(self.palette().ColorRole.PlaceholderText))
            painter.drawText(self.viewport().rect().adjusted(6, 0, -6, 0),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), EMPTY_NOTE)
            painter.end()


class CounterTrays(QTabWidget):
    """A tab per side; in each, a labelled tray per group, holding the counters not on the map."""

    def __init__(self, model: ScenarioModel, on_select: Callable[[str | None], None]) -> None:
        super().__init__()
        self.model = model
        self.on_select = on_select
        self.trays: dict[str, GroupTray] = {}
        self._pending = False
        self.rebuild()
        model.changed.connect(self._changed)

    def _changed(self, path: tuple) -> None:
        # Rebuilt after the event that changed the model: a drop on a tray would
        # otherwise delete that tray inside its own dropEvent.
        if (not path or path[0] in ("default_placement", "counters", "order_of_battle")) and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.rebuild)

    def rebuild(self) -> None:
        self._pending = False
        current = self.currentIndex()
        self.clear()
        self.trays = {}
        placed = self.model.placements()
        removed = self.model.removed()
        for side, title in SIDE_NAMES.items():
            page = QWidget()
            layout = QVBoxLayout(page)
            layout.setContentsMargins(2, 2, 2, 2)
            groups: dict[str, list[dict]] = {}
            for c in self.model.counters():
                if c["side"] == side:
                    groups.setdefault(c["command"], []).append(c)
            waiting = 0
            for command, members in groups.items():
                tray = GroupTray(self.model, self.on_select)
                for c in members:
                    if c["id"] in placed or c["id"] in removed:
                        continue
                    item = QListWidgetItem(QIcon(counter_pixmap([face_of(c)], ICON)), "")
                    item.setData(Qt.ItemDataRole.UserRole, c["id"])
                    item.setToolTip(f"{c['name']}\n{self.model.assignment_label(self.model.assignment(c['id']))}")
                    tray.addItem(item)
                waiting += tray.count()
                on_map = sum(1 for c in members if c["id"] in placed)
                layout.addWidget(QLabel(f"<b>{command_text(command)}</b> "
                                        f"&mdash; {tray.count()} in the tray, {on_map} on the map"))
                tray.fit_height()
                layout.addWidget(tray)
                self.trays[command] = tray
            layout.addStretch(1)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(page)
            self.addTab(scroll, f"{title} ({waiting})")
        if current >= 0:
            self.setCurrentIndex(current)

    def tray_ids(self, command: str) -> list[str]:
        if self._pending:
            self.rebuild()
        tray = self.trays.get(command)
        return [tray.item(i).data(Qt.ItemDataRole.UserRole) for i in range(tray.count())] if tray else []
