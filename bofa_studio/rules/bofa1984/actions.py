"""Actions: frozen dataclasses at the grain a player acts, plus the two chance outcomes.

Hexes are :class:`~bofa_studio.hexgrid.Hex` so the UI and logs speak board terms;
the engine converts them to its compiled indexes at the boundary. ``codec`` gives the
JSON form used in save files (hexes as the board's labels).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bofa_studio.hexgrid import Hex
from bofa_studio.rules.codec import ActionCodec


@dataclass(frozen=True, slots=True)
class Place:
    """Put a counter on the map: a B-2 setup placement or a B-5 reinforcement entering."""

    counter: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class PlaceDefault:
    """Place every remaining setup counter of the acting side where the scenario's default puts it."""


@dataclass(frozen=True, slots=True)
class ChooseChip:
    """B-3: take a chip of this kind from the cup (first choice: play now; second: hold)."""

    chip: str


@dataclass(frozen=True, slots=True)
class PlayHeldChip:
    """B-3: play the chip chosen at the start of the turn."""


@dataclass(frozen=True, slots=True)
class DrawChip:
    """S-3 (Standard) / B-3: draw blind instead of playing the held chip, where allowed."""


@dataclass(frozen=True, slots=True)
class ChooseMode:
    """B-4: an F/C chip is played as a FIRE or a COMBAT phase."""

    mode: str


@dataclass(frozen=True, slots=True)
class Move:
    """B-6: move one counter, or counters from one hex together, to ``to``.

    ``counters`` is the order they will lie in at the destination, bottom first.
    An empty ``path`` asks the engine for the cheapest legal path.
    """

    counters: tuple[str, ...]
    to: Hex
    path: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Attack:
    """B-7: these counters attack the adjacent hex ``target`` together."""

    attackers: tuple[str, ...]
    target: Hex


@dataclass(frozen=True, slots=True)
class Skirmish:
    """B-7: resolve the skirmish in ``hex``, with an optional second wave from one adjacent hex."""

    hex: Hex
    second_wave: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Fire:
    """B-8: these archers shoot together at ``target``."""

    archers: tuple[str, ...]
    target: Hex


@dataclass(frozen=True, slots=True)
class TakeLoss:
    """B-7: the owner names which of his counters takes the next hit."""

    counter: str


@dataclass(frozen=True, slots=True)
class Advance:
    """B-7: move surviving attackers into the emptied hex; ``()`` stays put."""

    counters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Finish the current phase."""


@dataclass(frozen=True, slots=True)
class Dive:
    """S-7: a Giant Eagle flies over ``target``, dives on its top unit, and ends in ``to``."""

    eagle: str
    target: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class RollRocks:
    """S-7: roll rocks from the boulder pile ``pile`` down the slope line through ``toward``."""

    pile: Hex
    toward: Hex


@dataclass(frozen=True, slots=True)
class CastSpell:
    """S-8: Gandalf tries ``spell`` (destroy, push_back, regroup); ``target`` is the hex for
    destroy, Gandalf's own hex for the others."""

    spell: str
    target: Hex


@dataclass(frozen=True, slots=True)
class Escape:
    """S-10: a leader whose hex an enemy entered moves away with his whole movement value."""

    counter: str
    to: Hex


@dataclass(frozen=True, slots=True)
class StayPut:
    """S-10: the leader declines to escape."""

    counter: str


@dataclass(frozen=True, slots=True)
class RegroupMove:
    """S-1: a regrouped counter that no longer fits its hex moves to an adjacent one."""

    counter: str
    to: Hex


@dataclass(frozen=True, slots=True)
class RegroupShift:
    """S-1: no adjacent hex can take the regrouped counter, so the owner shifts one friendly
    counter ``shifted`` from the adjacent hex ``to`` into ``shift_to`` (next to it), and the
    regrouped ``counter`` moves into the room made in ``to``."""

    counter: str
    to: Hex
    shifted: str
    shift_to: Hex


@dataclass(frozen=True, slots=True)
class GroundEagles:
    """S-7: at the start of a COMBAT phase the Dark player says whether he wants a skirmish
    with the Giant Eagles lying on his counters in ``hex``; if so they are placed under them."""

    hex: Hex
    skirmish: bool = True


@dataclass(frozen=True, slots=True)
class ChooseExtraElves:
    """O-8: the Free Peoples pick which of the extra Elf counters the roll brings into play."""

    counters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChooseTribes:
    """O-6: the two tribes that come over the mountain on turn 4."""

    tribes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DieRoll:
    """Chance: the d10 shows ``value`` (1..10; the die's 0 counts as 10)."""

    value: int


@dataclass(frozen=True, slots=True)
class ChipDrawn:
    """Chance: a blind draw from the cup gives this chip."""

    chip: str


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (Place, PlaceDefault, ChooseChip, PlayHeldChip, DrawChip, ChooseMode, Move, Attack,
                Skirmish, Fire, TakeLoss, Advance, EndPhase, DieRoll, ChipDrawn, Dive, RollRocks, CastSpell,
                Escape, StayPut, RegroupMove, ChooseExtraElves, ChooseTribes, RegroupShift, GroundEagles)
}
CHANCE_ACTIONS = (DieRoll, ChipDrawn)
_HEX_FIELDS = {"hex", "to", "target", "pile", "toward", "shift_to"}
_HEX_TUPLES = {"path"}


def codec(label: Callable[[Hex], str], parse: Callable[[str], Hex]) -> ActionCodec:
    """The JSON form of these actions on a board with these hex labels (see ``rules.codec``)."""
    return ActionCodec(ACTION_TYPES.values(), "Battle of Five Armies", hex_fields=_HEX_FIELDS,
                       hex_lists=_HEX_TUPLES, label=label, parse=parse)
