"""The play board: the map scene with the game's counters and play overlays.

It draws whatever state the controller shows (the live game or a replay
position) and forwards clicks to the controller; it decides nothing itself.
Overlays: setup zones and entry hexes, reachable hexes with their cost, the
previewed path, attackers and target, the line of sight with its blocking hex,
open skirmishes, and who holds each victory location.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from bofa_studio.hexgrid import Hex
from bofa_studio.los import line_of_sight
from bofa_studio.play.faces import Face
from bofa_studio.play.marks import Mark
from bofa_studio.ui import style
from bofa_studio.ui.map.counter_layer import CounterLayer, CounterOnMap
from bofa_studio.ui.map.scene import MapScene, ToolEvent

# Play counters are a little wider than a hex's 1.5 corner radii to its diagonal neighbours,
# so that at the whole-map zoom of a 1080-pixel screen they are 36 px and more and their
# values read (issue 17: about 20 px at 1.05 radii). Neighbouring stacks overlap by 0.05
# radius at their corners, clear of the values; the hovered or selected stack is drawn on top.
PLAY_COUNTER_SIZE = style.HEX_PX * 1.6
PATH = QColor("#0d47a1")
LOS_CLEAR = QColor("#1b8a2e")
LOS_BLOCKED = QColor("#c62828")
PEN_STYLES = {"area": Qt.PenStyle.SolidLine, "outline": Qt.PenStyle.SolidLine, "dashed": Qt.PenStyle.DashLine,
              "dotted": Qt.PenStyle.DotLine, "line": Qt.PenStyle.SolidLine, "arrow": Qt.PenStyle.SolidLine,
              "cross": Qt.PenStyle.SolidLine}


def rgba(text: str) -> QColor:
    """A mark's colour: ``#rrggbb`` or ``#rrggbbaa`` (Qt itself reads 8 digits as #aarrggbb)."""
    if len(text) == 9 and text.startswith("#"):
        r, g, b, a = (int(text[i:i + 2], 16) for i in (1, 3, 5, 7))
        return QColor(r, g, b, a)
    return QColor(text)


class PlayTool:
    """The scene's tool in play mode: a left click goes to the controller."""

    def __init__(self, board: PlayBoard) -> None:
        self.board = board

    def press(self, event: ToolEvent) -> None:
        if event.hex is None:
            return
        if event.button == Qt.MouseButton.RightButton:
            self.board.controller.clear_selection()
            return
        if event.button == Qt.MouseButton.LeftButton:
            plain = bool(event.modifiers & Qt.KeyboardModifier.ShiftModifier)
            self.board.click(event.pos, event.hex, plain=plain)

    def move(self, event: ToolEvent) -> None:
        self.board.hover(event.hex)

    def release(self, event: ToolEvent) -> None:
        pass


class TrayDropFilter(QObject):
    """Accepts tray counters dropped on the map view's viewport (setup and reinforcements).

    An event filter rather than a MapView subclass: the view is shared with the editors,
    and only play mode knows what a dropped counter means."""

    def __init__(self, view: Any, board: PlayBoard) -> None:
        super().__init__(view)
        self.view = view
        self.board = board
        view.setAcceptDrops(True)
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        t = event.type()
        if t not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        from bofa_studio.ui.play.panels import mime_counter

        cid = mime_counter(event.mimeData())  # type: ignore[attr-defined]
        if cid is None or not self.board.enabled:
            event.ignore()
            return True
        scene_pos = self.view.mapToScene(event.position().toPoint())  # type: ignore[attr-defined]
        if t == QEvent.Type.Drop:
            self.board.drop(cid, scene_pos)
        else:
            self.board.hover(self.board.scene.hex_at(scene_pos))
        event.acceptProposedAction()  # type: ignore[attr-defined]
        return True


