"""Who stands where, and where counters can reach (B-6, B-10), before stacking.

The lowest layer of movement: occupancy queries, the cheapest-path search and the two
primitives that keep ``State.pos`` and ``State.stacks`` in step. Stacking (B-9) and the
legal moves (``movement``) build on it; nothing here knows about stacking limits.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import other_side

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


def enemy_held(game: BofaGame, state: State, side: str) -> set[int]:
    """Hexes the enemy of ``side`` controls (B-6): computed once, used by many searches."""
    side_of, controls = game.side_of, game.controls
    enemy = other_side(side)
    return {h for h, stack in state.stacks.items() if any(side_of[c] == enemy and c in controls for c in stack)}


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
    traits = game._mover_traits.get(movers)
    if traits is None:  # what the counters are does not change: asked once per group
        traits = game._mover_traits[movers] = (all(specs[c].is_eagle for c in movers),
                                               any(specs[c].is_beorn for c in movers))
    flying, beorn = traits
    prev: dict[int, int] = {}
    if not flying and has_side(game, state, start, enemy):
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
    known = game._reach_cache.get(key)
    if known is None:
        found_free = _search(game.ground_steps[side], len(cb), start, budget, _NOBODY, False, False, _NOBODY)
        known = game._reach_cache[key] = (MappingProxyType(found_free), frozenset(found_free.values()))
    free, parents = known
    # Only the enemy-held hexes within the free search can matter: the movers reach no hex
    # with the enemy in place that they do not reach with nobody on the map.
    if held is None:
        side_of, controls = game.side_of, game.controls
        found = []
        for h in free.keys() & stacks.keys():
            for c in stacks[h]:
                if side_of[c] == enemy and c in controls:
                    found.append(h)
                    break
        near = frozenset(found)
    else:
        near = frozenset(held & free.keys())  # the set operation runs in C
    if not near:
        return free
    unmoved = all(state.phase_start.get(c) == start for c in movers)
    # The enemy stands still through a MOVE phase, so the listings of its successive states
    # search the same hexes with the same enemy around them again and again.
    key2 = (side, start, budget, beorn, unmoved, near)
    cache = game._blocked_reach_cache
    hit = cache.get(key2)
    if hit is None:
        if len(cache) >= 1024:
            cache.clear()
        if near.isdisjoint(parents):
            found = _enemy_at_the_ends(game.ground_steps[side][start], start, free, budget, near, beorn, unmoved,
                                       cb.adjacent_open[start])
        else:
            found = _search(game.ground_steps[side], len(cb), start, budget, near, beorn, unmoved,
                            cb.adjacent_open[start])
        hit = cache[key2] = MappingProxyType(found)
    return hit


def _enemy_at_the_ends(steps_from_start: tuple[tuple[int, int], ...], start: int, free: Mapping[int, int], budget: int,
                       held: frozenset[int], beorn: bool, unmoved: bool,
                       adjacent_start: frozenset[int]) -> dict[int, int]:
    """What :func:`_search` finds with ``held`` in place, read off the search with nobody on the
    map when no cheapest path of that search passes through a held hex (none is a parent).

    Why it is the same answer, previous hexes included: the search with nobody differs from the
    one with the enemy in place only by expanding the held hexes, and an expansion that never
    made a hex's cheapest path changes neither which hexes are reached nor in which order (every
    value it set was bettered later), so every other hex keeps its cost and its previous hex.
    A held hex is an end only (B-6, B-10): Beorn reaches it as before; anyone else only in one
    step from the start, if the movers began the phase there and the step is within budget."""
    prev = {h: p for h, p in free.items() if h not in held}
    if beorn:
        for h in held:
            prev[h] = free[h]
    elif unmoved:
        for n, cost in steps_from_start:
            if n in held and cost <= budget and n in adjacent_start:
                prev[n] = start
    return prev


_NOBODY: frozenset[int] = frozenset()


def _search(ground: list[tuple[tuple[int, int], ...]], size: int, start: int, budget: int, held: Container[int],
            beorn: bool, unmoved: bool, adjacent_start: frozenset[int]) -> dict[int, int]:
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
                if n in held:
                    # Only as the end of the move (B-6, B-10); never searched beyond.
                    if beorn or (unmoved and h == start and n in adjacent_start):
                        dist[n] = nd
                        prev[n] = h
                    continue
                dist[n] = nd
                prev[n] = h
                buckets[nd].append(n)
    return prev


def sorted_hexes(game: BofaGame, reach: Mapping[int, int]) -> list[int]:
    """The hexes of a reach from :func:`reachable`, in index order (a new list each call)."""
    return list(sorted_reach(game, reach))


def sorted_reach(game: BofaGame, reach: Mapping[int, int]) -> Sequence[int]:
    """The hexes of a reach in index order, read-only: it may be shared with other calls.

    A cached reach (read-only, shared by many calls) remembers its order: a random player
    draws from it at every pick, and sorting sixty hexes costs more than the draw."""
    if not isinstance(reach, MappingProxyType):
        return sorted(reach)
    memo = game._sorted_reach
    hit = memo.get(id(reach))
    if hit is None or hit[0] is not reach:  # the entry holds its reach, so an id is never reused
        if len(memo) >= 4096:
            memo.clear()
        hit = memo[id(reach)] = (reach, sorted(reach))
    return hit[1]


def path_to(prev: Mapping[int, int], start: int, dest: int) -> list[int]:
    path = [dest]
    while path[-1] != start:
        path.append(prev[path[-1]])
    path.reverse()
    return path


# A hex's stack is a tuple, replaced whole when it changes: a state copy can then share
# every stack with its original (copies are what search makes most of).

def put(state: State, cid: str, h: int) -> None:
    state.pos[cid] = h
    state.stacks[h] = (*state.stacks.get(h, ()), cid)
    state.entered.add(cid)


def remove(state: State, cid: str) -> None:
    h = state.pos.pop(cid)
    _take(state, (cid,), h)


def shift(state: State, movers: tuple[str, ...], start: int, dest: int) -> None:
    """Moves ``movers`` from the stack in ``start`` to the top of the one in ``dest`` (``pos``
    is the caller's to update)."""
    _take(state, movers, start)
    state.stacks[dest] = (*state.stacks.get(dest, ()), *movers)


def _take(state: State, counters: tuple[str, ...], h: int) -> None:
    rest = tuple(c for c in state.stacks[h] if c not in counters)
    if rest:
        state.stacks[h] = rest
    else:
        del state.stacks[h]
