"""Graphics items that draw the board. They read the board model; they hold no rules.

One item per hex draws its terrain, level and features; one layer item each
draws all hexsides, roads, slope lines and area overlays, because those cross
hex boundaries and are cheaper to paint as a few paths than as many items.
Text and small symbols are hidden when zoomed out so far that they would be noise.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style

if TYPE_CHECKING:
    from bofa_studio.ui.map_scene import MapScene

# Below this many device pixels per scene unit, labels and small icons are noise.
LABEL_MIN_LOD = 0.45
ICON_MIN_LOD = 0.2


def _lod(painter: QPainter, option: QStyleOptionGraphicsItem) -> float:
    return option.levelOfDetailFromTransform(painter.worldTransform())


def star_polygon(cx: float, cy: float, radius: float) -> QPolygonF:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.42
        angle = math.radians(-90 + 36 * i)
        points.append(QPointF(cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return QPolygonF(points)


class HexItem(QGraphicsItem):
    """One hex: terrain fill, mountain hatching, level number, features and label."""

    def __init__(self, scene: MapScene, h: Hex) -> None:
        super().__init__()
        self.map_scene = scene
        self.hex = h
        self.polygon = scene.hex_polygon(h)
        self.center = scene.hex_center(h)
        self._bounds = self.polygon.boundingRect().adjusted(-1, -1, 1, 1)
        self.setZValue(0)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.polygon)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        board = self.map_scene.board
        options = self.map_scene.display
        data = board.hex_data(self.hex)
        lod = _lod(painter, option)
        px = style.HEX_PX

        painter.setPen(QPen(style.GRID_LINE, 0.6))
        painter.setBrush(style.hex_fill(data.terrain, data.level))
        painter.drawPolygon(self.polygon)

        if data.terrain in (Terrain.MOUNTAIN, Terrain.SLOPE, Terrain.CLIFF):
            self._hatch(painter, data.terrain, data.level)
        if data.terrain == Terrain.DALE:
            self._houses(painter)
        if data.terrain == Terrain.FRONT_GATE:
            self._gate(painter)

        if lod >= ICON_MIN_LOD:
            self._features(painter, data.features)
        if options.levels and data.level > 0 and lod >= ICON_MIN_LOD:
            font = QFont()
            font.setPixelSize(int(px * 0.42))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(style.LEVEL_TEXT if data.level < 4 else QColor("#f5eddc"))
            rect = QRectF(self.center.x() - px * 0.8, self.center.y() - px * 0.55, px * 0.55, px * 0.5)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(data.level))
        if options.labels and lod >= LABEL_MIN_LOD:
            font = QFont()
            font.setPixelSize(int(px * 0.27))
            painter.setFont(font)
            painter.setPen(style.LABEL_TEXT if data.terrain != Terrain.CLIFF else QColor("#e0e0e0"))
            rect = QRectF(self.center.x() - px * 0.5, self.center.y() - px * 0.84, px, px * 0.34)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, board.label(self.hex))

    def _hatch(self, painter: QPainter, terrain: Terrain, level: int) -> None:
        """Hatching shows mountain ground at a glance; denser with height."""
        painter.save()
        clip = QPainterPath()
        clip.addPolygon(self.polygon)
        painter.setClipPath(clip)
        color = QColor(60, 40, 20, 70 if terrain != Terrain.CLIFF else 160)
        painter.setPen(QPen(color, 1.0 if terrain != Terrain.CLIFF else 1.6))
        spacing = {Terrain.SLOPE: 12.0, Terrain.CLIFF: 5.0}.get(terrain, 14.0 - 2.0 * level)
        r = style.HEX_PX
        cx, cy = self.center.x(), self.center.y()
        offset = -2 * r
        while offset <= 2 * r:
            painter.drawLine(QPointF(cx + offset - r, cy + r), QPointF(cx + offset + r, cy - r))
            offset += spacing
        painter.restore()

    def _houses(self, painter: QPainter) -> None:
        s = style.HEX_PX * 0.16
        painter.setPen(QPen(QColor("#6b4f3a"), 0.8))
        painter.setBrush(QColor("#b98c6a"))
        for dx, dy in ((-0.35, 0.25), (0.25, 0.3), (-0.05, 0.5)):
            x = self.center.x() + dx * style.HEX_PX
            y = self.center.y() + dy * style.HEX_PX
            painter.drawRect(QRectF(x - s / 2, y - s / 2, s, s))

    def _gate(self, painter: QPainter) -> None:
        r = style.HEX_PX
        path = QPainterPath()
        x, y = self.center.x(), self.center.y() + r * 0.1
        path.moveTo(x - r * 0.3, y + r * 0.4)
        path.lineTo(x - r * 0.3, y - r * 0.05)
        path.arcTo(QRectF(x - r * 0.3, y - r * 0.35, r * 0.6, r * 0.6), 180, -180)
        path.lineTo(x + r * 0.3, y + r * 0.4)
        path.closeSubpath()
        painter.setPen(QPen(QColor("#2b2b2b"), 1.5))
        painter.setBrush(QColor("#3d3d3d"))
        painter.drawPath(path)

    def _features(self, painter: QPainter, features: frozenset[HexFeature]) -> None:
        r = style.HEX_PX
        cx, cy = self.center.x(), self.center.y()
        if HexFeature.ENTRY_TRIANGLE in features:
            tri = QPolygonF([QPointF(cx + r * 0.3, cy + r * 0.12), QPointF(cx + r * 0.72, cy + r * 0.12),
                             QPointF(cx + r * 0.51, cy + r * 0.48)])
            painter.setPen(QPen(style.ENTRY_TRIANGLE_DARK, 1.2))
            painter.setBrush(style.ENTRY_TRIANGLE_FILL)
            painter.drawPolygon(tri)
        if HexFeature.ENTRY_CIRCLE in features:
            painter.setPen(QPen(style.ENTRY_CIRCLE, 2.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(cx, cy), r * 0.55, r * 0.55)
        if HexFeature.BOULDER_PILE in features:
            painter.setPen(QPen(QColor("#333333"), 0.8))
            painter.setBrush(style.BOULDER)
            for dx, dy, s in ((0.28, -0.05, 0.13), (0.45, 0.05, 0.1), (0.36, 0.18, 0.11)):
                painter.drawEllipse(QPointF(cx + dx * r, cy + dy * r), s * r, s * r)
        if HexFeature.GUARD_ROOM in features:
            rect = QRectF(cx - r * 0.2, cy - r * 0.05, r * 0.4, r * 0.45)
            painter.setPen(QPen(QColor("#f0e6d0"), 1.2))
            painter.setBrush(style.GUARD_ROOM)
            painter.drawRoundedRect(rect, 3, 3)
        if HexFeature.DESTROYED_BRIDGE in features:
            painter.setPen(QPen(style.BRIDGE, 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawLine(QPointF(cx - r * 0.55, cy + r * 0.55), QPointF(cx - r * 0.3, cy + r * 0.35))
            painter.drawLine(QPointF(cx - r * 0.22, cy + r * 0.28), QPointF(cx - r * 0.02, cy + r * 0.12))
        if HexFeature.VICTORY in features or HexFeature.DALE_STAR in features:
            big = HexFeature.DALE_STAR in features
            painter.setPen(QPen(QColor("#5a0000"), 0.8))
            painter.setBrush(style.VICTORY_STAR)
            painter.drawPolygon(star_polygon(cx, cy + (0.0 if big else -0.25 * r), r * (0.36 if big else 0.26)))


class HexsideLayer(QGraphicsItem):
    """Rivers and Front Gate walls, drawn over the hexes."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(10)
        self.rebuild()

    def rebuild(self) -> None:
        self.prepareGeometryChange()
        self.river = QPainterPath()
        self.walls = QPainterPath()
        for side, features in self.map_scene.board.featured_hexsides().items():
            a, b = self.map_scene.hexside_points(side)
            if HexsideFeature.RIVER in features:
                self.river.moveTo(a)
                self.river.lineTo(b)
            if HexsideFeature.FRONT_GATE_WALL in features:
                self.walls.moveTo(a)
                self.walls.lineTo(b)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.map_scene.display.hexsides:
            return
        cap = Qt.PenCapStyle.RoundCap
        painter.setPen(QPen(style.RIVER, style.HEX_PX * 0.2, Qt.PenStyle.SolidLine, cap))
        painter.drawPath(self.river)
        painter.setPen(QPen(style.FRONT_GATE_WALL, style.HEX_PX * 0.16, Qt.PenStyle.SolidLine, cap))
        painter.drawPath(self.walls)


