"""Helm's Deep test boards and positions: the shipped game, or a small board with one wall."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

from bofa_studio.board import Board, HexData, MapMeta, Terrain, load_map
from bofa_studio.hexgrid import GridSpec, LabelScheme, Orientation, Shifted
from bofa_studio.rules.helmsdeep import HelmsDeepGame, State

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "helms-deep.json"
MAP = ROOT / "maps" / "helms-deep.json"


@cache
def shipped() -> tuple[dict, Board]:
    return json.loads(SCENARIO.read_text(encoding="utf-8")), load_map(MAP)


def shipped_game() -> HelmsDeepGame:
    data, board = shipped()
    return HelmsDeepGame(copy.deepcopy(data), board)


def wall_board(cliffs: tuple[str, ...] = ()) -> Board:
    """7 x 9 hexes: column D a castle wall (level 2) between ground at level 1; row 1 is the entry."""
    grid = GridSpec(Orientation.FLAT, 7, 9, Shifted.ODD, LabelScheme.LETTER_NUMBER)
    board = Board(grid, MapMeta(name="one wall", ruleset="helmsdeep"))
    for h in list(board.hexes()):
        col, _ = board.grid.to_offset(h)
        board.set_hex(h, HexData(Terrain.WALL, 2) if col == 3 else HexData(Terrain.PLAIN, 1))
    for label in cliffs:
        board.set_hex(board.hex_at(label), HexData(Terrain.CLIFF, 1))
    board.set_area("entry.north", [h for h in board.hexes() if board.grid.to_offset(h)[1] == 0])
    board.set_area("setup.rohan", list(board.hexes()))
    return board


def unit(uid: str, side: str, strength: int, kind: str = "sword", movement: int = 4, rng: int = 0) -> dict:
    data = {"id": uid, "side": side, "kind": kind, "strength": strength, "movement": movement}
    if kind == "archer":
        data["range"] = rng or 3
    return data


def game_on(board: Board, units: list[dict]) -> HelmsDeepGame:
    data = copy.deepcopy(shipped()[0])
    data["units"] = units
    data["reinforcements"] = []
    data["setup"] = {"zone": "setup.rohan"}
    return HelmsDeepGame(data, board)


def position(game: HelmsDeepGame, phase: str, pos: dict[str, str], round_: int = 1, seed: int = 1, **fields) -> State:
    """A state in ``phase`` ("saruman.movement") with units where ``pos`` puts them."""
    state = game.new_initial_state(seed)
    state.round, state.phase, state.pos = round_, phase, dict(pos)
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def targets(game: HelmsDeepGame, state: State, attacker: str) -> set[str]:
    """What ``attacker`` may attack now, alone or with others."""
    return {a.target for a in game.legal_actions(state) if attacker in getattr(a, "attackers", getattr(a, "archers", ()))}


def moves(game: HelmsDeepGame, state: State, uid: str) -> set[str]:
    return {a.to for a in game.legal_actions(state) if type(a).__name__ == "Move" and a.unit == uid}
