"""The map editor's main window: menus, the map view, tool and property docks, problems.

The window owns one :class:`MapDocument`. Everything modal goes through small
methods (``ask_unsaved``, ``ask_open_path``, ``show_problems``...) that tests
replace, so no test ever waits on a dialog. Settings (geometry, recent files)
live in the ``QSettings`` passed in, so tests use a temporary file.
"""

from __future__ import annotations

import re
from pathlib import Path
from weakref import WeakKeyDictionary

from PySide6.QtCore import QByteArray, QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QPen, QTransform
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from bofa_studio.board.export import export_graphml
from bofa_studio.board.mapfile import load_map, save_map
from bofa_studio.board.model import Board, MapMeta, Terrain
from bofa_studio.board.resize import EdgeChange, ResizeReport, describe_resize, resize_board
from bofa_studio.board.validate import MapProblem
from bofa_studio.hexgrid import GridSpec, Hex
from bofa_studio.jsonfile import DataFileError
from bofa_studio.resources import is_shipped, maps_dir
from bofa_studio.ui import style
from bofa_studio.ui.actions import make_action
from bofa_studio.ui.dialogs import (
    NewMapDialog,
    ProblemsDialog,
    ResizeDialog,
    SpaceAnswer,
    SpaceDialog,
    TextViewer,
)
from bofa_studio.ui.files import load_error, write_error
from bofa_studio.ui.help_menu import RULEBOOK_MISSING, open_rulebook, show_about
from bofa_studio.ui.map.scene import MapScene
from bofa_studio.ui.map.view import MapView
from bofa_studio.ui.map_editor.commands import ReplaceBoardCommand
from bofa_studio.ui.map_editor.document import MapDocument
from bofa_studio.ui.map_editor.los_probe import LosProbeTool
from bofa_studio.ui.map_editor.panels import PropertiesPanel, ScanOptions, ToolPanel
from bofa_studio.ui.map_editor.paths import PathTool
from bofa_studio.ui.map_editor.scan import SCAN_FILTER, BackgroundCommand, CalibrateTool, load_scan
from bofa_studio.ui.map_editor.selection import SelectTool
from bofa_studio.ui.map_editor.tools import EditorContext, Tool, create_tools, feature_name
from bofa_studio.ui.validation_panel import ValidationPanel

MAX_RECENT = 8
MAP_FILTER = "BoFA Studio maps (*.json);;All files (*)"
PROBLEM_KEY = "problem"

DISPLAY_TOGGLES = [
    ("labels", "Hex &labels", "Ctrl+Shift+L"),
    ("levels", "&Levels", "Ctrl+Shift+E"),
    ("hexsides", "&Hexsides (river, Front Gate)", "Ctrl+Shift+H"),
    ("areas", "&Areas", "Ctrl+Shift+A"),
    ("slope_lines", "&Slope lines", "Ctrl+Shift+S"),
    ("background", "&Background scan", "Ctrl+Shift+B"),
]


def default_settings() -> QSettings:
    return QSettings("BoFA Studio", "BoFA Studio")


