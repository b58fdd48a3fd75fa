"""Taking hits (B-7, B-9): top to bottom, a leader on top takes one hit per combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.core import Event

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import Pending, State


def alive(state: State, group: tuple[str, ...]) -> list[str]:
    return [c for c in group if state.steps.get(c, 0) > 0]


def next_victim(game: BofaGame, state: State, group: tuple[str, ...], leader_hit: set[str]) -> str | None:
    """The counter of ``group`` that takes the next hit.

    ``group`` is in stack order, bottom first. B-9: hits go to the top counter; a
    leader lying on top takes only one hit per attack, skirmish or shot while
    someone lies beneath him, and takes the excess once nobody does.
    """
    order = sorted(alive(state, group), key=lambda c: state.stacks[state.pos[c]].index(c))
    if not order:
        return None
    for cid in reversed(order):
        if game.specs[cid].leader and cid in leader_hit:
            continue
        return cid
    return order[-1]


def hit(game: BofaGame, state: State, cid: str, pending: Pending | None, events: list[Event]) -> None:
    """One step lost: full -> reduced (flip), reduced -> eliminated (B-1 TAKING A HIT)."""
    spec = game.specs[cid]
    if pending is not None and spec.leader:
        pending.leader_hit.add(cid)
    state.steps[cid] -= 1
    if state.steps[cid] <= 0:
        state.steps[cid] = 0
        from bofa_studio.rules.bofa1984.movement import remove

        where = game.cb.label(state.pos[cid])
        remove(state, cid)
        state.eliminated.append(cid)
        events.append(Event("eliminated", f"{spec.name} is eliminated in {where}", {"counter": cid}))
    else:
        events.append(Event("reduced", f"{spec.name} is reduced", {"counter": cid}))


def attacker_candidates(game: BofaGame, state: State, pending: Pending) -> list[str]:
    """Who may take the attacker's next hit; the owner picks among several (B-7)."""
    result = []
    for group in pending.att_groups:
        victim = next_victim(game, state, group, pending.leader_hit)
        if victim is not None:
            result.append(victim)
            if pending.att_ordered:
                break
    return result
