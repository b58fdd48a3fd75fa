"""Tables with provenance: every cell says whether the rulebook prints it or we rebuilt it.

The 1984 rulebook text keeps only a few rows of its tables. The UI shows each
cell's provenance, and docs/tables.md explains each reconstruction, so an owner
of the printed sheet can correct the data file cell by cell.
"""

from __future__ import annotations

from dataclasses import dataclass

RULEBOOK = "rulebook"
RECONSTRUCTED = "reconstructed"


@dataclass(frozen=True, slots=True)
class Provenance:
    """``source`` is ``rulebook`` or ``reconstructed``; ``ref`` the section or a note."""

    source: str
    ref: str = ""

    @staticmethod
    def parse(text: str) -> Provenance:
        """``"rulebook B-8"`` -> Provenance("rulebook", "B-8"); ``"reconstructed"`` likewise."""
        head, _, rest = text.partition(" ")
        if head not in (RULEBOOK, RECONSTRUCTED):
            raise ValueError(f"provenance {text!r} must start with 'rulebook' or 'reconstructed'")
        return Provenance(head, rest.strip())

    def __str__(self) -> str:
        return f"{self.source} {self.ref}".strip()

    @property
    def printed(self) -> bool:
        return self.source == RULEBOOK
