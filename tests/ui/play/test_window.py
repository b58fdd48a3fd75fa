"""Real turns through the play window: mouse clicks on the map, panel buttons, menus."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bofa_studio.rules.bofa1984 import actions as A
from tests.ui.play.conftest import click_hex, play_until


def test_setup_by_tray_and_click_then_auto_place(qtbot, play_window):
    c = play_window.controller
    game = c.game
    cid = c.tray()[0]
    item = next(play_window.tray.item(i) for i in range(play_window.tray.count())
                if play_window.tray.item(i).data(Qt.ItemDataRole.UserRole) == cid)
    play_window.tray.itemClicked.emit(item)
    assert c.tray_pick == cid
    assert "play.zone" in play_window.scene.overlay.keys()
    click_hex(qtbot, play_window, game.hex(sorted(game.setup_zone[cid])[-1]))
    assert cid in c.state.pos
    qtbot.mouseClick(play_window.decisions.button("Auto-place"), Qt.MouseButton.LeftButton)
    assert c.decider() == "dark"
    assert play_window.handover.isVisible() and "Dark" in play_window.handover.text()
    click_hex(qtbot, play_window, game.hex(sorted(game.setup_zone[cid])[0]))  # ignored: board covered
    qtbot.mouseClick(play_window.handover, Qt.MouseButton.LeftButton)
    assert not play_window.handover.isVisible()


def test_chip_choices_and_blind_draws_through_the_panel(qtbot, play_window):
    c = play_window.controller
    play_until(c, lambda c: c.state.stage == "choose_first")
    c.confirm_handover()
    qtbot.mouseClick(play_window.decisions.button("Take MOVE"), Qt.MouseButton.LeftButton)
    assert c.state.first_chip == "move"
    c.confirm_handover()
    qtbot.mouseClick(play_window.decisions.button("Take COMBAT"), Qt.MouseButton.LeftButton)
    assert c.state.held == "combat"
    assert "Held by" in play_window.turn_panel.chips.text()
    assert c.state.stage == "move"
    c.confirm_handover()  # the first chooser takes the seat again
    qtbot.mouseClick(play_window.decisions.button("End the phase"), Qt.MouseButton.LeftButton)
    # The next phase is a blind draw, rolled from the state's generator and logged.
    assert any(e.kind == "draw" for e in c.entries)
    # B-3: the panel lists the phases played so far, each as its player and chip.
    first = "FP" if c.state.first_chooser == "free_peoples" else "Dark"
    assert f"Played: {first} MOVE" in play_window.turn_panel.chips.text()


def test_move_a_counter_by_clicking(qtbot, play_window):
    c = play_window.controller
    play_until(c, lambda c: c.state.stage == "move" and any(
        isinstance(a, A.Move) and len(a.counters) == 1 and len(c.stack(c.hex_of(a.counters[0]))) == 1
        for a in c.legal()), seed=3)
    c.confirm_handover()
    move = next(a for a in c.legal() if isinstance(a, A.Move) and len(a.counters) == 1
                and len(c.stack(c.hex_of(a.counters[0]))) == 1)
    start = c.hex_of(move.counters[0])
    click_hex(qtbot, play_window, start)
    assert c.selection == move.counters
    assert move.to in c.reach.costs
    assert "play.reach" in play_window.scene.overlay.keys()
    play_window.board.hover(move.to)
    assert "play.path" in play_window.scene.overlay.keys()
    click_hex(qtbot, play_window, move.to)
    assert c.state.pos[move.counters[0]] == c.game.idx(move.to)
    assert move.counters[0] in c.state.moved
    assert c.entries[-1].kind == "move"


def test_attack_shows_odds_then_rolls(qtbot, play_window):
    c = play_window.controller
    play_until(c, lambda c: c.state.stage == "combat" and any(
        isinstance(a, A.Attack) and len({c.hex_of(x) for x in a.attackers}) == 1 for a in c.legal()), seed=2)
    c.confirm_handover()
    attack = next(a for a in c.legal() if isinstance(a, A.Attack) and len({c.hex_of(x) for x in a.attackers}) == 1)
    click_hex(qtbot, play_window, c.hex_of(attack.attackers[0]))
    assert set(attack.attackers) <= set(c.selection)
    click_hex(qtbot, play_window, attack.target)
    assert c.target == attack.target
    assert "column" in play_window.decisions.odds.text()
    assert play_window.decisions.commit.isVisible()
    before = len(c.session.log)
    qtbot.mouseClick(play_window.decisions.commit, Qt.MouseButton.LeftButton)
    assert len(c.session.log) > before
    assert any(e.kind == "combat_result" for e in c.entries)
    assert not c.can_undo() or not isinstance(c.session.log[-1], A.CHANCE_ACTIONS)


def test_fire_draws_the_line_of_sight_and_rolls(qtbot, play_window):
    c = play_window.controller
    play_until(c, lambda c: c.state.stage == "fire" and any(
        isinstance(a, A.Fire) and len({c.hex_of(x) for x in a.archers}) == 1 for a in c.legal()), seed=1)
    c.confirm_handover()
    shot = next(a for a in c.legal() if isinstance(a, A.Fire) and len({c.hex_of(x) for x in a.archers}) == 1)
    click_hex(qtbot, play_window, c.hex_of(shot.archers[0]))
    assert set(shot.archers) <= set(c.selection)
    click_hex(qtbot, play_window, shot.target)
    lines = play_window.board.los_results()
    assert lines and lines[0].target == shot.target
    keys = play_window.scene.overlay.keys()
    assert "play.los_clear" in keys
    if not lines[0].clear:
        assert lines[0].blocked_by is not None
    assert "Fire strength" in play_window.decisions.odds.text()
    qtbot.mouseClick(play_window.decisions.commit, Qt.MouseButton.LeftButton)
    assert any(e.kind == "fire_result" for e in c.entries)


def test_save_open_and_replay_through_the_menus(qtbot, play_window, tmp_path):
    c = play_window.controller
    play_until(c, lambda c: c.state.turn >= 2, seed=5)
    path = str(tmp_path / "saved.json")
    play_window.ask_save_path = lambda: path
    play_window.save_as_action.trigger()
    assert c.path == path
    digest = c.session.digest()
    play_window.ask_open_path = lambda: path
    play_window.open_action.trigger()
    c2 = play_window.controller
    assert c2 is not c and c2.session.digest() == digest
    play_window.replay_action.trigger()
    assert play_window.replay_bar.isVisible()
    assert c2.replay.index == 0 and c2.shown_state().stage == "setup"
    c2.replay_step(5)
    assert play_window.banner.text().startswith("Replay: step 5")
    play_window.replay_bar.slider.setValue(len(c2.replay))
    assert c2.shown_state().turn == c2.state.turn
    c2.stop_replay()
    assert not play_window.replay_bar.isVisible()


def test_a_refusal_links_to_the_rulebook(qtbot, play_window, monkeypatch):
    c = play_window.controller
    cid = c.tray()[0]
    c.pick_tray(cid)
    outside = next(c.game.hex(i) for i in range(len(c.game.cb)) if i not in c.game.setup_zone[cid])
    click_hex(qtbot, play_window, outside)
    assert 'href="B-2"' in play_window.decisions.refusal.text()
    monkeypatch.setattr("bofa_studio.ui.help_menu.find_rulebook", lambda: None)
    assert play_window.open_rule("B-2") is None  # no rulebook here: a status message, no crash


def test_a_loaded_games_log_shows_its_newest_entry(qtbot, controller, settings):
    """A game resumed part way fills the log before the window is laid out; the entry in view
    must still be the newest one, as it is after every action."""
    from bofa_studio.play.autoplay import random_actions
    from bofa_studio.ui.play.window import PlayWindow

    random_actions(controller, 300, seed=5)
    w = PlayWindow(controller, settings=settings)
    w.show_error = lambda title, text: None
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    log = w.log
    assert log.count() > 100
    last = log.visualItemRect(log.item(log.count() - 1))
    assert log.viewport().rect().contains(last.center())

    # Actions played in a burst (as a computer seat plays them) leave the newest entry in view
    # once the window paints again.
    random_actions(w.controller, 40, seed=6)
    QApplication.processEvents()
    assert log.count() == len(w.controller.entries)
    last = log.visualItemRect(log.item(log.count() - 1))
    assert log.viewport().rect().contains(last.center())
    w._autosave.stop()
    w.close()
