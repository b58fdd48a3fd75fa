"""Test balance...: computer games of the edited scenario in the background, with progress and cancel."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import GridSpec
from bofa_studio.ui import collector
from bofa_studio.ui.scenario_editor.balance_dialog import BalanceDialog

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "ai"))
from ai_toy_games import ClaimCells, DiceRace  # noqa: E402


def test_balance_runs_in_the_background_and_shows_rates_and_the_heat_map(qtbot, tmp_path):
    dialog = BalanceDialog("Dice race", DiceRace, Board(GridSpec(columns=6, rows=5)))
    qtbot.addWidget(dialog)
    dialog.games.setValue(4)
    dialog.level.setCurrentText("greedy")
    dialog.start()
    assert not dialog.start_button.isEnabled() and dialog.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.result is not None, timeout=20_000)
    qtbot.waitUntil(lambda: dialog.start_button.isEnabled(), timeout=5_000)
    assert dialog.progress.value() == 4
    text = dialog.summary.text()
    assert text.startswith("4 games:") and "north wins" in text and "95% interval" in text
    assert dialog.save_button.isEnabled()
    page = tmp_path / "balance.html"
    dialog.write_page(str(page))
    assert "Win rate per side" in page.read_text(encoding="utf-8")


def test_cancel_stops_the_games_and_keeps_the_window_usable(qtbot):
    dialog = BalanceDialog("Cells", ClaimCells, Board(GridSpec(columns=6, rows=5)))
    qtbot.addWidget(dialog)
    dialog.games.setValue(1000)
    dialog.level.setCurrentText("hard")
    dialog.start()
    # Python's collector does not run in the series' thread (bofa_studio.ui.collector).
    assert collector.holds() == 1 and not gc.isenabled()
    dialog.cancel()
    qtbot.waitUntil(lambda: dialog.start_button.isEnabled(), timeout=20_000)
    assert collector.holds() == 0 and gc.isenabled()
    assert dialog.progress.value() < 1000
    assert "1000 games" not in dialog.summary.text()


def test_the_editor_offers_test_balance_on_the_scenario_as_edited(editor, qtbot):
    assert editor.balance_action.isEnabled()
    assert editor.balance_action in editor.menuBar().actions()[0].menu().actions()
    dialog = editor.test_balance()
    assert dialog.windowTitle() == f"Test balance: {editor.model.name()}"
    assert sorted(dialog.make_game().sides) == ["dark", "free_peoples"]
    dialog.close()
