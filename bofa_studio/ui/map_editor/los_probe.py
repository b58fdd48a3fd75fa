"""The line-of-sight probe: try S-8 on the map while editing it.

Click a hex to make it the archer's: every hex within range is shaded, visible
ones green and blocked ones grey. Hover a target to see the line, drawn red up
to the hex that blocks it (marked with a cross). Right-click (or Shift+click)
toggles a hex as occupied, to try counters as blockers. All answers come from
``bofa_studio.los``; the probe only draws them.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen

from bofa_studio.hexgrid import Hex
from bofa_studio.los import LosResult, Visibility, line_of_sight, visible_from
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.tools import EditorContext, Tool
from bofa_studio.ui.style import round_pen

VISIBLE = QColor(40, 170, 60, 80)
BLOCKED = QColor(40, 40, 40, 90)
CLEAR_LINE = QColor("#1b8a2e")
BLOCKED_LINE = QColor("#c62828")
OCCUPIED = QColor("#1e3a8a")


class LosProbeTool(Tool):
    name = "Line of sight"
    key = "los"
    shortcut = "V"
    hint = "Line of sight: click the archer's hex, hover a target; right-click or Shift+click toggles an occupied hex."
    DEFAULT_RANGE = 6

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self.origin: Hex | None = None
        self.max_range = self.DEFAULT_RANGE
        self.occupied: set[Hex] = set()
        self.visibility: Visibility | None = None
        self.result: LosResult | None = None
        self.target: Hex | None = None
        self.active = False
        self.listeners: list = []  # callables told when the probe's answer changes
        # An edit is answered once control returns to the event loop, not inside the
        # board's notification: bofa_studio.los learns of the edit through its own
        # board listener, which may run after ours, so an answer computed at once
        # could describe the map before the edit (undo while probing did). Waiting
        # also answers a whole drag once instead of once per hex.
        self._edited = QTimer(ctx.document)
        self._edited.setSingleShot(True)
        self._edited.setInterval(0)
        self._edited.timeout.connect(self.refresh)
        ctx.document.board_changed.connect(lambda _c: self._edited.start())
        ctx.document.board_replaced.connect(lambda _b: self.reset())

    def activate(self) -> None:
        super().activate()
        self.active = True
        self.refresh()

    def deactivate(self) -> None:
        self.active = False
        super().deactivate()

    def reset(self) -> None:
        self.origin, self.target, self.visibility, self.result = None, None, None, None
        self.occupied.clear()
        self.refresh()

    # -- input ------------------------------------------------------------------
    def press(self, event: ToolEvent) -> None:
        if event.hex is None:
            return
        toggling = event.button == Qt.MouseButton.RightButton or (
            event.button == Qt.MouseButton.LeftButton and event.modifiers & Qt.KeyboardModifier.ShiftModifier
        )
        if toggling:
            self.toggle_occupied(event.hex)
        elif event.button == Qt.MouseButton.LeftButton:
            self.set_origin(event.hex)

    def move(self, event: ToolEvent) -> None:
        self.set_target(event.hex)

    # -- state --------------------------------------------------------------------
    def set_origin(self, h: Hex | None) -> None:
        self.origin = h
        self.refresh()

    def set_range(self, max_range: int) -> None:
        self.max_range = max(1, max_range)
        self.refresh()

    def toggle_occupied(self, h: Hex) -> None:
        self.occupied.symmetric_difference_update({h})
        self.refresh()

    def set_target(self, h: Hex | None) -> None:
        self.target = h
        self._update_line()
        self._notify()

    def refresh(self) -> None:
        """Recompute after any change: origin, range, occupancy or the board itself."""
        self._edited.stop()
        board = self.board
        self.occupied = {h for h in self.occupied if h in board}
        if self.origin is not None and self.origin not in board:
            self.origin = None
        self.visibility = (
            visible_from(board, self.origin, self.max_range, self.occupied) if self.origin is not None else None
        )
        if self.active:
            self._draw_shading()
        self._update_line()
        self._notify()

    def _update_line(self) -> None:
        board = self.board
        o, t = self.origin, self.target
        if o is None or t is None or t == o or t not in board:
            self.result = None
        else:
            self.result = line_of_sight(board, o, t, self.occupied)
        if self.active:
            self._draw_line()

    def describe(self) -> str:
        """One line for the tool dock and status bar."""
        board = self.board
        if self.origin is None:
            return "Click the archer's hex."
        text = f"From {board.label(self.origin)}, range {self.max_range}"
        if self.visibility is not None:
            text += f": {len(self.visibility.visible)} hexes visible, {len(self.visibility.blocked)} blocked"
        r = self.result
        if r is not None:
            target = board.label(r.target)
            if r.clear:
                text += f". {target} (range {r.range}): clear"
            elif r.wall is not None:
                text += f". {target} (range {r.range}): blocked by the Front Gate wall"
            else:
                text += f". {target} (range {r.range}): blocked by {board.label(r.blocked_by)}"
        return text

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # -- drawing ----------------------------------------------------------------
    def _draw_shading(self) -> None:
        overlay = self.ctx.scene.overlay
        vis = self.visibility
        overlay.set_hexes("tool.los.visible", vis.visible if vis else (), VISIBLE)
        overlay.set_hexes("tool.los.blocked", vis.blocked.keys() if vis else (), BLOCKED)
        overlay.set_hexes(
            "tool.los.origin", [self.origin] if self.origin else (), None, QPen(style.HIGHLIGHT, style.HEX_PX * 0.12)
        )
        occupied = QPainterPath()
        s = style.HEX_PX * 0.42
        for h in sorted(self.occupied):
            c = self.ctx.scene.hex_center(h)
            occupied.addRoundedRect(c.x() - s, c.y() - s, 2 * s, 2 * s, 4, 4)
        overlay.set_path("tool.los.occupied", occupied, QPen(QColor("white"), 2.0), QBrush(OCCUPIED))

    def _draw_line(self) -> None:
        overlay = self.ctx.scene.overlay
        r = self.result
        if r is None:
            overlay.clear("tool.los.line")
            overlay.clear("tool.los.blocker")
            return
        scene = self.ctx.scene
        a, b = scene.hex_center(r.origin), scene.hex_center(r.target)
        line = QPainterPath(a)
        line.lineTo(b)
        color = CLEAR_LINE if r.clear else BLOCKED_LINE
        overlay.set_path("tool.los.line", line, round_pen(color, style.HEX_PX * 0.08))
        marker = QPainterPath()
        if r.blocked_by is not None:
            c = scene.hex_center(r.blocked_by)
            k = style.HEX_PX * 0.45
            marker.moveTo(c + QPointF(-k, -k))
            marker.lineTo(c + QPointF(k, k))
            marker.moveTo(c + QPointF(-k, k))
            marker.lineTo(c + QPointF(k, -k))
            marker.addPolygon(scene.hex_polygon(r.blocked_by))
        overlay.set_path(
            "tool.los.blocker", marker, round_pen(BLOCKED_LINE, style.HEX_PX * 0.1)
        )
