"""PlayController: one hot-seat game, gestures in, engine actions out, no widgets.

It owns the :class:`~bofa_studio.session.Session`. Widgets call its gesture
methods (pick a tray counter, click a hex, commit, end the phase) and redraw when
it notifies them; every decision it offers is one of the engine's legal actions,
grouped by kind, so an action type the engine adds later appears as a button
without code here. Chance steps are rolled by the session from the state's own
generator and logged.

Undo follows the table's etiquette: a step that showed a die or a blind chip
cannot be taken back unless the players agreed to allow it (``undo_rolls``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.spells import SPELL_NAMES
from bofa_studio.rules.bofa1984.wording import chip_text as chip_name
from bofa_studio.rules.core import CHANCE, TERMINAL, RuleError
from bofa_studio.session import Session, load_session
from bofa_studio.ui.play import preview
from bofa_studio.ui.play.records import LogEntry, ReplayCursor, entries_from_events
from bofa_studio.ui.play.seats import (
    Seat,
    default_seats,
    seat_names,
    seats_from_dict,
    seats_to_dict,
    side_name,
    who_and_side,
)


def load_save(path: str | os.PathLike[str]) -> Session:
    """``load_session``: every problem of the file, malformed actions included, is a DataFileError."""
    return load_session(path)


# Button order in the decision panel; kinds not listed come last, by name.
KIND_ORDER = ["ChooseChip", "PlayHeldChip", "DrawChip", "ChooseMode", "PlaceDefault", "Skirmish", "TakeLoss",
              "Advance", "EndPhase"]


class PlayController:
    def __init__(self, session: Session, seats: list[Seat] | None = None, *, undo_rolls: bool = False,
                 autosave_path: str | os.PathLike[str] | None = None, path: str | None = None) -> None:
        self.session = session
        self.seats = seats or default_seats()
        self.active_seat: str | None = None  # O-2: the engine seat at the controls now
        self.undo_rolls = undo_rolls
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.path = path  # where the game was last saved or loaded
        self.listeners: list[Callable[[], None]] = []
        self.version = 0
        self._legal: tuple[int, list[Any]] | None = None
        self.entries: list[LogEntry] = []
        self.selection: tuple[str, ...] = ()
        self.target: Hex | None = None
        self.tray_pick: str | None = None
        self.refusal: RuleError | None = None
        self.message = ""
        self.reach: preview.Reach | None = None
        # Standard Game gestures: an action armed by a map click, waiting for the Roll button
        # (a dive, rolling rocks, a spell), and a hex-picking mode ("destroy", "escape").
        self.armed: Any | None = None
        self.mode: str | None = None
        self.checks: dict[Hex, float] = {}  # S-6: reach hexes that need a morale check
        self._cache: dict[str, tuple[int, Any]] = {}
        self.handover_to: str | None = None
        self.replay: ReplayCursor | None = None
        if session.current_player() == CHANCE:
            session.resolve_chance()
        self._rebuild_entries()
        self._last_decider = self.decider()

    # -- construction ------------------------------------------------------------
    @classmethod
    def new_game(cls, scenario_path: str | os.PathLike[str], seed: int = 0, *, level: str | None = None,
                 options: dict[str, bool] | None = None, **kwargs: Any) -> PlayController:
        """A new game; the rule level and options are written into the scenario the save keeps."""
        from bofa_studio.board import load_map
        from bofa_studio.scenario import load_scenario

        scenario = load_scenario(scenario_path)
        data = dict(scenario.data)
        rules = dict(data["rules"])
        if level:
            rules["level"] = level
        rules["options"] = {**rules.get("options", {}), **(options or {})}
        data["rules"] = rules
        return cls(Session(data, load_map(scenario.map_path), seed), **kwargs)

    @classmethod
    def load(cls, path: str | os.PathLike[str], **kwargs: Any) -> PlayController:
        """A saved game, with the seats kept in its summary (O-2 names and commands)."""
        from bofa_studio.jsonfile import read_json_object

        controller = cls(load_save(path), path=str(path), **kwargs)
        seats = read_json_object(path).get("summary", {}).get("seats")
        if seats and "seats" not in kwargs:
            try:
                controller.set_seats(seats_from_dict(seats))
            except (KeyError, TypeError):
                pass  # a hand-edited summary: the default seats still play the game
        return controller

    # -- seats (O-2) ---------------------------------------------------------------
    def set_seats(self, seats: list[Seat]) -> None:
        self.seats = seats
        self.active_seat = None
        self._update_seat()
        self._changed()

    @property
    def o2(self) -> bool:
        return any(s.id for s in self.seats)

    def seats_now(self) -> list[str]:
        """The engine seats that may act now (O-2); empty at a two-player table."""
        if not self.o2 or self.decider() is None:
            return []
        return list(self.game.current_seats(self.state))

    def seat_name(self, sid: str | None) -> str:
        return next((s.name for s in self.seats if s.id == sid), sid or "")

    def _update_seat(self) -> None:
        now = self.seats_now()
        if now and self.active_seat not in now:
            self.active_seat = now[0]

    def switch_seat(self, sid: str) -> None:
        """O-2: two seats share the phase; this one takes the board (after a hand-over)."""
        if sid in self.seats_now() and sid != self.active_seat:
            self.active_seat = sid
            self._clear_gesture()
            self.handover_to = self.decider()
            self._changed()

    def commands(self, cid: str) -> bool:
        """Whether the seat at the controls commands ``cid`` (always, without O-2)."""
        if not self.o2:
            return True
        self._update_seat()
        return self.game.seat_of(cid) == self.active_seat

    def _command_refusal(self, cid: str) -> RuleError:
        owner = self.seat_name(self.game.seat_of(cid))
        return RuleError("O-2", f"{self.game.specs[cid].name} is commanded by {owner}, "
                                f"not {self.seat_name(self.active_seat)}")

    # The counters an action puts to work, by action type and field: under O-2 each must be
    # commanded by the seat that acts.
    _ACTING_FIELDS = {"Place": "counter", "Move": "counters", "Attack": "attackers", "Fire": "archers",
                      "Dive": "eagle", "Advance": "counters", "Skirmish": "second_wave"}

    def acting_counters(self, action: Any) -> tuple[str, ...]:
        """The counters ``action`` moves, fights, shoots or places with (O-2 checks them)."""
        name = type(action).__name__
        if name == "CastSpell":
            return ("gandalf",)
        field = self._ACTING_FIELDS.get(name)
        value = getattr(action, field, ()) if field else ()
        return (value,) if isinstance(value, str) else tuple(value)

    def seat_for(self, action: Any) -> str | None:
        """O-2: the seat that may take ``action`` now, or None if none of the seats acting now
        can (its counters belong to two seats, or to a seat that is not acting). A decision
        that puts no counter to work (a chip, the end of a phase, a loss) is the seat at the
        board's. Always None at a two-player table."""
        if not self.o2:
            return None
        self._update_seat()
        now = self.seats_now()
        if type(action).__name__ == "RollRocks":
            # Any unit of the phase player on the pile may roll (S-7): any seat with one there.
            from bofa_studio.rules.bofa1984.rocks import can_roll

            side = self.decider()
            rollers = [c for c in self.stack(action.pile)
                       if self.game.side_of[c] == side and can_roll(self.game, self.state, c)]
            seats = [sid for sid in now if any(self.game.seat_of(c) == sid for c in rollers)]
            return self.active_seat if self.active_seat in seats else (seats[0] if seats else None)
        if type(action).__name__ == "PlaceDefault" and self._foreign_setup():
            return None
        counters = self.acting_counters(action)
        if not counters:
            return self.active_seat
        seats = {self.game.seat_of(c) for c in counters}
        seat = seats.pop() if len(seats) == 1 else None
        return seat if seat in now else None

    def seat_refusal(self, action: Any, seat: str | None = None) -> RuleError | None:
        """O-2: why ``seat`` (default: the seat at the board) may not take ``action``: it is not
        one of the seats acting now, or the action puts to work counters it does not command."""
        if not self.o2 or self.decider() is None:
            return None
        self._update_seat()
        seat = seat or self.active_seat
        now = self.seats_now()
        name = self.seat_name(seat)
        if seat not in now:
            return RuleError("O-2", f"{name} does not decide now: {' or '.join(map(self.seat_name, now))} does")
        kind = type(action).__name__
        if kind == "PlaceDefault" and self._foreign_setup(seat):
            others = sorted({self.seat_name(self.game.seat_of(c)) for c in self._foreign_setup(seat)})
            return RuleError("O-2", f"the scenario setup would also place {' and '.join(others)}'s counters: "
                                    f"{name} places only the counters {name} commands")
        if kind == "RollRocks":
            if self.seat_for(action) is not None and not any(
                    self.game.seat_of(c) == seat for c in self.stack(action.pile)):
                owner = self.seat_name(self.seat_for(action))
                return RuleError("O-2", f"the units on the boulder pile in {self._label(action.pile)} are "
                                        f"commanded by {owner}, not {name}")
            return None
        foreign = next((c for c in self.acting_counters(action) if self.game.seat_of(c) != seat), None)
        if foreign is not None:
            return RuleError("O-2", f"{self.game.specs[foreign].name} is commanded by "
                                    f"{self.seat_name(self.game.seat_of(foreign))}, not {name}")
        return None

    def handover_name(self) -> str:
        if self.o2 and self.active_seat:
            return self.seat_name(self.active_seat)
        return seat_names(self.seats, self.handover_to)

    # -- observing -----------------------------------------------------------------
    def subscribe(self, fn: Callable[[], None]) -> None:
        self.listeners.append(fn)

    def _changed(self) -> None:
        self.version += 1
        for fn in list(self.listeners):
            fn()

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def state(self) -> Any:
        return self.session.state

    def shown_state(self) -> Any:
        """The position the board shows: the replay cursor's while replaying."""
        return self.replay.state if self.replay is not None else self.session.state

    # -- whose decision ------------------------------------------------------------
    def decider(self) -> str | None:
        p = self.session.current_player()
        return None if p in (CHANCE, TERMINAL) else p

    def decider_text(self) -> str:
        side = self.decider()
        if side is None:
            return "The game is over" if self.is_over else ""
        who = seat_names(self.seats, side)
        if self.o2:
            self._update_seat()
            who = self.seat_name(self.active_seat)
        return f"{who_and_side(who, side)}: {self.stage_text()}"

    def stage_text(self) -> str:
        s = self.state
        texts = {
            "setup": "set up your counters in your zones (B-2)",
            "choose_first": "choose the chip you play first (B-3)",
            "choose_second": "choose the chip you hold for later (B-3)",
            "chip": "play your held chip, or draw blind (B-3, S-3)",
            "fc_mode": "play the F/C chip as FIRE or COMBAT (B-4)",
            "move": "move: select a counter or stack, then a shaded hex (B-6)",
            "combat": "combat: select attackers, then the enemy hex; skirmishes must be fought (B-7)",
            "fire": "fire: select archers, then the target hex (B-8)",
            "loss": f"choose which counter in {' or '.join(self._label(h) for h in self.loss_hexes()) or '?'} "
                    "takes the hit (B-7)",
            "advance": f"advance into the emptied hex {self._label(self.advance_hex())}, or stay (B-7)",
            "extra_elves": f"choose the {s.extra_count} extra Elf counter(s) the roll brings (O-8)",
            "variable_tribes": "choose the two tribes that come over the mountain on turn 4 (O-6)",
        }
        g = self.game
        if s.stage == "escape" and s.escapes:
            cid = s.escapes[0]
            return (f"{g.specs[cid].name}: an enemy entered his hex in {self._label(self.hex_of(cid))} — "
                    f"escape or stay (S-10)")
        if s.stage == "ground_eagles":
            hexes = self.ground_eagle_hexes()
            where = self._label(hexes[0]) if hexes else "?"
            return (f"Giant Eagles lie on your counters in {where}: ground them for a skirmish, "
                    "or leave them in the air (S-7)")
        if s.stage == "regroup_place" and s.regroup_place:
            return f"{g.specs[s.regroup_place].name} was regrouped and no longer fits: move it next door (S-3)"
        return texts.get(s.stage, s.stage)

    def _label(self, h: Hex | None) -> str:
        return self.game.cb.label(self.game.idx(h)) if h is not None else "?"

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def confirm_handover(self) -> None:
        self.handover_to = None
        self._changed()

    # -- what the current player can do -------------------------------------------------
    def legal(self) -> list[Any]:
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self.session.legal_actions() if self.decider() else [])
        return self._legal[1]

    def choices(self) -> dict[str, list[Any]]:
        """Legal actions grouped by kind (the action class name), in panel order."""
        groups: dict[str, list[Any]] = {}
        for a in self.legal():
            groups.setdefault(type(a).__name__, []).append(a)
        order = {k: i for i, k in enumerate(KIND_ORDER)}
        return dict(sorted(groups.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))

    def buttons(self) -> list[tuple[str, Any]]:
        """Decisions that need no map gesture, each with a label: chips, modes, losses, advance..."""
        out = []
        # Dives, spells and escapes have their own gestures (there can be hundreds of dives).
        map_kinds = {"Place", "Move", "Attack", "Fire", "Dive", "CastSpell", "Escape"}
        for kind, actions in self.choices().items():
            if kind in map_kinds:
                continue
            if kind == "PlaceDefault" and self._foreign_setup():
                # O-2: the engine's PlaceDefault would set up another seat's counters too.
                if self.tray():
                    out.append((f"Auto-place {self.seat_name(self.active_seat)}'s counters (scenario setup)",
                                "auto_place"))
                continue
            for a in actions:
                out.append((self.label(a), a))
        return out

    def label(self, a: Any) -> str:
        g = self.game
        name = type(a).__name__
        names = lambda ids: ", ".join(g.specs[c].name for c in ids)  # noqa: E731
        if name == "ChooseChip":
            return f"Take {chip_name(a.chip)}"
        if name == "PlayHeldChip":
            return f"Play held chip ({chip_name(self.state.held)})"
        if name == "DrawChip":
            return "Draw a chip blind"
        if name == "ChooseMode":
            return f"Play F/C as {a.mode.upper()}"
        if name == "PlaceDefault":
            return "Auto-place the rest (scenario setup)"
        if name == "Skirmish":
            where = g.cb.label(g.idx(a.hex))
            return f"Skirmish in {where}" + (f" + second wave {names(a.second_wave)}" if a.second_wave else "")
        if name == "TakeLoss":
            return f"Hit on {names([a.counter])}"
        if name == "Advance":
            into = f" into {self._label(self.advance_hex())}" if self.advance_hex() is not None else ""
            return f"Advance {names(a.counters)}{into}" if a.counters else "Do not advance"
        if name == "EndPhase":
            return "End the phase"
        if name == "ChooseExtraElves":
            return names(a.counters)
        if name == "ChooseTribes":
            return " and ".join(t.capitalize() for t in a.tribes) + " come over the mountain"
        if name == "StayPut":
            return f"{names([a.counter])} stays"
        if name == "RegroupMove":
            return f"Move {names([a.counter])} to {self._label(a.to)}"
        if name == "RegroupShift":
            return (f"Shift {names([a.shifted])} to {self._label(a.shift_to)}, "
                    f"then {names([a.counter])} into {self._label(a.to)}")
        if name == "GroundEagles":
            where = self._label(a.hex)
            return f"Skirmish with the Eagles in {where}" if a.skirmish else f"Leave the Eagles over {where} in the air"
        if name == "RollRocks":
            rock = next((r for r in self.rocks() if r.action == a), None)
            if rock is not None and rock.struck is not None:
                return (f"Roll rocks from {self._label(a.pile)} onto {self._label(rock.struck)}"
                        f" ({rock.chance:.0%} hit)")
            return f"Roll rocks from {self._label(a.pile)} towards {self._label(a.toward)}"
        return self.generic_label(a)

    def sections(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        """The decision buttons grouped under the rule they come from, with a sentence that
        says what is being decided (title, text, buttons)."""
        s, g = self.state, self.game
        titled: dict[str, tuple[str, str]] = {
            "ChooseExtraElves": ("O-8 Extra Elves",
                                 f"The roll brings {s.extra_count} of the extra Elf counters: choose which set up "
                                 "with the Elves."),
            "ChooseTribes": ("O-6 Variable reinforcements",
                             "Choose the two tribes that come over the mountain on turn 4; the other three "
                             "set up in the south now."),
            "StayPut": ("S-10 Escape of leaders", ""),
            "RegroupMove": ("S-3 Regrouping", ""),
            "RegroupShift": ("S-3 Regrouping", ""),
            "GroundEagles": ("S-7 Giant Eagles and skirmishes",
                             "Giant Eagles ended their move on your counters. Ground them under your "
                             "counter for a skirmish this combat phase, or leave them in the air."),
            "RollRocks": ("S-7 Rolling rocks",
                          "Before the phase's first fight or shot. The struck hexes are marked on the map "
                          "with their chance: distance 1 is a hit, distance 2 a hit on 1-3."),
        }
        if s.stage == "ground_eagles":
            hexes = self.ground_eagle_hexes()
            eagles = [c for c in self.stack(hexes[0]) if g.side_of[c] != "dark"] if hexes else []
            titled["GroundEagles"] = (
                "S-7 Giant Eagles and skirmishes",
                f"{', '.join(g.specs[c].name for c in eagles) or 'Giant Eagles'} ended the move on your counters "
                f"in {self._label(hexes[0]) if hexes else '?'} (shaded on the map). Ground them under your "
                "counter for a skirmish this combat phase, or leave them in the air."
                + (f" Then: {', '.join(self._label(h) for h in hexes[1:])}." if len(hexes) > 1 else ""))
        if s.stage == "escape" and s.escapes:
            cid = s.escapes[0]
            titled["StayPut"] = ("S-10 Escape of leaders",
                                 f"An enemy entered {g.specs[cid].name}'s hex. He may escape with his whole "
                                 "movement value to a hex without enemies, or stay.")
        if s.stage == "regroup_place" and s.regroup_place:
            titled["RegroupMove"] = ("S-3 Regrouping",
                                     f"{g.specs[s.regroup_place].name} is back to full strength but its hex "
                                     "cannot hold it: click a shaded hex next to it.")
            titled["RegroupShift"] = ("S-3 Regrouping",
                                      f"{g.specs[s.regroup_place].name} is back to full strength but its hex "
                                      "cannot hold it and every neighbour is full (S-1): click the ringed hex "
                                      "it moves into, then the shaded hex its counter shifts to.")
        out: dict[str, tuple[str, str, list[tuple[str, Any]]]] = {}
        for label, a in self.buttons():
            title, text = titled.get(type(a).__name__, ("", ""))
            out.setdefault(title, (title, text, []))[2].append((label, a))
        if self.plain_move() is not None:
            where = self._label(self.armed.target)
            out.setdefault("S-7 Dive attacks", ("S-7 Dive attacks",
                                                f"The Eagle may also end its move in {where} without diving "
                                                "(or Shift+click the hex).", []))[2].append(
                (f"Move to {where} without diving", "move_no_dive"))
        if s.stage == "escape" and any(isinstance(a, A.Escape) for a in self.legal()):
            sec = out.setdefault("S-10 Escape of leaders", (*titled["StayPut"], []))
            sec[2].insert(0, ("Escape… (then click a shaded hex)", "escape"))
        return list(out.values())

    def generic_label(self, a: Any) -> str:
        """A readable label for an action type this module does not know (Standard Game
        dives, spells, rolling rocks, escapes...): its name and its fields in board terms."""
        from dataclasses import fields, is_dataclass

        g = self.game
        name = type(a).__name__
        words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in name).strip().capitalize()
        if not is_dataclass(a):
            return words
        parts = []
        for f in fields(a):
            value = getattr(a, f.name)
            if isinstance(value, Hex):
                parts.append(g.cb.label(g.idx(value)))
            elif isinstance(value, str) and value in g.specs:
                parts.append(g.specs[value].name)
            elif isinstance(value, tuple) and value and all(isinstance(v, str) and v in g.specs for v in value):
                parts.append(", ".join(g.specs[v].name for v in value))
            elif isinstance(value, tuple) and value and all(isinstance(v, Hex) for v in value):
                parts.append("→".join(g.cb.label(g.idx(v)) for v in value))
            elif value not in ((), None, ""):
                parts.append(str(value).replace("_", " "))
        return f"{words}: {' '.join(parts)}" if parts else words

    # -- acting ----------------------------------------------------------------------------
    def act(self, action: Any, seat: str | None = None) -> bool:
        """Apply one action for ``seat`` (default: the seat at the board); on refusal keep the
        rule's reason for the UI and return False.

        O-2: with three or four seats, an action is refused unless ``seat`` is one of the seats
        acting now and commands every counter the action puts to work, whoever calls this
        (the window's gestures, random play, a script). The seat that acts takes the board."""
        side = self.decider()
        refusal = self.seat_refusal(action, seat)
        if refusal is not None:
            self.refusal = refusal
            self._changed()
            return False
        try:
            events = self.session.apply(action)
        except RuleError as exc:
            self.refusal = exc
            self._changed()
            return False
        if seat is not None and self.o2:
            self.active_seat = seat
        self.refusal = None
        self.entries += entries_from_events(len(self.session.log), events, side)
        self._clear_gesture()
        self._after_step()
        return True

    def _after_step(self) -> None:
        decider = self.decider()
        if self.o2:
            # O-2: the prompt follows the engine's seats, not the sides.
            before = self.active_seat
            self._update_seat()
            if decider is not None and before is not None and self.active_seat != before:
                self.handover_to = decider
        elif decider is not None and decider != self._last_decider and self._last_decider is not None:
            if seat_names(self.seats, decider) != seat_names(self.seats, self._last_decider):
                self.handover_to = decider
        self._last_decider = decider
        self._setup_handover()
        self.autosave()
        self._changed()

    def _setup_handover(self) -> None:
        """O-2: when the seat at the board has placed all its setup counters but another seat
        of the side has not, the board passes to that seat (there is nothing else to do)."""
        s, g = self.state, self.game
        if not self.o2 or s.stage != "setup" or self.active_seat is None:
            return
        left = [c for c in g.setup_list(s, s.setup_side) if c not in s.pos]
        if any(g.seat_of(c) == self.active_seat for c in left):
            return
        other = next((sid for sid in self.seats_now() if any(g.seat_of(c) == sid for c in left)), None)
        if other is not None and other != self.active_seat:
            self.active_seat = other
            self.handover_to = self.decider()

    def _clear_gesture(self) -> None:
        self.selection, self.target, self.tray_pick, self.reach = (), None, None, None
        self.armed, self.mode, self.checks = None, None, {}
        self.message = ""

    def clear_selection(self) -> None:
        self._clear_gesture()
        self.refusal = None
        self._changed()

    # -- undo within the rules' limits -------------------------------------------------
    def can_undo(self) -> bool:
        if not self.session.can_undo or self.replay is not None:
            return False
        if self.undo_rolls:
            return True
        # A step ends with its chance outcomes: if the last logged action is one, undoing
        # would take back a die or a chip that everyone has seen.
        log = self.session.log
        return bool(log) and not isinstance(log[-1], A.CHANCE_ACTIONS)

    def undo_block_reason(self) -> str:
        if self.session.can_undo and self.replay is None and not self.can_undo():
            return "the last step showed a die roll or a blind draw; undoing it needs 'allow undo of rolls'"
        return ""

    def can_redo(self) -> bool:
        return self.session.can_redo and self.replay is None

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.session.undo()
        n = len(self.session.log)
        self.entries = [e for e in self.entries if e.at <= n]
        self._clear_gesture()
        self.refusal = None
        self._last_decider = self.decider()
        self.autosave()
        self._changed()
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        side = self.decider()
        events = self.session.redo()
        self.entries += entries_from_events(len(self.session.log), events, side)
        self._clear_gesture()
        self._after_step()
        return True

    # -- files -------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        self.write(path)
        self.path = str(path)

    def write(self, path: str | os.PathLike[str]) -> None:
        """The session's save, with the seats in its free-form ``summary`` (the schema allows
        no other extra key): a game of three or four keeps its names and commands."""
        from bofa_studio.jsonfile import dumps_stable, write_atomic

        data = self.session.to_dict()
        data["summary"] = {**data.get("summary", {}), "seats": seats_to_dict(self.seats)}
        write_atomic(path, dumps_stable(data))

    def autosave(self) -> None:
        if self.autosave_path is not None:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self.write(self.autosave_path)

    def _rebuild_entries(self) -> None:
        self.entries = []
        game = self.game
        state = self.session.initial.copy()
        for i, action in enumerate(self.session.log):
            side = game.current_player(state)
            events = game.apply(state, action)
            self.entries += entries_from_events(i + 1, events, None if side == CHANCE else side)

    # -- replay -------------------------------------------------------------------------
    def start_replay(self, at: int = 0) -> ReplayCursor:
        self._clear_gesture()
        self.replay = ReplayCursor(self.session)
        self.replay.seek(at)
        self._changed()
        return self.replay

    def replay_step(self, delta: int) -> None:
        if self.replay is not None:
            self.replay.seek(self.replay.index + delta)
            self._changed()

    def stop_replay(self) -> None:
        self.replay = None
        self._changed()

    # -- counters and hexes, for the board ---------------------------------------------
    def hex_of(self, cid: str, state: Any | None = None) -> Hex | None:
        state = state or self.state
        i = state.pos.get(cid)
        return None if i is None else self.game.hex(i)

    def stack(self, h: Hex, state: Any | None = None) -> list[str]:
        state = state or self.state
        return list(state.stacks.get(self.game.idx(h), ()))

    def tray(self) -> list[str]:
        """Counters the current player may put on the map now: setup or reinforcements."""
        s = self.state
        if s.stage == "setup":
            # setup_list, not setup_counters: O-8's chosen Elves join the Free Peoples and
            # O-6's three staying tribes the Dark, which the scenario's list cannot know.
            return [c for c in self.game.setup_list(s, s.setup_side) if c not in s.pos and self.commands(c)]
        if s.stage == "move":
            return [c for c in self.game.reinforcements_ready(s) if self.commands(c)]
        return []

    def waiting(self) -> dict[str, list[str]]:
        """Counters off the map still to come, by the turn they arrive (for the trays)."""
        out: dict[str, list[str]] = {}
        # O-6 gives every tribe counter a reinforcement entry; those that stayed set up instead.
        staying = set(self.game.setup_list(self.state, "dark")) if self.game.tribe_of else set()
        for cid, r in self.game.reinforcement.items():
            if cid not in self.state.entered and cid not in staying and cid in self.game.specs:
                when = f"turn {r['turn']}: {r.get('name', '')}"
                if r["turn"] <= self.state.turn:  # B-5 "not before": a late one may still come on
                    when += f", due: enters in a {side_name(self.game.specs[cid].side)} MOVE phase"
                out.setdefault(when, []).append(cid)
        return out

    # -- gestures ----------------------------------------------------------------------
    def pick_tray(self, cid: str) -> None:
        if not self.commands(cid):
            self.refusal = self._command_refusal(cid)
            self._changed()
            return
        self._clear_gesture()
        self.tray_pick = cid
        self.refusal = None
        self.message = f"{self.game.specs[cid].name}: click a hex to place it"
        self._changed()

    def drop(self, cid: str, h: Hex | None) -> bool:
        """A tray counter dragged onto ``h`` (None: off the map). The same Place action as
        pick-then-click, so a refusal carries the engine's rule and reason; the counter stays
        picked so that a click can still place it."""
        if self.replay is not None or self.decider() is None:
            return False
        if not self.commands(cid):
            self.refusal = self._command_refusal(cid)
            self._changed()
            return False
        if cid not in self.tray():
            rule = "B-2" if self.state.stage == "setup" else "B-5"
            self.refusal = RuleError(rule, f"{self.game.specs[cid].name} cannot be placed now")
            self._changed()
            return False
        self.tray_pick = cid
        if h is None:
            self.refusal = RuleError("B-2" if self.state.stage == "setup" else "B-5", "dropped off the map")
            self._changed()
            return False
        return self.act(A.Place(cid, h))

    def select(self, counters: tuple[str, ...]) -> None:
        """Select movers, attackers or archers explicitly (the click gestures end here too)."""
        foreign = next((c for c in counters if not self.commands(c)), None)
        if foreign is not None:
            self.refusal = self._command_refusal(foreign)
            self._changed()
            return
        self.selection = tuple(counters)
        self.refusal = None
        self.reach = None
        stage = self.state.stage
        if stage == "move" and counters:
            self.reach = preview.reach(self.game, self.state, self.selection, self.legal())
            self.armed = None
            self.checks = self._morale_checks(self.reach)
            if not self.reach.moves and not self.dives():
                self.message = "no legal move for the selection (already moved, or hemmed in)"
            elif self.dives():
                self.message = ("S-7: the marked enemy hexes can be dived on (click one, then where the "
                                "flight ends, then Dive!)")
        self._changed()

    def click(self, h: Hex, counter: str | None = None, *, plain: bool = False) -> bool:
        """A left click on ``h`` (on ``counter`` if one was hit). True if an action was applied.

        ``plain`` (Shift+click) asks for the plain move where a click would arm something
        else: an Eagle may end its move on a hex it could also dive on (S-7)."""
        if self.replay is not None or self.decider() is None:
            return False
        stage = self.state.stage
        if plain and stage == "move" and self.reach is not None and h in self.reach.moves:
            return self.act(self.reach.moves[h])
        if self.tray_pick is not None and stage in ("setup", "move"):
            return self.act(A.Place(self.tray_pick, h))
        if self.mode == "destroy" and stage == "fire":
            return self._click_destroy(h)
        handler = getattr(self, f"_click_{stage}", None)
        return bool(handler(h, counter)) if handler else False

    def _own_in(self, h: Hex, exclude: set[str]) -> tuple[str, ...]:
        side = self.decider()
        return tuple(c for c in self.stack(h) if self.game.side_of[c] == side and c not in exclude
                     and self.commands(c))

    def _click_move(self, h: Hex, counter: str | None) -> bool:
        dives = self.dives()
        armed = self.armed if isinstance(self.armed, A.Dive) else None
        if armed is not None and h in {d.to for d in dives.get(armed.target, [])}:
            self.armed = A.Dive(armed.eagle, armed.target, h)  # where the flight ends
            self._changed()
            return False
        if h in dives:
            options = dives[h]
            # Flying back to the start is the default end: it needs no second decision.
            self.armed = next((d for d in options if d.to == self.reach.start), options[0]) \
                if self.reach is not None else options[0]
            self.refusal = None
            self.message = "S-7 dive: click a shaded hex to change where the flight ends, then Dive!"
            if self.plain_move() is not None:
                self.message += " (Shift+click: move there without diving)"
            self._changed()
            return False
        if self.reach is not None and h in self.reach.moves:
            return self.act(self.reach.moves[h])
        mine = self._own_in(h, self.state.moved)
        if not mine:
            if self.selection:
                move = A.Move(self.selection, h)
                self.refusal = preview.explain(self.game, self.state, move) or RuleError("B-6", "not reachable")
                self._changed()
            else:
                self._explain_idle(h)
            return False
        groups = [mine] if len(mine) > 1 else []
        groups += [(c,) for c in reversed(mine)]
        if counter in mine and self.selection != (counter,) and self.selection and self.selection[0] in mine:
            choice: tuple[str, ...] = (counter,)
        elif self.selection in groups:
            choice = groups[(groups.index(self.selection) + 1) % len(groups)]
        else:
            choice = groups[0]
        self.select(choice)
        return False

    def plain_move(self) -> Any | None:
        """S-7: the plain Move to the armed dive's target hex, when the Eagle may also simply
        end its move there (a click on that hex arms the dive instead)."""
        a = self.armed
        if not isinstance(a, A.Dive) or self.reach is None:
            return None
        return self.reach.moves.get(a.target)

    def move_without_diving(self) -> bool:
        move = self.plain_move()
        if move is None:
            self.refusal = RuleError("S-7", "no plain move to the dive target: select an Eagle and click a "
                                            "marked hex it can also reach")
            self._changed()
            return False
        return self.act(move)

    def _arm_rocks(self, h: Hex) -> bool:
        """S-7, with nothing selected: a click on a boulder pile that may roll arms its roll
        down its first slope line; clicking the pile again arms its next line, and after its
        last line the click selects the pile's own counters as usual (they may still attack
        or shoot instead). A click on a hex the rocks would strike arms that roll too
        (clicking again cycles when several piles reach it)."""
        if self.selection:
            return False
        rocks = self.rocks()
        lines = [r.action for r in rocks if r.line[0] == h]
        if lines:
            if self.armed in lines and lines.index(self.armed) == len(lines) - 1:
                self.armed = None  # every line shown: on to the pile's counters
                return False
            i = lines.index(self.armed) + 1 if self.armed in lines else 0
            self._arm_roll(lines[i], "another slope line" if i + 1 < len(lines) else "its counters instead")
            return True
        options = [r.action for r in rocks if r.struck == h]
        if not options:
            return False
        i = options.index(self.armed) + 1 if self.armed in options else 0
        self._arm_roll(options[i % len(options)], "")
        return True

    def _arm_roll(self, action: Any, again: str) -> None:
        self.armed = action
        self.target = None
        self.refusal = None
        rock = next((r for r in self.rocks() if r.action == action), None)
        self.message = ""
        if rock is not None and rock.struck is not None:
            self.message = (f"S-7: rocks from {self._label(action.pile)} strike {self._label(rock.struck)} "
                            f"({rock.chance:.0%}): Roll the rocks")
            if again:
                self.message += f", or click the pile again for {again}"
        self._changed()

    def rock_pile(self) -> Hex | None:
        """S-7: the boulder pile whose roll is armed (its slope lines are highlighted)."""
        return self.armed.pile if isinstance(self.armed, A.RollRocks) else None

    def _explain_idle(self, h: Hex) -> None:
        """A click on one's own counters that cannot act now says why (the engine's words),
        rather than doing nothing: already moved, fought or shot, not an archer, or (O-2)
        another seat's."""
        side, s, g = self.decider(), self.state, self.game
        own = [c for c in self.stack(h) if g.side_of[c] == side]
        if not own:
            return
        if self.o2 and not any(self.commands(c) for c in own):
            self.refusal = self._command_refusal(own[0])
            self._changed()
            return
        own = [c for c in own if self.commands(c)]
        names = " and ".join(g.specs[c].name for c in own)
        has = "have" if len(own) > 1 else "has"
        stage = s.stage
        if stage == "move" and all(c in s.moved for c in own):
            self.refusal = RuleError("B-6", f"{names} {has} already moved this phase")
        elif stage == "combat" and all(c in s.fought for c in own):
            self.refusal = RuleError("B-7", f"{names} {has} already fought this phase (one attack or "
                                            "skirmish each)")
        elif stage == "fire":
            archers = [c for c in own if g.specs[c].is_archer]
            if not archers:
                self.refusal = RuleError("B-8", f"{names} cannot shoot: archery fire can only be made by "
                                                "archers (a bow on the counter)")
            elif all(c in s.fired for c in archers):
                names = " and ".join(g.specs[c].name for c in archers)
                has = "have" if len(archers) > 1 else "has"
                self.refusal = RuleError("B-8", f"{names} {has} already shot this phase (archers shoot once)")
            else:
                return
        else:
            return
        self._changed()

    def _click_combat(self, h: Hex, counter: str | None) -> bool:
        # A skirmish hex (both sides in it) is a target too: a selection from an adjacent
        # hex is its second wave.
        return self._select_or_target(h, lambda: self._own_in(h, self.state.fought))

    def _click_fire(self, h: Hex, counter: str | None) -> bool:
        return self._select_or_target(
            h, lambda: tuple(c for c in self._own_in(h, self.state.fired) if self.game.specs[c].is_archer))

    def _select_or_target(self, h: Hex, own: Callable[[], tuple[str, ...]]) -> bool:
        """The click of the combat and fire phases: a hex of one's own side toggles ``own()``
        (its counters that may still attack or shoot) in the selection; any other occupied
        hex becomes the target. A click on a hex the rocks would strike arms them instead."""
        if self._arm_rocks(h):
            return False
        self.armed = None
        side = self.decider()
        stack = self.stack(h)
        sides = {self.game.side_of[c] for c in stack}
        if sides == {side}:
            group = own()
            if not group:
                self._explain_idle(h)
                return False
            sel = [c for c in self.selection if c not in group]
            if not set(group) <= set(self.selection):
                sel += list(group)
            self.selection = tuple(sel)
            self.refusal = None
            self._changed()
        elif stack:
            self.target = h
            self.refusal = None
            self._changed()
        return False

    def _click_loss(self, h: Hex, counter: str | None) -> bool:
        options = [a for a in self.legal() if isinstance(a, A.TakeLoss)]
        here = [a for a in options if self.hex_of(a.counter) == h]
        pick = next((a for a in here if a.counter == counter), here[0] if len(here) == 1 else None)
        return self.act(pick) if pick is not None else False

    def _click_escape(self, h: Hex, counter: str | None) -> bool:
        cid = self.state.escapes[0]
        if h in self.escape_hexes():
            return self.act(A.Escape(cid, h))
        if self.mode == "escape":
            why = preview.explain(self.game, self.state, A.Escape(cid, h))
            if why is not None:
                # The engine names the hex only; the player needs to know what is allowed.
                why = RuleError(why.rule, f"{why.reason}: only the shaded hexes, those he reaches with his "
                                          "movement value without enemies and with room for him")
            self.refusal = why
            self._changed()
        return False

    def _click_regroup_place(self, h: Hex, counter: str | None) -> bool:
        """S-1/S-3: a shaded hex takes the regrouped counter. When every neighbour is full the
        engine offers RegroupShift instead: the first click picks the hex the counter moves
        into (``target``), the second where that hex's counter is shifted to."""
        legal = self.legal()
        shifts = [a for a in legal if isinstance(a, A.RegroupShift)]
        if self.target is not None:
            options = [a for a in shifts if a.to == self.target and a.shift_to == h]
            if options:
                pick = next((a for a in options if a.shifted == counter), options[0])
                return self.act(pick)
        move = next((a for a in legal if isinstance(a, A.RegroupMove) and a.to == h), None)
        if move is not None:
            return self.act(move)
        if any(a.to == h for a in shifts):
            self.target = h
            self.refusal = None
            names = ", ".join(dict.fromkeys(self.game.specs[a.shifted].name for a in shifts if a.to == h))
            self.message = (f"S-1: {names} makes room in {self._label(h)}: click the shaded hex it shifts to "
                            "(or another ringed hex to change)")
            self._changed()
            return False
        if self.target is not None and h == self.target:
            return False
        self.refusal = preview.explain(self.game, self.state, A.RegroupMove(self.state.regroup_place, h))
        self._changed()
        return False

    def _click_destroy(self, h: Hex) -> bool:
        spell = A.CastSpell("destroy", h)
        if spell in self.legal():
            self.armed = spell
            self.refusal = None
            self.message = (f"S-8 destroy on {self._label(h)}: its victims are crossed out; Cast the spell, "
                            "or click another shaded hex")
        else:
            self.refusal = preview.explain(self.game, self.state, spell) or RuleError(
                "S-8", "the destroy spell needs a hex within 10 hexes of Gandalf, with Dark units and "
                       "no Free Peoples")
        self._changed()
        return False

    def pending_action(self) -> Any | None:
        """The action the Roll button declares: an armed dive, roll of rocks or spell, or the
        Attack, Skirmish or Fire that the current selection and target describe."""
        if self.armed is not None:
            return self.armed
        if self.target is None:
            return None
        stage = self.state.stage
        stack = self.stack(self.target)
        if stage == "combat":
            if len({self.game.side_of[c] for c in stack}) == 2:
                return A.Skirmish(self.target, tuple(self.selection))
            return A.Attack(tuple(self.selection), self.target) if self.selection else None
        if stage == "fire" and self.selection:
            return A.Fire(tuple(self.selection), self.target)
        return None

    def odds(self) -> preview.Odds | None:
        action = self.pending_action()
        if action is None or self.armed is not None:
            return None
        return preview.odds(self.game, self.state, action)

    def armed_text(self) -> str:
        """What the armed dive, rocks or spell will do, and its chance, for the panel."""
        a, g = self.armed, self.game
        if isinstance(a, A.Dive):
            chance = self._cached(f"dive{a}", lambda: preview.hit_chance(g, self.state, a, frozenset({"dive_hit"})))
            back = " and flies back" if self.reach is not None and a.to == self.reach.start else \
                f" and ends in {self._label(a.to)}"
            return (f"S-7 dive: {g.specs[a.eagle].name} dives on {self._label(a.target)}{back}. "
                    f"Hit on 1-5: {chance or 0:.0%}.")
        if isinstance(a, A.RollRocks):
            rock = next((r for r in self.rocks() if r.action == a), None)
            if rock is None:
                return ""
            where = f"{self._label(rock.struck)}, {rock.distance} hex(es) down the slope"
            return f"S-7 rolling rocks from {self._label(a.pile)} onto {where}: {rock.chance:.0%} to hit."
        if isinstance(a, A.CastSpell):
            row = next(r for r in self.spells() if r.spell == a.spell)
            where = f" on {self._label(a.target)}" if a.spell == "destroy" else ""
            chance = self.spell_chance(a)
            text = (f"S-8: Gandalf tries {SPELL_NAMES[a.spell]}{where}: needs {row.need} or less, "
                    f"{chance:.0%}. {SPELL_EFFECTS[a.spell]}")
            effect = self.effect_text()
            return f"{text} {effect}" if effect else text
        return ""

    def spell_chance(self, a: Any) -> float:
        """S-8: the chance that this cast works, from the engine's roll on a copy."""
        return self._cached(f"spell_chance{a}", lambda: preview.success_chance(self.game, self.state, a)) or 0.0

    def effect_text(self) -> str:
        """What the armed spell does if it works, counter by counter, as the engine would do it
        (tried on a copy): who is destroyed, who is spared, who is pushed, who flips back."""
        a, g = self.armed, self.game
        effect = self.effect()
        if not isinstance(a, A.CastSpell) or effect is None:
            return ""
        names = lambda ids: ", ".join(g.specs[c].name for c in ids)  # noqa: E731
        parts = []
        if a.spell == "destroy":
            parts.append(f"destroyed: {names(effect.removed)}" if effect.removed else "nothing is destroyed")
            spared = [c for c in self.stack(a.target) if c not in effect.removed and c not in effect.moved]
            if spared:
                parts.append(f"spared: {names(spared)} (S-8: not leaders or characters)")
        elif effect.removed:
            parts.append(f"removed: {names(effect.removed)}")
        if effect.moved:
            parts.append(f"{len(effect.moved)} counter(s) moved" if a.spell == "push_back"
                         else f"moved: {names(effect.moved)}")
        if effect.flipped:
            parts.append(f"{'back to full strength' if a.spell == 'regroup' else 'hit'}: {names(effect.flipped)}")
        return "If it works: " + "; ".join(parts) + "." if parts else ""

    # -- Standard Game gestures: what the map marks ------------------------------------
    def _cached(self, key: str, fn: Callable[[], Any]) -> Any:
        """Per-version memo: previews are computed on copies and asked by several widgets."""
        hit = self._cache.get(key)
        if hit is not None and hit[0] == self.version:
            return hit[1]
        value = fn()
        self._cache[key] = (self.version, value)
        return value

    def dives(self) -> dict[Hex, list[Any]]:
        """S-7: for a selected Giant Eagle in the MOVE phase, its legal dives by target hex."""
        if self.state.stage != "move" or len(self.selection) != 1 or self.decider() is None:
            return {}
        eagle = self.selection[0]
        out: dict[Hex, list[Any]] = {}
        for a in self.legal():
            if isinstance(a, A.Dive) and a.eagle == eagle:
                out.setdefault(a.target, []).append(a)
        return out

    def dive_chance(self, target: Hex) -> float:
        options = self.dives().get(target)
        if not options:
            return 0.0
        a = options[0]
        return self._cached(f"dive{a}", lambda: preview.hit_chance(self.game, self.state, a,
                                                                  frozenset({"dive_hit"}))) or 0.0

    def dive_path(self) -> list[Hex]:
        """The armed dive's flight: start, over the target, to where it ends."""
        a = self.armed
        if not isinstance(a, A.Dive):
            return []
        start = self.hex_of(a.eagle)
        return [h for h in (start, a.target, a.to) if h is not None]

    def rocks(self) -> list[RockOption]:
        """S-7: every legal roll of rocks now, with its slope line, the hex it strikes and
        the chance, each found by trying the roll on a copy of the state."""
        if self.state.stage not in ("combat", "fire") or self.decider() is None:
            return []
        return self._cached("rocks", self._rocks)

    def _rocks(self) -> list[RockOption]:
        from bofa_studio.rules.bofa1984 import rocks as rules_rocks

        g, s = self.game, self.state
        out = []
        for a in self.legal():
            if not isinstance(a, A.RollRocks):
                continue
            pile, toward = g.idx(a.pile), g.idx(a.toward)
            line = next((ln for ln in rules_rocks.slope_lines(g).get(pile, []) if ln[1] == toward), (pile, toward))
            hexes = [g.hex(i) for i in line[:3]]
            struck = next((i for i, h in enumerate(hexes[1:], 1) if g.idx(h) in s.stacks), None)
            chance = preview.hit_chance(g, s, a, frozenset({"rock_hit"})) or 0.0
            out.append(RockOption(a, hexes, hexes[struck] if struck else None, struck or 0, chance))
        return out

    def spells(self) -> list[SpellRow]:
        """S-8: the three spells with the roll each needs, its chance, whether it is used,
        and whether it can be tried now (and why not)."""
        from bofa_studio.rules.bofa1984 import spells as rules_spells

        g, s = self.game, self.state
        if not g.option("s8_gandalf_spells"):
            return []
        legal = [a for a in self.legal() if isinstance(a, A.CastSpell)]
        rows = []
        for spell, need in rules_spells.SPELLS.items():
            options = [a for a in legal if a.spell == spell]
            if spell in s.spells_used:
                why = "used (a spell that works is used up)"
            elif len(s.spells_used) >= rules_spells.MAX_SPELLS:
                why = "two spells have worked: no more this game"
            elif options:
                why = ""
            elif "gandalf" not in s.pos:
                why = "Gandalf is not on the map"
            elif s.stage != "fire" or s.phase_player != "free_peoples":
                why = "only in a Free Peoples FIRE phase"
            elif s.spell_tried:
                why = "one try per FIRE phase: already tried"
            elif s.fired:
                why = "only before the phase's first shot"
            else:
                why = "no target within 10 hexes" if spell == "destroy" else "not possible now"
            chance = need / 10  # a d10 roll of ``need`` or less; refined from the engine when offered
            if options:
                chance = self._cached(f"spell{spell}", lambda a=options[0]: preview.success_chance(g, s, a)) or 0.0
            rows.append(SpellRow(spell, need, chance, spell in s.spells_used, options, why))
        return rows

    def spells_left(self) -> int:
        from bofa_studio.rules.bofa1984 import spells as rules_spells

        return max(0, rules_spells.MAX_SPELLS - len(self.state.spells_used))

    def pick_spell(self, spell: str) -> None:
        """The spell picker: destroy asks for a target hex on the map; the others are
        armed at once, so the map previews their effect before the roll."""
        row = next((r for r in self.spells() if r.spell == spell), None)
        self._clear_gesture()
        if row is None or not row.options:
            self.refusal = RuleError("S-8", f"{SPELL_NAMES[spell]}: {row.why if row else 'not in this game'}")
        elif spell == "destroy":
            self.mode = "destroy"
            self.message = "S-8 destroy: click a shaded hex (within 10 hexes of Gandalf)"
        else:
            self.armed = row.options[0]
        self._changed()

    def destroy_chances(self) -> dict[Hex, float]:
        """S-8: each hex the destroy spell may strike, with the chance that the cast works."""
        return {a.target: self.spell_chance(a) for a in self.legal()
                if isinstance(a, A.CastSpell) and a.spell == "destroy"}

    def destroy_targets(self) -> list[Hex]:
        return [a.target for a in self.legal() if isinstance(a, A.CastSpell) and a.spell == "destroy"]

    def effect(self) -> preview.Effect | None:
        """The armed spell's effect if it works (the push-back's arrows, the victims...)."""
        a = self.armed
        if not isinstance(a, A.CastSpell):
            return None
        return self._cached(f"effect{a}", lambda: preview.success_effect(self.game, self.state, a))

    def start_escape(self) -> None:
        self.mode = "escape"
        self.refusal = None
        self._changed()

    def loss_hexes(self) -> list[Hex]:
        """B-7: the hexes of the counters that may take the hit now (ringed on the map)."""
        if self.state.stage != "loss":
            return []
        hexes = {self.hex_of(a.counter) for a in self.legal() if isinstance(a, A.TakeLoss)}
        return sorted((h for h in hexes if h is not None), key=self._label)

    def advance_hex(self) -> Hex | None:
        """B-7: the hex the combat emptied, which the attackers may advance into."""
        s = self.state
        if s.stage != "advance" or s.pending is None:
            return None
        return self.game.hex(s.pending.target)

    def escape_hexes(self) -> list[Hex]:
        if self.state.stage != "escape":
            return []
        return [a.to for a in self.legal() if isinstance(a, A.Escape)]

    def regroup_hexes(self) -> list[Hex]:
        """The hexes a click may pick now: where the regrouped counter may go (moving, or
        after a shift), or, once a shift's hex is picked, where its counter may be shifted."""
        legal = self.legal()
        shifts = [a for a in legal if isinstance(a, A.RegroupShift)]
        if self.target is not None and any(a.to == self.target for a in shifts):
            return list(dict.fromkeys(a.shift_to for a in shifts if a.to == self.target))
        return list(dict.fromkeys([a.to for a in legal if isinstance(a, A.RegroupMove)] + [a.to for a in shifts]))

    def ground_eagle_hexes(self) -> list[Hex]:
        """S-7: the hex the Dark decide about now (first), then the other hexes where Eagles
        lie on Dark counters and will be asked about next."""
        s = self.state
        if s.stage != "ground_eagles":
            return []
        return list(dict.fromkeys(self.game.hex(i) for i in s.eagle_offers))

    def regroup_shift_hexes(self) -> list[Hex]:
        """S-1: the full neighbours a shift can empty (ringed on the map, unlike plain moves)."""
        if self.target is not None:
            return []
        return list(dict.fromkeys(a.to for a in self.legal() if isinstance(a, A.RegroupShift)))

    def _morale_checks(self, reach: preview.Reach) -> dict[Hex, float]:
        """S-6: the chance of each reachable move that stops at a die roll. Only moves into
        a hex holding enemies are tried (S-6 checks only entering an enemy's hex); the
        chance itself is the engine's."""
        g = self.game
        if not g.option("s6_morale"):
            return {}
        side = self.decider()
        out = {}
        for h, move in reach.moves.items():
            if any(g.side_of[c] != side for c in self.stack(h)):
                p = preview.move_check(g, self.state, move)
                if p is not None:
                    out[h] = p
        return out

    def commit(self) -> bool:
        """Declare the pending attack, skirmish, shot, dive, rocks or spell; the session rolls."""
        action = self.pending_action()
        if action is None:
            self.refusal = RuleError(self.state.stage and {"fire": "B-8"}.get(self.state.stage, "B-7"),
                                     "select your counters and a target hex first")
            self._changed()
            return False
        return self.act(action)

    def end_phase(self) -> bool:
        return self.act(A.EndPhase())

    def auto_place(self) -> bool:
        """The scenario's proposed setup for the seat at the controls.

        The engine's PlaceDefault sets up the whole side, and under O-2 a side may be two
        seats: while another seat still has counters to place, this seat's own are placed
        one by one with Place actions to their default hexes, so each is still checked by
        the engine and the other seat keeps its own setup decisions."""
        if not self._foreign_setup():
            return self.act(A.PlaceDefault())
        mine = self.tray()
        if not mine:
            self.refusal = RuleError("O-2", f"{self.seat_name(self.active_seat)} has nothing left to place")
            self._changed()
            return False
        for cid in mine:
            if not self.act(self._default_place(cid)):
                return False
        return True

    def _foreign_setup(self, seat: str | None = None) -> list[str]:
        """O-2: the side's counters still to set up that another seat than ``seat`` (default:
        the seat at the board) commands."""
        s = self.state
        if not self.o2 or s.stage != "setup":
            return []
        self._update_seat()
        seat = seat or self.active_seat
        return [c for c in self.game.setup_list(s, s.setup_side) if c not in s.pos and self.game.seat_of(c) != seat]

    def _default_place(self, cid: str) -> Any:
        """The Place that puts ``cid`` where the scenario proposes; O-8's extra Elves have no
        proposal, so they take the first hex of their zone the engine accepts (as PlaceDefault does)."""
        h = self.game.default_placement.get(cid)
        if h is not None:
            return A.Place(cid, self.game.hex(h))
        return next((a for a in self.legal() if isinstance(a, A.Place) and a.counter == cid),
                    A.Place(cid, self.game.hex(min(self.game.setup_zone[cid]))))


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


