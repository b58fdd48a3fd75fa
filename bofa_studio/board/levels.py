"""Levels set from terrain: each hex moved to the nearest level its terrain may stand at.

A ruleset may say which levels each terrain takes (the 1984 game: mountains 1-4, a
summit above the plain, everything else on the plain); ``rules.maps.levels_by_terrain``
finds that rule for a map. Applying it leaves a level the terrain allows as it is
(a mountain at level 3 stays at 3) and moves any other to the nearest allowed one,
so an author can paint terrain first and tidy every level in one step.
"""

from __future__ import annotations

from collections.abc import Mapping

from bofa_studio.board.model import Board, Terrain
from bofa_studio.hexgrid import Hex

LevelRule = Mapping[Terrain, tuple[int, int]]  # terrain -> (lowest, highest) level


def levels_by_terrain(board: Board, rule: LevelRule) -> dict[Hex, tuple[int, int]]:
    """Each hex whose level its terrain does not allow -> (its level, the nearest allowed level).

    A terrain the rule does not name is left alone.
    """
    changes = {}
    for h in sorted(board.hexes()):
        allowed = rule.get(board.terrain(h))
        if allowed is None:
            continue
        low, high = allowed
        level = board.level(h)
        wanted = min(max(level, low), high)
        if wanted != level:
            changes[h] = (level, wanted)
    return changes


def describe_level_changes(board: Board, changes: Mapping[Hex, tuple[int, int]]) -> str:
    """ "3 mountain hexes raised to level 1 (0101, 0201, 0301); 2 plain hexes lowered to level 0 (...)" """
    if not changes:
        return "Every hex already stands at a level its terrain allows."
    groups: dict[tuple[str, str, int], list[Hex]] = {}
    for h, (before, after) in changes.items():
        verb = "raised" if after > before else "lowered"
        groups.setdefault((str(board.terrain(h)).replace("_", " "), verb, after), []).append(h)
    parts = []
    for (terrain, verb, level), hexes in sorted(groups.items()):
        labels = sorted(board.label(h) for h in hexes)
        shown = ", ".join(labels[:4]) + (", ..." if len(labels) > 4 else "")
        noun = "hex" if len(hexes) == 1 else "hexes"
        parts.append(f"{len(hexes)} {terrain} {noun} {verb} to level {level} ({shown})")
    return "; ".join(parts) + "."


__all__ = ["LevelRule", "describe_level_changes", "levels_by_terrain"]
