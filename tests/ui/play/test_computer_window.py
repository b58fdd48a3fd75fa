"""The play window against the computer (issue 16, item 3): the New game dialog offers
Human or Computer per seat; the computer thinks without freezing the window, shows its
progress with a Stop button, plays its actions onto the map and the log, and Ctrl+Z takes
back to the person's last decision."""

from __future__ import annotations

import gc

from bofa_studio.play.controller import PlayController
from bofa_studio.play.seats import Seat
from bofa_studio.ui import collector


def _place_default(c) -> None:
    c.act(next(a for a in c.legal() if type(a).__name__ == "PlaceDefault"))


def test_the_new_game_dialog_seats_the_computer(qtbot, scenario):
    from bofa_studio.ui.play.dialogs import NewGameDialog
    from bofa_studio.ui.play.window import controller_for

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.players[1].setCurrentIndex(dialog.players[1].findData("normal"))
    choice = dialog.value()
    assert choice.seat_computers == ["", "normal"] and choice.seat_names[1] == "Computer (normal)"
    c = controller_for(choice)
    assert [(s.side, s.computer) for s in c.seats] == [("free_peoples", ""), ("dark", "normal")]
    # A name the player typed is kept whoever plays the seat.
    dialog.names[0].clear()
    qtbot.keyClicks(dialog.names[0], "Ann")
    dialog.players[0].setCurrentIndex(dialog.players[0].findData("easy"))
    assert dialog.value().seat_names[0] == "Ann"
    # O-2 splits a side between seats: every seat is then a person's.
    dialog.seats.setCurrentIndex(dialog.seats.findData(3))
    assert not dialog.players[1].isEnabled() and dialog.value().seat_computers == ["", "", ""]


def test_the_computer_plays_its_turn_in_the_window_and_undo_takes_it_back(qtbot, window_for, scenario, settings):
    settings.setValue("play/computer_speed", "fast")
    c = PlayController.new_game(scenario, seed=3)
    c.set_seats([Seat("Ann", "free_peoples"), Seat("Computer (easy)", "dark", computer="easy")])
    w = window_for(c)
    assert w.board.enabled and not w.turns.stop_button.isVisible()
    _place_default(c)  # Ann's set-up; now the computer's
    # The board, the decision buttons and Ctrl+E wait for the computer; the banner says so.
    assert not w.board.enabled and not w.decisions.isEnabled() and not w.end_phase_action.isEnabled()
    assert w.banner.text().startswith("Computer (easy) (Dark) is deciding")
    qtbot.waitUntil(lambda: w.turns.stop_button.isVisible(), timeout=10_000)
    assert "is thinking" in w.turns.label.text()
    # While it thinks, Python's collector cannot run in its thread and free the window's
    # objects there (a crash seen in this test): see bofa_studio.ui.collector.
    assert collector.holds() == 1 and not gc.isenabled()
    w.turns.stop_button.click()  # plays the best found so far
    qtbot.waitUntil(lambda: c.decider() == "free_peoples" and not w.turns.busy, timeout=60_000)
    qtbot.waitUntil(lambda: collector.holds() == 0, timeout=10_000)
    assert gc.isenabled()
    assert w.board.enabled and w.decisions.isEnabled() and not w.turns.stop_button.isVisible()
    assert any(e.side == "dark" for e in c.entries)  # its moves are in the log
    assert c.handover_to is None  # nobody to hand the board to
    w.undo_action.trigger()
    assert c.session.log == [] and c.decider() == "free_peoples"
