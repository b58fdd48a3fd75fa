"""Scenario forms: how a ruleset other than the 1984 game lets an author edit its scenarios.

The scenario editor's panels are built for the 1984 game's scenario shape. A ruleset with
another shape declares its editable parts as tables here instead: a ruleset package's
``editing`` module provides ``form() -> list[FormTable]``, and a generic editor shows each
table, writes cells back through the table's own setter (which refuses bad values with a
ValueError saying what was expected), and checks the whole file the way ``bofa-studio
validate`` does. No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bofa_studio.board import Board
from bofa_studio.jsonfile import FileProblem, copy_json
from bofa_studio.rules.registry import UnknownRuleset, companion_module


@dataclass(frozen=True)
class Column:
    """One column: its key in the row, header, and kind: ``text``, ``int`` or ``choice``."""

    key: str
    header: str
    kind: str = "text"
    choices: Callable[[dict[str, Any]], list[str]] | None = None  # for ``choice``, from the data
    editable: bool = True


@dataclass(frozen=True)
class FormTable:
    """A table of a scenario: rows read from the data, cells written back by ``set_cell``;
    ``add_row`` and ``remove_row`` are None where the table has a fixed set of rows."""

    title: str
    section: str  # the rulebook section the table fills in (VII, 8.2...)
    columns: tuple[Column, ...]
    rows: Callable[[dict[str, Any]], list[dict[str, Any]]]
    set_cell: Callable[[dict[str, Any], int, str, Any], None]
    add_row: Callable[[dict[str, Any]], None] | None = None
    remove_row: Callable[[dict[str, Any], int], None] | None = None
    note: str = ""


def parse_cell(column: Column, text: Any, data: dict[str, Any]) -> Any:
    """A cell's text as the column's value; ValueError saying what was expected."""
    if column.kind == "int":
        try:
            return int(str(text).strip())
        except ValueError:
            raise ValueError(f"{column.header}: {text!r} is not a whole number") from None
    if column.kind == "choice" and column.choices is not None:
        options = column.choices(data)
        if str(text) not in options:
            raise ValueError(f"{column.header}: {text!r} is not one of {', '.join(options)}")
    return str(text).strip()


def scenario_form(ruleset: str | None) -> list[FormTable] | None:
    """The ruleset's scenario form, or None if it declares none (or is unknown)."""
    if not ruleset:
        return None
    try:
        editing = companion_module(ruleset, "editing")
    except UnknownRuleset:
        return None
    form = getattr(editing, "form", None)
    return list(form()) if form is not None else None


def form_problems(data: dict[str, Any], board: Board, file: str) -> list[FileProblem]:
    """Everything ``bofa-studio validate`` would say of this scenario on this map."""
    from bofa_studio.scenario import scenario_from_dict, scenario_map_problems

    problems = scenario_from_dict(data, file)
    return problems or scenario_map_problems(data, board, file)


class FormDocument:
    """A scenario open in a form editor: its data, map, file, and undo history of whole
    snapshots (a cell's edit may touch several places, as a renamed unit does)."""

    def __init__(self, data: dict[str, Any], board: Board, map_path: str, path: str | None,
                 tables: list[FormTable]) -> None:
        self.data, self.board, self.map_path, self.path, self.tables = data, board, map_path, path, tables
        self._undo: list[tuple[str, dict[str, Any]]] = []
        self._redo: list[tuple[str, dict[str, Any]]] = []
        self._saved = copy_json(data)

    @classmethod
    def open(cls, path: str) -> FormDocument:
        """A scenario of a ruleset with a form; DataFileError (naming the file) if it cannot be edited."""
        from bofa_studio.jsonfile import DataFileError, read_json
        from bofa_studio.scenario import SCENARIO_FORMAT, load_scenario_map

        data = read_json(path, SCENARIO_FORMAT)
        tables = scenario_form(data.get("ruleset"))
        if tables is None:
            raise DataFileError([FileProblem(path, "$.ruleset", f"the {data.get('ruleset')} rules declare no scenario "
                                                                "form to edit")], unreadable=True)
        try:
            for table in tables:
                table.rows(data)
        except (KeyError, TypeError, AttributeError, IndexError):
            raise DataFileError(scenario_from_dict_problems(data, path) or [
                FileProblem(path, "$", "the file does not have the shape of its ruleset's scenarios")]) from None
        map_path, board = load_scenario_map(data, path)
        return cls(data, board, map_path, path, tables)

    def rows(self, table: int) -> list[dict[str, Any]]:
        return self.tables[table].rows(self.data)

    def _change(self, what: str, edit: Callable[[dict[str, Any]], None]) -> None:
        after = copy_json(self.data)
        edit(after)  # a ValueError leaves the data as it was
        self._undo.append((what, self.data))
        self._redo.clear()
        self.data = after

    def set_cell(self, table: int, row: int, key: str, text: Any) -> None:
        """Write one cell; ValueError (the data unchanged) saying what was expected."""
        spec = self.tables[table]
        column = next(c for c in spec.columns if c.key == key)
        if not column.editable:
            raise ValueError(f"{column.header} is not edited here")
        value = parse_cell(column, text, self.data)
        self._change(f"Set {column.header} in {spec.title}", lambda d: spec.set_cell(d, row, key, value))

    def add_row(self, table: int) -> None:
        spec = self.tables[table]
        if spec.add_row is None:
            raise ValueError(f"{spec.title} has a fixed set of rows")
        self._change(f"Add a row to {spec.title}", spec.add_row)

    def remove_row(self, table: int, row: int) -> None:
        spec = self.tables[table]
        if spec.remove_row is None:
            raise ValueError(f"{spec.title} has a fixed set of rows")
        remove = spec.remove_row
        self._change(f"Remove a row of {spec.title}", lambda d: remove(d, row))

    def undo_text(self) -> str:
        return self._undo[-1][0] if self._undo else ""

    def undo(self) -> bool:
        if not self._undo:
            return False
        what, before = self._undo.pop()
        self._redo.append((what, self.data))
        self.data = before
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        what, after = self._redo.pop()
        self._undo.append((what, self.data))
        self.data = after
        return True

    @property
    def modified(self) -> bool:
        return self.data != self._saved

    def problems(self) -> list[FileProblem]:
        return form_problems(self.data, self.board, self.path or "<new scenario>")

    def save(self, path: str | None = None) -> None:
        from bofa_studio.scenario.editing import save_scenario

        path = path or self.path
        if path is None:
            raise ValueError("no file to save to: Save As")
        save_scenario(self.data, self.map_path, path)
        self.path = path
        self._saved = copy_json(self.data)


def scenario_from_dict_problems(data: dict[str, Any], file: str) -> list[FileProblem]:
    from bofa_studio.scenario import scenario_from_dict

    return scenario_from_dict(data, file)
