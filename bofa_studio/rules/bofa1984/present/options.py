"""What the Standard Game's special decisions offer, as rows the play window lists: a roll
of rocks with its chance (S-7), a spell with its need (S-8), and what each spell does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bofa_studio.hexgrid import Hex

SPELL_EFFECTS = {
    "destroy": "Every Dark combat unit in the hex is removed (leaders are spared).",
    "push_back": "Every Dark unit on the map is pushed 2 hexes straight away from Gandalf (arrows); "
                 "goblins pushed across the River Running drown.",
    "regroup": "Reduced Free Peoples units within 3 hexes flip back to full strength.",
}


@dataclass
class RockOption:
    """A legal roll of rocks: its slope line (pile first), the hex it strikes, how far, the chance."""

    action: Any
    line: list[Hex]
    struck: Hex | None
    distance: int
    chance: float


@dataclass
class SpellRow:
    """One line of the spell picker (S-8)."""

    spell: str
    need: int
    chance: float
    used: bool
    options: list[Any]
    why: str  # why it cannot be tried now ("" if it can)
