"""Small play-window defects of issue 17: "Reinforcements to come" on the game-over screen,
a replay that did not mark the action just replayed, counters too small at the whole-map zoom."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from bofa_studio.hexgrid import Hex
from bofa_studio.play.controller import PlayController
from bofa_studio.play.marks import step_marks
from bofa_studio.ui.play.window import PlayWindow
from tests.ui.play.conftest import controller_at, play_until


def test_reinforcements_to_come_leave_the_game_over_screen(qtbot, window_for, monkeypatch):
    """Issue 17: "Reinforcements to come" stayed on the game-over screen."""
    c = controller_at({"1016": ["elf_archer_1"]}, player="free_peoples", turn=2)
    w = window_for(c)
    assert c.waiting() and not c.tray()
    assert w.tray_label.isVisible() and w.tray_label.text() == "Reinforcements to come" and w.tray.count()
    monkeypatch.setattr(PlayController, "is_over", property(lambda self: True))
    monkeypatch.setattr(c, "result", lambda: {"winner": None, "level": "draw", "summary": "draw"})
    c._changed()
    assert c.waiting()  # the Second Wave never came: still nothing to come once the game is over
    assert not w.tray_label.isVisible() and not w.tray.isVisible() and w.tray.count() == 0


def test_the_marks_of_a_step_say_where_pieces_went_and_what_left():
    a, b, c = hexes = (Hex(0, 0), Hex(1, 0), Hex(2, 0))
    before = {a: ["x", "y"], c: ["z"]}
    after = {a: ["x"], b: ["y"], c: []}
    marks = {m.key: m for m in step_marks(before, after)}
    assert marks["replay.moves"].lines == ((a, b),)
    assert marks["replay.gone"].hexes == (c,)
    assert set(marks["replay.step"].hexes) == set(hexes)
    assert step_marks(before, before) == []
    # A counter turned to its reduced face is ringed though it did not move.
    assert {m.key: m.hexes for m in step_marks(before, before, ["z"])} == {"replay.step": (c,)}


def test_replay_marks_the_move_just_replayed_on_the_map(qtbot, play_window):
    """Issue 17: replay did not mark the action just replayed."""
    c = play_window.controller
    play_until(c, lambda c: c.state.stage == "move" and c.state.turn == 1 and _moves_logged(c) >= 1, seed=4)
    cursor = c.start_replay(0)
    step = next(i for i in range(1, len(cursor) + 1)
                if any(m.key == "replay.moves" for m in (cursor.seek(i) or c.replay_marks())))
    cursor.seek(step)
    before, after = cursor.states[step - 1], cursor.states[step]
    moved = [p for p in after.pos if p in before.pos and after.pos[p] != before.pos[p]]
    assert moved
    arrow = next(m for m in c.replay_marks() if m.key == "replay.moves")
    piece = moved[0]
    assert (c.hex_of(piece, before), c.hex_of(piece, after)) in arrow.lines
    c._changed()
    drawn = play_window.board.labels["replay.moves"].path()
    assert not drawn.isEmpty()
    assert drawn.boundingRect().contains(play_window.scene.hex_center(c.hex_of(piece, after)))
    # Back to the start, where nothing has been done yet: nothing marked.
    c.replay_step(-step)
    assert c.replay_marks() == [] and play_window.board.labels["replay.moves"].path().isEmpty()
    c.stop_replay()
    assert c.replay_marks() == []


def _moves_logged(c) -> int:
    return sum(1 for a in c.session.log if type(a).__name__ == "Move")


def test_counters_read_at_the_whole_map_zoom(qtbot, controller, settings):
    """Issue 17: at the whole-map zoom counters were about 20 px (now at least 28 at the window's
    first size)."""
    w = PlayWindow(controller, settings=settings)
    w.show_end = lambda result, parent: None
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    play_until(controller, lambda c: c.state.stage != "setup")
    QApplication.processEvents()
    w.view.fit()
    shown = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert shown.contains(w.scene.board_rect())  # the whole map
    h = next(iter(controller.pieces_on_map(controller.state)))
    rect = w.board.counters.counter_rects(h)[0]
    on_screen = w.view.mapFromScene(rect).boundingRect()
    assert on_screen.width() >= 28 and on_screen.height() >= 28
    w._autosave.stop()
