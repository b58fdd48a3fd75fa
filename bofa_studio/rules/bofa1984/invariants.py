"""Checks that no rule can break, whatever the players do: used by the simulator and tests.

They look at the State as a whole rather than at one action, so they also catch
bookkeeping bugs (a counter in two stacks, a stack that lost a counter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import SIDES
from bofa_studio.rules.bofa1984.hysteria import can_break
from bofa_studio.rules.bofa1984.losses import hit_limit
from bofa_studio.rules.bofa1984.overstacking import over_stacked_by_side
from bofa_studio.rules.bofa1984.state import Stage

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


_STEP_COUNTS = frozenset((0, 1, 2))


def violations(game: BofaGame, state: State) -> list[str]:
    out = _placement_violations(game, state) if _placement_suspect(game, state) else []
    out += _other_violations(game, state)
    return out


def _placement_suspect(game: BofaGame, state: State) -> bool:
    """Whether stacks and positions might disagree: a check made of whole-dict comparisons,
    so the simulator can afford it at every phase's end; only a suspect state is walked
    counter by counter to say what is wrong."""
    stacks, pos = state.stacks, state.pos
    if not stacks:
        return bool(pos)
    placed = {cid: h for h, stack in stacks.items() for cid in stack}
    return (placed != pos or sum(map(len, stacks.values())) != len(pos) or not all(stacks.values())
            or min(stacks) < 0 or max(stacks) >= len(game.cb))


def _placement_violations(game: BofaGame, state: State) -> list[str]:
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
    return out


def _other_violations(game: BofaGame, state: State) -> list[str]:
    out: list[str] = []
    steps_of = state.steps
    if not _STEP_COUNTS.issuperset(steps_of.values()) or 0 in map(steps_of.get, state.pos) \
            or any(steps_of.get(c, 0) > 0 for c in state.eliminated):
        for cid, steps in steps_of.items():
            if steps not in (0, 1, 2):
                out.append(f"{cid} has {steps} steps (hit counts are 0, 1 or 2 in the Basic Game)")
            if steps == 0 and cid in state.pos:
                out.append(f"{cid} is eliminated but still on the map")
            if steps > 0 and cid in state.eliminated:
                out.append(f"{cid} is listed as eliminated but has steps left")
    if len(set(state.eliminated)) != len(state.eliminated):
        out.append("a counter was eliminated twice")
    for cid, n in state.hits.items():
        spec = game.specs[cid]
        if not spec.leader:
            out.append(f"{cid} carries hit markers but is no leader (S-10)")
        elif not 0 < n < hit_limit(game, cid):
            out.append(f"{cid} carries {n} hit markers; a leader falls at {hit_limit(game, cid)} (S-10)")
        if cid not in state.pos:
            out.append(f"{cid} carries hit markers off the map")
    for cid in state.hysteric:
        if cid not in state.pos:
            out.append(f"{cid} has an H marker off the map (O-4)")
        elif not can_break(game, cid):
            out.append(f"{cid} is hysterical but leaders, Eagles and Elves cannot be (O-4)")
    if state.hysteric and not game.option("o4_hysteria"):
        out.append("H markers in a game without O-4")
    if len(state.spells_used) > 2 or len(set(state.spells_used)) != len(state.spells_used):
        out.append(f"Gandalf used {state.spells_used}: each spell once, two at most (S-8)")
    for cid in state.returning:
        if cid in state.pos:
            out.append(f"{cid} waits to return (O-5) but is on the map")
    # B-9 takes effect at the end of the movement phase: within one, the phase player may have
    # one hex over the limits (``overstacking``: one more move must be able to put it right);
    # the other side, and everybody outside a movement phase, none. (S-1's regrouped counter
    # that must move out of its hex is the one other moment a hex is over them.)
    moving = state.phase_kind == "move" and state.stage in (Stage.MOVE, Stage.ESCAPE, Stage.ROLL)
    if state.stage != Stage.REGROUP_PLACE:
        for side, over in over_stacked_by_side(game, state, SIDES).items():
            allowed = 1 if moving and side == state.phase_player else 0
            if len(over) > allowed:
                for h, problem in sorted(over.items()):
                    out.append(f"stacking in {game.cb.label(h)}: {problem}")
    return out