class MainWindow(QMainWindow):
    def __init__(
        self,
        board: Board | None = None,
        path: str | Path | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else default_settings()
        self.document = MapDocument(board if board is not None else Board(GridSpec()), path, self)
        self.scene = MapScene(self.document.board)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.rulebook: TextViewer | None = None
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks)

        self.ctx = EditorContext(self.document, self.scene, self._tool_message)
        self.select_tool = SelectTool(self.ctx)
        self.tools: list[Tool] = [
            *create_tools(self.ctx), PathTool(self.ctx), self.select_tool, LosProbeTool(self.ctx), CalibrateTool(self.ctx),
        ]
        self.tool: Tool | None = None
        self._hovered: Hex | None = None  # the hex the status bar describes
        # How each map of the undo history was last shown (resize swaps boards).
        self._views: WeakKeyDictionary[Board, tuple[QTransform, QPointF]] = WeakKeyDictionary()

        self._build_status_bar()
        self._build_actions()
        self._build_docks()
        self._build_menus()

        self.document.board_replaced.connect(self._on_board_replaced)
        # Bound methods, not lambdas: Qt disconnects them when the window dies.
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self.document.path_changed.connect(self._update_title)
        self.document.board_changed.connect(self._on_board_changed)
        self.view.hex_hovered.connect(self._show_hex)
        self.view.scale_changed.connect(self._show_zoom)

        self.set_tool(self.tools[0])
        self._update_title()
        self.resize(1400, 900)
        self._restore_settings()

    # -- construction -------------------------------------------------------------
    def _build_status_bar(self) -> None:
        self.hex_info = QLabel()
        self.hex_info.setMinimumWidth(420)
        self.zoom_info = QLabel()
        self.statusBar().addPermanentWidget(self.hex_info)
        self.statusBar().addPermanentWidget(self.zoom_info)

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.new_action = make_action(self, "&New map...", self.new_map, K.New)
        self.open_action = make_action(self, "&Open...", self.open_map, K.Open)
        self.save_action = make_action(self, "&Save", self.save, K.Save)
        self.save_as_action = make_action(self, "Save &As...", self.save_as, K.SaveAs)
        self.export_png_action = make_action(self, "Export &PNG...", self.export_png, "Ctrl+E")
        self.export_graphml_action = make_action(self, "Export &GraphML...", self.export_graphml)
        self.load_scan_action = make_action(self, "Load &background scan...", self.load_scan)
        self.remove_scan_action = make_action(self, "Remove background scan", self.remove_scan)
        self.quit_action = make_action(self, "&Quit", self.close, K.Quit)
        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(K.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence(K.Redo), QKeySequence("Ctrl+Y")])
        sel = self.select_tool
        self.cut_action = make_action(self, "Cu&t", lambda: self._region(sel.cut), K.Cut)
        self.copy_action = make_action(self, "&Copy", lambda: self._region(sel.copy), K.Copy)
        self.paste_action = make_action(self, "&Paste", lambda: self._region(sel.paste), K.Paste)
        self.delete_action = make_action(self, "&Delete selected content", lambda: self._region(sel.delete), K.Delete)
        self.select_all_action = make_action(self, "Select &all", lambda: self._region(sel.select_all), K.SelectAll)
        self.deselect_action = make_action(self, "Select &none", lambda: sel.select([]), "Ctrl+Shift+D")
        self.zoom_in_action = make_action(self, "Zoom &in", self.view.zoom_in, K.ZoomIn)
        self.zoom_out_action = make_action(self, "Zoom &out", self.view.zoom_out, K.ZoomOut)
        self.fit_action = make_action(self, "&Fit map", self.view.fit, "Ctrl+0")
        self.display_actions: dict[str, QAction] = {}
        for key, text, shortcut in DISPLAY_TOGGLES:
            action = QAction(text, self)
            action.setCheckable(True)
            action.setChecked(getattr(self.scene.display, key))
            action.setShortcut(QKeySequence(shortcut))
            action.toggled.connect(lambda on, key=key: self.scene.set_display(**{key: on}))
            self.addAction(action)
            self.display_actions[key] = action
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for tool in self.tools:
            action = QAction(tool.name, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setToolTip(f"{tool.name} ({tool.shortcut})")
            action.setStatusTip(tool.hint)
            action.triggered.connect(lambda _c=False, tool=tool: self.set_tool(tool))
            self.tool_group.addAction(action)
            self.addAction(action)
            self.tool_actions[tool.key] = action
        self.terrain_actions = [
            make_action(self, f"Paint {terrain.value.replace('_', ' ')}", lambda t=terrain: self.choose_terrain(t), str(n))
            for n, terrain in enumerate(Terrain, start=1)
        ]
        self.brush_smaller = make_action(self, "Smaller brush", lambda: self._brush_by(-1), "[")
        self.brush_larger = make_action(self, "Larger brush", lambda: self._brush_by(+1), "]")
        self.level_by_terrain_action = make_action(
            self, "Set level by &terrain", lambda: self.tool_by_key("level").set_by_terrain())
        self.add_space_action = make_action(self, "Add off-board &space...", self.ask_add_space)
        self.link_space_action = make_action(self, "&Link off-board space...", self.ask_link_space)
        self.about_action = make_action(self, "&About BoFA Studio", self.about)
        self.rulebook_action = make_action(self, "The &rulebook (1984)", self.show_rulebook, K.HelpContents)

    def _build_docks(self) -> None:
        self.tool_panel = ToolPanel(list(self.tool_group.actions()), self.tools, self.document)
        scan_options: ScanOptions = self.tool_panel.options["calibrate"]  # type: ignore[assignment]
        scan_options.load_button.clicked.connect(lambda: self.load_scan())
        scan_options.show_box.setChecked(self.scene.display.background)
        scan_options.show_box.toggled.connect(self.display_actions["background"].setChecked)
        self.display_actions["background"].toggled.connect(scan_options.show_box.setChecked)
        self.tool_dock = self._dock("Tools", "tools", self.tool_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.properties = PropertiesPanel(self.document)
        self.properties.resize_requested.connect(self.ask_resize)
        self.properties_dock = self._dock("Map properties", "properties", self.properties, Qt.DockWidgetArea.RightDockWidgetArea)
        self.validation = ValidationPanel(self.document)
        self.validation.problem_activated.connect(self.show_problem)
        self.validation.refreshed.connect(self._forget_fixed_problem)
        self._shown_problem: MapProblem | None = None
        self.validation_dock = self._dock("Problems", "problems", self.validation, Qt.DockWidgetArea.RightDockWidgetArea)
        # Properties and Problems share the right column as tabs, so the map keeps
        # most of the window; Problems shows first because it changes as you edit.
        self.tabifyDockWidget(self.properties_dock, self.validation_dock)
        self.validation_dock.raise_()
        self._docks_sized = False

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock.{name}")  # saveState needs names
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        file.addActions([self.new_action, self.open_action])
        self.recent_menu = file.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file.addActions([self.save_action, self.save_as_action])
        file.addSeparator()
        file.addActions([self.export_png_action, self.export_graphml_action])
        file.addSeparator()
        file.addActions([self.load_scan_action, self.remove_scan_action])
        file.addSeparator()
        file.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        edit.addActions([self.cut_action, self.copy_action, self.paste_action, self.delete_action])
        edit.addSeparator()
        edit.addActions([self.select_all_action, self.deselect_action])
        tools = bar.addMenu("&Tools")
        tools.addActions(self.tool_group.actions())
        tools.addSeparator()
        tools.addActions([self.brush_smaller, self.brush_larger])
        tools.addAction(self.level_by_terrain_action)
        terrain_menu = tools.addMenu("Te&rrain to paint")
        terrain_menu.addActions(self.terrain_actions)
        map_menu = bar.addMenu("&Map")
        map_menu.addActions([self.add_space_action, self.link_space_action])
        view = bar.addMenu("&View")
        view.addActions([self.zoom_in_action, self.zoom_out_action, self.fit_action])
        view.addSeparator()
        view.addActions(list(self.display_actions.values()))
        view.addSeparator()
        for dock in (self.tool_dock, self.properties_dock, self.validation_dock):
            view.addAction(dock.toggleViewAction())
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.rulebook_action, self.about_action])

    # -- tools ----------------------------------------------------------------------
    def tool_by_key(self, key: str) -> Tool:
        return next(t for t in self.tools if t.key == key)

    def set_tool(self, tool: Tool | str) -> None:
        if isinstance(tool, str):
            tool = self.tool_by_key(tool)
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        self.scene.tool = tool
        self.tool_actions[tool.key].setChecked(True)
        self.tool_panel.show_tool(tool)
        tool.activate()

    def _region(self, action) -> None:
        """Cut, copy, paste, delete and select all work on the select tool's selection."""
        self.select_tool.hovered = self._hovered
        self.set_tool(self.select_tool)
        action()

    def choose_terrain(self, terrain: Terrain) -> None:
        """A number key picks a terrain to paint (the palette's numbers), keeping Fill if on."""
        self.tool_by_key("paint").terrain = terrain
        if self.tool is None or self.tool.key not in ("paint", "fill"):
            self.set_tool("paint")
        self.tool_panel.options[self.tool.key].sync()
        self.statusBar().showMessage(f"Terrain: {terrain.value.replace('_', ' ')}", 2000)

    def _brush_by(self, step: int) -> None:
        # The active tool's brush when it has one (Level, Areas), else the terrain brush.
        tool = self.tool if self.tool is not None and hasattr(self.tool, "radius") else self.tool_by_key("paint")
        tool.radius = max(0, min(2, tool.radius + step))
        self.tool_panel.options[tool.key].sync()
        self.statusBar().showMessage(f"{tool.name}: brush radius {tool.radius}", 2000)

    def _tool_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    # -- model events -------------------------------------------------------------------
    def _on_board_replaced(self, board: Board) -> None:
        resized = board.grid != self.scene.board.grid
        if resized:
            self._remember_view(self.scene.board)
        self.scene.set_board(board)
        # Undoing or redoing a resize shows that map as it was last seen; a map not seen
        # before is shown whole, rather than at a zoom that clips it or strands it small.
        if resized and not self._restore_view(board):
            self.view.fit()
        self.tool_by_key("calibrate").forget_points()  # they were points of another map
        # A selection is of hexes of the map it was made on; after a resize at the west or
        # top the same coordinates hold other content, so it goes.
        self.select_tool.selection = frozenset()
        self._report_scan_problem()
        self._show_hex(self._hovered)
        if self.tool is not None:
            self.tool.activate()  # redraw its overlay on the new scene
        self._update_title()

    def _on_board_changed(self, change) -> None:
        if change.kind == "meta":
            self._update_title()
        elif change.kind == "background":
            self._report_scan_problem()
        elif change.kind in ("hex", "areas"):
            # The hex under the cursor is usually the one just edited: say what it is now.
            self._show_hex(self._hovered)

    def _show_zoom(self, *_args) -> None:
        self.zoom_info.setText(f"{self.view.current_scale() * 100:.0f}%")

    def _show_hex(self, h: Hex | None) -> None:
        self._show_zoom()
        if h is not None and h not in self.document.board:
            h = None  # gone with a resize or another map
        self._hovered = h
        if h is None:
            self.hex_info.setText("")
            return
        self.hex_info.setText(describe_hex(self.document.board, h))

    def _forget_fixed_problem(self, problems: list[MapProblem]) -> None:
        """Once the highlighted problem is fixed, its outline goes too."""
        if self._shown_problem is not None and self._shown_problem not in problems:
            self._shown_problem = None
            self.scene.overlay.clear(PROBLEM_KEY)

    def show_problem(self, problem: MapProblem) -> None:
        self._shown_problem = problem
        hexes = [h for h in problem.hexes if h in self.document.board]
        self.scene.overlay.set_hexes(PROBLEM_KEY, hexes, None, _problem_pen())
        if hexes:
            self.view.center_on_hexes(hexes)
        self.statusBar().showMessage(str(problem), 8000)

    def _update_title(self, *_args) -> None:
        doc = self.document
        where = str(doc.path) if doc.path else "not saved"
        self.setWindowTitle(f"{doc.board.meta.name} — {where}[*] — BoFA Studio")
        self.setWindowModified(doc.is_modified())

    # -- files ------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is safe to drop the current map (saved, discarded or clean)."""
        if not self.document.is_modified():
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        B = QMessageBox.StandardButton
        return QMessageBox.question(
            self,
            "Unsaved changes",
            f"{self.document.board.meta.name} has unsaved changes. Save them first?",
            B.Save | B.Discard | B.Cancel,
            B.Save,
        )

    def new_map(self, grid: GridSpec | None = None, name: str | None = None, ruleset: str | None = None) -> bool:
        """A blank map; without a grid, the New map dialog asks for it, its name and its ruleset."""
        if grid is None:
            answer = NewMapDialog.ask(self)
            if answer is None:
                return False
            grid, name, ruleset = answer.grid, answer.name, answer.ruleset
        if not self.maybe_save():
            return False
        self.document.reset(Board(grid, MapMeta(name=name or "Untitled map", ruleset=ruleset)), None)
        self.view.fit()
        return True

    def ask_open_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self, "Open map", self._start_dir(), MAP_FILTER)
        return path

    def ask_save_path(self, title: str, suffix: str, filter_: str) -> str:
        start = self.suggested_save_path(suffix)
        path, _ = QFileDialog.getSaveFileName(self, title, str(start), filter_)
        return path

    def suggested_save_path(self, suffix: str) -> Path:
        """Where Save As starts: the map's own file, or a file named after the map.

        A new map is named after its title ("Lonely Mountain.json" -> lonely-mountain.json),
        beside the scan being traced if there is one, else beside the last map opened.
        """
        path = self.document.path
        if path is not None and not is_shipped_map(path):
            return path.with_suffix(suffix)
        if path is not None:  # a shipped map: offer a copy beside the author's own files
            return Path(self._start_dir()) / f"{path.stem}-variant{suffix}"
        scan = self.document.board.background
        folder = scan.image.parent if scan is not None else Path(self._start_dir())
        stem = re.sub(r"[^a-z0-9]+", "-", self.document.board.meta.name.lower()).strip("-")
        if not stem or stem == "untitled-map":
            stem = "map"
        return folder / f"{stem}{suffix}"

    def open_map(self, path: str | Path | None = None) -> bool:
        """Open a map file. A broken file shows its problems; the open map stays as it was."""
        path = path or self.ask_open_path()
        if not path:
            return False
        try:
            board = load_map(path)
        except DataFileError as exc:
            self.show_problems(
                "Cannot open map",
                f"{path} cannot be opened; the map you have open is unchanged.",
                [str(p) for p in exc.problems],
            )
            return False
        except Exception as exc:  # whatever a file someone sent does, the user gets a message
            self.show_error("Cannot open map", load_error(path, exc))
            return False
        if not self.maybe_save():
            return False
        self.document.reset(board, path)
        self._add_recent(path)
        self.view.fit()
        self.statusBar().showMessage(f"Opened {path}", 4000)
        return True

    def save(self) -> bool:
        """Save to the map's file; a new map, or one the app ships, asks where (Save As)."""
        path = self.document.path
        if path is not None and is_shipped_map(path):
            # The shipped maps are the app's own (scenarios name them, and an update
            # replaces them): an edited copy is the author's variant, in a new file.
            self.statusBar().showMessage(f"{path.name} ships with BoFA Studio: save your variant as a new file.", 8000)
            return self.save_as()
        if path is None:
            return self.save_as()
        return self._write(path)

    def save_as(self) -> bool:
        path = self.ask_save_path("Save map as", ".json", MAP_FILTER)
        if not path:
            return False
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        self.properties.commit()  # a half-typed field still belongs to this save
        try:
            save_map(self.document.board, path)
        except OSError as exc:
            self.show_error("Cannot save map", write_error(path, exc))
            return False
        self.document.set_path(path)
        self.document.undo_stack.setClean()
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def export_png(self, path: str | Path | None = None) -> bool:
        path = path or self.ask_save_path("Export PNG", ".png", "PNG images (*.png)")
        if not path:
            return False
        from bofa_studio.ui.map.render import render_board, save_image

        d = self.scene.display
        image = render_board(
            self.document.board, 2400, labels=d.labels, levels=d.levels, hexsides=d.hexsides,
            areas=d.areas, slope_lines=d.slope_lines,
        )
        try:
            save_image(image, path)
        except OSError as exc:
            self.show_error("Cannot export PNG", write_error(path, exc))
            return False
        self.statusBar().showMessage(f"Exported {path}", 4000)
        return True

    def export_graphml(self, path: str | Path | None = None) -> bool:
        path = path or self.ask_save_path("Export GraphML", ".graphml", "GraphML (*.graphml)")
        if not path:
            return False
        try:
            export_graphml(self.document.board, path)
        except OSError as exc:
            self.show_error("Cannot export GraphML", write_error(path, exc))
            return False
        self.statusBar().showMessage(f"Exported {path}", 4000)
        return True

    def show_problems(self, title: str, summary: str, problems: list[str]) -> None:
        ProblemsDialog.show_problems(title, summary, problems, self)

    def show_error(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def _start_dir(self) -> str:
        recent = [f for f in self.recent_files() if not is_shipped_map(f)]
        return str(Path(recent[0]).parent) if recent else str(Path.cwd())

    # -- the background scan ----------------------------------------------------------------
    def ask_scan_path(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self, "Load background scan", self._start_dir(), SCAN_FILTER)
        return path

    def load_scan(self, path: str | Path | None = None) -> bool:
        """Put a scan under the map to trace, and switch to the calibrate tool."""
        path = path or self.ask_scan_path()
        if not path:
            return False
        command = load_scan(self.document.board, Path(path))
        if isinstance(command, str):
            self.show_error("Cannot load scan", command)
            return False
        self.document.undo_stack.push(command)
        self.display_actions["background"].setChecked(True)
        self.set_tool("calibrate")
        return True

    def remove_scan(self) -> None:
        if self.document.board.background is not None:
            self.document.undo_stack.push(BackgroundCommand(self.document.board, None, "Remove background scan"))

    def _report_scan_problem(self) -> None:
        problem = self.scene.background_problem_now()
        if problem:
            self.statusBar().showMessage(f"Cannot show the {problem}", 10000)

    # -- off-board spaces ------------------------------------------------------------------
    def ask_add_space(self) -> None:
        answer = SpaceDialog.ask([t.value for t in Terrain], self)
        if answer is not None:
            self.add_space(answer)

    def add_space(self, answer: SpaceAnswer) -> bool:
        """Add a space beside the grid, linked where the answer says (undoably)."""
        from bofa_studio.board.spaces import with_space

        try:
            board = with_space(self.document.board, answer.name, answer.terrain, answer.level, answer.links,
                               answer.gate or None)
        except ValueError as exc:
            self.show_error("Add off-board space", str(exc))
            return False
        self.document.undo_stack.push(ReplaceBoardCommand(self.document, board, f"Add space {answer.name}"))
        self.view.fit()  # the space is drawn beside the grid, perhaps outside the old view
        self.statusBar().showMessage(f"Added {answer.name} beside the map", 8000)
        return True

    def ask_link_space(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        spaces = sorted(self.document.board.spaces.values())
        if not spaces:
            self.show_error("Link off-board space", "This map has no off-board space yet: Map > Add off-board space.")
            return
        space, ok = QInputDialog.getItem(self, "Link off-board space", "Space", spaces, 0, False)
        if not ok:
            return
        to, ok = QInputDialog.getText(self, "Link off-board space", f"Link {space} to (a hex or space label)")
        if not ok:
            return
        gate, ok = QInputDialog.getItem(self, "Link off-board space", "Gate on the link", ["none", "big_gate",
                                                                                            "light_gate"], 0, False)
        if ok:
            self.link_space(space, to, "" if gate == "none" else gate)

    def link_space(self, space: str, to: str, gate: str = "") -> bool:
        from bofa_studio.board.spaces import with_link

        try:
            board = with_link(self.document.board, space, to, gate or None)
        except ValueError as exc:
            self.show_error("Link off-board space", str(exc))
            return False
        self.document.undo_stack.push(ReplaceBoardCommand(self.document, board, f"Link {space} to {to.strip()}"))
        return True

    # -- resize ---------------------------------------------------------------------------
    def ask_resize(self) -> None:
        edges = ResizeDialog.ask(self.document.board.grid, self)
        if edges is not None:
            self.resize_edges(edges)

    def resize_map(self, columns: int, rows: int) -> bool:
        """Resize to ``columns`` x ``rows`` at the east and bottom edges (undoably)."""
        grid = self.document.board.grid
        return self.resize_edges(EdgeChange(east=columns - grid.columns, bottom=rows - grid.rows))

    def resize_edges(self, edges: EdgeChange) -> bool:
        """Add or remove columns and rows at any edge, as one undo step. When hexes are
        renumbered or content falls off the map, the author sees what first, and may cancel."""
        board = self.document.board
        if edges.is_empty():
            return False
        try:
            report = describe_resize(board, edges)
            resized = resize_board(board, edges)
        except ValueError as exc:
            self.show_error("Cannot resize map", str(exc))
            return False
        if report.needs_confirmation() and not self.confirm_resize(report):
            return False
        self._remember_view(board)
        self.document.undo_stack.push(ReplaceBoardCommand(self.document, resized, report.title))
        lost = bool(report.losses)
        self.statusBar().showMessage(
            f"{report.title}" + ("; Edit > Undo brings back what was cut off." if lost else "."), 8000
        )
        return True

    def confirm_resize(self, report: ResizeReport) -> bool:
        B = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Resize map", resize_question(report), B.Yes | B.Cancel, B.Cancel,
        )
        return answer == B.Yes

    def _remember_view(self, board: Board) -> None:
        """Keep how ``board`` was shown, so that undoing (or redoing) a resize shows it so again."""
        center = self.view.mapToScene(self.view.viewport().rect().center())
        self._views[board] = (self.view.transform(), center)

    def _restore_view(self, board: Board) -> bool:
        saved = self._views.get(board)
        if saved is None:
            return False
        transform, center = saved
        self.view.setTransform(transform)
        self.view.centerOn(center)
        self.view.scale_changed.emit(self.view.current_scale())
        return True

    # -- recent files and settings -----------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):  # QSettings returns a lone string for a 1-item list
            value = [value]
        return [str(v) for v in value or []]

    def _add_recent(self, path: str | Path) -> None:
        text = str(Path(path).resolve())
        files = [text, *(f for f in self.recent_files() if f != text)][:MAX_RECENT]
        self.settings.setValue("recent_files", files)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        if not files:
            self.recent_menu.addAction("(none)").setEnabled(False)
        for i, f in enumerate(files, start=1):
            if not Path(f).is_file():
                # Moved or deleted since: shown, so the list does not shift under the user's
                # hand, but not offered; Clear drops it.
                self.recent_menu.addAction(f"&{i} {f} (not found)").setEnabled(False)
                continue
            action = self.recent_menu.addAction(f"&{i} {f}")
            action.triggered.connect(lambda _c=False, f=f: self.open_map(f))
        if files:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("&Clear the list", lambda: self.settings.setValue("recent_files", []))

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self._docks_sized = self.restoreState(state)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._docks_sized:
            # Narrow docks on first run, so the map gets most of the window.
            self._docks_sized = True
            self.resizeDocks([self.tool_dock, self.validation_dock], [210, 250], Qt.Orientation.Horizontal)

    def save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.save_settings()
        self.scene.detach()
        event.accept()

    # -- help ---------------------------------------------------------------------------
    def about(self) -> None:
        show_about(self)

    def show_rulebook(self) -> TextViewer | None:
        self.rulebook = open_rulebook(self, self.rulebook)
        if self.rulebook is None:
            self.show_error("Rulebook not found", RULEBOOK_MISSING)
        return self.rulebook


def describe_hex(board: Board, h: Hex) -> str:
    """The status-bar line for a hex: label, terrain, level, features, areas."""
    data = board.hex_data(h)
    parts = [board.label(h), str(data.terrain).replace("_", " "), f"level {data.level}"]
    features = sorted(feature_name(f) for f in data.features)
    if data.entry_group:
        features = [f"{f} ({data.entry_group})" if f == "entry triangle" else f for f in features]
    if features:
        parts.append(", ".join(features))
    areas = board.areas_of(h)
    if areas:
        parts.append("areas: " + ", ".join(areas))
    return " · ".join(parts)


def is_shipped_map(path: str | Path) -> bool:
    """True for a map in the app's own maps/ folder (the 1984 board and its siblings)."""
    try:
        return is_shipped(path, maps_dir())
    except FileNotFoundError:
        return False


def resize_question(report: ResizeReport) -> str:
    """The text of the resize confirmation: what moves with its hexes, then what is lost."""
    text = report.title + "."
    if report.moves:
        text += "\n\nMoves with its hexes:\n" + "\n".join(f"• {item}" for item in report.moves)
    if report.losses:
        text += "\n\nLost (it falls off the map):\n" + "\n".join(f"• {item}" for item in report.losses)
    return text + "\n\nResize? (Edit > Undo puts the map back as it was.)"


def _problem_pen() -> QPen:
    return QPen(style.PROBLEM, style.HEX_PX * 0.12)
