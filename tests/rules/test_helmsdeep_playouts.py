"""Random games of Helm's Deep through the protocol and the session: every offered action applies,
the invariants hold after each, the same seed gives the same game, and saves replay."""

import pytest
from helmsdeep_helpers import MAP, SCENARIO, shipped, shipped_game

from bofa_studio.rules.core import CHANCE, seed_state, uniform_index
from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep.invariants import violations
from bofa_studio.rules.helmsdeep.players import PLAYERS
from bofa_studio.session import Session, load_session


def play(game, seed: int, player: str = "random", limit: int = 5000):
    state = game.new_initial_state(seed)
    rng = seed_state(seed + 7)
    for n in range(limit):
        if game.is_terminal(state):
            return state, n
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            action, rng = PLAYERS[player](game, state, rng)
        assert game.decode_action(game.encode_action(action)) == action
        game.apply(state, action)
        assert violations(game, state) == [], (n, action)
    raise AssertionError(f"no end after {limit} actions")


def test_a_random_game_ends_with_a_level_and_the_same_seed_repeats_it():
    game = shipped_game()
    state, n = play(game, 11)
    result = game.result(state)
    assert result["level"] in {name for _, name, _ in game.levels.levels}
    assert state.round == game.turns or not any(game.units[u].side == game.second for u in state.pos)
    again, m = play(shipped_game(), 11)
    assert (m, game.digest(again)) == (n, game.digest(state))


@pytest.mark.slow
def test_the_uniform_player_plays_a_whole_game_too():
    play(shipped_game(), 12, player="uniform")


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_many_random_games_keep_the_invariants(seed):
    play(shipped_game(), 100 + seed)


def test_the_invariants_catch_a_broken_state():
    game = shipped_game()
    state = game.new_initial_state(1)
    game.apply(state, A.PlaceDefault())
    state.pos["dunlending-sword-54-1"] = state.pos["roh-passage-1"]
    state.pos["roh-theoden"] = "F-12"
    problems = violations(game, state)
    assert any("no stacking" in p for p in problems) and any("roh-theoden left F-11" in p for p in problems)


def test_a_session_saves_replays_and_undoes(tmp_path):
    data, board = shipped()
    session = Session(data, board, seed=5)
    rng = seed_state(3)
    for _ in range(150):
        actions = session.legal_actions()
        rng, i = uniform_index(rng, len(actions))
        session.apply(actions[i])
        assert session.current_player() != CHANCE
    path = tmp_path / "game.bofa-save.json"
    session.save(path)
    loaded = load_session(path)
    assert loaded.digest() == session.digest() and loaded.log == session.log
    before = session.digest()
    session.apply(session.legal_actions()[-1])
    session.undo()
    assert session.digest() == before


def test_the_shipped_files_validate(capsys):
    from bofa_studio.cli import main

    assert main(["validate", str(MAP), str(SCENARIO)]) == 0


def test_a_bad_scenario_is_named_by_its_ruleset(tmp_path, capsys):
    import json

    from bofa_studio.cli import main

    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["reinforcements"][0]["round"] = 99
    data["units"][0]["kind"] = "catapult"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "$.units[0].kind" in out
    data["units"][0]["kind"] = "sword"
    data["map"] = str(MAP)
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "$.reinforcements[0].round: round 99 is after the last round (15)" in capsys.readouterr().out


def test_a_map_missing_what_the_rules_need_is_refused(tmp_path, capsys):
    from bofa_studio.board import save_map
    from bofa_studio.cli import main

    board = shipped()[1].copy()
    board.set_hexside_features(board.hex_at("F-12"), board.hex_at("F-13"), [])
    board.set_area("entry.north", None)
    path = tmp_path / "broken.json"
    save_map(board, path)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "four light gates, the map has 3" in out and "area entry.north: is missing" in out


def test_every_action_type_round_trips_through_its_json_form():
    samples = [A.PlaceDefault(), A.Place("u", "F-5"), A.EndPhase(), A.RemoveLadder("D-5", "C-5"),
               A.Detonate("F-10/Tunnel-1"), A.TryLadder("u", "E-11"), A.KnockDown("r", "E-11", "E-10"),
               A.Move("u", "Tunnel-2"), A.Wade("u", "Culvert-1"), A.Attack(("a", "b"), "gate:F-12/F-13"),
               A.Attack(("a",), "r", True), A.Fire(("x",), "r"), A.Retreat("r", "off"), A.ChooseLoss("a"),
               A.Advance(""), A.Roll(6)]
    game = shipped_game()
    for action in samples:
        assert game.decode_action(game.encode_action(action)) == action
    with pytest.raises(ValueError, match="not a Helm's Deep action"):
        game.decode_action({"type": "Charge"})


def test_the_optional_simulator_members():
    """random_action draws a legal action from the player's generator; phase changes when a phase ends."""
    game = shipped_game()
    state = game.new_initial_state(2)
    game.apply(state, A.PlaceDefault())
    rng = seed_state(9)
    for _ in range(40):
        if game.current_player(state) == CHANCE:
            game.apply(state, game.sample_chance(state))
            continue
        before = game.phase(state)
        action, rng = game.random_action(state, rng)
        assert action in game.legal_actions(state)
        game.apply(state, action)
        if not isinstance(action, A.EndPhase):
            assert game.phase(state) == before  # moves and attacks happen within a phase
        assert game.invariant_violations(state) == []
