"""A game in progress, for any registered ruleset: initial state + action log, with
undo/redo, save/load and replay.

Undo works on whole player actions: one step is the player's action plus the
chance outcomes (dice, blind chip draws) that follow it before anyone else must
decide, so undo never leaves the game waiting on a die. Snapshots of the state
are cheap, so undo restores one rather than replaying (as python-chess keeps a
stack of small board states).

Every change is transactional: if the engine raises anything while applying an
action, the session's state, log and undo stack are exactly what they were.

A save file holds the scenario and the map it was played on (so it stays
playable when the shipped files change), the seed, the action log and a digest
of the final state. Loading replays the log through the rules, which checks
every action again, and compares the digest. This module speaks only the game
protocol (:mod:`bofa_studio.rules.core`) and names no ruleset.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bofa_studio.board import Board, board_from_saved_dict, board_to_dict
from bofa_studio.jsonfile import (
    DataFileError,
    FileProblem,
    dumps_stable,
    read_json,
    schema_problems,
    write_atomic,
)
from bofa_studio.rules.core import CHANCE, Event, Game, RuleError
from bofa_studio.rules.registry import UnknownRuleset, make_game
from bofa_studio.scenario import scenario_from_dict, scenario_map_problems

SAVE_FORMAT = "bofa-studio.save"
# Version 3: the digest of a state whose layout changed since version 2 (the 1984 game's die
# waits became types). Version 2: the digest covers every field of the state
# (rules.core.state_digest). Version 1: a digest over a hand-written list of fields. Older
# saves still load: the ruleset that wrote them checks them with its ``legacy_digest``
# (a ruleset without one has kept its layout, so its current digest applies).
SAVE_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)

_SAVE_SCHEMA = {
    "type": "object",
    "required": ["format", "version", "scenario", "map", "seed", "actions", "digest"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": SAVE_FORMAT},
        "version": {"enum": list(READABLE_VERSIONS)},
        "scenario": {"type": "object"},
        "map": {"type": "object"},
        "seed": {"type": "integer", "minimum": 0},
        "actions": {"type": "array", "items": {"type": "object", "required": ["type"]}},
        "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "summary": {"type": "object"},
        "seats": {"type": "array"},
    },
}


def state_digest(game: Game[Any, Any], state: Any) -> str:
    """The digest saves carry: the ruleset's digest of the whole state."""
    return game.digest(state)


def replay_log(game: Game[Any, Any], initial: Any, log: Iterable[Any]) -> Iterator[tuple[Any, str, list[Event], Any]]:
    """Fold a log over a copy of ``initial``: yield (action, who acted, events, state after).

    The one place a log is replayed: loading, undo regrouping, the replay viewer and
    ``state_at`` all use it. The yielded state is the same object each time (copy it
    to keep it).
    """
    state = initial.copy()
    for action in log:
        who = game.current_player(state)
        events = game.apply(state, action)
        yield action, who, events, state


@dataclass
class _Step:
    """One undoable step: the state before it and the actions it applied (player's first)."""

    before: Any
    actions: list[Any] = field(default_factory=list)


