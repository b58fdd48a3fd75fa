"""What an action would do, computed by trying it on a copy of the state.

The engine is the only judge of the rules, so play mode never re-implements them:
a refusal is the RuleError that ``apply`` raises on a copy, and the odds of a
combat or a shot come from declaring it on a copy and applying every die face
the engine offers. New action types and Standard Game modifiers therefore show up
here without changes, as long as the engine reports them in ``state.pending`` and
in its result events.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984.fire import bow, bow_at_range
from bofa_studio.rules.bofa1984.movement import destination_problem
from bofa_studio.rules.bofa1984.overstacking import refusal
from bofa_studio.rules.bofa1984.reach import enemy_held, movement_allowance, path_to, reachable
from bofa_studio.rules.core import CHANCE, RuleError


@dataclass(frozen=True)
class ModifierLine:
    """One die-roll modifier as the player sees it: its value, its rule and why it applies."""

    id: str
    value: int
    rule: str
    text: str


@dataclass
class Odds:
    """A declared combat or shot before its roll: column, modifiers, outcomes with probabilities."""

    kind: str
    strength: int
    defence: int
    column: str
    modifiers: list[ModifierLine]
    # (attacker hits, defender hits) -> probability; fire has attacker hits 0.
    outcomes: dict[tuple[int, int], float] = field(default_factory=dict)
    rolls: dict[int, tuple[int, int]] = field(default_factory=dict)  # die face -> outcome
    error: RuleError | None = None
    # Fire: each archer's bow value, range and strength at that range (B-8), so the total adds up.
    parts: list[str] = field(default_factory=list)

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    def describe(self) -> str:
        if self.error is not None:
            return f"Refused ({self.error.rule}): {self.error.reason}"
        if self.kind == "fire":
            head = f"Fire strength {self.strength}, column {self.column}"
            head += "".join(f"\n  {part}" for part in self.parts)
        else:
            diff = self.strength - self.defence
            head = f"{self.strength} against {self.defence}: difference {diff:+d}, column {self.column}"
        lines = [head]
        for m in self.modifiers:
            lines.append(f"  {m.value:+d} on the die ({m.rule}): {m.text}")
        for (att, dfn), p in sorted(self.outcomes.items(), key=lambda kv: (-kv[1], kv[0])):
            if self.kind == "fire":
                lines.append(f"  {p:4.0%}  {dfn} hit(s) on the target")
            else:
                lines.append(f"  {p:4.0%}  defender loses {dfn}, attacker loses {att}")
        return "\n".join(lines)


def explain(game: Any, state: Any, action: Any) -> RuleError | None:
    """Why the rules refuse ``action`` now (tried on a copy), or None if they accept it."""
    trial = state.copy()
    try:
        game.apply(trial, action)
    except RuleError as exc:
        return exc
    return None


def _modifier_lines(game: Any, ids: tuple[str, ...]) -> list[ModifierLine]:
    lines = []
    for mid in ids:
        m = game.tables.modifiers.get(mid)
        if m is None:
            lines.append(ModifierLine(mid, 0, "", mid))
        else:
            lines.append(ModifierLine(mid, m.value, m.rule, m.text or mid.replace("_", " ")))
    return lines


def odds(game: Any, state: Any, action: Any) -> Odds:
    """Declare ``action`` (Attack, Skirmish, Fire, ...) on a copy and roll every face on copies."""
    trial = state.copy()
    try:
        game.apply(trial, action)
    except RuleError as exc:
        return Odds("?", 0, 0, "", [], error=exc)
    p = getattr(trial, "pending", None)
    if p is None or game.current_player(trial) != CHANCE:
        return Odds("?", 0, 0, "", [])
    result = Odds(p.kind, p.strength, p.defence, "", _modifier_lines(game, tuple(p.modifier_ids)))
    acc: dict[tuple[int, int], float] = defaultdict(float)
    for outcome, prob in game.chance_outcomes(trial):
        rolled = trial.copy()
        events = game.apply(rolled, outcome)
        att = dfn = 0
        for e in events:
            if e.kind == "combat_result":
                att, dfn = e.data.get("attacker_hits", 0), e.data.get("defender_hits", 0)
                result.column = str(e.data.get("column", result.column))
                break
            if e.kind == "fire_result":
                dfn = e.data.get("hits", 0)
                break
        acc[(att, dfn)] += prob
        value = getattr(outcome, "value", None)
        if value is not None:
            result.rolls[value] = (att, dfn)
    if p.kind == "fire" and not result.column:
        col = game.tables.fire_column(p.strength)
        result.column = game.tables.fire_columns[col]["label"]
    result.outcomes = dict(acc)
    if p.kind == "fire" and hasattr(action, "archers"):
        result.parts = _bow_parts(game, state, action)
    return result


def declared_column(game: Any, state: Any, action: Any) -> tuple[str, int] | None:
    """The table column an Attack or Fire would be resolved on, and its strength (an attack's:
    the difference), by declaring it on a copy without rolling; None if the rules refuse it.
    One declaration, not every die face: cheap enough to label every target on the map."""
    trial = state.copy()
    try:
        game.apply(trial, action)
    except RuleError:
        return None
    p = getattr(trial, "pending", None)
    if p is None:
        return None
    tables = game.tables
    if p.kind == "fire":
        return tables.fire_columns[tables.fire_column(p.strength)]["label"], p.strength
    col = min(max(tables.combat_column(p.strength - p.defence) + p.shift, 0), len(tables.combat_columns) - 1)
    return tables.combat_columns[col]["label"], p.strength - p.defence


def _bow_parts(game: Any, state: Any, action: Any) -> list[str]:
    """B-8: one line per archer, "Elf Archer 1: bow 6 at 3 hexes → 4"."""
    cb, target = game.cb, game.idx(action.target)
    out = []
    for cid in action.archers:
        d = cb.distance(state.pos[cid], target)
        b = bow(game, state, cid)
        out.append(f"{game.specs[cid].name}: bow {b} at {d} {'hex' if d == 1 else 'hexes'} → {bow_at_range(b, d)}")
    return out


@dataclass
class Reach:
    """Where a counter or stack may end its move, with the movement points each costs."""

    movers: tuple[str, ...]
    start: Hex
    costs: dict[Hex, int]
    moves: dict[Hex, Any]  # destination -> the legal Move action

    def path(self, game: Any, state: Any, dest: Hex) -> tuple[Hex, ...]:
        move = self.moves.get(dest)
        return game.move_path(state, move) if move is not None else ()


def step_cost(game: Any, movers: tuple[str, ...], a: int, b: int, side: str) -> int:
    flying = all(game.specs[c].is_eagle for c in movers)
    steps = game.fly_steps[a] if flying else game.ground_steps[side][a]
    return next((c for n, c in steps if n == b), 0)


def cheapest_costs(game: Any, side: str, start: int, blocked: set[int] | frozenset[int] = frozenset()) -> dict[int, int]:
    """Movement points to every hex the side's ground counters can reach from ``start`` at any
    cost, never passing through ``blocked`` (ending there is allowed)."""
    ground = game.ground_steps[side]
    best = {start: 0}
    frontier = [(0, start)]
    while frontier:
        d, h = heapq.heappop(frontier)
        if d > best[h] or (h in blocked and h != start):
            continue
        for n, cost in ground[h]:
            if d + cost < best.get(n, 1 << 30):
                best[n] = d + cost
                heapq.heappush(frontier, (d + cost, n))
    return best


def out_of_reach(game: Any, state: Any, movers: tuple[str, ...], dest: int) -> str | None:
    """B-6: which of "the movement value or terrain properties" or an enemy counter keeps ``dest``
    out of the movers' reach, in words (the engine says only "movement value, terrain or enemy
    counters", issue 17). None when none of them does (another rule refuses the move)."""
    if any(game.specs[c].is_eagle for c in movers):
        return None  # flying: neither terrain nor enemies stop an Eagle
    side, start, cb = state.phase_player, state.pos[movers[0]], game.cb
    label = cb.label(dest)
    allowance = movement_allowance(game, state, movers)
    terrain = cheapest_costs(game, side, start)
    if dest not in terrain:
        return f"{label} cannot be reached over the terrain (cliffs, walls or the map's edge are in the way)"
    if terrain[dest] > allowance:
        who = ("the stack moves at its lowest movement value, " if len(movers) > 1
               else f"{game.specs[movers[0]].name} has a movement value of ")
        return f"{label} costs {terrain[dest]} movement points by the cheapest way, and {who}{allowance}"
    held = enemy_held(game, state, side)
    if held:
        around = cheapest_costs(game, side, start, held - {dest})
        if around.get(dest, 1 << 30) > allowance:
            return (f"enemy counters are in the way: {label} is {terrain[dest]} movement points away only through "
                    f"hexes the enemy holds, which counters cannot move through")
    return None


