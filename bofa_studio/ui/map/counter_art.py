"""Counters drawn like the printed 1984 ones, for the scenario editor and play mode.

"The Counters" section of the rulebook fixes the look: square counters in the
group colours, a weapon symbol (leaders and characters get a silhouette),
combat strength bottom left, movement bottom right, the bow value in
parentheses in the middle, and the reduced side marked by a line along the
lower edge. Everything here paints into a QPainter at any size, so the same
code draws trays, stacks on the map, and documentation sheets.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

from bofa_studio.play.faces import Face

# Group colours of "The Counters": background, lettering.
COUNTER_COLOURS: dict[str, tuple[str, str]] = {
    "medium_blue": ("#3f6fb5", "#ffffff"),  # Bard and the Men of Lake-town
    "light_blue": ("#9fd0ee", "#10283a"),  # Bilbo, Gwaihir and the Giant Eagles
    "grey": ("#a9a9a4", "#151515"),  # Beorn, Gandalf, Thorin, Dain and the Dwarves
    "green": ("#3e8a45", "#ffffff"),  # Thranduil and the Elves
    "yellow_red": ("#f2d23a", "#c4161c"),  # Bolg and his bodyguard
    "red_black": ("#c9302c", "#111111"),  # Azug's tribe
    "black_white": ("#1d1d1d", "#ffffff"),  # Thuk's tribe
    "orange_black": ("#ee8a2a", "#111111"),  # Thrak's tribe
    "red_white": ("#b3261e", "#ffffff"),  # Osag's tribe
    "yellow_black": ("#f0d04a", "#111111"),  # Gurash's tribe
    "brown_black": ("#8b5a2b", "#111111"),  # the wolves
    "brown_darkbrown": ("#a0703e", "#3a2210"),  # the wargs
    # Helm's Deep II: "The red stones represent the forces of the Men of Rohan", the green
    # Saruman's Dunlendings, the blue his Uruk-Hai.
    "rohan_red": ("#b8322a", "#fff6e0"),
    "dunlending_green": ("#2f6b3a", "#f2f2e8"),
    "uruk_blue": ("#2b4f8f", "#f2f2e8"),
}
FALLBACK_COLOURS = ("#cccccc", "#000000")
DIMMED_WASH = QColor(215, 215, 215, 150)  # over a counter that has acted this phase


# The face a counter shows is data of the headless play layer; the art here paints it.
CounterFace = Face


def colours_of(face: CounterFace) -> tuple[QColor, QColor]:
    background, lettering = COUNTER_COLOURS.get(face.colour, FALLBACK_COLOURS)
    return QColor(background), QColor(lettering)


def paint_counter(painter: QPainter, rect: QRectF, face: CounterFace, *, selected: bool = False) -> None:
    """Paint one counter filling the square ``rect``."""
    background, lettering = colours_of(face)
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)

    # A thin dark edge and a lighter bevel read as cardboard on any terrain.
    painter.setPen(QPen(QColor("#ff9800") if selected else QColor(20, 20, 20), s * (0.08 if selected else 0.035)))
    painter.setBrush(background)
    painter.drawRoundedRect(rect, s * 0.08, s * 0.08)

    # Archers print their bow value "in the middle of the counter", so their symbol is smaller.
    symbol_height = 0.36 if face.bow else 0.48
    symbol_box = QRectF(rect.left() + s * 0.18, rect.top() + s * 0.08, s * 0.64, s * symbol_height)
    if face.leader and face.bow:
        # Bard: name tag above, bow value below; the figure fits between them.
        symbol_box = QRectF(rect.left() + s * 0.3, rect.top() + s * 0.19, s * 0.4, s * 0.22)
    if face.leader:
        _silhouette(painter, symbol_box, lettering)
        _name_tag(painter, rect, face.name, lettering)
    else:
        _weapon(painter, symbol_box, face.weapon, lettering)

    strength, bow, movement = face.values_text
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(s * 0.3)))
    painter.setFont(font)
    painter.setPen(lettering)
    bottom = QRectF(rect.left() + s * 0.07, rect.bottom() - s * 0.38, s * 0.86, s * 0.32)
    painter.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, strength)
    painter.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, movement)
    if bow:
        font.setPixelSize(max(6, int(s * 0.22)))
        painter.setFont(font)
        middle = QRectF(rect.left(), rect.top() + s * 0.42, s, s * 0.24)
        painter.drawText(middle, Qt.AlignmentFlag.AlignCenter, bow)

    if face.reduced:
        # "On the half-strength side a black or white line is visible along the lower edge."
        painter.setPen(QPen(lettering, s * 0.06, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        y = rect.bottom() - s * 0.07
        painter.drawLine(QPointF(rect.left() + s * 0.1, y), QPointF(rect.right() - s * 0.1, y))
    if face.hits:
        _hit_marker(painter, rect, face.hits)
    if face.hysterical:
        _hysteria_marker(painter, rect)
    if face.dimmed:
        # Done for this phase: washed out like a disabled button, values still legible.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(DIMMED_WASH)
        painter.drawRoundedRect(rect, s * 0.08, s * 0.08)
    painter.restore()


def _name_tag(painter: QPainter, rect: QRectF, name: str, lettering: QColor) -> None:
    s = rect.width()
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(5, int(s * 0.15)))
    painter.setFont(font)
    painter.setPen(lettering)
    short = name.split()[0].upper()[:9]
    painter.drawText(
        QRectF(rect.left(), rect.top() + s * 0.02, s, s * 0.18), Qt.AlignmentFlag.AlignCenter, short
    )


def _silhouette(painter: QPainter, box: QRectF, colour: QColor) -> None:
    """Head and shoulders: the printed leaders and characters carry a figure, not a weapon."""
    cx = box.center().x()
    h = box.height()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(QPointF(cx, box.top() + h * 0.42), h * 0.17, h * 0.19)
    body = QPainterPath()
    body.moveTo(cx - h * 0.42, box.bottom() + h * 0.05)
    body.cubicTo(cx - h * 0.4, box.top() + h * 0.62, cx + h * 0.4, box.top() + h * 0.62, cx + h * 0.42, box.bottom() + h * 0.05)
    body.closeSubpath()
    painter.drawPath(body)


def _weapon(painter: QPainter, box: QRectF, weapon: str, colour: QColor) -> None:
    """A simple, bold weapon symbol; shapes differ enough to tell apart at a glance."""
    w, h = box.width(), box.height()
    x0, y0 = box.left(), box.top()

    def p(fx: float, fy: float) -> QPointF:
        return QPointF(x0 + fx * w, y0 + fy * h)

    pen = QPen(colour, max(1.0, h * 0.09), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setBrush(colour)
    painter.setPen(pen)
    if weapon in ("long_bow", "short_bow"):
        span = 0.95 if weapon == "long_bow" else 0.7
        top, bottom = 0.5 - span / 2, 0.5 + span / 2
        bow = QPainterPath(p(0.42, top))
        bow.quadTo(p(0.05, 0.5), p(0.42, bottom))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(bow)
        painter.setPen(QPen(colour, max(1.0, h * 0.04)))
        painter.drawLine(p(0.42, top), p(0.42, bottom))
        painter.setPen(pen)
        painter.drawLine(p(0.25, 0.5), p(0.9, 0.5))
        painter.setBrush(colour)
        painter.drawPolygon([p(0.95, 0.5), p(0.8, 0.4), p(0.8, 0.6)])
    elif weapon == "spear":
        painter.drawLine(p(0.15, 0.95), p(0.78, 0.2))
        painter.drawPolygon([p(0.9, 0.03), p(0.68, 0.2), p(0.82, 0.33)])
    elif weapon == "sword":
        painter.drawLine(p(0.3, 0.85), p(0.85, 0.1))
        painter.drawLine(p(0.18, 0.6), p(0.5, 0.85))
    elif weapon in ("axe", "war_axe"):
        painter.drawLine(p(0.3, 0.98), p(0.62, 0.05))
        head = QPainterPath(p(0.55, 0.15))
        head.quadTo(p(0.98, 0.1), p(0.9, 0.55))
        head.lineTo(p(0.5, 0.35))
        head.closeSubpath()
        painter.drawPath(head)
        if weapon == "war_axe":
            back = QPainterPath(p(0.58, 0.2))
            back.quadTo(p(0.2, 0.0), p(0.3, 0.42))
            back.closeSubpath()
            painter.drawPath(back)
    elif weapon == "scimitar":
        blade = QPainterPath(p(0.2, 0.9))
        blade.quadTo(p(0.35, 0.2), p(0.92, 0.05))
        blade.quadTo(p(0.5, 0.35), p(0.3, 0.92))
        blade.closeSubpath()
        painter.drawPath(blade)
        painter.drawLine(p(0.08, 0.78), p(0.38, 0.95))
    elif weapon == "talons":
        wings = QPainterPath(p(0.02, 0.3))
        wings.quadTo(p(0.3, 0.35), p(0.5, 0.7))
        wings.quadTo(p(0.7, 0.35), p(0.98, 0.3))
        wings.quadTo(p(0.7, 0.6), p(0.5, 0.95))
        wings.quadTo(p(0.3, 0.6), p(0.02, 0.3))
        painter.drawPath(wings)
    elif weapon == "claws":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(p(0.5, 0.68), w * 0.2, h * 0.24)
        for i in range(4):
            angle = math.radians(-150 + i * 40)
            painter.drawEllipse(
                QPointF(x0 + w * (0.5 + 0.3 * math.cos(angle)), y0 + h * (0.58 + 0.45 * math.sin(angle))),
                w * 0.07,
                h * 0.1,
            )
    elif weapon == "staff":
        painter.drawLine(p(0.5, 0.98), p(0.5, 0.15))
        painter.drawEllipse(p(0.5, 0.12), w * 0.08, h * 0.1)
    elif weapon == "fangs":
        painter.setPen(Qt.PenStyle.NoPen)
        for fx in (0.3, 0.7):
            painter.drawPolygon([p(fx - 0.14, 0.1), p(fx + 0.14, 0.1), p(fx, 0.85)])
    else:
        painter.drawEllipse(box.center(), w * 0.2, h * 0.2)


def _marker(painter: QPainter, tab: QRectF, size: float, text: str, fill: str, ink: str, round_: bool) -> None:
    """A small marker counter on top of a counter's edge, as the printed game stacks them."""
    painter.setPen(QPen(QColor("#222222"), size * 0.025))
    painter.setBrush(QColor(fill))
    if round_:
        painter.drawEllipse(tab)
    else:
        painter.drawRect(tab)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(size * 0.23)))
    painter.setFont(font)
    painter.setPen(QColor(ink))
    painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, text)


