"""Headless play fixtures: a seeded game on the 1984 map, positions reached by seeded random
play or built directly, and autosaves in tmp. Nothing here imports Qt."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bofa_studio.play.controller import PlayController
from bofa_studio.resources import default_scenario_path


@pytest.fixture(autouse=True)
def _tmp_user_data(tmp_path_factory, monkeypatch):
    """Autosaves go to a tmp folder, never to the user's."""
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))


@pytest.fixture
def scenario() -> Path:
    return default_scenario_path()


@pytest.fixture
def controller(scenario) -> PlayController:
    return PlayController.new_game(scenario, seed=7)


@contextmanager
def quietly(controller: PlayController) -> Iterator[None]:
    """Whatever watches the controller (a window's views) is told once, at the end, instead
    of after every step: each view is drawn from the controller's state alone, and redrawing
    a window after each of hundreds of random steps was most of the play tests' time."""
    watchers, controller.listeners = controller.listeners, []
    try:
        yield
    finally:
        controller.listeners = watchers + controller.listeners
        controller._changed()


def play_until(controller: PlayController, predicate: Callable[[PlayController], bool], seed: int = 1,
               limit: int = 5000) -> None:
    """Seeded random actions until ``predicate(controller)`` holds (under O-2 each is taken
    by the seat that commands it, as ``autoplay.random_step`` does)."""
    from bofa_studio.play.autoplay import random_step
    from bofa_studio.rules.core import seed_state

    rng = seed_state(seed)
    with quietly(controller):
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
            state.stacks[i] = (*state.stacks.get(i, ()), cid)
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
