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
    id: str = ""  # O-2: the engine's seat (``BofaGame.seats``); "" for the two-player table

    def commands(self, cid: str) -> bool:
        return self.counters is None or cid in self.counters


def side_name(side: str | None) -> str:
    return SIDE_NAMES.get(side or "", side or "")


def result_summary(result: dict[str, Any]) -> str:
    """The outcome as players say it ("Free Peoples tactical victory", "Draw"), from the
    engine's winner and level: its ``summary`` spells the side as an identifier."""
    winner, level = result.get("winner"), result.get("level")
    if winner is None:
        summary = result.get("summary") or ("draw" if level == "draw" else "")
        return summary[:1].upper() + summary[1:]
    return f"{side_name(winner)} {level} victory" if level else f"{side_name(winner)} victory"


def who_and_side(names: str, side: str | None) -> str:
    """'Alice (Free Peoples)', or just 'Free Peoples player' when the name already says the side."""
    side_text = side_name(side)
    return names if names == f"{side_text} player" else f"{names} ({side_text})"


def default_seats(names: tuple[str, str] = ("Free Peoples player", "Dark player")) -> list[Seat]:
    return [Seat(names[0], FREE_PEOPLES), Seat(names[1], DARK)]


# Which name of the new-game dialog sits at each of the engine's O-2 seats.
O2_NAME_INDEX = {"free_peoples": 0, "free_peoples_elves": 0, "dark": 1, "dark_second_wave": 2,
                 "free_peoples_dwarves": 3}


def engine_seats(game: Any, names: list[str]) -> list[Seat]:
    """Seats for the engine's O-2 seats (``game.seats``), each commanding the counters the
    engine gives it (``game.seat_of``): the engine, not this module, decides who commands what."""
    seats = []
    for sid in game.seats:
        counters = frozenset(c for c in game.specs if game.seat_of(c) == sid)
        side = DARK if sid.startswith(DARK) else FREE_PEOPLES
        seats.append(Seat(names[O2_NAME_INDEX[sid]], side, counters, sid))
    return seats


def seats_for(seats: list[Seat], side: str | None) -> list[Seat]:
    return [s for s in seats if s.side == side]


def seat_names(seats: list[Seat], side: str | None) -> str:
    names = [s.name for s in seats_for(seats, side)]
    return " & ".join(names) if names else side_name(side)


def seats_to_dict(seats: list[Seat]) -> list[dict[str, Any]]:
    return [{"name": s.name, "side": s.side, "id": s.id,
             "counters": None if s.counters is None else sorted(s.counters)} for s in seats]


def seats_from_dict(data: list[dict[str, Any]]) -> list[Seat]:
    return [Seat(d["name"], d["side"], None if d.get("counters") is None else frozenset(d["counters"]), d.get("id", ""))
            for d in data]
