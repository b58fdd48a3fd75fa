"""Tables that show their rows: compact rows and a height for at least N of them.

At 1280x800 the die-roll and chip tables showed one row and a half and the
order of battle three, because Qt's default rows are tall and the panels capped
the tables' height. The panels scroll, so a table may be as tall as its rows.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTableView


def compact_rows(table: QTableView) -> int:
    """Rows one line of text high (plus a little air); returns the row height."""
    height = table.fontMetrics().height() + 8
    table.verticalHeader().setDefaultSectionSize(height)
    table.verticalHeader().setMinimumSectionSize(height)
    return height


def show_rows(table: QTableView, rows: int) -> None:
    """At least ``rows`` rows visible without scrolling, and no cap on the height."""
    height = compact_rows(table)
    header = table.horizontalHeader().sizeHint().height()
    frame = 2 * table.frameWidth()
    scroll = table.horizontalScrollBar().sizeHint().height()
    table.setMinimumHeight(header + rows * height + frame + scroll)
    table.setMaximumHeight(16777215)