def full_friendly_hexes(game: Any, state: Any, reach: Reach) -> list[Hex]:
    """Friendly hexes within the movers' movement that they may not end in because of B-9's
    stacking limits ("At most 2 counters may be in the same hex (one counter of full combat
    strength and one leader counter or character counter per hex)"): the reach leaves them
    unshaded, and a player must be told why."""
    movers = reach.movers
    start = state.pos[movers[0]]
    side = state.phase_player
    out = []
    for i in reachable(game, state, movers, start):
        h = game.hex(i)
        if h in reach.costs or i not in state.stacks:
            continue
        if not all(game.side_of[c] == side for c in state.stacks[i]):
            continue
        problem = destination_problem(game, state, movers, i)
        if problem and refusal(problem).rule == "B-9":
            out.append(h)
    return out


def reach(game: Any, state: Any, movers: tuple[str, ...], legal: list[Any]) -> Reach:
    """Destinations of the legal Move actions for exactly these movers, with path costs.

    The engine lists a Move per destination; its cheapest path (``move_path``)
    gives the cost, summed from the engine's own step costs.
    """

    start_i = state.pos[movers[0]]
    moves = {m.to: m for m in legal if type(m).__name__ == "Move" and tuple(m.counters) == tuple(movers)}
    costs: dict[Hex, int] = {}
    if moves:
        tree = reachable(game, state, tuple(movers), start_i)
        side = state.phase_player
        for dest in moves:
            path = path_to(tree, start_i, game.idx(dest))
            costs[dest] = sum(step_cost(game, movers, a, b, side) for a, b in zip(path, path[1:], strict=False))
    return Reach(tuple(movers), game.hex(start_i), costs, moves)


