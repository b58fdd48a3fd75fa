"""The scenario editor's main window: the map with its counters, trays, panels and problems.

It owns one :class:`ScenarioModel`. Modal questions go through small methods
(``ask_open_path``, ``ask_save_path``, ``ask_map_path``, ``ask_unsaved``,
``ask_play_anyway``, ``show_error``) that tests replace, so no test waits on a dialog; settings live
in the ``QSettings`` passed in.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabBar,
    QTableView,
    QTabWidget,
    QWidget,
)

from bofa_studio.hexgrid import Hex
from bofa_studio.jsonfile import DataFileError, copy_json
from bofa_studio.resources import is_shipped
from bofa_studio.scenario.editing import new_scenario, open_scenario, save_scenario
from bofa_studio.ui.actions import make_action
from bofa_studio.ui.dialogs import TextViewer
from bofa_studio.ui.files import load_error, write_error
from bofa_studio.ui.help_menu import RULEBOOK_MISSING, open_rulebook, show_about
from bofa_studio.ui.scenario_editor.balance_dialog import BalanceDialog
from bofa_studio.ui.scenario_editor.checks import Problem
from bofa_studio.ui.scenario_editor.details_panel import CounterDetails
from bofa_studio.ui.scenario_editor.map_panel import PlacementTool, ScenarioMapView, ScenarioScene, run_drag
from bofa_studio.ui.scenario_editor.model import ScenarioModel, counter_name
from bofa_studio.ui.scenario_editor.oob_table import PROBLEM, OrderOfBattleDelegate, OrderOfBattleModel
from bofa_studio.ui.scenario_editor.play_link import play_entry, start_problem
from bofa_studio.ui.scenario_editor.problems_panel import ScenarioProblemsPanel
from bofa_studio.ui.scenario_editor.reinforcements_panel import ReinforcementsPanel
from bofa_studio.ui.scenario_editor.rules_panel import RulesPanel
from bofa_studio.ui.scenario_editor.table_size import compact_rows
from bofa_studio.ui.scenario_editor.tables_panel import TablesPanel
from bofa_studio.ui.scenario_editor.trays import CounterTrays

FILTER = "BoFA Studio scenarios (*.json);;All files (*)"
LISTED = 5  # problems named in the "Play anyway?" question; the panel has the rest
MAP_FILTER = "BoFA Studio maps (*.json);;All files (*)"


def default_template() -> tuple[dict, str]:
    """The shipped Basic Game: what a new scenario starts from."""
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.scenario import resolve_map

    path = str(default_scenario_path())
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return data, resolve_map(data, path)


class ScenarioEditorWindow(QMainWindow):
    def __init__(self, path: str | Path | None = None, settings: QSettings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("BoFA Studio", "BoFA Studio")
        if path is not None:
            data, board, map_path = open_scenario(path)
        else:
            template, map_path = default_template()
            data = new_scenario(template, map_path)
            from bofa_studio.board import load_map

            board = load_map(map_path)
        self.model = ScenarioModel(data, board, map_path, path, self)
        self.selected: str | None = None
        # Kept so the play window outlives the slot that opened it (it has no parent).
        self._play_window: QWidget | None = None
        self._build()
        self.problems.refresh()
        self._update_title()
        self.resize(1500, 950)
        geometry = self.settings.value("scenario_editor/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)

    # -- construction -----------------------------------------------------------------
    def _build(self) -> None:
        m = self.model
        self.scene = ScenarioScene(m)
        self.view = ScenarioMapView(self.scene)
        self.setCentralWidget(self.view)
        self.tool = PlacementTool(self.scene, self.select, self.start_drag)
        self.scene.tool = self.tool
        self.trays = CounterTrays(m, self.select)
        self.details = CounterDetails(m)
        self.reinforcements = ReinforcementsPanel(m, lambda: self.selected, self.scene.highlight)
        self.rules = RulesPanel(m, self.scene.highlight)
        self.tables = TablesPanel(m)
        self.oob_model = OrderOfBattleModel(m)
        self.oob = QTableView()
        self.oob.setModel(self.oob_model)
        self.oob_delegate = OrderOfBattleDelegate(self.oob_model)
        self.oob.setItemDelegate(self.oob_delegate)
        T = QAbstractItemView.EditTrigger
        self.oob.setEditTriggers(T.DoubleClicked | T.EditKeyPressed | T.AnyKeyPressed)
        self.oob.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.oob.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.oob.horizontalHeader().setStretchLastSection(True)
        compact_rows(self.oob)
        self.oob.clicked.connect(lambda index: self.select(self.oob_model.counter_id(index.row())))
        self.oob_model.refused.connect(self._edit_refused)
        self.tables.combat.refused.connect(self._edit_refused)
        self.tables.fire.refused.connect(self._edit_refused)
        self.problems = ScenarioProblemsPanel(m)
        self.problems.refreshed.connect(self._problems_refreshed)
        self.problems.problem_activated.connect(self._problem_activated)

        left = self._dock("Counter trays", self.trays, Qt.DockWidgetArea.LeftDockWidgetArea)
        left.setMinimumWidth(330)
        right = [self._dock(t, w, Qt.DockWidgetArea.RightDockWidgetArea) for t, w in (
            ("Counter", self.details), ("Reinforcements", self.reinforcements),
            ("Rules, turns and chips", self.rules), ("Tables", self.tables))]
        for d in right[1:]:
            self.tabifyDockWidget(right[0], d)
        right[0].raise_()
        # One dock with its own tabs: Qt 6.11 leaves a stray tab bar in the window
        # when a second group of docks is tabified, so only the right side does that.
        self.bottom_tabs = QTabWidget()
        self.bottom_tabs.setDocumentMode(True)
        self.bottom_tabs.addTab(self.problems, "Problems")
        self.bottom_tabs.addTab(self.oob, "Order of battle")
        self._oob_sized = False
        self.bottom_tabs.currentChanged.connect(self._size_oob_columns_once)
        bottom = self._dock("Problems", self.bottom_tabs, Qt.DockWidgetArea.BottomDockWidgetArea, scrolled=False)
        self.docks = {d.windowTitle(): d for d in [left, *right, bottom]}
        self._sized = False

        self.hex_info = QLabel()
        self.zoom_info = QLabel()
        self.statusBar().addPermanentWidget(self.hex_info)
        self.statusBar().addPermanentWidget(self.zoom_info)
        self._hovered: Hex | None = None
        self.view.hex_hovered.connect(self._show_hex)
        self.view.scale_changed.connect(self._show_zoom)

        m.changed.connect(self._model_changed)
        # Bound methods, not lambdas: Qt disconnects them when the window dies.
        m.undo_stack.cleanChanged.connect(self._update_title)
        m.path_changed.connect(self._update_title)
        self._build_menus()

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea, scrolled: bool = True) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        if scrolled:
            # Scrolled, so a panel's minimum size never squeezes the map or grows the window.
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(widget)
            widget = scroll
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        K = QKeySequence.StandardKey
        self.new_action = make_action(self, "&New scenario for a map...", self.new_scenario, K.New)
        self.open_action = make_action(self, "&Open...", self.open_scenario, K.Open)
        self.save_action = make_action(self, "&Save", self.save, K.Save)
        self.save_as_action = make_action(self, "Save &As...", self.save_as, K.SaveAs)
        self.play_action = make_action(self, "&Play this scenario", self.play, "Ctrl+P")
        entry, why = play_entry()
        self.play_action.setEnabled(entry is not None)
        self.play_action.setToolTip(why)
        self.play_action.setStatusTip(why)
        self.balance_action = make_action(self, "Test &balance...", self.test_balance)
        self.balance_action.setStatusTip("Play this scenario computer against computer and see who wins, "
                                         "how, and where counters are lost")
        self.quit_action = make_action(self, "&Close", self.close, K.Close)
        self.undo_action = self.model.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(K.Undo)
        self.redo_action = self.model.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence(K.Redo), QKeySequence("Ctrl+Y")])
        self.zones_action = QAction("Setup &zones", self)
        self.zones_action.setCheckable(True)
        self.zones_action.setChecked(True)
        self.zones_action.toggled.connect(self._toggle_zones)
        self.fit_action = make_action(self, "&Fit map", self.view.fit, "Ctrl+0")
        self.zoom_in_action = make_action(self, "Zoom &in", self.view.zoom_in, K.ZoomIn)
        self.zoom_out_action = make_action(self, "Zoom &out", self.view.zoom_out, K.ZoomOut)
        self.actual_size_action = make_action(self, "&Actual size (100%)", self.view.actual_size, "Ctrl+1")
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        for a in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.play_action)
        file_menu.addAction(self.balance_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        view = bar.addMenu("&View")
        view.addAction(self.zones_action)
        view.addActions([self.zoom_in_action, self.zoom_out_action, self.actual_size_action, self.fit_action])
        view.addSeparator()
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        self.rulebook: TextViewer | None = None
        self.rulebook_action = make_action(self, "The &rulebook (1984)", self.show_rulebook, K.HelpContents)
        self.about_action = make_action(self, "&About BoFA Studio", lambda: show_about(self))
        bar.addMenu("&Help").addActions([self.rulebook_action, self.about_action])

    # -- selection and drag ---------------------------------------------------------------
    def select(self, cid: str | None) -> None:
        self.selected = cid
        self.details.show_counter(cid)
        self.scene.counters.set_selected({cid} if cid else set())
        if cid is not None:
            try:
                self.oob.selectRow(self.oob_model.row_of(cid))
            except KeyError:
                pass
            self.docks["Counter"].raise_()

    def start_drag(self, ids: list[str]) -> None:
        run_drag(self.view, self.model, ids)

    def _model_changed(self, path: tuple) -> None:
        if not path or path[0] == "meta":
            self._update_title()  # the title names the scenario; a second rename keeps it dirty
        if not path or path[0] in ("default_placement", "counters", "order_of_battle"):
            self.scene.refresh()
        if self.selected:
            self.scene.counters.set_selected({self.selected})
        if self._hovered is not None:
            self._show_hex(self._hovered)  # a drop on the hovered hex changes what is on it

    def _show_zoom(self, *_args) -> None:
        self.zoom_info.setText(f"{self.view.current_scale() * 100:.0f}%")

    def _show_hex(self, h: Hex | None) -> None:
        """The status bar names the hovered hex and what is on it."""
        self._show_zoom()
        self._hovered = h
        self.hex_info.setText(describe_scenario_hex(self.model, h) if h is not None else "")

    def _toggle_zones(self, on: bool) -> None:
        self.scene.show_zones = on
        self.scene.draw_zones()

    def _size_oob_columns_once(self, index: int) -> None:
        """The order of battle's columns fit their text when the table is first shown. Sizing
        asks every one of its cells for its text, font and colours (about 14,000 questions, a
        third of the window's construction), which a window whose table is never looked at
        need not pay. The problem column stays as wide as its heading and takes the rest of
        the width, as it did when it was sized before any problem was listed."""
        if self._oob_sized or self.bottom_tabs.widget(index) is not self.oob:
            return
        self._oob_sized = True
        for column in range(PROBLEM):
            self.oob.resizeColumnToContents(column)

    def _problems_refreshed(self, problems: list[Problem]) -> None:
        self.scene.mark_problems(problems)
        self.oob_model.set_problems(problems)

    def _problem_activated(self, problem: Problem) -> None:
        """Show what a problem is about: its counter and hex, or the panel that edits its part of the file."""
        if problem.counters:
            self.select(problem.counters[0])
        if problem.hexes:
            self.view.centerOn(self.scene.hex_center(problem.hexes[0]))
        if problem.counters or problem.hexes:
            return
        where = problem.location
        found = re.match(r"\$\.order_of_battle\.reinforcements\[(\d+)\]", where)
        if found:
            self.docks["Reinforcements"].raise_()
            self.reinforcements.list.setCurrentRow(int(found.group(1)))
        elif where.startswith("$.tables."):
            self.docks["Tables"].raise_()
            name = where.split(".")[2]
            grid = {"combat": self.tables.combat, "fire": self.tables.fire}.get(name.split("[")[0])
            if grid is not None:
                self.tables.setCurrentWidget(grid)
                cell = re.search(r"rows\[(\d+)\](?:\.cells\[(\d+)\])?", where)
                if cell:
                    grid.grid.setCurrentCell(int(cell.group(1)), int(cell.group(2) or 0))
        elif where.startswith(("$.rules", "$.chips", "$.turns", "$.meta")):
            self.docks["Rules, turns and chips"].raise_()

    def _edit_refused(self, message: str) -> None:
        # Not a dialog: the author is typing down a column, and the cell has already reverted.
        self.statusBar().showMessage(message, 15000)

    def hex_of(self, cid: str) -> Hex | None:
        return self.model.placement_hex(cid)

    # -- files ---------------------------------------------------------------------
    def ask_unsaved(self) -> QMessageBox.StandardButton:
        B = QMessageBox.StandardButton
        return QMessageBox.question(self, "Unsaved changes", f"Save the changes to {self.model.name()}?",
                                    B.Save | B.Discard | B.Cancel)

    def ask_open_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", "", FILTER)
        return path or None

    def ask_save_path(self) -> str | None:
        start = Path(self.model.path or "scenario.json")
        if is_shipped(start):  # offer a copy beside the author's own files
            start = Path.cwd() / f"{start.stem}-variant.json"
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario", str(start), FILTER)
        return path or None

    def ask_map_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Map for the new scenario", self.model.map_path, MAP_FILTER)
        return path or None

    def ask_play_anyway(self, errors: list[Problem]) -> bool:
        """True when the author wants to play a scenario whose Problems panel lists errors."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Play with errors?",
                          f"The Problems panel lists {len(errors)} error{'s' if len(errors) != 1 else ''} "
                          f"in {self.model.name()}.", parent=self)
        listed = "\n".join(f"- {p}" for p in errors[:LISTED])
        more = f"\n... and {len(errors) - LISTED} more" if len(errors) > LISTED else ""
        box.setInformativeText(f"{listed}{more}\n\nPlay starts with the set-up phase; where the default "
                               "placement breaks a rule, the counters must be placed by hand. "
                               "Play anyway saves the scenario first.")
        play = box.addButton("Play anyway", QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.exec()
        return box.clickedButton() is play

    def test_balance(self) -> BalanceDialog:
        """Computer-against-computer games of the scenario as edited now (saved or not)."""

        from bofa_studio.rules.registry import make_game

        data, board = copy_json(self.model.data), self.model.board.copy()
        dialog = BalanceDialog(self.model.name(), lambda: make_game(data, board), board, self)
        dialog.show()
        return dialog

    def show_rulebook(self) -> TextViewer | None:
        self.rulebook = open_rulebook(self, self.rulebook)
        if self.rulebook is None:
            self.show_error("Rulebook not found", RULEBOOK_MISSING)
        return self.rulebook

    def show_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def _settle_unsaved(self) -> bool:
        if not self.model.is_modified():
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def open_scenario(self, path: str | None = None) -> bool:
        if not self._settle_unsaved():
            return False
        path = path or self.ask_open_path()
        if not path:
            return False
        try:
            data, board, map_path = open_scenario(path)
        except Exception as exc:  # whatever a file someone sent does, the user gets a message
            self.show_error("Cannot open the scenario", load_error(path, exc))
            return False
        self._reload(data, board, map_path, path)
        return True

    def new_scenario(self, map_path: str | None = None) -> bool:
        if not self._settle_unsaved():
            return False
        map_path = map_path or self.ask_map_path()
        if not map_path:
            return False
        from bofa_studio.board import load_map

        try:
            board = load_map(map_path)
        except Exception as exc:
            self.show_error("Cannot open the map", load_error(map_path, exc))
            return False
        template, _ = default_template()
        self._reload(new_scenario(template, map_path), board, str(Path(map_path).resolve()), None)
        return True

    def _reload(self, data: dict, board, map_path: str, path: str | None) -> None:
        if board is not self.model.board:
            # Panels hold the board (entry groups, zones): rebuild them around the new one.
            self.model.board = board
            self.model.map_path = map_path
            self.scene.detach()
            for dock in self.docks.values():
                self.removeDockWidget(dock)
                dock.deleteLater()
            self.menuBar().clear()
            self.model.replace(data, path)
            old = self.model
            self.model = ScenarioModel(data, board, map_path, path, self)
            old.deleteLater()
            self._build()
        else:
            self.model.map_path = map_path
            self.model.replace(data, path)
        self.select(None)
        self.problems.refresh()
        self.view.fit()
        self._update_title()

    def save(self) -> bool:
        if self.model.path is None:
            return self.save_as()
        if is_shipped(self.model.path):
            # The shipped scenarios are the app's own: an edited copy is the author's variant.
            self.statusBar().showMessage(
                f"{Path(self.model.path).name} ships with BoFA Studio: save your variant as a new file.", 8000)
            return self.save_as()
        return self._write(str(self.model.path))

    def save_as(self, path: str | None = None) -> bool:
        path = path or self.ask_save_path()
        return bool(path) and self._write(path)

    def _write(self, path: str) -> bool:
        try:
            written = save_scenario(self.model.data, self.model.map_path, path)
        except OSError as exc:
            self.show_error("Cannot save the scenario", write_error(path, exc))
            return False
        self.model.data["map"] = written["map"]
        self.model.set_path(path)
        self.model.undo_stack.setClean()
        return True

    def play(self) -> None:
        entry, why = play_entry()
        if entry is None:
            self.show_error("Play mode is not available", why)
            return
        # Decide before saving: Cancel, or a scenario play would refuse, leaves the file as it was.
        blocker = start_problem(self.model.data, self.model.board)
        if blocker is not None:
            self.show_error("Cannot play this scenario", f"Play mode cannot start it: {blocker}\n\n"
                            "Fix the errors the Problems panel lists; nothing was saved.")
            return
        self.problems.refresh()
        errors = self.problems.errors()
        if errors and not self.ask_play_anyway(errors):
            return
        if (self.model.is_modified() or self.model.path is None) and not self.save():
            return
        try:
            self._play_window = entry(str(self.model.path))
        except (DataFileError, NotImplementedError, ValueError) as exc:
            # e.g. an option the engine does not implement yet: say so, do not crash.
            self.show_error("Cannot play this scenario", str(exc))

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if not self._sized:
            # The map is the work surface: panels get what their content needs, not half
            # the window. Dock sizes only take once the window is laid out, hence here.
            self._sized = True
            d = self.docks
            self.resizeDocks([d["Counter trays"], d["Counter"]], [330, 450], Qt.Orientation.Horizontal)
            # A third of the height: the order of battle shows a dozen rows at 1280x800.
            self.resizeDocks([d["Problems"]], [max(150, self.height() // 3)], Qt.Orientation.Vertical)
            # The tabified docks' tab bar elides "Counter" to "Coun...": show whole titles,
            # scrolling the tabs if the dock is narrowed instead.
            for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
                bar.setElideMode(Qt.TextElideMode.ElideNone)
                bar.setUsesScrollButtons(True)

    # -- window ---------------------------------------------------------------------
    def _update_title(self, *_args: object) -> None:
        name = self.model.path.name if self.model.path else "untitled scenario"
        self.setWindowTitle(f"{name}{' *' if self.model.is_modified() else ''} - {self.model.name()} "
                            "- BoFA Studio scenario editor")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self._settle_unsaved():
            event.ignore()
            return
        self.settings.setValue("scenario_editor/geometry", self.saveGeometry())
        self.scene.detach()
        event.accept()


def describe_scenario_hex(model: ScenarioModel, h: Hex) -> str:
    """Label, terrain and level, the counters set up there and the setup zones it lies in."""
    board = model.board
    if h not in board:
        return ""
    parts = [board.label(h), str(board.terrain(h)).replace("_", " "), f"level {board.level(h)}"]
    counters = model.stacks().get(h, [])
    if counters:
        parts.append(", ".join(counter_name(model, cid) for cid in counters))
    zones = [name for name in board.areas_of(h) if name.startswith("setup.")]
    if zones:
        parts.append("setup zone " + ", ".join(zones))
    return " · ".join(parts)
