"""The play window: the board in the middle, the decision and the turn on the right,
the log below. Hot-seat: between two seats' decisions a hand-over prompt covers the
board until the next player takes the seat."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.play.controller import PlayController
from bofa_studio.play.records import autosave_path, autosave_title, mark_clean_exit, recent_autosaves
from bofa_studio.play.seats import Seat, who_and_side
from bofa_studio.ui.actions import make_action
from bofa_studio.ui.dialogs import TextViewer
from bofa_studio.ui.files import load_error, write_error
from bofa_studio.ui.help_menu import open_rulebook, show_about
from bofa_studio.ui.map.scene import MapScene
from bofa_studio.ui.map.view import MapView
from bofa_studio.ui.play.board import PlayBoard, TrayDropFilter
from bofa_studio.ui.play.computer_turns import SPEEDS, ComputerTurns
from bofa_studio.ui.play.dialogs import EndDialog, NewGame, NewGameDialog
from bofa_studio.ui.play.inspector import HexPanel, HexTooltips
from bofa_studio.ui.play.panels import (
    DecisionBanner,
    DecisionPanel,
    LogPanel,
    ReplayBar,
    TrayPanel,
    TurnPanel,
)

AUTOSAVE_MS = 400  # saving takes tens of ms: batch a burst of clicks into one write
SAVE_FILTER = "BoFA saved games (*.json);;All files (*)"
HANDOVER_HEIGHT = 64


def controller_for(game: NewGame, **kwargs: Any) -> PlayController:
    """Build the controller a new-game choice describes. Where the rules split a side between
    more seats than sides (BoFA's O-2), the number of seats is an engine option, and the
    engine says which seat commands what."""
    from bofa_studio.ui.play.dialogs import new_game_form

    form = game.form if game.form is not None else new_game_form(game.scenario)
    seats = len(game.seat_names) or 2
    options = {**game.options, **form.get("seat_counts", {}).get(seats, {})}
    controller = PlayController.new_game(game.scenario, game.seed, level=game.level, options=options,
                                         undo_rolls=game.undo_rolls, **kwargs)
    sides = list(controller.game.sides)
    if not game.seat_names:
        return controller
    if len(game.seat_names) > len(sides):
        controller.set_seats(controller.engine_seats(game.seat_names))
    else:
        computers = game.seat_computers or [""] * len(game.seat_names)
        controller.set_seats([Seat(name, side, computer=level)
                              for name, side, level in zip(game.seat_names, sides, computers, strict=False)])
    return controller


def ask_resume(title: str) -> bool:
    """At start: the last game was not closed normally; offer it back."""
    answer = QMessageBox.question(None, "Resume the last game?",
                                  f"The last game was not closed normally. Resume {title}?",
                                  QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def show_start_error(title: str, text: str) -> None:
    QMessageBox.warning(None, title, text)


LOG_HEIGHT = 110  # pixels: four or five lines of the log, under the map
LOG_WIDTH = 340  # pixels: the log beside the map, on screens wide enough to spare it


class PlayWindow(QMainWindow):
    def __init__(self, controller: PlayController, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        # Modal entry points, swapped by tests.
        self.ask_new_game = NewGameDialog.ask
        self.ask_save_path = lambda: QFileDialog.getSaveFileName(self, "Save game", "", SAVE_FILTER)[0]
        self.ask_open_path = lambda: QFileDialog.getOpenFileName(self, "Open game", "", SAVE_FILTER)[0]
        self.show_end = EndDialog.show_result
        self.show_error = lambda title, text: QMessageBox.warning(self, title, text)
        self.ask_unsaved = self._ask_unsaved  # "save", "discard" or "cancel"
        self.rulebook: TextViewer | None = None
        self.end_shown = False
        self._autosave_failed = False
        self._autosave = QTimer(self)
        self._autosave.setSingleShot(True)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self._write_autosave)
        self.resize(1500, 950)
        self.turns = ComputerTurns(self.statusBar(), self.settings)
        self._build_menus()
        self.set_controller(controller)

    # -- assembling ------------------------------------------------------------------
    def set_controller(self, controller: PlayController) -> None:
        old = getattr(self, "controller", None)
        if old is not None:
            old.listeners.clear()
            self.scene.detach()
        for dock in self.findChildren(QDockWidget):
            dock.deleteLater()
        self.controller = controller
        self.turns.attach(controller)
        if controller.autosave_path is None:
            # A game opened from an autosave goes on in that file; any other gets its own.
            name = controller.game.scenario.get("meta", {}).get("name", "game")
            controller.autosave_path = autosave_path(name)
        self._autosave_target = controller.autosave_path
        controller.autosave_path = None  # the window writes it, batched, off the click path
        self.scene = MapScene(controller.game.board)
        # The view caches the painted hexes, roads and rivers (a played board never changes),
        # so a click or a pan redraws only counters and overlays; zoom frames scale an image
        # of the board until the camera settles, as in the editor.
        self.scene.set_lines_in_background(True)
        self.view = MapView(self.scene, fast=True)
        self.view.hex_hovered.connect(lambda h: self.board.hover(h))
        self.board = PlayBoard(self.scene, controller)
        self.drop_filter = TrayDropFilter(self.view, self.board)
        central = QWidget()
        col = QVBoxLayout(central)
        col.setContentsMargins(0, 0, 0, 0)
        # The hand-over notice lies over the top of the map (which it disables anyway) rather
        # than above it in the layout, so showing it never moves the map under the pointer.
        self.handover = QPushButton(self.view)
        self.handover.setFixedHeight(HANDOVER_HEIGHT)
        self.handover.clicked.connect(controller.confirm_handover)
        self.view.installEventFilter(self)
        self.replay_bar = ReplayBar(controller, controller.stop_replay)
        col.addWidget(self.replay_bar)
        col.addWidget(self.view, 1)
        self.setCentralWidget(central)
        central.show()

        side = QWidget()
        box = QVBoxLayout(side)
        self.banner = DecisionBanner(controller)
        self.turn_panel = TurnPanel(controller)
        self.decisions = DecisionPanel(controller)
        self.decisions.open_rule.connect(self.open_rule)
        self.tray = TrayPanel(controller)
        self.tray.setMinimumHeight(160)
        self.tray_label = QLabel()
        self.tray_label.setWordWrap(True)
        for w in (self.banner, self.turn_panel, self.decisions, self.tray_label, self.tray):
            box.addWidget(w)
        box.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        dock = QDockWidget("Turn and decisions", self)
        dock.setObjectName("play.decisions")
        dock.setWidget(scroll)
        dock.setMinimumWidth(360)
        self.addDockWidget(self._right(), dock)
        self.log = LogPanel(controller)
        self.log.open_rule.connect(self.open_rule)
        log_dock = self.log_dock = QDockWidget("Game log", self)
        log_dock.setObjectName("play.log")
        log_dock.setWidget(self.log)
        self.addDockWidget(self._bottom(), log_dock)
        self._log_moved_by_user = False
        self._placing_log = False
        log_dock.dockLocationChanged.connect(self._log_moved)
        log_dock.topLevelChanged.connect(self._log_moved)
        self.tooltips = HexTooltips(self.view, self.scene, controller)
        self.hex_panel = HexPanel(controller, self.board)
        hex_dock = QDockWidget("Hex", self)
        hex_dock.setObjectName("play.hex")
        hex_dock.setWidget(self.hex_panel)
        # Under the decisions, short: the decisions keep most of the height they need.
        self.splitDockWidget(dock, hex_dock, self._vertical())
        self.resizeDocks([dock, hex_dock], [700, 170], self._vertical())
        # The log starts a few lines high: the map takes the height, so that at the whole-map
        # zoom its counters read (issue 17); the log's splitter gives it more on demand.
        self.resizeDocks([log_dock], [LOG_HEIGHT], self._vertical())
        self._place_log()
        self.view_menu.clear()
        self.view_menu.addAction(self.centre_action)
        self.view_menu.addSeparator()
        for d in (hex_dock, dock, log_dock):
            self.view_menu.addAction(d.toggleViewAction())
        self._overlay_actions()
        controller.subscribe(self._changed)
        self._changed()
        if self.isVisible():
            self.view.fit()

    @staticmethod
    def _right():
        from PySide6.QtCore import Qt

        return Qt.DockWidgetArea.RightDockWidgetArea

    def eventFilter(self, obj: Any, event: Any) -> bool:
        from PySide6.QtCore import QEvent

        if obj is getattr(self, "view", None) and event.type() == QEvent.Type.Resize:
            self._place_handover()
        return False

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if hasattr(self, "log_dock"):
            self._place_log()

    def _log_moved(self, *_: Any) -> None:
        if not self._placing_log:
            self._log_moved_by_user = True  # the player put it there: leave it

    def _place_log(self) -> None:
        """The log under the map, or beside it (left) where that gives the map a larger scale:
        on a wide screen the map's height decides its scale, and a log under it cost the
        counters 4 px at 1920x1080; on a narrower one the width decides, and the log stays under."""
        if self._log_moved_by_user:
            return
        board = self.scene.board_rect()
        width = self.width() - self.findChild(QDockWidget, "play.decisions").width()
        height = self.height() - self.menuBar().height() - self.statusBar().height()
        under = min(width / board.width(), (height - LOG_HEIGHT) / board.height())
        beside = min((width - LOG_WIDTH) / board.width(), height / board.height())
        area = self._left() if beside > under * 1.02 else self._bottom()
        if self.dockWidgetArea(self.log_dock) == area:
            return
        self._placing_log = True
        try:
            self.addDockWidget(area, self.log_dock)
            if area == self._left():
                self.resizeDocks([self.log_dock], [LOG_WIDTH], Qt.Orientation.Horizontal)
            else:
                self.resizeDocks([self.log_dock], [LOG_HEIGHT], Qt.Orientation.Vertical)
        finally:
            self._placing_log = False

    @staticmethod
    def _left():
        return Qt.DockWidgetArea.LeftDockWidgetArea

    def _place_handover(self) -> None:
        self.handover.setGeometry(0, 0, self.view.width(), HANDOVER_HEIGHT)
        self.handover.raise_()

    def _overlay_actions(self) -> None:
        """View menu: one check per overlay the ruleset names; the choice is kept between games."""
        layers = self.controller.overlays()
        if layers:
            self.view_menu.addSeparator()
        for name, text in layers:
            key = f"play/overlay/{name}"
            shown = self.settings.value(key, True, type=bool)
            act = self.view_menu.addAction(text)
            act.setCheckable(True)
            act.setChecked(shown)
            act.setObjectName(f"overlay.{name}")
            self.board.show_overlay(name, shown)
            act.toggled.connect(partial(self._toggle_overlay, name))

    def _toggle_overlay(self, name: str, shown: bool) -> None:
        self.settings.setValue(f"play/overlay/{name}", shown)
        self.board.show_overlay(name, shown)

    @staticmethod
    def _vertical():
        from PySide6.QtCore import Qt

        return Qt.Orientation.Vertical

    @staticmethod
    def _bottom():
        from PySide6.QtCore import Qt

        return Qt.DockWidgetArea.BottomDockWidgetArea

    def _build_menus(self) -> None:
        K = QKeySequence.StandardKey
        # The play window's actions live in its menus only (not added to the window itself).
        action = partial(make_action, self, window_shortcut=False)
        self.new_action = action("&New game…", self.new_game, K.New)
        self.open_action = action("&Open saved game…", self.open_game, K.Open)
        self.save_action = action("&Save", self.save, K.Save)
        self.save_as_action = action("Save &as…", self.save_as, K.SaveAs)
        self.replay_action = action("&Replay this game", self.replay, "Ctrl+R")
        self.undo_action = action("&Undo", self.undo, K.Undo)
        self.redo_action = action("&Redo", lambda: self.controller.redo(), K.Redo)
        self.end_phase_action = action("&End the phase", lambda: self.controller.end_phase(), "Ctrl+E")
        # Esc drops a half-made gesture (selection, picked counter, armed dive, rocks or spell),
        # as a right-click on the map does.
        self.clear_action = action("&Clear the selection", lambda: self.controller.clear_selection(), "Esc",
                                   "Drop the selected counters, target or armed roll (or right-click the map)")
        self.rulebook_action = action("The &rulebook (1984)", lambda: self.open_rule(""), K.HelpContents)
        game = self.menuBar().addMenu("&Game")
        game.addActions([self.new_action, self.open_action, self.save_action, self.save_as_action])
        self.recent_menu = game.addMenu("Recent &games")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        game.addSeparator()
        game.addActions([self.replay_action])
        speed = game.addMenu("Computer &speed")
        self.speed_actions = {}
        group = QActionGroup(self)
        for name in SPEEDS:
            act = speed.addAction(name.capitalize(), partial(self.turns.set_speed, name))
            act.setCheckable(True)
            act.setChecked(name == self.turns.speed)
            group.addAction(act)
            self.speed_actions[name] = act
        game.addSeparator()
        self.quit_action = action("&Quit", self.close, K.Quit)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        game.addAction(self.quit_action)
        edit = self.menuBar().addMenu("&Edit")
        edit.addActions([self.undo_action, self.redo_action, self.end_phase_action, self.clear_action])
        edit.setToolTipsVisible(True)
        self.centre_action = action("&Centre on the side to move", self.centre_on_side, "Ctrl+Space",
                                    "Bring the counters of the side to move to the middle of the map")
        # Filled per game: each new game's docks (Hex panel, decisions, log) can be shown or hidden.
        self.view_menu = self.menuBar().addMenu("&View")
        tools = self.menuBar().addMenu("&Tools")
        self.map_editor_action = action("&Map editor", self._open_map_editor)
        self.scenario_editor_action = action("&Scenario editor", self._open_scenario_editor)
        tools.addActions([self.map_editor_action, self.scenario_editor_action])
        self.about_action = action("&About BoFA Studio", lambda: show_about(self))
        self.menuBar().addMenu("&Help").addActions([self.rulebook_action, self.about_action])

    def _fill_recent(self) -> None:
        """Game > Recent games: every game's autosave, newest first, by scenario and turn."""
        self.recent_menu.clear()
        games = recent_autosaves()
        for path in games:
            self.recent_menu.addAction(autosave_title(path), partial(self.open_game, str(path)))
        if not games:
            self.recent_menu.addAction("(no games yet)").setEnabled(False)

    def _open_map_editor(self) -> None:
        from bofa_studio.ui.launch import open_map_editor

        open_map_editor(on_error=self.show_error)  # a broken default map: a dialog, not a crash

    def _open_scenario_editor(self) -> None:
        from bofa_studio.ui.launch import open_scenario_editor

        open_scenario_editor(on_error=self.show_error)

    # -- observing ---------------------------------------------------------------------
    def _changed(self) -> None:
        c = self.controller
        pending = c.handover_to is not None and c.replay is None
        self.handover.setVisible(pending)
        if pending:
            self._place_handover()
        # While the computer decides, the board and the decision buttons wait for it (the
        # person may still look, hover and read the log).
        computer = self.turns.busy
        self.board.enabled = not pending and not computer
        for panel in (self.decisions, self.tray):
            panel.setEnabled(not computer)
        self.view.setEnabled(True)
        if pending:
            names = c.handover_name()
            self.handover.setText(f"Hand over to {who_and_side(names, c.side_name(c.handover_to))} — click when ready")
            colour = c.side_colour(c.handover_to)
            self.handover.setStyleSheet(f"background:{colour}; color:white; font-size:18px; font-weight:bold;")
        if c.refusal is not None:
            # Also in the status bar: a refused drop lands where the player is looking, the map.
            self.statusBar().showMessage(f"Refused ({c.refusal.rule}): {c.refusal.reason}", 8000)
        blocked = c.undo_block_reason()
        # Ctrl+Z after a roll is answered (in the status bar), not silently swallowed by a
        # disabled action; the menu item says why before it is chosen.
        self.undo_action.setEnabled(c.can_undo() or bool(blocked))
        self.undo_action.setText("&Undo — not after a die roll or blind draw" if blocked else "&Undo")
        self.undo_action.setToolTip(blocked)
        self.undo_action.setStatusTip(blocked)
        self.redo_action.setEnabled(c.can_redo())
        # Ctrl+E acts on the live game: not behind a replay (the board shows another
        # position), not for the next player before they take the seat, and not when the
        # engine would refuse it (setup, chip choices, a skirmish still to fight).
        self.end_phase_action.setEnabled(c.replay is None and not pending and not computer and c.can_end_phase())
        # A greyed-out "End the phase" says why, as Undo does (B-9: which hex is over the limits).
        block = c.end_phase_block() if c.replay is None else None
        self.end_phase_action.setText(f"&End the phase — not yet ({block.rule})" if block else "&End the phase")
        self.end_phase_action.setToolTip(block.reason if block else "")
        self.end_phase_action.setStatusTip(block.reason if block else "")
        self.tray_label.setText(c.tray_heading())
        # Once every reinforcement is in, an empty list under that heading only puzzles; once
        # the game is over, nothing is to come.
        has_rows = c.replay is None and not c.is_over and bool(c.tray() or c.waiting())
        self.tray_label.setVisible(has_rows)
        self.tray.setVisible(has_rows)
        title = Path(c.path).name if c.path else c.game.scenario.get("meta", {}).get("name", "New game")
        progress = ", ".join(f"{k} {v}" for k, v in c.game.summary(c.state).items() if k == "turn")
        mark = "*" if c.unsaved else ""
        self.setWindowTitle(f"{mark}{title}{' — ' + progress if progress else ''} — BoFA Studio play")
        if c.replay is None:
            self._autosave.start()
        if c.is_over and not self.end_shown and c.replay is None:
            self.end_shown = True
            QTimer.singleShot(0, lambda: self.show_end(c.result() or {}, self))
        self.turns.poke()

    def _write_autosave(self) -> None:
        try:
            self._autosave_target.parent.mkdir(parents=True, exist_ok=True)
            self.controller.write(self._autosave_target)
        except OSError as exc:
            # Play goes on. The player is told once (not after every click) that the
            # game is not being kept, so Save is theirs to use; a later success re-arms it.
            if not self._autosave_failed:
                self._autosave_failed = True
                self.show_error("Autosave failed",
                                f"Autosave is off for now: {write_error(self._autosave_target, exc)}.\n"
                                "Play goes on; use Game > Save to keep this game.")
            self.statusBar().showMessage("autosave failed: use Game > Save to keep this game", 5000)
        else:
            self._autosave_failed = False

    # -- commands ---------------------------------------------------------------------
    def new_game(self) -> None:
        from bofa_studio.jsonfile import DataFileError

        choice = self.ask_new_game(self)
        if choice is None:
            return
        try:
            controller = controller_for(choice)
        # DataFileError: the chosen scenario (or its map) is broken; it names the file and place.
        except (DataFileError, NotImplementedError, ValueError, OSError) as exc:
            self.show_error("Cannot start this game", str(exc))
            return
        except Exception as exc:  # whatever the scenario file does, the player gets a message
            self.show_error("Cannot start this game", load_error(choice.scenario, exc))
            return
        self.end_shown = False
        self.set_controller(controller)

    def open_game(self, path: str | None = None) -> bool:
        path = path or self.ask_open_path()
        if not path:
            return False
        try:
            controller = PlayController.load(path)
        except Exception as exc:  # DataFileError names the file and place; anything else is said too
            self.show_error("Cannot open this game", load_error(path, exc))
            return False
        self.end_shown = controller.is_over
        self.set_controller(controller)
        return True

    def save(self) -> bool:
        if not self.controller.path:
            return self.save_as()
        if not self._save_to(self.controller.path):
            return False
        self.statusBar().showMessage(f"saved {self.controller.path}", 4000)
        return True

    def save_as(self) -> bool:
        path = self.ask_save_path()
        if not path or not self._save_to(path):
            return False
        self._changed()
        return True

    def _save_to(self, path: str) -> bool:
        """Write the game; a failed write says why and keeps the game and its last path,
        so the player can save again elsewhere (the write is atomic: no half file)."""
        try:
            self.controller.save(path)
        except OSError as exc:
            self.show_error("Cannot save the game", write_error(path, exc))
            return False
        return True

    def centre_on_side(self) -> bool:
        """Centre the map on the counters of the side to move (their middle)."""
        hexes = self.controller.side_hexes()
        if not hexes:
            self.statusBar().showMessage("the side to move has no counters on the map", 4000)
            return False
        self.view.center_on_hexes(hexes)
        return True

    def undo(self) -> bool:
        c = self.controller
        if c.computers.any:
            # Back to the person's last decision, whatever the computer did since.
            self.turns.drop()
            if c.computers.undo_to_person():
                return True
        elif c.undo():
            return True
        reason = self.controller.undo_block_reason() or "nothing to undo"
        self.statusBar().showMessage(f"Cannot undo: {reason}", 8000)
        return False

    def replay(self) -> None:
        self.controller.start_replay(0)

    def open_rule(self, rule: str) -> TextViewer | None:
        """Open the rulebook, at ``rule`` (e.g. "B-9") when given."""
        # Rule links are everywhere in play, so a missing rulebook is a status line, not a dialog.
        self.rulebook = open_rulebook(self, self.rulebook, rule)
        if self.rulebook is None:
            self.statusBar().showMessage("the rulebook text is not part of this installation", 5000)
        return self.rulebook

    def _ask_unsaved(self) -> str:
        box = QMessageBox(QMessageBox.Icon.Question, "Unsaved game",
                          "This game has moves that are not saved in a file of yours. Save it first?",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(QMessageBox.StandardButton(answer), "cancel")

    def closeEvent(self, event) -> None:
        if self.controller.unsaved and self.controller.replay is None:
            answer = self.ask_unsaved()
            if answer == "cancel" or (answer == "save" and not self.save()):
                event.ignore()
                return
        self.turns.shutdown()
        if self._autosave.isActive():
            self._autosave.stop()
        self._write_autosave()  # the last action is kept, whatever was answered
        mark_clean_exit()
        super().closeEvent(event)
