"""Helm's Deep counters in the printed style (II): army colours, values, ladder and bomb markers."""

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from bofa_studio.rules.helmsdeep.present import counter_face
from bofa_studio.ui.map.counter_art import (
    COUNTER_COLOURS,
    CounterFace,
    paint_bomb_marker,
    paint_counter,
    paint_ladder_marker,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "rules"))
from helmsdeep_helpers import shipped_game  # noqa: E402

from .test_counter_art import SIZE, count  # noqa: E402


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


def paint(fn, *args) -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    fn(painter, QRectF(0, 0, SIZE, SIZE), *args)
    painter.end()
    return image


def test_each_army_wears_its_colour():
    """II: "The red stones represent the forces of the Men of Rohan ... The green stones form the dark
    Dunlendings ... The blue stones also represent the dark Uruk-Hai\""""
    game = shipped_game()
    for uid, colour in (("roh-sword-1", "rohan_red"), ("dunlending-sword-54-1", "dunlending_green"),
                        ("uruk-sword-44-1", "uruk_blue")):
        face = CounterFace(**counter_face(game, uid))
        assert face.colour == colour
        assert count(paint(paint_counter, face), COUNTER_COLOURS[colour][0], range(SIZE)) > SIZE * SIZE // 2


def test_an_archer_shows_its_range_in_the_middle():
    """II: "The small number in the middle at the bottom of the archer unit stones represents the maximum range\""""
    face = CounterFace(**counter_face(shipped_game(), "uruk-archer-14-1"))
    assert face.values_text == ("1", "(3)", "4")
    sword = CounterFace(**{**counter_face(shipped_game(), "uruk-archer-14-1"), "bow": 0})
    middle = range(int(SIZE * 0.42), int(SIZE * 0.66))
    ink = COUNTER_COLOURS["uruk_blue"][1]
    assert count(paint(paint_counter, face), ink, middle) > count(paint(paint_counter, sword), ink, middle)


def test_ladder_and_bomb_markers_are_told_apart():
    """VI: "the eight game pieces that have ladder symbols" and "the four small tokens with the bomb symbol"."""
    ladder, bomb = paint(paint_ladder_marker), paint(paint_bomb_marker)
    assert count(ladder, "#6b4423", range(SIZE)) > SIZE * 3  # wooden rails and rungs
    assert count(bomb, "#161616", range(SIZE)) > 3 * count(ladder, "#161616", range(SIZE))  # the black ball
    assert count(bomb, "#6b4423", range(SIZE)) < count(ladder, "#6b4423", range(SIZE)) // 3
