"""VI Special rules: ladders (set up, removed, knocked down) and bombs.

Engine reading: VI Ladders D says the first player places a successful ladder "on the
castle wall hex side of his choice"; the attempt names its wall hex before the roll
(the choices are the same: the faces the unit stands at), so a roll resolves alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.helmsdeep.ground import side_key
from bofa_studio.rules.helmsdeep.movement import occupant

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame
    from bofa_studio.rules.helmsdeep.state import State


def ladder_faces(game: HelmsDeepGame, foot: str) -> list[str]:
    """Wall hexes a ladder may lean on from ``foot``: climbable faces, never the Hornburg (VI L)."""
    ground = game.ground
    return [w for w in ground.neighbors[foot] if ground.step_kind(foot, w) == "climb" and w not in ground.hornburg]


def erect_options(game: HelmsDeepGame, state: State) -> list[tuple[str, str]]:
    """(unit, wall): "Each unit may attempt to set up a ladder once per round"; two at most per
    hexside (VI E); "never more than eight ladders at the same time" (VI B)."""
    if len(state.ladders) >= game.max_ladders:
        return []
    out = []
    for unit, foot in sorted(state.pos.items()):
        if game.units[unit].side != game.first or unit in state.tried or not game.ground.on_board(foot):
            continue
        for wall in ladder_faces(game, foot):
            if state.ladders.count((wall, foot)) < 2:
                out.append((unit, wall))
    return out


def removable(game: HelmsDeepGame, state: State) -> list[tuple[str, str]]:
    """VI F-G: a ladder may be removed with a friendly unit next to it (at its foot or on its wall hex)."""
    occ = occupant(state)
    return sorted({(w, f) for w, f in state.ladders
                   if any(p in occ and game.units[occ[p]].side == game.first for p in (w, f))})


def knock_options(game: HelmsDeepGame, state: State) -> list[tuple[str, str, str]]:
    """(unit, wall, foot): a second-player unit on a laddered wall hex, one try per hex a round (VI J)."""
    occ = occupant(state)
    out = []
    for wall, foot in sorted(set(state.ladders)):
        unit = occ.get(wall)
        if unit is None or game.units[unit].side != game.second or unit in state.tried or "wall:" + wall in state.tried:
            continue
        out.append((unit, wall, foot))
    return out


def bombs_available(game: HelmsDeepGame, state: State) -> int:
    """VI Bombs: "available from the rounds shown on the time table ... can also be saved for later"."""
    return sum(1 for r in game.bomb_rounds if r <= state.round) - state.bombs_used


def bomb_targets(game: HelmsDeepGame, state: State) -> list[str]:
    """Gate hexsides a first-player unit stands next to (either side), not yet destroyed."""
    if bombs_available(game, state) <= 0:
        return []
    occ = occupant(state)
    out = []
    for key in sorted(game.ground.gates):
        if key in state.gates_down:
            continue
        if any(p in occ and game.units[occ[p]].side == game.first for p in key.split("/")):
            out.append(key)
    return out


def update_open_gates(game: HelmsDeepGame, state: State) -> None:
    """VI: "Once First Player units occupy both sides of a gate hex, the gate is opened and remains
    open ... until Second Player units move into a gate hex and close it again"."""
    occ = occupant(state)
    for key in game.ground.gates:
        sides = key.split("/")
        owners = {game.units[occ[p]].side if p in occ else None for p in sides}
        if owners == {game.first}:
            state.gates_open.add(key)
        elif game.second in owners:
            state.gates_open.discard(key)


__all__ = ["bomb_targets", "bombs_available", "erect_options", "knock_options", "removable", "side_key",
           "update_open_gates"]
