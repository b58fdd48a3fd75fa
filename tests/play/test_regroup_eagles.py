"""S-3 regroup placement (a move next door, or an S-1 shift to make room) and the S-7
Eagles (a dive armed or not, the Dark choice to ground them), headless, on positions built
directly on the 1984 map. The window's clicks: tests/ui/play/test_regroup_eagles.py."""

from __future__ import annotations

from bofa_studio.rules.bofa1984 import actions as A
from tests.play.conftest import controller_at

REGROUPED = ("dwarf_axeman_1", "dwarf_axeman_2")


FULL = ["dwarf_axeman_3", "dwarf_axeman_4", "dwarf_axeman_5", "dwarf_axeman_6", "dwarf_spearman_1",
        "dwarf_spearman_2"]


def regroup_position(crowded: bool):
    """Two reduced axemen in 1010; one regroups (a roll of 1) and no longer fits. ``crowded``
    fills every neighbour with a full-strength counter, so only S-1 shifts are legal."""
    from bofa_studio.rules.bofa1984.sequence import begin_turn

    where = {"1010": list(REGROUPED)}
    if crowded:
        where.update({lab: [cid] for lab, cid in zip(["0910", "0911", "1009", "1011", "1110", "1111"], FULL,
                                                     strict=True)})
    c = controller_at(where, reduced=REGROUPED)
    g, s = c.game, c.state
    s.turn = 2
    begin_turn(g, s)
    g.apply(s, A.DieRoll(1))
    assert s.stage == "regroup_place"
    c.session.initial = s.copy()
    c._legal = None
    c._changed()
    return c


def hexes(c, labels):
    return [c.game.cb.board.hex_at(x) for x in labels]


def test_a_shift_is_two_clicks_on_the_map():
    """S-1: every neighbour is full; the first click picks the hex the counter moves into,
    the second where that hex's counter shifts to."""
    c = regroup_position(crowded=True)
    cid = c.state.regroup_place
    assert all(isinstance(a, A.RegroupShift) for a in c.legal())
    to, = hexes(c, ["0910"])
    assert set(c.regroup_hexes()) == set(hexes(c, ["0910", "0911", "1009", "1011", "1110", "1111"]))
    assert set(c.regroup_shift_hexes()) == set(c.regroup_hexes())
    assert not c.click(to)
    assert c.target == to and "makes room" in c.message
    assert set(c.regroup_hexes()) == set(hexes(c, ["0809", "0810", "0909"]))
    # A hex that is not a shift destination does nothing harmful.
    assert not c.click(c.game.cb.board.hex_at("1010"))
    assert c.state.stage == "regroup_place"
    shift_to, = hexes(c, ["0809"])
    assert c.click(shift_to)
    assert c.state.pos[cid] == c.game.idx(to)
    assert c.state.pos["dwarf_axeman_3"] == c.game.idx(shift_to)


def test_shifts_also_have_labelled_buttons():
    c = regroup_position(crowded=True)
    sections = {title: buttons for title, _, buttons in c.sections()}
    buttons = sections["S-3 Regrouping"]
    assert len(buttons) == 18
    label, action = buttons[0]
    assert label.startswith("Shift ") and isinstance(action, A.RegroupShift)
    assert c.act(action)


def eagle_over_a_goblin():
    """A Giant Eagle two hexes from a goblin on the mountain: the goblin's hex is both a dive
    target and a hex the Eagle may end its move in (S-7)."""
    c = controller_at({"0101": ["azug_goblin_scimitar_1"], "0103": ["giant_eagle_1"]}, player="free_peoples")
    c.select(("giant_eagle_1",))
    target = c.game.cb.board.hex_at("0101")
    assert target in c.dives() and target in c.reach.moves
    return c, target


def test_move_without_diving_needs_an_armed_dive():
    c, _ = eagle_over_a_goblin()
    assert not c.move_without_diving()
    assert c.refusal.rule == "S-7"


def eagles_on_a_goblin():
    c = controller_at({"1010": ["azug_goblin_scimitar_1", "giant_eagle_1"]}, player="free_peoples", stage="combat")
    assert c.state.stage == "ground_eagles" and c.decider() == "dark"
    return c