class PlayBoard:
    """Keeps a MapScene's counters and overlays in step with a PlayController."""

    def __init__(self, scene: MapScene, controller: Any) -> None:
        self.scene = scene
        self.controller = controller
        self.counters = CounterLayer(scene, PLAY_COUNTER_SIZE)
        self.hovered: Hex | None = None
        self.enabled = True  # False while a hand-over prompt covers the board
        self.inspected: Hex | None = None  # the last hex clicked, for the Hex panel
        self.hidden_overlays: set[str] = set()  # the View menu's overlays switched off
        self.inspect_listeners: list[Any] = []
        scene.tool = PlayTool(self)
        controller.subscribe(self.refresh)
        self._faces: dict[Any, Face] = {}
        # Chances and labels must be readable over the counters (which lie above overlays).
        self.labels: dict[str, QGraphicsPathItem] = {}
        self._tag_rects: list[QRectF] = []
        self.refresh()

    # -- input ---------------------------------------------------------------
    def click(self, pos: QPointF, h: Hex, *, plain: bool = False) -> None:
        if not self.enabled:
            return
        self.inspected = h
        for listener in self.inspect_listeners:
            listener()
        hit = self.counters.counter_at(pos)
        if hit is not None:
            h, counter = hit
            self.controller.click(h, counter, plain=plain)
        else:
            self.controller.click(h, plain=plain)

    def drop(self, cid: str, pos: QPointF) -> bool:
        """A tray counter dropped at scene point ``pos``: the controller places it or says why not."""
        if not self.enabled:
            return False
        return self.controller.drop(cid, self.scene.hex_at(pos))

    def show_overlay(self, name: str, shown: bool) -> None:
        (self.hidden_overlays.discard if shown else self.hidden_overlays.add)(name)
        self.refresh()

    def hover(self, h: Hex | None) -> None:
        if h != self.hovered:
            self.hovered = h
            self._raise_stack()
            self._draw_path()
            self._draw_los()

    # -- drawing -----------------------------------------------------------------
    def refresh(self) -> None:
        c = self.controller
        state = c.shown_state()
        stacks: dict[Hex, list[CounterOnMap]] = {}
        for h, pieces in c.pieces_on_map(state).items():
            items = []
            for cid in pieces:
                acted = c.has_acted(cid, state)
                key = (c.face_key(cid, state), acted)
                face = self._faces.get(key)
                if face is None:
                    face = c.face(cid, state)
                    face = self._faces[key] = replace(face, dimmed=True) if acted else face
                items.append(CounterOnMap(cid, face))
            stacks[h] = items
        self.counters.set_stacks(stacks)
        live = c.replay is None
        self.counters.set_selected(set(c.selection) if live else set())
        self._raise_stack()
        ov = self.scene.overlay
        for key in [k for k in ov.keys() if k.startswith("play.")]:
            ov.clear(key)
        for item in self.labels.values():
            item.setPath(QPainterPath())
        self._tag_rects: list[QRectF] = []  # the tags drawn so far, of every mark
        for mark in c.marks():
            if mark.overlay not in self.hidden_overlays:
                self._draw_mark(mark)
        if not live:
            for mark in c.replay_marks():
                self._draw_mark(mark)
            return
        self._draw_path()
        self._draw_los()

    def _raise_stack(self) -> None:
        """The stack under the mouse, else the selected one, lies over its neighbours' corners."""
        c = self.controller
        top = self.hovered if self.hovered in self.counters.stacks else None
        if top is None and c.replay is None and c.selection:
            top = c.hex_of(next(iter(c.selection)), c.shown_state())
        self.counters.raise_stack(top)

    def _draw_mark(self, mark: Mark) -> None:
        """One mark of the ruleset's, by its style: hexes shaded or ringed, lines with arrows,
        crosses, and short tags; nothing decided here."""
        w = style.HEX_PX
        colour = rgba(mark.colour)
        pen_style = PEN_STYLES[mark.style]
        brush = None
        if mark.style in ("line", "arrow"):
            path = QPainterPath()
            for line in mark.lines:
                path.addPath(self._polyline(list(line), arrow=mark.style == "arrow"))
            pen = QPen(colour, w * mark.width, pen_style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        elif mark.style == "cross":
            path = QPainterPath()
            s = w * 0.3
            for h in mark.hexes:
                p = self.scene.hex_center(h)
                path.moveTo(p.x() - s, p.y() - s)
                path.lineTo(p.x() + s, p.y() + s)
                path.moveTo(p.x() - s, p.y() + s)
                path.lineTo(p.x() + s, p.y() - s)
            pen = QPen(colour, w * mark.width)
        else:
            path = self._hex_path(mark.hexes)
            pen = QPen(colour, w * mark.width, pen_style)
            brush = QBrush(rgba(mark.fill)) if mark.fill else None
        if mark.above:
            item = self._label_item(mark.key, colour)
            item.setBrush(brush or QBrush())
            item.setPen(pen)
            item.setPath(path)
        elif not path.isEmpty():
            self.scene.overlay.set_path(f"play.{mark.key}", path, pen, brush)
        if mark.tags:
            tag_colour = rgba(mark.tag_colour or mark.colour)
            if mark.plain_tags:
                self._plain_texts(f"play.{mark.key}_cost", mark.tags, tag_colour)
            else:
                self._texts(mark.tag_key or mark.key, mark.tags, tag_colour)

    def _plain_texts(self, key: str, texts: dict[Hex, str], colour: QColor) -> None:
        """Short numbers on hexes (move costs), under the counters."""
        text = QPainterPath()
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(style.HEX_PX * 0.32))
        for h, value in texts.items():
            centre = self.scene.hex_center(h)
            text.addText(QPointF(centre.x() - style.HEX_PX * 0.1 * len(value), centre.y() + style.HEX_PX * 0.12),
                         font, value)
        self.scene.overlay.set_path(key, text, None, QBrush(colour))

    def _hex_path(self, hexes) -> QPainterPath:
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(self.scene.hex_polygon(h))
            path.closeSubpath()
        return path

    # -- tags, lines and paths -------------------------------------------------------------
    def _label_item(self, key: str, colour: QColor) -> QGraphicsPathItem:
        item = self.labels.get(key)
        if item is None:
            item = self.labels[key] = QGraphicsPathItem()
            item.setZValue(40)
            self.scene.addItem(item)
        item.setBrush(QBrush(colour))
        item.setPen(QPen(QColor("white"), style.HEX_PX * 0.04))
        return item

    def _texts(self, key: str, texts: dict[Hex, str], colour: QColor, above: bool = True) -> None:
        """Short labels on hexes (chances) as white tags above the counters, so a chance
        stays readable over the counter it is about at any zoom the board is played at."""
        from PySide6.QtGui import QFontMetricsF

        text_path, tags = QPainterPath(), QPainterPath()
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(style.HEX_PX * 0.3))
        metrics = QFontMetricsF(font)
        pad = style.HEX_PX * 0.05
        height = metrics.ascent() + metrics.descent() + 2 * pad
        # Top to bottom, left to right, so the same position always lays its tags out alike.
        for h, text in sorted(texts.items(), key=lambda item: (self.scene.hex_center(item[0]).y(),
                                                               self.scene.hex_center(item[0]).x())):
            c = self.scene.hex_center(h)
            width = metrics.horizontalAdvance(text)
            base = c.y() - style.HEX_PX * 0.52 if above else c.y() + style.HEX_PX * 0.12
            x = c.x() - width / 2
            rect = QRectF(x - pad, base - metrics.ascent() - pad, width + 2 * pad, height)
            shift = self._free_shift(rect, height + pad)
            tags.addRoundedRect(rect.translated(0, shift), pad * 2, pad * 2)
            text_path.addText(QPointF(x, base + shift), font, text)
        bg = self._label_item(key + ".tag", QColor("white"))
        bg.setZValue(39)
        bg.setPen(QPen(colour, style.HEX_PX * 0.03))
        bg.setPath(tags)
        item = self._label_item(key, colour)
        item.setPen(QPen(Qt.PenStyle.NoPen))
        item.setPath(text_path)

    def _free_shift(self, rect: QRectF, step: float) -> float:
        """How far up or down to move a tag so it overlaps no tag already drawn: a tag is wider
        than a hex, and the tags of two targets in the same row ran into each other ("fire 3,
        column 2-3fire 4, ..."). Nearest first, up before down; the tag is then taken."""
        for k in range(7):
            shift = (k + 1) // 2 * step * (-1 if k % 2 else 1)
            moved = rect.translated(0, shift)
            if not any(moved.intersects(other) for other in self._tag_rects):
                break
        else:
            shift, moved = 0.0, rect  # crowded beyond three rows either way: leave it in place
        self._tag_rects.append(moved)
        return shift

    def _polyline(self, hexes: list[Hex], arrow: bool = False) -> QPainterPath:
        path = QPainterPath()
        if len(hexes) < 2:
            return path
        pts = [self.scene.hex_center(h) for h in hexes]
        path.moveTo(pts[0])
        for p in pts[1:]:
            path.lineTo(p)
        if arrow:
            self._arrowhead(path, pts[-2], pts[-1])
        return path

    @staticmethod
    def _arrowhead(path: QPainterPath, a: QPointF, b: QPointF) -> None:
        import math

        angle = math.atan2(b.y() - a.y(), b.x() - a.x())
        size = style.HEX_PX * 0.3
        for side in (-0.45, 0.45):
            path.moveTo(b)
            path.lineTo(b.x() - size * math.cos(angle + side), b.y() - size * math.sin(angle + side))

    def _draw_path(self) -> None:
        ov = self.scene.overlay
        ov.clear("play.path")
        c = self.controller
        if c.replay is not None or self.hovered is None:
            return
        hexes = c.path_preview(self.hovered)
        if len(hexes) < 2:
            return
        path = QPainterPath(self.scene.hex_center(hexes[0]))
        for h in hexes[1:]:
            path.lineTo(self.scene.hex_center(h))
        pen = QPen(PATH, style.HEX_PX * 0.08, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        ov.set_path("play.path", path, pen, None)

    def los_results(self) -> list[Any]:
        """The lines of sight the ruleset asks for now (B-8: each selected archer to the target)."""
        c = self.controller
        pairs = c.sight_lines(self.hovered)
        if not pairs:
            return []
        occupied = set(c.pieces_on_map(c.state))
        return [line_of_sight(c.game.board, a, b, occupied) for a, b in pairs]

    def _draw_los(self) -> None:
        ov = self.scene.overlay
        for key in ("play.los_clear", "play.los_blocked", "play.los_blocker"):
            ov.clear(key)
        results = self.los_results()
        clear, blocked, marks = QPainterPath(), QPainterPath(), QPainterPath()
        for r in results:
            a, b = self.scene.hex_center(r.origin), self.scene.hex_center(r.target)
            if r.clear:
                clear.moveTo(a)
                clear.lineTo(b)
            else:
                stop = self.scene.hex_center(r.blocked_by) if r.blocked_by is not None else b
                clear.moveTo(a)
                clear.lineTo(stop)
                blocked.moveTo(stop)
                blocked.lineTo(b)
                if r.blocked_by is not None:
                    s = style.HEX_PX * 0.35
                    marks.moveTo(stop.x() - s, stop.y() - s)
                    marks.lineTo(stop.x() + s, stop.y() + s)
                    marks.moveTo(stop.x() - s, stop.y() + s)
                    marks.lineTo(stop.x() + s, stop.y() - s)
        w = style.HEX_PX * 0.07
        ov.set_path("play.los_clear", clear, QPen(LOS_CLEAR, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None)
        ov.set_path("play.los_blocked", blocked, QPen(LOS_BLOCKED, w, Qt.PenStyle.DashLine), None)
        ov.set_path("play.los_blocker", marks, QPen(LOS_BLOCKED, w * 1.6), None)

    def counter_rect(self, cid: str) -> QRectF | None:
        """Where a counter is drawn (for tests that click a particular counter)."""
        h = self.controller.hex_of(cid, self.controller.shown_state())
        if h is None:
            return None
        ids = [x.id for x in self.counters.stacks.get(h, [])]
        return self.counters.counter_rects(h)[ids.index(cid)]
