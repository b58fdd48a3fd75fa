"""B-11 victory: control of the five victory hexes and areas at the end of turn 12.

Victory levels are the Standard Game's (S-11): one location more is marginal, two
or more tactical, all of them complete; the Basic Game only asks who holds more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def hex_holders(game: BofaGame, state: State, h: int) -> set[str]:
    """Sides with a counter in ``h`` that counts: Eagles and leaders (bar Thorin) do not."""
    return {game.specs[c].side for c in state.stacks.get(h, ()) if game.specs[c].counts_for_victory}


def controller(game: BofaGame, state: State, name: str) -> str | None:
    hexes = game.victory_hexes[name]
    if len(hexes) == 1:
        holders = hex_holders(game, state, next(iter(hexes)))
        return next(iter(holders)) if len(holders) == 1 else None
    # The summit (B-11): a counter in each hex and no enemy in any of them.
    sides: set[str] = set()
    for h in hexes:
        holders = hex_holders(game, state, h)
        if len(holders) != 1:
            return None
        sides |= holders
    return next(iter(sides)) if len(sides) == 1 else None


def control(game: BofaGame, state: State) -> dict[str, str | None]:
    return {name: controller(game, state, name) for name in game.victory_hexes}


def final_result(game: BofaGame, state: State) -> dict[str, Any]:
    held = control(game, state)
    score = {FREE_PEOPLES: 0, DARK: 0}
    for side in held.values():
        if side is not None:
            score[side] += 1
    diff = score[FREE_PEOPLES] - score[DARK]
    if diff == 0:
        winner, level = None, "draw"
    else:
        winner = FREE_PEOPLES if diff > 0 else DARK
        if score[winner] == len(held):
            level = "complete"
        elif abs(diff) >= 2:
            level = "tactical"
        else:
            level = "marginal"
    summary = "draw" if winner is None else f"{winner} {level} victory"
    return {"winner": winner, "level": level, "score": score, "control": held, "summary": summary}
