"""The board in full detail, painted once per zoom in square tiles of device pixels.

A pan exposes a strip a few pixels wide at the edge of the view, and painting the hexes
under that strip repainted each of them in full (fill, hatching, text, symbols) for every
strip it met: about 12 ms of a pan frame at twice the whole-map zoom. A tile holds the
hexes of its square at the camera's exact scale, so a pan copies tiles and paints a new
one only when it reaches a column of the map not yet seen at that zoom.

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

TILE_PX = 256
# 160 tiles of 256x256 are 40 MB: two and a half 1920x1080 screens, enough that panning
# back and forth, or zooming to a step and back, finds its tiles again.
MAX_TILES = 160

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
        is not a plain scale and shift (then the caller paints directly)."""
        t = painter.worldTransform()
        if t.m12() != 0 or t.m21() != 0 or t.m11() <= 0 or t.m11() != t.m22() or rect.isEmpty():
            return False
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        scale = t.m11() * ratio  # device pixels per scene unit
        shift_x, shift_y = t.dx() * ratio, t.dy() * ratio
        whole_x, whole_y = math.floor(shift_x), math.floor(shift_y)
        key: Key = (scale, shift_x - whole_x, shift_y - whole_y, ratio)
        # Tile (i, j) holds the device pixels i * TILE_PX .. (i + 1) * TILE_PX of the board
        # drawn at this scale and offset fraction, placed at the offset's whole pixels.
        x0 = math.floor((rect.left() * scale + key[1]) / TILE_PX)
        x1 = math.floor((rect.right() * scale + key[1]) / TILE_PX)
        y0 = math.floor((rect.top() * scale + key[2]) / TILE_PX)
        y1 = math.floor((rect.bottom() * scale + key[2]) / TILE_PX)
        painter.save()
        painter.resetTransform()
        for i in range(x0, x1 + 1):
            for j in range(y0, y1 + 1):
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
