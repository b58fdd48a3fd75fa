"""The counter layer draws stacks where they are and finds the counter under the mouse."""

from PySide6.QtCore import QPointF

from bofa_studio.ui.map.counter_art import CounterFace
from bofa_studio.ui.map.counter_layer import CounterLayer, CounterOnMap
from bofa_studio.ui.map.scene import MapScene
from tests.ui.pixels import pixels_apart


def face(name: str) -> CounterFace:
    return CounterFace(name, "green", "spear", 7, 7)


def test_top_counter_of_a_stack_is_found_first(qapp, small_board):
    scene = MapScene(small_board)
    layer = CounterLayer(scene)
    h = small_board.hex_at("0505")
    layer.set_stacks({h: [CounterOnMap("bottom", face("a")), CounterOnMap("top", face("b"))]})
    bottom_rect, top_rect = layer.counter_rects(h)
    assert layer.counter_at(top_rect.center()) == (h, "top")
    # A point only the bottom counter covers (its lower-left corner area).
    only_bottom = QPointF(bottom_rect.left() + 2, bottom_rect.bottom() - 2)
    assert not top_rect.contains(only_bottom)
    assert layer.counter_at(only_bottom) == (h, "bottom")
    scene.detach()


def test_empty_hex_has_no_counter(qapp, small_board):
    scene = MapScene(small_board)
    layer = CounterLayer(scene)
    layer.set_stacks({small_board.hex_at("0505"): [CounterOnMap("x", face("x"))]})
    assert layer.counter_at(scene.hex_center(small_board.hex_at("0909"))) is None
    scene.detach()


# -- cached images (issue 17, item 6): a frame copies images, and they never go stale ----------

def _view_with(qtbot, board, stacks, size=None):
    from PySide6.QtWidgets import QApplication

    from bofa_studio.ui.map.view import MapView

    scene = MapScene(board)
    layer = CounterLayer(scene, size) if size else CounterLayer(scene)
    layer.set_stacks(stacks)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(700, 560)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    view.zoom_by(2.0)
    view.centerOn(scene.hex_center(next(iter(stacks))))
    view.settle()
    QApplication.processEvents()
    return view, layer


def _grab(view):
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    return view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _colour_at(view, image, point: QPointF):
    from PySide6.QtGui import QColor

    return QColor(image.pixel(view.mapFromScene(point)))


def _near(a, b, tolerance=30) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_a_counter_whose_face_changes_shows_its_new_face_not_the_cached_image(qtbot, small_board):
    from bofa_studio.ui.map.counter_art import colours_of

    h = small_board.hex_at("0505")
    green = CounterFace("Elf Spearman", "green", "spear", 7, 7)
    view, layer = _view_with(qtbot, small_board, {h: [CounterOnMap("elf", green)]})
    corner = layer.counter_rects(h)[0].adjusted(4, 4, -4, -4).topRight()  # clear of symbol and values
    assert _near(_colour_at(view, _grab(view), corner), colours_of(green)[0])
    red = CounterFace("Elf Spearman", "red", "spear", 7, 7)
    layer.set_stacks({h: [CounterOnMap("elf", red)]})
    assert _near(_colour_at(view, _grab(view), corner), colours_of(red)[0])


def test_selecting_draws_the_edge_over_the_cached_image_and_paints_no_new_image(qtbot, small_board):
    from bofa_studio.ui.map.counter_layer import SELECTED_EDGE

    h = small_board.hex_at("0505")
    view, layer = _view_with(qtbot, small_board, {h: [CounterOnMap("elf", face("a"))]})
    rect = layer.counter_rects(h)[0]
    edge = QPointF(rect.center().x(), rect.top() + 0.5)
    _grab(view)
    images = len(layer._images)
    assert not _near(_colour_at(view, _grab(view), edge), SELECTED_EDGE)
    layer.set_selected({"elf"})
    assert _near(_colour_at(view, _grab(view), edge), SELECTED_EDGE)
    assert len(layer._images) == images


def test_a_still_frame_of_cached_images_looks_like_the_vector_art(qtbot, small_board):
    """The images are painted at the view's exact pixel size and copied pixel for pixel."""
    h, n = small_board.hex_at("0505"), small_board.hex_at("0705")
    stacks = {h: [CounterOnMap("a", face("a")), CounterOnMap("b", CounterFace("Bard", "blue", "bow", 4, 6, bow=4, leader=True))],
              n: [CounterOnMap("c", CounterFace("Goblin", "red", "scimitar", 4, 5, hits=1, leader=True))]}
    view, layer = _view_with(qtbot, small_board, stacks)
    cached = _grab(view)
    layer.cache_images = False
    layer.update()
    drawn = _grab(view)
    differ = pixels_apart(cached, drawn, tolerance=48, step=2)
    assert differ <= cached.width() * cached.height() / 4 * 0.003  # antialiased edges only


def test_the_hovered_stack_lies_over_its_neighbours_corners(qtbot, small_board):
    """Play counters are wider than a hex is from its diagonal neighbour: where two stacks
    overlap, the one raised (hovered or selected) is drawn and clicked on top."""
    from bofa_studio.ui.map.counter_art import colours_of
    from bofa_studio.ui.play.board import PLAY_COUNTER_SIZE

    a, b = small_board.hex_at("0505"), small_board.hex_at("0605")  # diagonal neighbours
    green = CounterFace("Elf", "green", "spear", 7, 7)
    red = CounterFace("Goblin", "red", "scimitar", 4, 5)
    view, layer = _view_with(qtbot, small_board, {a: [CounterOnMap("elf", green)], b: [CounterOnMap("gob", red)]},
                             size=PLAY_COUNTER_SIZE)
    overlap = layer.counter_rects(a)[0].intersected(layer.counter_rects(b)[0])
    assert overlap.width() > 0 and overlap.height() > 0
    inside = overlap.center()
    for top, colour, cid in ((a, green, "elf"), (b, red, "gob")):
        layer.raise_stack(top)
        assert _near(_colour_at(view, _grab(view), inside), colours_of(colour)[0])
        assert layer.counter_at(inside)[1] == cid


def test_a_second_window_shows_the_counters_the_first_painted_without_painting_them(qtbot, small_board,
                                                                                     monkeypatch):
    """Counter images are shared by every layer (a new game, a reopened save): the same faces at
    the same size are copied, and only a face never shown before is painted."""
    from bofa_studio.ui.map import counter_layer
    from tests.ui.pixels import pixels

    h = small_board.hex_at("0505")
    stacks = {h: [CounterOnMap("elf", face("a")), CounterOnMap("bard", face("b"))]}
    counter_layer._IMAGES.clear()
    first = _grab(_view_with(qtbot, small_board, stacks)[0])
    painted = []
    real = counter_layer.paint_counter
    monkeypatch.setattr(counter_layer, "paint_counter", lambda *a, **k: (painted.append(a[2]), real(*a, **k)))
    view, layer = _view_with(qtbot, small_board, stacks)
    assert (pixels(_grab(view)) == pixels(first)).all()
    assert painted == []
    reduced = CounterFace("a", "green", "spear", 3, 7, reduced=True)
    layer.set_stacks({h: [CounterOnMap("elf", reduced), CounterOnMap("bard", face("b"))]})
    _grab(view)
    assert painted == [reduced]
