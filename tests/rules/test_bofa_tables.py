"""The Combat and Fire Tables: printed cells, worked examples and the reconstructed shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.rules.bofa1984.tables import Tables

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tables() -> Tables:
    data = json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8"))
    return Tables(data["tables"])


def test_combat_table_has_eleven_columns_and_rows_0_to_13(tables):
    """Tables: 11 difference columns from -5/-6 to +15 & more; the 0 row is reached by deductions."""
    assert [c["label"] for c in tables.combat_columns] == [
        "-5/-6", "-3/-4", "-2/-1", "0", "+1/+2", "+3/+4", "+5/+6", "+7/+8", "+9/+10", "+11/+14", "+15 & more"]
    assert tables.combat_min_row == 0 and tables.combat_max_row >= 13


def test_printed_rows_0_and_1(tables):
    """Tables, Combat Table: row 0 is 1 1 1 1 2 2 2 3 3 3 3; row 1 is - 1 1 1 1 2 2 (defender hits)."""
    diffs = [-5, -3, -2, 0, 1, 3, 5, 7, 9, 11, 15]
    assert [tables.combat(d, 0).defender_hits for d in diffs] == [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    assert [tables.combat(d, 1).defender_hits for d in diffs[:7]] == [0, 1, 1, 1, 1, 2, 2]
    assert all(tables.combat(d, 0).provenance.printed for d in diffs)


def test_b7_example_column_0_roll_3_is_one_defender_hit(tables):
    """B-7: strength 6 against 6 is column 0; a roll of 3 costs the defender a hit.

    The printed row 1 of column 0 is a defender hit too: in column 0 the defender's
    band runs from row 0 down to row 3, so both agree.
    """
    r = tables.combat(6 - 6, 3)
    assert (r.column, r.attacker_hits, r.defender_hits) == ("0", 0, 1)
    assert tables.combat(0, 1).defender_hits == 1
    assert r.provenance.printed


def test_b7_illustration_columns(tables):
    """B-7 illustration: -2 is the -2/-1 column; with the second wave, +4 is the +3/+4 column."""
    assert tables.combat_columns[tables.combat_column(-2)]["label"] == "-2/-1"
    assert tables.combat_columns[tables.combat_column(4)]["label"] == "+3/+4"
    assert tables.combat_columns[tables.combat_column(-9)]["label"] == "-5/-6"
    assert tables.combat_columns[tables.combat_column(40)]["label"] == "+15 & more"


def test_shape_defender_upper_right_attacker_lower_left_empty_band_between(tables):
    """Tables note: defender results in the upper right, attacker in the lower left; low rolls help the attacker."""
    for diff in [-5, -3, -2, 0, 1, 3, 5, 7, 9, 11, 15]:
        column = [tables.combat(diff, r) for r in range(0, tables.combat_max_row + 1)]
        kinds = ["D" if c.defender_hits else "A" if c.attacker_hits else "-" for c in column]
        text = "".join(kinds)
        # D... then - ... then A..., never mixed, never both in one cell
        assert all(not (c.defender_hits and c.attacker_hits) for c in column)
        first_empty = text.index("-")
        assert set(text[:first_empty]) == {"D"}
        rest = text[first_empty:].lstrip("-")
        assert set(rest) <= {"A"}
        # defender hits shrink and attacker hits grow as the roll rises
        dh = [c.defender_hits for c in column if c.defender_hits]
        ah = [c.attacker_hits for c in column if c.attacker_hits]
        assert dh == sorted(dh, reverse=True) and ah == sorted(ah)
    for r in range(tables.combat_max_row + 1):
        row = [tables.combat(d, r).defender_hits for d in [-5, -3, -2, 0, 1, 3, 5, 7, 9, 11, 15]]
        assert row == sorted(row), f"row {r}: defender hits grow to the right"


def test_rows_beyond_the_table_use_its_ends(tables):
    """B-7 Notes: combats below -5/-6 use that column; above the last row we use the last row."""
    assert tables.combat(-20, 5) == tables.combat(-5, 5)
    assert tables.combat(0, 40).attacker_hits == tables.combat(0, tables.combat_max_row).attacker_hits
    assert tables.combat(0, -3) == tables.combat(0, 0)


def test_every_cell_has_a_provenance(tables):
    for cells in tables.combat_rows.values():
        assert all(c["provenance"].split()[0] in ("rulebook", "reconstructed") for c in cells)
    for cells in tables.fire_rows.values():
        assert all(c["provenance"].split()[0] in ("rulebook", "reconstructed") for c in cells)


def test_fire_table_printed_rows(tables):
    """Tables, Fire Table rows 1-3 as printed; columns 1, 2-3, 4-5, 6-7(8), 9-11, 12-14, 15+."""
    strengths = [1, 2, 4, 6, 9, 12, 15]
    assert [tables.fire(s, 1)[0] for s in strengths] == [1, 2, 2, 3, 3, 3, 3]
    assert [tables.fire(s, 2)[0] for s in strengths] == [1, 1, 1, 2, 2, 2, 2]
    assert [tables.fire(s, 3)[0] for s in strengths] == [0, 1, 1, 1, 1, 2, 2]
    assert tables.fire(8, 1)[0] == tables.fire(6, 1)[0]  # 8 is in no printed heading: read as 6-7
    assert [r for r in sorted(tables.fire_rows)] == list(range(1, 11))


def test_fire_table_stronger_fire_hits_more(tables):
    for r in range(1, 11):
        row = [tables.fire(s, r)[0] for s in [1, 2, 4, 6, 9, 12, 15]]
        assert row == sorted(row)
    assert tables.fire(6, 11)[0] == 0


def test_terrain_table(tables):
    """Terrain Table: mountain 2, plain 1, slope 2, summit 1, Dale 2, path 1, Front Gate 4; river +1/+2."""
    assert tables.move_cost == {"plain": 1, "mountain": 2, "mountain_slope": 2, "summit": 1, "dale": 2,
                                "cliff": None, "front_gate": 4}
    assert tables.path_cost == 1
    assert tables.river_cost == {"free_peoples": 1, "dark": 2}


def test_basic_modifiers(tables):
    """B-7 terrain advantages: +1 lower level, +1 river, +1 Dale, +1 guard room, +2 Front Gate."""
    basic = {m.id: m.value for m in tables.modifiers.values() if m.level == "basic"}
    assert basic == {"attack_from_lower_level": 1, "attack_across_river": 1, "defender_in_dale": 1,
                     "defender_in_guard_room": 1, "defender_in_front_gate": 2}
