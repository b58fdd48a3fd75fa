"""Target overlays (issue 17, item 2) in the play window: each toggled from View, the choice
kept between games. The marks themselves: tests/play/test_target_marks.py."""

from __future__ import annotations

from tests.play.test_target_marks import archer_behind_a_friend


def test_view_menu_hides_an_overlay_and_remembers_it(qtbot, window_for, settings):
    c = archer_behind_a_friend()
    w = window_for(c)
    c.click(c.game.board.hex_at("1016"))
    assert "play.archer_range" in w.scene.overlay.keys()
    toggle = next(a for a in w.view_menu.actions() if a.objectName() == "overlay.archer_range")
    assert toggle.isChecked()
    toggle.setChecked(False)
    assert "play.archer_range" not in w.scene.overlay.keys()
    assert "play.fire_targets" not in w.scene.overlay.keys()
    # A new window (a new game, or the next session) starts with it off.
    c2 = archer_behind_a_friend()
    w2 = window_for(c2)
    c2.click(c2.game.board.hex_at("1016"))
    assert "play.archer_range" not in w2.scene.overlay.keys()
    assert not next(a for a in w2.view_menu.actions() if a.objectName() == "overlay.archer_range").isChecked()
