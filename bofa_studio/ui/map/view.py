"""A zoomable, pannable view of a MapScene.

Wheel zooms about the cursor, pinch zooms on touchpads, +/- and 0 zoom from
the keyboard, and the middle mouse button pans (so do the arrow keys and
scroll bars). Editor tools get the mouse through the scene; the view only
moves the camera.

Speed: painting the 1984 map's 768 hexes in full detail (hatching, level
numbers, labels and symbols) takes ~60 ms, longer than a smooth 30 fps allows.
The scene paints the hexes as its background and the view caches that in a
pixmap the size of the viewport (``CacheBackground``): a repaint that does not
move the camera is one pixmap copy plus the live layers above (hexsides, roads,
slope lines, counters, overlays), a pan scrolls the pixmap and paints only the
newly exposed strip (copied from tiles of the board painted once per zoom, see
``tiles.py``), and a model edit repaints only the hexes it touched. A zoom
changes every pixel, so while the camera zooms the view asks the scene for a
*draft* (terrain and level colours, without text, hatching or antialiasing) and
repaints in full detail once it has been still for ``SETTLE_MS``.
``bench/view_bench.py`` measures this against a baseline that paints every
frame from scratch in full detail.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QCursor, QMouseEvent, QNativeGestureEvent, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QScrollBar, QStyle, QStyleOptionSlider

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.ui.map.scene import MapScene

SETTLE_MS = 140
MIN_SCALE = 0.08
MAX_SCALE = 6.0
STEP = 1.2


class FlatScrollBar(QScrollBar):
    """A scroll bar painted as two flat rectangles, the groove and the handle.

    Every zoom step moves both scroll bars, and the Fusion style's gradients, arrows and
    frames took 1 ms a bar, painted about three times a frame (once for the window under
    it): half of a zoom frame. The bar still hit-tests, drags and pages as the style's.
    """

    GROOVE = QColor("#e6e1d4")
    HANDLE = QColor("#a59d8a")
    HANDLE_DOWN = QColor("#7d7562")

    def __init__(self, orientation: Qt.Orientation) -> None:
        super().__init__(orientation)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # nothing under it to paint first

    def handle_rect(self):
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        return self.style().subControlRect(
            QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarSlider, self)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.GROOVE)
        if self.maximum() > self.minimum():
            painter.fillRect(self.handle_rect().adjusted(2, 2, -2, -2),
                             self.HANDLE_DOWN if self.isSliderDown() else self.HANDLE)
        painter.end()


class MapView(QGraphicsView):
    hex_hovered = Signal(object)  # Hex or None
    scale_changed = Signal(float)  # after any zoom or fit, so a zoom figure never goes stale

    def __init__(self, board_or_scene: Board | MapScene, parent=None, fast: bool = True) -> None:
        scene = board_or_scene if isinstance(board_or_scene, MapScene) else MapScene(board_or_scene)
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # The hexes are the scene's background (MapScene.drawBackground): cache them.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setHorizontalScrollBar(FlatScrollBar(Qt.Orientation.Horizontal))
        self.setVerticalScrollBar(FlatScrollBar(Qt.Orientation.Vertical))
        self.setMouseTracking(True)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self._panning_from: QPointF | None = None
        self._last_hover: Hex | None = None
        self.fast = fast
        self._fit_transform: QTransform | None = None  # the camera the last fit() set
        self._fitting = False
        self._cache_when_still = self.cacheMode()
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.settle)

    # -- level of detail while moving --------------------------------------------------
    def moving(self) -> None:
        """The camera moved: draw drafts until it has been still for SETTLE_MS."""
        if not self.fast:
            return
        if not self.map_scene.draft:
            self.map_scene.draft = True
            self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            # Every zoom frame repaints the whole background: caching it meant painting into
            # the cache and copying it out again, a third of a zoom frame. Back when still.
            self._cache_when_still = self.cacheMode()
            self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self._settle.start()

    def settle(self) -> None:
        """Back to full detail (also callable directly, e.g. before a screenshot)."""
        self._settle.stop()
        if self.map_scene.draft:
            self.map_scene.draft = False
            self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self.setCacheMode(self._cache_when_still)
            self.viewport().update()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        # A pan scrolls the cached background and paints only the exposed strip,
        # cheap in full detail; it only prolongs a draft a zoom has started.
        if self.map_scene.draft:
            self.moving()
        super().scrollContentsBy(dx, dy)
        self._rehover()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        # Qt paints the cached background with a fresh painter that has no render
        # hints: give it the view's, so cached hexes look as if painted directly.
        painter.setRenderHints(self.renderHints())
        super().drawBackground(painter, rect)

    # -- zoom ----------------------------------------------------------------
    def current_scale(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = max(MIN_SCALE, min(MAX_SCALE, self.current_scale() * factor))
        factor = target / self.current_scale()
        if abs(factor - 1.0) > 1e-9:
            self.moving()
            self.scale(factor, factor)
            self._rehover()
            self.scale_changed.emit(self.current_scale())

    def zoom_in(self) -> None:
        self.zoom_by(STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / STEP)

    def actual_size(self) -> None:
        """100%: one scene unit to one pixel."""
        self.zoom_by(1.0 / self.current_scale())

    def fit(self) -> None:
        """The whole board (the scene: the board and a thin margin), as large as the view holds it."""
        self.moving()
        self._fitting = True  # the scroll bars coming and going resize the viewport
        try:
            # Twice: the first fit hides the scroll bars, which enlarges the viewport.
            for _ in range(2):
                self.fitInView(self.map_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        finally:
            self._fitting = False
        self._fit_transform = self.transform()
        self.scale_changed.emit(self.current_scale())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.fitted() and not self._fitting:  # the whole map stays whole (a dock moved, a resize)
            self.fit()

    def fitted(self) -> bool:
        """Whether the camera is where the last fit() put it (no zoom since)."""
        return getattr(self, "_fit_transform", None) is not None and self.transform() == self._fit_transform

    def center_on_hexes(self, hexes: list[Hex]) -> None:
        if not hexes:
            return
        points = [self.map_scene.hex_center(h) for h in hexes]
        x = sum(p.x() for p in points) / len(points)
        y = sum(p.y() for p in points) / len(points)
        self.centerOn(QPointF(x, y))

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.pixelDelta().y()
        if delta:
            self.zoom_at(STEP ** (delta / 120.0), event.position().toPoint())
        event.accept()

    def zoom_at(self, factor: float, pos: QPoint) -> None:
        """Zoom keeping the map point under viewport point ``pos`` (the cursor) in place.
        Qt's AnchorUnderMouse anchors on the last mouse *move*, which a run of wheel steps
        under a still mouse leaves stale, so the map drifted away from the cursor."""
        before = self.mapToScene(pos)
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        try:
            self.zoom_by(factor)
        finally:
            self.setTransformationAnchor(anchor)
        after = self.mapToScene(pos)
        scale = self.current_scale()
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        hbar.setValue(hbar.value() + round((before.x() - after.x()) * scale))
        vbar.setValue(vbar.value() + round((before.y() - after.y()) * scale))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Gesture:
            # Touch screens: a pinch gesture (grabbed in __init__).
            pinch = event.gesture(Qt.GestureType.PinchGesture)  # type: ignore[attr-defined]
            if pinch is not None:
                self.zoom_by(pinch.scaleFactor())
                return True
        if event.type() == QEvent.Type.NativeGesture:
            gesture: QNativeGestureEvent = event  # type: ignore[assignment]
            if gesture.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:
                self.zoom_by(1.0 + gesture.value())
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.fit()
        else:
            super().keyPressEvent(event)

    # -- pan -------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._panning_from = event.position()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def cursor_in_viewport(self) -> QPoint | None:
        """Where the mouse is over the map, or None when it is elsewhere."""
        if not self.isVisible() or not self.underMouse():
            return None  # also while the window is being torn down and its items deleted
        pos = self.viewport().mapFromGlobal(QCursor.pos())
        return pos if self.viewport().rect().contains(pos) else None

    def _rehover(self) -> None:
        # A keyboard zoom or pan moves the map under a still mouse: the hovered hex (status
        # bar, outline) must follow without waiting for the mouse to move.
        if not hasattr(self, "_last_hover"):
            return  # Qt scrolls while the view is still being built
        pos = self.cursor_in_viewport()
        if pos is None:
            return  # the mouse is elsewhere: leaving the view is its own event
        h = self.map_scene.hex_at(self.mapToScene(pos))
        if h != self._last_hover:
            self._last_hover = h
            self.hex_hovered.emit(h)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._panning_from is not None:
            delta = event.position() - self._panning_from
            self._panning_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            event.accept()
            return
        h = self.map_scene.hex_at(self.mapToScene(event.position().toPoint()))
        if h != self._last_hover:
            self._last_hover = h
            self.hex_hovered.emit(h)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self._panning_from is not None:
            self._panning_from = None
            self.unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)
