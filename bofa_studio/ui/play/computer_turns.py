"""The computer's turns in the play window: it thinks in a worker thread, shows how far it
has got with a "Stop thinking" button, and plays its actions one by one at the speed the
player sets (Game > Computer speed), through the controller as a person's clicks are.

The decision itself is headless (``bofa_studio.play.computer``); this module only keeps
the window alive while it is made: a worker thread thinks on copies, a timer polls it,
and the answer is applied in the window's thread. A decision made for a position that is
gone (an undo, a new game) is dropped.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar

from bofa_studio.ai import make_thinking
from bofa_studio.ai.thinking import Thinking
from bofa_studio.ui import collector

# Pauses before each computer action, so a person can follow them on the map and in the log.
SPEEDS = {"fast": 0, "normal": 600, "slow": 1800}
POLL_MS = 50


class ComputerTurns(QObject):
    def __init__(self, status: QStatusBar, settings: QSettings) -> None:
        super().__init__(status)
        self.settings = settings
        self.controller: Any = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self._decision: Any = None
        self._thinking: Thinking | None = None
        self._future: Future[Any] | None = None
        self._running: list[Future[Any]] = []  # decisions whose thread has not ended (dropped ones too)
        self._progress = (0, 0)
        self.label = QLabel()
        self.bar = QProgressBar()
        self.bar.setFixedWidth(140)
        self.bar.setTextVisible(False)
        self.stop_button = QPushButton("Stop thinking")
        self.stop_button.setToolTip("Play the best action found so far")
        self.stop_button.clicked.connect(self.stop_thinking)
        for w in (self.label, self.bar, self.stop_button):
            status.addPermanentWidget(w)
            w.hide()
        self._wait = QTimer(self)
        self._wait.setSingleShot(True)
        self._wait.timeout.connect(self._think)
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check)

    # -- settings ----------------------------------------------------------------------
    @property
    def speed(self) -> str:
        value = str(self.settings.value("play/computer_speed", "normal"))
        return value if value in SPEEDS else "normal"

    def set_speed(self, speed: str) -> None:
        self.settings.setValue("play/computer_speed", speed)

    # -- the game -----------------------------------------------------------------------
    def attach(self, controller: Any) -> None:
        self.drop()
        self.controller = controller

    @property
    def busy(self) -> bool:
        """Whether the computer has a decision to make now (the board waits for it)."""
        return self.controller is not None and self.controller.computers.seat_to_act() is not None

    def poke(self) -> None:
        """After any change: if a computer seat must act and nothing is under way, start."""
        if self._future is not None or self._wait.isActive():
            return
        if self.busy:
            self._wait.start(SPEEDS[self.speed])
        else:
            self._show(False)

    def stop_thinking(self) -> None:
        if self._thinking is not None:
            self._thinking.stop()

    def drop(self) -> None:
        """Forget the decision under way (its answer will not be played)."""
        self._wait.stop()
        self.stop_thinking()
        self._decision = self._thinking = self._future = None
        if not self._running:  # else the poll goes on until the thread has ended
            self._poll.stop()
        self._show(False)

    def shutdown(self) -> None:
        """The window closes: stop thinking and wait for the thread (it stops within a step of
        its search), so that the collector is not left held off."""
        self.drop()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._reap()

    # -- thinking -----------------------------------------------------------------------
    def _think(self) -> None:
        decision = self.controller.computers.start() if self.controller is not None else None
        if decision is None:
            self._show(False)
            return
        self._decision = decision
        self._progress = (0, 0)
        thinking = make_thinking(decision.player, self._report)
        self._thinking = thinking
        self.label.setText(f"{decision.seat.name} is thinking…")
        self._show(True)
        collector.hold()  # before the thread starts: it must never collect the window's objects
        self._future = self._pool.submit(decision.run, thinking)
        self._running.append(self._future)
        self._poll.start()

    def _report(self, done: int, planned: int) -> None:
        self._progress = (done, planned)  # read by the window's thread at the next poll

    def _reap(self) -> None:
        """Let the collector go for each decision whose thread has ended."""
        for future in [f for f in self._running if f.done()]:
            self._running.remove(future)
            collector.release()

    def _check(self) -> None:
        self._reap()
        if self._future is None and not self._running:
            self._poll.stop()
        done, planned = self._progress
        self.bar.setRange(0, max(planned, 1))
        self.bar.setValue(min(done, max(planned, 1)))
        future, decision = self._future, self._decision
        if future is None or not future.done():
            return
        self._poll.stop()
        self._future = self._thinking = self._decision = None
        error = future.exception()
        if error is not None:
            self._show(False)
            self.label.setText(f"The computer could not decide: {error}")
            self.label.show()
            return
        self._show(False)
        self.controller.computers.finish(decision, future.result())  # changes: poke() goes on

    def _show(self, shown: bool) -> None:
        for w in (self.label, self.bar, self.stop_button):
            w.setVisible(shown)
