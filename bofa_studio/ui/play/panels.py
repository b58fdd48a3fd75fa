"""Side panels of play mode. Each observes the controller and redraws on change."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QDrag, QFont, QIcon, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSlider,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from bofa_studio.play.presentation import Gesture
from bofa_studio.ui.map.counter_art import paint_counter


def _clear(layout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        w = item.widget()
        if w is not None:
            # Hidden and unparented now: deleteLater alone leaves it painted over the
            # panel until the event loop gets round to deleting it.
            w.hide()
            w.setParent(None)
            w.deleteLater()


class DecisionBanner(QLabel):
    """Whose decision it is, in that side's colour: the one thing a player must never miss."""

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        self.setWordWrap(True)
        self.setMinimumHeight(54)
        font = QFont()
        font.setPixelSize(15)
        font.setBold(True)
        self.setFont(font)
        controller.subscribe(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        if c.replay is not None:
            text, colour = f"Replay: step {c.replay.index} of {len(c.replay)}", "#555555"
        elif c.is_over:
            result = c.result() or {}
            text = "Game over: " + c.result_text(result)
            colour = c.side_colour(result.get("winner")) if result.get("winner") else "#333333"
        else:
            side = c.decider()
            text, colour = c.decider_text(), c.side_colour(side) if side else "#333333"
        self.setText(text)
        self.setStyleSheet(f"background:{colour}; color:white; padding:6px; border-radius:4px;")


class TurnPanel(QWidget):
    """The turn track and the ruleset's lines about the turn (BoFA: the cup, the first choice,
    the held chip and the phases played this turn, B-3)."""

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.track = TurnTrack(controller)
        self.chips = QLabel()
        self.chips.setWordWrap(True)
        self.chips.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.track)
        layout.addWidget(self.chips)
        controller.subscribe(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.track.setVisible(self.controller.turn_track() is not None)
        self.track.update()
        rows = [html.escape(r) for r in self.controller.status_rows()]
        if rows:
            head, _, rest = rows[0].partition(", ")
            rows[0] = f"<b>{head}</b>" + (f", {rest}" if rest else "")
        self.chips.setText("<br>".join(rows))


class TurnTrack(QWidget):
    """Twelve (or more) spaces, black and white turns, reinforcement turns lettered."""

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        self.setMinimumHeight(46)

    def reinforcement_turns(self) -> dict[int, str]:
        track = self.controller.turn_track()
        return track[2] if track else {}

    def paintEvent(self, event) -> None:
        track = self.controller.turn_track()
        if track is None:
            return
        turns, current, marks = track
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = (self.width() - 4) / max(1, turns)
        font = QFont()
        font.setPixelSize(11)
        font.setBold(True)
        p.setFont(font)
        for t in range(1, turns + 1):
            rect = QRectF(2 + (t - 1) * w, 2, w - 2, 26)
            black = t % 2 == 1
            p.setBrush(QColor("#222222") if black else QColor("#f5f5f5"))
            p.setPen(QColor("#ff9800") if t == current else QColor("#555555"))
            p.drawRect(rect)
            p.setPen(QColor("white") if black else QColor("black"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(t))
            if t in marks:
                p.setPen(QColor("#b71c1c"))
                p.drawText(QRectF(rect.left(), 29, w, 14), Qt.AlignmentFlag.AlignCenter, "▲")
        p.end()


class DecisionPanel(QWidget):
    """Buttons for every decision that is not a map gesture, the odds of the pending attack
    or shot, and the reason for the last refusal with a link to its rule."""

    open_rule = Signal(str)

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color:#b71c1c; font-weight:bold;")
        self.refusal.linkActivated.connect(self.open_rule.emit)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.odds = QLabel()
        self.odds.setWordWrap(True)
        self.odds.setStyleSheet("font-family: monospace;")
        self.odds.linkActivated.connect(self.open_rule.emit)
        self.commit = QPushButton("Roll")
        self.commit.clicked.connect(controller.commit)
        self.box = QVBoxLayout()
        # The buttons come first: a refusal or a preview that appears (or grows) below them
        # never moves a button from under the pointer (two misclicks were seen).
        layout.addLayout(self.box)
        for w in (self.commit, self.odds, self.refusal, self.message):
            layout.addWidget(w)
        self.buttons: list[QPushButton] = []
        controller.subscribe(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        r = c.refusal
        self.refusal.setText(f'Refused — <a href="{r.rule}">{r.rule}</a>: {r.reason}' if r else "")
        self.message.setText(c.message)
        live = c.replay is None and c.decider() is not None
        self.commit.setEnabled(True)
        self.commit.setToolTip("")
        preview = c.pending_preview() if live else None
        if preview is not None and preview.error is not None:
            # A target the rules refuse reads like every other refusal: red, with its rule's link.
            e = preview.error
            self.odds.setText(f'<span style="color:#b71c1c; font-weight:bold; font-family:sans-serif">'
                              f'Refused — <a href="{e.rule}">{e.rule}</a>: {html.escape(e.reason)}</span>')
            self.odds.setVisible(True)
            self.commit.setVisible(False)
        elif preview is not None:
            text = "<br>".join(html.escape(line) for line in preview.lines)
            for rule in preview.rules:
                text = text.replace(f"({rule})", f'(<a href="{rule}">{rule}</a>)', 1)
            self.odds.setText(text)
            self.odds.setVisible(True)
            self.commit.setText(preview.commit)
            self.commit.setVisible(True)
        else:
            self.odds.setText("")
            self.odds.setVisible(False)
            self.commit.setVisible(False)
        _clear(self.box)
        self.buttons = []
        self.gesture_buttons: dict[str, QPushButton] = {}
        if not live:
            return
        now = c.seats_now()
        if len(now) > 1:
            group = QGroupBox("O-2 seats")
            inner = QVBoxLayout(group)
            label = QLabel(f"At the board: {c.seat_name(c.active_seat)}. Each seat moves, fights and "
                           "fires only with the counters it commands.")
            label.setWordWrap(True)
            inner.addWidget(label)
            for sid in now:
                if sid != c.active_seat:
                    b = QPushButton(f"Pass the board to {c.seat_name(sid)}")
                    b.clicked.connect(lambda _=False, x=sid: c.switch_seat(x))
                    inner.addWidget(b)
                    self.buttons.append(b)
            self.box.addWidget(group)
        for title, text, buttons in c.sections():
            parent: Any = self.box
            if title:
                group = QGroupBox(title)
                inner = QVBoxLayout(group)
                if text:
                    label = QLabel(text)
                    label.setWordWrap(True)
                    inner.addWidget(label)
                self.box.addWidget(group)
                parent = inner
            for label, action in buttons:
                b = QPushButton(label)
                if isinstance(action, str):
                    action = Gesture(action)
                if isinstance(action, Gesture):
                    b.setEnabled(action.enabled)
                    b.setToolTip(action.tooltip)
                    b.clicked.connect(lambda _=False, name=action.name: c.gesture(name))
                    self.gesture_buttons[action.name] = b
                else:
                    b.clicked.connect(lambda _=False, a=action: c.act(a))
                parent.addWidget(b)
                self.buttons.append(b)
        if c.handover_to is not None:
            # Hot seat: the decisions are the next player's. Until they take the seat (the
            # bar above the map), a second click of the player who just acted, landing where
            # a button was, must not decide for them.
            for b in [*self.buttons, self.commit]:
                b.setEnabled(False)
                b.setToolTip(f"Hand the board over to {c.handover_name()} first (the bar above the map)")

    def button(self, text: str) -> QPushButton | None:
        return next((b for b in self.buttons if b.text().startswith(text)), None)


def counter_icon(controller: Any, cid: str, size: int = 36) -> QIcon:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    paint_counter(p, QRectF(1, 1, size - 2, size - 2), controller.face(cid, controller.state))
    p.end()
    return QIcon(QPixmap.fromImage(image))


COUNTER_MIME = "application/x-bofa-counter"


def counter_mime(cid: str) -> QMimeData:
    """The payload of a tray drag: the counter's id, in a type only the play board accepts."""
    mime = QMimeData()
    mime.setData(COUNTER_MIME, QByteArray(cid.encode("utf-8")))
    return mime


def mime_counter(mime: QMimeData | None) -> str | None:
    if mime is None or not mime.hasFormat(COUNTER_MIME):
        return None
    return bytes(mime.data(COUNTER_MIME).data()).decode("utf-8") or None


class TrayPanel(QListWidget):
    """Counters to set up (B-2) or reinforcements ready to enter (B-5): click one, then a hex,
    or drag one onto the map."""

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        self.setIconSize(QSize(32, 32))
        # Long rows ("turn 5: Third Attack, due: enters in a Dark MOVE phase") wrap rather than
        # hide behind a horizontal scroll bar.
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)
        self.itemClicked.connect(self._picked)
        controller.subscribe(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        self.blockSignals(True)
        self.clear()
        if c.replay is None:
            for cid in c.tray():
                item = QListWidgetItem(counter_icon(c, cid), c.piece_name(cid))
                item.setData(Qt.ItemDataRole.UserRole, cid)
                self.addItem(item)
                if cid == c.tray_pick:
                    item.setSelected(True)
            if not c.tray() and not c.is_over:
                for when, ids in c.waiting().items():
                    item = QListWidgetItem(f"{when} ({len(ids)} {'counter' if len(ids) == 1 else 'counters'})")
                    item.setToolTip(item.text())
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                    self.addItem(item)
        self.blockSignals(False)

    def _picked(self, item: QListWidgetItem) -> None:
        cid = item.data(Qt.ItemDataRole.UserRole)
        if cid:
            self.controller.pick_tray(cid)

    def startDrag(self, supported_actions) -> None:
        """Drag the counter itself (its face as the cursor), not the list row."""
        item = self.currentItem()
        cid = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if not cid:
            return
        self.controller.pick_tray(cid)  # shades its zone while it is dragged
        drag = QDrag(self)
        drag.setMimeData(counter_mime(cid))
        pixmap = counter_icon(self.controller, cid, 48).pixmap(48, 48)
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(24, 24))
        drag.exec(Qt.DropAction.MoveAction)


class LogPanel(QListWidget):
    """The game log: every action's events, rolls in bold with their table row."""

    open_rule = Signal(str)

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        self._shown = 0
        self._version = None
        self._scroll_due = False
        # Beside the map on a wide window the log is 340 px wide: long entries (an attack's
        # odds, die and result) wrap within it rather than scroll sideways to be read.
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.itemDoubleClicked.connect(self._double)
        controller.subscribe(self.refresh)
        self.refresh()

    def entries(self) -> list[Any]:
        c = self.controller
        if c.replay is not None:
            return [e for row in c.replay.entries[: c.replay.index + 1] for e in row]
        return c.entries

    def refresh(self) -> None:
        entries = self.entries()
        if len(entries) < self._shown:
            self.clear()
            self._shown = 0
        bold = QFont()
        bold.setBold(True)
        for e in entries[self._shown:]:
            prefix = f"[{e.rule}] " if e.rule else ""
            item = QListWidgetItem(prefix + e.text)
            item.setData(Qt.ItemDataRole.UserRole, e.rule)
            if e.is_roll:
                item.setFont(bold)
                item.setForeground(QColor("#0d47a1"))
            elif e.side:
                item.setForeground(QColor(self.controller.side_colour(e.side)))
            self.addItem(item)
        added = len(entries) > self._shown
        self._shown = len(entries)
        if added and not self._scroll_due:
            # Scrolling lays out every wrapped entry (6 ms in a long game): do it once, when
            # control returns to the event loop, however many actions came before the next paint.
            self._scroll_due = True
            QTimer.singleShot(0, self, self._scroll_to_newest)

    def _scroll_to_newest(self) -> None:
        self._scroll_due = False
        self.scrollToBottom()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        # A loaded game fills the log before the window is laid out, when scrolling has no
        # height to work with; the newest entry must be the one in view once it is shown.
        super().showEvent(event)
        self.scrollToBottom()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        at_bottom = self.verticalScrollBar().value() >= self.verticalScrollBar().maximum() - 1
        super().resizeEvent(event)
        if at_bottom:
            self.scrollToBottom()

    def _double(self, item: QListWidgetItem) -> None:
        rule = item.data(Qt.ItemDataRole.UserRole)
        if rule:
            self.open_rule.emit(rule)


class ReplayBar(QWidget):
    """Step through a saved game: start, back, forward, end, and a slider."""

    def __init__(self, controller: Any, on_close: Callable[[], None]) -> None:
        super().__init__()
        self.controller = controller
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        # The platform's media icons: the ⏮/⏭ characters are missing from many fonts and
        # showed as empty boxes.
        sp = QStyle.StandardPixmap
        self.step_buttons: list[QPushButton] = []
        for icon, tip, delta in ((sp.SP_MediaSkipBackward, "The start of the game", -10**9),
                                 (sp.SP_MediaSeekBackward, "One step back", -1),
                                 (sp.SP_MediaSeekForward, "One step forward", 1),
                                 (sp.SP_MediaSkipForward, "The last step played", 10**9)):
            b = QPushButton(self.style().standardIcon(icon), "")
            b.setToolTip(tip)
            b.setFixedWidth(36)
            self.step_buttons.append(b)
            b.clicked.connect(lambda _=False, d=delta: controller.replay_step(d))
            row.addWidget(b)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.valueChanged.connect(self._seek)
        row.addWidget(self.slider, 1)
        done = QPushButton("Back to the game")
        done.clicked.connect(on_close)
        row.addWidget(done)
        controller.subscribe(self.refresh)
        self.refresh()

    def _seek(self, n: int) -> None:
        c = self.controller
        if c.replay is not None and n != c.replay.index:
            c.replay.seek(n)
            c._changed()

    def refresh(self) -> None:
        c = self.controller
        self.setVisible(c.replay is not None)
        if c.replay is not None:
            self.slider.blockSignals(True)
            self.slider.setRange(0, len(c.replay))
            self.slider.setValue(c.replay.index)
            self.slider.blockSignals(False)
