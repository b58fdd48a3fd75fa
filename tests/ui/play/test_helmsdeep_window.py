"""Acceptance: The Battle of Helm's Deep in the play window, offscreen, from Rohan's set-up
(VII) to the victory screen (8.3): the tray, the map clicks and the decision buttons of the
real window, then seeded random play through the controller to the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from bofa_studio.play.autoplay import random_step
from bofa_studio.play.controller import PlayController
from bofa_studio.rules.core import seed_state
from bofa_studio.ui.map.counter_art import COUNTER_COLOURS

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "helms-deep.json"


def click_hex(qtbot, window, label: str) -> None:
    h = window.controller.place_hex(label)
    window.view.centerOn(window.scene.hex_center(h))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.mapFromScene(window.scene.hex_center(h)))


def press(qtbot, window, text: str) -> None:
    button = window.decisions.button(text)
    assert button is not None, f"no {text!r} button among {[b.text() for b in window.decisions.buttons]}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def painted_colour(window, unit: str) -> QColor:
    """The colour on screen at the left edge of a counter's face, beside its symbol."""
    rect = window.board.counter_rect(unit)
    window.view.centerOn(rect.center())
    image = window.view.viewport().grab().toImage()
    point = window.view.mapFromScene(QPointF(rect.left() + rect.width() * 0.1, rect.center().y()))
    ratio = image.devicePixelRatio()
    return image.pixelColor(int(point.x() * ratio), int(point.y() * ratio))


def near(colour: QColor, key: str) -> bool:
    want = QColor(COUNTER_COLOURS[key][0])
    return max(abs(colour.red() - want.red()), abs(colour.green() - want.green()),
               abs(colour.blue() - want.blue())) < 40


@pytest.fixture
def controller():
    """Helm's Deep in place of the play conftest's 1984 game; its ``play_window`` draws it."""
    return PlayController.new_game(SCENARIO, seed=3)


@pytest.fixture
def window(play_window):
    return play_window


# Fast, the window draws the first position of each phase of the random rest of the battle
# and the end; slow, it also redraws after every one of its 420 actions, as the test always did.
@pytest.mark.parametrize("redraw", ["each_new_phase", pytest.param("every_step", marks=pytest.mark.slow)])
def test_helms_deep_from_setup_to_the_victory_screen(qtbot, window, redraw):
    c = window.controller
    assert "(VII)" in window.banner.text()
    names = [window.tray.item(i).text() for i in range(window.tray.count())]
    assert names[0] == "Rohan swords 3-4 #1" and "Theoden" in names

    # VII: the first 3-4 unit goes to F-5, picked in the tray and clicked on the map.
    item = window.tray.item(0)
    qtbot.mouseClick(window.tray.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.tray.visualItemRect(item).center())
    assert c.tray_pick == "roh-passage-1"
    click_hex(qtbot, window, "F-8")
    assert "must be set up in F-5" in window.decisions.refusal.text()
    click_hex(qtbot, window, "F-5")
    assert c.state.pos["roh-passage-1"] == "F-5"
    assert [x.id for x in window.board.counters.stacks[c.place_hex("F-5")]] == ["roh-passage-1"]
    press(qtbot, window, "Auto-place")
    assert len(window.board.counters.stacks) == 14
    assert near(painted_colour(window, "roh-theoden"), "rohan_red")

    # Saruman's round 1: the board is handed over, the idle phases pass, reinforcements enter.
    if c.handover_to is not None:
        qtbot.mouseClick(window.handover, Qt.MouseButton.LeftButton)
    assert "move: click a unit" in window.banner.text()
    entering = next(i for i in range(window.tray.count())
                    if window.tray.item(i).data(Qt.ItemDataRole.UserRole) == "dunlending-sword-54-1")
    qtbot.mouseClick(window.tray.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.tray.visualItemRect(window.tray.item(entering)).center())
    click_hex(qtbot, window, "F-2")
    assert c.state.pos["dunlending-sword-54-1"] == "F-2"
    click_hex(qtbot, window, "F-2")  # moved already: refused with the section
    assert "IV" in window.decisions.refusal.text() and "already moved" in window.decisions.refusal.text()
    assert near(painted_colour(window, "roh-theoden"), "rohan_red")
    press(qtbot, window, "End the phase")
    assert c.state.phase == "rohan.movement"  # III: the phases with nothing to do pass by

    # The rest of the battle: seeded random choices through the controller, the window drawing
    # the first position of each phase it has not drawn yet, and the end. Each view is drawn
    # from the controller's state alone; redrawing after each of 420 random actions was nine
    # tenths of the test's time.
    drawn = {c.state.phase}
    rng = seed_state(5)
    for _ in range(100_000):
        if c.decider() is None:
            break
        if redraw == "every_step":
            rng = random_step(c, rng)
        else:
            watchers, c.listeners = c.listeners, []
            rng = random_step(c, rng)
            c.listeners = watchers + c.listeners
        if c.state.phase not in drawn:
            drawn.add(c.state.phase)
            c._changed()
    c._changed()
    assert c.is_over and len(drawn) > 5, drawn
    result = c.result()
    qtbot.waitUntil(lambda: bool(window.shown_results), timeout=3000)
    assert window.shown_results[0] == result
    assert window.banner.text() == f"Game over: {result['level']}"

    from bofa_studio.ui.play.dialogs import EndDialog

    screen = EndDialog(c, result, window).label.text()
    assert result["level"] in screen and f"scored {result['points']} victory points (8.2)" in screen
    assert "Level (8.3)" in screen
