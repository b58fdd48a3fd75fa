"""The tool dock (tool buttons and the active tool's options) and the properties dock.

Widgets only edit tool attributes or push commands; the tools and the board hold
the state, so the panels refresh themselves from the model when it changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.board.model import DEFAULT_LEVEL, MAX_LEVEL, HexFeature, MapMeta, Terrain, suggest_area_name
from bofa_studio.ui import style
from bofa_studio.ui.dialogs import add_ruleset_choices, chosen_ruleset, show_ruleset
from bofa_studio.ui.map_editor.commands import MetaCommand
from bofa_studio.ui.map_editor.document import MapDocument
from bofa_studio.ui.map_editor.los_probe import LosProbeTool
from bofa_studio.ui.map_editor.scan import BackgroundCommand, CalibrateTool
from bofa_studio.ui.map_editor.selection import SelectTool
from bofa_studio.ui.map_editor.tools import (
    AreaTool,
    FeatureTool,
    FillTool,
    LevelTool,
    PaintTool,
    Tool,
    feature_name,
    terrain_name,
)

BRUSH_SIZES = [(0, "1 hex"), (1, "7 hexes (radius 1)"), (2, "19 hexes (radius 2)")]


class ToolPanel(QWidget):
    """Tool buttons (bound to the window's tool actions) above the options of the active tool."""

    def __init__(self, actions: list[QAction], tools: list[Tool], document: MapDocument, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        grid = QGridLayout()
        for i, action in enumerate(actions):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(button.toolButtonStyle().ToolButtonTextOnly)
            button.setSizePolicy(button.sizePolicy().Policy.Expanding, button.sizePolicy().Policy.Fixed)
            grid.addWidget(button, i // 2, i % 2)
        layout.addLayout(grid)
        self.stack = QStackedWidget()
        self.options: dict[str, ToolOptions] = {}
        for tool in tools:
            options = options_for(tool, document)
            self.options[tool.key] = options
            self.stack.addWidget(options)
        # The options take the rest of the dock: wrapped hints need the height.
        layout.addWidget(self.stack, 1)

    def show_tool(self, tool: Tool) -> None:
        options = self.options[tool.key]
        options.sync()
        self.stack.setCurrentWidget(options)


class ToolOptions(QWidget):
    """Options of one tool; ``sync`` re-reads the tool (shared settings, undo)."""

    def __init__(self, tool: Tool, parent=None) -> None:
        super().__init__(parent)
        self.tool = tool
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 8, 0, 0)
        self.form = QFormLayout()
        outer.addLayout(self.form)
        outer.addStretch(1)
        title = QLabel(f"<b>{tool.name}</b> ({tool.shortcut})")
        self.form.addRow(title)
        hint = QLabel(tool.hint)
        hint.setWordWrap(True)
        self.form.addRow(hint)

    def sync(self) -> None:
        pass


class PaintOptions(ToolOptions):
    def __init__(self, tool: PaintTool, parent=None) -> None:
        super().__init__(tool, parent)
        self.terrain = QComboBox()
        for number, t in enumerate(Terrain, start=1):
            # A swatch of the colour the map paints, and the number key that picks it.
            self.terrain.addItem(terrain_swatch(t), f"{number}  {terrain_name(t).capitalize()}", t)
        self.terrain.currentIndexChanged.connect(lambda _i: setattr(tool, "terrain", self.terrain.currentData()))
        self.form.addRow("Terrain", self.terrain)
        self.brush: QComboBox | None = None
        self.within: QComboBox | None = None
        if not isinstance(tool, FillTool):
            self.brush = _brush_box(tool)
            self.form.addRow("Brush", self.brush)
        else:
            self.within = QComboBox()
            for key, text in tool.WITHIN.items():
                self.within.addItem(text.capitalize(), key)
            self.within.currentIndexChanged.connect(lambda _i: setattr(tool, "within", self.within.currentData()))
            self.form.addRow("Fill up to", self.within)

    def sync(self) -> None:
        with QSignalBlocker(self.terrain):
            self.terrain.setCurrentIndex(self.terrain.findData(self.tool.terrain))
        if self.brush is not None:
            with QSignalBlocker(self.brush):
                self.brush.setCurrentIndex(self.brush.findData(self.tool.radius))
        if self.within is not None:
            with QSignalBlocker(self.within):
                self.within.setCurrentIndex(self.within.findData(self.tool.within))


def terrain_swatch(terrain: Terrain) -> QIcon:
    pixmap = QPixmap(16, 16)
    pixmap.fill(style.hex_fill(terrain, DEFAULT_LEVEL[terrain]))
    return QIcon(pixmap)


class LevelOptions(ToolOptions):
    def __init__(self, tool: LevelTool, parent=None) -> None:
        super().__init__(tool, parent)
        self.mode = QComboBox()
        for mode in tool.MODES:
            self.mode.addItem(mode.capitalize(), mode)
        self.level = QSpinBox()
        self.level.setRange(0, MAX_LEVEL)
        self.brush = _brush_box(tool)
        self.mode.currentIndexChanged.connect(self._changed)
        self.level.valueChanged.connect(self._changed)
        self.form.addRow("Mode", self.mode)
        self.form.addRow("Level", self.level)
        self.form.addRow("Brush", self.brush)
        self.by_terrain = QPushButton("Set level by terrain")
        self.by_terrain.setToolTip(
            "Every hex to the nearest level its terrain allows under the map's ruleset "
            "(1984: mountains 1-4, a summit above the plain, all else on the plain); one undo step")
        self.by_terrain.clicked.connect(tool.set_by_terrain)
        self.form.addRow(self.by_terrain)

    def _changed(self, *_args) -> None:
        self.tool.mode = self.mode.currentData()
        self.tool.level = self.level.value()
        self._enable()

    def _enable(self) -> None:
        self.level.setEnabled(self.tool.mode in ("set", "fill"))
        self.brush.setEnabled(self.tool.mode != "fill")

    def sync(self) -> None:
        with QSignalBlocker(self.mode), QSignalBlocker(self.level), QSignalBlocker(self.brush):
            self.mode.setCurrentIndex(self.mode.findData(self.tool.mode))
            self.level.setValue(self.tool.level)
            self.brush.setCurrentIndex(self.brush.findData(self.tool.radius))
        self._enable()


def _brush_box(tool) -> QComboBox:
    """Brush sizes for a tool with a ``radius``."""
    box = QComboBox()
    for radius, text in BRUSH_SIZES:
        box.addItem(text, radius)
    box.currentIndexChanged.connect(lambda _i: setattr(tool, "radius", box.currentData()))
    return box


class FeatureOptions(ToolOptions):
    def __init__(self, tool: FeatureTool, parent=None) -> None:
        super().__init__(tool, parent)
        self.feature = QComboBox()
        for f in HexFeature:
            if f == HexFeature.PATH:
                continue  # paths are lines, drawn with the Paths tool
            self.feature.addItem(feature_name(f).capitalize(), f)
        # Editable, listing the map's groups: a scenario names a group exactly as
        # the map spells it, so picking beats retyping ("south_west", not "south-west").
        self.group = QComboBox()
        self.group.setEditable(True)
        self.group.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.group.lineEdit().setPlaceholderText("e.g. south_west, north_east")
        self.group.setToolTip("The entry group of new entry triangles: pick one of this map's groups or type a new one.")
        self.feature.currentIndexChanged.connect(self._changed)
        self.group.editTextChanged.connect(self._changed)
        self.form.addRow("Feature", self.feature)
        self.form.addRow("Entry group", self.group)

    def _changed(self, *_args) -> None:
        self.tool.feature = self.feature.currentData()
        self.tool.entry_group = self.group.currentText()
        self.group.setEnabled(self.tool.feature == HexFeature.ENTRY_TRIANGLE)

    def sync(self) -> None:
        with QSignalBlocker(self.feature), QSignalBlocker(self.group):
            self.feature.setCurrentIndex(self.feature.findData(self.tool.feature))
            self.group.clear()
            self.group.addItems(sorted(self.tool.board.entry_groups()))
            self.group.setEditText(self.tool.entry_group)
        self.group.setEnabled(self.tool.feature == HexFeature.ENTRY_TRIANGLE)


class AreaOptions(ToolOptions):
    """Choose the area to edit; create, rename and delete areas."""

    # Swappable in tests: (parent, title, label, text) -> (text, ok)
    ask_text: Callable = staticmethod(
        lambda parent, title, label, text="": QInputDialog.getText(parent, title, label, text=text)
    )

    def __init__(self, tool: AreaTool, document: MapDocument, parent=None) -> None:
        super().__init__(tool, parent)
        self.area = QComboBox()
        self.area.currentIndexChanged.connect(self._chosen)
        self.form.addRow("Area", self.area)
        self.brush = _brush_box(tool)
        self.form.addRow("Brush", self.brush)
        self.fill = QCheckBox("Fill a region")
        self.fill.setToolTip("A click adds (or removes) the whole connected region of one terrain and level")
        self.fill.toggled.connect(lambda on: setattr(tool, "fill", on))
        self.form.addRow(self.fill)
        row = QHBoxLayout()
        for text, slot in (("New...", self.new_area), ("Rename...", self.rename), ("Delete", self.delete)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            row.addWidget(button)
        self.form.addRow(row)
        self._updating = False
        document.board_changed.connect(lambda change: change.kind == "areas" and self.sync())
        document.board_replaced.connect(lambda _b: self.sync())
        tool.listeners.append(self._show_chosen)

    def _show_chosen(self, name: str | None) -> None:
        index = self.area.findData(name)
        if index >= 0 and not self._updating:
            self._updating = True
            self.area.setCurrentIndex(index)
            self._updating = False

    def sync(self) -> None:
        self._updating = True
        self.area.clear()
        names = sorted(self.tool.board.areas)
        for name in names:
            self.area.addItem(f"{name} ({len(self.tool.board.areas[name])})", name)
        if self.tool.area not in names:
            # The chosen area went (deleted, renamed or undone): edit the one the
            # box now shows, rather than show one area and refuse to edit it.
            self.tool.area = names[0] if names else None
        if self.tool.area is not None:
            self.area.setCurrentIndex(names.index(self.tool.area))
        self._updating = False
        if self.tool.ctx.scene.tool is self.tool:  # another tool's map shows no area
            self.tool.show_area()

    def _chosen(self, _index: int) -> None:
        if not self._updating:
            self.tool.select(self.area.currentData())

    def _ask_name(self, title: str, label: str, text: str = "", unchanged: str | None = None) -> str | None:
        """Ask for an area name until it is one a map file can hold (or the author gives up).

        A refused name asks again, saying why and offering the nearest valid name;
        giving the same refused name twice stops asking (the status bar says why).
        """
        prompt, last = label, None
        while True:
            name, ok = self.ask_text(self, title, prompt, text)
            name = name.strip() if ok else ""
            if not ok or name == unchanged:
                return None
            problem = self.tool.name_problem(name)
            if problem is None:
                return name
            if name == last:
                self.tool.ctx.message(problem)
                return None
            prompt, last = f"{problem}\n\n{label}", name
            text = suggest_area_name(name) or name

    def new_area(self) -> None:
        name = self._ask_name("New area", "Name (e.g. dale, summit, setup.free_peoples.nw):")
        if name is not None and self.tool.create_area(name):
            self.sync()

    def rename(self) -> None:
        old = self.area.currentData()
        if old is None:
            return
        name = self._ask_name("Rename area", f"New name for {old}:", old, unchanged=old)
        if name is not None and self.tool.rename_area(old, name):
            self.sync()

    def delete(self) -> None:
        name = self.area.currentData()
        if name is not None:
            self.tool.delete_area(name)
            self.sync()


class LosOptions(ToolOptions):
    def __init__(self, tool: LosProbeTool, parent=None) -> None:
        super().__init__(tool, parent)
        self.range = QSpinBox()
        self.range.setRange(1, 40)
        self.range.setValue(tool.max_range)
        self.range.valueChanged.connect(tool.set_range)
        self.form.addRow("Range", self.range)
        clear = QPushButton("Clear occupied hexes")
        clear.clicked.connect(lambda: (tool.occupied.clear(), tool.refresh()))
        self.form.addRow(clear)
        self.answer = QLabel()
        self.answer.setWordWrap(True)
        self.form.addRow(self.answer)
        tool.listeners.append(lambda _t: self.sync())

    def sync(self) -> None:
        with QSignalBlocker(self.range):
            self.range.setValue(self.tool.max_range)
        self.answer.setText(self.tool.describe())


class ScanOptions(ToolOptions):
    """The scan under the map: load, opacity, show, lock, and the calibration points."""

    def __init__(self, tool: CalibrateTool, document: MapDocument, parent=None) -> None:
        super().__init__(tool, parent)
        self.document = document
        self.load_button = QPushButton("Load scan...")  # the window connects it
        self.form.addRow(self.load_button)
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setToolTip("How strongly the scan shows through the map's colours")
        self.opacity.valueChanged.connect(self._opacity_changed)
        self.form.addRow("Scan opacity", self.opacity)
        self.show_box = QCheckBox("Show the scan")  # the window ties it to View > Background scan
        self.lock_box = QCheckBox("Lock the scan")
        self.lock_box.setToolTip("While locked, clicks cannot calibrate the scan by accident")
        self.lock_box.toggled.connect(lambda on: setattr(tool, "locked", on))
        self.form.addRow(self.show_box)
        self.form.addRow(self.lock_box)
        self.label = QLineEdit()
        self.label.setPlaceholderText("e.g. 0101")
        self.label.setToolTip("Type a hex's label, then click its centre on the scan")
        self.label.textChanged.connect(lambda text: setattr(tool, "label", text))
        self.form.addRow("Hex label", self.label)
        self.points = QLabel()
        self.points.setWordWrap(True)
        self.form.addRow(self.points)
        self.forget = QPushButton("Start the points over")
        self.forget.clicked.connect(self._forget)
        self.form.addRow(self.forget)
        document.board_changed.connect(self._board_changed)
        document.board_replaced.connect(lambda _b: self.sync())

    def _board_changed(self, change) -> None:
        if change.kind == "background":
            self.sync()

    def _opacity_changed(self, value: int) -> None:
        board = self.document.board
        if board.background is None or round(board.background.opacity * 100) == value:
            return
        after = board.background.__class__(board.background.image, board.background.transform, value / 100)
        self.document.undo_stack.push(BackgroundCommand(board, after, "Change scan opacity", merge=True))

    def _forget(self) -> None:
        self.tool.forget_points()
        self.sync()

    def sync(self) -> None:
        bg = self.document.board.background
        for widget in (self.opacity, self.lock_box, self.label, self.forget):
            widget.setEnabled(bg is not None)
        with QSignalBlocker(self.opacity):
            self.opacity.setValue(round(bg.opacity * 100) if bg is not None else 50)
        with QSignalBlocker(self.lock_box):
            self.lock_box.setChecked(self.tool.locked)
        board = self.document.board
        if bg is None:
            self.points.setText("No scan loaded.")
        elif not self.tool.points:
            self.points.setText(f"Scan: {bg.image.name}. No calibration points yet.")
        else:
            labels = ", ".join(board.label(h) for h, _ in self.tool.points if h in board)
            self.points.setText(f"Scan: {bg.image.name}. Calibrated on {labels}.")


class SelectOptions(ToolOptions):
    def __init__(self, tool: SelectTool, parent=None) -> None:
        super().__init__(tool, parent)
        self.mode = QComboBox()
        self.mode.addItem("Rectangle", "rectangle")
        self.mode.addItem("Lasso", "lasso")
        self.mode.currentIndexChanged.connect(lambda _i: setattr(tool, "mode", self.mode.currentData()))
        self.form.addRow("Shape", self.mode)

    def sync(self) -> None:
        with QSignalBlocker(self.mode):
            self.mode.setCurrentIndex(self.mode.findData(self.tool.mode))


def options_for(tool: Tool, document: MapDocument) -> ToolOptions:
    if isinstance(tool, SelectTool):
        return SelectOptions(tool)
    if isinstance(tool, CalibrateTool):
        return ScanOptions(tool, document)
    if isinstance(tool, PaintTool):
        return PaintOptions(tool)
    if isinstance(tool, LevelTool):
        return LevelOptions(tool)
    if isinstance(tool, FeatureTool):
        return FeatureOptions(tool)
    if isinstance(tool, AreaTool):
        return AreaOptions(tool, document)
    if isinstance(tool, LosProbeTool):
        return LosOptions(tool)
    return ToolOptions(tool)


class PropertiesPanel(QWidget):
    """Map metadata (name, source, provenance, notes), the grid, and Resize."""

    resize_requested = Signal()

    def __init__(self, document: MapDocument, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        form = QFormLayout()
        outer.addLayout(form)
        outer.addStretch(1)
        self.name = QLineEdit()
        self.source = QLineEdit()
        self.provenance = QLineEdit()
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(110)
        for field in (self.name, self.source, self.provenance):
            field.editingFinished.connect(self.commit)
        # Notes have no "editing finished"; commit once the author pauses typing.
        self._notes_timer = QTimer(self)
        self._notes_timer.setSingleShot(True)
        self._notes_timer.setInterval(800)
        self._notes_timer.timeout.connect(self.commit)
        self.notes.textChanged.connect(self._notes_edited)
        form.addRow("Name", self.name)
        form.addRow("Source", self.source)
        form.addRow("Provenance", self.provenance)
        form.addRow("Notes", self.notes)
        self.ruleset = QComboBox()
        add_ruleset_choices(self.ruleset)
        self.ruleset.setToolTip("The ruleset this map is for; the Problems panel adds its requirements")
        self.ruleset.currentIndexChanged.connect(lambda _i: self.commit())
        form.addRow("Ruleset", self.ruleset)
        self.grid = QLabel()
        resize = QPushButton("Resize map...")
        resize.clicked.connect(self.resize_requested)
        form.addRow("Grid", self.grid)
        form.addRow(resize)
        self._loading = False
        document.board_changed.connect(lambda change: change.kind == "meta" and self.sync())
        document.board_replaced.connect(lambda _b: self.sync())
        self.sync()

    def sync(self) -> None:
        board = self.document.board
        self._loading = True
        m = board.meta
        for field, value in ((self.name, m.name), (self.source, m.source), (self.provenance, m.provenance)):
            if field.text() != value:
                field.setText(value)
                field.setCursorPosition(0)  # a long name shows its start, not its last words
        if self.notes.toPlainText() != m.notes:
            self.notes.setPlainText(m.notes)
        show_ruleset(self.ruleset, m.ruleset)
        self._notes_timer.stop()
        g = board.grid
        self.grid.setText(f"{g.columns} x {g.rows}, {g.orientation} hexes, {g.shifted} shifted")
        self._loading = False

    def _notes_edited(self) -> None:
        if not self._loading:
            self._notes_timer.start()

    def commit(self) -> None:
        """Push one undo command if any field differs from the board's metadata."""
        if self._loading:
            return
        board = self.document.board
        after = MapMeta(
            name=self.name.text(),
            source=self.source.text(),
            provenance=self.provenance.text(),
            notes=self.notes.toPlainText(),
            ruleset=chosen_ruleset(self.ruleset),
        )
        self._notes_timer.stop()
        if after != board.meta:
            changed = [n for n in ("name", "source", "provenance", "notes", "ruleset") if getattr(after, n) != getattr(board.meta, n)]
            self.document.undo_stack.push(MetaCommand(board, after, f"Edit map {', '.join(changed)}"))
