"""What must hold after every action of a Helm's Deep game (the simulator and tests check it)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bofa_studio.board import Terrain

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame
    from bofa_studio.rules.helmsdeep.state import State


def violations(game: HelmsDeepGame, state: State) -> list[str]:
    problems = []
    places = Counter(state.pos.values())
    problems += [f"{p} holds {n} units (IV: no stacking)" for p, n in sorted(places.items()) if n > 1]
    for unit, place in sorted(state.pos.items()):
        if game.ground.terrain.get(place, Terrain.CLIFF) == Terrain.CLIFF:
            problems.append(f"{unit} stands on {place}, which is no place to stand")
        if unit in state.gone:
            problems.append(f"{unit} is both on the board and gone")
    for unit in game.fixed:
        if unit in state.pos and state.round > 0 and state.pos[unit] != game.required.get(unit, state.pos[unit]):
            problems.append(f"{unit} left {game.required[unit]}, where it stays all game (VII)")
    if len(state.ladders) > game.max_ladders or any(state.ladders.count(x) > 2 for x in state.ladders):
        problems.append(f"ladders {state.ladders} break VI B or E")
    if state.points < 0:
        problems.append(f"negative victory points {state.points}")
    return problems
