"""Play-window fixtures: a window on a seeded game that never blocks, autosaves in tmp. The
headless game fixtures and positions (``controller``, ``play_until``, ``controller_at``) are
tests/play's, shared here."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QStandardPaths, Qt
from PySide6.QtWidgets import QApplication

from bofa_studio.play.controller import PlayController
from tests.play import conftest as headless
from tests.play.conftest import controller_at, play_until, quietly  # noqa: F401  (shared with the window tests)

scenario, controller = headless.scenario, headless.controller  # the same seeded game under a window


@pytest.fixture(autouse=True)
def _tmp_user_data(tmp_path_factory, monkeypatch):
    """Autosaves go to a tmp folder, never to the user's."""
    QStandardPaths.setTestModeEnabled(True)
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))


@pytest.fixture
def play_window(qtbot, controller, settings):
    from bofa_studio.ui.play.window import PlayWindow

    w = PlayWindow(controller, settings=settings)
    w.shown_results = []
    w.show_end = lambda result, parent: w.shown_results.append(result)
    w.show_error = lambda title, text: pytest.fail(f"unexpected error box: {title}: {text}")
    show_fitted(qtbot, w)
    yield w
    w._autosave.stop()
    w.close()
    w.deleteLater()


@pytest.fixture
def window_for(qtbot, settings):
    """Windows on given controllers, shown at a given size (1400x900 unless told), closed at
    the end of the test."""
    from bofa_studio.ui.play.window import PlayWindow

    made = []

    def make(controller: PlayController, size: tuple[int, int] = (1400, 900)) -> Any:
        w = PlayWindow(controller, settings=settings)
        w.show_end = lambda result, parent: None
        w.show_error = lambda title, text: pytest.fail(f"unexpected error box: {title}: {text}")
        show_fitted(qtbot, w, size)
        made.append(w)
        return w

    yield make
    for w in made:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def show_fitted(qtbot, window, size: tuple[int, int] = (1400, 900)) -> None:
    """Shown at ``size`` with the whole map in view, the board painted once, in full detail.
    Fitted after the first paint, the window painted the board three times (in detail, then
    an image of the whole board for the zoom's draft frames, then in detail again once the
    camera settled): most of a window test's time, for a camera no test has moved yet. The
    camera's own behaviour (drafts while it moves) is back on before the test starts. A test
    of another screen size opens the window at that size: shown at 1400x900 and resized, the
    board was painted at a size the test never looks at, then again as a zoom."""
    view = window.view
    view.fast = False
    window.resize(*size)
    window.show()
    view.fit()
    qtbot.waitExposed(window)
    QApplication.processEvents()  # the view's resize once shown refits it, then it paints
    view.fast = True


def click_hex(qtbot, window, h, button=Qt.MouseButton.LeftButton) -> None:
    """A real mouse click on the centre of hex ``h`` in the window's map view."""
    window.view.centerOn(window.scene.hex_center(h))
    pos: QPoint = window.view.mapFromScene(window.scene.hex_center(h))
    qtbot.mouseClick(window.view.viewport(), button, pos=pos)
