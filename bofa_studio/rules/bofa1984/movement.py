"""B-6 movement, B-5 reinforcements and B-2 placement.

A move is one counter, or several from one hex moving together, to a destination
reached by the cheapest path the rules allow. Each counter moves once per phase,
so a random game stays short. B-9 takes effect at the end of the phase, so a move
may leave a hex over the stacking limits as long as one more move can put it right
(``overstacking``); the phase cannot end over them.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook, refusal
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.core import RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def controlled_by(game: BofaGame, state: State, h: int, side: str) -> bool:
    """B-6/B-10: a hex is controlled by a side with a combat counter there (or Thorin)."""
    side_of, controls = game.side_of, game.controls
    for cid in state.stacks.get(h, ()):
        if side_of[cid] == side and cid in controls:
            return True
    return False


def has_side(game: BofaGame, state: State, h: int, side: str) -> bool:
    side_of = game.side_of
    stack = state.stacks.get(h)
    if stack is None:
        return False
    for c in stack:
        if side_of[c] == side:
            return True
    return False


def friends_in(game: BofaGame, state: State, h: int, side: str) -> list[str]:
    side_of = game.side_of
    return [c for c in state.stacks.get(h, ()) if side_of[c] == side]


def movement_allowance(game: BofaGame, state: State, movers: tuple[str, ...]) -> int:
    """B-9: counters moving together use the lowest movement value among them."""
    return min(game.specs[c].movement[state.steps[c] - 1] for c in movers)


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


def enemy_held(game: BofaGame, state: State, side: str) -> set[int]:
    """Hexes the enemy of ``side`` controls (B-6): computed once, used by many searches."""
    side_of, controls = game.side_of, game.controls
    enemy = other_side(side)
    return {h for h, stack in state.stacks.items() if any(side_of[c] == enemy and c in controls for c in stack)}


class _LazyHeld:
    """Answers ``h in held`` on demand, for a single search that looks at few occupied hexes."""

    __slots__ = ("stacks", "side_of", "controls", "enemy", "memo")

    def __init__(self, game: BofaGame, state: State, enemy: str) -> None:
        self.stacks = state.stacks
        self.side_of = game.side_of
        self.controls = game.controls
        self.enemy = enemy
        self.memo: dict[int, bool] = {}

    def __contains__(self, h: int) -> bool:
        stack = self.stacks.get(h)
        if stack is None:
            return False
        hit = self.memo.get(h)
        if hit is None:
            hit = any(self.side_of[c] == self.enemy and c in self.controls for c in stack)
            self.memo[h] = hit
        return hit


def reachable(game: BofaGame, state: State, movers: tuple[str, ...], start: int,
              held: set[int] | None = None) -> Mapping[int, int]:
    """Hexes the movers can end in (before stacking) -> the previous hex on a cheapest path.

    B-6 and B-10: enemy-held hexes can be entered only as the end of a move, by a
    counter that began the phase next to it, by Beorn, or by a Giant Eagle; Eagles
    fly over everything but the Front Gate's walls. ``held`` (enemy-held hexes) may
    be passed in when many searches share one state. The answer is read-only (it may be
    shared with other calls).
    """
    cb = game.cb
    specs = game.specs
    side = state.phase_player
    enemy = other_side(side)
    budget = movement_allowance(game, state, movers)
    stacks = state.stacks
    flying = all(specs[c].is_eagle for c in movers)
    beorn = any(specs[c].is_beorn for c in movers)
    prev: dict[int, int] = {}
    if not flying and any(specs[c].side == enemy for c in stacks.get(start, ())):
        # B-6: from an enemy's hex only into a free adjacent hex (Eagles, flying, ignore
        # enemy units altogether, B-10).
        steps = game.fly_steps[start] if flying else game.ground_steps[side][start]
        for n, cost in steps:
            if cost <= budget and not any(specs[c].side == enemy for c in stacks.get(n, ())):
                prev[n] = start
        return prev

    if flying:
        fly = game.fly_steps
        frontier = [start]
        seen = {start}
        for _ in range(budget // game.flying_cost if game.flying_cost else 0):
            nxt = []
            for h in frontier:
                for n, _cost in fly[h]:
                    if n not in seen:
                        seen.add(n)
                        prev[n] = h
                        nxt.append(n)
            frontier = nxt
        return prev

    # Enemy-held hexes only take away from what terrain allows, so the search with nobody
    # on the map, cached per (side, start, budget), is the answer unless an enemy-held hex
    # lies within it; then the search is run again with the enemy in place.
    key = (side, start, budget)
    free = game._reach_cache.get(key)
    if free is None:
        free = game._reach_cache[key] = MappingProxyType(
            _search(game.ground_steps[side], len(cb), start, budget, _NOBODY, stacks, False, False, frozenset()))
    if held is None:
        side_of, controls = game.side_of, game.controls
        touched = any(side_of[c] == enemy and c in controls for h in free.keys() & stacks.keys() for c in stacks[h])
    else:
        touched = any(h in free for h in held)
    if not touched:
        return free
    if held is None:
        held = _LazyHeld(game, state, enemy)
    unmoved = all(state.phase_start.get(c) == start for c in movers)
    return _search(game.ground_steps[side], len(cb), start, budget, held, stacks, beorn, unmoved,
                   cb.adjacent_open[start])


_NOBODY: frozenset[int] = frozenset()


def _search(ground: list[tuple[tuple[int, int], ...]], size: int, start: int, budget: int, held: Container[int],
            stacks: dict[int, list[str]], beorn: bool, unmoved: bool, adjacent_start: frozenset[int]) -> dict[int, int]:
    """Dial's algorithm over the step costs (costs are small integers, so a bucket queue
    beats a heap): hex -> the previous hex on a cheapest path within ``budget``."""
    prev: dict[int, int] = {}
    far = 1 << 30
    dist = [far] * size
    dist[start] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for d in range(budget + 1):
        for h in buckets[d]:
            if dist[h] != d:
                continue
            for n, cost in ground[h]:
                nd = d + cost
                if nd > budget or nd >= dist[n]:
                    continue
                if n in stacks and n in held:  # most hexes are empty: ask the dict first
                    # Only as the end of the move (B-6, B-10); never searched beyond.
                    if beorn or (unmoved and h == start and n in adjacent_start):
                        dist[n] = nd
                        prev[n] = h
                    continue
                dist[n] = nd
                prev[n] = h
                buckets[nd].append(n)
    return prev


def path_to(prev: Mapping[int, int], start: int, dest: int) -> list[int]:
    path = [dest]
    while path[-1] != start:
        path.append(prev[path[-1]])
    path.reverse()
    return path


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
    return reach, sorted(d for d in reach if d != start and may_end(d))


def end_check(game: BofaGame, state: State, movers: tuple[str, ...], start: int,
              outlook: StackingOutlook) -> Callable[[int], bool]:
    """Whether the movers may end their move in a hex they can reach (hex rules and B-9), as a
    function, so that a random player can ask about the one hex it picks."""
    # Within B-9 now and after leaving: an empty destination needs no further look.
    clean = not outlook.over and outlook.leaving(movers, start)[1] is None and (
        len(movers) == 1 or stacking_problem(game, state, movers) is None)
    stacks = state.stacks
    standard = game.standard_moves
    fg = game.cb.front_gate
    alone = list(movers)

    def may_end(d: int) -> bool:
        if d not in stacks:
            if standard and fg[d] and hex_problem(game, state, movers, d):
                return False
            return clean or outlook.problem(movers, start, d, arriving=alone) is None
        return not (standard and standard_destination_problem(game, state, movers, d)) \
            and outlook.problem(movers, start, d) is None

    return may_end


def movable_groups(game: BofaGame, state: State) -> list[tuple[str, ...]]:
    """Each unmoved counter alone, and each hex's unmoved counters together (bottom first)."""
    side = state.phase_player
    side_of = game.side_of
    moved = state.moved
    groups: list[tuple[str, ...]] = []
    for stack in state.stacks.values():
        if len(stack) == 1:
            c = stack[0]
            if side_of[c] == side and c not in moved:
                groups.append((c,))
            continue
        mine = tuple(c for c in stack if side_of[c] == side and c not in moved)
        if not mine:
            continue
        for c in mine:
            groups.append((c,))
        if len(mine) > 1:
            groups.append(mine)
    return groups


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
    stack = state.stacks[start]
    for c in movers:
        stack.remove(c)
        state.pos[c] = dest
        state.moved.add(c)
    if state.grounded:  # S-7: an Eagle that flies off is in the air again
        for c in movers:
            state.grounded.pop(c, None)
    if not stack:
        del state.stacks[start]
    state.stacks.setdefault(dest, []).extend(movers)


def put(state: State, cid: str, h: int) -> None:
    state.pos[cid] = h
    state.stacks.setdefault(h, []).append(cid)
    state.entered.add(cid)


def remove(state: State, cid: str) -> None:
    h = state.pos.pop(cid)
    stack = state.stacks[h]
    stack.remove(cid)
    if not stack:
        del state.stacks[h]
