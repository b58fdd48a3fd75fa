"""Build ``rule_texts.json``: the rulebook passages the scenario editor shows as tooltips.

The rulebook itself is not shipped in the package, but an author choosing an
option should read the rule's own words, not a paraphrase. This script cuts
the sections the editor needs out of the rulebook text and writes them as
package data; run it again when the rulebook text is revised.

Run: ``python scripts/build_rule_texts.py RULEBOOK.txt [OUT.json]``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from bofa_studio.jsonfile import dumps_stable, write_atomic  # noqa: E402

OUT = ROOT / "bofa_studio" / "ui" / "scenario_editor" / "rule_texts.json"  # package data the editor reads

# The sections the editor quotes: options by their scenario key, and the setup,
# reinforcement and stacking rules the placement checks name.
OPTION_SECTIONS = {
    "s3_regrouping": "S-3",
    "s3_second_chooser_may_draw": "S-3",
    "s5_second_wave_roll": "S-5",
    "s6_morale": "S-6",
    "s7_dive_attacks": "S-7",
    "s7_eagle_skirmishes": "S-7",
    "s7_rolling_rocks": "S-7",
    "s7_combat_modifiers": "S-7",
    "s8_fire": "S-8",
    "s8_gandalf_spells": "S-8",
    "s10_leaders": "S-10",
    "s11_victory": "S-11",
    "o1_bat_attack": "O-1",
    "o2_three_players": "O-2",
    "o2_four_players": "O-2",
    "o3_thorin": "O-3",
    "o4_hysteria": "O-4",
    "o5_goblin_leaders": "O-5",
    "o6_variable_reinforcements": "O-6",
    "o7_additional_stacking": "O-7",
    "o8_extra_elves": "O-8",
    "o9_extra_turns": "O-9",
}
# Options that are one part of a long section quote only that part: (from, to) are
# the first words of the part and of what follows it (None: the section's end).
OPTION_EXCERPTS = {
    "s3_regrouping": ("REGROUPING:", "Use of the Chosen Chips"),
    "s3_second_chooser_may_draw": ("Use of the Chosen Chips", None),
    "s7_dive_attacks": ("DIVE ATTACKS:", "GIANT EAGLES AND SKIRMISHES:"),
    "s7_eagle_skirmishes": ("GIANT EAGLES AND SKIRMISHES:", "ATTACKS WITH ROLLING ROCKS:"),
    "s7_rolling_rocks": ("ATTACKS WITH ROLLING ROCKS:", "ATTACKS: Attacks are changed"),
    "s7_combat_modifiers": ("ATTACKS: Attacks are changed", None),
    "s8_fire": ("Aiming During Archery Fire", "Gandalf's Spells"),
    "s8_gandalf_spells": ("Gandalf's Spells", None),
}
OTHER_SECTIONS = ["B-2", "B-3", "B-5", "B-9", "O-2"]
HEADING = re.compile(r"^([BSO]-\d+) (.+)$")
# The Optional Rules end where the epilogue begins; nothing after it is a rule.
STOP = ('"...And So the Story Ended"', "Optional Rules", "The Standard Game")


def sections(text: str) -> dict[str, dict[str, str]]:
    """Every ``X-n Title`` section of the rulebook: its title and its paragraphs."""
    found: dict[str, dict[str, str]] = {}
    current: str | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None and "text" not in found[current]:
            body = "\n".join(lines).strip()
            found[current]["text"] = re.sub(r"\n{3,}", "\n\n", body)

    for line in text.splitlines():
        match = HEADING.match(line.strip())
        if match and len(line) < 60:
            close()
            current = match.group(1)
            if current in found:
                current = None  # the table of contents and the Tables repeat a few headings
            else:
                found[current] = {"title": f"{current} {match.group(2)}"}
            lines = []
        elif line.strip() in STOP:
            close()
            current = None
        elif current is not None:
            lines.append(line.rstrip())
    close()
    return found


def rule_texts(text: str) -> dict[str, object]:
    every = sections(text)
    missing = [s for s in [*OPTION_SECTIONS.values(), *OTHER_SECTIONS] if s not in every or "text" not in every[s]]
    if missing:
        raise ValueError(f"the rulebook text has no section {', '.join(missing)}")
    return {
        "source": "The Battle of Five Armies (ICE, 1984), rulebook text",
        "options": {key: _option_entry(every[sec], sec, key) for key, sec in OPTION_SECTIONS.items()},
        "sections": {sec: every[sec] for sec in OTHER_SECTIONS},
    }


def _option_entry(section: dict[str, str], name: str, key: str) -> dict[str, str]:
    entry = section | {"section": name}
    if key in OPTION_EXCERPTS:
        start, end = OPTION_EXCERPTS[key]
        text = section["text"]
        if start not in text or (end is not None and end not in text):
            raise ValueError(f"{name} has no passage from {start!r} to {end!r}")
        part = text[text.index(start):text.index(end) if end is not None else len(text)]
        entry["text"] = part.strip()
    return entry


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: build_rule_texts RULEBOOK.txt [OUT.json]", file=sys.stderr)
        return 2
    out = Path(argv[2]) if len(argv) > 2 else OUT
    data = rule_texts(Path(argv[1]).read_text(encoding="utf-8"))
    write_atomic(out, dumps_stable(data))
    print(f"wrote {out}: {len(data['options'])} options, {len(data['sections'])} sections")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