class RoadLayer(QGraphicsItem):
    """Paths and roads: a dashed line between the centres of adjacent path hexes."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(5)
        self.rebuild()

    def rebuild(self) -> None:
        board = self.map_scene.board
        self.path = QPainterPath()
        path_hexes = set(board.hexes_with(HexFeature.PATH))
        for h in sorted(path_hexes):
            linked = False
            for n in board.neighbors(h):
                if n in path_hexes:
                    linked = True
                    if h < n:
                        self.path.moveTo(self.map_scene.hex_center(h))
                        self.path.lineTo(self.map_scene.hex_center(n))
            if not linked:
                c = self.map_scene.hex_center(h)
                self.path.addEllipse(c, 3, 3)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        pen = QPen(style.ROAD, style.HEX_PX * 0.09, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path)


class SlopeLineLayer(QGraphicsItem):
    """Slope lines from each boulder pile, with an arrow showing which way rocks roll."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(12)
        self.rebuild()

    def rebuild(self) -> None:
        self.lines = QPainterPath()
        self.heads = QPainterPath()
        for line in self.map_scene.board.slope_lines:
            points = [self.map_scene.hex_center(h) for h in line.hexes]
            if len(points) < 2:
                continue
            self.lines.moveTo(points[0])
            for p in points[1:]:
                self.lines.lineTo(p)
            self.heads.addPolygon(_arrow_head(points[-2], points[-1], style.HEX_PX * 0.3))
            self.heads.closeSubpath()
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.map_scene.display.slope_lines:
            return
        painter.setPen(QPen(style.SLOPE_LINE, style.HEX_PX * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.lines)
        painter.setBrush(style.SLOPE_LINE)
        painter.drawPath(self.heads)


def _arrow_head(tail: QPointF, tip: QPointF, size: float) -> QPolygonF:
    dx, dy = tip.x() - tail.x(), tip.y() - tail.y()
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    # The arrow stops short of the centre so it does not cover the hex's contents.
    end = QPointF(tip.x() - ux * size * 0.4, tip.y() - uy * size * 0.4)
    base = QPointF(end.x() - ux * size, end.y() - uy * size)
    return QPolygonF([
        end,
        QPointF(base.x() - uy * size * 0.5, base.y() + ux * size * 0.5),
        QPointF(base.x() + uy * size * 0.5, base.y() - ux * size * 0.5),
    ])


class AreaLayer(QGraphicsItem):
    """Translucent fills for named areas (setup zones, victory areas, Dale...)."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(8)

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        display = self.map_scene.display
        if not display.areas:
            return
        board = self.map_scene.board
        names = display.shown_areas if display.shown_areas is not None else sorted(board.areas)
        painter.setPen(Qt.PenStyle.NoPen)
        for i, name in enumerate(names):
            color = style.AREA_COLORS[i % len(style.AREA_COLORS)]
            painter.setBrush(QBrush(color))
            for h in board.areas.get(name, ()):
                if h in board:
                    painter.drawPolygon(self.map_scene.hex_polygon(h))



class OverlayLayer(QGraphicsItem):
    """What tools draw over the map: brush outlines, LOS shading, lines, markers.

    Named entries so each tool (or a panel) replaces and clears only its own
    drawing. Entries are drawn in the order they were first set.
    """

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(20)
        self._entries: dict[str, tuple[QPainterPath, QPen | None, QBrush | None]] = {}

    def boundingRect(self) -> QRectF:
        return self.map_scene.sceneRect()

    def set_path(self, key: str, path: QPainterPath, pen: QPen | None = None, brush: QBrush | None = None) -> None:
        self._entries[key] = (path, pen, brush)
        self.update()

    def set_hexes(self, key: str, hexes, brush: QBrush | QColor | None = None, pen: QPen | None = None) -> None:
        """Fill (and/or outline) the given hexes as one path."""
        path = QPainterPath()
        for h in hexes:
            if h in self.map_scene.board:
                path.addPolygon(self.map_scene.hex_polygon(h))
                path.closeSubpath()
        self.set_path(key, path, pen, QBrush(brush) if isinstance(brush, QColor) else brush)

    def clear(self, key: str | None = None) -> None:
        if key is None:
            self._entries.clear()
        else:
            self._entries.pop(key, None)
        self.update()

    def keys(self) -> list[str]:
        return list(self._entries)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        for path, pen, brush in self._entries.values():
            painter.setPen(pen if pen is not None else Qt.PenStyle.NoPen)
            painter.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
