"""Random players for simulation and tests, with the signature the 1984 game's use:
``player(game, state, rng) -> (action, rng)``, drawing from their own generator.

``uniform`` picks uniformly among ``legal_actions``. ``random`` does too at each level
but, in a movement phase, first picks a unit (or "end the phase") and then one of its
moves: the same support without listing every destination of every unit each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bofa_studio.rules.core import uniform_index
from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep import movement

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame
    from bofa_studio.rules.helmsdeep.state import State


def uniform_player(game: HelmsDeepGame, state: State, rng: int) -> tuple[Any, int]:
    actions = game.legal_actions(state)
    rng, i = uniform_index(rng, len(actions))
    return actions[i], rng


def random_player(game: HelmsDeepGame, state: State, rng: int) -> tuple[Any, int]:
    if state.pending or not state.phase.endswith(".movement"):
        return uniform_player(game, state, rng)
    side = game.phase_side(state)
    options: list[str | None] = [u for u in sorted(game.units)
                                 if game.units[u].side == side and movement.can_move(game, state, u)]
    options.append(None)
    while True:
        rng, i = uniform_index(rng, len(options))
        unit = options[i]
        if unit is None:
            return A.EndPhase(), rng
        moves: list[Any] = [A.Move(unit, to) for to in sorted(movement.reach(game, state, unit))]
        moves += [A.Wade(unit, to) for to in game.wades(state, unit)]
        if moves:
            rng, j = uniform_index(rng, len(moves))
            return moves[j], rng
        options.pop(i)


PLAYERS = {"random": random_player, "uniform": uniform_player}
