"""Undo commands for scenario edits: each swaps the value at one JSON path.

One class is enough because the model has one mutator (``set_at``); what
differs between "place a counter" and "turn on O-9" is only the path, the new
value and the label the Edit menu shows. Edits that touch several paths at
once (moving a counter between order-of-battle lists) are a parent command
with one child per path, so they undo as one step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from bofa_studio.jsonfile import copy_json
from bofa_studio.ui.scenario_editor.model import Path_, ScenarioModel

MERGE_ID = 7101


class SetValueCommand(QUndoCommand):
    """Set the value at ``path`` (None deletes a dict key); ``merge`` joins repeated edits of one field."""

    def __init__(self, model: ScenarioModel, path: Path_, value: Any, label: str,
                 merge: str | None = None, parent: QUndoCommand | None = None) -> None:
        super().__init__(label, parent)
        self.model = model
        self.path = tuple(path)
        self.before = copy_json(model.get(self.path))
        self.after = copy_json(value)
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


class SetValuesCommand(QUndoCommand):
    """Several paths set in order as one step (e.g. a counter leaves one list and joins another).

    The steps live in a Python list rather than as child QUndoCommands: the
    wrappers of child commands are not kept alive by Qt, and a macro of a
    hundred placements crashed when they were collected.
    """

    def __init__(self, model: ScenarioModel, changes: list[tuple[Path_, Any]], label: str) -> None:
        super().__init__(label)
        self.model = model
        self.steps: list[tuple[Path_, Any, Any]] = []
        # Each step remembers the value its predecessors leave, so apply them while recording.
        for path, value in changes:
            self.steps.append((tuple(path), copy_json(model.get(tuple(path))), copy_json(value)))
            model.set_at(tuple(path), value)
        for path, before, _after in reversed(self.steps):
            model.set_at(path, before)

    def redo(self) -> None:
        for path, _before, after in self.steps:
            self.model.set_at(path, after)

    def undo(self) -> None:
        for path, before, _after in reversed(self.steps):
            self.model.set_at(path, before)


def push(model: ScenarioModel, label: str, changes: list[tuple[Path_, Any]], merge: str | None = None) -> None:
    """Push one undoable step that sets every (path, value) in ``changes``, in order."""
    changes = [(p, v) for p, v in changes if model.get(p) != v]
    if not changes:
        return
    if len(changes) == 1:
        path, value = changes[0]
        model.undo_stack.push(SetValueCommand(model, path, value, label, merge))
    else:
        model.undo_stack.push(SetValuesCommand(model, changes, label))
