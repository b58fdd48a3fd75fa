"""The counter inspector: a hex's stack and terrain as the map's hover tooltip and as the
dockable "Hex" panel. Both draw the ruleset's :class:`~bofa_studio.play.inspector.HexInfo`
and decide nothing: what a line says is the ruleset's."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QTextBrowser, QToolTip

from bofa_studio.hexgrid import Hex
from bofa_studio.play.inspector import HexInfo

ACTED_GREY = "#8a8a8a"


def hex_html(info: HexInfo) -> str:
    """The inspector's text: title and terrain, then each counter top first, then notes."""
    head = f"<b>{escape(info.title)}</b>"
    if info.terrain:
        head += " — " + "<br>".join(escape(t) for t in info.terrain)
    parts = [head]
    for piece in info.pieces:
        name_colour = ACTED_GREY if piece.acted else piece.colour
        lines = "".join(f"<br>&nbsp;&nbsp;{escape(line)}" for line in piece.lines)
        parts.append(f"<span style='color:{name_colour}'>&#9632;</span> <b>{escape(piece.name)}</b>"
                     f" <span style='color:{piece.colour}'>({escape(piece.side)})</span>{lines}")
    if not info.pieces:
        parts.append("<i>no counters</i>")
    parts += [f"<i>{escape(note)}</i>" for note in info.notes]
    return "<p style='white-space:pre-wrap'>" + "</p><p>".join(parts) + "</p>"


class HexTooltips(QObject):
    """Answers the map viewport's tooltip requests with the hovered hex's stack: the pointer
    rests on a hex and its counters' values appear, without a click."""

    def __init__(self, view: Any, scene: Any, controller: Any) -> None:
        super().__init__(view)
        self.view = view
        self.scene = scene
        self.controller = controller
        self.enabled = True
        view.viewport().installEventFilter(self)

    def text_at(self, h: Hex | None) -> str:
        if h is None or not self.enabled:
            return ""
        return hex_html(self.controller.hex_info(h))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ToolTip:
            return False
        pos = event.pos()  # type: ignore[attr-defined]
        text = self.text_at(self.scene.hex_at(self.view.mapToScene(pos)))
        if text:
            QToolTip.showText(event.globalPos(), text, self.view.viewport())  # type: ignore[attr-defined]
        else:
            QToolTip.hideText()
        return True


class HexPanel(QTextBrowser):
    """The "Hex" dock: the selected counters' hex (or the last hex clicked), read at leisure."""

    def __init__(self, controller: Any, board: Any) -> None:
        super().__init__()
        self.controller = controller
        self.board = board
        self.setOpenLinks(False)
        self.setMinimumWidth(220)
        controller.subscribe(self.refresh)
        board.inspect_listeners.append(self.refresh)
        self.refresh()

    def shown_hex(self) -> Hex | None:
        c = self.controller
        for piece in c.selection:
            h = c.hex_of(piece, c.shown_state())
            if h is not None:
                return h
        return self.board.inspected

    def refresh(self) -> None:
        h = self.shown_hex()
        if h is None:
            self.setHtml("<i>Click a hex or a counter to see its terrain and its whole stack here; "
                         "rest the pointer on a hex for the same in a tooltip.</i>")
            return
        self.setHtml(hex_html(self.controller.hex_info(h)))
