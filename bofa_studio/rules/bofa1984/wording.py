"""How the log's sentences name sides, chips and entry groups: as the rulebook does, not as the
engine's identifiers (``free_peoples``, ``fire_combat``, ``north_west``)."""

from __future__ import annotations

from collections.abc import Iterable

from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES

CHIP_NAMES = {"move": "MOVE", "combat": "COMBAT", "fire": "FIRE", "fire_combat": "F/C"}  # as printed on the chips


def side_text(side: str | None) -> str:
    """ "Free Peoples", "Dark"."""
    return {FREE_PEOPLES: "Free Peoples", DARK: "Dark"}.get(side or "", str(side))


def names_text(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C": the counters an attack or a shot names."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def player_text(side: str | None) -> str:
    """ "the Free Peoples player", "the Dark player" (B-1)."""
    return {FREE_PEOPLES: "the Free Peoples player", DARK: "the Dark player"}.get(side or "", str(side))


def chip_text(kind: str | None) -> str:
    return CHIP_NAMES.get(kind or "", str(kind))


def group_text(groups: Iterable[str]) -> str:
    """Entry groups as players say them: "north-west or north-east"."""
    return " or ".join(g.replace("_", "-") for g in groups)