def move_check(game: Any, state: Any, move: Any) -> float | None:
    """If ``move`` needs a die roll (a Standard Game morale check, S-6), the chance it
    succeeds: the share of die faces after which the movers stand at the destination.
    None when the move needs no roll."""
    trial = state.copy()
    try:
        game.apply(trial, move)
    except RuleError:
        return None
    if game.current_player(trial) != CHANCE:
        return None
    dest = game.idx(move.to)
    ok = 0.0
    for outcome, prob in game.chance_outcomes(trial):
        rolled = trial.copy()
        game.apply(rolled, outcome)
        if all(rolled.pos.get(c) == dest for c in move.counters):
            ok += prob
    return ok


def hit_chance(game: Any, state: Any, action: Any, kinds: frozenset[str]) -> float | None:
    """The chance that ``action`` produces an event of one of ``kinds`` (a dive's or the
    rocks' hit): certain if it does so without a roll, else the share of die faces that
    do. None if the rules refuse the action."""
    trial = state.copy()
    try:
        events = game.apply(trial, action)
    except RuleError:
        return None
    if any(e.kind in kinds for e in events):
        return 1.0
    if game.current_player(trial) != CHANCE:
        return 0.0
    ok = 0.0
    for outcome, prob in game.chance_outcomes(trial):
        rolled = trial.copy()
        if any(e.kind in kinds for e in game.apply(rolled, outcome)):
            ok += prob
    return ok


def success_chance(game: Any, state: Any, action: Any) -> float | None:
    """The chance a roll-for action works, from the ``success`` flag of its roll's event
    (Gandalf's spells report one)."""
    trial = state.copy()
    try:
        game.apply(trial, action)
    except RuleError:
        return None
    if game.current_player(trial) != CHANCE:
        return 1.0
    ok = 0.0
    for outcome, prob in game.chance_outcomes(trial):
        rolled = trial.copy()
        if any(e.data.get("success") for e in game.apply(rolled, outcome)):
            ok += prob
    return ok


@dataclass
class Effect:
    """What an action does to the counters if its roll succeeds: moves, removals, flips."""

    moved: dict[str, tuple[Hex, Hex]] = field(default_factory=dict)
    removed: dict[str, Hex] = field(default_factory=dict)
    flipped: dict[str, Hex] = field(default_factory=dict)


def success_effect(game: Any, state: Any, action: Any) -> Effect | None:
    """Apply ``action`` on a copy and then the first die face whose event says it worked,
    and compare: the push-back's arrows, the destroy spell's victims, the regrouped
    counters, all as the engine would do them."""
    trial = state.copy()
    try:
        game.apply(trial, action)
    except RuleError:
        return None
    after = trial
    if game.current_player(trial) == CHANCE:
        for outcome, _ in game.chance_outcomes(trial):
            rolled = trial.copy()
            if any(e.data.get("success") for e in game.apply(rolled, outcome)):
                after = rolled
                break
        else:
            return None
    out = Effect()
    for cid, i in state.pos.items():
        j = after.pos.get(cid)
        if j is None:
            out.removed[cid] = game.hex(i)
        elif j != i:
            out.moved[cid] = (game.hex(i), game.hex(j))
        elif after.steps.get(cid) != state.steps.get(cid):
            out.flipped[cid] = game.hex(i)
    return out
