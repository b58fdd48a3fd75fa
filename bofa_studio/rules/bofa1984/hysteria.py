"""O-4 hysteria: an asterisked combat result may break the defender; hysterical units
defend with 1, do not attack, and move at random at the start of their movement phases.

The direction roll is 1 = north, 2-6 clockwise, 7-10 no move; the distance roll is
capped at the unit's movement value (terrain is ignored). A unit stops in the first
hex holding an enemy (a skirmish follows), before a cliff or wall, and is removed if
driven off the board. It stops short of a hex where it could not stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984 import auto
from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.losses import eliminate
from bofa_studio.rules.bofa1984.reach import friends_in, has_side, put, remove
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import Pending, State


def can_break(game: BofaGame, cid: str) -> bool:
    """O-4: leaders/characters, Giant Eagles and Elves cannot become hysterical."""
    spec = game.specs[cid]
    return not (spec.leader or spec.is_eagle or "elf" in spec.flags)


def after_combat(game: BofaGame, state: State, p: Pending) -> list[Event]:
    steps: list[auto.Step] = [HysteriaCheck(c) for g in p.def_groups for c in g
                              if c in state.pos and can_break(game, c) and c not in state.hysteric]
    if not steps:
        return []
    auto.schedule(state, steps, state.stage)
    return auto.run(game, state)


def start_move(game: BofaGame, state: State) -> None:
    mine = [c for c in game.counter_order if c in state.hysteric and game.side_of[c] == state.phase_player]
    if mine:
        state.moved.update(mine)
        auto.schedule(state, [HysteriaDirection(c) for c in mine], Stage.MOVE)


@dataclass(frozen=True, slots=True)
class HysteriaCheck(auto.Step):
    """O-4: the die of a defender whose combat result carried an asterisk."""

    digest_tag: ClassVar[str] = "hysteria_check"

    def wanted(self, game: BofaGame, state: State) -> bool:
        return self.counter in state.pos and self.counter not in state.hysteric

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        cid = self.counter
        need = game.specs[cid].strength[0]  # "with his lower combat strength value"
        name = game.specs[cid].name
        if roll <= need:
            return [Event("hysteria_check", f"{name} rolls {roll} (needs {need}): keeps its nerve")]
        state.hysteric.add(cid)
        return [Event("hysteria", f"{name} rolls {roll} (needs {need}): becomes hysterical (H)", {"counter": cid})]


def _on_map(state: State, cid: str) -> bool:
    return cid in state.pos and cid in state.hysteric


@dataclass(frozen=True, slots=True)
class HysteriaDirection(auto.Step):
    """O-4: the die of a hysterical counter's direction (1-6) at its side's MOVE phase."""

    digest_tag: ClassVar[str] = "hysteria_dir"

    def wanted(self, game: BofaGame, state: State) -> bool:
        return _on_map(state, self.counter)

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        if roll > 6:
            return [Event("hysteria_move", f"{game.specs[self.counter].name} rolls {roll}: does not move")]
        state.todo.insert(0, HysteriaDistance(self.counter, roll - 1))
        return []


@dataclass(frozen=True, slots=True)
class HysteriaDistance(auto.Step):
    """O-4: the die of how far a hysterical counter runs in ``direction``."""

    direction: int
    digest_tag: ClassVar[str] = "hysteria_dist"

    def wanted(self, game: BofaGame, state: State) -> bool:
        return _on_map(state, self.counter)

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        return _run(game, state, self.counter, self.direction, roll)


def _run(game: BofaGame, state: State, cid: str, direction: int, roll: int) -> list[Event]:
    cb = game.cb
    spec = game.specs[cid]
    side = spec.side
    enemy = other_side(side)
    distance = min(roll, spec.movement[state.steps[cid] - 1])
    h = start = state.pos[cid]
    path = [h]
    events: list[Event] = []
    for _ in range(distance):
        n = cb.index.get(cb.hexes[h].neighbor(direction))
        if n is None:
            eliminate(game, state, cid, events)
            return [Event("hysteria_move", f"{spec.name} is driven off the board")] + events
        if any(nb.index == n and nb.wall for nb in cb.neighbours[h]) or game.tables.move_cost.get(cb.terrain[n]) is None:
            break
        h = n
        path.append(h)
        if has_side(game, state, h, enemy):
            break
    # Stop short of a hex where it may not stack.
    while len(path) > 1:
        h = path[-1]
        if not hex_problem(game, state, [cid], h) and \
                stacking_problem(game, state, [c for c in friends_in(game, state, h, side) if c != cid] + [cid]) is None:
            break
        path.pop()
    h = path[-1]
    if h != start:
        remove(state, cid)
        put(state, cid, h)
    return events + [Event("hysteria_move", f"{spec.name} runs to {cb.label(h)}", {"counter": cid})]
