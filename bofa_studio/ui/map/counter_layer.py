"""Counters on the map: one layer item that draws every stack from a plain mapping.

The scenario editor (placements) and play mode (the game state) both show
counters through this layer. They hand it ``{hex: [CounterOnMap, ...]}``, bottom
counter first, and ask it which counter is under the mouse; it holds no rules.
One item for all stacks keeps a full redraw of ~100 stacks cheap, and a stack's
look never depends on item z-order.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style
from bofa_studio.ui.map.counter_art import STACK_OFFSET, CounterFace, paint_counter, paint_stack_count
from bofa_studio.ui.map.scene import MapScene

# A counter covers most of a flat hex's inner height, as on the printed board.
COUNTER_SIZE = style.HEX_PX * 1.05


@dataclass(frozen=True, slots=True)
class CounterOnMap:
    """One counter as the layer shows it: an id for hit-testing, and its face."""

    id: str
    face: CounterFace


class CounterLayer(QGraphicsItem):
    """Draws stacks; ``counter_at`` maps a scene point back to the counter drawn there."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.stacks: dict[Hex, list[CounterOnMap]] = {}
        self.selected: set[str] = set()
        self.setZValue(30)
        scene.addItem(self)

    def boundingRect(self) -> QRectF:
        margin = COUNTER_SIZE
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
        for i in range(n):
            shift = (i - (n - 1) / 2) * STACK_OFFSET * COUNTER_SIZE
            rects.append(
                QRectF(
                    center.x() - COUNTER_SIZE / 2 + shift,
                    center.y() - COUNTER_SIZE / 2 - shift,
                    COUNTER_SIZE,
                    COUNTER_SIZE,
                )
            )
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
                paint_counter(painter, rect, counter.face, selected=counter.id in self.selected)
            if len(stack) > 1:
                paint_stack_count(painter, rects[-1], len(stack))
