"""Taking hits (B-7, B-9): top to bottom, a leader on top takes one hit per combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.reach import remove
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


def hit_limit(game: BofaGame, cid: str) -> int:
    """S-10: a leader falls when his hits reach his printed strength (the Gandalf example:
    5 hits remove a strength-5 Gandalf); Bilbo survives 2 hits (his ring is lost) and falls
    at the third."""
    spec = game.specs[cid]
    return spec.strength[1] + (1 if "hobbit" in spec.flags else 0)


def hit(game: BofaGame, state: State, cid: str, pending: Pending | None, events: list[Event]) -> None:
    """One step lost: full -> reduced (flip), reduced -> eliminated (B-1 TAKING A HIT).

    S-10: with hit markers a leader instead collects hits until they reach his limit."""
    spec = game.specs[cid]
    if pending is not None and spec.leader:
        pending.leader_hit.add(cid)
    if spec.leader and game.option("s10_leaders"):
        n = state.hits.get(cid, 0) + 1
        if n < hit_limit(game, cid):
            state.hits[cid] = n
            events.append(Event("leader_hit", f"{spec.name} takes a hit ({n} hit marker(s))",
                                {"counter": cid, "hits": n}))
            return
        state.steps[cid] = 1
    state.steps[cid] -= 1
    if state.steps[cid] <= 0:
        eliminate(game, state, cid, events)
    else:
        events.append(Event.deferred("reduced", lambda: (f"{spec.name} is reduced", {"counter": cid})))


def eliminate(game: BofaGame, state: State, cid: str, events: list[Event]) -> None:
    spec = game.specs[cid]
    state.steps[cid] = 0
    where = game.cb.label(state.pos[cid])
    remove(state, cid)
    state.eliminated.append(cid)
    state.hits.pop(cid, None)
    state.hysteric.discard(cid)
    if state.grounded:
        state.grounded.pop(cid, None)
    events.append(Event.deferred("eliminated", lambda: (f"{spec.name} is eliminated in {where}", {"counter": cid})))
    if spec.leader and spec.side == "dark" and cid != "bolg" and game.option("o5_goblin_leaders"):
        # O-5: a goblin tribal leader is replaced; Bolg is not.
        state.returning.append(cid)


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
