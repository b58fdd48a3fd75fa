"""Side panels of play mode. Each observes the controller and redraws on change."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRectF, QSize, Qt, Signal
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

from bofa_studio.rules.bofa1984.counters import FREE_PEOPLES
from bofa_studio.rules.bofa1984.wording import chip_text as chip_name
from bofa_studio.ui.map.counter_art import paint_counter
from bofa_studio.ui.play.board import face_of
from bofa_studio.ui.play.seats import SIDE_COLOURS, result_summary, side_name


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
            text = "Game over: " + result_summary(result)
            colour = SIDE_COLOURS.get(result.get("winner") or "", "#333333")
        else:
            side = c.decider()
            text, colour = c.decider_text(), SIDE_COLOURS.get(side or "", "#333333")
        self.setText(text)
        self.setStyleSheet(f"background:{colour}; color:white; padding:6px; border-radius:4px;")


class TurnPanel(QWidget):
    """Turn track (reinforcement turns marked), the cup, the first choice, the held chip and
    the phases played this turn (B-3)."""

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
        c = self.controller
        s = c.shown_state()
        self.track.update()
        if s.stage == "setup":
            self.chips.setText(f"<b>Setup</b>: {side_name(s.setup_side)} places counters (B-2)")
            return
        cup = ", ".join(f"{chip_name(k)} ×{n}" for k, n in sorted(s.cup.items()) if n > 0) or "empty"
        phases = c.game.mix_for(s.turn)["phases"] if s.turn else "?"
        # Phase 0 is the chip choice that opens the turn (B-3): no phase has been played yet.
        when = f"phase {s.phase_no} of {phases}" if s.phase_no else f"choosing chips, {phases} phases to play"
        rows = [f"<b>Turn {s.turn}</b> ({'black' if s.turn % 2 else 'white'}), {when}",
                f"Cup: {cup}"]
        if s.first_chooser:
            rows.append(f"First choice: {side_name(s.first_chooser)} → {chip_name(s.first_chip) if s.first_chip else '…'}")
        if s.held:
            rows.append(f"Held by {side_name(_other(s.first_chooser))}: {chip_name(s.held)}")
        played = phases_this_turn(c)
        if played:
            rows.append("Played: " + "; ".join(played))
        self.chips.setText("<br>".join(rows))


def _other(side: str | None) -> str:
    return "dark" if side == "free_peoples" else "free_peoples"


def phases_this_turn(controller: Any) -> list[str]:
    entries = controller.entries
    if controller.replay is not None:
        entries = [e for row in controller.replay.entries[: controller.replay.index + 1] for e in row]
    out: list[str] = []
    for e in entries:
        if e.kind == "turn":
            out = []
        elif e.kind == "phase" and e.chip:
            out.append(f"{'FP' if e.side == FREE_PEOPLES else 'Dark'} {chip_name(e.chip)}")
    return out


class TurnTrack(QWidget):
    """Twelve (or more) spaces, black and white turns, reinforcement turns lettered."""

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller
        self.setMinimumHeight(46)

    def reinforcement_turns(self) -> dict[int, str]:
        out: dict[int, str] = {}
        for r in self.controller.game.scenario["order_of_battle"].get("reinforcements", []):
            name = r.get("name", "")
            out[r["turn"]] = (out.get(r["turn"], "") + " " + name).strip()
        return out

    def paintEvent(self, event) -> None:
        c = self.controller
        turns = c.game.turns
        current = c.shown_state().turn
        marks = self.reinforcement_turns()
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
        for w in (self.refusal, self.message, self.odds, self.commit):
            layout.addWidget(w)
        layout.addLayout(self.box)
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
        odds = c.odds() if live else None
        armed = c.armed_text() if live and c.armed is not None else ""
        if odds is not None and odds.error is not None:
            # A target the rules refuse reads like every other refusal: red, with its rule's link.
            e = odds.error
            self.odds.setText(f'<span style="color:#b71c1c; font-weight:bold; font-family:sans-serif">'
                              f'Refused — <a href="{e.rule}">{e.rule}</a>: {html.escape(e.reason)}</span>')
            self.odds.setVisible(True)
            self.commit.setVisible(False)
        elif odds is not None:
            text = odds.describe().replace("\n", "<br>")
            for m in odds.modifiers:
                if m.rule:
                    text = text.replace(f"({m.rule})", f'(<a href="{m.rule}">{m.rule}</a>)', 1)
            self.odds.setText(text)
            self.odds.setVisible(True)
            self.commit.setText("Fire!" if c.state.stage == "fire" else "Roll for the combat")
            self.commit.setVisible(odds.error is None)
        elif armed:
            self.odds.setText(armed)
            self.odds.setVisible(True)
            kind = type(c.armed).__name__
            self.commit.setText({"Dive": "Dive!", "RollRocks": "Roll the rocks", "CastSpell": "Cast the spell"}
                                .get(kind, "Roll"))
            self.commit.setVisible(True)
        else:
            self.odds.setText("")
            self.odds.setVisible(False)
            self.commit.setVisible(False)
        _clear(self.box)
        self.buttons = []
        self.spell_buttons: dict[str, QPushButton] = {}
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
        rows = c.spells() if c.state.stage == "fire" and c.state.phase_player == "free_peoples" else []
        if rows and "gandalf" in c.state.pos:
            self.box.addWidget(self._spell_picker(rows))
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
                if action == "escape":
                    b.clicked.connect(lambda _=False: c.start_escape())
                elif action == "auto_place":
                    b.clicked.connect(lambda _=False: c.auto_place())
                elif action == "move_no_dive":
                    b.clicked.connect(lambda _=False: c.move_without_diving())
                else:
                    b.clicked.connect(lambda _=False, a=action: c.act(a))
                parent.addWidget(b)
                self.buttons.append(b)
        if c.handover_to is not None:
            # Hot seat: the decisions are the next player's. Until they take the seat (the
            # bar above the map), a second click of the player who just acted, landing where
            # a button was, must not decide for them.
            for b in [*self.buttons, *self.spell_buttons.values(), self.commit]:
                b.setEnabled(False)
                b.setToolTip(f"Hand the board over to {c.handover_name()} first (the bar above the map)")

    def _spell_picker(self, rows: list[Any]) -> QWidget:
        """S-8: the three spells, the roll each needs and its chance, which are used, how many
        are left; a spell that cannot be tried now says why in its tooltip."""
        from bofa_studio.rules.bofa1984.spells import SPELL_NAMES

        c = self.controller
        used = [SPELL_NAMES[r.spell] for r in rows if r.used]
        group = QGroupBox(f"S-8 Gandalf's spells — {c.spells_left()} of 2 left")
        inner = QVBoxLayout(group)
        note = QLabel(("Used: " + ", ".join(used) + ". " if used else "")
                      + "One try per FIRE phase, before the first shot; no line of sight needed.")
        note.setWordWrap(True)
        inner.addWidget(note)
        for r in rows:
            state = "used" if r.used else f"{r.chance:.0%}"
            b = QPushButton(f"{SPELL_NAMES[r.spell]} — needs 1-{r.need} ({state})"
                            + (": click a hex" if r.spell == "destroy" and r.options else ""))
            b.setEnabled(bool(r.options))
            b.setToolTip(r.why)
            b.clicked.connect(lambda _=False, sp=r.spell: c.pick_spell(sp))
            inner.addWidget(b)
            self.spell_buttons[r.spell] = b
        return group

    def button(self, text: str) -> QPushButton | None:
        return next((b for b in self.buttons if b.text().startswith(text)), None)


def counter_icon(controller: Any, cid: str, size: int = 36) -> QIcon:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    paint_counter(p, QRectF(1, 1, size - 2, size - 2), face_of(controller.game, controller.state, cid))
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
                item = QListWidgetItem(counter_icon(c, cid), c.game.specs[cid].name)
                item.setData(Qt.ItemDataRole.UserRole, cid)
                self.addItem(item)
                if cid == c.tray_pick:
                    item.setSelected(True)
            if not c.tray():
                for when, ids in c.waiting().items():
                    item = QListWidgetItem(f"{when} ({len(ids)} {'counter' if len(ids) == 1 else 'counters'})")
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
                item.setForeground(QColor(SIDE_COLOURS.get(e.side, "#000000")))
            self.addItem(item)
        self._shown = len(entries)
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
