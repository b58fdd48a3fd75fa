"""Counters on the map: one layer item that draws every stack from a plain mapping.

The scenario editor (placements) and play mode (the game state) both show
counters through this layer. They hand it ``{hex: [CounterOnMap, ...]}``, bottom
counter first, and ask it which counter is under the mouse; it holds no rules.
One item for all stacks keeps a full redraw of ~100 stacks cheap, and a stack's
look never depends on item z-order.

Each counter is painted once per face and zoom step into a pixmap, and the frames of a
pan or zoom copy those pixmaps: painting a counter's vector art (symbol, text, markers)
for 115 counters every frame cost more than a 60 fps frame allows. Zoom steps are a
quarter octave apart, so a pixmap is scaled by at most 9% until the next step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style
from bofa_studio.ui.map.counter_art import STACK_OFFSET, CounterFace, paint_counter, paint_stack_count
from bofa_studio.ui.map.scene import MapScene

# A counter covers most of a flat hex's inner height, as on the printed board.
COUNTER_SIZE = style.HEX_PX * 1.05
# Markers and the selection edge stand out of the counter's square by up to this much of it.
IMAGE_MARGIN = 0.25
MAX_CACHED = 3000  # faces x zoom steps; far more than a game shows


def size_step(pixels: float) -> int:
    """The cached image size for a counter drawn ``pixels`` wide: quarter-octave steps."""
    return max(4, int(round(2 ** (round(math.log2(max(pixels, 1.0)) * 4) / 4))))


@dataclass(frozen=True, slots=True)
class CounterOnMap:
    """One counter as the layer shows it: an id for hit-testing, and its face."""

    id: str
    face: CounterFace


class CounterLayer(QGraphicsItem):
    """Draws stacks; ``counter_at`` maps a scene point back to the counter drawn there."""

    def __init__(self, scene: MapScene, size: float = COUNTER_SIZE) -> None:
        super().__init__()
        self.map_scene = scene
        self.size = size  # of a counter's square, in scene units
        self.stacks: dict[Hex, list[CounterOnMap]] = {}
        self.selected: set[str] = set()
        self.cache_images = True
        self._images: dict[tuple[CounterFace, bool, int], QPixmap] = {}
        self.setZValue(30)
        scene.addItem(self)

    def boundingRect(self) -> QRectF:
        margin = self.size
        return self.map_scene.board_rect().adjusted(-margin, -margin, margin, margin)

    def set_stacks(self, stacks: dict[Hex, list[CounterOnMap]]) -> None:
        self.stacks = {h: list(s) for h, s in stacks.items() if s}
        self.update()

    def set_selected(self, ids: set[str]) -> None:
        self.selected = set(ids)
        self.update()

    def counter_rects(self, h: Hex) -> list[QRectF]:
        """Where each counter of the stack in ``h`` is drawn, bottom first."""
        center = self.map_scene.hex_center(h)
        n = len(self.stacks.get(h, ()))
        rects = []
        size = self.size
        for i in range(n):
            shift = (i - (n - 1) / 2) * STACK_OFFSET * size
            rects.append(QRectF(center.x() - size / 2 + shift, center.y() - size / 2 - shift, size, size))
        return rects

    def counter_at(self, pos: QPointF) -> tuple[Hex, str] | None:
        """The topmost counter drawn under ``pos``, as (hex, counter id)."""
        near = self.map_scene.hex_at(pos)
        candidates = [near] if near is not None else []
        if near is not None:
            # Offset stacks overhang their hex a little; look at the neighbours too.
            candidates += [n for n in near.neighbors() if n in self.stacks]
        for h in candidates:
            stack = self.stacks.get(h, [])
            for rect, counter in reversed(list(zip(self.counter_rects(h), stack, strict=True))):
                if rect.contains(pos):
                    return h, counter.id
        return None

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        for h, stack in self.stacks.items():
            rects = self.counter_rects(h)
            if not any(r.intersects(exposed) for r in rects):
                continue
            for rect, counter in zip(rects, stack, strict=True):
                selected = counter.id in self.selected
                if self.cache_images:
                    self._draw_image(painter, rect, counter.face, selected)
                else:
                    paint_counter(painter, rect, counter.face, selected=selected)
            if len(stack) > 1:
                paint_stack_count(painter, rects[-1], len(stack))

    def _draw_image(self, painter: QPainter, rect: QRectF, face: CounterFace, selected: bool) -> None:
        transform = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        px = size_step(rect.width() * math.hypot(transform.m11(), transform.m12()) * ratio)
        key = (face, selected, px)
        image = self._images.get(key)
        if image is None:
            if len(self._images) > MAX_CACHED:
                self._images.clear()
            image = self._images[key] = counter_image(face, selected, px)
        m = IMAGE_MARGIN * rect.width()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(rect.adjusted(-m, -m, m, m), image, QRectF(image.rect()))
        painter.restore()


def counter_image(face: CounterFace, selected: bool, px: int) -> QPixmap:
    """One counter painted ``px`` pixels wide, with room around it for its markers."""
    margin = IMAGE_MARGIN * px
    side = int(math.ceil(px + 2 * margin))
    image = QPixmap(side, side)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint_counter(painter, QRectF(margin, margin, px, px), face, selected=selected)
    painter.end()
    return image
