"""What draws the board. It reads the board model; it holds no rules.

The hexes (terrain, level, features, labels) are the scene's background: one
``HexItem`` per hex knows how to paint itself, and ``MapScene.drawBackground``
paints those under the exposed rectangle. The view caches the background in a
pixmap, so a frame repaints only what the model or the camera changed (see
``map_view``). One layer item each draws all hexsides, roads, slope lines and
area overlays, because those cross hex boundaries and are cheaper to paint as a
few paths than as many items.
Text and small symbols are hidden when zoomed out so far that they would be noise.
"""

from __future__ import annotations

import math
import re
import zlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import Hex
from bofa_studio.ui import style

if TYPE_CHECKING:
    from bofa_studio.ui.map.scene import MapScene

# Below this many device pixels per scene unit, a label on every hex crowds the level
# numbers: labels thin out to every 2nd, 4th... column and row, so some stay readable.
LABEL_EVERY_LOD = 0.6
ICON_MIN_LOD = 0.15
HATCH_MIN_LOD = 0.25
# Text never gets smaller than this on screen; it grows within the hex instead.
LABEL_MIN_PX = 8.5
LEVEL_MIN_PX = 11.0

_GRID_PEN = QPen(style.GRID_LINE, 0)  # cosmetic: one device pixel at every zoom, and fast
_fonts: dict[tuple[int, bool], QFont] = {}
_hatches: dict[tuple[Terrain, int], QBrush] = {}


def _font(pixel_size: float, bold: bool = False) -> QFont:
    key = (max(1, round(pixel_size)), bold)
    font = _fonts.get(key)
    if font is None:
        font = QFont()
        font.setPixelSize(key[0])
        font.setBold(bold)
        _fonts[key] = font
    return font


def _hatch_brush(terrain: Terrain, level: int) -> QBrush:
    """Diagonal hatching as a texture in scene units: mountain ground, denser with height."""
    key = (terrain, level)
    brush = _hatches.get(key)
    if brush is None:
        spacing = {Terrain.SLOPE: 12.0, Terrain.CLIFF: 5.0}.get(terrain, 14.0 - 2.0 * max(1, min(4, level)))
        oversample = 4  # the tile is drawn finer than scene units so it stays sharp when zoomed
        size = round(spacing * oversample)
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Faint enough that labels and level numbers stay readable on top of it.
        color = QColor(60, 40, 20, 55 if terrain != Terrain.CLIFF else 170)
        p.setPen(QPen(color, oversample * (1.0 if terrain != Terrain.CLIFF else 1.6)))
        for shift in (-size, 0, size):  # the line and its wrap-arounds tile seamlessly
            p.drawLine(QPointF(shift, size), QPointF(shift + size, 0))
        p.end()
        brush = QBrush(image)
        brush.setTransform(QTransform.fromScale(1 / oversample, 1 / oversample))
        _hatches[key] = brush
    return brush


def _lod(painter: QPainter, option: QStyleOptionGraphicsItem) -> float:
    return option.levelOfDetailFromTransform(painter.worldTransform())


def label_step(lod: float) -> int:
    """Label every Nth column and row: N doubles each time the zoom halves below LABEL_EVERY_LOD."""
    step = 1
    while lod * step < LABEL_EVERY_LOD and step < 64:
        step *= 2
    return step


# Entry groups look alike as plain triangles: each group gets a colour and its initials.
ENTRY_GROUP_COLOURS = ["#f4f0e0", "#f6c945", "#8fd0f0", "#f29c9c", "#a8e08a", "#d6a8f0", "#f0b070", "#9fe6d8"]


def entry_group_colour(group: str | None) -> QColor:
    if not group:
        return QColor(ENTRY_GROUP_COLOURS[0])
    return QColor(ENTRY_GROUP_COLOURS[1 + zlib.crc32(group.encode()) % (len(ENTRY_GROUP_COLOURS) - 1)])


def entry_group_initials(group: str | None) -> str:
    """"south_west" -> "SW", "third_attack" -> "TA", "eagles" -> "E"."""
    if not group:
        return ""
    return "".join(w[0] for w in re.split(r"[_.\s-]+", group) if w)[:3].upper()


