"""O-2 seats: hand-over prompts between the engine's seats, each seat acting only for the
counters it commands, and the seats kept in the save's summary."""

from __future__ import annotations

from bofa_studio.resources import scenarios_dir
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.ui.play.dialogs import NewGame
from bofa_studio.ui.play.window import controller_for
from tests.ui.play.conftest import play_until

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def game(n: int):
    return controller_for(NewGame(str(scenarios_dir() / "bofa1984-standard.json"), 5, seat_names=NAMES[:n]))


def test_three_seats_come_from_the_engine_and_hand_over_by_name():
    c = game(3)
    assert [s.id for s in c.seats] == c.game.seats == ["free_peoples", "dark", "dark_second_wave"]
    assert [s.name for s in c.seats] == ["Alice", "Bob", "Carol"]
    assert c.active_seat == "free_peoples" and c.decider_text().startswith("Alice")
    c.auto_place()
    assert c.handover_to == "dark" and c.handover_name() == "Bob"
    c.confirm_handover()
    assert c.seats_now() == ["dark", "dark_second_wave"]
    c.switch_seat("dark_second_wave")
    assert c.handover_to == "dark" and c.handover_name() == "Carol"
    assert c.decider_text().startswith("Carol")


def test_four_seats_each_place_and_move_only_their_own_counters():
    c = game(4)
    g = c.game
    assert c.seats_now() == ["free_peoples_elves", "free_peoples_dwarves"]
    assert c.tray() and all(g.seat_of(x) == "free_peoples_elves" for x in c.tray())
    dwarf = next(x for x in g.setup_list(c.state, "free_peoples") if g.seat_of(x) == "free_peoples_dwarves")
    c.pick_tray(dwarf)
    assert c.refusal is not None and c.refusal.rule == "O-2" and "Dave" in c.refusal.reason
    c.switch_seat("free_peoples_dwarves")
    assert c.handover_name() == "Dave"
    assert all(g.seat_of(x) == "free_peoples_dwarves" for x in c.tray())
    play_until(c, lambda c: c.state.stage == "move" and c.decider() == "free_peoples", seed=5)
    c.confirm_handover()
    c._update_seat()
    mine = c.active_seat
    theirs = next(x for x in c.state.pos if g.side_of[x] == "free_peoples" and g.seat_of(x) != mine)
    c.select((theirs,))
    assert c.selection == () and c.refusal.rule == "O-2"
    # A click on a mixed hex selects only the seat's own counters.
    own = next(a for a in c.legal() if isinstance(a, A.Move) and all(g.seat_of(x) == mine for x in a.counters))
    c.select(own.counters)
    assert c.selection == own.counters and c.refusal is None


def test_a_loss_goes_to_the_seat_of_the_counter(qtbot):
    c = game(3)
    play_until(c, lambda c: c.state.stage == "loss" and c.game.current_seats(c.state) == ["dark_second_wave"],
               seed=4, limit=20000)
    assert c.active_seat == "dark_second_wave"
    assert c.decider_text().startswith("Carol")


def test_seats_are_kept_in_the_save(tmp_path):
    from bofa_studio.jsonfile import read_json_object
    from bofa_studio.play.controller import PlayController

    c = game(4)
    c.auto_place()
    path = tmp_path / "four.json"
    c.save(path)
    data = read_json_object(path)
    assert [s["name"] for s in data["seats"]] == ["Alice", "Dave", "Bob", "Carol"]
    again = PlayController.load(path)
    assert [(s.name, s.id, s.side) for s in again.seats] == [(s.name, s.id, s.side) for s in c.seats]
    assert again.seats[0].counters == c.seats[0].counters
    assert again.o2 and again.active_seat in again.seats_now()


def test_the_window_prompt_names_the_next_seat(qtbot, settings):
    from PySide6.QtCore import Qt

    from bofa_studio.ui.play.window import PlayWindow

    c = game(3)
    w = PlayWindow(c, settings=settings)
    w.show_end = lambda result, parent: None
    w.show()
    qtbot.waitExposed(w)
    try:
        c.auto_place()
        assert w.handover.isVisible() and "Bob" in w.handover.text()
        qtbot.mouseClick(w.handover, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(w.decisions.button("Pass the board to Carol"), Qt.MouseButton.LeftButton)
        assert w.handover.isVisible() and "Carol" in w.handover.text()
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def test_four_seats_auto_place_only_the_acting_seats_counters(qtbot, settings):
    """O-2: the engine's PlaceDefault sets up the whole side; with the Free Peoples split in
    two, Alice's auto-place must leave Dave's counters for Dave."""
    from PySide6.QtCore import Qt

    from bofa_studio.ui.play.window import PlayWindow

    c = game(4)
    g = c.game
    side = c.state.setup_side
    elves = [x for x in g.setup_list(c.state, side) if g.seat_of(x) == "free_peoples_elves"]
    dwarves = [x for x in g.setup_list(c.state, side) if g.seat_of(x) == "free_peoples_dwarves"]
    assert elves and dwarves
    w = PlayWindow(c, settings=settings)
    w.show_end = lambda result, parent: None
    w.show()
    qtbot.waitExposed(w)
    try:
        assert w.decisions.button("Auto-place the rest") is None
        button = w.decisions.button("Auto-place Alice's counters")
        assert button is not None
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert all(x in c.state.pos for x in elves)
        assert not any(x in c.state.pos for x in dwarves)
        for x in elves:
            if x in g.default_placement:
                assert c.state.pos[x] == g.default_placement[x]
        # Alice has nothing left to place: the board goes to Dave, who finishes the side.
        assert c.state.stage == "setup" and c.state.setup_side == side
        assert c.active_seat == "free_peoples_dwarves" and c.handover_name() == "Dave"
        assert w.handover.isVisible() and "Dave" in w.handover.text()
        qtbot.mouseClick(w.handover, Qt.MouseButton.LeftButton)
        # Only Dave's counters remain, so the engine's own PlaceDefault is offered again.
        assert w.decisions.button("Auto-place the rest") is not None
        assert c.auto_place()
        assert all(x in c.state.pos for x in dwarves)
        assert c.state.setup_side != side or c.state.stage != "setup"
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def test_four_seats_auto_place_with_nothing_left_for_the_seat_is_refused():
    c = game(4)
    c.auto_place()  # Alice's counters; the board passes to Dave
    c.confirm_handover()
    # Alice takes the board back although she has nothing left to place.
    c.switch_seat("free_peoples_elves")
    assert c.active_seat == "free_peoples_elves"
    assert not c.auto_place()
    assert c.refusal.rule == "O-2" and "Alice" in c.refusal.reason
    assert not any(label.startswith("Auto-place") for label, _ in c.buttons())
