"""S-8 Gandalf's spells, tried at the start of a Free Peoples FIRE phase.

One attempt per FIRE phase (before any shot); a spell that works is used up; two at
most in a game. No line of sight is needed, and Gandalf may be in a skirmish.

- ``destroy`` (1-6): every Dark combat unit in one hex within 10 hexes, not in a skirmish.
- ``push_back`` (1-7): every Dark unit is moved 2 hexes straight away from Gandalf,
  whatever the terrain. "All enemy units" is read literally: the whole Dark army on
  the map, farthest first. A unit stops at the board edge, a cliff or a wall, and
  before a hex held by Free Peoples (combat units, Thorin, Eagles); a leader alone is
  passed or landed on, and may escape (S-10); goblin units (not wolves, wargs or leaders)
  pushed across the River Running drown. Dark units already in the hex a stack is
  pushed into are displaced to the nearest hex with no counters, and do not drown.
  Units in Gandalf's own hex have no direction and stay. With O-7, pushed counters that
  can lie with those already there as a goblin on a wolf rider are stacked instead.
- ``regroup`` (1-8): every reduced Free Peoples combat unit within 3 hexes returns to
  full strength (and loses an H marker) where its hex can hold it; leaders are not affected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.hexgrid import _round_axial
from bofa_studio.rules.bofa1984.leaders import offer_escapes
from bofa_studio.rules.bofa1984.losses import eliminate
from bofa_studio.rules.bofa1984.reach import friends_in, has_side, put, remove
from bofa_studio.rules.bofa1984.stacking import stacking_problem
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

SPELLS = {"destroy": 6, "push_back": 7, "regroup": 8}
SPELL_NAMES = {"destroy": "Destroy", "push_back": "Push back", "regroup": "Regroup"}
MAX_SPELLS = 2
DESTROY_RANGE = 10
REGROUP_RADIUS = 3
PUSH = 2


def spell_options(game: BofaGame, state: State) -> list[tuple[str, int]]:
    if not game.option("s8_gandalf_spells") or state.phase_player != "free_peoples":
        return []
    g = state.pos.get("gandalf")
    if g is None or state.spell_tried or state.fired or len(state.spells_used) >= MAX_SPELLS:
        return []
    out = []
    for spell in SPELLS:
        if spell in state.spells_used:
            continue
        if spell == "destroy":
            for h in sorted(state.stacks):
                if game.cb.distance(g, h) <= DESTROY_RANGE and not has_side(game, state, h, "free_peoples") \
                        and any(not game.specs[c].leader for c in state.stacks[h]):
                    out.append((spell, h))
        else:
            out.append((spell, g))
    return out


def cast(game: BofaGame, state: State, spell: str, target: int) -> list[Event]:
    if (spell, target) not in spell_options(game, state):
        raise RuleError("S-8", f"Gandalf cannot try {spell} on {game.cb.label(target)} now")
    state.spell_tried = True
    state.die = SpellRoll(spell, target)
    state.stage = Stage.ROLL
    return [Event("spell", f"Gandalf tries {SPELL_NAMES[spell]} ({SPELLS[spell]} or less)")]


@dataclass(frozen=True, slots=True)
class SpellRoll:
    """S-8: the die of Gandalf's attempt at ``spell`` on ``target``."""

    spell: str
    target: int
    digest_tag: ClassVar[str] = "spell"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return rolled(game, state, self, value)


def rolled(game: BofaGame, state: State, attempt: SpellRoll, roll: int) -> list[Event]:
    spell, target = attempt.spell, attempt.target
    state.die = None
    state.stage = Stage.FIRE
    if roll > SPELLS[spell]:
        return [Event("spell_roll", f"the spell fails ({roll})", {"roll": roll, "success": False})]
    state.spells_used.append(spell)
    events = [Event("spell_roll", f"the spell works ({roll})", {"roll": roll, "success": True})]
    return events + {"destroy": _destroy, "push_back": _push_back, "regroup": _regroup}[spell](game, state, target)


def _destroy(game: BofaGame, state: State, h: int) -> list[Event]:
    events: list[Event] = []
    for c in list(state.stacks.get(h, ())):
        if not game.specs[c].leader:
            eliminate(game, state, c, events)
    return events


def _regroup(game: BofaGame, state: State, g: int) -> list[Event]:
    events = []
    for c in game.counter_order:
        h = state.pos.get(c)
        spec = game.specs[c]
        if h is None or spec.side != "free_peoples" or spec.leader or game.cb.distance(g, h) > REGROUP_RADIUS:
            continue
        state.hysteric.discard(c)
        if state.steps[c] == 1:
            state.steps[c] = 2
            if stacking_problem(game, state, friends_in(game, state, h, "free_peoples")):
                state.steps[c] = 1
            else:
                events.append(Event("regrouped", f"{spec.name} is regrouped by the spell"))
    return events


