"""O-2 (rulebook O-2, "Rules for Multiple Players"): with three or four seats the
controller itself refuses an action from a seat that does not decide now or does not
command the counters it puts to work, whoever calls ``act`` (not only the window's
gestures). Random play acts as the seat that commands each action, and the game it
plays replays and reloads."""

from __future__ import annotations

import pytest

from bofa_studio.play.autoplay import random_actions
from bofa_studio.resources import scenarios_dir
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.present import engine_seats
from bofa_studio.session import state_digest
from bofa_studio.ui.play.dialogs import NewGame
from bofa_studio.ui.play.window import controller_for
from tests.ui.play.conftest import controller_at

NAMES = ["Alice", "Bob", "Carol", "Dave"]  # Alice: Elves; Bob: Dark; Carol: Second Wave; Dave: Dwarves


def seated(where, n: int, **kwargs):
    option = "o2_four_players" if n == 4 else "o2_three_players"
    c = controller_at(where, **kwargs, **{option: True})
    c.set_seats(engine_seats(c.game, NAMES[:n]))
    return c


def hexat(c, label):
    return c.game.cb.board.hex_at(label)


def unchanged(c, before_log: int, before_pos: dict) -> bool:
    return len(c.session.log) == before_log and dict(c.state.pos) == before_pos


def test_a_move_by_a_seat_that_does_not_command_the_counter_is_refused():
    c = seated({"1010": ["elf_archer_1"], "1014": ["man_spearman_1"], "2020": ["azug_goblin_scimitar_1"]},
               4, player="free_peoples")
    assert c.active_seat == "free_peoples_elves"
    move = next(a for a in c.legal() if isinstance(a, A.Move) and a.counters == ("man_spearman_1",))
    log, pos = len(c.session.log), dict(c.state.pos)
    assert not c.act(move)  # Alice is at the board; the Men are Dave's
    assert c.refusal.rule == "O-2"
    assert "commanded by Dave, not Alice" in c.refusal.reason
    assert unchanged(c, log, pos)
    assert c.seat_for(move) == "free_peoples_dwarves"
    assert c.act(move, seat="free_peoples_dwarves")
    assert c.state.pos["man_spearman_1"] == c.game.idx(move.to)
    assert c.active_seat == "free_peoples_dwarves"  # the seat that acted has the board


def test_a_seat_that_does_not_decide_now_is_refused():
    c = seated({"1010": ["elf_archer_1"], "2020": ["azug_goblin_scimitar_1"]}, 4, player="free_peoples")
    move = next(a for a in c.legal() if isinstance(a, A.Move) and a.counters == ("elf_archer_1",))
    log, pos = len(c.session.log), dict(c.state.pos)
    assert not c.act(move, seat="dark")
    assert c.refusal.rule == "O-2" and c.refusal.reason.startswith("Bob does not decide now")
    assert not c.act(A.EndPhase(), seat="dark_second_wave")
    assert c.refusal.rule == "O-2" and "Carol" in c.refusal.reason
    assert unchanged(c, log, pos)
    assert c.act(A.EndPhase(), seat="free_peoples_dwarves")  # a phase decision: either Free Peoples seat


def test_an_action_with_two_seats_counters_has_no_seat():
    c = seated({"1010": ["elf_archer_1"], "1011": ["man_archer_1"], "2020": ["azug_goblin_scimitar_1"]},
               4, player="free_peoples", stage="fire")
    shot = A.Fire(("elf_archer_1", "man_archer_1"), hexat(c, "2020"))
    assert c.seat_for(shot) is None
    for seat in ("free_peoples_elves", "free_peoples_dwarves"):
        assert not c.act(shot, seat=seat)
        assert c.refusal.rule == "O-2"
    assert not c.state.fired


def test_the_spell_belongs_to_gandalfs_seat():
    c = seated({"1010": ["gandalf"], "1014": ["man_archer_1"], "1016": ["azug_goblin_scimitar_1"]},
               4, player="free_peoples", stage="fire")
    spell = next(a for a in c.legal() if isinstance(a, A.CastSpell) and a.spell == "push_back")
    assert not c.act(spell, seat="free_peoples_dwarves")
    assert c.refusal.rule == "O-2" and "Gandalf is commanded by Alice, not Dave" in c.refusal.reason
    assert not c.state.spell_tried
    assert c.act(spell, seat="free_peoples_elves") and c.state.spell_tried


def test_three_seats_second_wave_goblins_are_carols():
    c = seated({"1010": ["gurash_goblin_scimitar_1"], "1014": ["azug_goblin_scimitar_1"],
                "2020": ["elf_archer_1"]}, 3)
    assert c.seats_now() == ["dark", "dark_second_wave"] and c.active_seat == "dark"
    move = next(a for a in c.legal() if isinstance(a, A.Move) and a.counters == ("gurash_goblin_scimitar_1",))
    assert not c.act(move)
    assert c.refusal.rule == "O-2" and "commanded by Carol, not Bob" in c.refusal.reason
    assert c.act(move, seat="dark_second_wave")


def test_the_engines_whole_side_setup_is_refused_while_another_seat_has_counters_to_place():
    c = controller_for(NewGame(str(scenarios_dir() / "bofa1984-standard.json"), 5, seat_names=NAMES))
    assert c.seats_now() == ["free_peoples_elves", "free_peoples_dwarves"]
    assert not c.act(A.PlaceDefault())
    assert c.refusal.rule == "O-2" and "Dave's counters" in c.refusal.reason
    assert not c.state.pos and not c.session.log
    assert c.auto_place()  # Alice's own, one Place each: the O-2 way to use the scenario setup
    assert c.active_seat == "free_peoples_dwarves"
    assert c.act(A.PlaceDefault())  # only Dave's left: the engine's own is his to use


def test_two_seats_are_not_checked():
    c = controller_at({"1010": ["elf_archer_1"], "1014": ["man_spearman_1"], "2020": ["azug_goblin_scimitar_1"]},
                      player="free_peoples")
    assert not c.o2 and c.seat_for(A.EndPhase()) is None
    move = next(a for a in c.legal() if isinstance(a, A.Move) and a.counters == ("man_spearman_1",))
    assert c.act(move)


@pytest.mark.parametrize("n", [3, 4])
def test_random_play_acts_as_the_commanding_seat_and_replays(n, tmp_path):
    from bofa_studio.play.controller import PlayController

    c = controller_for(NewGame(str(scenarios_dir() / "bofa1984-standard.json"), 11, seat_names=NAMES[:n]))
    assert random_actions(c, 900, seed=11) == 900 or c.is_over
    g = c.game
    acted: set[str] = set()
    for action in c.session.log:
        counters = c.acting_pieces(action)
        if counters and not isinstance(action, A.CastSpell):
            seats = {g.seat_of(x) for x in counters}
            assert len(seats) == 1, f"{action} was taken by two seats' counters"
            acted |= seats
    assert acted == set(g.seats)  # every seat played its own counters
    cursor = c.start_replay(len(c.session.log))
    assert state_digest(g, cursor.state) == state_digest(g, c.state)
    c.stop_replay()
    path = tmp_path / "o2.json"
    c.save(path)
    again = PlayController.load(path)
    assert state_digest(again.game, again.state) == state_digest(g, c.state)
    assert [s.id for s in again.seats] == g.seats
