"""The counter inspector's data (issue 17, item 1), headless: a hex's stack top first with both
faces and the bow's reach, and counters that have acted this phase marked. The tooltip, the
Hex panel and the dimmed drawing: tests/ui/play/test_inspector.py."""

from __future__ import annotations

from bofa_studio.rules.bofa1984 import actions as A
from tests.play.conftest import controller_at


def archer_and_bard():
    return controller_at({"1016": ["man_archer_1", "bard"], "1020": ["azug_goblin_scimitar_1"]},
                         player="free_peoples")


def test_the_inspector_reads_a_stack_top_first_with_both_faces_and_the_bow_reach():
    c = archer_and_bard()
    info = c.hex_info(c.game.board.hex_at("1016"))
    assert info.title == "1016"
    assert info.terrain and "level" in info.terrain[0]
    # "Losses to stacked counters are always applied from top to bottom" (B-9): the top
    # counter is the one the player sees, so it is listed first.
    assert [p.name for p in info.pieces] == [c.game.specs["bard"].name, c.game.specs["man_archer_1"].name]
    archer = info.pieces[1]
    spec = c.game.specs["man_archer_1"]
    assert archer.side == "Free Peoples"
    assert f"full (showing): strength {spec.strength[1]}, bow {spec.bow[1]}, movement {spec.movement[1]}" \
        in archer.lines
    assert f"reduced: strength {spec.strength[0]}, bow {spec.bow[0]}, movement {spec.movement[0]}" in archer.lines
    # B-8: "An archer with a bow value of 4 can shoot at a distance of 1 hex with a strength
    # of 4, at a distance of 2 hexes with a strength of 3 ..."
    bow = spec.bow[1]
    reach = next(line for line in archer.lines if line.startswith("bow reaches"))
    assert f"{bow} at 1" in reach and f"1 at {bow}" in reach
    assert any(line.startswith("leader") for line in info.pieces[0].lines)


def test_a_counter_that_has_moved_is_dimmed_and_says_so():
    c = archer_and_bard()
    move = next(a for a in c.legal() if isinstance(a, A.Move) and a.counters == ("man_archer_1",))
    assert not c.has_acted("man_archer_1", c.state)
    assert c.act(move)
    assert c.has_acted("man_archer_1", c.state) and not c.has_acted("bard", c.state)
    piece = c.hex_info(move.to).pieces[0]
    assert piece.acted and "moved this phase" in piece.lines
