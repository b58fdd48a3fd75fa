"""What a ruleset tells the play layer and the windows: words, gestures and map marks.

The play controller (:mod:`bofa_studio.play.controller`) knows sessions, seats, undo,
saving and replay, and nothing of any game. Everything that depends on the rules is a
hook of :class:`RulesetPlay`: how a stage is described, how an action is labelled, what a
click on a hex means, which decisions are grouped under which rule, and which hexes the
map marks. A ruleset package provides a ``present`` module whose ``Play`` class overrides
these hooks; :func:`play_class` finds it through the registry, and the controller is
composed from it (``class _(Play, PlayController)``), so the hooks see the controller's
gesture state (selection, target, refusal...) as their own.

The defaults below play any ruleset: every legal action is a button with a readable
label, and a click on a hex selects nothing. A ruleset overrides what it can say better.
The windows draw only what these hooks return: :class:`~bofa_studio.play.marks.Mark`
lists, text rows and button sections.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Any

from bofa_studio.hexgrid import Hex
from bofa_studio.play.faces import Face
from bofa_studio.play.inspector import HexInfo, PieceInfo, terrain_lines
from bofa_studio.play.marks import Mark
from bofa_studio.rules.core import RuleError
from bofa_studio.rules.registry import companion_module

if TYPE_CHECKING:
    from bofa_studio.play.records import ReplayCursor
    from bofa_studio.session import Session



@dataclass(frozen=True)
class Gesture:
    """A decision-panel button that is not an engine action: ``controller.gesture(name)``
    (pick a spell, start an escape, auto-place a seat's counters). A disabled one says why."""

    name: str
    enabled: bool = True
    tooltip: str = ""


@dataclass(frozen=True)
class PendingPreview:
    """What the declared attack, shot or armed roll would do, before its roll: lines of text,
    the rule sections they cite (the panel links them), or the refusal, and the commit
    button's words."""

    lines: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    error: RuleError | None = None
    commit: str = "Roll"


# A section of the decision panel: (title, explanation, [(button label, action or Gesture)]).
Section = tuple[str, str, list[tuple[str, Any]]]

PALETTE = ("#2f6db5", "#9b1c1c", "#2e7d32", "#6a1b9a", "#ef6c00", "#37474f")


class RulesetPlay:
    """Default hooks; a ruleset's ``present.Play`` overrides them. ``self`` is the controller."""

    if TYPE_CHECKING:  # what the hooks may use of the controller they are composed with
        session: Session
        selection: tuple[str, ...]
        target: Hex | None
        refusal: RuleError | None
        replay: ReplayCursor | None

        @property
        def game(self) -> Any: ...

        @property
        def state(self) -> Any: ...

        def shown_state(self) -> Any: ...

        def legal(self) -> list[Any]: ...

        def decider(self) -> str | None: ...

        def act(self, action: Any, seat: str | None = None) -> bool: ...

        def _changed(self) -> None: ...

    # -- words -----------------------------------------------------------------------------
    def side_name(self, side: str | None) -> str:
        return (side or "").replace("_", " ").title()

    def side_colour(self, side: str | None) -> str:
        sides = list(self.game.sides)
        return PALETTE[sides.index(side) % len(PALETTE)] if side in sides else "#777777"

    def piece_name(self, piece: str) -> str:
        return piece

    def is_piece(self, value: Any) -> bool:
        return False

    def stage_text(self) -> str:
        return "choose an action"

    def result_text(self, result: dict[str, Any]) -> str:
        """The outcome as players say it ("Red wins", "Draw")."""
        winner = result.get("winner")
        if winner is None:
            summary = str(result.get("summary") or "draw")
            return summary[:1].upper() + summary[1:]
        level = result.get("level")
        return f"{self.side_name(winner)} {level} victory" if level else f"{self.side_name(winner)} wins"

    def result_report(self, result: dict[str, Any]) -> tuple[str, list[str], list[tuple[str, str]]]:
        """The end-of-game screen: headline, notes, and (what, who) rows."""
        return self.result_text(result), [], []

    def status_rows(self) -> list[str]:
        """Lines of the turn panel (plain text)."""
        summary = self.game.summary(self.shown_state())
        return [", ".join(f"{k.replace('_', ' ')} {v}" for k, v in summary.items())]

    def label(self, action: Any) -> str:
        return self.generic_label(action)

    def generic_label(self, action: Any) -> str:
        """A readable label for any action: its type in words and its fields in board terms."""
        name = type(action).__name__
        words = "".join(" " + ch.lower() if ch.isupper() else ch for ch in name).strip().capitalize()
        if not is_dataclass(action):
            return words
        parts = []
        for f in fields(action):
            value = getattr(action, f.name)
            if isinstance(value, Hex):
                parts.append(self.hex_label(value))
            elif self.is_piece(value):
                parts.append(self.piece_name(value))
            elif isinstance(value, tuple) and value and all(self.is_piece(v) for v in value):
                parts.append(", ".join(self.piece_name(v) for v in value))
            elif isinstance(value, tuple) and value and all(isinstance(v, Hex) for v in value):
                parts.append("→".join(self.hex_label(v) for v in value))
            elif value not in ((), None, ""):
                parts.append(str(value).replace("_", " "))
        return f"{words}: {' '.join(parts)}" if parts else words

    def hex_label(self, h: Hex | None) -> str:
        return self.game.board.label(h) if h is not None else "?"

    # -- decisions -------------------------------------------------------------------------
    def buttons(self) -> list[tuple[str, Any]]:
        """Decisions offered as buttons: by default every legal action."""
        return [(self.label(a), a) for a in self.legal()]

    def sections(self) -> list[Section]:
        buttons = self.buttons()
        return [("", "", buttons)] if buttons else []

    def gesture(self, name: str) -> bool:
        """A named gesture from a section button (a string instead of an action)."""
        self.refusal = RuleError("", f"unknown gesture {name!r}")
        self._changed()
        return False

    def click(self, h: Hex, piece: str | None = None, *, plain: bool = False) -> bool:
        """A left click on the map; True if an action was applied."""
        return False

    def drop(self, piece: str, h: Hex | None) -> bool:
        return False

    def select(self, pieces: tuple[str, ...]) -> None:
        self.selection = tuple(pieces)
        self._changed()

    def commit(self) -> bool:
        return False

    def end_phase(self) -> bool:
        """The keyboard's and the toolbar's "end the phase"; refused where the game has none."""
        self.refusal = RuleError("", "this game has no phase to end")
        self._changed()
        return False

    def auto_place(self) -> bool:
        return False

    def can_end_phase(self) -> bool:
        """Whether "end the phase" (Ctrl+E) would be accepted now."""
        return False

    def end_phase_block(self) -> RuleError | None:
        """Why the phase cannot end yet, in the rule's words (the menu and the panel say it)."""
        return None

    def tray_heading(self) -> str:
        return "Pieces to place: click one, then a shaded hex" if self.tray() else "Pieces to come"

    def pending_preview(self) -> PendingPreview | None:
        """The declared action's preview for the decision panel (None: nothing declared)."""
        return None

    def armed_text(self) -> str:
        return ""

    def turn_track(self) -> tuple[int, int, dict[int, str]] | None:
        """(turns in the game, the turn shown, {turn: what arrives}) for the turn track, or None."""
        return None

    # -- pieces and the map ----------------------------------------------------------------
    def tray(self) -> list[str]:
        """Pieces the player may put on the map now."""
        return []

    def waiting(self) -> dict[str, list[str]]:
        """Pieces still to come, by when."""
        return {}

    def pieces_on_map(self, state: Any) -> dict[Hex, list[str]]:
        """Every occupied hex's pieces, bottom first."""
        return {}

    def hex_of(self, piece: str, state: Any | None = None) -> Hex | None:
        for h, pieces in self.pieces_on_map(state or self.state).items():
            if piece in pieces:
                return h
        return None

    def stack(self, h: Hex, state: Any | None = None) -> list[str]:
        return list(self.pieces_on_map(state or self.state).get(h, ()))

    def face(self, piece: str, state: Any) -> Face:
        side = self.side_of_piece(piece)
        return Face(name=self.piece_name(piece), colour=self.side_colour(side), weapon="", strength=0, movement=0)

    def face_key(self, piece: str, state: Any) -> Any:
        """What a piece's face depends on, so the board paints each face once."""
        return self.face(piece, state)

    def side_of_piece(self, piece: str) -> str | None:
        return None

    def has_acted(self, piece: str, state: Any) -> bool:
        """Whether ``piece`` has done its part this phase (moved, fought, fired): drawn dimmed."""
        return False

    # -- the counter inspector -------------------------------------------------------------
    def piece_info(self, piece: str, state: Any) -> PieceInfo:
        """One counter for the inspector: by default what its face prints."""
        side = self.side_of_piece(piece)
        face = self.face(piece, state)
        strength, bow, movement = face.values_text
        values = f"strength {strength}, movement {movement}" + (f", bow {bow.strip('()')}" if bow else "")
        acted = self.has_acted(piece, state)
        return PieceInfo(self.piece_name(piece), self.side_name(side), self.side_colour(side),
                         (values,) + (("has acted this phase",) if acted else ()), acted)

    def hex_info(self, h: Hex, state: Any | None = None) -> HexInfo:
        """A hex for the inspector (the hover tooltip and the Hex panel): its terrain and
        its stack, top counter first."""
        state = self.shown_state() if state is None else state
        pieces = tuple(self.piece_info(p, state) for p in reversed(self.stack(h, state)))
        return HexInfo(self.hex_label(h), terrain_lines(getattr(self.game, "board", None), h), pieces,
                       self.hex_notes(h, state))

    def hex_notes(self, h: Hex, state: Any) -> tuple[str, ...]:
        """What the rules say of a hex as a whole (who holds it, how many more may stack)."""
        return ()

    def marks(self) -> list[Mark]:
        """What the map marks now (zones, reach, targets, chances...), drawn as given."""
        return []

    def selection_marks(self) -> list[Mark]:
        """The selected pieces' hexes and the target hex, outlined as every ruleset shows them."""
        out = []
        hexes = tuple(h for h in (self.hex_of(p) for p in self.selection) if h is not None)
        if hexes:
            out.append(Mark("selected", hexes, "outline", "#ff9800", width=0.08))
        if self.target is not None:
            out.append(Mark("target", (self.target,), "outline", "#d32f2f", width=0.1))
        return out

    def side_hexes(self, side: str | None = None) -> list[Hex]:
        """The hexes holding ``side``'s pieces (by default the side to move): where "Centre on
        the side to move" looks."""
        side = self.decider() if side is None else side
        return [h for h, pieces in self.pieces_on_map(self.shown_state()).items()
                if any(self.side_of_piece(p) == side for p in pieces)]

    def overlays(self) -> list[tuple[str, str]]:
        """(name, menu text) of the overlays the View menu may hide: marks whose ``overlay`` is
        that name. A ruleset with none has no toggles."""
        return []

    def path_preview(self, h: Hex) -> list[Hex]:
        """The path a move to ``h`` would take, drawn while the pointer is over it."""
        return []

    def sight_lines(self, hovered: Hex | None) -> list[tuple[Hex, Hex]]:
        """(from, to) pairs whose line of sight the board draws now."""
        return []

    def focus_hexes(self) -> list[Hex]:
        """Where a screenshot zooms to: the gesture under way."""
        hexes = [self.hex_of(c) for c in self.selection] + ([self.target] if self.target else [])
        return [h for h in hexes if h is not None]

    def show_for_picture(self, gesture: str | None = None) -> None:
        """Set up a gesture for a screenshot to explain (the default shows the game as it is)."""

    # -- seats -----------------------------------------------------------------------------
    def piece_seat(self, piece: str) -> str | None:
        """The seat that commands ``piece`` where the rules split a side between seats."""
        return None

    def acting_pieces(self, action: Any) -> tuple[str, ...]:
        """The pieces an action puts to work (split seats check that the acting seat commands them)."""
        return ()

    def split_fallback(self, action: Any) -> bool | None:
        """Random play drew an action no single seat may take: play it another way (the
        result of doing so), or None to draw again."""
        return None

    def engine_seats(self, names: list[str]) -> list[Any]:
        """Seats for more names than sides, where the rules split a side (BoFA's O-2)."""
        raise ValueError(f"this game has {len(self.game.sides)} seats, not {len(names)}")

    @classmethod
    def new_game_form(cls, scenario: dict[str, Any]) -> dict[str, Any]:
        """What the New game dialog offers for a scenario of this ruleset: ``levels`` [(label,
        value)], ``options`` {key: (label, on)}, ``seat_counts`` {n: {option: True}},
        ``seat_choices`` [(label, n)] and ``seat_labels`` (the name boxes, one per seat)."""
        return {"levels": [], "options": {}, "seat_choices": [], "seat_counts": {}, "seat_labels": []}


def play_class(ruleset: str) -> type:
    """The ruleset's ``present.Play`` hooks (the defaults if it has no ``present`` module)."""
    present = companion_module(ruleset, "present")
    return getattr(present, "Play", RulesetPlay)
