"""The play window's default zoom (issue 17, item 5): the map fills the height, counters are
at least 36 px on a 1080-pixel-high screen, and nothing is cut off at 1280x800."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tests.play.conftest import play_until


def _opened_at(window_for, controller, width: int, height: int):
    w = window_for(controller, (width, height))
    assert (w.width(), w.height()) == (width, height)
    for _ in range(3):
        QApplication.processEvents()
    return w


def _on_screen(w, scene_rect) -> QRect:
    return w.view.mapFromScene(scene_rect).boundingRect()


def _whole_board_shows(w) -> bool:
    return w.view.viewport().rect().contains(_on_screen(w, w.scene.board_rect()))


def test_counters_are_36_px_at_the_whole_map_zoom_of_a_1080_pixel_screen(qtbot, window_for, controller):
    c = controller
    play_until(c, lambda c: c.state.stage != "setup")
    w = _opened_at(window_for, c, 1920, 1080)
    assert w.view.fitted()  # the default zoom: the whole map
    assert _whole_board_shows(w)
    cid = next(iter(c.pieces_on_map(c.state).values()))[0]
    size = _on_screen(w, w.board.counter_rect(cid))
    assert min(size.width(), size.height()) >= 36
    # The map takes the window's height: the log went beside it.
    assert w.dockWidgetArea(w.log_dock) == w._left()
    assert w.view.height() >= 1080 - w.menuBar().height() - w.statusBar().height() - 4


def test_nothing_is_cut_off_at_1280_by_800(qtbot, window_for, controller):
    c = controller
    play_until(c, lambda c: c.state.stage != "setup")
    w = _opened_at(window_for, c, 1280, 800)
    assert w.view.fitted() and _whole_board_shows(w)
    assert w.dockWidgetArea(w.log_dock) == w._bottom()  # beside the map it would cost the map width
    side = w.decisions.window()
    for label in w.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.height() >= label.heightForWidth(label.width()), label.text()
    for button in w.decisions.findChildren(QPushButton):
        if button.isVisible():
            assert button.width() >= button.sizeHint().width(), button.text()
    assert side.isVisible()


def test_a_log_the_player_moved_stays_where_they_put_it(qtbot, window_for, controller):
    w = _opened_at(window_for, controller, 1280, 800)
    w.addDockWidget(w._right(), w.log_dock)  # as a drag would
    w.resize(1920, 1080)
    QApplication.processEvents()
    assert w.dockWidgetArea(w.log_dock) == w._right()


def test_the_right_panel_scrolls_as_a_whole_in_a_standard_fire_phase(qtbot, window_for):
    """Issue 17: the Standard Game's right panel needed scrolling in fire and combat, inside
    itself. Now the banner, the turn, the spells and the buttons scroll together, and every
    button can be brought into view."""
    from PySide6.QtWidgets import QAbstractScrollArea, QScrollArea

    from tests.play.conftest import controller_at

    c = controller_at({"1016": ["elf_archer_1"], "1018": ["azug_goblin_scimitar_1"], "0906": ["gandalf"]},
                      player="free_peoples", stage="fire")
    w = _opened_at(window_for, c, 1280, 800)
    scroll = next(s for s in w.findChildren(QScrollArea) if s.widget().isAncestorOf(w.decisions))
    assert scroll.widget().isAncestorOf(w.banner) and scroll.widget().isAncestorOf(w.turn_panel)
    inner = [a for a in w.decisions.findChildren(QAbstractScrollArea) if a.verticalScrollBar().isVisible()]
    assert not inner  # no panel within the panel with its own scroll bar
    buttons = [b for b in w.decisions.findChildren(QPushButton) if b.isVisibleTo(w.decisions)]
    assert len(buttons) >= 2  # the spells and End the phase
    for button in buttons:
        scroll.ensureWidgetVisible(button)
        QApplication.processEvents()
        top_left = button.mapTo(scroll.viewport(), button.rect().topLeft())
        assert scroll.viewport().rect().contains(QRect(top_left, button.size())), button.text()
