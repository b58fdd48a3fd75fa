"""Actions: frozen dataclasses at the grain a player acts, and the die roll (chance).

Places are labels in the map's scheme ("F-11", "Tunnel-1"), so logs and save files
read like the printed board.
"""

from __future__ import annotations

from dataclasses import dataclass

from bofa_studio.rules.codec import ActionCodec


@dataclass(frozen=True, slots=True)
class PlaceDefault:
    """VII: set up every unplaced unit of the second player where the scenario puts it."""


@dataclass(frozen=True, slots=True)
class Place:
    """VII: set up one unit of the second player."""

    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class EndPhase:
    """III: the phase player is done with this phase."""


@dataclass(frozen=True, slots=True)
class RemoveLadder:
    """VI Ladders F: take a ladder off the board."""

    wall: str
    foot: str


@dataclass(frozen=True, slots=True)
class Detonate:
    """VI Bombs: blow the gate on hexside ``gate`` ("F-10/Tunnel-1")."""

    gate: str


@dataclass(frozen=True, slots=True)
class TryLadder:
    """VI Ladders C: ``unit`` tries to set a ladder against ``wall`` (1-3 succeeds)."""

    unit: str
    wall: str


@dataclass(frozen=True, slots=True)
class KnockDown:
    """VI Ladders: ``unit`` on the wall tries to knock this ladder over (1-4 succeeds)."""

    unit: str
    wall: str
    foot: str


@dataclass(frozen=True, slots=True)
class Move:
    """IV: move one unit to ``to`` (a reinforcement enters from the northern edge)."""

    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class Wade:
    """IV "The passage of the Klammbach": a first-player unit rolls to go one space south."""

    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class Attack:
    """V 5.1 close combat, 5.2 ladder storm (``storm``), VI gate attack (target "gate:A/B")."""

    attackers: tuple[str, ...]
    target: str
    storm: bool = False


@dataclass(frozen=True, slots=True)
class Fire:
    """V "Long-range combat with archers"."""

    archers: tuple[str, ...]
    target: str


@dataclass(frozen=True, slots=True)
class Retreat:
    """V "Retreat restrictions": the winner sends the loser to ``to`` ("off" past E-17)."""

    unit: str
    to: str


@dataclass(frozen=True, slots=True)
class ChooseLoss:
    """V "*": the first player picks which ladder-storming unit is lost."""

    unit: str


@dataclass(frozen=True, slots=True)
class Advance:
    """5.2: after a successful ladder storm, one attacker may take the wall hex (or none: "")."""

    unit: str


@dataclass(frozen=True, slots=True)
class Roll:
    """A die roll, 1-6 (chance)."""

    value: int


ACTIONS = {cls.__name__: cls for cls in (PlaceDefault, Place, EndPhase, RemoveLadder, Detonate, TryLadder,
                                         KnockDown, Move, Wade, Attack, Fire, Retreat, ChooseLoss, Advance, Roll)}
# Spaces are named by their ids (strings), so no field is converted.
CODEC = ActionCodec(ACTIONS.values(), "Helm's Deep")
