"""S-7 dive attacks: a Giant Eagle (or Gwaihir) flying in the Free Peoples' MOVE phase
picks an enemy unit along its flight path and dives on it.

A dive is one action, ``Dive(eagle, target, to)``: the flight goes over ``target``
and ends in ``to`` (the start hex if it flies back), and the whole path must fit its
movement value. The target is the top non-leader unit of a hex on the mountain
(not a guard room, and so never the Front Gate) that is not in a skirmish. The
coin-flick method cannot be played on a screen, so the die is used: 1-5 hits.

S-7 "Giant Eagles and skirmishes": an Eagle that ends its move on a Dark counter lies on
top of it, in the air, and that is no skirmish. At the start of every COMBAT phase (of
either side) the Dark player says, hex by hex, whether he wants a skirmish with the
Eagles over his counters; if so they are placed under his counter (``State.grounded``)
and fight it out like any skirmish until they fly away. Because the offer is made only
at the start of the phase, for Eagles already lying on a Dark counter, an Eagle can only
be drawn into a skirmish if it "began the combat phase next to a Dark counter".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984.leaders import offer_escapes
from bofa_studio.rules.bofa1984.losses import hit
from bofa_studio.rules.bofa1984.movement import commit_move, legal_moves
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook
from bofa_studio.rules.bofa1984.reach import friends_in, has_side, path_to
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

DIVE_HIT = 5  # "A result of 1-5 produces a hit"


def in_the_air(game: BofaGame, state: State, h: int) -> bool:
    """Whether every Free Peoples counter in ``h`` is a Giant Eagle in the air (not grounded
    there), so a Dark counter beneath them is in no skirmish (S-7)."""
    grounded = state.grounded
    specs = game.specs
    for c in state.stacks.get(h, ()):
        spec = specs[c]
        if spec.side == "free_peoples" and (not spec.is_eagle or grounded.get(c) == h):
            return False
    return True


def air_hexes(game: BofaGame, state: State) -> list[int]:
    """Hexes where Giant Eagles lie in the air over Dark counters: the Dark's decisions (S-7)."""
    side_of = game.side_of
    out = []
    for h, stack in state.stacks.items():
        if len(stack) > 1 and any(side_of[c] == "dark" for c in stack) and \
                any(side_of[c] == "free_peoples" for c in stack) and in_the_air(game, state, h):
            out.append(h)
    return sorted(out)


def offer_skirmishes(game: BofaGame, state: State) -> list[Event]:
    """S-7, at the start of a COMBAT phase: "If the enemy player wants a skirmish in the
    coming combat phase (COMBAT), the eagles must be placed under the enemy counter." """
    offers = air_hexes(game, state)
    if not offers:
        return []
    state.eagle_offers = offers
    state.stage = Stage.GROUND_EAGLES
    labels = ", ".join(game.cb.label(h) for h in offers)
    return [Event("eagle_offer", f"S-7: the Dark may force the Giant Eagles in {labels} into a skirmish",
                  {"hexes": [game.cb.label(h) for h in offers]})]


def ground(game: BofaGame, state: State, h: int, skirmish: bool) -> list[Event]:
    """The Dark player's answer for one hex; the COMBAT phase begins after the last one."""
    if not state.eagle_offers or state.eagle_offers[0] != h:
        raise RuleError("S-7", f"the Giant Eagles in {game.cb.label(h)} are not the ones being decided on")
    state.eagle_offers.pop(0)
    cb = game.cb
    if skirmish:
        stack = state.stacks[h]
        flyers = [c for c in stack if game.side_of[c] == "free_peoples"]
        # "placed under the enemy counter": the Eagles go to the bottom of the stack.
        state.stacks[h] = (*flyers, *(c for c in stack if c not in flyers))
        for c in flyers:
            state.grounded[c] = h
        names = ", ".join(game.specs[c].name for c in flyers)
        event = Event("eagles_grounded", f"S-7: {names} forced to the ground in {cb.label(h)}: a skirmish",
                      {"hex": cb.label(h), "counters": flyers})
    else:
        event = Event("eagles_aloft", f"S-7: the Giant Eagles in {cb.label(h)} stay in the air", {"hex": cb.label(h)})
    if not state.eagle_offers:
        state.stage = Stage.COMBAT
    return [event]


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
    within = game.cb.disk(start, budget)
    return sorted(h for h in state.stacks if h in within and dive_victim(game, state, h))


