"""Who sits where: seats, each commanding a side or part of one (O-2).

The engine knows two sides; seats only decide whose name the UI calls and when it
asks for a hand-over. With three or four seats (O-2) a side is split by command:
the Dark player's goblins that come over the mountain (the Second Wave) go to a
third seat, and the Free Peoples split into Elves, Beorn, Gandalf and Bilbo
against Dwarves, Men and Giant Eagles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FREE_PEOPLES, DARK = "free_peoples", "dark"
SIDE_NAMES = {FREE_PEOPLES: "Free Peoples", DARK: "Dark"}
SIDE_COLOURS = {FREE_PEOPLES: "#2f6db5", DARK: "#9b1c1c"}
# O-2: "One player gets the armies of the Elves, Beorn, Gandalf and Bilbo".
ELVEN_COMMANDS = frozenset({"elves", "beorn", "free_peoples"})


@dataclass(frozen=True)
class Seat:
    """A player at the table: a name, a side, and (O-2) the counters he commands (None: all)."""

    name: str
    side: str
    counters: frozenset[str] | None = field(default=None, compare=False)

    def commands(self, cid: str) -> bool:
        return self.counters is None or cid in self.counters


def side_name(side: str | None) -> str:
    return SIDE_NAMES.get(side or "", side or "")


def default_seats(names: tuple[str, str] = ("Free Peoples player", "Dark player")) -> list[Seat]:
    return [Seat(names[0], FREE_PEOPLES), Seat(names[1], DARK)]


def o2_seats(scenario: dict[str, Any], names: list[str]) -> list[Seat]:
    """Three or four seats under O-2, from the scenario's counters and reinforcements."""
    if len(names) not in (3, 4):
        raise ValueError("O-2 seats are three or four players")
    counters = scenario["counters"]
    second_wave: set[str] = set()
    for r in scenario["order_of_battle"].get("reinforcements", []):
        if r["side"] == DARK and r["turn"] == min(x["turn"] for x in scenario["order_of_battle"]["reinforcements"]
                                                  if x["side"] == DARK):
            second_wave |= set(r["counters"])
    dark_all = {c["id"] for c in counters if c["side"] == DARK}
    seats: list[Seat] = []
    fp_all = {c["id"] for c in counters if c["side"] == FREE_PEOPLES}
    if len(names) == 4:
        elves = {c["id"] for c in counters if c["side"] == FREE_PEOPLES and c["command"] in ELVEN_COMMANDS}
        seats += [Seat(names[0], FREE_PEOPLES, frozenset(elves)), Seat(names[3], FREE_PEOPLES, frozenset(fp_all - elves))]
    else:
        seats.append(Seat(names[0], FREE_PEOPLES))
    seats += [Seat(names[1], DARK, frozenset(dark_all - second_wave)), Seat(names[2], DARK, frozenset(second_wave))]
    return seats


def seats_for(seats: list[Seat], side: str | None) -> list[Seat]:
    return [s for s in seats if s.side == side]


def seat_names(seats: list[Seat], side: str | None) -> str:
    names = [s.name for s in seats_for(seats, side)]
    return " & ".join(names) if names else side_name(side)


def seats_to_dict(seats: list[Seat]) -> list[dict[str, Any]]:
    return [{"name": s.name, "side": s.side, "counters": None if s.counters is None else sorted(s.counters)}
            for s in seats]


def seats_from_dict(data: list[dict[str, Any]]) -> list[Seat]:
    return [Seat(d["name"], d["side"], None if d.get("counters") is None else frozenset(d["counters"])) for d in data]
