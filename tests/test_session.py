"""Sessions: undo/redo of whole player actions, save/load with digest check, replay."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bofa_studio.board import Terrain, load_map
from bofa_studio.jsonfile import DataFileError
from bofa_studio.rules.bofa1984.actions import CHANCE_ACTIONS, Attack, ChooseChip, EndPhase, PlaceDefault
from bofa_studio.rules.bofa1984.players import random_player
from bofa_studio.rules.core import CHANCE, seed_state
from bofa_studio.session import Session, load_session, session_from_dict

ROOT = Path(__file__).resolve().parents[1]


@cache
def _scenario_and_board():
    data = json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8"))
    return data, load_map(ROOT / "maps" / "bofa1984.json")


def new_session(seed: int = 1) -> Session:
    data, board = _scenario_and_board()
    return Session(data, board, seed)


def play(session: Session, n: int, seed: int = 5) -> None:
    rng = seed_state(seed)
    for _ in range(n):
        if session.game.is_terminal(session.state):
            return
        action, rng = random_player(session.game, session.state, rng)
        session.apply(action)


def test_chance_steps_are_resolved_with_the_player_action():
    session = new_session()
    session.apply(PlaceDefault())
    session.apply(PlaceDefault())
    session.apply(ChooseChip("move"))
    session.apply(ChooseChip("move"))
    session.apply(EndPhase())  # Dark's move; the Free Peoples must now draw blind
    assert session.current_player() != CHANCE
    assert isinstance(session.log[-1], CHANCE_ACTIONS)


def test_undo_and_redo_whole_player_actions():
    session = new_session()
    play(session, 200)
    for _ in range(5000):
        if session.current_player() == "dark" and any(isinstance(a, Attack) for a in session.legal_actions()):
            break
        play(session, 1)
    else:
        pytest.fail("no Dark attack in 5000 random actions")
    attack = next(a for a in session.legal_actions() if isinstance(a, Attack))
    before = session.digest()
    session.apply(attack)  # the attack and its die roll are one step
    session.undo()
    assert session.digest() == before
    session.redo()
    assert session.current_player() != CHANCE
    for _ in range(len(session._undo)):
        session.undo()
    assert session.log == [] and session.digest() == Session(session.scenario, session.board, 1).digest()
    assert not session.can_undo
    with pytest.raises(IndexError):
        session.undo()


def test_a_new_action_clears_redo():
    session = new_session()
    play(session, 30)
    session.undo()
    assert session.can_redo
    play(session, 1, seed=99)
    assert not session.can_redo


def test_save_and_load_round_trip(tmp_path):
    session = new_session(4)
    play(session, 300)
    path = tmp_path / "game.bofa.json"
    session.save(path)
    loaded = load_session(path)
    assert loaded.digest() == session.digest()
    assert loaded.log == session.log
    loaded.undo()
    assert loaded.current_player() != CHANCE
    play(loaded, 10)


def test_replay_goes_through_every_logged_action():
    session = new_session(2)
    play(session, 120)
    last = None
    for _, _, state in session.replay():
        last = state
    from bofa_studio.session import state_digest

    assert state_digest(session.game, last) == session.digest()
    assert state_digest(session.game, session.state_at(len(session.log))) == session.digest()
    assert state_digest(session.game, session.state_at(0)) == state_digest(session.game, session.initial)
    with pytest.raises(IndexError):
        session.state_at(len(session.log) + 1)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9), length=st.integers(min_value=0, max_value=1500))
def test_replaying_a_save_reproduces_its_digest(seed, length):
    session = new_session(seed)
    play(session, length, seed=seed + 1)
    data = session.to_dict()
    assert session_from_dict(json.loads(json.dumps(data))).digest() == data["digest"]


# -- malformed saves --------------------------------------------------------------------


@cache
def _a_played_game() -> dict:
    """The save of one seeded game of 60 actions, played once for every malformed-save test."""
    session = new_session(3)
    play(session, 60)
    return session.to_dict()


def _saved(tmp_path, mutate) -> Path:
    # A deep copy: to_dict shares the scenario with the (cached) game, and every test here
    # mutates the save: a mutation would otherwise corrupt it for every later test.
    data = copy.deepcopy(_a_played_game())
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _problem(path):
    with pytest.raises(DataFileError) as err:
        load_session(path)
    return err.value.problems[0]


def test_tampered_digest_is_reported(tmp_path):
    path = _saved(tmp_path, lambda d: d.update(digest="0" * 64))
    p = _problem(path)
    assert (p.file, p.where) == (str(path), "$.digest") and "replaying the actions gives" in p.message


def test_illegal_action_in_the_log_names_its_index_and_rule(tmp_path):
    def mutate(d):
        d["actions"].insert(3, {"type": "EndPhase"})
    p = _problem(_saved(tmp_path, mutate))
    assert p.where == "$.actions[3]" and "the rules refuse EndPhase" in p.message


def test_malformed_action_is_reported(tmp_path):
    def mutate(d):
        d["actions"][0] = {"type": "Teleport"}
    p = _problem(_saved(tmp_path, mutate))
    assert p.where == "$.actions[0]" and "unknown action type 'Teleport'" in p.message


def test_wrong_types_are_reported_with_their_path(tmp_path):
    p = _problem(_saved(tmp_path, lambda d: d.update(seed="one")))
    assert p.where == "$.seed" and "expected integer" in p.message
    p = _problem(_saved(tmp_path, lambda d: d["scenario"].update(turns="twelve")))
    assert p.where == "$.scenario.turns"


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"type": "Place", "counter": "bard", "hex": 5}, "wrong type"),
        ({"type": "Place", "counter": {"a": 1}, "hex": "0101"}, ""),
        ({"type": "Place", "counter": "nobody", "hex": "0101"}, ""),
    ],
)
def test_hand_edited_action_fields_are_named_not_raised(tmp_path, action, expected):
    """A field of the wrong type, or a counter the game does not have, is a problem at its action."""
    def mutate(d):
        d["actions"][0] = action
    p = _problem(_saved(tmp_path, mutate))
    assert p.where == "$.actions[0]" and expected in p.message


def test_not_a_save_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "bofa-studio.map"}', encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_session(path)
    assert err.value.unreadable and err.value.problems[0].where == "$.format"


def test_new_game_from_the_shipped_scenario_file():
    session = Session.from_scenario_file(ROOT / "scenarios" / "bofa1984-basic.json", seed=9)
    assert session.current_player() == "free_peoples" and PlaceDefault() in session.legal_actions()


def test_standard_game_save_and_load_round_trip(tmp_path):
    """A Standard Game (hit markers, regrouping rolls, morale checks...) saves and replays to its digest."""
    session = Session.from_scenario_file(ROOT / "scenarios" / "bofa1984-tournament.json", seed=4)
    play(session, 400, seed=11)
    path = tmp_path / "standard.bofa-save.json"
    session.save(path)
    loaded = load_session(path)
    assert loaded.digest() == session.digest() and len(loaded.log) == len(session.log)


OLD_SAVES = Path(__file__).parent / "data"
VERSION_1_SAVES = ["v1-standard", "v1-tournament"]
WAITING_FOR = ["spell", "todo", "morale", "dive"]


def test_every_save_kept_for_the_tests_is_replayed_here():
    """tests/robust/test_hostile_files.py leaves the replay of these saves to the tests below:
    a save added to tests/data must be added to them."""
    kept = {path.name.removesuffix(".bofa-save.json") for path in OLD_SAVES.glob("*.json")}
    assert kept == {*VERSION_1_SAVES, *(f"v2-waiting-{w}" for w in WAITING_FOR)}


@pytest.mark.parametrize("name", VERSION_1_SAVES)
def test_a_version_1_save_still_loads_and_saves_in_the_current_format(tmp_path, name):
    """Saves written before the digest covered every field (format version 1, made by the
    release before last) replay to the digest they carry, and save again in the new format."""
    path = Path(__file__).parent / "data" / f"{name}.bofa-save.json"
    old = json.loads(path.read_text())
    assert old["version"] == 1
    session = load_session(path)
    assert len(session.log) == len(old["actions"])
    session.save(tmp_path / "again.json")
    again = json.loads((tmp_path / "again.json").read_text())
    assert again["version"] == 3 and again["digest"] == session.digest() != old["digest"]
    assert load_session(tmp_path / "again.json").digest() == session.digest()


@pytest.mark.parametrize("waiting_for", WAITING_FOR)
def test_a_version_2_save_waiting_for_a_die_still_loads(tmp_path, waiting_for):
    """Version 2 saves (the last release) kept what a die is rolled for in loose fields; each
    of these four was saved while the game waited for such a die (Gandalf's spell, a queued
    regrouping roll, an S-6 morale check, an S-7 dive). They replay to the digest they carry,
    the same die is waited for, and they save again as version 3."""
    path = Path(__file__).parent / "data" / f"v2-waiting-{waiting_for}.bofa-save.json"
    old = json.loads(path.read_text())
    assert old["version"] == 2
    session = load_session(path)
    assert session.state.stage == "roll" and session.state.die is not None
    assert session.state.die.digest_tag == {"todo": "regroup"}.get(waiting_for, waiting_for)
    session.save(tmp_path / "again.json")
    again = load_session(tmp_path / "again.json")
    assert again.digest() == session.digest() != old["digest"]


def test_a_version_2_save_whose_replay_differs_is_still_refused(tmp_path):
    """The migration checks the digest; it does not wave old saves through."""
    data = json.loads((Path(__file__).parent / "data" / "v2-waiting-morale.bofa-save.json").read_text())
    data["actions"] = data["actions"][:-1]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataFileError, match="digest"):
        load_session(path)


def test_the_digest_covers_every_field_of_the_state():
    """Version 1 digests left out 13 fields (phase_start, variable_tribes, extra_elves...):
    a replay that went wrong there was not caught. Now any field counts."""
    session = Session.from_scenario_file(ROOT / "scenarios" / "bofa1984-basic.json")
    before = session.digest()
    for name in ("phase_start", "variable_tribes", "extra_elves", "resume"):
        changed = session.state.copy()
        setattr(changed, name, {"x": 1} if isinstance(getattr(changed, name), dict) else ("x",))
        assert session.game.digest(changed) != before, name


def test_the_digest_tells_what_a_die_is_rolled_for():
    """Two die waits with the same fields (a regrouping roll and a bat attack on the same
    counter) are different states: the digest names the kind of wait."""
    from bofa_studio.rules.bofa1984.optional import BatAttack
    from bofa_studio.rules.bofa1984.regroup import RegroupUnit

    session = Session.from_scenario_file(ROOT / "scenarios" / "bofa1984-basic.json")
    regroup, bats = session.state.copy(), session.state.copy()
    regroup.die, bats.die = RegroupUnit("bard"), BatAttack("bard")
    assert len({session.game.digest(s) for s in (session.state, regroup, bats)}) == 3


def test_a_loaded_game_undoes_whole_player_actions_back_to_the_start_as_the_played_one_did(tmp_path):
    """Undo after loading steps back through the same positions, a player action and its rolls at
    a time, as undo in the game that was saved."""
    session = new_session(5)
    play(session, 200)
    path = tmp_path / "game.bofa.json"
    session.save(path)
    loaded = load_session(path)
    steps = 0
    while session.can_undo:
        assert loaded.can_undo
        session.undo()
        loaded.undo()
        assert loaded.digest() == session.digest() and loaded.log == session.log
        steps += 1
    assert not loaded.can_undo and steps > 20


def test_games_on_scenarios_that_differ_in_one_value_save_their_own_scenario():
    """The scenario's text is kept per content: a game on a scenario one value apart (a number
    where another game has the same number as a float, a turn more) saves its own."""
    import copy

    from bofa_studio.jsonfile import dumps_stable

    data, board = _scenario_and_board()
    variants = [copy.deepcopy(data) for _ in range(3)]
    variants[1]["turns"] += 1
    variants[2]["turns"] = float(variants[2]["turns"])
    texts = []
    for variant in variants:
        session = Session(variant, board, 3)
        assert session.save_text() == dumps_stable(session.to_dict())
        texts.append(json.loads(session.save_text())["scenario"]["turns"])
    assert texts == [data["turns"], data["turns"] + 1, float(data["turns"])]
    assert isinstance(texts[2], float) and isinstance(texts[0], int)


def test_a_save_is_the_whole_game_written_stably_and_follows_an_edited_map(tmp_path):
    """The save's text is the stable JSON of the whole game (its scenario and map encoded once
    and kept): byte for byte, also with seat names that look like the file's own lines."""
    from bofa_studio.jsonfile import dumps_stable

    data, _ = _scenario_and_board()
    session = Session(data, load_map(ROOT / "maps" / "bofa1984.json"), 3)
    assert session.save_text() == dumps_stable(session.to_dict())
    play(session, 60)
    session.seat_records = [{"name": 'x",\n  "map": "\u0000map\u0000",\n', "sides": ["dark"]}]
    session.save(tmp_path / "game.json")
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == dumps_stable(session.to_dict())
    assert load_session(tmp_path / "game.json").digest() == session.digest()
    # The map changed under the session (as an editor would change it): the save says so.
    h = session.board.hex_at("0101")
    session.board.set_terrain(h, Terrain.DALE)
    saved = json.loads(session.save_text())
    assert saved["map"]["hexes"]["0101"]["terrain"] == "dale"
    assert json.loads(dumps_stable(session.to_dict())) == saved
    # Another game on the same file saves the map the file holds, not the edited one.
    other = Session(data, load_map(ROOT / "maps" / "bofa1984.json"), 3)
    assert json.loads(other.save_text())["map"]["hexes"]["0101"]["terrain"] == "mountain"
    assert other.save_text() == dumps_stable(other.to_dict())
