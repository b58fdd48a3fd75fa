"""The turn panel's words between phases (issue 17: "phase 5 of 6" still showed after the
phase had ended)."""

from __future__ import annotations

from tests.play.conftest import play_until


def test_between_phases_the_turn_panel_says_the_phase_is_over(controller):
    c = controller
    play_until(c, lambda c: c.state.stage in ("draw", "chip") and c.state.phase_no > 0)
    n = c.state.phase_no
    first = c.status_rows()[0]
    assert f"phase {n} of" in first and f"over, phase {n + 1} next" in first


def test_during_a_phase_the_turn_panel_counts_it(controller):
    c = controller
    play_until(c, lambda c: c.state.stage == "move" and c.state.phase_no > 0)
    first = c.status_rows()[0]
    assert f"phase {c.state.phase_no} of" in first and "over" not in first
