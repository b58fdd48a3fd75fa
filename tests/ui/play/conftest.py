"""Play-mode fixtures: a seeded game, a window that never blocks, autosaves in tmp."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QStandardPaths, Qt

from bofa_studio.play.controller import PlayController
from bofa_studio.resources import default_scenario_path


@pytest.fixture(autouse=True)
def _tmp_user_data(tmp_path_factory, monkeypatch):
    """Autosaves go to a tmp folder, never to the user's."""
    QStandardPaths.setTestModeEnabled(True)
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))


@pytest.fixture
def scenario() -> Path:
    return default_scenario_path()


@pytest.fixture
def controller(scenario) -> PlayController:
    return PlayController.new_game(scenario, seed=7)


@pytest.fixture
def play_window(qtbot, controller, settings):
    from bofa_studio.ui.play.window import PlayWindow

    w = PlayWindow(controller, settings=settings)
    w.shown_results = []
    w.show_end = lambda result, parent: w.shown_results.append(result)
    w.show_error = lambda title, text: pytest.fail(f"unexpected error box: {title}: {text}")
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    yield w
    w._autosave.stop()
    w.close()
    w.deleteLater()


@pytest.fixture
def window_for(qtbot, settings):
    """Windows on given controllers, closed at the end of the test."""
    from bofa_studio.ui.play.window import PlayWindow

    made = []

    def make(controller: PlayController) -> Any:
        w = PlayWindow(controller, settings=settings)
        w.show_end = lambda result, parent: None
        w.show_error = lambda title, text: pytest.fail(f"unexpected error box: {title}: {text}")
        w.resize(1400, 900)
        w.show()
        qtbot.waitExposed(w)
        w.view.fit()
        made.append(w)
        return w

    yield make
    for w in made:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def click_hex(qtbot, window, h, button=Qt.MouseButton.LeftButton) -> None:
    """A real mouse click on the centre of hex ``h`` in the window's map view."""
    window.view.centerOn(window.scene.hex_center(h))
    pos: QPoint = window.view.mapFromScene(window.scene.hex_center(h))
    qtbot.mouseClick(window.view.viewport(), button, pos=pos)


def play_until(controller, predicate, seed: int = 1, limit: int = 5000) -> None:
    """Seeded random actions until ``predicate(controller)`` holds (under O-2 each is taken
    by the seat that commands it, as ``autoplay.random_step`` does)."""
    from bofa_studio.play.autoplay import random_step
    from bofa_studio.rules.core import seed_state

    rng = seed_state(seed)
    for _ in range(limit):
        if predicate(controller):
            return
        assert controller.decider() is not None, "the game ended first"
        rng = random_step(controller, rng)
    raise AssertionError("the situation never came up")


def controller_at(where: dict[str, list[str]], *, reduced: tuple[str, ...] = (), player: str = "dark",
                  stage: str = "move", turn: int = 1, seed: int = 0, **options: bool) -> PlayController:
    """A Standard Game controller on the 1984 map with counters only where given (bottom first),
    in the middle of ``player``'s ``stage`` phase: rare decisions (a regroup shift, Eagles over
    a Dark counter) are built directly instead of waited for in random play. The position
    becomes the session's start, so undo and the log begin there."""
    from bofa_studio.resources import scenarios_dir
    from bofa_studio.rules.bofa1984.sequence import begin_kind

    c = PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", seed, options=options)
    g = c.game
    state = g.new_initial_state(seed)
    state.pos.clear()
    state.stacks.clear()
    for label, counters in where.items():
        i = g.idx(g.cb.board.hex_at(label))
        for cid in counters:
            state.pos[cid] = i
            state.stacks.setdefault(i, []).append(cid)
            state.entered.add(cid)
    for cid in reduced:
        state.steps[cid] = 1
    state.turn, state.first_chooser, state.phase_no, state.phase_player = turn, player, 1, player
    state.cup = dict(g.mix_for(turn)["chips"])
    begin_kind(g, state, stage)
    c.session.initial = state.copy()
    c.session.state = state
    c._legal = None
    c._update_seat()
    c._changed()
    return c
