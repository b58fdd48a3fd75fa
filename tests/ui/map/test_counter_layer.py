"""The counter layer draws stacks where they are and finds the counter under the mouse."""

from PySide6.QtCore import QPointF

from bofa_studio.ui.map.counter_art import CounterFace
from bofa_studio.ui.map.counter_layer import CounterLayer, CounterOnMap
from bofa_studio.ui.map.scene import MapScene


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
