"""V "Combat result table", 8.3 victory levels and the time table, read from scenario data.

The rulebook prints rows 1-2 of the combat result table and the first cell of row 3
(columns -1..+7). The scenario file holds the whole table, each row with its
provenance, so an owner of the printed board can correct it cell by cell;
docs/helms-deep-map.md says how the missing rows were rebuilt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bofa_studio.rules.tables import Provenance

# V: "The dot is no result", "X: The attacked unit is destroyed", VRn / ARn: the defender
# (Verteidiger) or the attacker (Angreifer) retreats n hexes, "*" the ladder storm loss.
_RESULT = re.compile(r"(X|·|[VA]R[1-9])(\*?)")


@dataclass(frozen=True, slots=True)
class Result:
    """One cell: ``kind`` is ``X``, ``none``, ``VR`` or ``AR``; ``hexes`` the retreat length."""

    kind: str
    hexes: int = 0
    storm_loss: bool = False  # "*": a ladder storm costs the attacker one unit

    @staticmethod
    def parse(text: str) -> Result:
        m = _RESULT.fullmatch(text)
        if m is None:
            raise ValueError(f"combat result {text!r} is not X, ·, VRn or ARn (with an optional *)")
        head, star = m[1], bool(m[2])
        if head == "X":
            return Result("X", 0, star)
        if head == "·":
            return Result("none", 0, star)
        return Result(head[:2], int(head[2]), star)

    def __str__(self) -> str:
        text = {"X": "X", "none": "·"}.get(self.kind, f"{self.kind}{self.hexes}")
        return text + ("*" if self.storm_loss else "")


@dataclass(frozen=True)
class CombatTable:
    columns: tuple[int, ...]  # attack superiority, lowest first
    rows: dict[int, tuple[Result, ...]]  # die roll -> one result per column
    provenance: dict[int, Provenance]

    @staticmethod
    def from_data(data: dict[str, Any]) -> CombatTable:
        columns = tuple(data["columns"])
        rows = {}
        provenance = {}
        for row in data["rows"]:
            rows[row["roll"]] = tuple(Result.parse(c) for c in row["results"])
            provenance[row["roll"]] = Provenance.parse(row["provenance"])
        return CombatTable(columns, rows, provenance)

    def column(self, superiority: int) -> int:
        """The column used: superiority beyond the printed ones reads the nearest column."""
        return max(self.columns[0], min(self.columns[-1], superiority))

    def result(self, superiority: int, roll: int) -> Result:
        return self.rows[roll][self.columns.index(self.column(superiority))]


@dataclass(frozen=True)
class VictoryLevels:
    """8.3: the level from the first player's points, each level's lowest score first."""

    levels: tuple[tuple[int, str, str | None], ...]  # (at least, name, winning side or None)

    @staticmethod
    def from_data(data: list[dict[str, Any]]) -> VictoryLevels:
        levels = sorted(((d["min_points"], d["name"], d.get("winner")) for d in data), reverse=True)
        return VictoryLevels(tuple(levels))

    def level(self, points: int) -> tuple[str, str | None]:
        for least, name, winner in self.levels:
            if points >= least:
                return name, winner
        _, name, winner = self.levels[-1]
        return name, winner
