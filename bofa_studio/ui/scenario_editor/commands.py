"""Undo commands for scenario edits: each swaps the value at one JSON path.

One class is enough because the model has one mutator (``set_at``); what
differs between "place a counter" and "turn on O-9" is only the path, the new
value and the label the Edit menu shows. Edits that touch several paths at
once (moving a counter between order-of-battle lists) are a parent command
with one child per path, so they undo as one step.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtGui import QUndoCommand

from bofa_studio.ui.scenario_editor.model import Path_, ScenarioModel

MERGE_ID = 7101


class SetValueCommand(QUndoCommand):
    """Set the value at ``path`` (None deletes a dict key); ``merge`` joins repeated edits of one field."""

    def __init__(self, model: ScenarioModel, path: Path_, value: Any, label: str,
                 merge: str | None = None, parent: QUndoCommand | None = None) -> None:
        super().__init__(label, parent)
        self.model = model
        self.path = tuple(path)
        self.before = copy.deepcopy(model.get(self.path))
        self.after = copy.deepcopy(value)
        self.merge = merge

    def id(self) -> int:
        return MERGE_ID if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        # Spin boxes emit one value per click: one field's run of edits is one undo step.
        if not isinstance(other, SetValueCommand) or other.merge != self.merge or other.path != self.path:
            return False
        self.after = other.after
        self.setText(other.text())
        return True

    def redo(self) -> None:
        self.model.set_at(self.path, self.after)

    def undo(self) -> None:
        self.model.set_at(self.path, self.before)


def push(model: ScenarioModel, label: str, changes: list[tuple[Path_, Any]], merge: str | None = None) -> None:
    """Push one undoable step that sets every (path, value) in ``changes``, in order."""
    changes = [(p, v) for p, v in changes if model.get(p) != v]
    if not changes:
        return
    if len(changes) == 1:
        path, value = changes[0]
        model.undo_stack.push(SetValueCommand(model, path, value, label, merge))
        return
    parent = QUndoCommand(label)
    # Children are built one after another against the model as it will be, so
    # each remembers the value its predecessors left; apply them as we go.
    for path, value in changes:
        child = SetValueCommand(model, path, value, label, None, parent)
        child.redo()
    for i in reversed(range(parent.childCount())):
        parent.child(i).undo()  # type: ignore[union-attr]
    model.undo_stack.push(parent)
