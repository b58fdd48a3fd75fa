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
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style
from bofa_studio.ui.map.counter_art import STACK_OFFSET, CounterFace, paint_counter, paint_stack_count
from bofa_studio.ui.map.scene import MapScene

# A counter covers most of a flat hex's inner height, as on the printed board.
COUNTER_SIZE = style.HEX_PX * 1.05
# Markers and the stack count stand out of the counter's square by up to this much of it.
IMAGE_MARGIN = 0.3
SELECTED_EDGE = QColor("#ff9800")
MAX_CACHED = 3000  # faces x zoom steps; far more than a game shows
_IMAGES: dict[tuple[object, int, float], QPixmap] = {}  # every layer's (see CounterLayer.__init__)


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
        self.on_top: Hex | None = None  # the stack drawn last, over its neighbours' corners
        self.cache_images = True  # False paints the vector art every frame (the bench's baseline)
        # Images by (face, size step) and stack-count discs by (count, size step). A face is
        # a frozen value with its hits, reduced side and dimming in it, so a changed counter
        # finds (or paints) its new image and never shows a stale one. An image depends on
        # nothing else, so every layer shares them: a new game, a reopened save or a second
        # window shows the counters the first one painted.
        self._images = _IMAGES
        self._rects: dict[Hex, list[QRectF]] = {}
        self._bounds: dict[Hex, QRectF] = {}
        self.setZValue(30)
        # Qt hands paint() the exposed rectangle only with this flag (else the whole map's),
        # so a view zoomed in on a corner copies the counters it shows, not all of them.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        scene.addItem(self)

    def boundingRect(self) -> QRectF:
        margin = self.size
        return self.map_scene.board_rect().adjusted(-margin, -margin, margin, margin)

    def set_stacks(self, stacks: dict[Hex, list[CounterOnMap]]) -> None:
        self.stacks = {h: list(s) for h, s in stacks.items() if s}
        self._rects.clear()
        self._bounds.clear()
        self.update()

    def raise_stack(self, h: Hex | None) -> None:
        if h != self.on_top:
            self.on_top = h
            self.update()

    def _in_drawing_order(self) -> list[Hex]:
        order = [h for h in self.stacks if h != self.on_top]
        if self.on_top in self.stacks:
            order.append(self.on_top)
        return order

    def set_selected(self, ids: set[str]) -> None:
        self.selected = set(ids)
        self.update()

    def counter_rects(self, h: Hex) -> list[QRectF]:
        """Where each counter of the stack in ``h`` is drawn, bottom first."""
        return [QRectF(r) for r in self._placed(h)]

    def _placed(self, h: Hex) -> list[QRectF]:
        rects = self._rects.get(h)
        if rects is None:
            rects = self._rects[h] = self._place(h)
        return rects

    def _place(self, h: Hex) -> list[QRectF]:
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
        if self.on_top in self.stacks and self.on_top != near:
            candidates.insert(0, self.on_top)  # drawn over its neighbours' corners
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
        if not self.cache_images:
            self._paint_vector_art(painter, exposed)
            return
        # One image size for the whole frame: every counter has the same size and transform.
        transform = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        device_px = self.size * math.hypot(transform.m11(), transform.m12()) * ratio
        # A still or panning view copies images painted at its exact size, pixel for pixel (a
        # scaled, filtered copy cost twice as much); a zooming one scales the nearest
        # quarter-octave image rather than paint a new image for every counter in every frame.
        exact = not self.map_scene.draft and transform.m12() == 0 and transform.m21() == 0
        px = max(4, round(device_px)) if exact else size_step(device_px)
        shown = [(h, self._placed(h), self.stacks[h]) for h in self._in_drawing_order()]
        shown = [(h, rects, stack) for h, rects, stack in shown if self._stack_bounds(h, rects).intersects(exposed)]
        painter.save()
        if exact:
            margin = image_margin(px) / ratio
            painter.resetTransform()

            def copy(rect: QRectF, image: QPixmap) -> None:
                painter.drawPixmap(self._device_corner(transform, rect, ratio, margin), image)
        else:
            # Unfiltered (a quarter-octave image is scaled by 9% at most): filtered scaling of the
            # board image and 130 counters cost a third of a zoom frame, and the camera settles in
            # full detail, pixel for pixel, 0.14 s after the last step.
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            m = self.size * image_margin(px) / px
            ratio = 1.0

            def copy(rect: QRectF, image: QPixmap) -> None:
                painter.drawPixmap(rect.adjusted(-m, -m, m, m), image, QRectF(image.rect()))
        for _h, rects, stack in shown:
            for rect, counter in zip(rects, stack, strict=True):
                copy(rect, self._image(counter.face, px, ratio))
                if counter.id in self.selected:  # its edge under the counters above it
                    painter.save()
                    painter.setWorldTransform(transform)
                    paint_selection(painter, rect)
                    painter.restore()
            if len(stack) > 1:
                copy(rects[-1], self._count_image(len(stack), px, ratio))
        painter.restore()

    @staticmethod
    def _device_corner(transform: QTransform, rect: QRectF, ratio: float, margin: float) -> QPointF:
        """Where an exact-size image of the counter in ``rect`` goes, on whole device pixels."""
        p = transform.map(rect.topLeft())
        return QPointF(round(p.x() * ratio) / ratio - margin, round(p.y() * ratio) / ratio - margin)

    def _paint_vector_art(self, painter: QPainter, exposed: QRectF) -> None:
        """Every counter painted from its vector art (the bench's baseline)."""
        for h in self._in_drawing_order():
            stack = self.stacks[h]
            rects = self.counter_rects(h)
            if not self._stack_bounds(h, rects).intersects(exposed):
                continue
            for rect, counter in zip(rects, stack, strict=True):
                paint_counter(painter, rect, counter.face, selected=counter.id in self.selected)
            if len(stack) > 1:
                paint_stack_count(painter, rects[-1], len(stack))

    def _stack_bounds(self, h: Hex, rects: list[QRectF]) -> QRectF:
        bounds = self._bounds.get(h)
        if bounds is None:
            m = IMAGE_MARGIN * self.size
            bounds = self._bounds[h] = rects[0].united(rects[-1]).adjusted(-m, -m, m, m)
        return bounds

    def _image(self, face: CounterFace, px: int, ratio: float) -> QPixmap:
        key = (face, px, ratio)
        image = self._images.get(key)
        if image is None:
            if len(self._images) > MAX_CACHED:
                self._images.clear()
            image = self._images[key] = counter_image(lambda p, r: paint_counter(p, r, face), px, ratio)
        return image

    def _count_image(self, count: int, px: int, ratio: float) -> QPixmap:
        key = (count, px, ratio)
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = counter_image(lambda p, r: paint_stack_count(p, r, count), px, ratio)
        return image


def paint_selection(painter: QPainter, rect: QRectF) -> None:
    """The selection edge, drawn over a counter's cached image (so selecting paints no new image)."""
    s = rect.width()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(SELECTED_EDGE, s * 0.08))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect, s * 0.08, s * 0.08)


def image_margin(px: int) -> int:
    """Whole pixels around a counter ``px`` wide in its image, for what stands out of its square."""
    return int(math.ceil(IMAGE_MARGIN * px))


def counter_image(draw: Callable[[QPainter, QRectF], None], px: int, ratio: float = 1.0) -> QPixmap:
    """``draw`` (a counter, or a stack's count disc) for a counter ``px`` device pixels wide, with
    room around it for what stands out of its square (markers, the count disc). ``ratio`` is the
    screen's device pixel ratio, so the image is copied to the screen pixel for pixel."""
    margin = image_margin(px)
    side = px + 2 * margin
    image = QPixmap(side, side)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    draw(painter, QRectF(margin, margin, px, px))
    painter.end()
    image.setDevicePixelRatio(ratio)
    return image
