"""A game in progress: initial state + action log, with undo/redo, save/load and replay.

Undo works on whole player actions: one step is the player's action plus the
chance outcomes (dice, blind chip draws) that follow it before anyone else must
decide, so undo never leaves the game waiting on a die. Snapshots of the state
are cheap, so undo restores one rather than replaying (as python-chess keeps a
stack of small board states).

A save file holds the scenario and the map it was played on (so it stays
playable when the shipped files change), the seed, the action log and a digest
of the final state. Loading replays the log through the rules, which checks
every action again, and compares the digest.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bofa_studio.board import Board, board_from_dict, board_to_dict
from bofa_studio.jsonfile import (
    DataFileError,
    FileProblem,
    dumps_stable,
    read_json,
    schema_problems,
    write_atomic,
)
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.core import CHANCE, Event, RuleError
from bofa_studio.rules.registry import make_game
from bofa_studio.scenario import scenario_from_dict

SAVE_FORMAT = "bofa-studio.save"
SAVE_VERSION = 1

_SAVE_SCHEMA = {
    "type": "object",
    "required": ["format", "version", "scenario", "map", "seed", "actions", "digest"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": SAVE_FORMAT},
        "version": {"const": SAVE_VERSION},
        "scenario": {"type": "object"},
        "map": {"type": "object"},
        "seed": {"type": "integer", "minimum": 0},
        "actions": {"type": "array", "items": {"type": "object", "required": ["type"]}},
        "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "summary": {"type": "object"},
    },
}


def state_digest(game: Any, state: Any) -> str:
    """SHA-256 of everything that decides the rest of the game, in a canonical JSON form."""
    label = game.cb.label
    p = state.pending
    doc = {
        "turn": state.turn, "stage": state.stage, "setup_side": state.setup_side, "phase_no": state.phase_no,
        "phase_player": state.phase_player, "phase_kind": state.phase_kind, "first_chooser": state.first_chooser,
        "first_chip": state.first_chip, "cup": state.cup, "held": state.held, "rng": str(state.rng),
        "stacks": {label(h): list(s) for h, s in sorted(state.stacks.items())},
        "steps": state.steps, "entered": sorted(state.entered), "eliminated": state.eliminated,
        "moved": sorted(state.moved), "fought": sorted(state.fought), "fired": sorted(state.fired),
        "attack_dir": {label(a): label(b) for a, b in sorted(state.attack_dir.items())},
        "skirmished": sorted(label(h) for h in state.skirmished),
        "pending": None if p is None else [p.kind, list(p.attackers), label(p.target), p.att_hits, p.def_hits],
        "result": state.result,
        "entry_rolls": {k: list(v) for k, v in sorted(state.entry_rolls.items())},
    }
    # The Standard Game's and the optional rules' state, only when there is some, so that
    # the digests of Basic Game saves stay what they were.
    extra = {
        "hits": dict(sorted(state.hits.items())), "hysteric": sorted(state.hysteric),
        "todo": [list(t) for t in state.todo], "after_todo": state.after_todo, "roll_for": state.roll_for,
        "morale_failed": sorted(state.morale_failed), "escapes": list(state.escapes), "dived": sorted(state.dived),
        "rocks_used": sorted(label(h) for h in state.rocks_used), "spells_used": list(state.spells_used),
        "spell_tried": state.spell_tried, "thorin_left": state.thorin_left, "returning": list(state.returning),
        "regroup_place": state.regroup_place,
        "grounded": {cid: label(h) for cid, h in sorted(getattr(state, "grounded", {}).items())},
        "eagle_offers": [label(h) for h in getattr(state, "eagle_offers", ())],
    }
    extra = {k: v for k, v in extra.items() if v}
    if extra:
        doc["standard"] = extra
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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
        self.game = make_game(scenario, board)
        self.initial = self.game.new_initial_state(seed)
        self.state = self.initial.copy()
        self.log: list[Any] = []
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []

    @classmethod
    def from_scenario_file(cls, path: str | os.PathLike[str], seed: int = 0) -> Session:
        """A new game of a scenario file on the map it names (DataFileError if either is bad)."""
        from bofa_studio.board import load_map
        from bofa_studio.scenario import load_scenario

        scenario = load_scenario(path)
        return cls(scenario.data, load_map(scenario.map_path), seed)

    # -- playing -----------------------------------------------------------------
    def current_player(self) -> str:
        return self.game.current_player(self.state)

    def legal_actions(self) -> list[Any]:
        return self.game.legal_actions(self.state)

    def apply(self, action: Any) -> list[Event]:
        """Apply a player's action (and, with auto_chance, the chance steps that follow)."""
        step = _Step(self.state.copy())
        events = self.game.apply(self.state, action)
        step.actions.append(action)
        self.log.append(action)
        if self.auto_chance:
            events += self._resolve_chance(step)
        self._undo.append(step)
        self._redo.clear()
        return events

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
        events = self._resolve_chance(step)
        if step.actions:
            self._undo.append(step)
            self._redo.clear()
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

    def redo(self) -> list[Event]:
        if not self._redo:
            raise IndexError("nothing to redo")
        step = self._redo.pop()
        before = self.state.copy()
        events: list[Event] = []
        for action in step.actions:
            events += self.game.apply(self.state, action)
            self.log.append(action)
        self._undo.append(_Step(before, list(step.actions)))
        return events

    def digest(self) -> str:
        return state_digest(self.game, self.state)

    def replay(self) -> Iterator[tuple[Any, list[Event], Any]]:
        """Yield (action, events, state after it) for the whole log, from a fresh start."""
        state = self.initial.copy()
        for action in self.log:
            events = self.game.apply(state, action)
            yield action, events, state

    def state_at(self, n: int) -> Any:
        """The state after the first ``n`` logged actions (0 = the start), for a replay viewer."""
        if not 0 <= n <= len(self.log):
            raise IndexError(f"the log has {len(self.log)} actions, not {n}")
        state = self.initial.copy()
        for action in self.log[:n]:
            self.game.apply(state, action)
        return state

    # -- files -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        label = self.board.label
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "scenario": self.scenario,
            "map": board_to_dict(self.board),
            "seed": self.seed,
            "actions": [A.to_dict(a, label) for a in self.log],
            "digest": self.digest(),
            "summary": {"turn": self.state.turn, "stage": self.state.stage, "actions": len(self.log)},
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        # Saves are replayed, not read back field by field, so no key order matters.
        write_atomic(path, dumps_stable(self.to_dict()))


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
        board = board_from_dict(data["map"], file)
    except DataFileError as exc:
        raise DataFileError([FileProblem(file, "$.map" + p.where[1:], p.message) for p in exc.problems]) from None
    session = Session(data["scenario"], board, data["seed"], auto_chance=False)
    for i, item in enumerate(data["actions"]):
        where = f"$.actions[{i}]"
        try:
            action = A.from_dict(item, board.hex_at)
        except ValueError as exc:
            raise DataFileError([FileProblem(file, where, str(exc))]) from None
        except (TypeError, AttributeError, KeyError, IndexError) as exc:
            # A hand-edited field of the wrong type (a number where a hex label belongs).
            raise DataFileError([FileProblem(file, where, f"a field has the wrong type or shape ({exc})")]) from None
        try:
            session.apply(action)
        except RuleError as exc:
            raise DataFileError([FileProblem(file, where, f"the rules refuse {item.get('type')}: {exc}")]) from None
        except (TypeError, AttributeError, KeyError, IndexError) as exc:
            # Well-formed but naming something that is not there (an unknown counter id).
            raise DataFileError([FileProblem(file, where, f"{item.get('type')} names something the game "
                                                          f"does not have ({exc})")]) from None
    session.auto_chance = True
    # Undo after loading goes back one player action at a time, as in the game that was saved.
    session._undo = _regroup(session)
    digest = session.digest()
    if digest != data["digest"]:
        raise DataFileError([FileProblem(
            file, "$.digest", f"replaying the actions gives state {digest[:12]}..., the file says {data['digest'][:12]}...")])
    return session


def _regroup(session: Session) -> list[_Step]:
    """Rebuild the undo stack as whole player actions (a player action and its chance steps)."""
    steps: list[_Step] = []
    state = session.initial.copy()
    for action in session.log:
        if isinstance(action, A.CHANCE_ACTIONS) and steps:
            steps[-1].actions.append(action)
        else:
            steps.append(_Step(state.copy(), [action]))
        session.game.apply(state, action)
    return steps