def star_polygon(cx: float, cy: float, radius: float) -> QPolygonF:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.42
        angle = math.radians(-90 + 36 * i)
        points.append(QPointF(cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return QPolygonF(points)


class HexItem:
    """One hex: terrain fill, mountain hatching, level number, features and label.

    Not a QGraphicsItem: 768 items cost more to walk, sort and set up than to
    paint, so the scene paints every hex as its background and the view caches
    that (``MapScene.drawBackground``). A change to a hex invalidates its
    ``boundingRect`` in that cache; everything it draws stays inside it.
    """

    def __init__(self, scene: MapScene, h: Hex) -> None:
        self.map_scene = scene
        self.hex = h
        self.polygon, self.center, self._bounds = scene.hex_geometry(h)

    def boundingRect(self) -> QRectF:
        return QRectF(self._bounds)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.polygon)
        return path

    def update(self) -> None:
        """Repaint this hex (the scene's background cache drops its rectangle)."""
        self.map_scene.invalidate_hexes([self.hex])

    def paint(self, painter: QPainter, lod: float) -> None:
        """Paint the hex; ``lod`` is device pixels per scene unit (the painter's scale)."""
        board = self.map_scene.board
        options = self.map_scene.display
        data = board.hex_data(self.hex)
        px = style.HEX_PX

        painter.setPen(_GRID_PEN)
        painter.setBrush(style.hex_fill(data.terrain, data.level))
        painter.drawPolygon(self.polygon)
        if self.map_scene.draft:
            # While the camera moves, colours (terrain and level shading) are enough;
            # the view repaints in full detail as soon as it stops.
            return

        if data.terrain in (Terrain.MOUNTAIN, Terrain.SLOPE, Terrain.CLIFF) and lod >= HATCH_MIN_LOD:
            # One textured fill instead of a clip and a dozen lines: 4x faster.
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(_hatch_brush(data.terrain, data.level))
            painter.drawPolygon(self.polygon)
        if data.terrain == Terrain.DALE:
            self._houses(painter)
        if data.terrain == Terrain.FRONT_GATE:
            self._gate(painter)

        if lod >= ICON_MIN_LOD:
            self._features(painter, data.features, lod)
        cx, cy = self.center.x(), self.center.y()
        if options.levels and data.level > 0 and lod >= ICON_MIN_LOD:
            # At least LEVEL_MIN_PX on screen however far out: levels matter for LOS.
            size = min(px * 0.62, max(px * 0.42, LEVEL_MIN_PX / lod))
            painter.setFont(_font(size, bold=True))
            painter.setPen(style.LEVEL_TEXT if data.level < 4 else style.LEVEL_TEXT_ON_DARK)
            rect = QRectF(cx - px * 0.92, cy - size * 0.55, px * 0.62, size * 1.1)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(data.level))
        if options.labels and self._labelled_at(lod):
            size = min(px * 0.4, max(px * 0.27, LABEL_MIN_PX / lod))
            painter.setFont(_font(size))
            dark = data.terrain == Terrain.CLIFF or (data.terrain == Terrain.MOUNTAIN and data.level >= 4)
            painter.setPen(style.LABEL_TEXT_ON_DARK if dark else style.LABEL_TEXT)
            rect = QRectF(cx - px * 0.6, cy - px * 0.86, px * 1.2, size * 1.15)
            painter.drawText(rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, board.label(self.hex))

    def _labelled_at(self, lod: float) -> bool:
        """Whether this hex shows its label at this zoom: all hexes close up, every Nth far out."""
        if lod >= LABEL_EVERY_LOD:
            return True
        step = label_step(lod)
        col, row = self.map_scene.board.grid.to_offset(self.hex)
        return col % step == 0 and row % step == 0

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

    def _features(self, painter: QPainter, features: frozenset[HexFeature], lod: float) -> None:
        """Feature symbols, each in its own spot so several can share a hex.

        Sizes have a floor in screen pixels (``k``), so symbols stay legible when
        the whole map is in view.
        """
        r = style.HEX_PX
        cx, cy = self.center.x(), self.center.y()
        k = max(1.0, 0.5 / lod)  # >1 when zoomed out below half size
        if HexFeature.ENTRY_TRIANGLE in features:
            group = self.map_scene.board.entry_group(self.hex)
            s = r * 0.24 * min(k, 1.5)
            x, y = cx + r * 0.5, cy + r * 0.32
            tri = QPolygonF([QPointF(x - s, y - s * 0.6), QPointF(x + s, y - s * 0.6), QPointF(x, y + s * 0.95)])
            painter.setPen(QPen(style.ENTRY_TRIANGLE_DARK, 1.4 * k))
            painter.setBrush(entry_group_colour(group))
            painter.drawPolygon(tri)
            initials = entry_group_initials(group)
            if initials and lod >= LABEL_EVERY_LOD:
                painter.setFont(_font(r * 0.26, bold=True))
                # Left of the triangle, inside the hex (below it would cross the hex's edge).
                painter.drawText(QRectF(x - s - r * 0.5, y - s * 0.6, r * 0.46, s * 1.5),
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, initials)
        if HexFeature.ENTRY_CIRCLE in features:
            painter.setPen(QPen(style.ENTRY_CIRCLE, 2.5 * k))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(cx, cy), r * 0.6, r * 0.6)
        if HexFeature.BOULDER_PILE in features:
            painter.setPen(QPen(QColor("#1e1e1e"), 1.0 * k))
            painter.setBrush(style.BOULDER)
            m = min(k, 1.6)
            for dx, dy, s in ((0.3, -0.12, 0.15), (0.52, -0.02, 0.12), (0.38, 0.12, 0.13)):
                painter.drawEllipse(QPointF(cx + dx * r, cy + dy * r), s * r * m, s * r * m)
        if HexFeature.GUARD_ROOM in features:
            rect = QRectF(cx - r * 0.24, cy + r * 0.02, r * 0.48, r * 0.46)
            painter.setPen(QPen(QColor("#f0e6d0"), 1.4 * k))
            painter.setBrush(style.GUARD_ROOM)
            painter.drawRoundedRect(rect, 3, 3)
        if HexFeature.DESTROYED_BRIDGE in features:
            painter.setPen(QPen(style.BRIDGE, 4.0 * min(k, 1.5), Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawLine(QPointF(cx - r * 0.6, cy + r * 0.58), QPointF(cx - r * 0.32, cy + r * 0.36))
            painter.drawLine(QPointF(cx - r * 0.22, cy + r * 0.28), QPointF(cx + r * 0.02, cy + r * 0.1))
        if HexFeature.VICTORY in features or HexFeature.DALE_STAR in features:
            big = HexFeature.DALE_STAR in features
            painter.setPen(QPen(QColor("#4a0000"), 1.0 * k))
            painter.setBrush(style.VICTORY_STAR)
            size = r * (0.42 if big else 0.3) * min(k, 1.5)
            painter.drawPolygon(star_polygon(cx, cy + (0.0 if big else -0.22 * r), size))


def _exposed(item: QGraphicsItem, option: QStyleOptionGraphicsItem) -> QRectF:
    """What of ``item`` to paint: Qt's exposed rectangle, or all of it where none is given."""
    rect = option.exposedRect
    return item.boundingRect() if rect.isNull() else rect


def _screen_width(painter: QPainter, option: QStyleOptionGraphicsItem, width: float, min_px: float) -> float:
    """A pen width in scene units that is never thinner than ``min_px`` on screen."""
    lod = _lod(painter, option) or 1.0
    return max(width, min_px / lod)


class HexsideLayer(QGraphicsItem):
    """Rivers and Front Gate walls, drawn over the hexes."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(10)
        self.rebuild()

    def rebuild(self) -> None:
        self.prepareGeometryChange()
        # One segment per hexside, with its bounds: a repaint of a strip of the map (a pan
        # of the play map, whose background holds these lines) strokes only its own.
        self.river: list[tuple[QRectF, QLineF]] = []
        self.walls: list[tuple[QRectF, QLineF]] = []
        self.gates: list[tuple[QRectF, QLineF]] = []
        pad = style.HEX_PX * 0.2
        for side, features in self.map_scene.board.featured_hexsides().items():
            a, b = self.map_scene.hexside_points(side)
            piece = (QRectF(a, b).normalized().adjusted(-pad, -pad, pad, pad), QLineF(a, b))
            if HexsideFeature.RIVER in features:
                self.river.append(piece)
            if HexsideFeature.FRONT_GATE_WALL in features:
                self.walls.append(piece)
            if features & {HexsideFeature.LIGHT_GATE, HexsideFeature.BIG_GATE}:
                self.gates.append(piece)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.map_scene.display.hexsides:
            return
        cap = Qt.PenCapStyle.RoundCap
        exposed = _exposed(self, option)

        def draw(pieces: list[tuple[QRectF, QLineF]]) -> None:
            lines = [line for bounds, line in pieces if bounds.intersects(exposed)]
            if lines:
                painter.drawLines(lines)

        width = _screen_width(painter, option, style.HEX_PX * 0.2, 3.5)
        painter.setPen(QPen(style.RIVER, width, Qt.PenStyle.SolidLine, cap, Qt.PenJoinStyle.RoundJoin))
        draw(self.river)
        width = _screen_width(painter, option, style.HEX_PX * 0.18, 3.5)
        painter.setPen(QPen(style.FRONT_GATE_WALL, width, Qt.PenStyle.SolidLine, cap))
        draw(self.walls)
        painter.setPen(QPen(style.GATE, width, Qt.PenStyle.DashLine, cap))
        draw(self.gates)


class RoadLayer(QGraphicsItem):
    """Paths and roads: a dashed line through the centres of each drawn path's hexes.

    A path hex on no drawn line (a one-hex path) is a dot.
    """

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(5)
        self.rebuild()

    def rebuild(self) -> None:
        board = self.map_scene.board
        self.path = QPainterPath()
        # The same lines one segment at a time, each with the length of line before it, so a
        # repaint of a strip of the map (a pan) dashes only the segments in it, continuing
        # each line's dashes: dashing all the map's roads for every strip took 3-4 ms.
        self.pieces: list[tuple[QRectF, QPainterPath, float]] = []

        def segment(a: QPointF, b: QPointF, before: float) -> float:
            piece = QPainterPath(a)
            piece.lineTo(b)
            pad = style.HEX_PX * 0.2
            self.pieces.append((piece.boundingRect().adjusted(-pad, -pad, pad, pad), piece, before))
            return before + math.hypot(b.x() - a.x(), b.y() - a.y())

        def dot(h: Hex) -> None:
            self.path.addEllipse(self.map_scene.hex_center(h), 3, 3)
            piece = QPainterPath()
            piece.addEllipse(self.map_scene.hex_center(h), 3, 3)
            self.pieces.append((piece.boundingRect().adjusted(-4, -4, 4, 4), piece, 0.0))

        on_lines = set()
        for line in board.paths:
            on_lines.update(line.hexes)
            points = [self.map_scene.hex_center(h) for h in line.hexes]
            self.path.moveTo(points[0])
            length = 0.0
            for a, b in zip(points, points[1:], strict=False):
                self.path.lineTo(b)
                length = segment(a, b, length)
        for h in board.hexes_with(HexFeature.PATH):
            if h not in on_lines:
                dot(h)
        # Roads (Helm's Deep) join every neighbouring road hex; a space's link to the board
        # is no road drawn across the map.
        roads = set(board.hexes_with(HexFeature.ROAD))
        for h in sorted(roads):
            linked = False
            for n in board.neighbors(h):
                if n in roads and board.is_space(n) == board.is_space(h):
                    linked = True
                    if h < n:
                        a, b = self.map_scene.hex_center(h), self.map_scene.hex_center(n)
                        self.path.moveTo(a)
                        self.path.lineTo(b)
                        segment(a, b, 0.0)
            if not linked:
                dot(h)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        width = _screen_width(painter, option, style.HEX_PX * 0.09, 2.0)
        pen = QPen(style.ROAD, width, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        exposed = _exposed(self, option)
        for bounds, piece, before in self.pieces:
            if bounds.intersects(exposed):
                pen.setDashOffset(before / width)  # dash lengths are in pen widths
                painter.setPen(pen)
                painter.drawPath(piece)


class SlopeLineLayer(QGraphicsItem):
    """Slope lines from each boulder pile, with an arrow showing which way rocks roll."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(12)
        self.rebuild()

    def rebuild(self) -> None:
        # Each line's segments and arrow head with their bounds, as the hexside layer's.
        self.lines: list[tuple[QRectF, QLineF]] = []
        self.heads: list[tuple[QRectF, QPolygonF]] = []
        pad = style.HEX_PX * 0.2
        for line in self.map_scene.board.slope_lines:
            points = [self.map_scene.hex_center(h) for h in line.hexes]
            if len(points) < 2:
                continue
            for a, b in zip(points, points[1:], strict=False):
                self.lines.append((QRectF(a, b).normalized().adjusted(-pad, -pad, pad, pad), QLineF(a, b)))
            head = _arrow_head(points[-2], points[-1], style.HEX_PX * 0.42)
            self.heads.append((head.boundingRect().adjusted(-pad, -pad, pad, pad), head))
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.board_rect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.map_scene.display.slope_lines:
            return
        exposed = _exposed(self, option)
        width = _screen_width(painter, option, style.HEX_PX * 0.08, 2.2)
        painter.setPen(QPen(style.SLOPE_LINE, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        lines = [line for bounds, line in self.lines if bounds.intersects(exposed)]
        if lines:
            painter.drawLines(lines)
        painter.setBrush(style.SLOPE_LINE)
        for bounds, head in self.heads:
            if bounds.intersects(exposed):
                painter.drawPolygon(head)


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
