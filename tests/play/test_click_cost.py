"""A click computes only what the click needs (issue 17, item 6): the legal actions of a
position are listed once, however many selections, hovers and clears follow; only an
action, an undo or a redo lists them again."""

from __future__ import annotations

from pathlib import Path

import pytest

from bofa_studio.play.autoplay import random_actions
from bofa_studio.play.controller import PlayController

BASIC = Path(__file__).resolve().parents[2] / "scenarios" / "bofa1984-basic.json"


def test_selections_reuse_the_positions_legal_actions():
    c = PlayController.new_game(BASIC, 2)
    random_actions(c, 400, seed=4)
    while c.state.stage != "move":
        random_actions(c, 1, seed=5)
    listed = []
    real = c.game.legal_actions
    c.game.legal_actions = lambda state: listed.append(1) or real(state)
    c.legal()
    assert listed == [1]
    movers = [cid for cid, _ in sorted(c.state.pos.items())
              if c.game.side_of[cid] == c.decider() and cid not in c.state.moved][:5]
    for cid in movers:
        c.select((cid,))
        assert c.reach is not None
        c.clear_selection()
    assert listed == [1]  # five selections, not one listing each
    move = next(a for a in c.legal() if type(a).__name__ == "Move")
    assert c.act(move)
    c.legal()
    assert listed == [1, 1]  # the position changed: listed again, once
    c.undo()
    c.legal()
    c.legal()
    assert listed == [1, 1, 1]


def test_the_decision_panel_of_a_move_phase_lists_no_moves():
    """After each action the panel asks which buttons to show. In a MOVE phase the only one is
    "End the phase" (B-6; B-9 and O-5 can withhold it): moves, entries and dives are map
    gestures, so the panel must not wait for every move to be listed (50 ms in a Standard Game)."""
    c = PlayController.new_game(BASIC, 2)
    random_actions(c, 400, seed=4)
    seen = set()
    for step in range(300):
        if c.state.stage == "move" and c.decider() is not None:
            listed = [a for a in c.game.legal_actions(c.state) if type(a).__name__ == "EndPhase"]
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(c.game, "move_actions", lambda state: pytest.fail("the panel listed every move"))
                buttons = [action for _, action in c.buttons()]
                can_end = c.can_end_phase()
            assert buttons == listed
            assert can_end == bool(listed)
            seen.add(bool(listed))
        random_actions(c, 1, seed=100 + step)
    assert seen == {True, False}  # both a phase that may end and one that may not were seen
