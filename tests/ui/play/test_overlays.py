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


def test_the_sight_line_to_a_hex_out_of_range_stops_at_the_blocking_counter(qtbot, window_for):
    """Issue 17: the line was drawn green through a blocking counter when the target was out of
    range, while the `los` command said blocked. S-8: counters in between block the line."""
    from bofa_studio.los import line_of_sight
    from tests.play.conftest import controller_at

    c = controller_at({"1016": ["elf_archer_1"], "1018": ["azug_goblin_scimitar_1"],
                       "1021": ["azug_goblin_scimitar_2"]}, player="free_peoples", stage="fire")
    w = window_for(c)
    board = c.game.board
    archer, blocker, far = board.hex_at("1016"), board.hex_at("1018"), board.hex_at("1021")
    c.click(archer)
    assert c.selection
    w.board.hover(far)  # five hexes away: beyond the elf's bow
    (result,) = w.board.los_results()
    occupied = set(c.pieces_on_map(c.state))
    assert not line_of_sight(board, archer, far, occupied).clear  # what the `los` command says
    assert not result.clear and result.blocked_by == blocker
    clear = w.scene.overlay._entries["play.los_clear"][0]
    assert not w.scene.overlay._entries["play.los_blocked"][0].isEmpty()
    # The green part ends at the blocker, not at the target.
    assert clear.boundingRect().bottom() <= w.scene.hex_center(blocker).y() + 1
