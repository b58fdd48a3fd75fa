"""B-6 movement, B-5 reinforcements and B-2 placement.

A move is one counter, or several from one hex moving together, to a destination
reached by the cheapest path the rules allow. Each counter moves once per phase,
so a random game stays short; B-9 is checked for the destination when the move is
made, which is equivalent to the end-of-phase check because no later move in the
phase can bring a counter back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.stacking import stacking_problem
from bofa_studio.rules.core import RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def controlled_by(game: BofaGame, state: State, h: int, side: str) -> bool:
    """B-6/B-10: a hex is controlled by a side with a combat counter there (or Thorin)."""
    specs = game.specs
    for cid in state.stacks.get(h, ()):
        spec = specs[cid]
        if spec.side == side and spec.controls_hex:
            return True
    return False


def has_side(game: BofaGame, state: State, h: int, side: str) -> bool:
    specs = game.specs
    return any(specs[c].side == side for c in state.stacks.get(h, ()))


def friends_in(game: BofaGame, state: State, h: int, side: str) -> list[str]:
    specs = game.specs
    return [c for c in state.stacks.get(h, ()) if specs[c].side == side]


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


def reachable(game: BofaGame, state: State, movers: tuple[str, ...], start: int) -> dict[int, tuple[int, int]]:
    """Destinations (before stacking) -> (cost, previous hex), by B-6 and B-10.

    Enemy-held hexes (B-6 "control only the hex they are in") can be entered only
    as the end of a move: by a counter that began the phase next to it, by Beorn,
    or by a Giant Eagle; Eagles fly over everything but the Front Gate's walls.
    """
    cb = game.cb
    specs = game.specs
    side = state.phase_player
    enemy = other_side(side)
    budget = movement_allowance(game, state, movers)
    stacks = state.stacks
    flying = all(specs[c].is_eagle for c in movers)
    beorn = any(specs[c].is_beorn for c in movers)

    def enemy_controls(h: int) -> bool:
        for cid in stacks.get(h, ()):
            s = specs[cid]
            if s.side == enemy and s.controls_hex:
                return True
        return False

    result: dict[int, tuple[int, int]] = {}
    if any(specs[c].side == enemy for c in stacks.get(start, ())):
        # B-6: from an enemy's hex only into a free adjacent hex.
        steps = game.fly_steps[start] if flying else game.ground_steps[side][start]
        for n, cost in steps:
            if cost <= budget and not any(specs[c].side == enemy for c in stacks.get(n, ())):
                result[n] = (cost, start)
        return result

    if flying:
        fly = game.fly_steps
        frontier = [start]
        dist = {start: 0}
        while frontier:
            nxt = []
            for h in frontier:
                for n, cost in fly[h]:
                    d = dist[h] + cost
                    if d > budget or n in dist:
                        continue
                    dist[n] = d
                    result[n] = (d, h)
                    nxt.append(n)
            frontier = nxt
        return result

    adjacent_start = cb.adjacent_open[start]
    unmoved = all(state.phase_start.get(c) == start for c in movers)
    ground = game.ground_steps[side]
    # Costs are small integers, so a bucket queue beats a heap (Dial's algorithm).
    dist = {start: 0}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    far = 1 << 30
    for d in range(budget + 1):
        for h in buckets[d]:
            if dist[h] != d:
                continue
            for n, cost in ground[h]:
                nd = d + cost
                if nd > budget or nd >= dist.get(n, far):
                    continue
                if n in stacks and enemy_controls(n):
                    # Only as the end of the move (B-6, B-10).
                    if beorn or (unmoved and h == start and n in adjacent_start):
                        if n not in result or nd < result[n][0]:
                            result[n] = (nd, h)
                    continue
                dist[n] = nd
                result[n] = (nd, h)
                buckets[nd].append(n)
    return result


def path_to(reach: dict[int, tuple[int, int]], start: int, dest: int) -> list[int]:
    path = [dest]
    while path[-1] != start:
        path.append(reach[path[-1]][1])
    path.reverse()
    return path


def destination_problem(game: BofaGame, state: State, movers: tuple[str, ...], dest: int) -> str | None:
    side = state.phase_player
    friends = friends_in(game, state, dest, side)
    return stacking_problem(game, state, friends + [c for c in movers if c not in friends])


def legal_moves(game: BofaGame, state: State, movers: tuple[str, ...]) -> tuple[dict[int, tuple[int, int]], list[int]]:
    """(the search tree for paths, the sorted destinations where the movers may end)."""
    start = state.pos[movers[0]]
    reach = reachable(game, state, movers, start)
    alone_ok = stacking_problem(game, state, movers) is None
    stacks = state.stacks
    dests = [
        d for d in reach
        if d != start and (alone_ok if d not in stacks else destination_problem(game, state, movers, d) is None)
    ]
    dests.sort()
    return reach, dests


def movable_groups(game: BofaGame, state: State) -> list[tuple[str, ...]]:
    """Each unmoved counter alone, and each hex's unmoved counters together (bottom first)."""
    side = state.phase_player
    specs = game.specs
    groups: list[tuple[str, ...]] = []
    for stack in state.stacks.values():
        mine = tuple(c for c in stack if specs[c].side == side and c not in state.moved)
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
    if has_side(game, state, start, enemy):
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
        raise RuleError("B-9", problem)
    stack = state.stacks[start]
    for c in movers:
        stack.remove(c)
        state.pos[c] = dest
        state.moved.add(c)
    if not stack:
        del state.stacks[start]
    state.stacks.setdefault(dest, []).extend(movers)
    return path


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
