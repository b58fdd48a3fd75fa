"""B-6 movement, B-5 reinforcements and B-2 placement.

A move is one counter, or several from one hex moving together, to a destination
reached by the cheapest path the rules allow. Each counter moves once per phase,
so a random game stays short. B-9 takes effect at the end of the phase, so a move
may leave a hex over the stacking limits as long as one more move can put it right
(``overstacking``); the phase cannot end over them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook, refusal
from bofa_studio.rules.bofa1984.reach import (
    controlled_by,
    has_side,
    movement_allowance,
    path_to,
    reachable,
    shift,
    sorted_hexes,
)
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.core import RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def check_movers(game: BofaGame, state: State, movers: tuple[str, ...]) -> int:
    """Validate who moves; return their common start hex."""
    if not movers:
        raise RuleError("B-6", "a move needs at least one counter")
    if len(set(movers)) != len(movers):
        raise RuleError("B-6", "a counter is named twice in one move")
    side = state.phase_player
    start = -1
    for cid in movers:
        spec = game.specs.get(cid)
        if spec is None:
            raise RuleError("B-6", f"there is no counter {cid!r}")
        if spec.side != side:
            raise RuleError("B-6", f"{spec.name} is not the phase player's counter")
        h = state.pos.get(cid)
        if h is None:
            raise RuleError("B-6", f"{spec.name} is not on the map")
        if start == -1:
            start = h
        elif h != start:
            raise RuleError("B-9", "only counters in the same hex can move together")
        if cid in state.moved:
            raise RuleError("B-6", f"{spec.name} has already moved this phase")
    return start


def destination_problem(game: BofaGame, state: State, movers: tuple[str, ...], dest: int,
                        outlook: StackingOutlook | None = None) -> str | None:
    """Why the movers may not end this move in ``dest``: the Standard Game's hex rules, then
    B-9 as ``overstacking`` reads it (the phase must stay finishable within the limits)."""
    if game.standard_moves:
        problem = standard_destination_problem(game, state, movers, dest)
        if problem:
            return problem
    if outlook is None:
        outlook = StackingOutlook(game, state)
    return outlook.problem(movers, state.pos[movers[0]], dest)


def standard_destination_problem(game: BofaGame, state: State, movers: tuple[str, ...], dest: int) -> str | None:
    """S-6 and S-7 limits on where a move may end, beyond B-9."""
    problem = hex_problem(game, state, movers, dest)
    if problem:
        return problem
    enemy = other_side(state.phase_player)  # type: ignore[arg-type]
    specs = game.specs
    if dest in state.stacks and game.option("s7_eagle_skirmishes"):
        # "Giant Eagles cannot end their movement stacked on a friendly counter": the Eagle's
        # own move, so this holds when it lands, not only when B-9 takes effect.
        if any(specs[c].is_eagle for c in movers) and any(
                specs[c].side != enemy and not specs[c].is_eagle for c in state.stacks[dest]):
            return "S-7: Giant Eagles cannot end their movement stacked on a friendly counter"
        if has_side(game, state, dest, enemy):
            if any(specs[c].is_eagle for c in movers) and (game.cb.front_gate[dest] or game.cb.guard_room[dest]):
                return "S-7: Giant Eagles take no part in skirmishes at the Front Gate or in the guard rooms"
            if any(specs[c].is_eagle for c in state.stacks[dest]):
                return "S-7: enemy units move through Giant Eagles but cannot force them to the ground"
    if state.morale_failed and any(c in state.morale_failed for c in movers) and has_side(game, state, dest, enemy):
        return "S-6: a unit that failed a morale check may not try to enter an enemy's hex again this phase"
    return None


def legal_moves(game: BofaGame, state: State, movers: tuple[str, ...],
                held: set[int] | None = None,
                outlook: StackingOutlook | None = None) -> tuple[Mapping[int, int], list[int]]:
    """(the search tree for paths, the sorted destinations where the movers may end).

    ``held`` and ``outlook`` may be passed in when many groups are weighed in one state."""
    start = state.pos[movers[0]]
    reach = reachable(game, state, movers, start, held)
    may_end = end_check(game, state, movers, start, outlook or StackingOutlook(game, state, held))
    return reach, [d for d in sorted_hexes(game, reach) if d != start and may_end(d)]


def end_check(game: BofaGame, state: State, movers: tuple[str, ...], start: int,
              outlook: StackingOutlook) -> Callable[[int], bool]:
    """Whether the movers may end their move in a hex they can reach (hex rules and B-9), as a
    function, so that a random player can ask about the one hex it picks."""
    may_end_empty = outlook.empty_destination_check(movers, start)
    stacks = state.stacks
    standard = game.standard_moves
    fg = game.cb.front_gate

    def may_end(d: int) -> bool:
        if d not in stacks:
            if standard and fg[d] and hex_problem(game, state, movers, d):
                return False
            return may_end_empty(d)
        return not (standard and standard_destination_problem(game, state, movers, d)) \
            and outlook.allows(movers, start, d)

    return may_end


def movable_groups(game: BofaGame, state: State) -> list[tuple[str, ...]]:
    """Each unmoved counter alone, and each hex's unmoved counters together (bottom first),
    unless Beorn is among them (B-9: Beorn may not be stacked with friendly units)."""
    return survey(game, state).groups


class Survey(NamedTuple):
    """What a move listing and the random player need of a MOVE phase's state, at every step."""

    groups: list[tuple[str, ...]]  # movable_groups
    over: dict[int, str]  # overstacking.over_stacked for the phase player
    held: set[int]  # reach.enemy_held for the phase player


