"""The main window: files, unsaved changes, recent files, view toggles, help."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from bofa_studio.board.mapfile import load_map, save_map
from bofa_studio.board.model import Terrain
from bofa_studio.hexgrid import GridSpec, LabelScheme, Orientation, Shifted
from bofa_studio.ui import dialogs
from bofa_studio.ui.map_editor.window import MainWindow
from tests.ui.conftest import hx, small_board


def paint_one(window, label="0303"):
    board = window.document.board
    window.set_tool("paint")
    window.tool.stroke_hexes([hx(board, label)])


def test_menus_and_undo_labels(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&Tools", "&Map", "&View", "&Help"]
    paint_one(window)
    assert window.undo_action.text() == "&Undo Paint mountain (1 hex)"
    window.undo_action.trigger()
    assert window.redo_action.text() == "&Redo Paint mountain (1 hex)"


def test_open_a_broken_file_shows_problems_and_keeps_the_open_map(window, tmp_path, monkeypatch):
    paint_one(window)
    before = window.document.board
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "bofa-studio.map", "version": 1, "grid": {"columns": "many"}}))
    shown = []
    monkeypatch.setattr(window, "show_problems", lambda title, summary, problems: shown.append(problems))
    assert not window.open_map(bad)
    assert shown and any("$.grid" in p for p in shown[0])
    assert window.document.board is before and window.document.is_modified()
    # Not JSON at all, and missing: the same, never a traceback.
    (tmp_path / "junk.json").write_text("{not json")
    assert not window.open_map(tmp_path / "junk.json")
    assert not window.open_map(tmp_path / "missing.json")
    assert len(shown) == 3 and "file not found" in shown[2][0]


def test_open_asks_before_unsaved_changes_are_lost(window, tmp_path, monkeypatch):
    other = tmp_path / "other.json"
    save_map(small_board(), other)
    paint_one(window)
    edited = window.document.board
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Cancel)
    assert not window.open_map(other)
    assert window.document.board is edited
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    assert window.open_map(other)
    assert window.document.board is not edited and not window.document.is_modified()
    assert window.document.undo_stack.count() == 0


def test_save_answer_saves_first(window, tmp_path, monkeypatch):
    target = tmp_path / "saved.json"
    paint_one(window)
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Save)
    monkeypatch.setattr(window, "ask_save_path", lambda *a: str(target))
    assert window.new_map(GridSpec(Orientation.POINTY, 5, 4, Shifted.ODD), "Tiny")
    assert load_map(target).terrain(load_map(target).hex_at("0303")) == Terrain.MOUNTAIN
    assert window.document.board.grid == GridSpec(Orientation.POINTY, 5, 4, Shifted.ODD)
    assert window.document.board.meta.name == "Tiny" and window.document.path is None


def test_close_with_unsaved_changes_can_be_cancelled(window, monkeypatch):
    paint_one(window)
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible()


def test_the_real_question_is_a_message_box(window, monkeypatch):
    """ask_unsaved itself goes through QMessageBox.question, which tests can patch."""
    asked = []

    def fake_question(parent, title, text, buttons, default):
        asked.append(title)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", fake_question)
    monkeypatch.undo()  # drop the fixture's guard on ask_unsaved too
    monkeypatch.setattr(QMessageBox, "question", fake_question)
    paint_one(window)
    assert window.maybe_save()
    assert asked == ["Unsaved changes"]


def test_new_map_dialog_builds_a_grid(qtbot):
    dialog = dialogs.NewMapDialog()
    qtbot.addWidget(dialog)
    dialog.columns.setValue(20)
    dialog.rows.setValue(15)
    dialog.orientation.setCurrentIndex(1)
    dialog.shifted.setCurrentIndex(1)
    assert dialog.grid() == GridSpec(Orientation.POINTY, 20, 15, Shifted.ODD)
    dialog.labels.setCurrentIndex(1)
    grid = dialog.grid()
    assert grid.labels == LabelScheme.LETTER_NUMBER and grid.label(grid.from_offset(5, 10)) == "F-11"


def test_new_map_dialog_asks_for_a_ruleset_or_none(qtbot):
    dialog = dialogs.NewMapDialog()
    qtbot.addWidget(dialog)
    assert dialog.answer().ruleset is None  # a new map owes no ruleset anything unless asked
    assert dialog.ruleset.findData("bofa1984") > 0
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("bofa1984"))
    assert dialog.answer().ruleset == "bofa1984"


@pytest.mark.parametrize("ruleset", [None, "bofa1984"])
def test_a_new_map_keeps_its_ruleset_and_is_checked_for_it(window, tmp_path, monkeypatch, ruleset):
    """Drawn with no ruleset, a fresh map has no 1984 problems; marked for bofa1984 it lists them."""
    grid = GridSpec(Orientation.FLAT, 8, 6, Shifted.EVEN)
    monkeypatch.setattr(dialogs.NewMapDialog, "ask", lambda parent: dialogs.NewMapAnswer(grid, "Fresh", ruleset))
    window.new_action.trigger()
    assert window.document.board.meta.ruleset == ruleset
    assert window.properties.ruleset.currentData() == (ruleset or "")
    paint_one(window, "0303")
    window.validation.refresh()
    found = [str(p) for p in window.validation.problems]
    if ruleset is None:
        assert found == []
    else:
        assert "map: there is no Front Gate hex (B-6)" in found
        assert "map: expected 5 victory locations (B-11), found 0: none" in found
    target = tmp_path / "fresh.json"
    monkeypatch.setattr(window, "ask_save_path", lambda *a: str(target))
    assert window.save()
    assert json.loads(target.read_text()).get("ruleset") == ruleset
    assert load_map(target).meta.ruleset == ruleset


def test_recent_files_and_geometry_persist(qtbot, tmp_path, board):
    path = tmp_path / "map.json"
    save_map(board, path)
    ini = str(tmp_path / "s.ini")
    first = MainWindow(None, None, settings=QSettings(ini, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    assert first.open_map(path)
    first.resize(640, 470)  # within the offscreen screen, so not clamped
    first.close()
    second = MainWindow(None, None, settings=QSettings(ini, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.recent_files() == [str(path.resolve())]
    assert second.size().width() == 640
    second._fill_recent_menu()
    assert str(path.resolve()) in second.recent_menu.actions()[0].text()


def test_a_recent_file_that_is_gone_is_not_offered_and_the_list_can_be_cleared(qtbot, tmp_path, board):
    path = tmp_path / "map.json"
    save_map(board, path)
    w = MainWindow(None, None, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    assert w.open_map(path)
    path.rename(tmp_path / "moved.json")
    w._fill_recent_menu()
    entry = w.recent_menu.actions()[0]
    assert "(not found)" in entry.text() and not entry.isEnabled()
    clear = next(a for a in w.recent_menu.actions() if a.text() == "&Clear the list")
    clear.trigger()
    assert w.recent_files() == []
    w._fill_recent_menu()
    assert [a.text() for a in w.recent_menu.actions()] == ["(none)"]


def test_view_toggles_change_the_scene(window):
    for key, action in window.display_actions.items():
        before = getattr(window.scene.display, key)
        action.trigger()
        assert getattr(window.scene.display, key) is (not before)


def test_zoom_actions(window):
    window.fit_action.trigger()
    scale = window.view.current_scale()
    window.zoom_in_action.trigger()
    assert window.view.current_scale() > scale
    window.zoom_out_action.trigger()
    window.zoom_out_action.trigger()
    assert window.view.current_scale() < scale


def test_exports(window, tmp_path):
    assert window.export_png(tmp_path / "map.png")
    assert (tmp_path / "map.png").stat().st_size > 1000
    assert window.export_graphml(tmp_path / "map.graphml")
    assert "<graphml" in (tmp_path / "map.graphml").read_text()


def test_rulebook_viewer_searches(window, monkeypatch, tmp_path):
    book = tmp_path / "rules.txt"
    book.write_text("B-1 intro\nS-8 LINE OF SIGHT\nmore text\n")
    monkeypatch.setattr("bofa_studio.ui.help_menu.find_rulebook", lambda: book)
    viewer = window.show_rulebook()
    viewer.search.setText("line of sight")
    assert viewer.find_next()
    assert viewer.text.textCursor().selectedText() == "LINE OF SIGHT"
    viewer.search.setText("no such words")
    assert not viewer.find_next()
    viewer.close()


def test_rulebook_missing_says_so(window, monkeypatch):
    said = []
    monkeypatch.setattr("bofa_studio.ui.help_menu.find_rulebook", lambda: None)
    monkeypatch.setattr(window, "show_error", lambda title, text: said.append(title))
    assert window.show_rulebook() is None
    assert said == ["Rulebook not found"]


def test_find_rulebook_in_a_checkout():
    path = dialogs.find_rulebook()
    if path is None:
        pytest.skip("no ../shared/rulebooks beside this checkout")
    assert path.name == "bofa-1984-rulebook.txt"


def test_view_zooms_with_wheel_and_keys(window, qtbot):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    view = window.view
    view.fit()
    scale = view.current_scale()
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(
        centre, view.mapToGlobal(centre.toPoint()), QPoint(), QPoint(0, 240),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.current_scale() > scale * 1.3
    assert view.map_scene.draft  # moving: a draft until the camera settles
    qtbot.waitUntil(lambda: not view.map_scene.draft, timeout=2000)
    qtbot.keyClick(view, Qt.Key.Key_0)
    after_key = view.current_scale()
    # Compare with a fit made now: under load the window may finish its layout
    # (docks, scroll bars) while the camera settles, which changes the fit.
    view.fit()
    assert abs(after_key / view.current_scale() - 1) < 0.03
    assert after_key < scale * 1.3
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.current_scale() < scale


def test_save_never_overwrites_the_shipped_map(qtbot, settings, tmp_path, monkeypatch):
    """Ctrl+S on the map `bofa-studio` opens by default used to rewrite the shipped 1984 map."""
    from bofa_studio.resources import default_map_path
    from bofa_studio.ui.map_editor import window as main_window

    # A copy stands in for the app's maps/ folder, so a failure cannot touch the real one.
    (tmp_path / "maps").mkdir()
    shipped = tmp_path / "maps" / default_map_path().name
    shipped.write_bytes(default_map_path().read_bytes())
    monkeypatch.setattr(main_window, "maps_dir", lambda: tmp_path / "maps", raising=False)
    before = shipped.read_bytes()
    w = MainWindow(load_map(shipped), str(shipped), settings=settings)
    qtbot.addWidget(w)
    asked = []
    monkeypatch.setattr(w, "ask_save_path", lambda *a: asked.append(a) or str(tmp_path / "variant.json"))
    w.set_tool("paint")
    w.tool.stroke_hexes([w.document.board.hex_at("1620")])
    assert w.save()
    assert asked, "Save must ask where to put the variant"
    assert shipped.read_bytes() == before
    assert w.document.path == tmp_path / "variant.json" and not w.document.is_modified()
    assert load_map(tmp_path / "variant.json").terrain(w.document.board.hex_at("1620")) == Terrain.MOUNTAIN
    w.set_tool("paint")
    w.tool.stroke_hexes([w.document.board.hex_at("1621")])
    asked.clear()
    assert w.save() and not asked  # the variant is the author's: saved in place
