"""Tracing a printed map: load a scan under the hexes and calibrate it on known hexes.

The scan lies on the map through an affine transform (``board.background``).
Calibrating is dragging: press on a hex centre printed on the scan and release
on the hex of the map it is (or type its label and click it on the scan). One
point moves the scan, two also turn and scale it, three also take out a skew;
a fourth starts over from the oldest. Each calibration, load, opacity change
and removal is one undo step, so a bad click is one Ctrl+Z.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImageReader, QPainterPath, QPen, QUndoCommand

from bofa_studio.board.background import Background, CalibrationError, Point, apply, calibrate, fit_image
from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import ToolEvent
from bofa_studio.ui.map_editor.tools import PREVIEW_KEY, Tool

OPACITY_EDIT_ID = 7010
MAX_POINTS = 3
# A press and release closer than this (in hex radii) is a click, not a drag.
CLICK_REACH = 0.25

SCAN_FILTER = "Scans (*.png *.jpg *.jpeg);;All files (*)"


class BackgroundCommand(QUndoCommand):
    """Set, change or remove (``None``) the map's background scan."""

    def __init__(self, board: Board, after: Background | None, text: str, merge: bool = False) -> None:
        super().__init__(text)
        self.board, self.before, self.after, self.merge = board, board.background, after, merge

    def id(self) -> int:
        return OPACITY_EDIT_ID if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, BackgroundCommand) or not other.merge or other.board is not self.board:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        self.board.set_background(self.after)

    def undo(self) -> None:
        self.board.set_background(self.before)


def scan_problem(path: Path) -> str | None:
    """Why a file cannot be a scan, in words; None when it can."""
    if not path.is_file():
        return f"{path}: file not found"
    reader = QImageReader(str(path))
    if not reader.canRead():
        return f"{path}: not an image BoFA Studio can read (use PNG or JPEG)"
    return None


class CalibrateTool(Tool):
    """Line the scan up with the hexes: drag a printed hex centre onto its hex."""

    name = "Calibrate scan"
    key = "calibrate"
    shortcut = "K"
    hint = (
        "Calibrate scan: press on a hex centre printed on the scan and release on that hex of the map "
        "(or type its label below and click it on the scan; once the scan is nearly in place, just click "
        "the printed centre). Two points fix scale and rotation; three also fix a skew."
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.points: list[tuple[Hex, Point]] = []  # (map hex, image pixel), oldest first
        self.label = ""  # a typed hex label: a click then means "this is its centre"
        self.locked = False
        self._pressed: tuple[QPointF, Point] | None = None

    @property
    def background(self) -> Background | None:
        return self.board.background

    def activate(self) -> None:
        super().activate()
        if self.background is None:
            self.ctx.message("Calibrate scan: load a scan first (File > Load background scan...).")
        self.show_points()

    def press(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        if self.background is None:
            self.ctx.message("There is no scan to calibrate: File > Load background scan... first.")
            return
        if self.locked:
            self.ctx.message("The scan is locked: untick Lock to calibrate it again.")
            return
        self._pressed = (event.pos, self.background.to_image(_map_units(event.pos)))

    def move(self, event: ToolEvent) -> None:
        if self._pressed is None:
            return
        path = QPainterPath(self._pressed[0])
        target = self.ctx.scene.hex_center(event.hex) if event.hex is not None else event.pos
        path.lineTo(target)
        self.ctx.scene.overlay.set_path(PREVIEW_KEY, path, QPen(style.HIGHLIGHT, style.HEX_PX * 0.08, Qt.PenStyle.DashLine))

    def release(self, event: ToolEvent) -> None:
        if self._pressed is None:
            return
        start, image_point = self._pressed
        self._pressed = None
        self.ctx.scene.overlay.clear(PREVIEW_KEY)
        dragged = math.dist((start.x(), start.y()), (event.pos.x(), event.pos.y())) > CLICK_REACH * style.HEX_PX
        if dragged:
            target = event.hex
            if target is None:
                self.ctx.message("Release on a hex of the map: the scan's point goes to that hex's centre.")
                return
        else:
            # A click: the typed hex, or (once the scan is nearly in place) the hex clicked.
            target = self._typed_hex() if self.label.strip() else event.hex
            if target is None:
                return
        self.add_point(target, image_point)

    def _typed_hex(self) -> Hex | None:
        try:
            return self.board.hex_at(self.label.strip())
        except ValueError as exc:
            self.ctx.message(f"Cannot calibrate on {self.label.strip()!r}: {exc}.")
            return None

    def add_point(self, h: Hex, image_point: Point) -> bool:
        """Say that the scan's pixel ``image_point`` is the centre of hex ``h``, and re-fit."""
        points = [(p, q) for p, q in self.points if p != h] + [(h, image_point)]
        points = points[-MAX_POINTS:]
        transform = self._fit(points)
        if transform is None:
            return False
        self.points = points
        labels = ", ".join(self.board.label(p) for p, _ in points)
        self.ctx.push(BackgroundCommand(self.board, replace(self.background, transform=transform),
                                        f"Calibrate scan on {labels}"))
        more = {1: "drag a second hex far from the first to fix scale and rotation",
                2: "a third hex, off the line of the first two, also takes out a skew",
                3: "the scan is calibrated; a fourth point replaces the oldest"}[len(points)]
        self.ctx.message(f"Scan calibrated on {labels}: {more}.")
        self.show_points()
        return True

    def _fit(self, points: list[tuple[Hex, Point]]):
        grid = self.board.grid
        pairs = [(image, grid.center(h)) for h, image in points]
        if len(pairs) == 1:
            # One point only moves the scan: keep its scale and rotation.
            (image, target), t = pairs[0], self.background.transform
            now = apply(t, image)
            return (t[0], t[1], t[2] + target[0] - now[0], t[3], t[4], t[5] + target[1] - now[1])
        try:
            return calibrate(pairs)
        except CalibrationError as exc:
            self.ctx.message(f"Cannot calibrate: {exc}.")
            return None

    def forget_points(self) -> None:
        self.points = []
        self.show_points()

    def show_points(self) -> None:
        overlay = self.ctx.scene.overlay
        overlay.set_hexes("tool.calibrate", [h for h, _ in self.points if h in self.board], None,
                          QPen(style.HIGHLIGHT, style.HEX_PX * 0.1))


def _map_units(pos: QPointF) -> Point:
    return (pos.x() / style.HEX_PX, pos.y() / style.HEX_PX)


def load_scan(board: Board, path: Path) -> BackgroundCommand | str:
    """The command that puts the scan at ``path`` under the map, or why it cannot, in words.

    A first scan is laid over the whole map; a replacement keeps the calibration
    (a better scan of the same sheet usually lines up the same way).
    """
    problem = scan_problem(path)
    if problem:
        return problem
    size = QImageReader(str(path)).size()
    old = board.background
    if old is not None:
        return BackgroundCommand(board, replace(old, image=path.resolve()), f"Replace scan with {path.name}")
    transform = fit_image((size.width(), size.height()), board.grid.bounds())
    return BackgroundCommand(board, Background(path.resolve(), transform), f"Load scan {path.name}")
