"""Who sits where: seats, each commanding a side or part of one.

The engine knows its sides and, where its rules split a side between players (BoFA's
O-2), its seats (``game.seats``, ``game.current_seats``). Seats here only decide whose
name the UI calls and when it asks for a hand-over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name, a side, and the pieces he commands (None: all).

    ``id`` is the engine's seat where the rules split a side ("" for one seat per side);
    ``computer`` is an AI level ("" for a person)."""

    name: str
    side: str
    counters: frozenset[str] | None = field(default=None, compare=False)
    id: str = ""
    computer: str = ""

    def commands(self, piece: str) -> bool:
        return self.counters is None or piece in self.counters


def default_seats(sides: tuple[str, ...], side_name: Callable[[str], str]) -> list[Seat]:
    return [Seat(f"{side_name(s)} player", s) for s in sides]


def who_and_side(names: str, side_text: str) -> str:
    """'Alice (Free Peoples)', or just 'Free Peoples player' when the name already says the side."""
    return names if names == f"{side_text} player" else f"{names} ({side_text})"


def seats_for(seats: list[Seat], side: str | None) -> list[Seat]:
    return [s for s in seats if s.side == side]


def seat_names(seats: list[Seat], side: str | None, side_text: str = "") -> str:
    names = [s.name for s in seats_for(seats, side)]
    return " & ".join(names) if names else (side_text or side or "")


def seats_to_dict(seats: list[Seat]) -> list[dict[str, Any]]:
    return [{"name": s.name, "side": s.side, "id": s.id, "computer": s.computer,
             "counters": None if s.counters is None else sorted(s.counters)} for s in seats]


def seats_from_dict(data: list[dict[str, Any]]) -> list[Seat]:
    """Seats as a save keeps them; KeyError or TypeError on a hand-edited list."""
    out = []
    for d in data:
        counters = d.get("counters")
        if counters is not None and not all(isinstance(c, str) for c in counters):
            raise TypeError("seat counters must be strings")
        out.append(Seat(str(d["name"]), str(d["side"]), None if counters is None else frozenset(counters),
                        str(d.get("id", "")), str(d.get("computer", ""))))
    return out
