"""Fixtures for the Qt tests: small boards, and windows whose settings live in tmp."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from bofa_studio import ui  # noqa: F401  (the PySide6 refcount workaround, first)
from bofa_studio.board.model import Board, HexFeature, HexsideFeature, MapMeta, Terrain
from bofa_studio.hexgrid import GridSpec, Hex
from bofa_studio.ui.map_editor.window import MainWindow


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path_factory, monkeypatch):
    """No test may read or write the user's settings, even by accident."""
    folder = tmp_path_factory.mktemp("qsettings")
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(folder))
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))


@pytest.fixture(autouse=True)
def _close_unsaved_games_without_asking(monkeypatch):
    """A play window closed with unsaved moves asks Save/Discard/Cancel in a modal box; a
    test that does not ask about it must not hang on it."""
    from bofa_studio.ui.play.window import PlayWindow

    monkeypatch.setattr(PlayWindow, "_ask_unsaved", lambda self: "discard")


@pytest.fixture
def settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def small_board() -> Board:
    """A 10x8 board with a little of everything the editor draws."""
    board = Board(GridSpec(columns=10, rows=8), MapMeta(name="Test map"))
    for label in ("0101", "0201", "0102"):
        board.set_terrain(board.hex_at(label), Terrain.MOUNTAIN, 2)
    board.set_feature(board.hex_at("0201"), HexFeature.BOULDER_PILE, True)
    board.set_terrain(board.hex_at("0505"), Terrain.DALE)
    a, b = board.hex_at("0503"), board.hex_at("0603")
    board.set_hexside_features(a, b, [HexsideFeature.RIVER])
    board.set_area("dale", [board.hex_at("0505")])
    return board


@pytest.fixture
def board() -> Board:
    return small_board()


@pytest.fixture
def window(qtbot, board, settings, monkeypatch) -> MainWindow:
    w = MainWindow(board, None, settings=settings)
    # Any modal left unhandled by a test fails loudly instead of hanging.
    monkeypatch.setattr(w, "ask_unsaved", lambda: pytest.fail("unexpected unsaved-changes question"))
    monkeypatch.setattr(w, "show_error", lambda title, text: pytest.fail(f"unexpected error box: {title}: {text}"))
    monkeypatch.setattr(w, "confirm_resize", lambda report: pytest.fail(f"unexpected resize question: {report}"))
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.document.undo_stack.setClean()  # closing at teardown must not ask
    w.close()
    w.deleteLater()


def hx(board: Board, label: str) -> Hex:
    return board.hex_at(label)
