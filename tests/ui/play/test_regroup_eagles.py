"""S-3 regroup placement and the S-7 Eagles in the play window: clicks on shaded hexes,
shift-clicks and the Dark choice's buttons. The positions and the controller's side of each
gesture: tests/play/test_regroup_eagles.py."""

from __future__ import annotations

from bofa_studio.rules.bofa1984 import actions as A
from tests.play.test_regroup_eagles import eagle_over_a_goblin, eagles_on_a_goblin, regroup_position
from tests.ui.play.conftest import click_hex


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
