"""The game log as players read it, the autosave folder, and the replay cursor (no Qt)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bofa_studio.rules.core import CHANCE
from bofa_studio.session import replay_log


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

    roll: bool = False  # the line reports a die roll or a blind draw

    @property
    def is_roll(self) -> bool:
        return self.roll or self.kind.endswith(("_roll", "_hit", "_miss", "_check"))


def entries_from_events(at: int, events: Iterable[Any], side: str | None,
                        roll_kinds: frozenset[str] = frozenset()) -> list[LogEntry]:
    """Log lines for the events of one step; each carries the rule its event names."""
    out = []
    for e in events:
        text = e.text
        data = e.data if isinstance(e.data, dict) else {}
        prov = data.get("provenance")
        if prov:
            text += f"  [{provenance_text(str(prov))}]"
        # A phase line belongs to the phase's player, whoever's action opened it.
        who = data.get("player") if e.kind == "phase" and isinstance(data.get("player"), str) else side
        chip = data.get("kind") if e.kind == "phase" else None
        out.append(LogEntry(at, e.kind, text, e.rule, who, chip, e.kind in roll_kinds))
    return out


def provenance_text(prov: str) -> str:
    """Where the table row a roll read comes from, for players: a bare 'reconstructed' reads
    as an error, so it says what was reconstructed (see docs/tables.md)."""
    head, _, rest = prov.partition(" ")
    if head == "reconstructed":
        return "table row reconstructed, not printed in the rulebook" + (f" {rest}" if rest else "")
    return prov


# The per-user data folder the window layer found (Qt's AppDataLocation); None until it says.
_data_dir: Path | None = None


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """The window layer tells the headless layer where the platform keeps per-user data."""
    global _data_dir
    _data_dir = Path(path) if path else None


def autosave_dir() -> Path:
    """The per-user folder for autosaves (tests point it at a tmp folder with
    ``BOFA_STUDIO_DATA_DIR``)."""
    override = os.environ.get("BOFA_STUDIO_DATA_DIR")
    if override:
        return Path(override)
    return _data_dir or Path.home() / ".bofa-studio"


AUTOSAVE_SUFFIX = ".autosave.json"
CLEAN_EXIT = "clean-exit"  # touched when the program closes normally


def autosave_path(scenario_name: str = "game", started: datetime | None = None) -> Path:
    """Each game's own autosave, named by its scenario and start time, so that no game is
    ever written over another's."""
    started = started or datetime.now()
    stem = re.sub(r"[^A-Za-z0-9]+", "-", scenario_name).strip("-").lower() or "game"
    return autosave_dir() / f"{stem}-{started.strftime('%Y%m%d-%H%M%S-%f')}{AUTOSAVE_SUFFIX}"


def recent_autosaves(limit: int = 10) -> list[Path]:
    """The newest autosaves first (the Game > Recent games list)."""
    try:
        found = [p for p in autosave_dir().glob(f"*{AUTOSAVE_SUFFIX}") if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]


def mark_clean_exit() -> None:
    """The program is closing normally: its autosaves are no longer a game to offer back."""
    try:
        autosave_dir().mkdir(parents=True, exist_ok=True)
        (autosave_dir() / CLEAN_EXIT).write_text(datetime.now().isoformat(), encoding="utf-8")
    except OSError:
        pass  # nothing is lost: the next start offers the last game back once more


def unfinished_autosave() -> Path | None:
    """The newest autosave written after the last clean exit: a game the program did not
    close normally (a crash, a kill, a power cut), to offer back at start."""
    games = recent_autosaves(1)
    if not games:
        return None
    marker = autosave_dir() / CLEAN_EXIT
    try:
        clean = marker.stat().st_mtime if marker.exists() else 0.0
        return games[0] if games[0].stat().st_mtime > clean else None
    except OSError:
        return None


def autosave_title(path: Path) -> str:
    """ "Toy duel, turn 4": what an autosave holds, for a menu or the resume question."""
    from bofa_studio.jsonfile import read_json_object

    try:
        data = read_json_object(path)
        name = data.get("scenario", {}).get("meta", {}).get("name") or path.stem
        turn = data.get("summary", {}).get("turn")
    except Exception:  # a damaged autosave is still listed; opening it says what is wrong
        return path.stem
    return f"{name}, turn {turn}" if isinstance(turn, int) else str(name)


class ReplayCursor:
    """Steps through a finished (or saved) game's log, forward and back.

    States are rebuilt once, one copy per action, because stepping back must be
    instant and ``Session.state_at`` replays from the start every call.
    """

    def __init__(self, session: Any, roll_kinds: frozenset[str] = frozenset()) -> None:
        self.session = session
        self.states: list[Any] = [session.initial.copy()]
        self.entries: list[list[LogEntry]] = [[]]
        for i, (_action, side, events, state) in enumerate(replay_log(session.game, session.initial, session.log)):
            self.states.append(state.copy())
            self.entries.append(entries_from_events(i + 1, events, None if side == CHANCE else side, roll_kinds))
        self.index = 0

    @staticmethod
    def log_entries(session: Any, roll_kinds: frozenset[str] = frozenset()) -> list[LogEntry]:
        """The whole log's lines (a loaded game's log): from what loading's replay recorded
        while the log is still that one, else replayed from the start. Opening a save replayed
        the whole game twice, once to check it and once more for these lines."""
        kept = getattr(session, "replayed", None)
        if kept is not None and kept[0] == session.revision and len(kept[1]) == len(session.log):
            steps: Iterable[tuple[str, list[Any]]] = kept[1]
        else:
            steps = ((side, events) for _action, side, events, _state in
                     replay_log(session.game, session.initial, session.log))
        out: list[LogEntry] = []
        for i, (side, events) in enumerate(steps):
            out += entries_from_events(i + 1, events, None if side == CHANCE else side, roll_kinds)
        return out

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
