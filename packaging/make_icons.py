"""Draw the app icon with Qt, offscreen, and write it as PNG, ICO and ICNS.

Why a script rather than an image editor: the icon is reproducible from the
repository and needs no extra tool. Qt's own image plugins write ICO and ICNS,
so neither Pillow nor PyInstaller's icon conversion is needed at build time.
The outputs are committed; run this again only to change the design:

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py

The design echoes the board: a mountain-brown hex with a level-4 crest, a blue
river and the red victory star of the Lonely Mountain.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import struct  # noqa: E402

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen, QPolygonF  # noqa: E402

ICONS = Path(__file__).resolve().parent / "icons"
# Sizes inside the Windows .ico: what Explorer and the taskbar ask for.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def hexagon(cx: float, cy: float, r: float) -> QPolygonF:
    """A pointy-top hexagon, like the board's hexes."""
    return QPolygonF(
        [QPointF(cx + r * math.cos(math.radians(-90 + 60 * i)), cy + r * math.sin(math.radians(-90 + 60 * i)))
         for i in range(6)]
    )


def star(cx: float, cy: float, r: float) -> QPolygonF:
    points = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.42
        a = math.radians(-90 + 36 * i)
        points.append(QPointF(cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return QPolygonF(points)


def draw(size: int) -> QImage:
    """The icon at ``size`` pixels, drawn from vectors so every size is sharp."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    s = size / 256.0
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    outer = hexagon(128 * s, 128 * s, 124 * s)
    p.setPen(QPen(QColor("#3b2a17"), max(1.0, 8 * s)))
    p.setBrush(QColor("#c9b48a"))
    p.drawPolygon(outer)
    # The mountain: two darker hexes stacked, as the levels are drawn on the map.
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#a08457"))
    p.drawPolygon(hexagon(128 * s, 120 * s, 78 * s))
    p.setBrush(QColor("#7f6540"))
    p.drawPolygon(hexagon(128 * s, 112 * s, 40 * s))
    # The river along the bottom.
    river = QPainterPath(QPointF(30 * s, 190 * s))
    river.cubicTo(QPointF(80 * s, 160 * s), QPointF(150 * s, 220 * s), QPointF(226 * s, 178 * s))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor("#2f6fd6"), max(1.5, 14 * s), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawPath(river)
    # The victory star on the crest.
    p.setPen(QPen(QColor("#5a0000"), max(0.5, 3 * s)))
    p.setBrush(QColor("#d0202a"))
    p.drawPolygon(star(128 * s, 108 * s, 34 * s))
    p.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(sizes: tuple[int, ...]) -> bytes:
    """A multi-size .ico with PNG-compressed entries (read by Windows Vista and later).

    Qt's ICO writer stores one uncompressed image; Windows then scales the 256 px
    picture down for the 16 px title bar, which blurs it. Each size drawn from the
    vectors stays crisp, and PNG entries keep the file small.
    """
    images = [png_bytes(draw(size)) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, blob in zip(sizes, images, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    return header + entries + blobs


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - fonts and plugins need it
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "bofa-studio.ico").write_bytes(ico_bytes(ICO_SIZES))
    # macOS: Qt's ICNS plugin writes the icon family from one large image.
    for name, fmt, size in (("bofa-studio.png", "PNG", 256), ("bofa-studio.icns", "ICNS", 512)):
        if not draw(size).save(str(ICONS / name), fmt):
            print(f"cannot write {name}: this Qt has no {fmt} writer", file=sys.stderr)
            return 1
    for name in ("bofa-studio.png", "bofa-studio.ico", "bofa-studio.icns"):
        print(f"wrote {ICONS / name} ({(ICONS / name).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
