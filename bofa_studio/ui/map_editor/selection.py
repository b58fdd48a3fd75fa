"""Select hexes with a rectangle or a lasso; cut, copy, paste, move and delete a region.

The selection is a set of hexes owned by the select tool; the clipboard is a
``Clip`` (the region with everything on it). Each cut, paste, move and delete is
one undo step, however many hexes, hexsides, paths and areas it touches: the
edit runs on a copy of the board and the difference is pushed (``BoardDiffCommand``).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF

from bofa_studio.board.region import Clip, clear_region, copy_region, edit_copy, move_region, paste_clip
from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.commands import BoardDiffCommand
from bofa_studio.ui.map_editor.tools import PREVIEW_KEY, Tool

SELECTION_KEY = "tool.selection"
SELECTION_BRUSH = QBrush(QColor(30, 110, 230, 60))
SELECTION_PEN = QPen(QColor(20, 80, 200), 2.5, Qt.PenStyle.DashLine)


def _count(n: int) -> str:
    return f"{n} hex" if n == 1 else f"{n} hexes"


class SelectTool(Tool):
    """Drag a rectangle (or, in lasso mode, draw round) to select; drag the selection to move it."""

    name = "Select"
    key = "select"
    shortcut = "R"
    hint = (
        "Select: drag a rectangle (Lasso: draw round the hexes); Shift adds, Ctrl removes. "
        "Drag inside the selection to move it. Ctrl+C / Ctrl+X / Ctrl+V copy, cut and paste "
        "(at the hex under the mouse); Delete clears it."
    )
    MODES = ("rectangle", "lasso")

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.mode = "rectangle"
        self.selection: frozenset[Hex] = frozenset()
        self.clipboard: Clip | None = None
        self._trail: list[QPointF] = []
        self._moving_from: Hex | None = None
        self._combine = "replace"
        self.hovered: Hex | None = None

    def activate(self) -> None:
        super().activate()
        self.show_selection()

    # -- mouse -------------------------------------------------------------------------
    def press(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        mods = event.modifiers
        if event.hex in self.selection and not mods & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier):
            self._moving_from = event.hex
            return
        self._combine = (
            "add" if mods & Qt.KeyboardModifier.ShiftModifier
            else "remove" if mods & Qt.KeyboardModifier.ControlModifier else "replace"
        )
        self._trail = [event.pos]

    def move(self, event: ToolEvent) -> None:
        self.hovered = event.hex
        overlay = self.ctx.scene.overlay
        if self._moving_from is not None and event.hex is not None:
            offset = event.hex - self._moving_from
            ghost = [h + offset for h in self.selection if h + offset in self.board]
            overlay.set_hexes(PREVIEW_KEY, ghost, QBrush(QColor(255, 152, 0, 60)), QPen(style.HIGHLIGHT, 2.0))
        elif self._trail:
            self._trail.append(event.pos)
            overlay.set_hexes(PREVIEW_KEY, self._hexes_in_trail(), SELECTION_BRUSH, QPen(style.HIGHLIGHT, 1.5))
            path = QPainterPath()
            path.addPolygon(self._shape())
            path.closeSubpath()
            overlay.set_path("tool.marquee", path, QPen(style.HIGHLIGHT, 1.5, Qt.PenStyle.DashLine))

    def release(self, event: ToolEvent) -> None:
        overlay = self.ctx.scene.overlay
        overlay.clear(PREVIEW_KEY)
        overlay.clear("tool.marquee")
        if self._moving_from is not None:
            start, self._moving_from = self._moving_from, None
            if event.hex is not None and event.hex != start:
                self.move_selection(event.hex - start)
            return
        if not self._trail:
            return
        self._trail.append(event.pos)
        hexes = set(self._hexes_in_trail())
        if event.hex is not None and self._is_click():
            hexes = {event.hex}  # a click selects one hex
        self._trail = []
        if self._combine == "add":
            hexes |= self.selection
        elif self._combine == "remove":
            hexes = set(self.selection) - hexes
        self.select(hexes)

    def _is_click(self) -> bool:
        a = self._trail[0]
        return all(abs(a.x() - p.x()) + abs(a.y() - p.y()) < style.HEX_PX * 0.3 for p in self._trail)

    def _shape(self) -> QPolygonF:
        if self.mode == "lasso":
            return QPolygonF(self._trail)
        a, b = self._trail[0], self._trail[-1]
        return QPolygonF(QRectF(a, b).normalized())

    def _hexes_in_trail(self) -> list[Hex]:
        shape = self._shape()
        scene = self.ctx.scene
        return [h for h in self.board.hexes() if shape.containsPoint(scene.hex_center(h), Qt.FillRule.OddEvenFill)]

    # -- selection ---------------------------------------------------------------------------
    def select(self, hexes: Iterable[Hex]) -> None:
        self.selection = frozenset(h for h in hexes if h in self.board)
        self.show_selection()
        if self.selection:
            self.ctx.message(f"Selected {_count(len(self.selection))}.")

    def show_selection(self) -> None:
        self.selection = frozenset(h for h in self.selection if h in self.board)
        self.ctx.scene.overlay.set_hexes(SELECTION_KEY, self.selection, SELECTION_BRUSH, SELECTION_PEN)

    def select_all(self) -> None:
        self.select(self.board.hexes())

    # -- region edits, one undo step each ---------------------------------------------------
    def _push(self, edit, text: str):
        diff, result = edit_copy(self.board, edit)
        if not diff.is_empty():
            self.ctx.push(BoardDiffCommand(self.board, diff, text))
        return result

    def copy(self) -> bool:
        if not self.selection:
            self.ctx.message("Nothing is selected to copy.")
            return False
        self.clipboard = copy_region(self.board, self.selection)
        self.ctx.message(f"Copied {_count(len(self.clipboard))}; Ctrl+V pastes at the hex under the mouse.")
        return True

    def cut(self) -> bool:
        if not self.copy():
            return False
        region = self.selection
        self._push(lambda b: clear_region(b, region), f"Cut {_count(len(region))}")
        return True

    def delete(self) -> bool:
        if not self.selection:
            self.ctx.message("Nothing is selected to delete.")
            return False
        region = self.selection
        self._push(lambda b: clear_region(b, region), f"Delete content of {_count(len(region))}")
        return True

    def paste(self, at: Hex | None = None) -> bool:
        """Paste the clipboard with its first hex at ``at`` (default: the hex under the mouse)."""
        clip = self.clipboard
        if clip is None:
            self.ctx.message("Nothing to paste: copy a selection first.")
            return False
        at = at or self.hovered or clip.origin
        if at not in self.board:
            at = clip.origin
        landed = self._push(lambda b: paste_clip(b, clip, at), f"Paste {_count(len(clip))} at {self.board.label(at)}")
        self.select(landed)
        lost = len(clip) - len(landed)
        if lost:
            self.ctx.message(f"Pasted {_count(len(landed))}; {_count(lost)} fell off the map and were left out.")
        return True

    def move_selection(self, offset: Hex) -> bool:
        region = self.selection
        if not region:
            return False
        origin = min(region, key=lambda h: self.board.grid.to_offset(h))
        to = origin + offset
        landed = self._push(lambda b: move_region(b, region, to), f"Move {_count(len(region))} to {self.board.label(to) if to in self.board else 'the edge'}")
        self.select(landed)
        return True
