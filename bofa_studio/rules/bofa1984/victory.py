"""B-11 victory: control of the five victory hexes and areas at the end of turn 12.

Victory levels are the Standard Game's (S-11): one location more is marginal, two
or more tactical, all of them complete; the Basic Game only asks who holds more.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES
from bofa_studio.rules.bofa1984.wording import side_text

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
    if game.option("s11_victory"):
        return {name: standard_controller(game, state, name) for name in game.victory_hexes}
    return {name: controller(game, state, name) for name in game.victory_hexes}


# -- S-11: contested hexes under the half-strength rule ------------------------------------

def strength_in(game: BofaGame, state: State, hexes: Iterable[int], side: str) -> int:
    """Combat strength points of the counters that count for victory (not Eagles, not leaders
    other than Thorin)."""
    total = 0
    for h in hexes:
        for c in state.stacks.get(h, ()):
            spec = game.specs[c]
            if spec.side == side and spec.counts_for_victory:
                total += strength(game, state, c)
    return total


def contest(fp: int, dark: int) -> str | None:
    """S-11: with both sides present, the place is contested if the weaker has at least half
    the stronger's points, rounded up; otherwise the stronger controls it."""
    if fp == 0 and dark == 0:
        return None
    if dark == 0:
        return FREE_PEOPLES
    if fp == 0:
        return DARK
    hi, lo = max(fp, dark), min(fp, dark)
    if lo >= (hi + 1) // 2:
        return None
    return FREE_PEOPLES if fp > dark else DARK


def points_to_contest(holder: int) -> int:
    """Points the other side needs to contest a place held with ``holder`` points."""
    return (holder + 1) // 2


def points_to_take(holder: int) -> int:
    """Points the other side needs to control a place held with ``holder`` points."""
    n = holder + 1
    while (n + 1) // 2 <= holder:
        n += 1
    return n


def standard_controller(game: BofaGame, state: State, name: str) -> str | None:
    hexes = game.victory_hexes[name]
    areas = game.cb.areas
    if name.endswith("dale") and "dale" in areas:
        # S-11: Dale is held from the star hex; its other hexes count when contesting.
        town = hexes | areas["dale"]
        fp, dark = strength_in(game, state, town, FREE_PEOPLES), strength_in(game, state, town, DARK)
        if fp and dark:
            return contest(fp, dark)
        star_holder = contest(strength_in(game, state, hexes, FREE_PEOPLES), strength_in(game, state, hexes, DARK))
        return star_holder
    if len(hexes) == 1:
        h = next(iter(hexes))
        return contest(strength_in(game, state, [h], FREE_PEOPLES), strength_in(game, state, [h], DARK))
    # The summit: every hex held by one side, and contested from the slope hexes.
    holders = {contest(strength_in(game, state, [h], FREE_PEOPLES), strength_in(game, state, [h], DARK)) for h in hexes}
    if len(holders) != 1 or None in holders:
        return None
    side = holders.pop()
    assert side is not None
    enemy = DARK if side == FREE_PEOPLES else FREE_PEOPLES
    slopes = areas.get("summit_slopes", frozenset())
    held = strength_in(game, state, hexes, side)
    if strength_in(game, state, slopes, enemy) >= points_to_contest(held):
        return None
    return side


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
    summary = "draw" if winner is None else f"{side_text(winner)} {level} victory"
    return {"winner": winner, "level": level, "score": score, "control": held, "summary": summary}