def flight_ends(game: BofaGame, state: State, eagle: str) -> tuple[list[int], list[int]]:
    """Where a flight of ``eagle`` may end, whatever it dives on: (its start, if it may fly
    back there; the hexes it may move to), the same for every target of one state."""
    start = state.pos[eagle]
    outlook = StackingOutlook(game, state)
    _, dests = legal_moves(game, state, (eagle,), outlook=outlook)
    # Flying back, the Eagle has moved: B-9 must still be able to take effect (it may be the
    # one counter free to leave an over-stacked hex).
    back = [start] if outlook.finishable((eagle,)) else []
    return back, dests


def dive_ends(game: BofaGame, state: State, eagle: str, target: int,
              flight: tuple[list[int], list[int]] | None = None) -> list[int]:
    """Where a dive on ``target`` may end: the whole flight fits the movement value (S-7).
    ``flight``: :func:`flight_ends` of this state, when several targets are weighed."""
    start = state.pos[eagle]
    spare = game.specs[eagle].movement[state.steps[eagle] - 1] - game.cb.distance(start, target)
    back, dests = flight or flight_ends(game, state, eagle)
    within = game.cb.disk(target, spare)  # the hexes within ``spare`` of the target, found once
    return back + [d for d in dests if d in within]


def dive_actions(game: BofaGame, state: State) -> list[tuple[str, int, int]]:
    out = []
    for eagle in game.counter_order:
        if game.specs[eagle].is_eagle and eagle in state.pos:
            targets = dive_targets(game, state, eagle)
            flight = flight_ends(game, state, eagle) if targets else None
            for t in targets:
                out += [(eagle, t, d) for d in dive_ends(game, state, eagle, t, flight)]
    return out


def declare(game: BofaGame, state: State, eagle: str, target: int, to: int) -> list[Event]:
    if eagle not in game.specs or target not in dive_targets(game, state, eagle):
        raise RuleError("S-7", f"{eagle} cannot dive on {game.cb.label(target)} now")
    if to not in dive_ends(game, state, eagle, target):
        raise RuleError("S-7", f"the flight over {game.cb.label(target)} cannot end in {game.cb.label(to)}")
    victim = dive_victim(game, state, target)
    assert victim is not None
    state.die = Dive(eagle, victim, to, target)
    state.stage = Stage.ROLL
    return [Event("dive", f"{game.specs[eagle].name} dives on {game.specs[victim].name} in {game.cb.label(target)}")]


@dataclass(frozen=True, slots=True)
class Dive:
    """S-7: the die of an Eagle's dive on ``victim`` in ``victim_hex``, ending in ``to``."""

    eagle: str
    victim: str
    to: int
    victim_hex: int
    digest_tag: ClassVar[str] = "dive"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return rolled(game, state, self, value)


def rolled(game: BofaGame, state: State, dive: Dive, roll: int) -> list[Event]:
    eagle, victim, to, victim_hex = dive.eagle, dive.victim, dive.to, dive.victim_hex
    state.die = None
    state.stage = Stage.MOVE
    events: list[Event] = []
    if roll <= DIVE_HIT and victim in state.pos:
        events.append(Event("dive_hit", f"the dive rolls {roll}: {game.specs[victim].name} takes a hit"))
        hit(game, state, victim, None, events)
    else:
        events.append(Event("dive_miss", f"the dive rolls {roll}: no effect"))
    start = state.pos[eagle]
    flight = flight_path(game, state, eagle, victim_hex, to)
    if start != to:
        commit_move(game, state, (eagle,), to)
    state.moved.add(eagle)
    state.dived.add(eagle)
    # S-10: the flight passes over every hex of its path, so a Dark leader there "has a counter
    # move through him" (the start hex, where the Eagle already was, is no new contact).
    return events + offer_escapes(game, state, "dark", [h for h in flight if h != start])


def flight_path(game: BofaGame, state: State, eagle: str, target: int, to: int) -> list[int]:
    """The hexes a dive flies over: the shortest flight to ``target``, then on to ``to``.

    The dive was checked when declared (by distance), so this only traces a line of hexes
    for S-10; it searches the flying steps without a budget for that reason."""
    start = state.pos[eagle]
    out = _fly(game, start, target)
    if to != target:
        out += _fly(game, target, to)[1:]
    return out


def _fly(game: BofaGame, a: int, b: int) -> list[int]:
    prev = {a: a}
    frontier = [a]
    while frontier and b not in prev:
        nxt = []
        for h in frontier:
            for n, _cost in game.fly_steps[h]:
                if n not in prev:
                    prev[n] = h
                    nxt.append(n)
        frontier = nxt
    if b not in prev:
        return [a, b]
    return path_to(prev, a, b)
