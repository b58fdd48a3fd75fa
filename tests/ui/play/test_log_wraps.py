"""The game log beside the map on a wide window (issue 17, item 4): long lines wrap within the
panel's width; there is no sideways scrolling to read an entry's end."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bofa_studio.play.records import LogEntry
from tests.ui.play.conftest import controller_at

LONG = ("Goblin Spearman 2 (azug) and Goblin Scimitar 1 (osag) attack Elf Archer 1 in 1016 at 2 to 1, "
        "column 4; the die rolls 5: the defender is reduced and retreats one hex away from the attackers")


def test_long_log_lines_wrap_beside_the_map_without_a_sideways_scroll_bar(qtbot, window_for):
    c = controller_at({"1016": ["elf_archer_1"], "1014": ["azug_goblin_spearman_2"]}, player="dark")
    w = window_for(c, (1920, 1080))
    assert w.dockWidgetArea(w.log_dock) == Qt.DockWidgetArea.LeftDockWidgetArea  # beside the map
    c.entries.append(LogEntry(at=len(c.entries), kind="attack", text=LONG, rule="B-7", side="dark"))
    w.log.refresh()
    QApplication.processEvents()
    log = w.log
    last = log.item(log.count() - 1)
    assert last.text().endswith("attackers")
    assert not log.horizontalScrollBar().isVisible()
    rect = log.visualItemRect(last)
    assert rect.right() <= log.viewport().width()
    # The whole entry is there, over several lines, not cut at the panel's edge.
    assert rect.height() >= 3 * log.fontMetrics().height()
