"""The list of reinforcements still to come, in words (B-5)."""

from __future__ import annotations


def test_a_late_reinforcement_is_listed_as_due_not_as_a_past_turn():
    """B-5: reinforcements arrive on their turn, "not before"; one that has not come on by then
    still may, and the list must not read as if its turn were yet to come."""
    from tests.play.conftest import controller_at

    c = controller_at({"1606": ["thorin"], "0124": ["bolg"]}, player="free_peoples", turn=6)
    waiting = c.waiting()
    second = next(k for k in waiting if "Second Wave" in k)
    assert second.startswith("turn 4: Second Wave") and "due: enters in a Dark MOVE phase" in second
    beorn = next(k for k in waiting if "Beorn" in " ".join(c.game.specs[x].name for x in waiting[k]))
    assert beorn.startswith("turn 8") and "due" not in beorn  # still to come
