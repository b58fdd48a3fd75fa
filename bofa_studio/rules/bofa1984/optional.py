"""Optional rules that are small: O-1 bat attacks and O-2 seats (who commands what).

O-2 seats: the engine's players stay the two sides (``current_player``); a seat is a
person at the table. ``seat_of`` maps a counter's command to its seat, so the UI can
tell which person acts for a counter, and ``current_seats`` names the seats acting now.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984 import auto
from bofa_studio.rules.bofa1984.losses import eliminate
from bofa_studio.rules.bofa1984.reach import friends_in
from bofa_studio.rules.bofa1984.regroup import commands
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

# -- O-1 bats ----------------------------------------------------------------------------

BAT_TARGET = 3  # "On a die result of 1-3"
BAT_TARGET_WITH_LEADER = 2  # "a 1 or 2 must be rolled"


def start_bats(game: BofaGame, state: State) -> None:
    """O-1: at the start of each Dark FIRE phase, a roll against every reduced Free Peoples
    counter outside the guard rooms."""
    steps: list[auto.Step] = [BatAttack(c) for c in game.counter_order if _bat_target(game, state, c)]
    if steps:
        auto.schedule(state, steps, Stage.FIRE)


def _bat_target(game: BofaGame, state: State, cid: str) -> bool:
    h = state.pos.get(cid)
    if h is None or game.side_of[cid] != "free_peoples" or game.specs[cid].leader or state.steps[cid] != 1:
        return False
    if game.cb.guard_room[h]:
        return False
    return "gandalf" not in state.stacks[h]  # "stacked with Gandalf cannot be attacked by bats"


def bat_need(game: BofaGame, state: State, cid: str) -> int:
    mates = friends_in(game, state, state.pos[cid], "free_peoples")
    if any(game.specs[c].leader and commands(game, c, cid) for c in mates):
        return BAT_TARGET_WITH_LEADER
    return BAT_TARGET


@dataclass(frozen=True, slots=True)
class BatAttack(auto.Step):
    """O-1: the die of the bats' attack on one reduced Free Peoples counter."""

    digest_tag: ClassVar[str] = "bats"

    def wanted(self, game: BofaGame, state: State) -> bool:
        return _bat_target(game, state, self.counter)

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        cid = self.counter
        need = bat_need(game, state, cid)
        name = game.specs[cid].name
        if roll > need:
            return [Event("bats", f"bats attack {name}: {roll}, no effect")]
        events = [Event("bats", f"bats attack {name}: {roll} (needs {need}): removed")]
        eliminate(game, state, cid, events)
        return events


# -- O-2 seats ---------------------------------------------------------------------------

SECOND_WAVE_COMMANDS = ("gurash", "osag")
FOUR_SEAT_ELVEN = ("elves", "beorn", "free_peoples")  # Elves, Beorn, Gandalf (all FP), Bilbo (elves)


def seats(game: BofaGame) -> list[str]:
    out = ["free_peoples"]
    if game.option("o2_four_players"):
        out = ["free_peoples_elves", "free_peoples_dwarves"]
    out.append("dark")
    if game.option("o2_three_players") or game.option("o2_four_players"):
        out.append("dark_second_wave")
    return out


def seat_of(game: BofaGame, cid: str) -> str:
    spec = game.specs[cid]
    if spec.side == "dark":
        if spec.command in SECOND_WAVE_COMMANDS and (game.option("o2_three_players") or game.option("o2_four_players")):
            return "dark_second_wave"
        return "dark"
    if game.option("o2_four_players"):
        return "free_peoples_elves" if spec.command in FOUR_SEAT_ELVEN else "free_peoples_dwarves"
    return "free_peoples"


# -- O-8 extra Elves ----------------------------------------------------------------------

def extra_elf_count(roll: int) -> int:
    """O-8: "On a 1-3, 1 extra counter ... On a 4-7, 2 units, and on an 8-10, 3 units"."""
    return 1 if roll <= 3 else 2 if roll <= 7 else 3


@dataclass(frozen=True, slots=True)
class ExtraElvesRoll:
    """O-8: the die that says how many extra Elf counters the Free Peoples get."""

    digest_tag: ClassVar[str] = "extra_elves"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return extra_elves_rolled(game, state, value)


def start_extra_elves(game: BofaGame, state: State) -> None:
    """O-8: before the Free Peoples set up, a die says how many extra Elves they get."""
    state.stage = Stage.ROLL
    state.die = ExtraElvesRoll()


def extra_elves_rolled(game: BofaGame, state: State, roll: int) -> list[Event]:
    state.die = None
    state.extra_count = min(extra_elf_count(roll), len(game.extra_elves))
    state.stage = Stage.EXTRA_ELVES
    return [Event("extra_elves", f"O-8: a {roll}: {state.extra_count} extra Elf counter(s)", {"roll": roll})]


def extra_elf_choices(game: BofaGame, state: State) -> list[tuple[str, ...]]:
    return list(combinations(game.extra_elves, state.extra_count))


def choose_extra_elves(game: BofaGame, state: State, counters: tuple[str, ...]) -> list[Event]:
    """O-8: the chosen Elves join the set-up, which goes on (``placement.advance_setup``)."""
    if tuple(counters) not in extra_elf_choices(game, state):
        raise RuleError("O-8", f"choose {state.extra_count} of {', '.join(game.extra_elves)}")
    state.extra_elves = tuple(counters)
    state.stage = Stage.SETUP
    return [Event("extra_elves", f"O-8: {', '.join(counters)} join the Elves")]


# -- O-6 variable reinforcements ----------------------------------------------------------

TRIBES = ("thrak", "thuk", "azug", "gurash", "osag")  # O-6: "his 5 units"


def tribe_choices() -> list[tuple[str, ...]]:
    return list(combinations(TRIBES, 2))


def choose_tribes(game: BofaGame, state: State, tribes: tuple[str, ...]) -> list[Event]:
    """O-6: the chosen tribes enter on turn 4 as the Second Wave; the others set up now. The
    "surplus" that finds no entry triangle simply enters in a later Dark MOVE phase, as every
    reinforcement may (B-5 as the engine reads it). The set-up goes on afterwards
    (``placement.advance_setup``)."""
    if tuple(tribes) not in tribe_choices():
        raise RuleError("O-6", "choose 2 of the 5 tribes, in the order thrak, thuk, azug, gurash, osag")
    state.variable_tribes = tuple(tribes)
    state.stage = Stage.SETUP
    return [Event("variable_tribes", f"O-6: {' and '.join(tribes)} will come over the mountain")]
