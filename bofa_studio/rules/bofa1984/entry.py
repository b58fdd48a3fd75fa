"""S-5 entry rolls: a reinforcement whose entry edge a die picks, rolled when its side's
MOVE phase begins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import group_text
from bofa_studio.rules.core import Event

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


@dataclass(frozen=True, slots=True)
class EntryRoll:
    """The die that picks the entry triangles of the reinforcement due now."""

    digest_tag: ClassVar[str] = "entry"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return entry_roll(game, state, value)


def entry_roll_due(game: BofaGame, state: State) -> str | None:
    """The reinforcement whose entry edge a die roll must pick now (S-5), if any."""
    for name, r in game.rolled_reinforcements.items():
        if r["side"] != state.phase_player or r["turn"] > state.turn or name in state.entry_rolls:
            continue
        counters = [c for c in r["counters"] if c in game.specs]
        if game.tribe_of and name == "Second Wave":  # O-6: the tribes the Dark chose
            counters = [c for c in game.tribe_counters if game.tribe_of[c] in state.variable_tribes]
        if any(c not in state.entered for c in counters):
            return name
    return None


def wait_if_due(game: BofaGame, state: State) -> bool:
    """Wait for the entry roll if a reinforcement needs one now."""
    if entry_roll_due(game, state) is None:
        return False
    state.stage = Stage.ENTRY_ROLL
    state.die = EntryRoll()
    return True


def entry_roll(game: BofaGame, state: State, roll: int) -> list[Event]:
    name = entry_roll_due(game, state)
    assert name is not None
    alternatives = game.rolled_reinforcements[name]["alternatives"]
    groups = next(tuple(a["groups"]) for a in alternatives["rolls"] if a["min"] <= roll <= a["max"])
    state.entry_rolls[name] = groups
    state.die = None
    state.stage = Stage.MOVE
    return [Event("entry_roll", f"{alternatives.get('rule', '')}: a {roll}: {name} enters on the {group_text(groups)} entry triangles",
                  {"roll": roll, "groups": list(groups)})]
