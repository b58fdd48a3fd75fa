"""What a hot-seat player trips over: things that looked clickable but acted on the wrong
game, for the wrong player, or said nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.play.conftest import play_until


def test_a_double_click_cannot_decide_for_the_next_player(qtbot, play_window):
    """After a chip choice the next decision is the other player's: until they take the seat,
    a second click on the panel (where their buttons now are) decides nothing."""
    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "choose_first")
    c.confirm_handover()
    qtbot.mouseClick(w.decisions.button("Take MOVE"), Qt.MouseButton.LeftButton)
    assert c.handover_to is not None and c.state.stage == "choose_second"
    theirs = w.decisions.button("Take COMBAT")
    assert theirs is not None and not theirs.isEnabled()
    assert "Hand the board over" in theirs.toolTip()
    qtbot.mouseClick(theirs, Qt.MouseButton.LeftButton)
    assert c.state.held is None and c.state.stage == "choose_second"
    assert not w.end_phase_action.isEnabled()
    qtbot.mouseClick(w.handover, Qt.MouseButton.LeftButton)
    theirs = w.decisions.button("Take COMBAT")
    assert theirs.isEnabled()
    qtbot.mouseClick(theirs, Qt.MouseButton.LeftButton)
    assert c.state.held == "combat"


def test_the_commit_button_waits_for_the_hand_over(qtbot, play_window):
    from bofa_studio.rules.bofa1984 import actions as A

    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "combat" and any(isinstance(a, A.Attack) for a in c.legal()), seed=2)
    attack = next(a for a in c.legal() if isinstance(a, A.Attack))
    c.handover_to = c.decider()
    c.selection, c.target = attack.attackers, attack.target
    c._changed()
    assert w.decisions.commit.isVisible() and not w.decisions.commit.isEnabled()
    qtbot.mouseClick(w.handover, Qt.MouseButton.LeftButton)
    assert w.decisions.commit.isEnabled()


def test_end_the_phase_is_offered_only_when_it_would_be_taken(qtbot, play_window):
    """Ctrl+E (Edit > End the phase) is greyed out at setup and during chip choices, where
    the engine would refuse it, and in a move phase it ends the phase."""
    w, c = play_window, play_window.controller
    assert c.state.stage == "setup" and not w.end_phase_action.isEnabled()
    play_until(c, lambda c: c.state.stage == "choose_first")
    c.confirm_handover()
    assert not w.end_phase_action.isEnabled()
    play_until(c, lambda c: c.state.stage == "move")
    c.confirm_handover()
    assert w.end_phase_action.isEnabled()
    phase = c.state.phase_no
    w.end_phase_action.trigger()
    assert c.state.phase_no != phase or c.state.stage != "move"


def test_end_the_phase_does_nothing_to_the_game_behind_a_replay(qtbot, play_window):
    """While replaying, the board shows an old position: Ctrl+E must not end the live phase
    unseen."""
    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "move")
    c.confirm_handover()
    n = len(c.session.log)
    w.replay_action.trigger()
    assert not w.end_phase_action.isEnabled()
    w.end_phase_action.trigger()
    assert len(c.session.log) == n
    qtbot.mouseClick(w.replay_bar.findChildren(type(w.handover))[-1], Qt.MouseButton.LeftButton)
    assert c.replay is None and w.end_phase_action.isEnabled()


WON = {"winner": "free_peoples", "level": "tactical", "score": {"free_peoples": 3, "dark": 1},
       "control": {"victory.dale": "free_peoples", "victory.summit": "dark"},
       "summary": "free_peoples tactical victory"}


def test_the_end_screen_names_the_winner_in_words():
    from bofa_studio.play.controller import PlayController
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.ui.play.dialogs import end_text

    c = PlayController.new_game(default_scenario_path(), seed=7)
    text = end_text(c, WON)
    assert "<h2>Free Peoples tactical victory</h2>" in text and "free_peoples" not in text
    assert "<h2>Draw</h2>" in end_text(c, {"winner": None, "level": "draw", "summary": "draw"})


def test_the_banner_and_the_log_name_the_winner_in_words(qtbot, play_window, monkeypatch):
    from bofa_studio.play.controller import PlayController

    c = play_window.controller
    monkeypatch.setattr(PlayController, "is_over", property(lambda self: True))
    monkeypatch.setattr(c, "result", lambda: WON)
    c._changed()
    assert play_window.banner.text() == "Game over: Free Peoples tactical victory"
    assert "#2f6db5" in play_window.banner.styleSheet()  # the winner's colour
    # The log's last line is the engine's own words (tests/rules/test_sequence.py checks them).


def _own_hex(c, pred):
    side = c.decider()
    for cid in c.state.pos:
        h = c.hex_of(cid)
        own = [x for x in c.stack(h) if c.game.side_of[x] == side]
        if c.game.side_of[cid] == side and len(own) == len(c.stack(h)) and pred(own):
            return h, own
    return None


def test_a_click_on_a_counter_that_already_moved_says_so(qtbot, play_window):
    from tests.ui.play.conftest import click_hex

    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "move" and _own_hex(c, lambda own: all(x in c.state.moved
                                                                                    for x in own)), seed=3)
    c.confirm_handover()
    h, own = _own_hex(c, lambda own: all(x in c.state.moved for x in own))
    click_hex(qtbot, w, h)
    assert c.refusal is not None and c.refusal.rule == "B-6"
    assert "already moved this phase" in c.refusal.reason
    assert c.game.specs[own[0]].name in w.decisions.refusal.text()


def test_a_click_on_a_counter_without_a_bow_in_the_fire_phase_says_why(qtbot, play_window):
    from tests.ui.play.conftest import click_hex

    w, c = play_window, play_window.controller

    def no_bow(own):
        return not any(c.game.specs[x].is_archer for x in own)

    play_until(c, lambda c: c.state.stage == "fire" and _own_hex(c, no_bow), seed=4)
    c.confirm_handover()
    h, own = _own_hex(c, no_bow)
    click_hex(qtbot, w, h)
    assert c.selection == ()
    assert c.refusal is not None and c.refusal.rule == "B-8" and "only be made by archers" in c.refusal.reason
    # A click on archers that can still shoot selects them and clears the complaint.
    archer = next((x for x in c.state.pos if c.game.side_of[x] == c.decider() and c.game.specs[x].is_archer
                   and x not in c.state.fired and _own_hex(c, lambda own, x=x: x in own)), None)
    if archer is not None:
        click_hex(qtbot, w, c.hex_of(archer))
        assert archer in c.selection and c.refusal is None and w.decisions.refusal.text() == ""


def test_the_fire_preview_shows_how_range_makes_the_strength(qtbot, play_window):
    """B-8: 'Fire strength 1' from a bow of 4 is a puzzle unless the range is given."""
    from bofa_studio.hexgrid import distance
    from bofa_studio.rules.bofa1984 import actions as A
    from tests.ui.play.conftest import click_hex

    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "fire" and any(isinstance(a, A.Fire) for a in c.legal()), seed=4)
    c.confirm_handover()
    fire = next(a for a in c.legal() if isinstance(a, A.Fire))
    click_hex(qtbot, w, c.hex_of(fire.archers[0]))
    click_hex(qtbot, w, fire.target)
    text = w.decisions.odds.text()
    archer = c.game.specs[fire.archers[0]]
    d = distance(c.hex_of(fire.archers[0]), fire.target)
    assert f"{archer.name}: bow {archer.bow[c.state.steps[fire.archers[0]] - 1]} at {d} hex" in text
    assert w.decisions.commit.text() == "Fire!"


def test_the_turn_panel_and_banner_read_as_sentences(qtbot, play_window):
    """No 'phase 0 of 4' while chips are chosen, no 'Beorn (1 counters)', and the default
    seat names are not followed by their side a second time."""
    w, c = play_window, play_window.controller
    assert w.banner.text().startswith("Free Peoples player: set up")
    play_until(c, lambda c: c.state.stage == "choose_first")
    assert "phase 0" not in w.turn_panel.chips.text()
    assert "choosing chips, 4 phases to play" in w.turn_panel.chips.text()
    c.handover_to = "dark"  # the prompt as the Dark player's turn to act comes round
    c._changed()
    assert w.handover.text().startswith("Hand over to Dark player — ")
    rows = [w.tray.item(i).text() for i in range(w.tray.count())]
    assert any(r.endswith("(1 counter)") for r in rows), rows
    assert not any("(1 counters)" in r for r in rows)


def test_named_seats_keep_their_side_in_the_banner(qtbot, window_for):
    from bofa_studio.play.controller import PlayController
    from bofa_studio.play.seats import Seat
    from bofa_studio.resources import default_scenario_path

    c = PlayController.new_game(default_scenario_path(), seed=7)
    c.set_seats([Seat("Alice", "free_peoples"), Seat("Bob", "dark")])
    w = window_for(c)
    assert w.banner.text().startswith("Alice (Free Peoples): set up")


def test_the_advance_after_combat_shows_where(qtbot, play_window):
    """B-7: 'advance into the emptied hex' names it, marks it, and each button says where."""
    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "advance", seed=2)
    c.confirm_handover()
    where = c._label(c.game.hex(c.state.pending.target))
    assert f"emptied hex {where}" in w.banner.text()
    assert "play.advance" in w.scene.overlay.keys()
    advance = next(b for b in w.decisions.buttons if b.text().startswith("Advance "))
    assert advance.text().endswith(f" into {where}")
    qtbot.mouseClick(advance, Qt.MouseButton.LeftButton)
    assert c.state.stage != "advance" and "play.advance" not in w.scene.overlay.keys()


def test_the_hit_to_take_is_marked_where_it_falls(qtbot, window_for):
    """B-7: the owner choosing a loss sees which hexes it may fall in, and a click there takes it."""
    from bofa_studio.play.controller import PlayController
    from bofa_studio.resources import scenarios_dir
    from bofa_studio.rules.bofa1984 import actions as A
    from tests.ui.play.conftest import click_hex

    c = PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", seed=2)
    w = window_for(c)
    play_until(c, lambda c: c.state.stage == "loss", seed=2)  # the first choice of a loss: step 1213
    c.confirm_handover()
    options = [a for a in c.legal() if isinstance(a, A.TakeLoss)]
    hexes = {c.hex_of(a.counter) for a in options}
    assert all(c._label(h) in w.banner.text() for h in hexes)
    assert "play.loss" in w.scene.overlay.keys()
    h = next(h for h in hexes if sum(c.hex_of(a.counter) == h for a in options) == 1)
    n = len(c.session.log)
    click_hex(qtbot, w, h)
    assert len(c.session.log) == n + 1 and "play.loss" not in w.scene.overlay.keys()


def test_an_empty_reinforcement_list_is_not_shown(qtbot, window_for):
    from tests.ui.play.conftest import controller_at

    c = controller_at({"1010": ["thrak"]})
    w = window_for(c)
    assert w.tray.isVisible() and w.tray_label.text() == "Reinforcements to come"
    c.state.entered |= set(c.game.reinforcement)
    c._changed()
    assert not w.tray.isVisible() and not w.tray_label.isVisible()


def test_the_seats_choose_o2_in_the_new_game_dialog(qtbot):
    """The O-2 boxes follow 'Seats' (they were free to contradict it: a two-player game
    under the three-player rule, or a 3-player table with O-2 shown off)."""
    from bofa_studio.ui.play.dialogs import NewGameDialog

    d = NewGameDialog()
    qtbot.addWidget(d)
    three, four = d.option_boxes["o2_three_players"], d.option_boxes["o2_four_players"]
    assert not three.isChecked() and not four.isChecked() and not three.isEnabled()
    d.seats.setCurrentIndex(d.seats.findData(3))
    assert three.isChecked() and not four.isChecked()
    assert d.value().options["o2_three_players"] and len(d.value().seat_names) == 3
    d.seats.setCurrentIndex(d.seats.findData(4))
    assert four.isChecked() and not three.isChecked()
    d.scenario.setCurrentIndex((d.scenario.currentIndex() + 1) % d.scenario.count())  # boxes rebuilt
    assert d.option_boxes["o2_four_players"].isChecked()


def test_two_seats_never_start_an_o2_game():
    from bofa_studio.resources import scenarios_dir
    from bofa_studio.ui.play.dialogs import NewGame
    from bofa_studio.ui.play.window import controller_for

    c = controller_for(NewGame(str(scenarios_dir() / "bofa1984-basic.json"), 1, options={"o2_three_players": True}))
    assert not c.game.option("o2_three_players") and not c.o2


def test_the_new_game_dialog_lists_scenarios_by_name(qtbot):
    from bofa_studio.ui.play.dialogs import NewGameDialog

    d = NewGameDialog()
    qtbot.addWidget(d)
    names = [d.scenario.itemText(i) for i in range(d.scenario.count())]
    assert "The Battle of Five Armies - Standard Game (bofa1984-standard)" in names


def test_an_escape_to_a_hex_he_cannot_reach_says_where_he_may_go(qtbot, window_for):
    from bofa_studio.play.autoplay import random_actions
    from bofa_studio.play.controller import PlayController
    from bofa_studio.resources import scenarios_dir
    from tests.ui.play.conftest import click_hex

    c = PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", seed=1)
    random_actions(c, 473, seed=1)  # an S-10 escape offer (as in test_standard_gestures)
    assert c.state.stage == "escape"
    c.confirm_handover()
    w = window_for(c)
    qtbot.mouseClick(w.decisions.button("Escape"), Qt.MouseButton.LeftButton)
    far = next(h for h in (c.game.hex(i) for i in range(400)) if h not in c.escape_hexes())
    click_hex(qtbot, w, far)
    assert c.refusal is not None and c.refusal.rule == "S-10"
    assert "only the shaded hexes" in w.decisions.refusal.text()


def test_an_undo_after_a_roll_says_why_in_the_menu_and_on_ctrl_z(qtbot, play_window):
    """After a die roll Undo is refused (unless the players allowed it): the menu says so,
    instead of a silent grey item, and Ctrl+Z answers in the status bar (it did nothing and
    said nothing)."""
    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "move" and c.session.log and not c.can_undo())
    assert "die roll" in w.undo_action.text() and w.undo_action.toolTip()
    steps = len(c.session.log)
    assert w.undo_action.isEnabled()  # so that the shortcut reaches it
    w.undo_action.trigger()
    assert len(c.session.log) == steps
    assert "Cannot undo" in w.statusBar().currentMessage() and "die roll" in w.statusBar().currentMessage()
    play_until(c, lambda c: c.can_undo())
    assert w.undo_action.isEnabled() and w.undo_action.text() == "&Undo"
    w.replay_action.trigger()
    assert not w.undo_action.isEnabled() and w.undo_action.text() == "&Undo"  # the replay, not a roll


def test_the_replay_buttons_have_icons_and_say_what_they_do(qtbot, play_window):
    w, c = play_window, play_window.controller
    play_until(c, lambda c: len(c.session.log) > 5)
    w.replay_action.trigger()
    buttons = w.replay_bar.step_buttons
    assert [b.toolTip() for b in buttons] == ["The start of the game", "One step back", "One step forward",
                                              "The last step played"]
    assert all(not b.icon().isNull() and b.text() == "" for b in buttons)
    qtbot.mouseClick(buttons[3], Qt.MouseButton.LeftButton)
    assert c.replay.index == len(c.replay)
    qtbot.mouseClick(buttons[1], Qt.MouseButton.LeftButton)
    assert c.replay.index == len(c.replay) - 1


def test_the_tray_heading_says_setup_or_reinforcements(qtbot, play_window):
    w, c = play_window, play_window.controller
    assert w.tray_label.text().startswith("Counters to place (B-2)")
    play_until(c, lambda c: c.state.stage == "move" and bool(c.tray()))
    assert w.tray_label.text().startswith("Reinforcements to enter (B-5)")


def test_escape_drops_a_half_made_selection(qtbot, play_window):
    from PySide6.QtTest import QTest

    from bofa_studio.rules.bofa1984 import actions as A
    from tests.ui.play.conftest import click_hex

    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "move" and any(isinstance(a, A.Move) for a in c.legal()), seed=3)
    c.confirm_handover()
    move = next(a for a in c.legal() if isinstance(a, A.Move))
    click_hex(qtbot, w, c.hex_of(move.counters[0]))
    assert c.selection and "play.reach" in w.scene.overlay.keys()
    w.view.setFocus()
    QTest.keyClick(w.view.viewport(), Qt.Key.Key_Escape)
    assert c.selection == () and "play.reach" not in w.scene.overlay.keys()


def test_a_refused_target_reads_like_a_refusal_with_its_rule_link(qtbot, play_window):
    from bofa_studio.hexgrid import distance
    from bofa_studio.rules.bofa1984 import actions as A
    from tests.ui.play.conftest import click_hex

    w, c = play_window, play_window.controller
    play_until(c, lambda c: c.state.stage == "combat" and any(isinstance(a, A.Attack) for a in c.legal()), seed=2)
    c.confirm_handover()
    attack = next(a for a in c.legal() if isinstance(a, A.Attack))
    click_hex(qtbot, w, c.hex_of(attack.attackers[0]))
    here = c.hex_of(attack.attackers[0])
    enemy = next(x for x in c.state.pos if c.game.side_of[x] != c.decider() and distance(c.hex_of(x), here) > 1)
    click_hex(qtbot, w, c.hex_of(enemy))
    text = w.decisions.odds.text()
    assert 'Refused — <a href="B-7">B-7</a>' in text and "#b71c1c" in text
    assert not w.decisions.commit.isVisible()


def test_a_phase_that_cannot_end_over_stacked_says_which_hex(window_for):
    """B-9: "These stacking restrictions take effect only at the end of the movement phase."
    While a hex is over them the phase cannot end: the panel, the map and the greyed-out menu
    item name the hex (issue 13)."""
    from tests.ui.play.conftest import controller_at

    c = controller_at({"1016": ["azug_goblin_scimitar_1", "azug_goblin_scimitar_2"]}, player="dark", stage="move")
    w = window_for(c)
    block = c.end_phase_block()
    assert block is not None and block.rule == "B-9" and "1016" in block.reason
    assert not w.end_phase_action.isEnabled() and "not yet (B-9)" in w.end_phase_action.text()
    assert "1016" in w.end_phase_action.toolTip()
    assert any(title.startswith("B-9") and "1016" in text for title, text, _ in c.sections())
    assert "play.overstacked" in w.scene.overlay.keys()
    c.select(("azug_goblin_scimitar_2",))
    away = next(h for h in c.reach.moves if not c.stack(h))
    assert c.click(away)
    assert c.end_phase_block() is None and c.can_end_phase(), (c.state.stage, c.handover_to)
    assert w.end_phase_action.isEnabled() == (c.handover_to is None)
    assert "play.overstacked" not in w.scene.overlay.keys()
