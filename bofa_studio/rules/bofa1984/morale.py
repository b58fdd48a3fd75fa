"""S-6 morale checks: entering an enemy's hex in four situations takes a die roll.

A check succeeds on a roll of the morale value or less. The value is the moving
unit's combat strength, or the sum of stacked half-strength units moving together;
a leader lying on top of the movers (the last one named) who commands them (Bilbo
commands the Elves only when they regroup, S-1) adds his current strength (he subtracts it from the roll); the Front Gate adds 2 to the roll.
One check covers every situation that applies ("only one morale check is necessary").
Giant Eagles fly and take no checks. A unit that fails stays where it began its
move and may go on moving, but not into an enemy's hex again in that phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984 import leaders
from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.movement import commit_move
from bofa_studio.rules.bofa1984.reach import friends_in
from bofa_studio.rules.bofa1984.regroup import commands_in_battle
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

FRONT_GATE_MODIFIER = 2  # S-6: "This morale check is modified by +2"


def situations(game: BofaGame, state: State, movers: tuple[str, ...], frm: int, dest: int) -> list[str]:
    """The S-6 situations a move from ``frm`` into ``dest`` meets (empty: no check)."""
    specs, cb = game.specs, game.cb
    side = game.side_of[movers[0]]
    enemies = friends_in(game, state, dest, other_side(side))
    if not enemies or all(specs[c].is_eagle for c in movers):
        return []
    found = []
    if any("goblin" in specs[c].flags and not specs[c].leader for c in movers) \
            and any("elf" in specs[c].flags for c in enemies):
        found.append("a goblin moves into a hex with an Elf counter")
    if cb.level[dest] > cb.level[frm]:
        found.append("the enemy is on a higher level")
    if (frm, dest) in cb.river_between:
        found.append("the enemy is across a river")
    if cb.front_gate[dest]:
        found.append("the enemy holds the Front Gate (+2)")
    return found


def morale_value(game: BofaGame, state: State, movers: tuple[str, ...]) -> int:
    """Highest roll that passes: the units' (summed) strength plus a commanding leader on top."""
    specs = game.specs
    top = movers[-1]
    leader = top if len(movers) > 1 and specs[top].leader and not specs[top].is_thorin else None
    units = [c for c in movers if c != leader]
    value = sum(strength(game, state, c) for c in units)
    if leader and all(commands_in_battle(game, leader, c) for c in units):
        value += strength(game, state, leader)
    return value


def check(game: BofaGame, state: State, movers: tuple[str, ...], path: list[int]) -> tuple[int, list[str]] | None:
    """(target, situations) if this move needs a morale check, else None."""
    if len(path) < 2:
        return None
    found = situations(game, state, movers, path[-2], path[-1])
    if not found:
        return None
    need = morale_value(game, state, movers)
    if game.cb.front_gate[path[-1]]:
        need -= FRONT_GATE_MODIFIER
    return need, found


@dataclass(frozen=True, slots=True)
class MoraleCheck:
    """S-6: the die of a morale check, with the move it decides."""

    movers: tuple[str, ...]
    dest: int
    path: tuple[int, ...]
    need: int
    digest_tag: ClassVar[str] = "morale"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return rolled(game, state, self, value)


def start(game: BofaGame, state: State, movers: tuple[str, ...], dest: int, path: list[int],
          need: int, found: list[str]) -> list[Event]:
    state.die = MoraleCheck(movers, dest, tuple(path), need)
    state.stage = Stage.ROLL
    names = ", ".join(game.specs[c].name for c in movers)
    return [Event("morale", f"S-6 morale check for {names} into {game.cb.label(dest)}: {need} or less "
                            f"({'; '.join(found)})", {"target": need, "situations": found})]


def rolled(game: BofaGame, state: State, check: MoraleCheck, roll: int) -> list[Event]:
    movers, dest, path = check.movers, check.dest, check.path
    state.die = None
    state.stage = Stage.MOVE
    if roll > check.need:
        state.morale_failed.update(movers)
        return [Event("morale_roll", f"rolls {roll}: the morale check fails; the movers stay",
                      {"roll": roll, "success": False})]
    commit_move(game, state, movers, dest)
    events = [Event("morale_roll", f"rolls {roll}: the morale check passes", {"roll": roll, "success": True}),
              Event("move", f"{', '.join(game.specs[c].name for c in movers)} move to {game.cb.label(dest)}",
                    {"counters": list(movers), "path": [game.cb.label(h) for h in path]})]
    return events + leaders.after_move(game, state, movers, list(path))
