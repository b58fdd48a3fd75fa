"""The open scenario: its data, its map, its file path and its undo stack.

Every edit goes through :meth:`ScenarioModel.set_at`, which swaps one value at
a JSON path and says which part changed, so undo commands stay one-liners
(Tiled's "a command swaps one value") and every view listens to one signal.
The data is a plain dict in the file's own shape: saving writes it back as is,
and the engine, validation and the editor never disagree on a second copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.jsonfile import copy_json
from bofa_studio.ui.scenario_editor.wording import zone_text

Path_ = tuple[str | int, ...]
_MISSING = object()


class ScenarioModel(QObject):
    changed = Signal(object)  # the path that changed (a tuple); () when everything did
    path_changed = Signal(object)  # Path | None

    def __init__(self, data: dict[str, Any], board: Board, map_path: str, path: str | Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data = copy_json(data)
        self.board = board
        self.map_path = map_path
        self.path: Path | None = Path(path) if path else None
        self.undo_stack = QUndoStack(self)

    # -- generic access ----------------------------------------------------------
    def get(self, path: Path_, default: Any = None) -> Any:
        node: Any = self.data
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    def set_at(self, path: Path_, value: Any) -> None:
        """Set (or, with ``value`` None at a dict key, delete) the value at ``path``."""
        *parents, last = path
        node: Any = self.data
        for key in parents:
            if isinstance(node, dict) and key not in node:
                node[key] = {}
            node = node[key]
        if value is None and isinstance(node, dict):
            node.pop(last, None)
        else:
            node[last] = copy_json(value)
        self.changed.emit(tuple(path))

    def replace(self, data: dict[str, Any], path: str | Path | None) -> None:
        """A fresh document (New, Open): no history, nothing unsaved."""
        self.data = copy_json(data)
        self.undo_stack.clear()
        self.set_path(path)
        self.undo_stack.setClean()
        self.changed.emit(())

    def set_path(self, path: str | Path | None) -> None:
        self.path = Path(path) if path else None
        self.path_changed.emit(self.path)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    # -- counters ----------------------------------------------------------------
    def counters(self) -> list[dict[str, Any]]:
        return self.data.get("counters", [])

    def counter_index(self, cid: str) -> int:
        for i, c in enumerate(self.counters()):
            if c["id"] == cid:
                return i
        raise KeyError(cid)

    def counter(self, cid: str) -> dict[str, Any]:
        return self.counters()[self.counter_index(cid)]

    def removed(self) -> set[str]:
        return set(self.get(("order_of_battle", "removed", "counters"), []) or [])

    def assignment(self, cid: str) -> str:
        """Where the order of battle puts a counter: a setup zone, a reinforcement, removed, or nothing.

        Returned as a key: ``setup:<index>``, ``reinforcement:<index>``, ``removed`` or ``""``.
        """
        if cid in self.removed():
            return "removed"
        for i, entry in enumerate(self.get(("order_of_battle", "setup"), [])):
            if cid in entry["counters"]:
                return f"setup:{i}"
        for i, entry in enumerate(self.get(("order_of_battle", "reinforcements"), [])):
            if cid in entry["counters"]:
                return f"reinforcement:{i}"
        return ""

    def assignment_label(self, key: str) -> str:
        kind, _, index = key.partition(":")
        if kind == "setup":
            return f"set up in {zone_text(self.data['order_of_battle']['setup'][int(index)]['zone'])}"
        if kind == "reinforcement":
            r = self.data["order_of_battle"]["reinforcements"][int(index)]
            return f"turn {r['turn']}: {r.get('name', 'reinforcement')}"
        return "removed (B-2 note)" if kind == "removed" else "not in this scenario's order of battle"

    def assignment_keys(self) -> list[str]:
        keys = [f"setup:{i}" for i in range(len(self.get(("order_of_battle", "setup"), [])))]
        keys += [f"reinforcement:{i}" for i in range(len(self.get(("order_of_battle", "reinforcements"), [])))]
        return keys + ["removed", ""]

    def placements(self) -> dict[str, str]:
        return dict(self.data.get("default_placement", {}))

    def placement_hex(self, cid: str) -> Hex | None:
        label = self.data.get("default_placement", {}).get(cid)
        if label is None:
            return None
        try:
            return self.board.hex_at(label)
        except ValueError:
            return None

    def stacks(self) -> dict[Hex, list[str]]:
        """Placed counters by hex, in manifest order (leaders on top, as B-9 stacks them)."""
        out: dict[Hex, list[str]] = {}
        order = {c["id"]: (c["kind"] == "leader", i) for i, c in enumerate(self.counters())}
        for cid in sorted(self.data.get("default_placement", {}), key=lambda c: order.get(c, (False, 0))):
            h = self.placement_hex(cid)
            if h is not None:
                out.setdefault(h, []).append(cid)
        return out

    def name(self) -> str:
        return self.data.get("meta", {}).get("name") or (self.path.stem if self.path else "untitled")


def counter_name(model: ScenarioModel, cid: str) -> str:
    try:
        return model.counter(cid)["name"]
    except KeyError:
        return cid
