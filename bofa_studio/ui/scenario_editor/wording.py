"""How the scenario editor names things to an author: in words, not the file's identifiers.

The file says ``setup.free_peoples.nw``, ``north_west``, ``long_bow``,
``fire_combat`` and ``s5_second_wave_roll``; the panels, the order-of-battle
table, the Problems panel and the Edit menu's undo labels say "the Free Peoples
north-west zone", "north-west", "long bow", "F/C" and "S-5: a die roll picks
...". The file keeps its identifiers; only what is shown changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bofa_studio.rules.bofa1984.wording import chip_text

__all__ = ["chip_text", "command_text", "place_text", "option_order", "groups_text", "group_text", "level_text", "option_text", "parse_groups", "weapon_text",
           "victory_text", "zone_text"]

_ZONE_WORDS = {"free_peoples": "Free Peoples", "dark": "Dark", "nw": "north-west", "ne": "north-east",
               "sw": "south-west", "se": "south-east", "thorin": "Thorin"}
LEVELS = {"basic": "Basic Game", "standard": "Standard Game"}


def zone_text(zone: str) -> str:
    """``setup.free_peoples.nw`` -> "the Free Peoples north-west zone"; ``setup.thorin`` -> "the Thorin zone"."""
    parts = zone.split(".")
    if parts and parts[0] == "setup":
        parts = parts[1:]
    words = [_ZONE_WORDS.get(p, p.replace("_", " ")) for p in parts]
    return f"the {' '.join(words) or zone} zone"


def victory_text(location: str) -> str:
    """``victory.guard_room_west`` -> "guard room west"; a lone star ``victory.1606`` -> "1606"."""
    return location.removeprefix("victory.").replace(".", " ").replace("_", " ")


def group_text(group: str) -> str:
    """An entry group as players say it: ``north_west`` -> "north-west"."""
    return group.replace("_", "-")


def groups_text(groups: Iterable[str]) -> str:
    return ", ".join(group_text(g) for g in groups)


def parse_groups(text: str, known: Iterable[str]) -> list[str]:
    """Entry groups typed as words ("north-west, North East") back to the map's names.

    A word that names no group of the map is kept as typed (spaces and hyphens as
    underscores), so the Problems panel can say the map has no such group.
    """
    by_key = {re.sub(r"[\s_-]+", "", g.lower()): g for g in known}
    out = []
    for word in text.split(","):
        word = word.strip()
        if word:
            out.append(by_key.get(re.sub(r"[\s_-]+", "", word.lower()), re.sub(r"[\s-]+", "_", word.lower())))
    return out


def weapon_text(weapon: str) -> str:
    return weapon.replace("_", " ")


def level_text(level: str) -> str:
    return LEVELS.get(level, level)


def option_order(key: str) -> tuple[int, int, str]:
    """The Standard Game's rules first, then the optional ones, each in rulebook order (S-3 ... S-11, O-1 ... O-9)."""
    found = re.match(r"([so])(\d+)_", key)
    if not found:
        return (2, 0, key)
    return (0 if found.group(1) == "s" else 1, int(found.group(2)), key)


def command_text(command: str) -> str:
    """A group (command) as the trays head it: ``free_peoples`` -> "Free Peoples"."""
    return command.replace("_", " ").title()


def option_text(key: str, notes: dict[str, str]) -> str:
    """An option as the scenario's notes describe it ("O-9 Extra Turns"), the key only when it has none."""
    return notes.get(key) or key


# A scenario file's keys as an author says them, for the Problems panel.
_PLACE_WORDS = {
    "victory": "victory", "locations": "locations", "order_of_battle": "order of battle",
    "setup": "set-up entry", "reinforcements": "reinforcement", "entry": "entry", "groups": "groups",
    "alternatives": "alternatives", "rolls": "die roll", "zone": "zone", "default_placement": "placement",
    "tables": "", "rows": "row", "cells": "column", "rules": "rules", "options": "options", "turns": "turns",
    "meta": "details", "counters": "counter", "combat": "Combat Table", "fire": "Fire Table",
}


def place_text(location: str) -> str:
    """Where a problem is, in words: ``$.order_of_battle.setup[3].zone`` -> "Order of battle, set-up entry 4, zone".

    Indices count from 1, as an author counts rows. A location that is already words is kept.
    """
    if not location.startswith("$"):
        return location
    rest, _, tail = location[1:].partition(" ")  # "$.default_placement (1615)" keeps its "(1615)"
    parts = []
    for key, index in re.findall(r"\.?([A-Za-z0-9_]+)((?:\[\d+\])*)", rest):
        word = _PLACE_WORDS.get(key, key.replace("_", " "))
        numbers = " ".join(str(int(i) + 1) for i in re.findall(r"\[(\d+)\]", index))
        text = " ".join(w for w in (word, numbers) if w)
        if text:
            parts.append(text)
    if parts and parts[0] in ("victory", "rules") and len(parts) > 1:
        parts[0:2] = [f"{parts[0]} {parts[1]}"]  # "victory locations", "rules options" read as one
    if parts and parts[0] == "placement" and len(parts) > 1:
        parts[0:2] = [f"placement of {parts[1]}"]
    elif parts == ["placement"] and tail.startswith("("):
        parts, tail = [f"placement in {tail.strip('()')}"], ""
    text = ", ".join(parts) or "the scenario"
    text = text[0].upper() + text[1:]
    return f"{text} {tail}".strip()
