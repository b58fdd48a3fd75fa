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
    counters = list(counters)
    if len(counters) < 2:
        return None  # every limit is on what lies together
    specs = game.specs
    steps = state.steps
    leaders = 0
    weight = 0
    reduced_kinds = set()
    beorn = False
    eagles = others = 0
    n = 0
    rider_carries = -1
    if game.o7:
        # O-7: a goblin (not a wolf rider) may lie on top of a wolf rider without counting.
        for i in range(1, len(counters)):
            below, above = specs[counters[i - 1]], specs[counters[i]]
            if "wolf_rider" in below.flags and "goblin" in above.flags and "wolf_rider" not in above.flags \
                    and not above.leader:
                rider_carries = i
                break
    for i, cid in enumerate(counters):
        n += 1
        spec = specs[cid]
        if spec.is_eagle:
            eagles += 1
        else:
            others += 1
        if i == rider_carries:
            continue
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
    if eagles and others and game.option("s7_eagle_skirmishes"):
        return "S-7: Giant Eagles cannot end their movement stacked on a friendly counter"
    if leaders > 1:
        return "not more than one leader or character per hex"
    if weight > 2:
        return "only one full-strength counter, or two reduced ones, may end movement in a hex"
    if len(reduced_kinds) == 2:
        return "reduced Elf and Dwarf counters cannot be stacked"
    return None


def hex_problem(game: BofaGame, state: State, counters: Iterable[str], h: int) -> str | None:
    """Why these counters may not end in hex ``h`` whatever lies there, or None.

    S-6: in the Standard Game only Dwarves of the Free Peoples may occupy the Front Gate.
    S-7: Giant Eagles take no part in skirmishes in the Front Gate or a guard room, so
    they may not end there on an enemy (checked by the caller that knows the enemy)."""
    if game.cb.front_gate[h] and game.option("s6_morale"):
        for cid in counters:
            spec = game.specs[cid]
            if spec.side == "free_peoples" and "dwarf" not in spec.flags:
                return f"S-6: only Dwarves may hold the Front Gate, not {spec.name}"
    return None
