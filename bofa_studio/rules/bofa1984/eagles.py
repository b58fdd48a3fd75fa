"""S-7 dive attacks: a Giant Eagle (or Gwaihir) flying in the Free Peoples' MOVE phase
picks an enemy unit along its flight path and dives on it.

A dive is one action, ``Dive(eagle, target, to)``: the flight goes over ``target``
and ends in ``to`` (the start hex if it flies back), and the whole path must fit its
movement value. The target is the top non-leader unit of a hex on the mountain
(not a guard room, and so never the Front Gate) that is not in a skirmish. The
coin-flick method cannot be played on a screen, so the die is used: 1-5 hits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.losses import hit
from bofa_studio.rules.bofa1984.movement import commit_move, friends_in, has_side, legal_moves
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

DIVE_HIT = 5  # "A result of 1-5 produces a hit"


def dive_victim(game: BofaGame, state: State, h: int) -> str | None:
    """The unit a dive on ``h`` strikes: the top unit, skipping a leader lying on top."""
    cb = game.cb
    if cb.terrain[h] != "mountain" or cb.guard_room[h] or has_side(game, state, h, "free_peoples"):
        return None
    for c in reversed(friends_in(game, state, h, "dark")):
        if not game.specs[c].leader:
            return c
    return None


def dive_targets(game: BofaGame, state: State, eagle: str) -> list[int]:
    if not game.option("s7_dive_attacks") or state.phase_player != "free_peoples":
        return []
    spec = game.specs[eagle]
    if not spec.is_eagle or eagle not in state.pos or eagle in state.moved or eagle in state.dived:
        return []
    start = state.pos[eagle]
    budget = spec.movement[state.steps[eagle] - 1]
    return sorted(h for h in state.stacks if game.cb.distance(start, h) <= budget and dive_victim(game, state, h))


def dive_ends(game: BofaGame, state: State, eagle: str, target: int) -> list[int]:
    start = state.pos[eagle]
    spare = game.specs[eagle].movement[state.steps[eagle] - 1] - game.cb.distance(start, target)
    _, dests = legal_moves(game, state, (eagle,))
    return [start] + [d for d in dests if game.cb.distance(target, d) <= spare]


def dive_actions(game: BofaGame, state: State) -> list[tuple[str, int, int]]:
    out = []
    for eagle in game.counter_order:
        if game.specs[eagle].is_eagle and eagle in state.pos:
            for t in dive_targets(game, state, eagle):
                out += [(eagle, t, d) for d in dive_ends(game, state, eagle, t)]
    return out


def declare(game: BofaGame, state: State, eagle: str, target: int, to: int) -> list[Event]:
    if eagle not in game.specs or target not in dive_targets(game, state, eagle):
        raise RuleError("S-7", f"{eagle} cannot dive on {game.cb.label(target)} now")
    if to not in dive_ends(game, state, eagle, target):
        raise RuleError("S-7", f"the flight over {game.cb.label(target)} cannot end in {game.cb.label(to)}")
    victim = dive_victim(game, state, target)
    state.dive = (eagle, victim, to)
    state.stage = "roll"
    state.roll_for = "dive"
    return [Event("dive", f"{game.specs[eagle].name} dives on {game.specs[victim].name} in {game.cb.label(target)}")]  # type: ignore[index]


def rolled(game: BofaGame, state: State, roll: int) -> list[Event]:
    assert state.dive is not None
    eagle, victim, to = state.dive
    state.dive = None
    state.roll_for = None
    state.stage = "move"
    events: list[Event] = []
    if roll <= DIVE_HIT and victim in state.pos:
        events.append(Event("dive_hit", f"the dive rolls {roll}: {game.specs[victim].name} takes a hit"))
        hit(game, state, victim, None, events)
    else:
        events.append(Event("dive_miss", f"the dive rolls {roll}: no effect"))
    if state.pos[eagle] != to:
        commit_move(game, state, (eagle,), to)
    state.moved.add(eagle)
    state.dived.add(eagle)
    return events
