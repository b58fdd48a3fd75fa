"""Checks that no rule can break, whatever the players do: used by the simulator and tests.

They look at the State as a whole rather than at one action, so they also catch
bookkeeping bugs (a counter in two stacks, a stack that lost a counter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import SIDES
from bofa_studio.rules.bofa1984.stacking import stacking_problem

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def violations(game: BofaGame, state: State) -> list[str]:
    out: list[str] = []
    n = len(game.cb)
    seen: dict[str, int] = {}
    for h, stack in state.stacks.items():
        if not 0 <= h < n:
            out.append(f"a stack lies off the map (hex {h})")
            continue
        if not stack:
            out.append(f"an empty stack is recorded in {game.cb.label(h)}")
        for cid in stack:
            if cid in seen:
                out.append(f"{cid} is in two places ({game.cb.label(seen[cid])} and {game.cb.label(h)})")
            seen[cid] = h
            if state.pos.get(cid) != h:
                out.append(f"{cid} lies in {game.cb.label(h)} but its position says otherwise")
    for cid, h in state.pos.items():
        if cid not in seen:
            out.append(f"{cid} has a position but lies in no stack")
        if not 0 <= h < n:
            out.append(f"{cid} is off the map")
    for cid, steps in state.steps.items():
        if steps not in (0, 1, 2):
            out.append(f"{cid} has {steps} steps (hit counts are 0, 1 or 2 in the Basic Game)")
        if steps == 0 and cid in state.pos:
            out.append(f"{cid} is eliminated but still on the map")
        if steps > 0 and cid in state.eliminated:
            out.append(f"{cid} is listed as eliminated but has steps left")
    if len(set(state.eliminated)) != len(state.eliminated):
        out.append("a counter was eliminated twice")
    if state.stage not in ("move",):
        # B-9 holds at the end of every movement phase, so outside one it must hold everywhere.
        for h, stack in state.stacks.items():
            for side in SIDES:
                mine = [c for c in stack if game.specs[c].side == side]
                if mine:
                    problem = stacking_problem(game, state, mine)
                    if problem:
                        out.append(f"stacking in {game.cb.label(h)}: {problem}")
    return out