def survey(game: BofaGame, state: State) -> Survey:
    """:func:`movable_groups`, ``over_stacked`` and ``enemy_held`` of the phase player, in one
    walk over the stacks."""
    side = state.phase_player
    mine_all = game.counters_of[side]  # type: ignore[index]
    enemy_controls = game.enemy_controls[side]  # type: ignore[index]
    moved = state.moved
    groups: list[tuple[str, ...]] = []
    over: dict[int, str] = {}
    held: set[int] = set()
    for h, stack in state.stacks.items():
        if len(stack) == 1:  # most stacks: one set lookup or two decide
            c = stack[0]
            if c in mine_all:
                if c not in moved:
                    groups.append(stack)  # the stack is the lone counter's group
            elif c in enemy_controls:
                held.add(h)
            continue
        mine = []
        for c in stack:
            if c in mine_all:
                mine.append(c)
            elif c in enemy_controls:
                held.add(h)
        if not mine:
            continue
        if len(mine) > 1:
            problem = stacking_problem(game, state, mine)
            if problem:
                over[h] = problem
        free = [c for c in mine if c not in moved] if moved else mine
        for c in free:
            groups.append((c,))
        if len(free) > 1 and game.beorns.isdisjoint(free):
            groups.append(tuple(free))
    return Survey(groups, over, held)


def validate_path(game: BofaGame, state: State, movers: tuple[str, ...], start: int, path: list[int]) -> None:
    """Check a path the player names, step by step, by the same rules as :func:`reachable`.

    Any legal path is accepted, not only the cheapest, and checking one path is
    much cheaper than a search, which matters when moves come from a simulator.
    """
    cb = game.cb
    specs = game.specs
    side = state.phase_player
    enemy = other_side(side)
    if len(path) < 2 or path[0] != start:
        raise RuleError("B-6", "the path must begin in the movers' hex and leave it")
    flying = all(specs[c].is_eagle for c in movers)
    beorn = any(specs[c].is_beorn for c in movers)
    steps = game.fly_steps if flying else game.ground_steps[side]
    total = 0
    for a, b in zip(path, path[1:], strict=False):
        cost = next((c for n, c in steps[a] if n == b), None)
        if cost is None:
            if b in {nb.index for nb in cb.neighbours[a]}:
                raise RuleError("B-6", f"cannot move from {cb.label(a)} to {cb.label(b)} (a wall, or a cliff)")
            raise RuleError("B-6", f"{cb.label(a)} and {cb.label(b)} are not adjacent")
        total += cost
    if total > movement_allowance(game, state, movers):
        raise RuleError("B-6", f"the path costs {total} movement points, more than the movement value")
    dest = path[-1]
    if not flying and has_side(game, state, start, enemy):
        if len(path) != 2 or has_side(game, state, dest, enemy):
            raise RuleError("B-6", "a counter that begins in an enemy's hex may only move into a free adjacent hex")
        return
    if flying:
        return
    for mid in path[1:-1]:
        if controlled_by(game, state, mid, enemy):
            raise RuleError("B-6", f"counters cannot move through the enemy in {cb.label(mid)}")
    if controlled_by(game, state, dest, enemy) and not beorn:
        unmoved = all(state.phase_start.get(c) == start for c in movers)
        if not (unmoved and len(path) == 2):
            raise RuleError(
                "B-6", f"only a counter that began the phase next to the enemy in {cb.label(dest)} may move into its hex"
            )


def apply_move(game: BofaGame, state: State, movers: tuple[str, ...], dest: int, path: list[int] | None) -> list[int]:
    path = plan_move(game, state, movers, dest, path)
    commit_move(game, state, movers, dest)
    return path


def plan_move(game: BofaGame, state: State, movers: tuple[str, ...], dest: int, path: list[int] | None) -> list[int]:
    """Check a move against every rule and return its path; the state is not changed."""
    start = check_movers(game, state, movers)
    if any(game.specs[c].is_beorn for c in movers) and len(movers) > 1:
        raise RuleError("B-9", "Beorn may not be stacked with friendly units")
    if dest == start:
        raise RuleError("B-6", "a move must leave its hex")
    if path:
        if path[-1] != dest:
            raise RuleError("B-6", "the path must end at the destination")
        validate_path(game, state, movers, start, path)
    else:
        reach = reachable(game, state, movers, start)
        if dest not in reach:
            label = game.cb.label(dest)
            if has_side(game, state, start, other_side(state.phase_player)):
                raise RuleError("B-6", f"a counter that begins in an enemy's hex may only move into a free adjacent hex, not {label}")
            if controlled_by(game, state, dest, other_side(state.phase_player)):
                raise RuleError("B-6", f"only a counter that began the phase next to the enemy in {label} may move into its hex")
            raise RuleError("B-6", f"{label} is out of reach (movement value, terrain or enemy counters)")
        path = path_to(reach, start, dest)
    problem = destination_problem(game, state, movers, dest)
    if problem:
        raise refusal(problem)
    return path


def commit_move(game: BofaGame, state: State, movers: tuple[str, ...], dest: int) -> None:
    start = state.pos[movers[0]]
    for c in movers:
        state.pos[c] = dest
        state.moved.add(c)
    if state.grounded:  # S-7: an Eagle that flies off is in the air again
        for c in movers:
            state.grounded.pop(c, None)
    shift(state, movers, start, dest)
