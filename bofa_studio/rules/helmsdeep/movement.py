"""IV Movement: points, roads, no stacking, zones of control, walls, the tunnel and culvert.

Engine readings (docs/helms-deep-map.md lists them):
- Costs are in half points, so a road step (1/2) is exact. "The cost is the same as in
  the hex you moved into the road hex from": entering a road hex off the road costs
  the hex left. The terrain movement card is not printed; its costs are scenario data.
- IV A: "A unit that would end up in a hex already occupied by one of your own units
  ... is removed from the board." A move is one action, so the engine does not offer
  (and refuses) a move that would end on a friend: it could only destroy the unit.
- Climbing by ladder and jumping down spend "all four of its movement points": they
  are the unit's whole move, from where it began the phase.
- VII reinforcements enter "in the round in which they are scheduled" or, if held
  back, in a later first-player movement phase; the first hex entered costs a point.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from bofa_studio.rules.helmsdeep.ground import side_key

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame
    from bofa_studio.rules.helmsdeep.state import State


def occupant(state: State) -> dict[str, str]:
    return {place: unit for unit, place in state.pos.items()}


def gate_passable(game: HelmsDeepGame, state: State, side: str, a: str, b: str) -> bool:
    """IV E: gates "do not restrict the movement of the second player, but may not be passed
    through by the first player unless the gates have been destroyed"; VI: or opened."""
    if side == game.second:
        return True
    key = side_key(a, b)
    return key in state.gates_down or key in state.gates_open


def in_enemy_zone(game: HelmsDeepGame, state: State, side: str, place: str, occ: dict[str, str]) -> bool:
    """IV: "The six hexes surrounding a unit are called the area of control" (not up or down a wall)."""
    ground = game.ground
    for n in ground.neighbors[place]:
        unit = occ.get(n)
        if unit is not None and game.units[unit].side != side and not ground.across_wall(place, n):
            return True
    return False


def wade_depth(game: HelmsDeepGame) -> dict[str, int]:
    """The Klammbach passage from its northern mouth (0) through the culvert to its southern one."""
    ground = game.ground
    mouths = sorted((p for c in ground.culvert for p in ground.neighbors[c] if p not in ground.culvert),
                    key=lambda p: ground.hex[p].r + ground.hex[p].q / 2)
    if not mouths:
        return {}
    depth = {mouths[0]: 0}
    todo = [mouths[0]]
    while todo:
        p = todo.pop(0)
        for n in ground.neighbors[p]:
            if n not in depth and (n in ground.culvert or p in ground.culvert):
                depth[n] = depth[p] + 1
                todo.append(n)
    return depth


def is_wade(game: HelmsDeepGame, side: str, a: str, b: str) -> bool:
    """A first-player step north to south through the passage (each needs its roll)."""
    if side != game.first:
        return False
    d = game.wade_depth
    return a in d and b in d and d[b] == d[a] + 1 and (a in game.ground.culvert or b in game.ground.culvert)


def can_move(game: HelmsDeepGame, state: State, unit: str) -> bool:
    spec = game.units[unit]
    if unit in state.moved or unit in state.stormed or unit in state.gone or unit in game.fixed:
        return False
    if unit in state.pos:
        return True
    return spec.side == game.first and spec.arrives is not None and spec.arrives <= state.round


def reach(game: HelmsDeepGame, state: State, unit: str, came: dict[str, str] | None = None) -> dict[str, int]:
    """Every place ``unit`` may end its move at, with its cost in half points; ``came`` (if
    given) is filled with the place each was cheapest reached from, for drawing the route."""
    if not can_move(game, state, unit):
        return {}
    spec, units = game.units[unit], game.units
    steps = game.walk_steps[spec.side]
    occ = occupant(state)
    occ.pop(state.pos.get(unit, ""), None)
    budget = spec.movement * 2

    def passable(key: str) -> bool:
        return spec.side == game.second or key in state.gates_down or key in state.gates_open

    best: dict[str, int] = {}
    heap: list[tuple[int, str]] = []
    start = state.pos.get(unit)
    if start is None:
        for p in game.entry:
            if p not in occ or game.units[occ[p]].side == spec.side:
                heap.append((2, p))
    else:
        heap.append((0, start))
        best[start] = 0
    ends: dict[str, int] = {}
    while heap:
        cost, p = heapq.heappop(heap)
        if best.get(p, budget + 1) < cost:
            continue
        best[p] = cost
        if p != start and p not in occ:
            ends[p] = cost
        if p != start and in_enemy_zone(game, state, spec.side, p, occ):
            continue  # "Your unit must stop if it touches a hex occupied by an enemy unit."
        for n, gate, step in steps[p]:
            if n in occ and units[occ[n]].side != spec.side:
                continue
            if gate is not None and not passable(gate):
                continue
            c = cost + step
            if c <= budget and c < best.get(n, budget + 1):
                best[n] = c
                heapq.heappush(heap, (c, n))
                if came is not None:
                    came[n] = p
    if start is not None:
        for n in whole_move_steps(game, state, unit):
            ends[n] = budget
            if came is not None:
                came[n] = start
    return ends


def walk_steps(game: HelmsDeepGame, side: str) -> dict[str, list[tuple[str, str | None, int]]]:
    """For each place, the ordinary steps out of it for ``side``: (to, gate hexside or None, cost).

    Built once per game: climbs, jumps, barred sides and the first player's culvert rolls are left out
    (they are whole moves or actions of their own).
    """
    ground = game.ground
    out: dict[str, list[tuple[str, str | None, int]]] = {}
    for a in ground.labels:
        out[a] = []
        for b in ground.neighbors.get(a, []):
            kind = ground.step_kind(a, b)
            if kind not in ("step", "gate") or is_wade(game, side, a, b):
                continue
            out[a].append((b, side_key(a, b) if kind == "gate" else None, step_cost(game, side, a, b)))
    return out


def step_cost(game: HelmsDeepGame, side: str, a: str, b: str) -> int:
    ground = game.ground
    if a in ground.road and b in ground.road:
        return 1
    if side == game.second and b in ground.culvert:
        return 2  # "The second player can consider it as free terrain for movement."
    source = a if b in ground.road else b
    return game.move_cost.get(str(ground.terrain[source]), 1) * 2


def whole_move_steps(game: HelmsDeepGame, state: State, unit: str) -> list[str]:
    """Ladder climbs and jumps: a unit's whole move, from where it stands, onto a free place."""
    ground = game.ground
    here = state.pos[unit]
    occ = occupant(state)
    out = []
    for n in ground.neighbors[here]:
        if n in occ:
            continue
        kind = ground.step_kind(here, n)
        if kind == "jump" or (kind == "climb" and (n, here) in state.ladders):
            out.append(n)
    return out
