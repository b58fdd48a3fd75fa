"""A click computes only what the click needs (issue 17, item 6): the legal actions of a
position are listed once, however many selections, hovers and clears follow; only an
action, an undo or a redo lists them again."""

from __future__ import annotations

from pathlib import Path

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
