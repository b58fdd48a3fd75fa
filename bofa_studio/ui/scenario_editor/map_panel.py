"""The map side of the scenario editor: placed counters, setup zones, problems, drag and drop.

Counters reach the map by a real drag (``QDrag``) from a tray, and leave it the
same way: the placement tool starts a drag when a counter is pulled, so the map
and the trays are both drop targets and the cursor carries the counter. A click
without a drag selects the counter. The drop handlers are plain methods, so
tests call them without a drag loop.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QMimeData, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QDrag, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from bofa_studio.hexgrid import Hex
from bofa_studio.ui.map.counter_art import CounterFace, paint_counter, paint_stack
from bofa_studio.ui.map.counter_layer import COUNTER_SIZE, CounterLayer, CounterOnMap
from bofa_studio.ui.map.scene import MapScene, ToolEvent
from bofa_studio.ui.map.view import MapView
from bofa_studio.ui.scenario_editor import edits
from bofa_studio.ui.scenario_editor.checks import Problem
from bofa_studio.ui.scenario_editor.model import ScenarioModel

MIME = "application/x-bofa-studio-counters"
DRAG_START_PX = 6
# One translucent colour per setup zone, in the order the scenario lists them.
ZONE_COLOURS = ["#2e7d3277", "#1565c077", "#6a1b9a88", "#c6282866", "#ef6c0077", "#00838f77"]


def face_of(counter: dict, reduced: bool = False) -> CounterFace:
    side = counter["reduced" if reduced else "full"]
    return CounterFace(counter["name"], counter["colour"], counter["weapon"], side["strength"],
                       side["movement"], side.get("bow", 0), reduced, counter["kind"] == "leader")


def counter_pixmap(faces: list[CounterFace], size: int = 48) -> QPixmap:
    """The counters of ``faces`` stacked, as a tray icon or a drag's cursor. The trays are built
    anew at every edit of the order of battle and the placements, and painting their 40 to 150
    icons was a quarter of the editor's opening: a face painted once is kept (faces are
    values, and a QPixmap is copied on write, so nobody can change a kept one)."""
    key = (tuple(faces), size)
    pixmap = _PIXMAPS.get(key)
    if pixmap is None:
        image = QImage(int(size * 1.5), int(size * 1.5), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        paint_stack(painter, QPointF(image.width() / 2, image.height() / 2), size, faces)
        painter.end()
        pixmap = QPixmap.fromImage(image)
        if len(_PIXMAPS) >= MAX_PIXMAPS:
            _PIXMAPS.pop(next(iter(_PIXMAPS)))  # the oldest
        _PIXMAPS[key] = pixmap
    return pixmap


# Every counter of a large scenario, both faces, a few drag stacks: about 10 KB an icon.
MAX_PIXMAPS = 1000
_PIXMAPS: dict[tuple[tuple[CounterFace, ...], int], QPixmap] = {}


def mime_for(ids: list[str]) -> QMimeData:
    mime = QMimeData()
    mime.setData(MIME, ",".join(ids).encode())
    return mime


def ids_from(mime: QMimeData) -> list[str]:
    if not mime.hasFormat(MIME):
        return []
    return [i for i in bytes(mime.data(MIME).data()).decode().split(",") if i]


class ScenarioScene(MapScene):
    """The map with the scenario's counters, zone overlays and problem marks on top."""

    def __init__(self, model: ScenarioModel) -> None:
        super().__init__(model.board)
        self.model = model
        self.counters = CounterLayer(self)
        self.show_zones = True
        self.refresh()

    def refresh(self) -> None:
        counters = {c["id"]: c for c in self.model.counters()}
        self.counters.set_stacks({
            h: [CounterOnMap(cid, face_of(counters[cid])) for cid in ids if cid in counters]
            for h, ids in self.model.stacks().items()
        })
        self.draw_zones()

    def draw_zones(self) -> None:
        for key in [k for k in self.overlay._entries if k.startswith("zone:")]:
            self.overlay.clear(key)
        if not self.show_zones:
            self.overlay.update()
            return
        for i, entry in enumerate(self.model.get(("order_of_battle", "setup"), [])):
            colour = QColor(ZONE_COLOURS[i % len(ZONE_COLOURS)])
            edge = QColor(colour)
            edge.setAlpha(220)
            self.overlay.set_hexes(f"zone:{entry['zone']}", self.model.board.areas.get(entry["zone"], ()),
                                   QBrush(colour), QPen(edge, 2.5))

    def mark_problems(self, problems: list[Problem]) -> None:
        """Red rings around hexes whose placement breaks B-2 or B-9."""
        path = QPainterPath()
        for h in {h for p in problems for h in p.hexes}:
            if h in self.model.board:
                path.addPolygon(self.hex_polygon(h))
                path.closeSubpath()
        self.overlay.set_path("problems", path, QPen(QColor("#d50000"), 5), None)

    def highlight(self, hexes: list[Hex]) -> None:
        self.overlay.set_hexes("entry", hexes, QBrush(QColor(255, 235, 59, 120)), QPen(QColor("#f9a825"), 3))


