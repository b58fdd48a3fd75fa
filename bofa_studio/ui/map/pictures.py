"""Pictures of an unedited board, shared by every scene that shows the same map.

A window paints all of its hexes in full detail when it first shows (0.15-0.2 s for the 1984
map in a play window), and again into a zoom image when its camera first moves. A new game,
an opened save, the scenario editor's Play, a second window or the editor's preview on the
same map painted that same picture anew. A board read from a file and not edited since knows
what it holds (``Board.origin``): the pictures of such a board are kept here under that
content, the display options, and everything of the painter that decides a pixel (its
transform, its device's size and format, its clip, its render hints), so a picture is only
reused where painting again would give the same pixels. An edited board has no such key and
is always painted; nothing here needs to be told of an edit.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QRegion

# A view's picture is its viewport (4 MB for a 1400x900 window's map, 33 MB on a 4K screen); a
# zoom image is at most 2048 px a side (16 MB). A few of each, the windows one person has open on
# one or two maps, within a memory budget; the one just painted is always kept.
MAX_VIEW_PICTURES = 6
MAX_ZOOM_IMAGES = 4
MAX_BYTES = 96 * 1024 * 1024  # of each kind

Picture = QPixmap | QImage

_views: OrderedDict[Hashable, Picture] = OrderedDict()
_zooms: OrderedDict[Hashable, QPixmap] = OrderedDict()


def clear() -> None:
    """Forget every kept picture (a bench's baseline, or memory wanted back)."""
    _views.clear()
    _zooms.clear()


def _kept(store: OrderedDict[Hashable, Picture], key: Hashable) -> Picture | None:
    found = store.get(key)
    if found is not None:
        store.move_to_end(key)
    return found


def _bytes(picture: Picture) -> int:
    return picture.width() * picture.height() * 4


def _keep(store: OrderedDict[Hashable, Picture], key: Hashable, picture: Picture, limit: int) -> None:
    store[key] = picture
    while len(store) > 1 and (len(store) > limit or sum(_bytes(p) for p in store.values()) > MAX_BYTES):
        store.popitem(last=False)  # the least recently used


def zoom_image(content: Hashable, make: Callable[[], QPixmap]) -> QPixmap:
    """The zoom image kept under ``content`` (the board's, the display's and the scale's key), or
    the one ``make`` paints, kept."""
    image = _kept(_zooms, content)  # type: ignore[arg-type]
    if image is None:
        image = make()
        _keep(_zooms, content, image, MAX_ZOOM_IMAGES)  # type: ignore[arg-type]
    return image  # type: ignore[return-value]


def _device_clip(painter: QPainter) -> QRegion | None:
    """The painter's clip in device pixels (read with no transform), or None when it has none."""
    if not painter.hasClipping():
        return None
    painter.save()
    painter.resetTransform()
    region = painter.clipRegion()
    painter.restore()
    return region


def draw_shared(painter: QPainter, rect: QRectF, content: Hashable | None, fill: QColor,
                paint: Callable[[QPainter, QRectF], None]) -> bool:
    """Draw what ``paint(painter, rect)`` draws, from a picture kept under ``content`` and the
    painter's state, painting (and keeping) it first if there is none. False, having drawn
    nothing, when there is no content key or the painter's device is not an image or a pixmap
    (a widget painted directly: its pixels cannot be reproduced apart from it)."""
    device = painter.device()
    if content is None or not isinstance(device, QPixmap | QImage):
        return False
    t = painter.worldTransform()
    clip = _device_clip(painter)
    ratio = device.devicePixelRatioF()
    layout = device.format() if isinstance(device, QImage) else device.hasAlphaChannel()
    key = (content, type(device).__name__, layout, device.width(), device.height(), ratio,
           (t.m11(), t.m12(), t.m13(), t.m21(), t.m22(), t.m23(), t.m31(), t.m32(), t.m33()),
           painter.renderHints().value, painter.opacity(),
           None if clip is None else tuple((r.x(), r.y(), r.width(), r.height()) for r in clip),
           (rect.x(), rect.y(), rect.width(), rect.height()))
    picture = _kept(_views, key)
    if picture is None:
        picture = _painted(device, fill, painter, clip, rect, paint)
        _keep(_views, key, picture, MAX_VIEW_PICTURES)
    painter.save()
    painter.resetTransform()  # device pixels; the clip stays, so only what was exposed is drawn
    if isinstance(picture, QImage):
        painter.drawImage(0, 0, picture)
    else:
        painter.drawPixmap(0, 0, picture)
    painter.restore()
    return True


def _painted(device: Picture, fill: QColor, like: QPainter, clip: QRegion | None, rect: QRectF,
             paint: Callable[[QPainter, QRectF], None]) -> Picture:
    """A device of the same kind, size and format as ``device``, painted as ``like`` would paint it."""
    picture: Picture
    if isinstance(device, QImage):
        picture = QImage(device.width(), device.height(), device.format())
        picture.fill(fill)
    else:
        picture = QPixmap(device.width(), device.height())
        # A pixmap keeps an alpha channel only once filled with a translucent colour.
        picture.fill(QColor(0, 0, 0, 0) if device.hasAlphaChannel() else fill)
    picture.setDevicePixelRatio(device.devicePixelRatioF())
    painter = QPainter(picture)
    painter.setRenderHints(like.renderHints())
    painter.setOpacity(like.opacity())
    if clip is not None:
        painter.setClipRegion(clip)
    painter.setWorldTransform(like.worldTransform())
    paint(painter, rect)
    painter.end()
    return picture
