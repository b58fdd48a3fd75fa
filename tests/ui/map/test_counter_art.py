"""Counters look like the printed ones ("The Counters"): colours, values, reduced-side line."""

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from bofa_studio.ui.map.counter_art import COUNTER_COLOURS, CounterFace, counter_sheet, paint_counter

SIZE = 80


def draw(face: CounterFace) -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_counter(painter, QRectF(0, 0, SIZE, SIZE), face)
    painter.end()
    return image


def count(image: QImage, color: str, rows: range) -> int:
    target = QColor(color)
    return sum(
        1
        for y in rows
        for x in range(image.width())
        if _close(image.pixelColor(x, y), target)
    )


def _close(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 30


@pytest.fixture(autouse=True)
def _app(qapp):
    return qapp


def test_counters_wear_their_group_colour():
    """The Counters: "Thranduil and his 20 Elf counters are green"."""
    for colour in ("green", "black_white", "yellow_red"):
        image = draw(CounterFace("x", colour, "spear", 7, 7))
        assert count(image, COUNTER_COLOURS[colour][0], range(SIZE)) > SIZE * SIZE // 2


def test_reduced_side_has_a_line_along_the_lower_edge():
    """The Counters: "The reduced side ... is provided with a black or white line along the lower edge"."""
    full = draw(CounterFace("Elf", "green", "spear", 7, 7))
    reduced = draw(CounterFace("Elf", "green", "spear", 4, 7, reduced=True))
    white_bottom = range(SIZE - 8, SIZE - 3)
    assert count(reduced, "#ffffff", white_bottom) > count(full, "#ffffff", white_bottom) + SIZE // 2


def test_the_bow_value_changes_the_picture():
    """The Counters: archers "have an additional value in parentheses"."""
    plain = draw(CounterFace("Man", "medium_blue", "long_bow", 5, 6))
    archer = draw(CounterFace("Man", "medium_blue", "long_bow", 5, 6, bow=4))
    middle = range(int(SIZE * 0.42), int(SIZE * 0.66))
    assert count(archer, "#ffffff", middle) > count(plain, "#ffffff", middle)


def test_every_group_colour_is_distinct():
    backgrounds = [bg for bg, _ in COUNTER_COLOURS.values()]
    assert len(set(backgrounds)) == len(backgrounds)


def test_sheet_lays_out_every_face():
    faces = [CounterFace(str(i), "grey", "war_axe", 7, 4) for i in range(11)]
    sheet = counter_sheet(faces, size=60, columns=4)
    assert sheet.width() == 4 * 80 + 20 and sheet.height() == 3 * 80 + 20
