"""The Paths tool: draw a path or road as an ordered line of hexes.

A drag through hexes is one path, in the order drawn, so two paths side by side
stay two (the map no longer joins every pair of adjacent path hexes). A drag that
starts on the end of a path carries it on; going back over the last hex takes it
off again. A right-drag erases the hexes it crosses from every path. Each drag
is one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPen

from bofa_studio.board.model import PathLine, clip_paths
from bofa_studio.board.region import edit_copy
from bofa_studio.hexgrid import Hex, are_adjacent, hex_line
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.commands import BoardDiffCommand
from bofa_studio.ui.map_editor.tools import HOVER_BRUSH, HOVER_KEY, HOVER_PEN, PREVIEW_KEY, Tool


class PathTool(Tool):
    name = "Paths"
    key = "path"
    shortcut = "P"
    hint = (
        "Paths: drag through hexes to draw a path in that order (start on a path's end to extend it; "
        "go back to take the last hex off). Right-drag erases paths from the hexes it crosses."
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.line: list[Hex] = []
        self._extending: PathLine | None = None
        self._erasing: set[Hex] | None = None

    def press(self, event: ToolEvent) -> None:
        h = event.hex
        if h is None:
            return
        if event.button == Qt.MouseButton.RightButton:
            self._erasing = {h}
            self._preview()
            return
        if event.button != Qt.MouseButton.LeftButton:
            return
        self._extending = None
        for line in self.board.paths:
            if line.hexes[-1] == h:
                self._extending, self.line = line, list(line.hexes)
                break
            if line.hexes[0] == h:
                self._extending, self.line = line, list(reversed(line.hexes))
                break
        else:
            self.line = [h]
        self._preview()

    def move(self, event: ToolEvent) -> None:
        h = event.hex
        overlay = self.ctx.scene.overlay
        if h is None:
            overlay.clear(HOVER_KEY)
            return
        overlay.set_hexes(HOVER_KEY, [h], HOVER_BRUSH, HOVER_PEN)
        if self._erasing is not None:
            self._erasing.add(h)
            self._preview()
        elif self.line:
            self.extend_to(h)
            self._preview()

    def extend_to(self, h: Hex) -> None:
        """Carry the line on to ``h`` through the hexes between; back over the last hex undoes it."""
        last = self.line[-1]
        steps = hex_line(last, h)[1:] if not are_adjacent(last, h) else [h]
        for step in steps:
            if step not in self.board:
                return
            if len(self.line) >= 2 and step == self.line[-2]:
                self.line.pop()
            elif step not in self.line:
                self.line.append(step)

    def release(self, event: ToolEvent) -> None:
        self.ctx.scene.overlay.clear(PREVIEW_KEY)
        if self._erasing is not None:
            erased, self._erasing = self._erasing, None
            self.erase(erased)
            return
        line, extending = self.line, self._extending
        self.line, self._extending = [], None
        if len(line) < 2 or (extending is not None and len(line) == len(extending.hexes)):
            if len(line) == 1:
                self.ctx.message("Drag through hexes to draw a path; a path joins two hexes or more.")
            return
        self.draw(line, extending)

    def draw(self, hexes: list[Hex], replacing: PathLine | None = None) -> None:
        """Add a path through ``hexes`` (in place of ``replacing``, the path it extends)."""
        board = self.board
        others = [p for p in board.paths if p is not replacing]
        new = PathLine(tuple(hexes))
        text = (f"Extend path to {board.label(hexes[-1])}" if replacing is not None
                else f"Draw path {board.label(hexes[0])}-{board.label(hexes[-1])} ({len(hexes)} hexes)")
        self._push(lambda b: b.set_paths([*others, new]), text)

    def erase(self, hexes: set[Hex]) -> None:
        board = self.board
        kept = clip_paths(board.paths, [h for h in board.hexes() if h not in hexes])
        if kept != board.paths:
            self._push(lambda b: b.set_paths(kept), f"Erase paths from {len(hexes)} hex{'es' if len(hexes) > 1 else ''}")

    def _push(self, edit, text: str) -> None:
        diff, _ = edit_copy(self.board, edit)
        if not diff.is_empty():
            self.ctx.push(BoardDiffCommand(self.board, diff, text))

    def _preview(self) -> None:
        overlay = self.ctx.scene.overlay
        scene = self.ctx.scene
        if self._erasing is not None:
            overlay.set_hexes(PREVIEW_KEY, self._erasing, None, QPen(style.PROBLEM, 2.5))
            return
        path = QPainterPath(scene.hex_center(self.line[0]))
        for h in self.line[1:]:
            path.lineTo(scene.hex_center(h))
        overlay.set_path(PREVIEW_KEY, path, QPen(style.HIGHLIGHT, style.HEX_PX * 0.12, Qt.PenStyle.SolidLine,
                                                 Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
