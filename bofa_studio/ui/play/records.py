"""The game log as players read it, the autosave folder, and the replay cursor."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Event kinds that come from a die or a blind draw: the log shows them as rolls.
CHANCE_KINDS = {"combat_result", "fire_result", "entry_roll", "draw", "morale", "morale_check", "roll",
                "dive_result", "spell_result", "rock_result"}
# Event kinds whose rule the log can name without asking the engine.
KIND_RULES = {"place": "B-2", "setup_done": "B-2", "enter": "B-5", "move": "B-6", "attack": "B-7",
              "skirmish": "B-7", "combat_result": "B-7", "reduced": "B-7", "eliminated": "B-7",
              "advance": "B-7", "fire": "B-8", "fire_result": "B-8", "chip": "B-3", "draw": "B-3",
              "phase": "B-4", "phase_end": "B-4", "turn": "B-3", "entry_roll": "S-5", "game_over": "B-11",
              "regroup": "S-3", "regroup_roll": "S-3", "dive": "S-7", "dive_hit": "S-7", "dive_miss": "S-7",
              "rock": "S-7", "spell": "S-8", "spell_roll": "S-8", "pushed": "S-8", "displaced": "S-8",
              "escape": "S-10", "escape_offer": "S-10", "leader_hit": "S-10", "morale": "S-6"}


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log. ``at`` is the length of the session's action log after it,
    so undo can drop exactly the lines of the steps it takes back."""

    at: int
    kind: str
    text: str
    rule: str = ""
    side: str | None = None
    chip: str | None = None  # a phase line: the chip its player plays (move, ..., fire_combat)

    @property
    def is_roll(self) -> bool:
        return self.kind in CHANCE_KINDS or self.kind.endswith(("_roll", "_hit", "_miss", "_check"))


def entries_from_events(at: int, events: Iterable[Any], side: str | None) -> list[LogEntry]:
    out = []
    for e in events:
        text = e.text
        data = e.data if isinstance(e.data, dict) else {}
        prov = data.get("provenance")
        if prov:
            text += f"  [{provenance_text(str(prov))}]"
        # A phase line belongs to the phase's player, whoever's action opened it.
        who = data.get("player") if e.kind == "phase" and data.get("player") in SIDES else side
        chip = data.get("kind") if e.kind == "phase" else None
        out.append(LogEntry(at, e.kind, text, KIND_RULES.get(e.kind, ""), who, chip))
    return out


SIDES = ("free_peoples", "dark")


def provenance_text(prov: str) -> str:
    """Where the table row a roll read comes from, for players: a bare 'reconstructed' reads
    as an error, so it says what was reconstructed (see docs/tables.md)."""
    head, _, rest = prov.partition(" ")
    if head == "reconstructed":
        return "table row reconstructed, not printed in the rulebook" + (f" {rest}" if rest else "")
    return prov


def autosave_dir() -> Path:
    """The per-user folder for autosaves (QStandardPaths; tests point it at a tmp folder
    with ``BOFA_STUDIO_DATA_DIR`` or ``QStandardPaths.setTestModeEnabled``)."""
    override = os.environ.get("BOFA_STUDIO_DATA_DIR")
    if override:
        return Path(override)
    from PySide6.QtCore import QStandardPaths

    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".bofa-studio")


def autosave_path() -> Path:
    return autosave_dir() / "autosave.bofa-save.json"


class ReplayCursor:
    """Steps through a finished (or saved) game's log, forward and back.

    States are rebuilt once, one copy per action, because stepping back must be
    instant and ``Session.state_at`` replays from the start every call.
    """

    def __init__(self, session: Any) -> None:
        self.session = session
        self.states: list[Any] = [session.initial.copy()]
        self.entries: list[list[LogEntry]] = [[]]
        game = session.game
        state = session.initial.copy()
        for i, action in enumerate(session.log):
            side = game.current_player(state)
            events = game.apply(state, action)
            self.states.append(state.copy())
            self.entries.append(entries_from_events(i + 1, events, side))
        self.index = 0

    def __len__(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> Any:
        return self.states[self.index]

    def action(self) -> Any | None:
        return self.session.log[self.index - 1] if self.index > 0 else None

    def seek(self, n: int) -> None:
        self.index = max(0, min(len(self), n))

    def forward(self) -> bool:
        if self.index < len(self):
            self.index += 1
            return True
        return False

    def back(self) -> bool:
        if self.index > 0:
            self.index -= 1
            return True
        return False
