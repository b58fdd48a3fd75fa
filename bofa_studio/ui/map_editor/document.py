"""The open map: one board, its file path and its undo stack.

Boards are swapped whole by New, Open and Resize (``board.resize.resize_board`` returns a new
board), so everything that shows the map listens to the document rather than
holding on to a board: ``board_replaced`` says "look again", ``board_changed``
relays the board's own change notifications as a Qt signal.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from bofa_studio.board.model import Board, BoardChange


class MapDocument(QObject):
    board_replaced = Signal(object)  # Board
    board_changed = Signal(object)  # BoardChange
    path_changed = Signal(object)  # Path | None

    def __init__(self, board: Board, path: str | Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.board = board
        self.path: Path | None = Path(path) if path else None
        board.subscribe(self._relay)

    def _relay(self, change: BoardChange) -> None:
        self.board_changed.emit(change)

    def replace_board(self, board: Board) -> None:
        """Swap in another board; used by the resize command and by open/new."""
        if board is self.board:
            return
        self.board.unsubscribe(self._relay)
        self.board = board
        board.subscribe(self._relay)
        self.board_replaced.emit(board)

    def reset(self, board: Board, path: str | Path | None) -> None:
        """A fresh document (New, Open): no history, nothing unsaved."""
        self.undo_stack.clear()
        self.replace_board(board)
        self.set_path(path)
        self.undo_stack.setClean()

    def set_path(self, path: str | Path | None) -> None:
        self.path = Path(path) if path else None
        self.path_changed.emit(self.path)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()
