"""Generate ``scenarios/helms-deep.json``: the order of battle of VII and the tables, each
reconstructed value marked (docs/helms-deep-map.md explains them).

    .venv/bin/python scripts/make_helms_deep_scenario.py     # writes scenarios/helms-deep.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bofa_studio.jsonfile import dumps_stable, write_atomic  # noqa: E402

DEFAULT_OUTPUT = ROOT / "scenarios" / "helms-deep.json"
FIRST, SECOND = "saruman", "rohan"
ARCHER_RANGE = 3  # reconstructed: the counters' range figure is a picture the text lacks

# VII, as printed: (round, group, count, kind, strength, movement).
REINFORCEMENTS = [
    (1, "dunlending", 5, "sword", 5, 4), (1, "dunlending", 1, "archer", 2, 4),
    (1, "uruk", 2, "sword", 4, 4), (1, "uruk", 2, "sword", 3, 4), (1, "uruk", 2, "sword", 2, 4),
    (1, "uruk", 2, "archer", 1, 4),
    (3, "dunlending", 2, "sword", 5, 4), (3, "dunlending", 1, "archer", 2, 4),
    (3, "uruk", 1, "sword", 4, 4), (3, "uruk", 1, "sword", 3, 4),
    (5, "dunlending", 2, "sword", 5, 4), (5, "uruk", 1, "sword", 3, 5), (5, "uruk", 2, "sword", 2, 4),
    (8, "dunlending", 2, "sword", 5, 4), (8, "uruk", 1, "sword", 4, 4), (8, "uruk", 1, "sword", 2, 4),
]

# Rohan: the printed units (two 3-4 in the passage, a 2-4 archer at F-6, Theoden 5-4) and a
# reconstructed rest, with default places on the main wall, in the Hornburg and behind them.
ROHAN = [
    ("roh-passage-1", "sword", 3, "F-5", "rulebook VII"),
    ("roh-passage-2", "sword", 3, "G-5", "rulebook VII"),
    ("roh-archer-f6", "archer", 2, "F-6", "rulebook VII"),
    ("roh-theoden", "sword", 5, "F-11", "rulebook VII"),
    ("roh-sword-1", "sword", 4, "E-11", "reconstructed"),
    ("roh-sword-2", "sword", 4, "G-11", "reconstructed"),
    ("roh-sword-3", "sword", 4, "F-12", "reconstructed"),
    ("roh-sword-4", "sword", 3, "D-12", "reconstructed"),
    ("roh-sword-5", "sword", 3, "H-12", "reconstructed"),
    ("roh-sword-6", "sword", 3, "F-13", "reconstructed"),
    ("roh-archer-1", "archer", 2, "C-12", "reconstructed"),
    ("roh-archer-2", "archer", 2, "I-12", "reconstructed"),
    ("roh-archer-3", "archer", 2, "B-13", "reconstructed"),
    ("roh-archer-4", "archer", 1, "E-13", "reconstructed"),
]

COMBAT_ROWS = [
    (1, "VR1 VR1 VR2 VR3 X X X X X", "rulebook V"),
    (2, "· VR1 VR1 VR2 VR3 X X X X", "rulebook V"),
    (3, "· · VR1 VR1 VR2 VR3 X X X", "reconstructed (the rulebook prints only the first cell, ·)"),
    (4, "AR1 · · VR1 VR1 VR2 VR3 X X", "reconstructed"),
    (5, "AR1* AR1* ·* · VR1 VR1 VR2 VR3 X", "reconstructed"),
    (6, "AR2* AR1* AR1* ·* ·* VR1 VR1 VR2 VR3", "reconstructed"),
]


def build() -> dict:
    units, arrivals = [], {}
    counters: dict[tuple[str, str, int, int], int] = {}
    for rnd, group, count, kind, strength, move in REINFORCEMENTS:
        for _ in range(count):
            key = (group, kind, strength, move)
            counters[key] = counters.get(key, 0) + 1
            uid = f"{group}-{kind}-{strength}{move}-{counters[key]}"
            unit = {"id": uid, "side": FIRST, "group": group, "kind": kind, "strength": strength, "movement": move,
                    "provenance": "rulebook VII"}
            if kind == "archer":
                unit["range"] = ARCHER_RANGE
                unit["provenance"] = "rulebook VII (range reconstructed)"
            units.append(unit)
            arrivals.setdefault(rnd, []).append(uid)
    for uid, kind, strength, _, provenance in ROHAN:
        unit = {"id": uid, "side": SECOND, "group": "rohan", "kind": kind, "strength": strength, "movement": 4,
                "provenance": provenance}
        if uid == "roh-theoden":
            unit["name"] = "Theoden"
        if kind == "archer":
            unit["range"] = ARCHER_RANGE
        units.append(unit)
    return {
        "format": "bofa-studio.scenario",
        "version": 1,
        "ruleset": "helmsdeep",
        "map": "../maps/helms-deep.json",
        "meta": {
            "name": "The Battle of Helm's Deep",
            "source": "The Battle of Helm's Deep rulebook (translated), sections III-VIII",
            "notes": "Saruman's order of battle is printed (VII). Rohan's is printed only in part (two 3-4 units, "
                     "a 2-4 archer, Theoden 5-4): the other ten units, the archers' range, rows 3-6 of the combat "
                     "result table, the terrain movement costs and the number of rounds are reconstructed and "
                     "marked so. See docs/helms-deep-map.md.",
        },
        "sides": {"first": FIRST, "second": SECOND},
        "turns": 15,
        "turns_provenance": "reconstructed: bombs come on rounds 8, 10, 12 and 14, so 15 rounds",
        "units": units,
        "setup": {
            "zone": "setup.rohan",
            "required": {"roh-passage-1": "F-5", "roh-passage-2": "G-5", "roh-archer-f6": "F-6",
                         "roh-theoden": "F-11"},
            "default": {uid: place for uid, _, _, place, _ in ROHAN},
            "immobile": ["roh-theoden"],
            "commander": "roh-theoden",
            "provenance": "rulebook VII (required places, Theoden); default places reconstructed",
        },
        "entry": "entry.north",
        "reinforcements": [{"round": r, "units": ids} for r, ids in sorted(arrivals.items())],
        "bombs": {"rounds": [8, 10, 12, 14], "provenance": "rulebook VII, VI Bombs"},
        "ladders": {"max": 8, "provenance": "rulebook VI Ladders B"},
        "dice": {"ladder_up": 3, "knock_down": 4, "culvert": [4, 3, 2],
                 "provenance": "rulebook VI Ladders D, I; IV The passage of the Klammbach"},
        "movement_costs": {
            "costs": {"plain": 1, "moat": 2, "stream": 2, "ramp": 1, "wall": 1, "hornburg": 1, "tunnel": 1,
                      "culvert": 1},
            "provenance": "reconstructed: the terrain movement card is not in the text; road to road is 1/2 "
                          "(rulebook IV), the culvert is open ground for the second player (IV)",
        },
        "attack_modifiers": {"moat": -2, "stream": -1, "ramp": -3},
        "gate_strength": 1,
        "victory": {
            "points": {"ladder_storm": 30, "theoden": 25, "all_destroyed": 75, "per_exit": 10},
            "levels": [
                {"min_points": 101, "name": "Superior victory for Saruman", "winner": FIRST},
                {"min_points": 75, "name": "Tactical victory of Saruman", "winner": FIRST},
                {"min_points": 45, "name": "Draw", "winner": None},
                {"min_points": 15, "name": "Tactical victory for Theoden", "winner": SECOND},
                {"min_points": 0, "name": "Superior victory for Theoden", "winner": SECOND},
            ],
        },
        "tables": {"combat": {
            "columns": [-1, 0, 1, 2, 3, 4, 5, 6, 7],
            "rows": [{"roll": r, "results": text.split(), "provenance": p} for r, text, p in COMBAT_ROWS],
        }},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    write_atomic(args.output, dumps_stable(build()))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
