"""The play board: the map scene with the game's counters and play overlays.

It draws whatever state the controller shows (the live game or a replay
position) and forwards clicks to the controller; it decides nothing itself.
Overlays: setup zones and entry hexes, reachable hexes with their cost, the
previewed path, attackers and target, the line of sight with its blocking hex,
open skirmishes, and who holds each victory location.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from bofa_studio.hexgrid import Hex
from bofa_studio.los import line_of_sight
from bofa_studio.ui import style
from bofa_studio.ui.map.counter_art import CounterFace
from bofa_studio.ui.map.counter_layer import CounterLayer, CounterOnMap
from bofa_studio.ui.map.scene import MapScene, ToolEvent
from bofa_studio.ui.play.seats import SIDE_COLOURS

REACH = QColor(60, 170, 90, 70)
ZONE = QColor(250, 200, 40, 70)
SELECTED = QColor("#ff9800")
TARGET = QColor("#d32f2f")
PATH = QColor("#0d47a1")
LOS_CLEAR = QColor("#1b8a2e")
LOS_BLOCKED = QColor("#c62828")
SKIRMISH = QColor("#ff6f00")
DIVE = QColor("#7b1fa2")
ROCKS = QColor("#5d4037")
CHECK = QColor("#f9a825")
ESCAPE = QColor(0, 150, 200, 90)
DESTROY = QColor(200, 30, 30, 80)
PUSH = QColor("#6a1b9a")


def face_of(game: Any, state: Any, cid: str) -> CounterFace:
    spec = game.specs[cid]
    steps = max(1, state.steps.get(cid, 2))
    return CounterFace(
        name=spec.name, colour=spec.colour, weapon=spec.weapon,
        strength=spec.strength[steps - 1], movement=spec.movement[steps - 1], bow=spec.bow[steps - 1],
        reduced=steps == 1, leader=spec.leader,
        hits=getattr(state, "hits", {}).get(cid, 0), hysterical=cid in getattr(state, "hysteric", ()),
    )


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
        self.counters = CounterLayer(scene)
        self.hovered: Hex | None = None
        self.enabled = True  # False while a hand-over prompt covers the board
        scene.tool = PlayTool(self)
        controller.subscribe(self.refresh)
        self._faces: dict[tuple[str, int, int, bool], CounterFace] = {}
        # Chances and labels must be readable over the counters (which lie above overlays).
        self.labels: dict[str, QGraphicsPathItem] = {}
        self.refresh()

    # -- input ---------------------------------------------------------------
    def click(self, pos: QPointF, h: Hex, *, plain: bool = False) -> None:
        if not self.enabled:
            return
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

    def hover(self, h: Hex | None) -> None:
        if h != self.hovered:
            self.hovered = h
            self._draw_path()
            self._draw_los()

    # -- drawing -----------------------------------------------------------------
    def refresh(self) -> None:
        c = self.controller
        state = c.shown_state()
        game = c.game
        stacks: dict[Hex, list[CounterOnMap]] = {}
        for i, stack in state.stacks.items():
            items = []
            for cid in stack:
                key = (cid, state.steps.get(cid, 2), state.hits.get(cid, 0), cid in state.hysteric)
                face = self._faces.get(key)
                if face is None:
                    face = self._faces[key] = face_of(game, state, cid)
                items.append(CounterOnMap(cid, face))
            stacks[game.hex(i)] = items
        self.counters.set_stacks(stacks)
        live = c.replay is None
        self.counters.set_selected(set(c.selection) if live else set())
        ov = self.scene.overlay
        for key in [k for k in ov.keys() if k.startswith("play.")]:
            ov.clear(key)
        for item in self.labels.values():
            item.setPath(QPainterPath())
        self._draw_victory(state)
        self._draw_skirmishes(state)
        if not live:
            return
        self._draw_zone()
        self._draw_reach()
        self._draw_standard()
        self._draw_selection()
        self._draw_path()
        self._draw_los()

    def _hex_path(self, hexes) -> QPainterPath:
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(self.scene.hex_polygon(h))
            path.closeSubpath()
        return path

    def _draw_victory(self, state: Any) -> None:
        """Victory locations outlined in the colour of the side that holds them now (B-11)."""
        from bofa_studio.rules.bofa1984 import victory

        game = self.controller.game
        try:
            held = victory.control(game, state)
        except Exception:  # a ruleset without this module: no victory outlines
            return
        for name, side in held.items():
            hexes = [game.hex(i) for i in game.victory_hexes[name]]
            colour = QColor(SIDE_COLOURS.get(side or "", "#777777"))
            pen = QPen(colour, style.HEX_PX * 0.09)
            pen.setStyle(Qt.PenStyle.SolidLine if side else Qt.PenStyle.DashLine)
            self.scene.overlay.set_path(f"play.victory.{name}", self._hex_path(hexes), pen, None)

    def _draw_skirmishes(self, state: Any) -> None:
        game = self.controller.game
        contested = [game.hex(h) for h, s in state.stacks.items() if len({game.side_of[c] for c in s}) == 2]
        if contested:
            pen = QPen(SKIRMISH, style.HEX_PX * 0.07, Qt.PenStyle.DotLine)
            self.scene.overlay.set_path("play.skirmish", self._hex_path(contested), pen, None)

    def _draw_zone(self) -> None:
        c = self.controller
        if c.tray_pick is None:
            return
        game, state = c.game, c.state
        if state.stage == "setup":
            hexes = [game.hex(i) for i in game.setup_zone.get(c.tray_pick, ())]
        else:
            hexes = [game.hex(i) for i in game.entry_hexes(state, c.tray_pick)]
        self.scene.overlay.set_path("play.zone", self._hex_path(hexes), QPen(QColor(160, 110, 0), 0), QBrush(ZONE))

    def _draw_reach(self) -> None:
        reach = self.controller.reach
        if reach is None:
            return
        ov = self.scene.overlay
        ov.set_path("play.reach", self._hex_path(reach.costs), QPen(QColor(30, 120, 60), 0), QBrush(REACH))
        text = QPainterPath()
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(style.HEX_PX * 0.32))
        for h, cost in reach.costs.items():
            if self.controller.stack(h):
                continue  # the counters there stay readable; the tooltip gives the cost
            centre = self.scene.hex_center(h)
            text.addText(QPointF(centre.x() - style.HEX_PX * 0.1 * len(str(cost)), centre.y() + style.HEX_PX * 0.12),
                         font, str(cost))
        ov.set_path("play.reach_cost", text, None, QBrush(QColor(20, 80, 40)))

    # -- Standard Game gestures ---------------------------------------------------------
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
        for h, text in texts.items():
            c = self.scene.hex_center(h)
            width = metrics.horizontalAdvance(text)
            base = c.y() - style.HEX_PX * 0.52 if above else c.y() + style.HEX_PX * 0.12
            x = c.x() - width / 2
            tags.addRoundedRect(QRectF(x - pad, base - metrics.ascent() - pad, width + 2 * pad,
                                       metrics.ascent() + metrics.descent() + 2 * pad), pad * 2, pad * 2)
            text_path.addText(QPointF(x, base), font, text)
        bg = self._label_item(key + ".tag", QColor("white"))
        bg.setZValue(39)
        bg.setPen(QPen(colour, style.HEX_PX * 0.03))
        bg.setPath(tags)
        item = self._label_item(key, colour)
        item.setPen(QPen(Qt.PenStyle.NoPen))
        item.setPath(text_path)

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

    def _draw_standard(self) -> None:
        """S-6 morale checks, S-7 dives and rolling rocks, S-8 spells, S-10 escapes, S-3
        regroup placements: everything the controller marks, drawn; nothing decided here."""
        c = self.controller
        ov = self.scene.overlay
        w = style.HEX_PX
        if c.checks:
            pen = QPen(CHECK, w * 0.09, Qt.PenStyle.DashLine)
            ov.set_path("play.checks", self._hex_path(c.checks), pen, QBrush(QColor(249, 168, 37, 60)))
            self._texts("checks", {h: f"M {p:.0%}" for h, p in c.checks.items()}, QColor("#8d5a00"))
        dives = c.dives()
        if dives:
            ov.set_path("play.dive_targets", self._hex_path(dives), QPen(DIVE, w * 0.12), QBrush(QColor(123, 31, 162, 50)))
            self._texts("dives", {h: f"dive {c.dive_chance(h):.0%}" for h in dives}, DIVE)
        flight = c.dive_path()
        if flight:
            a = c.armed
            ends = [d.to for d in dives.get(a.target, [])]
            ov.set_path("play.dive_ends", self._hex_path(ends), QPen(DIVE, 0), QBrush(QColor(123, 31, 162, 35)))
            pen = QPen(DIVE, w * 0.1, Qt.PenStyle.DashDotLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            ov.set_path("play.dive_path", self._polyline(flight, arrow=True), pen, None)
            self._label_item("dive_path", DIVE).setPath(QPainterPath())
        losses = c.loss_hexes()
        if losses:
            # B-7: where the hit falls; click the counter that takes it (or use its button).
            ov.set_path("play.loss", self._hex_path(losses), QPen(TARGET, w * 0.12, Qt.PenStyle.DashLine),
                        QBrush(QColor(211, 47, 47, 50)))
            self._texts("loss", dict.fromkeys(losses, "hit?"), TARGET)
        emptied = c.advance_hex()
        if emptied is not None:
            # B-7: the emptied hex the attackers may advance into.
            ov.set_path("play.advance", self._hex_path([emptied]), QPen(SELECTED, w * 0.12, Qt.PenStyle.DashLine),
                        QBrush(QColor(255, 152, 0, 60)))
            self._texts("advance", {emptied: "advance?"}, QColor("#8d5a00"))
        rocks = c.rocks()
        if rocks:
            lines, struck = QPainterPath(), {}
            for r in rocks:
                lines.addPath(self._polyline(r.line, arrow=True))
                if r.struck is not None:
                    struck[r.struck] = f"rocks {r.chance:.0%}"
            armed = [r for r in rocks if r.action == c.armed]
            ov.set_path("play.rocks", lines, QPen(ROCKS, w * (0.08 if armed else 0.12), Qt.PenStyle.SolidLine,
                                                  Qt.PenCapStyle.RoundCap), None)
            piles = [r.line[0] for r in rocks]
            ov.set_path("play.rock_piles", self._hex_path(piles), QPen(ROCKS, w * 0.1, Qt.PenStyle.DotLine), None)
            ov.set_path("play.rock_targets", self._hex_path(struck), QPen(ROCKS, w * 0.12), None)
            if armed:
                chosen = QColor("#ff6f00")
                pile = c.rock_pile()
                # The chosen pile's other slope lines, dashed: a click on the pile picks the next.
                others = QPainterPath()
                for r in rocks:
                    if r.line[0] == pile and r is not armed[0]:
                        others.addPath(self._polyline(r.line, arrow=True))
                ov.set_path("play.rock_pile_lines", others, QPen(chosen, w * 0.08, Qt.PenStyle.DashLine,
                                                                 Qt.PenCapStyle.RoundCap), None)
                ov.set_path("play.rock_armed", self._polyline(armed[0].line, arrow=True),
                            QPen(chosen, w * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None)
                ends = [h for h in (pile, armed[0].struck) if h is not None]
                ov.set_path("play.rock_chosen", self._hex_path(ends), QPen(chosen, w * 0.14), None)
            self._texts("rocks", struck, ROCKS)
        shaded: list[Hex] = []
        colour = ESCAPE
        if c.mode == "escape":
            shaded = c.escape_hexes()
        elif c.state.stage == "regroup_place":
            shaded = c.regroup_hexes()
        elif c.state.stage == "ground_eagles":
            shaded, colour = c.ground_eagle_hexes()[:1], QColor(123, 31, 162, 70)
            self._texts("eagles", {h: "Eagles: skirmish?" if i == 0 else "Eagles next"
                                   for i, h in enumerate(c.ground_eagle_hexes())}, DIVE)
        elif c.mode == "destroy":
            shaded, colour = c.destroy_targets(), DESTROY
            a = c.armed
            if a is not None and getattr(a, "spell", None) == "destroy":
                # S-8: the picked hex, its chance; the effect below crosses out its victims.
                ov.set_path("play.destroy_target", self._hex_path([a.target]), QPen(LOS_BLOCKED, w * 0.14), None)
                self._texts("destroy", {a.target: f"destroy {c.spell_chance(a):.0%}"}, LOS_BLOCKED)
        if shaded:
            ov.set_path("play.pick", self._hex_path(shaded), QPen(colour.darker(200), w * 0.05), QBrush(colour))
        if c.state.stage == "regroup_place":
            shifts = c.regroup_shift_hexes()
            if shifts:  # S-1: a full neighbour that a shift can empty, ringed apart from plain moves
                ov.set_path("play.shift", self._hex_path(shifts), QPen(ESCAPE.darker(250), w * 0.12,
                                                                       Qt.PenStyle.DashLine), None)
        effect = c.effect()
        if effect is not None:
            arrows, gone = QPainterPath(), QPainterPath()
            seen: set[tuple[Hex, Hex]] = set()
            for a, b in effect.moved.values():
                if (a, b) not in seen:
                    seen.add((a, b))
                    arrows.addPath(self._polyline([a, b], arrow=True))
            s = w * 0.3
            for h in set(effect.removed.values()):
                p = self.scene.hex_center(h)
                gone.moveTo(p.x() - s, p.y() - s)
                gone.lineTo(p.x() + s, p.y() + s)
                gone.moveTo(p.x() - s, p.y() + s)
                gone.lineTo(p.x() + s, p.y() - s)
            pen = QPen(PUSH, w * 0.08, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            self._label_item("effect", PUSH).setPath(QPainterPath())
            item = self._label_item("effect_arrows", PUSH)
            item.setBrush(QBrush())
            item.setPen(pen)
            item.setPath(arrows)
            gone_item = self._label_item("effect_removed", LOS_BLOCKED)
            gone_item.setBrush(QBrush())
            gone_item.setPen(QPen(LOS_BLOCKED, w * 0.12))
            gone_item.setPath(gone)
            if effect.flipped:
                ov.set_path("play.effect_flipped", self._hex_path(set(effect.flipped.values())),
                            QPen(QColor("#2e7d32"), w * 0.12), None)

    def _draw_selection(self) -> None:
        c = self.controller
        ov = self.scene.overlay
        hexes = {c.hex_of(cid) for cid in c.selection} - {None}
        if hexes:
            ov.set_path("play.selected", self._hex_path(hexes), QPen(SELECTED, style.HEX_PX * 0.08), None)
        if c.target is not None:
            ov.set_path("play.target", self._hex_path([c.target]), QPen(TARGET, style.HEX_PX * 0.1), None)

    def _draw_path(self) -> None:
        ov = self.scene.overlay
        ov.clear("play.path")
        c = self.controller
        if c.reach is None or self.hovered not in c.reach.moves or c.replay is not None:
            return
        hexes = c.reach.path(c.game, c.state, self.hovered)
        if len(hexes) < 2:
            return
        path = QPainterPath(self.scene.hex_center(hexes[0]))
        for h in hexes[1:]:
            path.lineTo(self.scene.hex_center(h))
        pen = QPen(PATH, style.HEX_PX * 0.08, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        ov.set_path("play.path", path, pen, None)

    def los_results(self) -> list[Any]:
        """Lines of sight from each selected archer's hex to the target (or hovered) hex."""
        c = self.controller
        if c.replay is not None or c.state.stage != "fire" or not c.selection:
            return []
        target = c.target or self.hovered
        if target is None:
            return []
        occupied = {c.game.hex(i) for i in c.state.stacks}
        origins = {c.hex_of(cid) for cid in c.selection} - {None, target}
        return [line_of_sight(c.game.board, o, target, occupied) for o in sorted(origins)]

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
