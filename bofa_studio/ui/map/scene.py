"""The map scene: one QGraphicsScene that draws a board and follows its changes.

The map editor, the scenario editor, play mode and the headless ``render``
command all draw the board through this class, so what an author sees is what a
player sees. Items observe the board (``Board.subscribe``); they hold no rules.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
)

from bofa_studio.board.model import Board, BoardChange
from bofa_studio.hexgrid import Hex, Hexside
from bofa_studio.ui import style
from bofa_studio.ui.map import pictures
from bofa_studio.ui.map.items import AreaLayer, HexItem, HexsideLayer, OverlayLayer, RoadLayer, SlopeLineLayer
from bofa_studio.ui.map.tiles import BoardTiles

# Around the board: room for what stands out of the edge hexes (a stack's count disc), and no
# more, since the whole-map zoom fits it too and on a 1080-pixel screen the map's height
# decides the counters' size (issue 17).
MARGIN = style.HEX_PX * 0.25
# The zoom image of the whole board: at most 2048 px a side (14 MB), which is sharp up to about
# twice the whole-map zoom of a 1080p window; closer in, zoom frames are a little soft until
# the view settles in full detail (before, they had no text or symbols at all). Painting it
# takes 0.1-0.15 s, once per octave and board revision: the first zoom frame pays it.
ZOOM_IMAGE_MAX_PX = 2048


@dataclass(frozen=True, slots=True)
class ToolEvent:
    """A mouse event as a tool sees it: where, which hex, which button."""

    pos: QPointF
    hex: Hex | None
    button: Qt.MouseButton = Qt.MouseButton.LeftButton
    buttons: Qt.MouseButton = Qt.MouseButton.NoButton
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier


class SceneTool(Protocol):
    """What the scene forwards mouse events to (see ``ui.map_editor.tools.Tool``)."""

    def press(self, event: ToolEvent) -> None: ...
    def move(self, event: ToolEvent) -> None: ...
    def release(self, event: ToolEvent) -> None: ...


@dataclass(frozen=True)
class DisplayOptions:
    """What the View menu toggles."""

    labels: bool = True
    levels: bool = True
    hexsides: bool = True
    areas: bool = False
    slope_lines: bool = True
    background: bool = True  # the scan to trace, when the map has one
    shown_areas: tuple[str, ...] | None = None  # None: every area, when areas are on


class MapScene(QGraphicsScene):
    def __init__(self, board: Board, parent=None) -> None:
        super().__init__(parent)
        self.display = DisplayOptions()
        self.setBackgroundBrush(QColor("#f3efe4"))
        self.board = board
        self._items: dict[Hex, HexItem] = {}
        # Each hex's bounds as plain numbers, in board order: a tile or a pan's strip finds
        # its few hexes among 768 without a Qt call per hex.
        self._boxes: list[tuple[float, float, float, float, HexItem]] = []
        # The hexes in full detail, in tiles at the camera's scale (see tiles.py); False
        # paints every exposed strip anew (the bench's baseline).
        self.tiles = BoardTiles(self.paint_hexes, lambda: self.backgroundBrush().color())
        self.use_tiles = True
        # Hexes a model edit changed, until a view repaints them: directly, since tiles would
        # repaint the 128-pixel squares around an edited hex (an editor's stroke, 3x slower).
        self._edited: list[QRectF] = []
        # True while a view zooms: the hexes are one scaled image of the board (zoom_image).
        self._draft = False
        self._zoom_images: dict[float, QPixmap] = {}  # board images for zoom frames, by scale
        self.zoom_images = True  # False: zoom frames paint every hex's fill (the bench's baseline)
        # Pictures of the unedited map shared with other scenes showing it (pictures.py); False
        # paints every first frame and zoom image anew (the bench's baseline).
        self.share_pictures = True
        self._lines_in_background = False
        self._rect_grid = None
        self._shape_grid = None
        self._shape: tuple[QPolygonF, QRectF] = (QPolygonF(), QRectF())
        self._rect = QRectF()
        # The active editor tool, if any: the scene hands it the mouse, so tools
        # stay independent of the view (zoom, pan) and testable without one.
        self.tool: SceneTool | None = None
        # The scan under the map (board.background), read once per file; a problem
        # reading it is kept in words for the window and the render command.
        self.background_image: QImage | None = None
        self.background_problem: str | None = None
        self._background_file = None
        self._build()

    # -- geometry: map units -> scene units ---------------------------------
    def hex_center(self, h: Hex) -> QPointF:
        x, y = self.board.grid.center(h)
        return QPointF(x * style.HEX_PX, y * style.HEX_PX)

    def hex_polygon(self, h: Hex) -> QPolygonF:
        x, y = self.board.grid.center(h)
        return self._hex_shape()[0].translated(x * style.HEX_PX, y * style.HEX_PX)

    def hex_geometry(self, h: Hex) -> tuple[QPolygonF, QPointF, QRectF]:
        """A hex's polygon, centre and bounds (a pixel's width around the polygon), in scene units.

        Every hex of a grid has the same shape, so each is one shape moved to its centre: the
        corners ``grid.corners`` computes with six cosines and sines a hex, to within 1e-12 of a
        scene unit. Building the 1984 map's 768 hexes took a third of a scene's construction.
        """
        x, y = self.board.grid.center(h)
        polygon, bounds = self._hex_shape()
        dx, dy = x * style.HEX_PX, y * style.HEX_PX
        return polygon.translated(dx, dy), QPointF(dx, dy), bounds.translated(dx, dy)

    def _hex_shape(self) -> tuple[QPolygonF, QRectF]:
        grid = self.board.grid
        if self._shape_grid is not grid:
            px = style.HEX_PX
            cx, cy = grid.center(Hex(0, 0))
            polygon = QPolygonF([QPointF((x - cx) * px, (y - cy) * px) for x, y in grid.corners(Hex(0, 0))])
            self._shape = (polygon, polygon.boundingRect().adjusted(-1, -1, 1, 1))
            self._shape_grid = grid
        return self._shape

    def hexside_points(self, side: Hexside) -> tuple[QPointF, QPointF]:
        (ax, ay), (bx, by) = self.board.grid.hexside_segment(side)
        px = style.HEX_PX
        return QPointF(ax * px, ay * px), QPointF(bx * px, by * px)

    def board_rect(self) -> QRectF:
        # Layers ask for their bounds on every paint, and GridSpec.bounds walks every
        # hex corner: cache it per grid (it cost 8 ms a frame on the 1984 map).
        key = (self.board.grid, tuple(self.board.spaces))
        if self._rect_grid != key:
            # grid.bounds() without its cosines: the extreme centres plus the extreme corner
            # offsets (adding a constant keeps the order of floats).
            centres = [self.board.grid.center(h) for h in self.board.grid.hexes()]
            cx, cy = self.board.grid.center(Hex(0, 0))
            offsets = [(x - cx, y - cy) for x, y in self.board.grid.corners(Hex(0, 0))]  # any hex's
            x0 = min(x for x, _ in centres) + min(dx for dx, _ in offsets)
            y0 = min(y for _, y in centres) + min(dy for _, dy in offsets)
            x1 = max(x for x, _ in centres) + max(dx for dx, _ in offsets)
            y1 = max(y for _, y in centres) + max(dy for _, dy in offsets)
            # Off-board spaces are drawn beside the grid, inside the scene.
            for h in self.board.spaces:
                xs, ys = zip(*self.board.grid.corners(h), strict=True)
                x0, y0, x1, y1 = min(x0, *xs), min(y0, *ys), max(x1, *xs), max(y1, *ys)
            px = style.HEX_PX
            self._rect = QRectF(x0 * px, y0 * px, (x1 - x0) * px, (y1 - y0) * px)
            self._rect_grid = key
        return QRectF(self._rect)

    def hex_at(self, pos: QPointF) -> Hex | None:
        """The on-map hex under a scene point, or None."""
        h = self.board.grid.pixel_to_hex(pos.x() / style.HEX_PX, pos.y() / style.HEX_PX)
        return h if h in self.board else None

    def nearest_hexside(self, pos: QPointF) -> Hexside | None:
        """The on-map hexside closest to a scene point (for the hexside tool)."""
        h = self.hex_at(pos)
        if h is None:
            return None
        best, best_d = None, float("inf")
        for n in self.board.neighbors(h):
            side = Hexside.between(h, n)
            a, b = self.hexside_points(side)
            mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
            d = (mid.x() - pos.x()) ** 2 + (mid.y() - pos.y()) ** 2
            if d < best_d:
                best, best_d = side, d
        return best

    # -- the hexes: painted as the background, which views cache ----------------------
    @property
    def draft(self) -> bool:
        return self._draft

    @draft.setter
    def draft(self, value: bool) -> None:
        if value != self._draft:
            self._draft = value
            for view in self.views():  # the zoom images stay: the next zoom uses them
                view.resetCachedContent()
            self.update()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """The background colour, then every hex that meets ``rect``, in board order.

        Views cache this (``QGraphicsView.CacheBackground``), so it runs only for
        what a camera move newly exposes or a model change invalidates, not for
        every frame; the items above (hexsides, roads, counters...) stay live.
        While a view zooms (``draft``) every frame changes every pixel, and painting
        768 hexes took 11 ms of a 16 ms frame: the draft is instead one scaled copy
        of an image of the whole board (``zoom_image``), painted once per octave. A full paint
        of a map as read from its file, shown as another scene showed it, is that scene's
        picture (``pictures.py``).
        """
        super().drawBackground(painter, rect)
        if self._draft and self.zoom_images:
            scale = math.hypot(painter.worldTransform().m11(), painter.worldTransform().m12())
            ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
            image, source = self.zoom_image(scale * ratio)
            # Unfiltered, like the counters: a filtered scale cost 7 ms of a zoom frame's 20, and
            # the camera settles in full detail 0.14 s after the last step.
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawPixmap(source, image, QRectF(image.rect()))
            painter.restore()
            return
        edited = [r for r in self._edited if r.intersects(rect)]
        if edited:
            self._edited = [r for r in self._edited if not r.intersects(rect)]
        elif self.use_tiles and self.tiles.draw(painter, rect):
            return
        elif pictures.draw_shared(painter, rect, self._shared_key(self._draft), self.backgroundBrush().color(),
                                  self._paint_background):
            return
        self.paint_hexes(painter, rect)

    def _paint_background(self, painter: QPainter, rect: QRectF) -> None:
        super().drawBackground(painter, rect)
        self.paint_hexes(painter, rect)

    def _shared_key(self, *more: object) -> tuple[object, ...] | None:
        """What this scene's background looks like, as a key it shares with every scene that
        shows the same map the same way (pictures.py): the board's content while it is as read
        from its file, the display options and colours. None for an edited board, one made in
        code, or one under its scan (a file on disk that may change)."""
        origin = self.board.origin
        if not self.share_pictures or origin is None or origin[1] != self.board.revision:
            return None
        if self.shown_background() is not None:
            return None
        return (origin[0], self.display, self._lines_in_background, self.backgroundBrush().color().rgba(), *more)

    def paint_hexes(self, painter: QPainter, rect: QRectF) -> None:
        """The scan (if shown) and every hex meeting ``rect``, in full detail."""
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        scan = self.shown_background()
        if scan is not None:
            painter.save()
            painter.setTransform(self.background_transform(), combine=True)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(0, 0, scan)
            painter.restore()
            # The scan's opacity is how much of it shows through the map's own colours.
            painter.setOpacity(1.0 - self.board.background.opacity)
        meeting = self._hexes_meeting(rect)
        for item in meeting:
            item.paint(painter, lod)
        if scan is not None:
            # The grid stays crisp over the scan: it is what the author lines up.
            painter.setOpacity(1.0)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(style.GRID_LINE)
            for item in meeting:
                painter.drawPolygon(item.polygon)
        if self._lines_in_background:
            option = QStyleOptionGraphicsItem()
            option.exposedRect = rect
            for layer in self._line_layers():
                painter.save()
                layer.paint(painter, option, None)
                painter.restore()

    def _hexes_meeting(self, rect: QRectF) -> list[HexItem]:
        left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
        return [item for x0, y0, x1, y1, item in self._boxes if x0 < right and x1 > left and y0 < bottom and y1 > top]

    def _line_layers(self) -> list[QGraphicsItem]:
        """Roads, rivers and walls, and slope lines, bottom first (their z order as items)."""
        return [self.road_layer, self.hexside_layer, self.slope_layer]

    def set_lines_in_background(self, on: bool) -> None:
        """Paint roads, rivers and slope lines with the hexes, in the views' background cache
        and the zoom images, instead of as live layers. For a board nobody edits (play): as
        live layers, stroking the whole map's dashed roads and rivers again took ~5 ms of
        every pan and zoom frame; cached, a pan copies them."""
        self._lines_in_background = on
        for layer in self._line_layers():
            layer.setVisible(not on)
        self.invalidate_all()

    def zoom_image(self, pixels_per_unit: float) -> tuple[QPixmap, QRectF]:
        """The whole board in full detail at the power of two at or above ``pixels_per_unit``
        (so a zoom step scales it down rather than up), capped at ZOOM_IMAGE_MAX_PX a side;
        with the scene rectangle it covers. Kept until the board or the display changes."""
        area = self.sceneRect()
        longest = max(area.width(), area.height(), 1.0)
        step = min(2.0 ** math.ceil(math.log2(max(pixels_per_unit, 1e-3))), ZOOM_IMAGE_MAX_PX / longest)
        image = self._zoom_images.get(step)
        if image is None:
            shared = self._shared_key("zoom", step, area.x(), area.y(), area.width(), area.height())
            if shared is None:
                image = self._paint_zoom_image(area, step)
            else:
                image = pictures.zoom_image(shared, lambda: self._paint_zoom_image(area, step))
            if len(self._zoom_images) >= 2:  # the two octaves a zoom crosses; memory for no more
                self._zoom_images.pop(next(iter(self._zoom_images)))
            self._zoom_images[step] = image
        return image, area

    def _paint_zoom_image(self, area: QRectF, step: float) -> QPixmap:
        image = QPixmap(max(1, int(area.width() * step)), max(1, int(area.height() * step)))
        image.fill(self.backgroundBrush().color())
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        painter.scale(step, step)
        painter.translate(-area.topLeft())
        draft, self._draft = self._draft, False  # the image is in full detail
        try:
            self.paint_hexes(painter, area)
        finally:
            self._draft = draft
        painter.end()
        return image

    # -- the background scan ---------------------------------------------------------
    def shown_background(self) -> QImage | None:
        """The scan, when the map has one, it could be read, and the View menu shows it."""
        if not self.display.background or self.board.background is None:
            return None
        self._load_background()
        return self.background_image

    def _load_background(self) -> None:
        bg = self.board.background
        file = bg.image if bg is not None else None
        if file == self._background_file:
            return
        self._background_file = file
        self.background_image, self.background_problem = None, None
        if file is None:
            return
        image = QImage(str(file))
        if image.isNull():
            what = "not found" if not file.exists() else "not an image Qt can read (use PNG or JPEG)"
            self.background_problem = f"background scan {file}: {what}"
        else:
            self.background_image = image

    def background_transform(self) -> QTransform:
        """Image pixels -> scene units, from the map's calibration."""
        a, b, c, d, e, f = self.board.background.transform
        px = style.HEX_PX
        return QTransform(a * px, d * px, b * px, e * px, c * px, f * px)

    def background_problem_now(self) -> str | None:
        """Why the map's scan cannot be shown, in words (None when it can, or there is none)."""
        self._load_background()
        return self.background_problem

    def invalidate_hexes(self, hexes: Iterable[Hex]) -> None:
        """Repaint these hexes in every view's background cache (after a model change)."""
        pad = style.HEX_PX * 0.25  # antialiased edges reach a pixel past the bounds at any zoom
        rect = QRectF()
        for h in hexes:
            item = self._items.get(h)
            if item is not None:
                rect = rect.united(item.boundingRect())
        if not rect.isEmpty():
            self._zoom_images.clear()
            self.tiles.forget(rect.adjusted(-pad, -pad, pad, pad))
            self._edited.append(rect.adjusted(-pad, -pad, pad, pad))
            del self._edited[:-64]  # a long stroke nobody has looked at yet: the latest suffice
            self.invalidate(rect.adjusted(-pad, -pad, pad, pad), QGraphicsScene.SceneLayer.BackgroundLayer)

    def invalidate_all(self) -> None:
        """Repaint every hex: display options, draft or the whole board changed."""
        self._zoom_images.clear()
        self.tiles.clear()
        self._edited.clear()
        for view in self.views():
            view.resetCachedContent()
        self.update()

    # -- building and observing --------------------------------------------------
    def _build(self) -> None:
        self.clear()
        self._items = {h: HexItem(self, h) for h in self.board.hexes()}
        self._boxes = [(b.left(), b.top(), b.right(), b.bottom(), item)
                       for item in self._items.values() for b in (item._bounds,)]
        self.hexside_layer = HexsideLayer(self)
        self.road_layer = RoadLayer(self)
        self.slope_layer = SlopeLineLayer(self)
        self.area_layer = AreaLayer(self)
        self.overlay = OverlayLayer(self)
        for layer in (self.hexside_layer, self.road_layer, self.slope_layer, self.area_layer, self.overlay):
            self.addItem(layer)
        for layer in self._line_layers():
            layer.setVisible(not self._lines_in_background)
        self.setSceneRect(self.board_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
        self.board.subscribe(self._on_board_change)
        self.invalidate_all()

    def set_board(self, board: Board) -> None:
        """Show another board (open, new, resize)."""
        self.board.unsubscribe(self._on_board_change)
        self.board = board
        self._build()

    def detach(self) -> None:
        """Stop observing the board, before the scene is thrown away."""
        self.board.unsubscribe(self._on_board_change)

    def hex_item(self, h: Hex) -> HexItem:
        return self._items[h]

    def _on_board_change(self, change: BoardChange) -> None:
        if change.kind == "hex":
            self.invalidate_hexes(change.hexes)
            # Roads join neighbouring hexes, so a path toggle redraws the road layer.
            self.road_layer.rebuild()
        elif change.kind == "hexside":
            self.hexside_layer.rebuild()
        elif change.kind == "slope_lines":
            self.slope_layer.rebuild()
        elif change.kind == "paths":
            self.road_layer.rebuild()
        elif change.kind == "background":
            self.invalidate_all()
        elif change.kind == "areas":
            self.area_layer.update()
        if self._lines_in_background and change.kind in ("hex", "hexside", "slope_lines", "paths"):
            self.invalidate_all()
        self.update()

    # -- tools ---------------------------------------------------------------
    def _tool_event(self, event: QGraphicsSceneMouseEvent) -> ToolEvent:
        pos = event.scenePos()
        return ToolEvent(pos, self.hex_at(pos), event.button(), event.buttons(), event.modifiers())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.tool is None:
            super().mousePressEvent(event)
            return
        self.tool.press(self._tool_event(event))
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.tool is None:
            super().mouseMoveEvent(event)
            return
        self.tool.move(self._tool_event(event))
        event.accept()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # Qt sends a quick second press as a double-click: a tool that counts clicks
        # (the hexside cycle) says so with ``double_click``; the rest ignore it.
        handler = getattr(self.tool, "double_click", None)
        if handler is None:
            super().mouseDoubleClickEvent(event)
            return
        handler(self._tool_event(event))
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.tool is None:
            super().mouseReleaseEvent(event)
            return
        self.tool.release(self._tool_event(event))
        event.accept()

    def set_display(self, **changes: object) -> None:
        old, self.display = self.display, replace(self.display, **changes)
        drawn = ("labels", "levels", "background") + (("hexsides", "slope_lines") if self._lines_in_background else ())
        if any(getattr(old, name) != getattr(self.display, name) for name in drawn):
            self.invalidate_all()  # hexes draw these, in the cached background
        self.update()
