"""Build ``scenarios/bofa1984-basic.json``: counter manifest, tables, schedule and setup.

The scenario file is the source of truth that players edit; this script only wrote
its first version (and rewrites it when the reconstruction is revised), so that
156 counters and 200-odd table cells are not typed by hand. Every value says where
it comes from: ``rulebook <section>`` when the rulebook text prints it, otherwise
``reconstructed`` (see docs/tables.md for the reasoning).

Run: ``python scripts/build_bofa1984.py [MAP] [OUT]``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from bofa_studio.jsonfile import dumps_stable, write_atomic  # noqa: E402

RB = "rulebook"
RC = "reconstructed"

# ----------------------------------------------------------------------------
# Counter manifest ("The Counters"). Unit types: (weapon, strength, movement, bow,
# provenance of the full side, flags).
# ----------------------------------------------------------------------------
UNIT_TYPES: dict[str, dict[str, Any]] = {
    # Free Peoples
    "elf_archer": dict(weapon="long_bow", s=7, m=7, bow=6, prov=f"{RB} Counters sample 7(6)-7; B-8 bow 6", flags=["elf"]),
    "elf_spearman": dict(weapon="spear", s=7, m=7, prov=f"{RB} Counters sample 7-7; B-2 note", flags=["elf"]),
    "elf_swordsman": dict(weapon="sword", s=6, m=7, prov=f"{RC} from the B-7 example Elf of strength 6", flags=["elf"]),
    "man_archer": dict(weapon="long_bow", s=5, m=6, bow=4, prov=RC, flags=["man"]),
    "man_spearman": dict(weapon="spear", s=6, m=6, prov=RC, flags=["man"]),
    "dwarf_axeman": dict(weapon="war_axe", s=7, m=4, prov=f"{RB} Counters sample 7-4", flags=["dwarf"]),
    "dwarf_spearman": dict(weapon="spear", s=6, m=4, prov=RC, flags=["dwarf"]),
    "giant_eagle": dict(weapon="talons", s=3, m=10, prov=f"{RB} Counters sample 3-10", flags=["eagle"]),
    # Dark
    "goblin_scimitar": dict(weapon="scimitar", s=4, m=5, prov=f"{RC} (sample 2-5 read as its reduced side)", flags=["goblin"]),
    "goblin_archer": dict(weapon="short_bow", s=4, m=5, bow=4, prov=f"{RB} Counters sample 4(4)-5; B-8 bow 4", flags=["goblin"]),
    "goblin_spearman": dict(weapon="spear", s=5, m=5, prov=f"{RC} from B-7 'strength of 5 each'", flags=["goblin"]),
    "goblin_axeman": dict(weapon="axe", s=6, m=5, prov=f"{RC} (sample 3-5 read as its reduced side; S-6 goblin of 6)", flags=["goblin"]),
    "wolf_rider": dict(weapon="scimitar", s=5, m=7, prov=f"{RB} Counters sample 5-7", flags=["goblin", "wolf_rider"]),
    "bodyguard": dict(weapon="axe", s=6, m=6, prov=f"{RC} (S-7: axe symbol, scimitars of steel)", flags=["goblin", "bodyguard"]),
    "wolf": dict(weapon="fangs", s=2, m=8, prov=f"{RB} Counters sample 2-8", flags=["wolf"]),
    "warg": dict(weapon="fangs", s=4, m=8, prov=f"{RB} Counters sample 4-8", flags=["warg"]),
}

# Leaders and characters: (id, name, side, colour, command, weapon, strength, movement, bow, provenance, flags)
LEADERS: list[tuple] = [
    ("bard", "Bard the Bowman", "free_peoples", "medium_blue", "men", "long_bow", 4, 6, 1, f"{RB} B-8 bow 1; strength and movement {RC}", ["man"]),
    ("bilbo", "Bilbo Baggins", "free_peoples", "light_blue", "elves", "sword", 2, 6, 0, f"{RC} (S-10: survives 2 hits in the Standard Game)", ["hobbit"]),
    ("gwaihir", "Gwaihir", "free_peoples", "light_blue", "eagles", "talons", 5, 12, 0, RC, ["eagle"]),
    ("beorn", "Beorn", "free_peoples", "grey", "beorn", "claws", 8, 6, 0, f"{RB} S-10 strength 8 ('can take 8 hits'); movement {RC}", ["beorn"]),
    ("gandalf", "Gandalf", "free_peoples", "grey", "free_peoples", "staff", 5, 7, 0, f"{RB} Counters sample 5-7; S-10 strength 5", []),
    ("thorin", "Thorin Oakenshield", "free_peoples", "grey", "dwarves", "war_axe", 4, 5, 0, f"{RB} Counters sample 4-5", ["dwarf", "thorin"]),
    ("dain", "Dain Ironfoot", "free_peoples", "grey", "dwarves", "war_axe", 5, 4, 0, RC, ["dwarf"]),
    ("thranduil", "Thranduil", "free_peoples", "green", "elves", "sword", 4, 7, 0, RC, ["elf"]),
    ("bolg", "Bolg of the North", "dark", "yellow_red", "dark", "axe", 5, 6, 0, f"{RB} S-1 example strength 5; movement {RC}", ["goblin"]),
    ("azug", "Azug the Monstrous", "dark", "red_black", "azug", "scimitar", 4, 6, 0, RC, ["goblin"]),
    ("thuk", "Thuk", "dark", "black_white", "thuk", "scimitar", 3, 6, 0, f"{RC} (O-5: returns with 1 = half of 3 rounded down)", ["goblin"]),
    ("thrak", "Thrak", "dark", "orange_black", "thrak", "scimitar", 4, 6, 0, RC, ["goblin"]),
    ("osag", "Osag", "dark", "red_white", "osag", "spear", 3, 6, 0, RC, ["goblin"]),
    ("gurash", "Gurash the Great", "dark", "yellow_black", "gurash", "scimitar", 3, 6, 0, f"{RB} Counters sample 3-6; S-6 example strength 3", ["goblin"]),
]

# Groups of combat counters: (prefix, side, colour, command, [(unit type, count)], count provenance)
GROUPS: list[tuple] = [
    ("man", "free_peoples", "medium_blue", "men", [("man_archer", 3), ("man_spearman", 3)], "Counters: Bard and his 6 counters"),
    ("eagle", "free_peoples", "light_blue", "eagles", [("giant_eagle", 4)], "Counters: Gwaihir and the 4 Giant Eagles"),
    ("dwarf", "free_peoples", "grey", "dwarves", [("dwarf_axeman", 6), ("dwarf_spearman", 2)], "Counters: Dain with his 8 Dwarves"),
    ("elf", "free_peoples", "green", "elves", [("elf_archer", 10), ("elf_spearman", 8), ("elf_swordsman", 2)], "Counters: Thranduil and his 20 Elf counters"),
    ("bodyguard", "dark", "yellow_red", "dark", [("bodyguard", 5)], "Counters: Bolg with his 5 bodyguards"),
    ("azug", "dark", "red_black", "azug", [("goblin_scimitar", 6), ("goblin_archer", 4), ("goblin_spearman", 4), ("goblin_axeman", 4)], "Counters: Azug with the 18 counters of his tribe"),
    ("thuk", "dark", "black_white", "thuk", [("goblin_scimitar", 6), ("goblin_archer", 4), ("goblin_spearman", 4), ("goblin_axeman", 3)], "Counters: Thuk with the 17 counters of his tribe"),
    ("thrak", "dark", "orange_black", "thrak", [("wolf_rider", 5), ("goblin_scimitar", 4), ("goblin_archer", 3), ("goblin_spearman", 3)], "Counters: Thak with the 15 counters of his tribe; B-9 wolf rider"),
    ("osag", "dark", "red_white", "osag", [("goblin_spearman", 6), ("goblin_archer", 2), ("goblin_scimitar", 2)], "Counters: Osag with the 10 counters of his tribe; spearmen per the character notes"),
    ("gurash", "dark", "yellow_black", "gurash", [("goblin_scimitar", 4), ("goblin_archer", 2), ("goblin_spearman", 2), ("goblin_axeman", 2)], "Counters: Gurash with the 10 counters of his tribe"),
    ("wolf", "dark", "brown_black", "wolves", [("wolf", 8)], "Counters: the 8 wolves"),
    ("warg", "dark", "brown_darkbrown", "wargs", [("warg", 5)], "Counters: the 5 wargs"),
]


def _reduced(value: int) -> int:
    # The B-7 example pairs goblins of 5 with their reduced side of 3, so a
    # reduced value is half the full one rounded up (never below 1).
    return max(1, math.ceil(value / 2)) if value else 0


def _counter(cid: str, name: str, side: str, colour: str, command: str, weapon: str, kind: str,
             s: int, m: int, bow: int, prov: str, flags: list[str]) -> dict[str, Any]:
    return {
        "id": cid,
        "name": name,
        "side": side,
        "colour": colour,
        "command": command,
        "weapon": weapon,
        "kind": kind,
        "flags": sorted(set(flags)),
        "full": {"strength": s, "movement": m, "bow": bow},
        "reduced": {"strength": _reduced(s), "movement": m, "bow": _reduced(bow)},
        "provenance": {"full": prov, "reduced": f"{RC} (half the full value, rounded up, as in the B-7 example)"},
    }


def counters() -> list[dict[str, Any]]:
    result = []
    for cid, name, side, colour, command, weapon, s, m, bow, prov, flags in LEADERS:
        result.append(_counter(cid, name, side, colour, command, weapon, "leader", s, m, bow, prov, flags))
    for prefix, side, colour, command, parts, count_prov in GROUPS:
        for utype, count in parts:
            t = UNIT_TYPES[utype]
            for i in range(1, count + 1):
                shared = sum(utype == u for g in GROUPS for u, _ in g[4]) > 1
                c = _counter(
                    f"{prefix}_{utype}_{i}" if shared else f"{utype}_{i}",
                    f"{utype.replace('_', ' ').title()} {i} ({command})",
                    side, colour, command, t["weapon"], "unit", t["s"], t["m"], t.get("bow", 0), t["prov"], t["flags"],
                )
                c["type"] = utype
                c["provenance"]["count"] = f"{RB} {count_prov}; the split by weapon is {RC}"
                result.append(c)
    return result


# ----------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------
COMBAT_COLUMNS = [
    ("-5/-6", None, -5), ("-3/-4", -4, -3), ("-2/-1", -2, -1), ("0", 0, 0), ("+1/+2", 1, 2),
    ("+3/+4", 3, 4), ("+5/+6", 5, 6), ("+7/+8", 7, 8), ("+9/+10", 9, 10), ("+11/+14", 11, 14),
    ("+15 & more", 15, None),
]
COMBAT_PRINTED = {
    0: [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3],
    1: [0, 1, 1, 1, 1, 2, 2],  # the rest of row 1 is lost in the text
}
COMBAT_MAX_ROW = 16
# Width of the empty band between the defender's and the attacker's losses.
COMBAT_GAP = 4


def _hits_for_depth(depth: int) -> int:
    # Fits every printed cell: 1 hit for the first 4 rows of a band, 2 for the next 3, then 3.
    return 1 if depth <= 3 else 2 if depth <= 6 else 3


def combat_table() -> dict[str, Any]:
    """Rows 0..16, 11 columns. Defender band: rows 0..c in column c (0-based); empty band
    of COMBAT_GAP rows; attacker band below. Each cell: [attacker hits, defender hits,
    hysteria asterisk, provenance]."""
    rows = []
    for r in range(COMBAT_MAX_ROW + 1):
        cells = []
        for c in range(len(COMBAT_COLUMNS)):
            last_def = c
            first_att = c + 1 + COMBAT_GAP
            att = dfn = 0
            if r <= last_def:
                dfn = _hits_for_depth(last_def - r)
            elif r >= first_att:
                att = _hits_for_depth(r - first_att)
            printed = r in COMBAT_PRINTED and c < len(COMBAT_PRINTED[r])
            if printed:
                assert dfn == COMBAT_PRINTED[r][c], (r, c)
            # Hysteria marks (O-4) are not legible in the text; we mark the defender's
            # edge-of-band results from row 2 down (a marginal win unnerves most).
            star = bool(dfn) and r == last_def and r >= 2
            prov = f"{RB} Tables, Combat Table row {r}" if printed else RC
            if r == 3 and c == 3:
                prov = f"{RB} B-7 example (column 0, roll 3: one hit)"
            cells.append({"attacker": att, "defender": dfn, "hysteria": star, "provenance": prov})
        rows.append({"roll": r, "cells": cells})
    return {
        "columns": [
            {"label": label, "min": lo, "max": hi, "provenance": f"{RB} Tables, Combat Table heading"}
            for label, lo, hi in COMBAT_COLUMNS
        ],
        "rows": rows,
        "below_min_row": "use row 0",
        "above_max_row": f"use row {COMBAT_MAX_ROW}",
    }


FIRE_COLUMNS = [("1", 1, 1), ("2-3", 2, 3), ("4-5", 4, 5), ("6-8", 6, 8), ("9-11", 9, 11), ("12-14", 12, 14), ("15 & more", 15, None)]
FIRE_HITS = [
    [1, 1],
    [2, 1, 1],
    [2, 1, 1, 1],
    [3, 2, 1, 1, 1],
    [3, 2, 1, 1, 1, 1],
    [3, 2, 2, 1, 1, 1, 1],
    [3, 2, 2, 2, 1, 1, 1, 1],
]
FIRE_PRINTED_ROWS = 3


def fire_table() -> dict[str, Any]:
    rows = []
    for r in range(1, 11):
        cells = []
        for col in FIRE_HITS:
            hits = col[r - 1] if r - 1 < len(col) else 0
            prov = f"{RB} Tables, Fire Table row {r}" if r <= FIRE_PRINTED_ROWS else RC
            cells.append({"hits": hits, "provenance": prov})
        rows.append({"roll": r, "cells": cells})
    return {
        "columns": [
            {
                "label": label, "min": lo, "max": hi,
                "provenance": (f"{RC} (printed '6-7'; 8 is in no printed heading)" if label == "6-8"
                               else f"{RB} Tables, Fire Table heading"),
            }
            for label, lo, hi in FIRE_COLUMNS
        ],
        "rows": rows,
        "below_min_row": "use row 1",
        "above_max_row": "no result",
    }


def terrain_table() -> dict[str, Any]:
    tt = f"{RB} Tables, Terrain Table"
    return {
        "movement_cost": {
            "plain": {"cost": 1, "provenance": tt},
            "mountain": {"cost": 2, "provenance": tt},
            "mountain_slope": {"cost": 2, "provenance": tt},
            "summit": {"cost": 1, "provenance": tt},
            "dale": {"cost": 2, "provenance": tt},
            "cliff": {"cost": None, "provenance": f"{tt}: cannot be entered"},
            "front_gate": {"cost": 4, "provenance": f"{tt}; B-6"},
        },
        "path_cost": {"cost": 1, "provenance": f"{tt}; B-6 (path hex to path hex)"},
        "river_crossing": {
            "free_peoples": {"cost": 1, "provenance": tt},
            "dark": {"cost": 2, "provenance": tt},
        },
        "flying_cost": {"cost": 1, "provenance": f"{RB} B-6 (Giant Eagles use 1 point per hex)"},
    }


def modifiers() -> list[dict[str, Any]]:
    """Die-roll modifiers. ``id`` names the condition the engine tests; ``level`` says
    whether it is in force in the Basic or only in the Standard Game."""
    def m(mid, value, applies, rule, prov, level="basic", text=""):
        return {"id": mid, "value": value, "applies_to": applies, "rule": rule, "level": level,
                "provenance": prov, "text": text}
    return [
        m("attack_from_lower_level", 1, ["attack"], "B-7", f"{RB} B-7 (the sheet prints 'from a higher hex'; the rules text wins)",
          text="an attacking counter stands on a lower level than the defender (slopes and plain are below mountain level 1 and the summit)"),
        m("attack_across_river", 1, ["attack"], "B-7", f"{RB} B-7; Terrain Bonuses", text="an attacking counter is across a river hexside"),
        m("defender_in_dale", 1, ["attack"], "B-7", f"{RB} B-7; Terrain Bonuses", text="the defender is in a Dale hex"),
        m("defender_in_guard_room", 1, ["attack"], "B-7", f"{RB} B-7; Terrain Bonuses", text="the defender is in a guard room"),
        m("defender_in_front_gate", 2, ["attack"], "B-7", f"{RB} B-7; Terrain Bonuses", text="the defender is in the Front Gate"),
        m("spearmen_only_attack", -1, ["attack"], "S-7", f"{RB} Tables, Combat Modification", "standard"),
        m("bolg_bodyguard_attack", -1, ["attack"], "S-7", f"{RB} Tables, Combat Modification", "standard"),
        m("beorn_attack", -1, ["attack"], "S-7", f"{RB} Tables, Combat Modification", "standard"),
        m("goblin_skirmish", -1, ["skirmish"], "S-7", f"{RB} Tables, Close Combat Modifiers", "standard"),
        m("beorn_skirmish", -2, ["skirmish"], "S-7", f"{RB} Tables, Close Combat Modifiers", "standard"),
        m("second_wave_from_below", 1, ["skirmish"], "S-7", f"{RB} S-7 Skirmishes", "standard",
          text="the second wave comes from a lower level"),
        m("second_wave_across_river", 1, ["skirmish"], "S-7", f"{RB} S-7 Skirmishes", "standard",
          text="the second wave comes across a river hexside"),
        m("second_wave_at_front_gate", 2, ["skirmish"], "S-7", f"{RB} S-7 Skirmishes", "standard",
          text="the second wave joins a skirmish at the Front Gate"),
        m("second_wave_second_counter", 1, ["skirmish"], "S-7", f"{RB} S-7 Skirmishes", "standard",
          text="a second counter joins the second wave (read as: the wave is a stack of two counters)"),
        m("fire_at_dale", 1, ["fire"], "S-8", f"{RB} Tables, Fire Modification", "standard"),
        m("fire_uphill", 1, ["fire"], "S-8", f"{RB} Tables, Fire Modification", "standard"),
        m("fire_at_guard_room", 2, ["fire"], "S-8", f"{RB} Tables, Fire Modification", "standard"),
        m("fire_at_front_gate", 2, ["fire"], "S-8", f"{RB} Tables, Fire Modification", "standard"),
        m("fire_at_flying_eagle", 1, ["fire"], "S-8", f"{RB} Tables, Fire Modification", "standard"),
    ]


def tables() -> dict[str, Any]:
    return {"combat": combat_table(), "fire": fire_table(), "terrain": terrain_table(), "modifiers": modifiers()}


# ----------------------------------------------------------------------------
# Scenario
# ----------------------------------------------------------------------------
OPTIONS = {
    "s3_regrouping": "S-3: a regrouping phase opens every turn (the Free Peoples in white turns, the Dark in black)",
    "s3_second_chooser_may_draw": "S-3: the second chooser may draw blind instead of playing his chip",
    "s5_second_wave_roll": "S-5: a die roll picks the north-east, north-west or either edge for the Second Wave",
    "s6_morale": "S-6: morale checks to enter enemy hexes; only Dwarves may hold the Front Gate",
    "s7_dive_attacks": "S-7: Giant Eagles dive on enemy units on the mountain",
    "s7_eagle_skirmishes": "S-7: Giant Eagles and skirmishes (enemies move through Eagles; no Eagle second waves)",
    "s7_rolling_rocks": "S-7: rocks roll down the slope lines at the start of FIRE and COMBAT phases",
    "s7_combat_modifiers": "S-7/S-10: spearmen, Bolg's bodyguard, Beorn, goblin skirmishes, second waves, Bolg's column shift",
    "s8_fire": "S-8: line of sight, fire modifiers, no fire out of the guard rooms",
    "s8_gandalf_spells": "S-8: Gandalf's three spells",
    "s10_leaders": "S-10/S-1: hit markers on leaders, their regrouping and escape; Bilbo's ring",
    "s11_victory": "S-11: contested victory hexes and areas under the half-strength rule",
    "o1_bat_attack": "O-1 Bat Attack",
    "o2_three_players": "O-2: a third player commands the Second Wave (Gurash and Osag)",
    "o2_four_players": "O-2: the Free Peoples split too (Elves, Beorn, Gandalf, Bilbo / Dwarves, Men, Eagles)",
    "o3_thorin": "O-3 Thorin",
    "o4_hysteria": "O-4 Hysteria",
    "o5_goblin_leaders": "O-5 Goblin Leaders",
    "o6_variable_reinforcements": "O-6 Variable Reinforcements",
    "o7_additional_stacking": "O-7 Additional Stacking",
    "o8_extra_elves": "O-8 Extra Elves",
    "o9_extra_turns": "O-9 Extra Turns",
}
STANDARD_RULES = [k for k in OPTIONS if k.startswith("s")]
# O-1, O-3, O-4, O-5: the optional rules the rulebook offers to balance games between
# experienced players ("the Free Peoples player has a slight advantage").
TOURNAMENT_RULES = ["o1_bat_attack", "o3_thorin", "o4_hysteria", "o5_goblin_leaders"]
VARIANTS: dict[str, dict[str, Any]] = {
    "basic": {
        "level": "basic", "options": [],
        "name": "The Battle of Five Armies - Basic Game",
        "description": "The 1984 Basic Game (B-1..B-11) with the B-2 setup.",
    },
    "standard": {
        "level": "standard", "options": STANDARD_RULES,
        "name": "The Battle of Five Armies - Standard Game",
        "description": "The 1984 Standard Game (S-1..S-11): regrouping, morale checks, dive attacks, rolling "
                       "rocks, line of sight, Gandalf's spells, leaders with hit markers and contested victory "
                       "hexes, with the B-2 setup. No optional rules.",
    },
    "tournament": {
        "level": "standard", "options": STANDARD_RULES + TOURNAMENT_RULES,
        "name": "The Battle of Five Armies - Standard Game, tournament options",
        "description": "The Standard Game with the optional rules meant to balance games between experienced "
                       "players: O-1 Bat Attack, O-3 Thorin, O-4 Hysteria and O-5 Goblin Leaders.",
    },
}


def scenario(default_placement: dict[str, str] | None = None, variant: str = "basic") -> dict[str, Any]:
    v = VARIANTS[variant]
    cs = counters()
    ids = [c["id"] for c in cs]

    def of(pred) -> list[str]:
        return [c["id"] for c in cs if pred(c)]

    removed = ["elf_spearman_7", "elf_spearman_8", "elf_archer_10"]
    elves = [i for i in of(lambda c: c["command"] == "elves" and c["kind"] == "unit") if i not in removed]
    assert all(r in ids for r in removed)
    return {
        "format": "bofa-studio.scenario",
        "version": 1,
        "meta": {
            "name": v["name"],
            "description": v["description"],
            "provenance": "Rules, schedule and zones from the 1984 rulebook; counter values and most table "
                          "cells reconstructed (see docs/tables.md).",
        },
        "ruleset": "bofa1984",
        "map": "../maps/bofa1984.json",
        "sides": [
            {"id": "free_peoples", "name": "Free Peoples", "first_choice_turns": "even", "rule": f"{RB} B-3 (white turns)"},
            {"id": "dark", "name": "Dark", "first_choice_turns": "odd", "rule": f"{RB} B-3 (black turns)"},
        ],
        "rules": {"level": v["level"], "options": {k: k in v["options"] for k in OPTIONS}, "option_notes": OPTIONS},
        "turns": 12,
        "counters": cs,
        "order_of_battle": {
            "removed": {"counters": removed, "rule": "B-2 note: 2 Elf spearmen and 1 Elf archer leave the Basic Game"},
            "setup_order": ["free_peoples", "dark"],
            "setup": [
                {"zone": "setup.free_peoples.nw", "rule": "B-2",
                 "counters": ["thranduil", "bilbo", "gandalf"] + elves},
                {"zone": "setup.free_peoples.ne", "rule": "B-2",
                 "counters": ["bard"] + of(lambda c: c["command"] == "men" and c["kind"] == "unit")
                 + ["dain"] + of(lambda c: c["command"] == "dwarves" and c["kind"] == "unit")},
                {"zone": "setup.thorin", "rule": "B-2", "counters": ["thorin"]},
                {"zone": "setup.dark", "rule": "B-2",
                 "counters": ["thrak", "thuk", "azug"] + of(lambda c: c["command"] in ("thrak", "thuk", "azug", "wolves") and c["kind"] == "unit")},
            ],
            "reinforcements": [
                {"turn": 4, "side": "dark", "name": "Second Wave", "rule": "B-5",
                 "counters": ["gurash", "osag"] + of(lambda c: c["command"] in ("gurash", "osag") and c["kind"] == "unit"),
                 "entry": {"groups": ["north_west", "north_east"], "onto_enemy": True},
                 "alternatives": {"option": "s5_second_wave_roll", "rule": "S-5", "rolls": [
                     {"min": 1, "max": 3, "groups": ["north_east"]},
                     {"min": 4, "max": 6, "groups": ["north_west"]},
                     {"min": 7, "max": 10, "groups": ["north_west", "north_east"]},
                 ]}},
                {"turn": 5, "side": "dark", "name": "Third Attack", "rule": "B-5",
                 "counters": ["bolg"] + of(lambda c: c["command"] in ("dark", "wargs") and c["kind"] == "unit"),
                 "entry": {"groups": ["south_west", "south_east"], "onto_enemy": False}},
                {"turn": 7, "side": "free_peoples", "name": "Giant Eagles", "rule": "B-5",
                 "counters": ["gwaihir"] + of(lambda c: c["command"] == "eagles" and c["kind"] == "unit"),
                 "entry": {"groups": ["north_west", "north_east"], "onto_enemy": False}},
                {"turn": 8, "side": "free_peoples", "name": "Beorn", "rule": "B-5",
                 "counters": ["beorn"],
                 "entry": {"circle": True, "nearest_free": True, "onto_enemy": False}},
            ],
        },
        "default_placement": default_placement or {},
        "chips": {
            "kinds": ["move", "combat", "fire", "fire_combat"],
            "mix": [
                {"from_turn": 1, "to_turn": 3, "phases": 4, "rule": f"{RB} B-2, B-3",
                 "chips": {"move": 3, "combat": 1, "fire_combat": 1, "fire": 1}},
                {"from_turn": 4, "to_turn": 16, "phases": 6, "rule": f"{RB} B-3 (one more FIRE and COMBAT from turn 4)",
                 "chips": {"move": 3, "combat": 2, "fire_combat": 1, "fire": 2}},
            ],
        },
        "victory": {
            "rule": "B-11",
            "locations": ["victory.guard_room_west", "victory.guard_room_east", "victory.front_gate",
                          "victory.summit", "victory.dale"],
            "levels": [
                {"margin": 1, "name": "marginal", "rule": "S-11"},
                {"margin": 2, "name": "tactical", "rule": "S-11"},
                {"all": True, "name": "complete", "rule": "S-11"},
            ],
        },
        "tables": tables(),
    }


def main(argv: list[str]) -> int:
    """``MAP [OUT [VARIANT]]`` writes one scenario; ``MAP --all`` writes every variant to scenarios/."""
    placement: dict[str, str] = {}
    if len(argv) > 1 and Path(argv[1]).exists():
        from bofa_studio.board import load_map
        from bofa_studio.scenario.placement import default_placement

        placement = default_placement(scenario(), load_map(argv[1]))
    if len(argv) > 2 and argv[2] == "--all":
        targets = [(Path(f"scenarios/bofa1984-{name}.json"), name) for name in VARIANTS]
    else:
        out = Path(argv[2]) if len(argv) > 2 else Path("scenarios/bofa1984-basic.json")
        targets = [(out, argv[3] if len(argv) > 3 else "basic")]
    for out, variant in targets:
        write_atomic(out, dumps_stable(scenario(placement, variant)))
        print(f"wrote {out} ({variant}): {len(counters())} counters, {len(placement)} placed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
