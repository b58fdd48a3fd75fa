"""Playing against the computer, headless (issue 16, item 3): a seat is Human or Computer
(level); the computer decides for its seat only, as a person's click would act; the same
seed and levels play the same game; undo takes back to the person's last decision; saves
keep which seats the computer played and at what level."""

from __future__ import annotations

from pathlib import Path

from bofa_studio.play.controller import PlayController
from bofa_studio.play.seats import Seat

ROOT = Path(__file__).resolve().parents[2]
BASIC = ROOT / "scenarios" / "bofa1984-basic.json"


def against_the_computer(seed: int = 3, level: str = "fast") -> PlayController:
    c = PlayController.new_game(BASIC, seed)
    c.set_seats([Seat("Ann", "free_peoples"), Seat("Computer", "dark", computer=level)])
    return c


def test_the_computer_acts_for_its_own_seat_only():
    c = against_the_computer()
    # B-2: the Free Peoples set up first; that is Ann's decision, not the computer's.
    assert c.decider() == "free_peoples" and c.computers.seat_to_act() is None
    assert c.computers.start() is None
    c.act(next(a for a in c.legal() if type(a).__name__ == "PlaceDefault"))
    assert c.decider() == "dark"
    assert c.computers.seat_to_act().name == "Computer"
    played = c.computers.play_until_a_person_acts()
    assert played >= 1 and c.decider() == "free_peoples"
    # Its actions are in the log as a person's are, credited to its side.
    assert any(e.side == "dark" for e in c.entries)


def test_no_hand_over_prompt_between_a_person_and_the_computer():
    c = against_the_computer()
    c.act(next(a for a in c.legal() if type(a).__name__ == "PlaceDefault"))
    c.computers.play_until_a_person_acts()
    assert c.handover_to is None


def _log_after(seed: int, decisions: int) -> list:
    c = against_the_computer(seed)
    for _ in range(decisions):
        if c.computers.seat_to_act() is None:
            legal = c.legal()
            c.act(legal[0] if type(legal[0]).__name__ != "Move" else legal[-1])
        c.computers.play_until_a_person_acts()
    return list(c.session.log)


def test_the_same_seed_and_levels_play_the_same_game():
    assert _log_after(5, 3) == _log_after(5, 3)


def test_a_decision_made_for_a_position_that_is_gone_is_not_played():
    """A person may undo (or start another game) while the computer thinks."""
    c = against_the_computer()
    c.act(next(a for a in c.legal() if type(a).__name__ == "PlaceDefault"))
    decision = c.computers.start()
    action = decision.run()
    c.undo()
    assert not c.computers.finish(decision, action)
    assert c.decider() == "free_peoples"


def test_undo_takes_back_to_the_persons_last_decision():
    c = against_the_computer()
    c.act(next(a for a in c.legal() if type(a).__name__ == "PlaceDefault"))
    c.computers.play_until_a_person_acts()
    assert len(c.session.log) > 1
    assert c.computers.undo_to_person()
    # Back before Ann's set-up: she decides again, nothing of the computer's is left.
    assert c.session.log == [] and c.decider() == "free_peoples"


def test_a_save_keeps_which_seats_the_computer_played(tmp_path):
    c = against_the_computer(level="easy")
    c.save(tmp_path / "game.json")
    again = PlayController.load(tmp_path / "game.json")
    assert [(s.side, s.computer) for s in again.seats] == [("free_peoples", ""), ("dark", "easy")]


def test_the_command_line_seats_the_computer_at_a_side():
    """``bofa-studio play SCENARIO --computer dark=normal``; a wrong side or level is named."""
    import argparse

    import pytest

    from bofa_studio.commands.play import computer_seat, seat_computers

    assert computer_seat("dark=normal") == ("dark", "normal")
    with pytest.raises(argparse.ArgumentTypeError, match="expected SIDE=LEVEL"):
        computer_seat("dark=genius")
    c = PlayController.new_game(BASIC, 1)
    assert "this game's sides are free_peoples, dark" in seat_computers(c, [("orcs", "easy")])
    assert seat_computers(c, [("dark", "normal")]) is None
    assert [(s.name, s.computer) for s in c.seats] == [("Free Peoples player", ""), ("Computer (normal)", "normal")]
