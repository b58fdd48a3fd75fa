"""A move out of reach says which (issue 17: the refusal read "out of reach (movement value,
terrain or enemy counters)", never which). B-6: "Only the movement value or terrain properties
can restrict this." "Cliff hexes cannot be reached from the ground by counters." "Most counters
control only the hex they are currently in (which means that enemy counters cannot move
through them)." """

from __future__ import annotations

from tests.play.conftest import controller_at

ELVES = ["elf_spearman_1", "elf_spearman_2", "elf_spearman_3", "elf_spearman_4", "elf_spearman_5", "elf_spearman_6"]


def _refusal_moving(c, start: str, to: str) -> str:
    board = c.game.board
    c.click(board.hex_at(start))
    assert c.selection, "the counter was not selected"
    c.click(board.hex_at(to))
    assert c.refusal is not None and c.refusal.rule == "B-6"
    return c.refusal.reason


def test_too_far_names_the_cost_and_the_movement_value():
    c = controller_at({"2012": ["azug_goblin_scimitar_1"]})
    reason = _refusal_moving(c, "2012", "2022")  # ten plain hexes south
    assert reason == "2022 costs 10 movement points by the cheapest way, and Goblin Scimitar 1 (azug) has a movement value of 5"


def test_a_cliff_is_out_of_reach_for_its_terrain():
    c = controller_at({"1504": ["azug_goblin_scimitar_1"]})
    reason = _refusal_moving(c, "1504", "1605")
    assert reason.startswith("1605 cannot be reached over the terrain")


def test_a_ring_of_enemies_is_what_stops_the_move():
    # The goblin stands on 2020 with an Elf in each of its six neighbours; 2022 is two plain
    # hexes away, well within its 5 movement points, but only through the Elves' hexes.
    c = controller_at({"2020": ["azug_goblin_scimitar_1"]})
    board, g = c.game.board, c.game
    around = sorted(board.neighbors(board.hex_at("2020")))
    state = c.state
    for cid, h in zip(ELVES, around, strict=True):
        i = g.idx(h)
        state.pos[cid] = i
        state.stacks[i] = (*state.stacks.get(i, ()), cid)
    reason = _refusal_moving(c, "2020", "2022")
    assert reason.startswith("enemy counters are in the way: 2022")


def test_a_friendly_hex_left_unshaded_by_the_stacking_limit_says_so():
    """B-9: "At most 2 counters may be in the same hex (one counter of full combat strength and
    one leader counter or character counter per hex). These restrictions apply only at the end
    of the movement phase." The goblin in 2014 has moved, so it cannot make room: 2014 is left
    out of the reach, and marked full (issue 17: the limit was never named)."""
    c = controller_at({"2012": ["azug_goblin_scimitar_1"], "2014": ["azug_goblin_scimitar_2"]})
    board = c.game.board
    c.state.moved.add("azug_goblin_scimitar_2")
    c.click(board.hex_at("2012"))
    assert c.reach is not None and board.hex_at("2013") in c.reach.costs
    assert board.hex_at("2014") not in c.reach.costs
    marks = {m.key: m for m in c.marks()}
    assert marks["stacking_full"].hexes == (board.hex_at("2014"),)
    assert marks["stacking_full"].tags == {board.hex_at("2014"): "full (B-9)"}
