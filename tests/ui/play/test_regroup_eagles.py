"""S-3 regroup placement (a move next door, or an S-1 shift to make room) and the S-7
Dark choice to ground Eagles, on positions built directly on the 1984 map."""

from __future__ import annotations

from bofa_studio.rules.bofa1984 import actions as A
from tests.ui.play.conftest import click_hex, controller_at

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


def test_clicking_a_shaded_hex_places_the_regrouped_counter(qtbot, settings):
    from bofa_studio.ui.play.window import PlayWindow

    c = regroup_position(crowded=False)
    cid = c.state.regroup_place
    shaded = c.regroup_hexes()
    assert len(shaded) == 6 and "S-3" in c.stage_text()
    w = PlayWindow(c, settings=settings)
    w.show_end = lambda result, parent: None
    w.show()
    qtbot.waitExposed(w)
    try:
        assert "play.pick" in w.scene.overlay.keys()
        # A hex that is not shaded is refused with its reason; the counter stays.
        click_hex(qtbot, w, c.game.cb.board.hex_at("1010"))
        assert c.state.stage == "regroup_place"
        to = shaded[0]
        click_hex(qtbot, w, to)
        assert c.state.pos[cid] == c.game.idx(to)
        assert c.state.stage != "regroup_place"
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


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


def test_shift_click_moves_an_eagle_onto_a_dive_target_without_diving(qtbot, settings):
    from PySide6.QtCore import Qt

    from bofa_studio.ui.play.window import PlayWindow

    c, target = eagle_over_a_goblin()
    w = PlayWindow(c, settings=settings)
    w.show_end = lambda result, parent: None
    w.show()
    qtbot.waitExposed(w)
    try:
        c.select(("giant_eagle_1",))
        w.view.centerOn(w.scene.hex_center(target))
        pos = w.view.mapFromScene(w.scene.hex_center(target))
        qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, pos)
        assert c.state.pos["giant_eagle_1"] == c.game.idx(target)
        assert "giant_eagle_1" not in c.state.dived
        assert not any(e.kind in ("dive_hit", "dive_miss") for e in c.entries)
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def test_a_clicked_dive_target_offers_moving_there_without_diving(qtbot, settings):
    from PySide6.QtCore import Qt

    from bofa_studio.ui.play.window import PlayWindow

    c, target = eagle_over_a_goblin()
    w = PlayWindow(c, settings=settings)
    w.show_end = lambda result, parent: None
    w.show()
    qtbot.waitExposed(w)
    try:
        c.select(("giant_eagle_1",))
        click_hex(qtbot, w, target)
        assert isinstance(c.armed, A.Dive) and "Shift+click" in c.message
        button = w.decisions.button("Move to 0101 without diving")
        assert button is not None
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert c.state.pos["giant_eagle_1"] == c.game.idx(target)
        assert "giant_eagle_1" not in c.state.dived and c.armed is None
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def test_move_without_diving_needs_an_armed_dive():
    c, _ = eagle_over_a_goblin()
    assert not c.move_without_diving()
    assert c.refusal.rule == "S-7"


def eagles_on_a_goblin():
    c = controller_at({"1010": ["azug_goblin_scimitar_1", "giant_eagle_1"]}, player="free_peoples", stage="combat")
    assert c.state.stage == "ground_eagles" and c.decider() == "dark"
    return c


def ground_eagles_window(qtbot, settings, c):
    from bofa_studio.ui.play.window import PlayWindow

    w = PlayWindow(c, settings=settings)
    w.show_end = lambda result, parent: None
    w.show()
    qtbot.waitExposed(w)
    return w


def test_ground_eagles_is_a_clear_decision_with_its_hex_shaded(qtbot, settings):
    c = eagles_on_a_goblin()
    here = c.game.cb.board.hex_at("1010")
    w = ground_eagles_window(qtbot, settings, c)
    try:
        assert "Giant Eagles lie on your counters in 1010" in c.decider_text()
        assert c.ground_eagle_hexes() == [here]
        assert "play.pick" in w.scene.overlay.keys()
        assert not w.board.labels["eagles"].path().isEmpty()
        titles = [t for t, _, _ in c.sections()]
        assert "S-7 Giant Eagles and skirmishes" in titles
        text = next(text for t, text, _ in c.sections() if t.startswith("S-7 Giant"))
        assert "1010" in text and "Giant Eagle" in text
        assert w.decisions.button("Skirmish with the Eagles in 1010") is not None
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def test_the_dark_answer_leave_them_in_the_air_is_applied(qtbot, settings):
    from PySide6.QtCore import Qt

    c = eagles_on_a_goblin()
    w = ground_eagles_window(qtbot, settings, c)
    try:
        qtbot.mouseClick(w.decisions.button("Leave the Eagles over 1010 in the air"), Qt.MouseButton.LeftButton)
        assert isinstance(c.session.log[-1], A.GroundEagles) and c.session.log[-1].skirmish is False
        assert c.state.stage == "combat" and not c.state.grounded
        assert not any(isinstance(a, A.Skirmish) for a in c.legal())
        assert w.board.labels["eagles"].path().isEmpty()
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()


def test_the_dark_answer_skirmish_grounds_the_eagles(qtbot, settings):
    from PySide6.QtCore import Qt

    c = eagles_on_a_goblin()
    w = ground_eagles_window(qtbot, settings, c)
    try:
        qtbot.mouseClick(w.decisions.button("Skirmish with the Eagles in 1010"), Qt.MouseButton.LeftButton)
        assert c.state.grounded == {"giant_eagle_1": c.game.idx(c.game.cb.board.hex_at("1010"))}
        assert any(isinstance(a, A.Skirmish) for a in c.legal())
    finally:
        w._autosave.stop()
        w.close()
        w.deleteLater()
