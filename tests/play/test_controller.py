"""PlayController without widgets: setup, refusals, undo limits, odds, save and replay."""

from __future__ import annotations

import pytest

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.session import load_session
from tests.play.conftest import play_until


def test_a_new_game_starts_at_the_free_peoples_setup(controller):
    assert controller.state.stage == "setup"
    assert controller.decider() == "free_peoples"
    assert "set up" in controller.decider_text()
    assert "thranduil" in controller.tray()


def test_an_illegal_placement_is_refused_with_its_rule(controller):
    game = controller.game
    cid = controller.tray()[0]
    outside = next(game.hex(i) for i in range(len(game.cb)) if i not in game.setup_zone[cid])
    controller.pick_tray(cid)
    assert controller.click(outside) is False
    assert controller.refusal is not None and controller.refusal.rule == "B-2"
    assert "zone" in controller.refusal.reason
    inside = game.hex(sorted(game.setup_zone[cid])[0])
    assert controller.click(inside)
    assert controller.state.pos[cid] == game.idx(inside)
    assert controller.refusal is None


def test_auto_place_finishes_each_side_and_the_turn_begins(controller):
    assert controller.auto_place()
    assert controller.decider() == "dark"
    assert controller.handover_to == "dark"
    controller.confirm_handover()
    assert controller.auto_place()
    assert controller.state.stage == "choose_first"
    labels = [label for label, _ in controller.buttons()]
    assert "Take MOVE" in labels


def test_reachable_hexes_carry_their_cost_and_a_path(controller):
    play_until(controller, lambda c: c.state.stage == "move" and any(isinstance(a, A.Move) for a in c.legal()))
    move = next(a for a in controller.legal() if isinstance(a, A.Move))
    controller.select(move.counters)
    reach = controller.reach
    assert reach is not None and move.to in reach.costs
    allowance = min(controller.game.specs[c].movement[controller.state.steps[c] - 1] for c in move.counters)
    assert all(0 < cost <= allowance for cost in reach.costs.values())
    path = reach.path(controller.game, controller.state, move.to)
    assert path[0] == reach.start and path[-1] == move.to


def test_no_undo_past_a_seen_roll_unless_allowed(controller):
    play_until(controller, lambda c: isinstance(c.session.log[-1] if c.session.log else None, A.CHANCE_ACTIONS))
    assert controller.session.can_undo
    assert not controller.can_undo()
    assert "die roll" in controller.undo_block_reason()
    controller.undo_rolls = True
    n = len(controller.session.log)
    assert controller.undo()
    assert len(controller.session.log) < n
    assert all(e.at <= len(controller.session.log) for e in controller.entries)
    assert controller.redo()
    assert len(controller.session.log) == n


def test_odds_list_every_outcome_with_probabilities_summing_to_one(controller):
    play_until(controller, lambda c: c.state.stage == "combat" and any(isinstance(a, A.Attack) for a in c.legal()),
               seed=2)
    attack = next(a for a in controller.legal() if isinstance(a, A.Attack))
    controller.selection, controller.target = tuple(attack.attackers), attack.target
    odds = controller.odds()
    assert odds is not None and odds.error is None
    assert odds.kind == "attack" and odds.column
    assert sum(odds.outcomes.values()) == pytest.approx(1.0)
    assert set(odds.rolls) == set(range(1, 11))
    assert "difference" in odds.describe()


def test_save_load_and_replay_reproduce_the_game(controller, tmp_path):
    play_until(controller, lambda c: c.state.turn >= 2, seed=4)
    path = tmp_path / "game.json"
    controller.save(path)
    again = type(controller).load(path)
    assert again.session.digest() == controller.session.digest()
    assert [e.text for e in again.entries] == [e.text for e in controller.entries]
    cursor = again.start_replay(0)
    assert cursor.state.stage == "setup"
    cursor.seek(len(cursor))
    assert cursor.state.stacks == controller.state.stacks
    assert cursor.back() and cursor.forward()
    assert load_session(path).digest() == controller.session.digest()


def test_opening_a_save_replays_it_once_and_lists_what_a_replay_lists(controller, tmp_path, monkeypatch):
    """Opening checks the save by replaying its log; the log's lines come from that replay (it
    was replayed a second time for them), the same lines, numbers and sides a replay gives."""
    from bofa_studio.play.records import entries_from_events
    from bofa_studio.rules.core import CHANCE
    from bofa_studio.session import replay_log

    play_until(controller, lambda c: c.state.turn >= 2, seed=4)
    path = tmp_path / "game.json"
    controller.save(path)
    game_class = type(controller.game)
    applied = []
    real_apply = game_class.apply
    monkeypatch.setattr(game_class, "apply", lambda self, state, action: applied.append(action) or real_apply(self, state, action))
    again = type(controller).load(path)
    monkeypatch.undo()
    assert len(applied) == len(again.session.log) == len(controller.session.log)
    replayed = [e for i, (_a, side, events, _s) in enumerate(replay_log(again.game, again.session.initial, again.session.log))
                for e in entries_from_events(i + 1, events, None if side == CHANCE else side, again.roll_kinds)]
    assert again.entries == replayed and len(replayed) > 20
    # A log changed after loading is not described by the loading's replay.
    again.session.undo()
    assert type(again)(again.session).entries == [e for e in replayed if e.at <= len(again.session.log)]
