"""The board in full detail, painted once per zoom in square tiles of device pixels.

A pan exposes a strip a few pixels wide at the edge of the view, and painting the hexes
under that strip repainted each of them in full (fill, hatching, text, symbols) for every
strip it met (a hex 90 pixels wide met seven): about 12 ms of a pan frame at twice the
whole-map zoom. A tile holds the hexes of its square at the camera's exact scale, so a pan
copies tiles and paints a column of new ones each time it reaches 128 pixels of the map not
yet seen at that zoom.

Tiles are painted with the camera's transform up to a whole-pixel shift (the fraction of
the camera's offset is part of the key), so a tile shows what a direct paint of the same
hexes shows, but for the antialiasing of the one-pixel grid lines, which Qt clips at the
device's edge (a tile's, or the view's) and so shades a level or four differently along
a line, as a pan's strips did before. A rotated or sheared camera paints directly.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform

TILE_PX = 128
# A paint that exposes more than this share of its device (a zoom's first full-detail frame,
# a jump) paints directly: tiles cover more than the device and paint a hex on a tile's edge
# twice, and made that frame half as slow again, with little to reuse before the next zoom.
# A pan's strips, a model edit's hexes, use tiles.
DIRECT_SHARE = 0.25
# 640 tiles of 128x128 are 40 MB: two and a half 1920x1080 screens, enough that panning
# back and forth, or zooming to a step and back, finds its tiles again.
MAX_TILES = 640

Key = tuple[float, float, float, float]  # device pixels per scene unit, offset fraction x/y, ratio


class BoardTiles:
    """Tiles of what ``paint(painter, scene_rect)`` draws, keyed on the camera's scale."""

    def __init__(self, paint: Callable[[QPainter, QRectF], None], fill: Callable[[], QColor]) -> None:
        self._paint = paint
        self._fill = fill
        self._tiles: OrderedDict[tuple[Key, int, int], tuple[QPixmap, QRectF]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tiles)

    def clear(self) -> None:
        self._tiles.clear()

    def forget(self, scene_rect: QRectF) -> None:
        """Drop the tiles that show any of ``scene_rect`` (the board changed there)."""
        for key in [k for k, (_, area) in self._tiles.items() if area.intersects(scene_rect)]:
            del self._tiles[key]

    def draw(self, painter: QPainter, rect: QRectF) -> bool:
        """Copy the tiles covering scene ``rect`` onto ``painter``; False when its transform
        is not a plain scale and shift, or ``rect`` is much of the device (then the caller
        paints directly)."""
        t = painter.worldTransform()
        if t.m12() != 0 or t.m21() != 0 or t.m11() <= 0 or t.m11() != t.m22() or rect.isEmpty():
            return False
        device = painter.device()
        if device is None:
            return False
        # What to paint, in the device's (logical) pixels: ``rect`` on the device, or, where
        # the painter clips, the clip. A diagonal pan exposes two strips, an L, and Qt hands
        # over their bounding rectangle (all of the view) with the L as the clip. The clip is
        # read with no transform, so in whole device pixels: in scene units Qt rounds it, and a
        # strip one pixel wide at a close zoom rounds to nothing.
        on_device = t.mapRect(rect)
        parts = [on_device]
        if painter.hasClipping():
            painter.save()
            painter.resetTransform()
            region = painter.clipRegion()
            painter.restore()
            parts = [q for q in (QRectF(r).intersected(on_device) for r in region) if not q.isEmpty()]
        exposed = sum(p.width() * p.height() for p in parts)
        if exposed > DIRECT_SHARE * device.width() * device.height():
            return False
        ratio = device.devicePixelRatioF()
        scale = t.m11() * ratio  # device pixels per scene unit
        shift_x, shift_y = t.dx() * ratio, t.dy() * ratio
        whole_x, whole_y = math.floor(shift_x), math.floor(shift_y)
        key: Key = (scale, shift_x - whole_x, shift_y - whole_y, ratio)
        # Tile (i, j) holds the device pixels i * TILE_PX .. (i + 1) * TILE_PX of the board
        # drawn at this scale and offset fraction, placed at the offset's whole pixels.
        needed: dict[tuple[int, int], None] = {}
        for p in parts:
            x0 = math.floor((p.left() * ratio - whole_x) / TILE_PX)
            x1 = math.ceil((p.right() * ratio - whole_x) / TILE_PX)
            y0 = math.floor((p.top() * ratio - whole_y) / TILE_PX)
            y1 = math.ceil((p.bottom() * ratio - whole_y) / TILE_PX)
            needed.update(((i, j), None) for i in range(x0, x1) for j in range(y0, y1))
        painter.save()
        painter.resetTransform()
        for i, j in needed:
            tile = self._tile(key, i, j)
            painter.drawPixmap(QPointF((i * TILE_PX + whole_x) / ratio, (j * TILE_PX + whole_y) / ratio), tile)
        painter.restore()
        return True

    def _tile(self, key: Key, i: int, j: int) -> QPixmap:
        found = self._tiles.get((key, i, j))
        if found is not None:
            self._tiles.move_to_end((key, i, j))
            return found[0]
        scale, frac_x, frac_y, ratio = key
        tile = QPixmap(TILE_PX, TILE_PX)
        tile.fill(self._fill())
        # The same painter state as a direct paint: logical pixels of the device's ratio, the
        # camera's scale, and the camera's offset less whole device pixels.
        area = QRectF((i * TILE_PX - frac_x) / scale, (j * TILE_PX - frac_y) / scale, TILE_PX / scale, TILE_PX / scale)
        tile.setDevicePixelRatio(ratio)
        painter = QPainter(tile)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        painter.setWorldTransform(QTransform(scale / ratio, 0, 0, scale / ratio,
                                             (frac_x - i * TILE_PX) / ratio, (frac_y - j * TILE_PX) / ratio))
        self._paint(painter, area)
        painter.end()
        if len(self._tiles) >= MAX_TILES:
            self._tiles.popitem(last=False)
        self._tiles[(key, i, j)] = (tile, area)
        return tile
