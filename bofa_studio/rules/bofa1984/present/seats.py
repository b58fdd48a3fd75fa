"""O-2's seats at the table: who may act for an action, the refusals in the rule's words, the
setup handed over between the seats of a split side, and the New game dialog's choices."""

from __future__ import annotations

from typing import Any

from bofa_studio.play.seats import Seat
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES
from bofa_studio.rules.bofa1984.present.terms import O2_NAME_INDEX, O2_OPTIONS, SIDE_NAMES
from bofa_studio.rules.bofa1984.rocks import can_roll
from bofa_studio.rules.core import RuleError


class SeatRules:
    """The O-2 hooks of :class:`~bofa_studio.rules.bofa1984.present.Play`."""

    # The counters an action puts to work, by action type and field: under O-2 each must be
    # commanded by the seat that acts.
    _ACTING_FIELDS = {"Place": "counter", "Move": "counters", "Attack": "attackers", "Fire": "archers",
                      "Dive": "eagle", "Advance": "counters", "Skirmish": "second_wave"}

    def acting_pieces(self, action: Any) -> tuple[str, ...]:
        """The counters ``action`` moves, fights, shoots or places with (O-2 checks them)."""
        name = type(action).__name__
        if name == "CastSpell":
            return ("gandalf",)
        field = self._ACTING_FIELDS.get(name)
        value = getattr(action, field, ()) if field else ()
        return (value,) if isinstance(value, str) else tuple(value)

    def seat_for(self, action: Any) -> str | None:
        """O-2, beyond the generic rule (the seat commanding every counter put to work): any
        seat with a unit on a boulder pile may roll its rocks (S-7), and the engine's
        PlaceDefault, which sets up the whole side, belongs to no single seat of a split side."""
        if not self.o2:
            return None
        if isinstance(action, A.RollRocks):
            self._update_seat()
            side = self.decider()
            rollers = [c for c in self.stack(action.pile)
                       if self.game.side_of[c] == side and can_roll(self.game, self.state, c)]
            seats = [sid for sid in self.seats_now() if any(self.piece_seat(c) == sid for c in rollers)]
            return self.active_seat if self.active_seat in seats else (seats[0] if seats else None)
        if isinstance(action, A.PlaceDefault) and self._foreign_setup():
            return None
        return super().seat_for(action)

    def seat_refusal(self, action: Any, seat: str | None = None) -> RuleError | None:
        """O-2, beyond the generic refusals: the scenario setup of a split side, and rocks
        rolled by a seat with no unit on the pile."""
        refusal = super().seat_refusal(action, seat) if not isinstance(action, A.RollRocks) else None
        if refusal is not None or not self.o2 or self.decider() is None:
            return refusal
        seat = seat or self.active_seat
        name = self.seat_name(seat)
        if isinstance(action, A.PlaceDefault) and self._foreign_setup(seat):
            others = sorted({self.seat_name(self.piece_seat(c)) for c in self._foreign_setup(seat)})
            return RuleError("O-2", f"the scenario setup would also place {' and '.join(others)}'s counters: "
                                    f"{name} places only the counters {name} commands")
        if isinstance(action, A.RollRocks):
            if seat not in self.seats_now():
                return super().seat_refusal(action, seat)
            owner = self.seat_for(action)
            if owner is not None and not any(self.piece_seat(c) == seat for c in self.stack(action.pile)):
                return RuleError("O-2", f"the units on the boulder pile in {self._label(action.pile)} are "
                                        f"commanded by {self.seat_name(owner)}, not {name}")
        return None

    def split_fallback(self, action: Any) -> bool | None:
        """O-2: the engine's PlaceDefault sets up the whole side; random play plays it as the
        auto-place of a seat that still has counters to place."""
        if not isinstance(action, A.PlaceDefault):
            return None
        g, s = self.game, self.state
        left = {self.piece_seat(c) for c in g.setup_list(s, s.setup_side) if c not in s.pos}
        self.active_seat = next(sid for sid in self.seats_now() if sid in left)
        return self.auto_place()

    def engine_seats(self, names: list[str]) -> list[Seat]:
        return engine_seats(self.game, names)

    @classmethod
    def new_game_form(cls, scenario: dict[str, Any]) -> dict[str, Any]:
        """The New game dialog's choices: Basic or Standard (S-1..S-11), the optional rules the
        scenario names, and two to four seats (O-2)."""
        rules = scenario.get("rules", {})
        return {
            "levels": [("Basic Game (B-1..B-11)", "basic"), ("Standard Game (S-1..S-11)", "standard")],
            "level": rules.get("level", "basic"),
            "options": dict(rules.get("options", {})),
            "seat_choices": [("2 players", 2), ("3 players (O-2)", 3), ("4 players (O-2)", 4)],
            "seat_note": "Chosen with Seats above: 3 players for the Second Wave seat, 4 to split the Free Peoples too",
            "option_notes": rules.get("option_notes", {}),
            "seat_counts": {2: {k: False for k in O2_OPTIONS},
                            **{n: {k: v == n for k, v in O2_OPTIONS.items()} for n in O2_OPTIONS.values()}},
            "seat_labels": [SIDE_NAMES[FREE_PEOPLES], SIDE_NAMES[DARK], "Second Wave (O-2)",
                            "Dwarves & Men (O-2)"],
        }


def engine_seats(game: Any, names: list[str]) -> list[Seat]:
    """Seats for the engine's O-2 seats (``game.seats``), each commanding the counters the
    engine gives it (``game.seat_of``): the engine, not this module, decides who commands what."""
    seats = []
    for sid in game.seats:
        counters = frozenset(c for c in game.specs if game.seat_of(c) == sid)
        side = DARK if sid.startswith(DARK) else FREE_PEOPLES
        seats.append(Seat(names[O2_NAME_INDEX[sid]], side, counters, sid))
    return seats
