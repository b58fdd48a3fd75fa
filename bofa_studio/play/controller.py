"""PlayController: one game at the table, gestures in, engine actions out, no widgets.

It owns the :class:`~bofa_studio.session.Session`. Widgets call its gesture
methods (pick a tray piece, click a hex, commit, end the phase) and redraw when
it notifies them; every decision it offers is one of the engine's legal actions,
and a refusal is the engine's RuleError. It knows no game: what a click means, how a
decision is worded and what the map marks are the ruleset's play hooks
(:mod:`bofa_studio.play.presentation`), which the controller is composed with.
Chance steps are rolled by the session from the state's own generator and logged.

Undo follows the table's etiquette: a step that showed a die or a blind draw
cannot be taken back unless the players agreed to allow it (``undo_rolls``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.play.computer import ComputerSeats
from bofa_studio.play.marks import Mark, step_marks
from bofa_studio.play.presentation import RulesetPlay, play_class
from bofa_studio.play.records import AUTOSAVE_SUFFIX, LogEntry, ReplayCursor, entries_from_events
from bofa_studio.play.seats import (
    Seat,
    default_seats,
    seat_names,
    seats_from_dict,
    seats_to_dict,
    who_and_side,
)
from bofa_studio.rules.core import CHANCE, TERMINAL, RuleError
from bofa_studio.session import Session, load_session


@cache
def _composed(hooks: type) -> type:
    """The controller class of one ruleset: its play hooks over the generic controller."""
    if hooks is RulesetPlay:
        return PlayController
    return type(f"{hooks.__name__}Controller", (hooks, PlayController), {"__module__": hooks.__module__})


class PlayController(RulesetPlay):
    def __new__(cls, session: Session, *args: Any, **kwargs: Any) -> PlayController:
        if cls is PlayController:
            cls = _composed(play_class(session.game.ruleset))
        return super().__new__(cls)

    def __init__(self, session: Session, seats: list[Seat] | None = None, *, undo_rolls: bool = False,
                 autosave_path: str | os.PathLike[str] | None = None, path: str | None = None) -> None:
        self.session = session
        self.seats = seats or self.default_seats()
        self.active_seat: str | None = None  # where the rules split a side: the engine seat at the controls
        self.undo_rolls = undo_rolls
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.path = path  # where the game was last saved or loaded
        self.listeners: list[Callable[[], None]] = []
        self.version = 0
        self._saved_log: list[Any] = list(session.log)  # the log as last saved to ``path`` or loaded
        self._legal: tuple[tuple[int, int], list[Any]] | None = None
        self.entries: list[LogEntry] = []
        # Gesture state the ruleset's hooks fill in: what is selected, targeted, picked from
        # the tray, armed for a roll, and the mode of a multi-click gesture.
        self.selection: tuple[str, ...] = ()
        self.target: Hex | None = None
        self.tray_pick: str | None = None
        self.refusal: RuleError | None = None
        self.message = ""
        self.reach: Any | None = None
        self.armed: Any | None = None
        self.mode: str | None = None
        self.checks: dict[Hex, float] = {}
        self._cache: dict[str, tuple[int, Any]] = {}
        self.handover_to: str | None = None
        self.replay: ReplayCursor | None = None
        self.computers = ComputerSeats(self)
        if session.current_player() == CHANCE:
            session.resolve_chance()
        self._rebuild_entries()
        self._last_decider = self.decider()

    # -- construction ------------------------------------------------------------
    @classmethod
    def new_game(cls, scenario_path: str | os.PathLike[str], seed: int = 0, *, level: str | None = None,
                 options: dict[str, bool] | None = None, **kwargs: Any) -> PlayController:
        """A new game; a rule level and options are written into the scenario the save keeps."""
        from bofa_studio.scenario import load_scenario

        scenario = load_scenario(scenario_path)
        data = dict(scenario.data)
        if level or options:
            rules = dict(data.get("rules", {}))
            if level:
                rules["level"] = level
            rules["options"] = {**rules.get("options", {}), **(options or {})}
            data["rules"] = rules
        return cls(Session(data, scenario.board, seed), **kwargs)

    @classmethod
    def load(cls, path: str | os.PathLike[str], **kwargs: Any) -> PlayController:
        """A saved game, with the seats it was saved with (names, split commands, computers)."""
        from bofa_studio.jsonfile import read_json_object

        session = load_session(path)
        if str(path).endswith(AUTOSAVE_SUFFIX):
            # An autosave is the program's file, not the player's: the game goes on writing
            # it, and Save asks where to keep the game.
            kwargs.setdefault("autosave_path", path)
            controller = cls(session, **kwargs)
            controller._saved_log = []
        else:
            controller = cls(session, path=str(path), **kwargs)
        # Version 1 saves kept the seats in their summary.
        seats = session.seat_records or read_json_object(path).get("summary", {}).get("seats")
        if seats and "seats" not in kwargs:
            try:
                controller.set_seats(seats_from_dict(seats))
            except (KeyError, TypeError, AttributeError):
                pass  # a hand-edited list: the default seats still play the game
        return controller

    def default_seats(self) -> list[Seat]:
        return default_seats(tuple(self.game.sides), self.side_name)

    # -- seats -----------------------------------------------------------------------
    def set_seats(self, seats: list[Seat]) -> None:
        self.seats = seats
        self.active_seat = None
        self._update_seat()
        self._changed()

    @property
    def o2(self) -> bool:
        """Whether the rules split a side between seats (BoFA's O-2), so seats are engine seats."""
        return any(s.id for s in self.seats)

    def seats_now(self) -> list[str]:
        """The engine seats that may act now; empty at a table of one seat per side."""
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
        """Two seats share the phase; this one takes the board (after a hand-over)."""
        if sid in self.seats_now() and sid != self.active_seat:
            self.active_seat = sid
            self._clear_gesture()
            self.handover_to = self.decider()
            self._changed()

    def commands(self, piece: str) -> bool:
        """Whether the seat at the controls commands ``piece`` (always, at one seat per side)."""
        if not self.o2:
            return True
        self._update_seat()
        return self.piece_seat(piece) == self.active_seat

    def command_refusal(self, piece: str) -> RuleError:
        owner = self.seat_name(self.piece_seat(piece))
        return RuleError(self.split_rule, f"{self.piece_name(piece)} is commanded by {owner}, "
                                          f"not {self.seat_name(self.active_seat)}")

    split_rule = ""  # the section that splits a side between seats (BoFA: O-2)

    def seat_for(self, action: Any) -> str | None:
        """The seat that may take ``action`` now, or None if none of the seats acting now can
        (its pieces belong to two seats, or to a seat that is not acting). A decision that puts
        no piece to work is the seat at the board's. Always None at one seat per side."""
        if not self.o2:
            return None
        self._update_seat()
        pieces = self.acting_pieces(action)
        if not pieces:
            return self.active_seat
        seats = {self.piece_seat(c) for c in pieces}
        seat = seats.pop() if len(seats) == 1 else None
        return seat if seat in self.seats_now() else None

    def seat_refusal(self, action: Any, seat: str | None = None) -> RuleError | None:
        """Why ``seat`` (default: the seat at the board) may not take ``action``: it is not one
        of the seats acting now, or the action puts to work pieces it does not command."""
        if not self.o2 or self.decider() is None:
            return None
        self._update_seat()
        seat = seat or self.active_seat
        now = self.seats_now()
        if seat not in now:
            return RuleError(self.split_rule, f"{self.seat_name(seat)} does not decide now: "
                                              f"{' or '.join(map(self.seat_name, now))} does")
        foreign = next((c for c in self.acting_pieces(action) if self.piece_seat(c) != seat), None)
        if foreign is not None:
            return RuleError(self.split_rule, f"{self.piece_name(foreign)} is commanded by "
                                              f"{self.seat_name(self.piece_seat(foreign))}, not {self.seat_name(seat)}")
        return None

    def handover_name(self) -> str:
        if self.o2 and self.active_seat:
            return self.seat_name(self.active_seat)
        return seat_names(self.seats, self.handover_to, self.side_name(self.handover_to))

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
        who = seat_names(self.seats, side, self.side_name(side))
        if self.o2:
            self._update_seat()
            who = self.seat_name(self.active_seat)
        computer = self.computers.seat_to_act()
        if computer is not None:  # a prompt for a person would ask the person to act
            return f"{who_and_side(computer.name, self.side_name(side))} is deciding…"
        return f"{who_and_side(who, self.side_name(side))}: {self.stage_text()}"

    def _label(self, h: Hex | None) -> str:
        return self.hex_label(h)

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    def result(self) -> dict[str, Any] | None:
        result: dict[str, Any] | None = self.game.result(self.state)
        return result

    def confirm_handover(self) -> None:
        self.handover_to = None
        self._changed()

    @property
    def unsaved(self) -> bool:
        """Moves made (or undone) since the game was last saved to, or loaded from, its file."""
        return self.session.log != self._saved_log

    # -- what the current player can do -------------------------------------------------
    def legal(self) -> list[Any]:
        """The legal actions, listed once per position: a click that only selects, hovers or
        arms something changes the window (``version``) but not the game, and must not list
        every action of every counter again."""
        position = self._position_key()
        if self._legal is None or self._legal[0] != position:
            self._legal = (position, self.session.legal_actions() if self.decider() else [])
        return self._legal[1]

    def _position_key(self) -> tuple[int, int]:
        return self.session.revision, len(self.session.log)

    # -- acting ----------------------------------------------------------------------------
    def act(self, action: Any, seat: str | None = None) -> bool:
        """Apply one action for ``seat`` (default: the seat at the board); on refusal keep the
        rule's reason for the UI and return False.

        Where the rules split a side, an action is refused unless ``seat`` is one of the seats
        acting now and commands every piece the action puts to work, whoever calls this (the
        window's gestures, random play, a script). The seat that acts takes the board."""
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
        self.entries += entries_from_events(len(self.session.log), events, side, self.roll_kinds)
        self._clear_gesture()
        self._after_step()
        return True

    roll_kinds: frozenset[str] = frozenset()  # event kinds the log shows as rolls (the ruleset's)

    def _after_step(self) -> None:
        decider = self.decider()
        if self.computers.any:
            pass  # one person at the table: nobody to hand the board over to
        elif self.o2:
            # The prompt follows the engine's seats, not the sides.
            before = self.active_seat
            self._update_seat()
            if decider is not None and before is not None and self.active_seat != before:
                self.handover_to = decider
        elif decider is not None and decider != self._last_decider and self._last_decider is not None:
            if seat_names(self.seats, decider) != seat_names(self.seats, self._last_decider):
                self.handover_to = decider
        self._last_decider = decider
        self.after_step()
        self.autosave()
        self._changed()

    def after_step(self) -> None:
        """A hook for the ruleset after every applied step (BoFA: pass the board between seats)."""

    def _clear_gesture(self) -> None:
        self.selection, self.target, self.tray_pick, self.reach = (), None, None, None
        self.armed, self.mode, self.checks = None, None, {}
        self.message = ""

    def clear_selection(self) -> None:
        self._clear_gesture()
        self.refusal = None
        self._changed()

    def pick_tray(self, piece: str) -> None:
        if not self.commands(piece):
            self.refusal = self.command_refusal(piece)
            self._changed()
            return
        self._clear_gesture()
        self.tray_pick = piece
        self.refusal = None
        self.message = f"{self.piece_name(piece)}: click a hex to place it"
        self._changed()

    # -- undo within the rules' limits -------------------------------------------------
    def can_undo(self) -> bool:
        if not self.session.can_undo or self.replay is not None:
            return False
        if self.undo_rolls:
            return True
        # A step ends with its chance outcomes: if the last logged action is one, undoing
        # would take back a die or a draw that everyone has seen.
        log = self.session.log
        return bool(log) and not self.game.is_chance_action(log[-1])

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
        self.entries += entries_from_events(len(self.session.log), events, side, self.roll_kinds)
        self._clear_gesture()
        self._after_step()
        return True

    # -- files -------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        self.write(path)
        self.path = str(path)
        self._saved_log = list(self.session.log)

    def write(self, path: str | os.PathLike[str]) -> None:
        """The session's save, with who sat where (names, split commands, computers)."""
        from bofa_studio.jsonfile import write_atomic

        self.session.seat_records = seats_to_dict(self.seats)
        write_atomic(path, self.session.save_text())

    def autosave(self) -> None:
        if self.autosave_path is not None:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self.write(self.autosave_path)

    def _rebuild_entries(self) -> None:
        self.entries = ReplayCursor.log_entries(self.session, self.roll_kinds)

    # -- replay -------------------------------------------------------------------------
    def start_replay(self, at: int = 0) -> ReplayCursor:
        self._clear_gesture()
        self.replay = ReplayCursor(self.session, self.roll_kinds)
        self.replay.seek(at)
        self._changed()
        return self.replay

    def replay_marks(self) -> list[Mark]:
        """While replaying: what the action just replayed did on the map (where pieces went,
        which stacks changed), so a step forward shows where to look."""
        r = self.replay
        if r is None or r.index == 0:
            return []
        before, after = r.states[r.index - 1], r.states[r.index]
        was, now = self.pieces_on_map(before), self.pieces_on_map(after)
        both = {p for pieces in was.values() for p in pieces} & {p for pieces in now.values() for p in pieces}
        changed = [p for p in sorted(both) if self.face_key(p, before) != self.face_key(p, after)]
        return step_marks(was, now, changed)

    def replay_step(self, delta: int) -> None:
        if self.replay is not None:
            self.replay.seek(self.replay.index + delta)
            self._changed()

    def stop_replay(self) -> None:
        self.replay = None
        self._changed()

    def _cached(self, key: str, fn: Callable[[], Any]) -> Any:
        """Per-version memo: previews are computed on copies and asked by several widgets."""
        hit = self._cache.get(key)
        if hit is not None and hit[0] == self.version:
            return hit[1]
        value = fn()
        self._cache[key] = (self.version, value)
        return value
