"""S-7 attacks with rolling rocks, at the start of the FIRE and COMBAT phases.

A unit of the phase player on a boulder pile (not an Eagle, not a leader except
Thorin and Beorn, not in a skirmish) rolls rocks down one of the pile's slope lines.
The nearest occupied hex is struck first, friend or foe: at distance 1 it takes a
hit (S-7's text, "At a distance of 1 hex the target counter suffers a hit"; the
table sheet prints 1-5, which the text overrides), at distance 2 a hit on 1-3.
One roll per pile per phase; rocks are not rolled into a skirmish. "At the start"
is read as: before the phase's first attack, skirmish or shot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.losses import hit, next_victim
from bofa_studio.rules.bofa1984.reach import has_side
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

FAR_HIT = 3  # "At a distance of 2 hexes it suffers a hit only on a die result of 1-3"


def slope_lines(game: BofaGame) -> dict[int, list[tuple[int, ...]]]:
    """pile hex -> its slope lines as compiled hex indexes (pile first)."""
    cached = getattr(game, "_slopes", None)
    if cached is None:
        cached = {}
        for line in game.board.slope_lines:
            hexes = tuple(game.cb.index[h] for h in line.hexes if h in game.cb.index)
            if len(hexes) >= 2:
                cached.setdefault(hexes[0], []).append(hexes)
        game._slopes = cached  # type: ignore[attr-defined]
    return cached


def _contested(game: BofaGame, state: State, h: int) -> bool:
    return has_side(game, state, h, "free_peoples") and has_side(game, state, h, "dark")


def can_roll(game: BofaGame, state: State, cid: str) -> bool:
    spec = game.specs[cid]
    return not spec.is_eagle and (not spec.leader or spec.is_thorin or spec.is_beorn)


def rock_options(game: BofaGame, state: State) -> list[tuple[int, int]]:
    """(pile, next hex of the line) the phase player may roll now."""
    if not game.option("s7_rolling_rocks") or state.fought or state.fired or state.skirmished:
        return []
    side = state.phase_player
    enemy = other_side(side)  # type: ignore[arg-type]
    out = []
    for pile, lines in slope_lines(game).items():
        if pile in state.rocks_used or pile not in state.stacks or _contested(game, state, pile):
            continue
        if not any(game.side_of[c] == side and can_roll(game, state, c) for c in state.stacks[pile]):
            continue
        for line in lines:
            path = [h for h in line[1:3]]
            occupied = [h for h in path if h in state.stacks]
            if not occupied or _contested(game, state, occupied[0]):
                continue
            if any(has_side(game, state, h, enemy) and not _contested(game, state, h) for h in occupied):
                out.append((pile, line[1]))
    return out


def roll_rocks(game: BofaGame, state: State, pile: int, toward: int) -> list[Event]:
    if (pile, toward) not in rock_options(game, state):
        raise RuleError("S-7", f"no rocks can be rolled from {game.cb.label(pile)} towards {game.cb.label(toward)} now")
    line = next(ln for ln in slope_lines(game)[pile] if ln[1] == toward)
    state.rocks_used.add(pile)
    near = line[1]
    events = [Event("rocks", f"rocks roll from {game.cb.label(pile)}")]
    if near in state.stacks:
        return events + _strike(game, state, near)
    state.die = RocksRoll(pile, line[2])
    state.stage = Stage.ROLL
    return events


def _strike(game: BofaGame, state: State, h: int) -> list[Event]:
    victim = next_victim(game, state, tuple(state.stacks[h]), set())
    events: list[Event] = []
    if victim is not None:
        events.append(Event("rock_hit", f"the rocks strike {game.specs[victim].name} in {game.cb.label(h)}"))
        hit(game, state, victim, None, events)
    return events


@dataclass(frozen=True, slots=True)
class RocksRoll:
    """S-7: the die of rocks rolled from ``pile``, for the hex at distance 2 (``far``)."""

    pile: int
    far: int
    digest_tag: ClassVar[str] = "rocks"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return rolled(game, state, self, value)


def rolled(game: BofaGame, state: State, rocks: RocksRoll, roll: int) -> list[Event]:
    far = rocks.far
    state.die = None
    state.stage = state.phase_kind or Stage.COMBAT
    if roll <= FAR_HIT and far in state.stacks:
        return _strike(game, state, far)
    return [Event("rock_miss", f"the rocks roll {roll} and miss {game.cb.label(far)}")]
