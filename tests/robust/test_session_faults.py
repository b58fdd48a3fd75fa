"""A rules failure in the middle of a game loses nothing: the session is exactly as it was
(die state, pending combat, log, undo), and the game goes on."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bofa_studio.board import load_map
from bofa_studio.rules.bofa1984.actions import Attack
from bofa_studio.rules.bofa1984.players import random_player
from bofa_studio.rules.core import CHANCE, seed_state
from bofa_studio.session import Session, load_session

ROOT = Path(__file__).resolve().parents[2]


def session_with_empty_combat_rows(auto_chance: bool = True) -> Session:
    # Schema-valid but unplayable (the loaders now refuse it; a Session built from data does not).
    data = json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8"))
    for row in data["tables"]["combat"]["rows"]:
        row["cells"] = []
    return Session(data, load_map(ROOT / "maps" / "bofa1984.json"), seed=3, auto_chance=auto_chance)


def play_until_an_attack_is_legal(session: Session) -> Attack:
    rng = seed_state(11)
    for _ in range(3000):
        if session.current_player() == CHANCE:
            session.resolve_chance()
            continue
        # B-7: attacks are declared in a combat phase; listing every legal action at each
        # step of the way to one cost seconds.
        attacks = [a for a in session.legal_actions() if isinstance(a, Attack)] if session.state.stage == "combat" else []
        if attacks:
            return attacks[0]
        action, rng = random_player(session.game, session.state, rng)
        if isinstance(action, Attack):
            continue
        session.apply(action)
    raise AssertionError("no attack became legal")


def snapshot(session: Session) -> tuple:
    # A copy of the pending combat: the engine changes the object it failed on.
    return (session.digest(), session.state.rng, copy.deepcopy(session.state.pending), session.state.stage,
            list(session.log), len(session._undo), len(session._redo))


def test_an_engine_failure_leaves_the_session_exactly_as_it_was_and_the_game_goes_on(tmp_path):
    session = session_with_empty_combat_rows()
    attack = play_until_an_attack_is_legal(session)
    before = snapshot(session)
    with pytest.raises(Exception) as info:
        session.apply(attack)
    assert not isinstance(info.value, AssertionError)
    assert snapshot(session) == before
    assert session.state.pending is None

    # The game goes on: another legal action applies, undo and save work.
    other = next(a for a in session.legal_actions() if not isinstance(a, Attack))
    session.apply(other)
    assert session.log[len(before[4])] == other
    session.undo()
    assert session.digest() == before[0]
    session.apply(other)
    session.save(tmp_path / "game.json")
    assert (tmp_path / "game.json").stat().st_size > 0


def test_a_failing_roll_leaves_the_attack_declared_and_unrolled():
    # Without automatic chance steps the attack is one step and its roll another: the roll
    # fails alone, and the die state and pending combat are those after the declaration.
    session = session_with_empty_combat_rows(auto_chance=False)
    attack = play_until_an_attack_is_legal(session)
    session.apply(attack)
    assert session.current_player() == CHANCE and session.state.pending is not None
    declared = snapshot(session)
    with pytest.raises(Exception) as info:
        session.resolve_chance()
    assert not isinstance(info.value, AssertionError)
    assert snapshot(session) == declared
    session.undo()
    assert session.state.pending is None


def test_redo_that_fails_keeps_the_redo_step(monkeypatch):
    session = session_with_empty_combat_rows()
    attack = play_until_an_attack_is_legal(session)
    other = next(a for a in session.legal_actions() if not isinstance(a, Attack))
    session.apply(other)
    session.undo()
    before = snapshot(session)

    def broken(state, action):
        raise KeyError("a table the file lacks")

    monkeypatch.setattr(session.game, "apply", broken)
    with pytest.raises(KeyError):
        session.redo()
    assert snapshot(session) == before and session.can_redo
    assert attack is not None


def test_a_loaded_game_is_unchanged_by_an_action_the_rules_cannot_handle(tmp_path):
    session = load_session(ROOT / "tests" / "data" / "v1-standard.bofa-save.json")
    digest, actions = session.digest(), len(session.log)
    with pytest.raises(Exception) as info:
        session.apply(object())  # not an action of this game
    assert not isinstance(info.value, AssertionError)
    assert session.digest() == digest and len(session.log) == actions
    session.save(tmp_path / "again.json")
    assert load_session(tmp_path / "again.json").digest() == digest
