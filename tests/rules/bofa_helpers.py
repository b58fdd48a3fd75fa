"""Small hand-made boards and positions for rule tests (imported by the tests beside it)."""

from __future__ import annotations

import pickle
from functools import cache
from typing import Any

from build_bofa1984 import scenario

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import FLAT_DIRECTION_NAMES, GridSpec
from bofa_studio.rules.bofa1984.game import BofaGame
from bofa_studio.rules.bofa1984.sequence import begin_kind
from bofa_studio.rules.bofa1984.state import State


@cache
def _base() -> dict[str, Any]:
    return scenario()


@cache
def _base_pickled() -> bytes:
    return pickle.dumps(_base(), pickle.HIGHEST_PROTOCOL)


def plain_board(columns: int = 9, rows: int = 9) -> Board:
    return Board(GridSpec(columns=columns, rows=rows))


def nb(board: Board, label: str, direction: str) -> str:
    """The label of the neighbour of ``label`` in a compass direction (N, NE, SE, S, SW, NW)."""
    h = board.hex_at(label).neighbor(FLAT_DIRECTION_NAMES.index(direction))
    return board.label(h)


def make_game(board: Board, *, setup: list | None = None, reinforcements: list | None = None,
              victory: list[str] | None = None, placement: dict | None = None, **options: bool) -> BofaGame:
    # A fresh copy each game (a test may change its scenario): unpickled, a seventh of a deepcopy.
    data = pickle.loads(_base_pickled())
    data["order_of_battle"]["setup"] = setup or []
    data["order_of_battle"]["reinforcements"] = reinforcements or []
    data["victory"]["locations"] = victory or []
    data["default_placement"] = placement or {}
    return BofaGame(data, board, options)


def position(game: BofaGame, where: dict[str, list[str] | str], *, player: str = "dark", stage: str = "move",
             turn: int = 1, reduced: tuple[str, ...] = (), seed: int = 0) -> State:
    """A state in the middle of ``player``'s ``stage`` phase with counters where given (bottom first)."""
    state = game.new_initial_state(seed)
    state.pos.clear()
    state.stacks.clear()
    for label, counters in where.items():
        if isinstance(counters, str):
            counters = [counters]
        h = game.idx(game.board.hex_at(label))
        for cid in counters:
            assert cid in game.specs, cid
            state.pos[cid] = h
            state.stacks[h] = (*state.stacks.get(h, ()), cid)
            state.entered.add(cid)
    for cid in reduced:
        state.steps[cid] = 1
    state.turn = turn
    state.first_chooser = player
    state.phase_no = 1
    state.phase_player = player
    state.cup = dict(game.mix_for(turn)["chips"])
    begin_kind(game, state, stage)
    return state


def label_of(game: BofaGame, state: State, cid: str) -> str | None:
    h = state.pos.get(cid)
    return None if h is None else game.cb.label(h)
