"""Undo commands: each swaps one kind of value on the board and carries a readable label.

Tools push one command per mouse event while a drag goes on; commands that share
a ``stroke`` number merge (``QUndoCommand.mergeWith``), so one drag is one entry
in the undo history, labelled with what it did overall ("Paint mountain (12 hexes)").
Everything changes through the board's mutators, so views and validation follow.
"""

from __future__ import annotations

import itertools
from typing import Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from bofa_studio.board.model import Board, HexData, HexsideFeature, MapMeta, SlopeLine
from bofa_studio.hexgrid import Hex, Hexside

_strokes = itertools.count(1)

K = TypeVar("K")
V = TypeVar("V")

HEX_EDIT_ID = 7001
HEXSIDE_EDIT_ID = 7002
AREA_EDIT_ID = 7003


def new_stroke() -> int:
    """A number that ties the commands of one drag together."""
    return next(_strokes)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


class StrokeCommand(QUndoCommand, Generic[K, V]):
    """Set some keyed values on the board, one (before, after) pair a key.

    The shared part of the hex and hexside edits: commands of one stroke merge
    (the first ``before`` of each key and the last ``after`` are kept), and the
    label counts the keys with the subclass's noun. A subclass names its merge
    id and nouns and says how one value is set (``apply``).
    """

    merge_id: int
    noun: tuple[str, str]

    def __init__(self, board: Board, verb: str, changes: dict[K, tuple[V, V]], stroke: int | None = None) -> None:
        super().__init__()
        self.board = board
        self.verb = verb
        self.changes = dict(changes)
        self.stroke = stroke
        self._relabel()

    def _relabel(self) -> None:
        self.setText(f"{self.verb} ({_count(len(self.changes), *self.noun)})")

    def id(self) -> int:
        return self.merge_id if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, type(self)) or other.stroke != self.stroke or other.board is not self.board:
            return False
        for key, (before, after) in other.changes.items():
            first = self.changes[key][0] if key in self.changes else before
            self.changes[key] = (first, after)
        self._relabel()
        return True

    def apply(self, key: K, value: V) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        for key, (_, after) in self.changes.items():
            self.apply(key, after)

    def undo(self) -> None:
        for key, (before, _) in self.changes.items():
            self.apply(key, before)


class HexEditCommand(StrokeCommand[Hex, HexData]):
    """Set the data of some hexes (terrain, level, features, entry group)."""

    merge_id = HEX_EDIT_ID
    noun = ("hex", "hexes")

    def apply(self, key: Hex, value: HexData) -> None:
        self.board.set_hex(key, value)


class HexsideEditCommand(StrokeCommand[Hexside, frozenset[HexsideFeature]]):
    """Set the features of some hexsides (river, Front Gate wall)."""

    merge_id = HEXSIDE_EDIT_ID
    noun = ("hexside", "hexsides")

    def apply(self, key: Hexside, value: frozenset[HexsideFeature]) -> None:
        self.board.set_hexside_features(key.a, key.b, value)


class SlopeLinesCommand(QUndoCommand):
    """Replace the list of slope lines (adding or removing one is a small list)."""

    def __init__(self, board: Board, text: str, after: list[SlopeLine]) -> None:
        super().__init__(text)
        self.board = board
        self.before = list(board.slope_lines)
        self.after = list(after)

    def redo(self) -> None:
        self.board.set_slope_lines(self.after)

    def undo(self) -> None:
        self.board.set_slope_lines(self.before)


class AreaEditCommand(QUndoCommand):
    """Create, change or delete (``None``) one named area."""

    def __init__(
        self,
        board: Board,
        name: str,
        after: frozenset[Hex] | None,
        text: str | None = None,
        stroke: int | None = None,
    ) -> None:
        super().__init__()
        self.board = board
        self.name = name
        self.before = board.areas.get(name)
        self.after = after
        self.stroke = stroke
        self.fixed_text = text
        self._relabel()

    def _relabel(self) -> None:
        if self.fixed_text:
            self.setText(self.fixed_text)
            return
        before, after = self.before or frozenset(), self.after or frozenset()
        added, removed = len(after - before), len(before - after)
        if added and not removed:
            self.setText(f"Add {_count(added, 'hex', 'hexes')} to area {self.name}")
        elif removed and not added:
            self.setText(f"Remove {_count(removed, 'hex', 'hexes')} from area {self.name}")
        else:
            self.setText(f"Edit area {self.name}")

    def id(self) -> int:
        return AREA_EDIT_ID if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (
            not isinstance(other, AreaEditCommand)
            or other.stroke != self.stroke
            or other.board is not self.board
            or other.name != self.name
        ):
            return False
        self.after = other.after
        self._relabel()
        return True

    def redo(self) -> None:
        self.board.set_area(self.name, self.after)

    def undo(self) -> None:
        self.board.set_area(self.name, self.before)


class RenameAreaCommand(QUndoCommand):
    def __init__(self, board: Board, old: str, new: str) -> None:
        super().__init__(f"Rename area {old} to {new}")
        self.board, self.old, self.new = board, old, new

    def redo(self) -> None:
        self.board.rename_area(self.old, self.new)

    def undo(self) -> None:
        self.board.rename_area(self.new, self.old)


class MetaCommand(QUndoCommand):
    """Change the map's name, source, provenance or notes."""

    def __init__(self, board: Board, after: MapMeta, text: str = "Edit map details") -> None:
        super().__init__(text)
        self.board, self.before, self.after = board, board.meta, after

    def redo(self) -> None:
        self.board.set_meta(self.after)

    def undo(self) -> None:
        self.board.set_meta(self.before)


class ReplaceBoardCommand(QUndoCommand):
    """Swap the whole board in the document (resize); the old board is kept for undo.

    Commands further down the stack keep referring to the old board object, which
    is right: they can only be undone after this one has put the old board back.
    """

    def __init__(self, document, new_board: Board, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.old_board = document.board
        self.new_board = new_board

    def redo(self) -> None:
        self.document.replace_board(self.new_board)

    def undo(self) -> None:
        self.document.replace_board(self.old_board)


class BoardDiffCommand(QUndoCommand):
    """Any edit of many kinds of content at once (paste, move, delete a region, a fill)."""

    def __init__(self, board: Board, diff, text: str) -> None:
        super().__init__(text)
        self.board, self.diff = board, diff

    def redo(self) -> None:
        self.diff.apply(self.board, 1)

    def undo(self) -> None:
        self.diff.apply(self.board, 0)