class Session:
    def __init__(self, scenario: dict[str, Any], board: Board, seed: int = 0, *, auto_chance: bool = True) -> None:
        self.scenario = scenario
        self.board = board
        self.seed = seed
        self.auto_chance = auto_chance
        self.game: Game[Any, Any] = make_game(scenario, board)
        self.initial = self.game.new_initial_state(seed)
        self.state = self.initial.copy()
        # Counts changes of the position (apply, chance, undo, redo): what was worked out for
        # one revision (the legal actions a window lists) holds until it changes.
        self.revision = 0
        self.log: list[Any] = []
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        # Who sits at each seat (names, computer levels): the play layer's, saved with the game.
        self.seat_records: list[dict[str, Any]] = []
        # A loaded game's replay: (the revision it ended at, who took each logged action and the
        # events it made). While the log is still that one, what it did need not be replayed.
        self.replayed: tuple[int, list[tuple[str, list[Event]]]] | None = None
        # (the board's revision, the save text of the scenario and the map): see save_text.
        self._fixed_text: tuple[int, dict[str, str]] | None = None

    @classmethod
    def from_scenario_file(cls, path: str | os.PathLike[str], seed: int = 0) -> Session:
        """A new game of a scenario file on the map it names (DataFileError if either is bad)."""
        from bofa_studio.scenario import load_scenario

        scenario = load_scenario(path)
        return cls(scenario.data, scenario.board, seed)

    # -- playing -----------------------------------------------------------------
    def current_player(self) -> str:
        return self.game.current_player(self.state)

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def apply(self, action: Any) -> list[Event]:
        """Apply a player's action (and, with auto_chance, the chance steps that follow).

        All or nothing: a RuleError or any engine failure leaves the session as it was.
        """
        step = _Step(self.state.copy())
        log_length = len(self.log)
        try:
            events = self.game.apply(self.state, action)
            step.actions.append(action)
            self.log.append(action)
            if self.auto_chance:
                events += self._resolve_chance(step)
        except BaseException:
            self._restore(step.before, log_length)
            raise
        self._undo.append(step)
        self._redo.clear()
        self.revision += 1
        return events

    def _restore(self, state: Any, log_length: int) -> None:
        self.state = state
        del self.log[log_length:]

    def _resolve_chance(self, step: _Step) -> list[Event]:
        events: list[Event] = []
        while self.game.current_player(self.state) == CHANCE:
            outcome = self.game.sample_chance(self.state)
            events += self.game.apply(self.state, outcome)
            step.actions.append(outcome)
            self.log.append(outcome)
        return events

    def resolve_chance(self) -> list[Event]:
        """Roll or draw whatever is pending (used when a game starts at a chance step)."""
        step = _Step(self.state.copy())
        log_length = len(self.log)
        try:
            events = self._resolve_chance(step)
        except BaseException:
            self._restore(step.before, log_length)
            raise
        if step.actions:
            self._undo.append(step)
            self._redo.clear()
            self.revision += 1
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if not self._undo:
            raise IndexError("nothing to undo")
        step = self._undo.pop()
        self.state = step.before
        del self.log[len(self.log) - len(step.actions):]
        self._redo.append(step)
        self.revision += 1

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IndexError("nothing to redo")
        step = self._redo[-1]
        before = self.state.copy()
        log_length = len(self.log)
        events: list[Event] = []
        try:
            for action in step.actions:
                events += self.game.apply(self.state, action)
                self.log.append(action)
        except BaseException:
            self._restore(before, log_length)
            raise
        self._redo.pop()
        self._undo.append(_Step(before, list(step.actions)))
        self.revision += 1
        return events

    def digest(self) -> str:
        return self.game.digest(self.state)

    def replay(self) -> Iterator[tuple[Any, list[Event], Any]]:
        """Yield (action, events, state after it) for the whole log, from a fresh start."""
        for action, _who, events, state in replay_log(self.game, self.initial, self.log):
            yield action, events, state

    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` logged actions (0 = the start), for a replay viewer."""
        if not 0 <= n <= len(self.log):
            raise IndexError(f"the log has {len(self.log)} actions, not {n}")
        state = self.initial.copy()
        for _action, _who, _events, state in replay_log(self.game, self.initial, self.log[:n]):  # noqa: B007
            pass
        return state

    # -- files -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return self._record(self.scenario, board_to_dict(self.board))

    def _record(self, scenario: Any, board: Any) -> dict[str, Any]:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "scenario": scenario,
            "map": board,
            "seed": self.seed,
            "actions": [self.game.encode_action(a) for a in self.log],
            "digest": self.digest(),
            "summary": {**self.game.summary(self.state), "actions": len(self.log)},
        }
        if self.seat_records:
            data["seats"] = self.seat_records
        return data

    def save_text(self) -> str:
        """The save file's text, ``dumps_stable(self.to_dict())`` to the byte. The scenario and
        the map are most of it (0.2 MB for the 1984 game) and the same all game long, yet
        every autosave, one a player action, converted and encoded them again (25 ms of 30):
        they are encoded once per revision of the board and set into the rest."""
        if self._fixed_text is None or self._fixed_text[0] != self.board.revision:
            self._fixed_text = (self.board.revision, {"scenario": _scenario_text(self.scenario),
                                                      "map": _map_text(self.board)})
        text = dumps_stable(self._record(_STAND_IN["scenario"], _STAND_IN["map"]))
        for name, encoded in self._fixed_text[1].items():
            # Two spaces, then the key: a top-level member only (an action's lines are deeper).
            stand_in = f'\n  "{name}": {json.dumps(_STAND_IN[name])},\n'
            if text.count(stand_in) != 1:
                return dumps_stable(self.to_dict())
            text = text.replace(stand_in, f'\n  "{name}": {encoded},\n')
        return text

    def save(self, path: str | os.PathLike[str]) -> None:
        # Saves are replayed, not read back field by field, so no key order matters.
        write_atomic(path, self.save_text())


# What a save's scenario and map stand in for until their text, encoded once, is set in.
_STAND_IN = {"scenario": "\x00scenario\x00", "map": "\x00map\x00"}


# A board read from a file and not edited since holds what the file says (Board.origin), so
# its save text is the same for every game on that file: the map's text is kept per file.
_MAP_TEXTS: dict[object, str] = {}
_MAP_TEXTS_LIMIT = 8


def _map_text(board: Board) -> str:
    unedited = board.origin is not None and board.origin[1] == board.revision
    if not unedited:
        return _encoded_at_depth_1(board_to_dict(board))
    key = board.origin[0]  # type: ignore[index]
    text = _MAP_TEXTS.get(key)
    if text is None:
        text = _encoded_at_depth_1(board_to_dict(board))
        if len(_MAP_TEXTS) >= _MAP_TEXTS_LIMIT:
            _MAP_TEXTS.pop(next(iter(_MAP_TEXTS)))  # the oldest
        _MAP_TEXTS[key] = text
    return text


# Every game on the same scenario saves the same scenario text: it is kept per content, found
# by the compact encoding's hash (C-encoded, a quarter of the time of the indented text).
_SCENARIO_TEXTS: dict[bytes, str] = {}


def _scenario_text(scenario: Any) -> str:
    try:
        compact = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return _encoded_at_depth_1(scenario)  # dumps_stable says why, as before
    key = hashlib.sha256(compact.encode("utf-8", "surrogatepass")).digest()
    text = _SCENARIO_TEXTS.get(key)
    if text is None:
        text = _encoded_at_depth_1(scenario)
        if len(_SCENARIO_TEXTS) >= _MAP_TEXTS_LIMIT:
            _SCENARIO_TEXTS.pop(next(iter(_SCENARIO_TEXTS)), None)  # the oldest
        _SCENARIO_TEXTS[key] = text
    return text


def _encoded_at_depth_1(value: Any) -> str:
    """``value`` as ``dumps_stable`` writes a member of the top-level object (its own text,
    one indent deeper), so the two cannot drift apart."""
    return dumps_stable(value).rstrip("\n").replace("\n", "\n  ")


def load_session(path: str | os.PathLike[str]) -> Session:
    """Read a save, replay its log and check the digest. Raises DataFileError naming what is wrong."""
    file = str(path)
    data = read_json(path, SAVE_FORMAT)
    return session_from_dict(data, file)


def session_from_dict(data: dict[str, Any], file: str = "<save>") -> Session:
    problems = schema_problems(file, data, _SAVE_SCHEMA)
    if problems:
        raise DataFileError(problems)
    problems = [FileProblem(file, "$.scenario" + p.where[1:], p.message) for p in scenario_from_dict(data["scenario"], file)]
    if problems:
        raise DataFileError(problems)
    try:
        board = board_from_saved_dict(data["map"], file)
    except DataFileError as exc:
        raise DataFileError([FileProblem(file, "$.map" + p.where[1:], p.message) for p in exc.problems]) from None
    problems = scenario_map_problems(data["scenario"], board, file, "$.scenario")
    if problems:
        raise DataFileError(problems)
    try:
        session = Session(data["scenario"], board, data["seed"], auto_chance=False)
    except UnknownRuleset as exc:
        raise DataFileError([FileProblem(file, "$.scenario.ruleset", str(exc))]) from None
    except Exception as exc:  # the rules cannot start this scenario: the file is at fault, not the program
        raise DataFileError([FileProblem(file, "$.scenario", f"the game cannot start with this scenario "
                                                             f"({type(exc).__name__}: {exc})")]) from None
    game = session.game
    replayed: list[tuple[str, list[Event]]] = []
    for i, item in enumerate(data["actions"]):
        where = f"$.actions[{i}]"
        try:
            action = game.decode_action(item)
        except ValueError as exc:
            raise DataFileError([FileProblem(file, where, str(exc))]) from None
        except Exception as exc:
            # A hand-edited field of the wrong type (a number where a hex label belongs).
            raise DataFileError([FileProblem(file, where, f"a field has the wrong type or shape ({exc})")]) from None
        try:
            who = game.current_player(session.state)
            replayed.append((who, session.apply(action)))
        except RuleError as exc:
            raise DataFileError([FileProblem(file, where, f"the rules refuse {item.get('type')}: {exc}")]) from None
        except Exception as exc:
            # Well-formed but naming something that is not there (an unknown counter id), or
            # an action the rules cannot apply with this file's tables.
            raise DataFileError([FileProblem(file, where, f"{item.get('type')} names something the game "
                                                          f"does not have ({exc})")]) from None
    session.auto_chance = True
    # Undo after loading goes back one player action at a time, as in the game that was saved.
    session._undo = _whole_player_steps(session)
    session.seat_records = list(data.get("seats", []))
    session.replayed = (session.revision, replayed)
    expected = data["digest"]
    digest = _saved_digest(game, session.state, data["version"])
    if digest != expected:
        raise DataFileError([FileProblem(
            file, "$.digest", f"replaying the actions gives state {digest[:12]}..., the file says {expected[:12]}...")])
    return session


def _saved_digest(game: Game[Any, Any], state: Any, version: int) -> str:
    """The digest as the save's version computed it (older versions: the ruleset's migration)."""
    if version == SAVE_VERSION:
        return game.digest(state)
    legacy = getattr(game, "legacy_digest", None)
    if legacy is None:
        return game.digest(state)
    return str(legacy(state, version))


def _whole_player_steps(session: Session) -> list[_Step]:
    """Rebuild the undo stack as whole player actions (a player action and its chance steps).

    Loading applied the log one action at a time (no automatic chance), so its undo stack
    already holds the state before each action: regrouped, not replayed a second time."""
    singles = session._undo
    if len(singles) != len(session.log) or any(len(step.actions) != 1 for step in singles):
        return _whole_player_steps_replayed(session)
    steps: list[_Step] = []
    for single in singles:
        action = single.actions[0]
        if session.game.is_chance_action(action) and steps:
            steps[-1].actions.append(action)
        else:
            steps.append(_Step(single.before, [action]))
    return steps


def _whole_player_steps_replayed(session: Session) -> list[_Step]:
    steps: list[_Step] = []
    before = session.initial.copy()
    for action, _who, _events, state in replay_log(session.game, session.initial, session.log):
        if session.game.is_chance_action(action) and steps:
            steps[-1].actions.append(action)
        else:
            steps.append(_Step(before, [action]))
        before = state.copy()
    return steps
