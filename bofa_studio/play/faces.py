"""What one side of a counter shows, as data: the windows paint it, rulesets fill it in."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a counter: its name, colour key, weapon and printed values, and markers."""

    name: str
    colour: str
    weapon: str
    strength: int
    movement: int
    bow: int = 0
    reduced: bool = False
    leader: bool = False
    hits: int = 0  # a hit marker under a leader (BoFA S-10)
    hysterical: bool = False  # an "H" marker (BoFA O-4)
    dimmed: bool = False  # has acted this phase

    @property
    def values_text(self) -> tuple[str, str, str]:
        """(strength, bow or "", movement), as printed."""
        return str(self.strength), f"({self.bow})" if self.bow else "", str(self.movement)