class PlacementTool:
    """Click selects a counter; pulling it starts a drag that the map or a tray takes."""

    def __init__(self, scene: ScenarioScene, select: Callable[[str | None], None],
                 start_drag: Callable[[list[str]], None]) -> None:
        self.scene = scene
        self.select = select
        self.start_drag = start_drag
        self._pressed: tuple[QPointF, str] | None = None

    def press(self, event: ToolEvent) -> None:
        hit = self.scene.counters.counter_at(event.pos)
        self._pressed = (event.pos, hit[1]) if hit else None
        self.select(hit[1] if hit else None)

    def move(self, event: ToolEvent) -> None:
        if self._pressed is None or not (event.buttons & Qt.MouseButton.LeftButton):
            return
        start, cid = self._pressed
        views = self.scene.views()
        scale = views[0].transform().m11() if views else 1.0
        if (event.pos - start).manhattanLength() * scale >= DRAG_START_PX:
            self._pressed = None
            self.start_drag([cid])

    def release(self, event: ToolEvent) -> None:
        self._pressed = None


class ScenarioMapView(MapView):
    """A map view that takes counters dropped from the trays (or from itself)."""

    def __init__(self, scene: ScenarioScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.scenario_scene = scene
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)

    def drop(self, ids: list[str], h: Hex | None) -> None:
        """Place the dragged counters in ``h``; a stack moves as one undo step."""
        model = self.scenario_scene.model
        if h is None or not ids:
            return
        if len(ids) == 1:
            edits.place(model, ids[0], h)
        else:
            edits.place_many(model, {cid: h for cid in ids})

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasFormat(MIME):
            h = self.scenario_scene.hex_at(self.mapToScene(event.position().toPoint()))
            if h is None:
                event.ignore()
            else:
                event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802
        ids = ids_from(event.mimeData())
        if not ids:
            super().dropEvent(event)
            return
        self.drop(ids, self.scenario_scene.hex_at(self.mapToScene(event.position().toPoint())))
        event.acceptProposedAction()


def run_drag(source: QWidget, model: ScenarioModel, ids: list[str]) -> None:
    """A real drag carrying counter ids, with the counters as the cursor image."""
    counters = {c["id"]: c for c in model.counters()}
    drag = QDrag(source)
    drag.setMimeData(mime_for(ids))
    pixmap = counter_pixmap([face_of(counters[c]) for c in ids if c in counters], 44)
    drag.setPixmap(pixmap)
    drag.setHotSpot(pixmap.rect().center())
    drag.exec(Qt.DropAction.MoveAction)


def paint_faces(painter: QPainter, rect: QRectF, counter: dict) -> None:
    """Full and reduced side next to each other, for the details panel."""
    size = min(rect.height(), rect.width() / 2.3)
    paint_counter(painter, QRectF(rect.left(), rect.top(), size, size), face_of(counter))
    paint_counter(painter, QRectF(rect.left() + size * 1.25, rect.top(), size, size), face_of(counter, True))


__all__ = ["COUNTER_SIZE", "MIME", "PlacementTool", "ScenarioMapView", "ScenarioScene", "face_of", "ids_from",
           "mime_for", "run_drag"]
