"""Test balance...: computer-against-computer games of the scenario being edited, in the background.

The author picks a number of games and a computer level and starts; the games run in
a worker thread (the window stays usable), a progress bar counts them and Cancel
stops at once (the game being played is left out). The result shows each side's win
rate with its 95% interval, the victory levels and a heat map of where counters were
lost, the same page ``bofa-studio balance`` writes, which "Save page..." saves.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QThread, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.ai import LEVELS
from bofa_studio.ai.balance import TERRAIN_TINT, balance_html, heat_colour
from bofa_studio.ai.match import MatchSpec, report, run_match
from bofa_studio.board.model import Board
from bofa_studio.ui import collector


class _SeriesThread(QThread):
    game_done = Signal(int)
    finished_with = Signal(object)  # the report, or an exception
    failed = Signal(str)

    def __init__(self, spec: MatchSpec, sides: tuple[str, ...]) -> None:
        super().__init__()
        self.spec = spec
        self.sides = sides
        self.cancel = threading.Event()

    def run(self) -> None:
        done = 0

        def tick(_record: Any) -> None:
            nonlocal done
            done += 1
            self.game_done.emit(done)

        try:
            records = run_match(self.spec, 1, on_game=tick, should_stop=self.cancel.is_set)
            self.finished_with.emit(report(self.spec, records, self.sides) if records else None)
        except Exception as exc:  # noqa: BLE001 - shown to the author, not swallowed
            self.failed.emit(f"{type(exc).__name__}: {exc}")


class LossMap(QWidget):
    """The board with each hex shaded by the counters lost there, as the page draws it (painted
    here rather than from the page's SVG: the frozen build leaves Qt's SVG module out)."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self.losses: dict[str, int] = {}
        self.setMinimumSize(480, 300)
        self.setToolTip("Where counters were lost: darker hexes lost more; victory locations outlined")

    def show_losses(self, losses: dict[str, int]) -> None:
        self.losses = dict(losses)
        self.update()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        grid = self.board.grid
        x0, y0, x1, y1 = grid.bounds()
        scale = min(self.width() / max(x1 - x0, 1e-9), self.height() / max(y1 - y0, 1e-9))
        most = max(self.losses.values(), default=0)
        victory = {h for hexes in self.board.victory_locations().values() for h in hexes}
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for h in self.board.hexes():
            polygon = QPolygonF([QPointF((x - x0) * scale, (y - y0) * scale) for x, y in grid.corners(h)])
            n = self.losses.get(self.board.label(h), 0)
            fill = heat_colour(n / most) if most and n else TERRAIN_TINT.get(str(self.board.terrain(h)), "#ffffff")
            painter.setBrush(QBrush(QColor(fill)))
            painter.setPen(QPen(QColor("#222" if h in victory else "#bbb"), 2 if h in victory else 0.5))
            painter.drawPolygon(polygon)
        painter.end()


class BalanceDialog(QDialog):
    """``make_game`` builds the Game of the scenario as edited now (called in the worker)."""

    def __init__(self, title: str, make_game: Callable[[], Any], board: Board, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Test balance: {title}")
        self.title = title
        self.make_game = make_game
        self.board = board
        self.result: dict[str, Any] | None = None
        self.thread: _SeriesThread | None = None
        self._holding = False  # the collector is held off while the series' thread runs
        self.sides: tuple[str, ...] = ()

        self.games = QSpinBox()
        self.games.setRange(1, 1000)
        self.games.setValue(10)
        self.level = QComboBox()
        self.level.addItems([lv for lv in LEVELS if lv != "fast"])
        self.level.setCurrentText("normal")
        self.level.setToolTip("The computer level on both sides; higher levels play better and take longer")
        self.seed = QSpinBox()
        self.seed.setRange(0, 1_000_000)
        form = QFormLayout()
        form.addRow("Games", self.games)
        form.addRow("Computer level", self.level)
        form.addRow("Seed", self.seed)

        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m games")
        self.start_button = QPushButton("Start")
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.save_button = QPushButton("Save page...")
        self.save_button.setEnabled(False)
        self.save_button.clicked.connect(self.save_page)
        buttons = QHBoxLayout()
        for b in (self.start_button, self.cancel_button, self.save_button):
            buttons.addWidget(b)
        self.summary = QLabel("Computer-against-computer games of this scenario as it is now.")
        self.summary.setWordWrap(True)
        self.heat = LossMap(board)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(self.heat, 1)

    def start(self) -> None:
        try:
            game = self.make_game()
        except Exception as exc:  # noqa: BLE001 - the scenario as edited may not start
            QMessageBox.warning(self, "Cannot test balance", f"The scenario cannot start: {exc}")
            return
        self.sides = tuple(game.sides)
        level = self.level.currentText()
        spec = MatchSpec("", (), tuple((s, level) for s in self.sides), self.games.value(), self.seed.value(),
                         make_game=lambda: game)
        self.progress.setRange(0, spec.games)
        self.progress.setValue(0)
        self.thread = _SeriesThread(spec, self.sides)
        self.thread.game_done.connect(self.progress.setValue)
        self.thread.finished_with.connect(self._show)
        self.thread.failed.connect(self._failed)
        self.thread.finished.connect(self._idle)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(f"Playing {spec.games} games, {level} against {level}...")
        self._hold_collector()
        self.thread.start()

    def cancel(self) -> None:
        if self.thread is not None:
            self.thread.cancel.set()
            self.summary.setText("Cancelling...")

    def _hold_collector(self) -> None:
        if not self._holding:
            collector.hold()
            self._holding = True

    def _release_collector(self) -> None:
        """Once the series' thread has ended (see ``bofa_studio.ui.collector``)."""
        if self._holding:
            self._holding = False
            collector.release()

    def _idle(self) -> None:
        self._release_collector()
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _failed(self, message: str) -> None:
        self.summary.setText(f"The games stopped on an error: {message}")

    def _show(self, result: dict[str, Any] | None) -> None:
        self.result = result
        self.save_button.setEnabled(result is not None)
        if result is None:
            self.summary.setText("Cancelled before any game ended.")
            return
        lines = [f"{result['games']} games:"]
        for side in self.sides:
            rate = result["win_rate"][side]
            lines.append(f"{side} wins {result['wins'][side]} ({rate['rate']:.0%}; 95% interval "
                         f"{rate['low']:.0%} to {rate['high']:.0%}), "
                         + ", ".join(f"{n} {lv}" for lv, n in sorted(result["victory_levels"].get(side, {}).items())))
        lines.append(f"draws: {result['wins'].get('draw', 0)}")
        self.summary.setText("\n".join(lines))
        self.heat.show_losses(result["losses"])

    def save_page(self) -> None:
        if self.result is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the balance page", "balance.html", "Web page (*.html)")
        if path:
            self.write_page(path)

    def write_page(self, path: str) -> None:
        from bofa_studio.jsonfile import write_atomic

        assert self.result is not None
        try:
            write_atomic(path, balance_html(self.title, self.result, self.board, self.sides))
        except OSError as exc:
            QMessageBox.warning(self, "Cannot save the page", f"{path}: {exc.strerror or exc}")

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        if self.thread is not None and self.thread.isRunning():
            self.thread.cancel.set()
            self.thread.wait()
        self._release_collector()
        super().closeEvent(event)
