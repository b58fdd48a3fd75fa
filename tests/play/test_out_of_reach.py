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
        state.stacks.setdefault(i, []).append(cid)
    reason = _refusal_moving(c, "2020", "2022")
    assert reason.startswith("enemy counters are in the way: 2022")
