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


def candidates(game: BofaGame, state: State, groups: tuple[tuple[str, ...], ...], ordered: bool,
               leader_hit: set[str]) -> list[str]:
    """Who may take the next hit: the next victim of each group; the owner picks among
    several (B-7), unless the groups are used strictly in order (skirmish, B-7)."""
    result = []
    for group in groups:
        victim = next_victim(game, state, group, leader_hit)
        if victim is not None:
            result.append(victim)
            if ordered:
                break
    return result


def attacker_candidates(game: BofaGame, state: State, pending: Pending) -> list[str]:
    return candidates(game, state, pending.att_groups, pending.att_ordered, pending.leader_hit)


def defender_candidates(game: BofaGame, state: State, pending: Pending) -> list[str]:
    return candidates(game, state, pending.def_groups, False, pending.leader_hit)


def loss_candidates(game: BofaGame, state: State, pending: Pending) -> list[str]:
    """The choices of whoever must now decide a loss (``state.pending_side``)."""
    if state.pending_side == pending.side:
        return attacker_candidates(game, state, pending)
    return defender_candidates(game, state, pending)