def _hit_marker(painter: QPainter, rect: QRectF, hits: int) -> None:
    """S-10's white hit counter, its digit showing along the leader's upper edge."""
    s = rect.width()
    tab = QRectF(rect.right() - s * 0.36, rect.top() - s * 0.2, s * 0.34, s * 0.3)
    _marker(painter, tab, s, str(hits), "#ffffff", "#c4161c", round_=False)


def _hysteria_marker(painter: QPainter, rect: QRectF) -> None:
    """O-4's "H" counter in the hex."""
    s = rect.width()
    tab = QRectF(rect.left() - s * 0.08, rect.top() - s * 0.2, s * 0.32, s * 0.3)
    _marker(painter, tab, s, "H", "#ffe066", "#000000", round_=True)


STACK_OFFSET = 0.12  # of the counter size, up and to the right per counter beneath


def paint_ladder_marker(painter: QPainter, rect: QRectF) -> None:
    """Helm's Deep VI: "the eight game pieces that have ladder symbols": rails and rungs on wood."""
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(20, 20, 20), s * 0.035))
    painter.setBrush(QColor("#e8d9a8"))
    painter.drawRoundedRect(rect, s * 0.08, s * 0.08)
    wood = QPen(QColor("#6b4423"), s * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.setPen(wood)
    left, right = rect.left() + s * 0.32, rect.right() - s * 0.32
    top, bottom = rect.top() + s * 0.12, rect.bottom() - s * 0.12
    painter.drawLine(QPointF(left, top), QPointF(left, bottom))
    painter.drawLine(QPointF(right, top), QPointF(right, bottom))
    for i in range(1, 6):
        y = top + (bottom - top) * i / 6
        painter.drawLine(QPointF(left, y), QPointF(right, y))
    painter.restore()


def paint_bomb_marker(painter: QPainter, rect: QRectF) -> None:
    """Helm's Deep VI: "the four small tokens with the bomb symbol": a black ball with a lit fuse."""
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(20, 20, 20), s * 0.035))
    painter.setBrush(QColor("#d9d4c7"))
    painter.drawEllipse(rect)
    painter.setBrush(QColor("#161616"))
    ball = QRectF(rect.left() + s * 0.2, rect.top() + s * 0.3, s * 0.5, s * 0.5)
    painter.drawEllipse(ball)
    painter.setPen(QPen(QColor("#6b4423"), s * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    fuse = QPainterPath(QPointF(ball.center().x() + s * 0.12, ball.top() + s * 0.05))
    fuse.quadTo(QPointF(rect.left() + s * 0.75, rect.top() + s * 0.15), QPointF(rect.left() + s * 0.82, rect.top() + s * 0.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(fuse)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f29a1f"))
    painter.drawEllipse(QPointF(rect.left() + s * 0.84, rect.top() + s * 0.18), s * 0.07, s * 0.07)
    painter.restore()


def paint_stack_count(painter: QPainter, top: QRectF, count: int) -> None:
    """How many counters a stack holds, on a dark disc on the top counter's left edge, clear
    of its values (bottom), its symbol (middle) and the hit and hysteria markers (top)."""
    s = top.width()
    r = s * 0.18
    centre = QPointF(top.left() - s * 0.08, top.top() + s * 0.42)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#ffffff"), s * 0.025))
    painter.setBrush(QColor("#202020"))
    painter.drawEllipse(centre, r, r)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(7, int(s * 0.27)))
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(count))
    painter.restore()


def paint_stack(painter: QPainter, center: QPointF, size: float, faces: list[CounterFace]) -> None:
    """Paint a stack, bottom counter first, each higher one offset so all stay visible."""
    n = len(faces)
    for i, face in enumerate(faces):
        shift = (i - (n - 1) / 2) * STACK_OFFSET * size
        rect = QRectF(center.x() - size / 2 + shift, center.y() - size / 2 - shift, size, size)
        paint_counter(painter, rect, face)


def counter_sheet(faces: list[CounterFace], size: int = 96, columns: int = 8) -> QImage:
    """All the faces on one image, for documentation and for checking the art by eye."""
    gap = size // 3
    rows = max(1, math.ceil(len(faces) / columns))
    image = QImage(columns * (size + gap) + gap, rows * (size + gap) + gap, QImage.Format.Format_ARGB32)
    image.fill(QColor("#dfe6b8"))
    painter = QPainter(image)
    for i, face in enumerate(faces):
        row, col = divmod(i, columns)
        rect = QRectF(gap + col * (size + gap), gap + row * (size + gap), size, size)
        paint_counter(painter, rect, face)
    painter.end()
    return image