def push_path(game: BofaGame, g: int, u: int, steps: int = PUSH) -> list[int]:
    """Hexes ``u`` passes when pushed straight away from ``g`` (stops at edges, cliffs, walls)."""
    cb = game.cb
    n = cb.distance(g, u)
    dq, dr = cb.q[u] - cb.q[g], cb.r[u] - cb.r[g]
    path = [u]
    for k in range(1, steps + 1):
        h = _round_axial(cb.q[u] + dq * k / n + 1e-6, cb.r[u] + dr * k / n + 2e-6)
        i = cb.index.get(h)
        if i is None or game.tables.move_cost.get(cb.terrain[i]) is None:
            break
        if any(nb.index == i and nb.wall for nb in cb.neighbours[path[-1]]) or i not in cb.adjacent_open[path[-1]]:
            break
        path.append(i)
    return path


def _nearest_free(game: BofaGame, state: State, h: int, wizard: int) -> int | None:
    """S-8: "the nearest free hex"; among equally near ones, the one farthest from the wizard,
    so that making room does not bring a unit back towards him (the rulebook names no tie-break)."""
    cb = game.cb
    best = None
    for i in range(len(cb)):
        if i in state.stacks or game.tables.move_cost.get(cb.terrain[i]) is None or cb.front_gate[i]:
            continue
        key = (cb.distance(h, i), -cb.distance(wizard, i), i)
        if best is None or key < best:
            best = key
    return None if best is None else best[-1]


def _blocks_push(game: BofaGame, state: State, h: int) -> bool:
    """A hex a pushed Dark stack stops before: one holding Free Peoples that hold it (combat
    units, Thorin) or Giant Eagles. A leader alone there does not stop it (only Thorin "has
    a control zone that affects his own hex", S-10): the push moves through or onto him,
    and he may escape."""
    for c in state.stacks.get(h, ()):
        spec = game.specs[c]
        if spec.side == "free_peoples" and (c in game.controls or spec.is_eagle or not spec.leader):
            return True
    return False


def _o7_stack(game: BofaGame, state: State, below: list[str], above: list[str]) -> list[str] | None:
    """O-7 and the push-back: "If the optional stacking rule is used, wolves are stacked and
    not displaced." The order (bottom first) in which the pushed counters and those already
    in the hex may lie together with a goblin carried on a wolf rider, or None."""
    if not game.o7:
        return None
    specs = game.specs
    for order in (below + above, above + below):
        carried = any("wolf_rider" in specs[a].flags and "goblin" in specs[b].flags
                      and "wolf_rider" not in specs[b].flags and not specs[b].leader
                      for a, b in zip(order, order[1:], strict=False))
        if carried and stacking_problem(game, state, order) is None:
            return order
    return None


def _push_back(game: BofaGame, state: State, g: int) -> list[Event]:
    cb = game.cb
    events: list[Event] = []
    passed: list[int] = []  # hexes pushed counters moved through or into (S-10 escapes)
    hexes = sorted((h for h in state.stacks if h != g and has_side(game, state, h, "dark")),
                   key=lambda h: (-cb.distance(g, h), h))
    for u in hexes:
        movers = friends_in(game, state, u, "dark")
        if not movers:
            continue
        path = push_path(game, g, u)
        stop = next((i for i, p in enumerate(path) if i and _blocks_push(game, state, p)), len(path))
        path = path[:stop]
        dest = path[-1]
        if dest == u:
            continue
        crossed = any((a, b) in cb.river_between for a, b in zip(path, path[1:], strict=False))
        for c in movers:
            spec = game.specs[c]
            if crossed and "goblin" in spec.flags and not spec.leader:
                events.append(Event("drowned", f"{spec.name} is pushed into the River Running and drowns"))
                eliminate(game, state, c, events)
        movers = [c for c in movers if c in state.pos]
        if not movers:
            continue
        there = friends_in(game, state, dest, "dark")
        stacked = _o7_stack(game, state, there, movers) if there else None
        if stacked is None:
            for c in there:
                free = _nearest_free(game, state, dest, g)
                if free is None:
                    continue
                remove(state, c)
                put(state, c, free)
                events.append(Event("displaced", f"{game.specs[c].name} is displaced to {cb.label(free)}"))
        for c in movers:
            remove(state, c)
            put(state, c, dest)
        if stacked is not None:
            others = tuple(c for c in state.stacks[dest] if c not in stacked)
            state.stacks[dest] = (*others, *stacked)
            events.append(Event("stacked", f"O-7: the pushed counters stack with those in {cb.label(dest)}"))
        passed += path[1:]
        events.append(Event("pushed", f"{len(movers)} counter(s) pushed from {cb.label(u)} to {cb.label(dest)}"))
    return events + offer_escapes(game, state, "free_peoples", passed)
