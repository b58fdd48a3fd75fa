"""The game protocol proven by a second ruleset: the toy duel in tests/toy_duel/ plays
through the session, the headless play layer, save/load/replay and the play window,
though none of them names it (it registers itself, as any ruleset does)."""

from __future__ import annotations

import json

import pytest
import toy_duel  # noqa: F401 - registers the "toy_duel" ruleset
from toy_duel.game import Rest, Roll, Step, Strike

from bofa_studio.board import Board, save_map
from bofa_studio.hexgrid import GridSpec
from bofa_studio.jsonfile import DataFileError
from bofa_studio.play.autoplay import random_actions
from bofa_studio.play.controller import PlayController
from bofa_studio.rules.core import CHANCE, Game, RuleError
from bofa_studio.rules.registry import known_rulesets
from bofa_studio.scenario import load_scenario
from bofa_studio.session import Session, load_session


@pytest.fixture
def duel(tmp_path):
    """A 5x5 map and a duel scenario on it, written as an author would."""
    save_map(Board(GridSpec(columns=5, rows=5)), tmp_path / "duel-map.json")
    scenario = {"format": "bofa-studio.scenario", "version": 1, "ruleset": "toy_duel", "map": "duel-map.json",
                "meta": {"name": "Toy duel"}, "turns": 12,
                "champions": {"red": {"side": "north", "at": "0301"}, "blue": {"side": "south", "at": "0303"}}}
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(scenario))
    return path


def test_the_duel_is_a_registered_game_of_the_protocol(duel):
    session = Session.from_scenario_file(duel, seed=3)
    assert "toy_duel" in known_rulesets()
    assert isinstance(session.game, Game)


def test_a_whole_duel_plays_saves_loads_and_replays_through_the_session(duel, tmp_path):
    session = Session.from_scenario_file(duel, seed=3)
    game = session.game
    for _ in range(200):
        if game.is_terminal(session.state):
            break
        legal = session.legal_actions()
        # Close in and strike: the duel must end in a kill, not only by time.
        strikes = [a for a in legal if isinstance(a, Strike)]
        steps = [a for a in legal if isinstance(a, Step)]
        session.apply(strikes[0] if strikes else steps[0] if steps and len(session.log) < 4 else Rest())
    assert game.is_terminal(session.state)
    assert any(isinstance(a, Roll) for a in session.log)  # dice were rolled by the session
    session.save(tmp_path / "duel.save.json")
    again = load_session(tmp_path / "duel.save.json")
    assert again.digest() == session.digest() and again.log == session.log
    replayed = list(again.replay())
    assert game.digest(replayed[-1][2]) == session.digest()


def test_undo_is_all_or_nothing_and_a_refusal_names_its_rule(duel):
    session = Session.from_scenario_file(duel, seed=3)
    before = session.digest()
    with pytest.raises(RuleError, match="Duel: a champion steps to an adjacent empty hex"):
        session.apply(Step("red", session.board.hex_at("0505")))
    assert session.digest() == before and session.log == []
    session.apply(Step("red", session.board.hex_at("0302")))
    session.undo()
    assert session.digest() == before


def test_a_save_naming_an_unknown_ruleset_is_refused_by_name(duel, tmp_path):
    session = Session.from_scenario_file(duel, seed=3)
    data = session.to_dict()
    data["scenario"]["ruleset"] = "no_such_game"
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(DataFileError, match=r"\$\.scenario\.ruleset: unknown ruleset 'no_such_game'"):
        load_session(tmp_path / "bad.json")


def test_the_headless_play_layer_turns_clicks_into_duel_actions(duel):
    c = PlayController.new_game(duel, seed=3)
    board = c.game.board
    assert c.decider_text().startswith("North player: click your champion")
    c.click(board.hex_at("0301"))  # select red
    assert c.selection == ("red",) and any(m.key == "reach" for m in c.marks())
    assert c.click(board.hex_at("0302"))  # step next to blue
    assert c.state.at["red"] == "0302" and c.decider() == "south"
    c.click(board.hex_at("0303"))
    assert c.click(board.hex_at("0302"))  # blue strikes red: the die is rolled by the session
    assert c.state.striking is None and c.session.current_player() != CHANCE
    assert any("strikes at red" in e.text for e in c.entries)
    assert c.undo() is False  # the last step showed a die


def test_random_play_finishes_a_duel_through_the_controller(duel):
    c = PlayController.new_game(duel, seed=5)
    random_actions(c, 1000, seed=2)
    assert c.is_over and c.result_text(c.result()) in ("North wins", "South wins", "Draw")


def test_the_play_window_plays_a_duel_to_its_end_screen(duel, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path))
    from PySide6.QtCore import QSettings

    from bofa_studio.ui.play.window import PlayWindow

    c = PlayController.new_game(duel, seed=5)
    w = PlayWindow(c, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w.ask_unsaved = lambda: "discard"
    ended = []
    w.show_end = lambda result, parent: ended.append(result)
    qtbot.addWidget(w)
    w.show()
    assert w.banner.text().startswith("North player: click")
    red = c.game.board.hex_at("0301")
    w.board.click(w.scene.hex_center(red), red)
    assert "play.reach" in w.scene.overlay.keys()
    random_actions(c, 1000, seed=2)
    qtbot.waitUntil(lambda: bool(ended))
    assert w.banner.text().startswith("Game over")


def test_the_duel_scenario_is_checked_by_its_ruleset(duel, tmp_path):
    data = json.loads(duel.read_text())
    data["champions"]["red"]["side"] = "east"
    bad = tmp_path / "bad-duel.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataFileError, match=r"\$\.champions\.red: expected"):
        load_scenario(bad)


def test_simulate_plays_duels_headless_with_the_same_report_twice(duel, capsys):
    """The simulator speaks the protocol: the duel, with no optional members, plays through
    it, and the same arguments print the same bytes (serial and with two processes)."""
    from bofa_studio.cli import main

    reports = []
    for jobs in ("1", "2"):
        assert main(["simulate", str(duel), "--games", "6", "--seed", "1", "--json", "--jobs", jobs]) == 0
        reports.append(capsys.readouterr().out)
    assert reports[0] == reports[1]
    report = json.loads(reports[0])
    assert report["games"] == 6 and report["violations"] == []


def test_a_rulesets_optional_modules_are_found_by_name_and_a_missing_one_is_none():
    """The play layer and the scenario editor find a ruleset's ``present`` and ``editing``
    modules without naming the ruleset; one it does not have is simply absent."""
    import toy_duel.present as toy_present

    from bofa_studio.play.presentation import play_class
    from bofa_studio.rules.registry import companion_module
    from bofa_studio.scenario.form import scenario_form

    assert companion_module("toy_duel", "present") is toy_present
    assert play_class("toy_duel") is toy_present.Play
    assert companion_module("toy_duel", "editing") is None
    assert scenario_form("toy_duel") is None
    assert scenario_form("helmsdeep")  # a ruleset with a scenario form offers its tables
