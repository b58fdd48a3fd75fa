"""The Combat, Fire and Terrain tables and the die-roll modifiers, read from scenario data.

Lookups are flattened into tuples at load time so the hot path is an index, not a
search; the provenance of every cell stays available for the UI and the docs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bofa_studio.rules.tables import Provenance


@dataclass(frozen=True, slots=True)
class CombatResult:
    attacker_hits: int
    defender_hits: int
    hysteria: bool
    column: str
    row: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Modifier:
    id: str
    value: int
    applies_to: frozenset[str]
    rule: str
    level: str
    provenance: Provenance
    text: str


def _column_index(columns: list[dict[str, Any]], value: int) -> int:
    for i, col in enumerate(columns):
        lo, hi = col["min"], col["max"]
        if (lo is None or value >= lo) and (hi is None or value <= hi):
            return i
    # Values between two printed ranges cannot happen with integer columns that
    # tile the line; anything outside falls into the nearest end column.
    return 0 if value < (columns[0]["max"] or 0) else len(columns) - 1


class Tables:
    """All tables of one scenario."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        combat = data["combat"]
        self.combat_columns = combat["columns"]
        self.combat_rows = {row["roll"]: row["cells"] for row in combat["rows"]}
        self.combat_min_row = min(self.combat_rows)
        self.combat_max_row = max(self.combat_rows)
        fire = data["fire"]
        self.fire_columns = fire["columns"]
        self.fire_rows = {row["roll"]: row["cells"] for row in fire["rows"]}
        self.fire_min_row = min(self.fire_rows)
        self.fire_max_row = max(self.fire_rows)
        terrain = data["terrain"]
        self.move_cost = {k: v["cost"] for k, v in terrain["movement_cost"].items()}
        self.path_cost = terrain["path_cost"]["cost"]
        self.river_cost = {k: v["cost"] for k, v in terrain["river_crossing"].items()}
        self.flying_cost = terrain["flying_cost"]["cost"]
        self.modifiers = {
            m["id"]: Modifier(
                m["id"], m["value"], frozenset(m["applies_to"]), m["rule"], m.get("level", "basic"),
                Provenance.parse(m["provenance"]), m.get("text", ""),
            )
            for m in data["modifiers"]
        }
        self._combat_cache: dict[tuple[int, int, int], CombatResult] = {}

    def combat_column(self, difference: int) -> int:
        return _column_index(self.combat_columns, difference)

    def combat(self, difference: int, modified_roll: int, shift: int = 0) -> CombatResult:
        """Look up a combat. Rows outside the table use its first or last row (B-7 Notes).
        ``shift`` moves that many columns right (S-10 Bolg, O-3 Thorin), never off the table."""
        key = (difference, modified_roll, shift)
        hit = self._combat_cache.get(key)
        if hit is not None:
            return hit
        col = min(max(self.combat_column(difference) + shift, 0), len(self.combat_columns) - 1)
        row = min(max(modified_roll, self.combat_min_row), self.combat_max_row)
        cell = self.combat_rows[row][col]
        result = CombatResult(
            cell["attacker"], cell["defender"], bool(cell.get("hysteria")),
            self.combat_columns[col]["label"], row, Provenance.parse(cell["provenance"]),
        )
        self._combat_cache[key] = result
        return result

    def fire_column(self, strength: int) -> int:
        return _column_index(self.fire_columns, strength)

    def fire(self, strength: int, modified_roll: int) -> tuple[int, Provenance]:
        """Hits from a shot of total ``strength``; rolls above the table miss."""
        if strength <= 0 or modified_roll > self.fire_max_row:
            return 0, Provenance("rulebook", "Tables, Fire Table (beyond the last row)")
        row = max(modified_roll, self.fire_min_row)
        cell = self.fire_rows[row][self.fire_column(strength)]
        return cell["hits"], Provenance.parse(cell["provenance"])

    def modifier(self, mid: str) -> Modifier:
        return self.modifiers[mid]
