"""B-9 stacking limits, per side and per hex."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def stacking_problem(game: BofaGame, state: State, counters: Iterable[str]) -> str | None:
    """Why these friendly counters may not lie together in one hex, or None if they may.

    B-9: one full-strength counter, or two reduced ones (not a reduced Elf with a
    reduced Dwarf), plus at most one leader/character; Beorn stacks with no friend.
    B-10: Thorin counts both as a leader and as a combat counter.
    """
    specs = game.specs
    steps = state.steps
    leaders = 0
    weight = 0
    reduced_kinds = set()
    beorn = False
    n = 0
    for cid in counters:
        n += 1
        spec = specs[cid]
        if spec.is_beorn:
            beorn = True
        if spec.leader:
            leaders += 1
            if not spec.is_thorin:
                continue
        s = steps[cid]
        weight += s
        if s == 1:
            if "elf" in spec.flags:
                reduced_kinds.add("elf")
            elif "dwarf" in spec.flags:
                reduced_kinds.add("dwarf")
    if beorn and n > 1:
        return "Beorn may not be stacked with friendly units"
    if leaders > 1:
        return "not more than one leader or character per hex"
    if weight > 2:
        return "only one full-strength counter, or two reduced ones, may end movement in a hex"
    if len(reduced_kinds) == 2:
        return "reduced Elf and Dwarf counters cannot be stacked"
    return None
