"""V Fight: close combat (5.1), ladder storms (5.2), attacks on gates (VI), archers, the
combat result table and retreats.

Engine readings:
- Terrain modifiers reduce each attacking unit's strength (not below 0); a ladder
  charge takes one more point off the total (5.1, 5.2). "If the attacking unit is in
  the road hex, it is considered open terrain": a road hex in the Klammbach or the
  moat gives no penalty, but F-4, named by the rule itself, keeps its -3 though the
  road runs through it.
- "X: The attacked unit is destroyed and its field is taken": the hex is free; only a
  ladder storm moves an attacker in (5.2's "special case of movement during combat").
- A retreat is exactly its length; a unit that cannot go that far is destroyed. It
  never enters a wall hex or an off-board space ("forbidden territory") and never
  climbs or jumps. A second-player unit retreating through E-17 may be pushed off
  the board there (8.2).
- Archers: range counts hexes on the printed board; "beyond two severing castle wall
  hex sides" bars a line that crosses two or more wall faces; archers neither shoot
  into nor out of the spaces under the Hornburg.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from bofa_studio.board import Terrain
from bofa_studio.hexgrid import hex_line
from bofa_studio.rules.helmsdeep.ground import side_key
from bofa_studio.rules.helmsdeep.movement import gate_passable, in_enemy_zone, occupant

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame
    from bofa_studio.rules.helmsdeep.state import State

GATE = "gate:"


def can_fight_across(game: HelmsDeepGame, state: State, side: str, a: str, b: str) -> bool:
    """5.1: who may close-combat whom across the side between ``a`` and ``b``."""
    ground = game.ground
    if ground.gate(a, b) is not None:
        # "The First Player may never attack an enemy unit on the other side of a gate hex unless
        # the gate has been destroyed. The second player ... can always attack".
        return side == game.second or side_key(a, b) in state.gates_down
    if (a in ground.hornburg) != (b in ground.hornburg):
        return False  # the Hornburg is attacked "only through the gates"
    # "Under no circumstances can units engage enemy units in close combat that are at the foot of a castle wall."
    return not ground.across_wall(a, b)


def attack_strength(game: HelmsDeepGame, state: State, attackers: tuple[str, ...], storm: bool) -> int:
    total = 0
    for unit in attackers:
        place = state.pos[unit]
        terrain = game.ground.terrain[place]
        modifier = 0 if place in game.ground.road and terrain != Terrain.RAMP else game.attack_modifiers.get(terrain, 0)
        total += max(0, game.units[unit].strength + modifier)
    return total - (1 if storm else 0)


def _groups(units: list[str]) -> list[tuple[str, ...]]:
    units = sorted(units)
    out = []
    for k in range(1, len(units) + 1):
        out.extend(combinations(units, k))
    return out


def close_attacks(game: HelmsDeepGame, state: State, side: str) -> list[tuple[tuple[str, ...], str]]:
    """(attackers, target) for every close combat ``side`` may start now (targets: units and gates)."""
    ready = [u for u, p in sorted(state.pos.items()) if game.units[u].side == side and game.units[u].kind == "sword"
             and u not in state.fought and u not in state.stormed]
    out = []
    for target, place in sorted(state.pos.items()):
        if game.units[target].side == side or target in state.attacked:
            continue
        near = [u for u in ready if place in game.ground.neighbors[state.pos[u]]
                and can_fight_across(game, state, side, state.pos[u], place)]
        out.extend((g, target) for g in _groups(near))
    if side == game.first:
        for key, kind in sorted(game.ground.gates.items()):
            if kind != "light" or key in state.gates_down or GATE + key in state.attacked:
                continue
            a, b = key.split("/")
            near = [u for u in ready if state.pos[u] in (a, b)]
            out.extend((g, GATE + key) for g in _groups(near))
    return out


def storm_attacks(game: HelmsDeepGame, state: State) -> list[tuple[tuple[str, ...], str]]:
    """5.2: attacks from the foot of a ladder on the second player's unit on that wall hex."""
    occ = occupant(state)
    out = []
    for wall in sorted({w for w, _ in state.ladders}):
        target = occ.get(wall)
        if target is None or game.units[target].side != game.second or target in state.attacked:
            continue
        feet = {f for w, f in state.ladders if w == wall}
        near = [occ[f] for f in sorted(feet) if f in occ and game.units[occ[f]].side == game.first
                and game.units[occ[f]].kind == "sword" and occ[f] not in state.stormed]
        out.extend((g, target) for g in _groups(near))
    return out


def walls_crossed(game: HelmsDeepGame, a: str, b: str) -> int:
    ground = game.ground
    # A line along the board's edge may pass a hex outside it (no wall there).
    line = [ground.board.label(h) for h in hex_line(ground.hex[a], ground.hex[b])]
    return sum(1 for x, y in zip(line, line[1:], strict=False)
               if x in ground.terrain and y in ground.terrain and ground.across_wall(x, y))


def can_shoot(game: HelmsDeepGame, state: State, archer: str, target: str) -> bool:
    ground = game.ground
    a, t = state.pos[archer], state.pos[target]
    if not ground.on_board(a) or not ground.on_board(t) or t in ground.hornburg:
        return False  # "Units in the Hornburg, regardless of the level, can never be attacked by archers"
    distance = ground.hex[a].distance(ground.hex[t])
    return 1 < distance <= game.units[archer].range and walls_crossed(game, a, t) < 2


def fire_attacks(game: HelmsDeepGame, state: State, side: str) -> list[tuple[tuple[str, ...], str]]:
    archers = [u for u in sorted(state.pos) if game.units[u].side == side and game.units[u].kind == "archer"
               and u not in state.fought]
    out = []
    for target in sorted(state.pos):
        if game.units[target].side == side or target in state.attacked:
            continue
        able = [u for u in archers if can_shoot(game, state, u, target)]
        out.extend((g, target) for g in _groups(able))
    return out


def superiority(game: HelmsDeepGame, state: State, attackers: tuple[str, ...], target: str, mode: str) -> int:
    """Attack superiority: modified strength minus the defence; archers' shooting strength alone."""
    if mode == "fire":
        return sum(game.units[u].strength for u in attackers)
    defence = game.gate_strength if target.startswith(GATE) else game.units[target].strength
    return attack_strength(game, state, attackers, mode == "storm") - defence


def retreat_options(game: HelmsDeepGame, state: State, unit: str, hexes: int, chooser: str) -> list[str]:
    """Where ``unit`` may end a retreat of ``hexes``; "off" if it may be pushed off at the exit."""
    ground, side = game.ground, game.units[unit].side
    start = state.pos[unit]
    if ground.is_wall(start) or start in ground.hornburg or not ground.on_board(start):
        return []
    occ = occupant(state)
    del occ[start]
    ends: set[str] = set()
    paths = [(start,)]
    for step in range(hexes):
        longer = []
        for path in paths:
            here = path[-1]
            if here in ground.exits and side == game.second and chooser == game.first:
                ends.add("off")
            for n in ground.neighbors[here]:
                if n in path or not ground.on_board(n) or ground.is_wall(n):
                    continue
                kind = ground.step_kind(here, n)
                if kind not in ("step", "gate") or (kind == "gate" and not gate_passable(game, state, side, here, n)):
                    continue
                if n in occ and game.units[occ[n]].side != side:
                    continue
                if in_enemy_zone(game, state, side, n, occ):
                    continue
                longer.append((*path, n))
        paths = longer
        if step == hexes - 1:
            ends.update(p[-1] for p in paths if p[-1] not in occ)
    return sorted(ends)


