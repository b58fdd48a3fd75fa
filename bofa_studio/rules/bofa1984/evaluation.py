"""How a position of The Battle of Five Armies looks to a side: the computer players' evaluation.

The players in :mod:`bofa_studio.ai` know no ruleset; they ask the Game's optional
hooks ``evaluate`` (a score, higher is better for the side), ``action_priors`` (a
cheap guess of which actions deserve a closer look, since a MOVE phase offers
thousands) and ``counter_hexes`` (where the counters are, for a balance report's
map of losses). This module implements them from what wins the game (B-11, S-11):

- the victory locations held now, weighted up as the last turn nears (B-11 counts
  them at the end of turn 12; holding one early is worth less than holding it then);
- strength on the map: every step a counter keeps is worth its combat strength
  (B-7: a reduced counter fights with its back side), leaders a little more;
- presence near the victory locations, strength discounted by how many moves away
  it is, so that one-ply players walk toward the places at stake;
- threats: a leader with no combat counter under him next to the enemy (B-9: he is
  hit whenever his hex is);
- the combat outlook (B-7): what each side can expect from its next combat phase, as
  a run of attacks (the best on any enemy stack with every free stack beside it, then
  the best on another with the stacks left), each the steps it is expected to take less
  those it is expected to lose, read off the Combat Table; weighted by how soon each
  side fights (B-3: the players alternate phases). So a move that walks into bad odds, or leaves a stack that the enemy outnumbers,
  costs what the table says it will, and two stacks that together reach good odds
  are worth more than either alone (what a one-ply player cannot see);
- a combat whose roll is made but whose hits are not yet taken counts the hits;
- for the planning levels only (``evaluate_ahead``), in the last turns of a game won by
  B-11, a location held with an enemy counter beside it is worth less: the enemy's next
  MOVE phase can walk in (B-6) and leave it held by neither; and, in every turn, a
  location held early is a promise rather than a point (B-11 pays at the end) and the
  reinforcements still to come count in the presence near each place (B-5, S-5), so that a
  plan does not spread a side over places its enemy's next wave will fill;
- for the planning levels in the Standard Game, a reduced unit's strength to come back by
  S-3's regrouping, at its chance of coming back in its side's turns still to play;
- for the planning levels, from six turns before the end, strength and the combat outlook
  count for less, down to half in the last turn: B-11 and S-11 count places only (under S-11
  strength in a place decides who holds it, which the places count), and fitted to how games
  ended, strength told little of the result in the last turns of either game;
- for a planning level's decision in the game's last phase (``evaluate_last_phase``): the
  result B-11 would give if the phase ended there, the estimate above breaking ties only
  (strength counts for nothing once the game is over).

Numbers are in combat strength points; a victory location is worth about a strong
counter early and two at the end.
"""

from __future__ import annotations

import heapq
import math
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import regroup
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES
from bofa_studio.rules.bofa1984.handlers import D10
from bofa_studio.rules.bofa1984.overstacking import over_stacked
from bofa_studio.rules.bofa1984.reach import friends_in
from bofa_studio.rules.bofa1984.sequence import move_phase_blocker
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.victory import control, controller, final_result, standard_controller

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

WIN_SCORE = 1000.0
LOCATION_EARLY, LOCATION_LATE = 6.0, 14.0
PRESENCE_WEIGHT = 4.0
PRESENCE_RANGE = 2.0  # moves: strength this far away counts e^-1 of its value
# Per location, the presence counts as tanh(margin / PRESENCE_MARGIN): a point of strength is
# worth most where the two sides are close, little where one side already has it in hand or
# where the other overwhelms it (so a side reinforces what it can hold instead of feeding
# counters piecemeal toward a place the enemy fills).
PRESENCE_MARGIN = 12.0
LEADER_BONUS = 3.0
LONE_LEADER_THREAT = 4.0
# A leader stacked with a combat unit of his side adds his strength to its attacks (B-7) and,
# in the Standard Game, to its morale checks and regrouping (S-6, S-1); alone he does neither.
# Apart from every unit, the worth fades with the hexes to the nearest one he could join.
LEADER_WITH_UNIT = 3.0
LEADER_REACH = 3.0  # hexes: a leader this far from a unit he could join keeps e^-1 of the worth
# How much the next combat's expected exchange counts: for the side that plays the next
# phase (about a third of the chips are COMBAT or F/C), and for the side after it.
NEXT_COMBAT_WEIGHT = 0.4
COMBAT_NOW_WEIGHT = 0.6  # in a side's own COMBAT phase (what is not attacked now is lost)
LATER_COMBAT_WEIGHT = 0.2
OWED_SKIRMISH_WEIGHT = 1.0  # a skirmish the phase player must fight in this COMBAT phase (B-7)
# evaluate_ahead only. B-11 counts the locations after the last phase, and the Dark's held chip
# gives it a MOVE phase in the last turn whenever it wants one (B-3): from REACH_FROM_END turns
# before the last a location with an enemy beside it is worth less to its holder, rising to
# REACH_SHARE of its worth less from REACH_FULL_FROM_END turns before the last (turns 9 and 11
# of the 12-turn game). Measured on saved games (docs/ai-journal.md, fifteenth sitting).
REACH_SHARE = 0.5
REACH_FROM_END, REACH_FULL_FROM_END = 3, 1
# evaluate_ahead only. B-11 counts the locations "at the end of the game": a place held early is
# a promise, worth PROMISE_EARLY + (LOCATION_LATE - PROMISE_EARLY) x late^2 to a planner (2 points
# in turn 1, 5 in turn 6, 14 at the end), so that its search does not spread a side over five
# places before the enemy's reinforcements come in (docs/ai-journal.md, ninth and twentieth sittings).
PROMISE_EARLY = 2.0
# evaluate_ahead only, B-11 only. A counter that begins a movement phase beside an enemy may move
# into its hex (B-6), and a place with both sides in it is held by neither (B-11): each hex beside
# a held place where none of its holder's counters that could hold it stands is a door the enemy
# can walk in by, and costs the holder this share of the place's worth. Filling them keeps the
# enemy two moves from the place instead of one (docs/ai-journal.md, fortieth sitting).
OPEN_SIDE_SHARE = 0.05
# evaluate_last_phase: a position is worth the result B-11 would give if the phase ended there,
# and this part of the estimate: the estimate is hundreds of points at most, a result a thousand
# and more, so it only breaks ties between positions of one result.
LAST_PHASE_ESTIMATE_SHARE = 0.05
# For a planner: strength, which B-11 and S-11 do not count, is worth less as the end nears,
# from LATE_MATERIAL_FROM_END turns before the last down to LATE_MATERIAL_SHARE of itself in it;
# the places, their doors and the presence near them keep their worth. Fitted to how 80 games of
# each ended, strength told little of the result in the last three turns and the places most
# (bench/evaluation_fit.py; docs/ai-journal.md, forty-fifth sitting for the Basic Game,
# forty-sixth for the Standard).
LATE_MATERIAL_FROM_END = 6
LATE_MATERIAL_SHARE = 0.5
# evaluate_ahead only, B-11 only. Over the same turns the presence near the places counts more, up
# to 1 + LATE_PRESENCE_GAIN times itself in the last turn: fitted to how 80 Basic games ended, the
# strength near the places told far more of the result from turn 7 on than the evaluation gave it
# (docs/ai-journal.md, forty-fifth and forty-eighth sittings). S-11's places are weighed by the
# strength in them, which presence already sees, and its game was not measured with it.
LATE_PRESENCE_GAIN = 1.0


class _Distances:
    """Per game: for every counter and hex, how near each victory location is, as the factor
    e^(-moves / PRESENCE_RANGE) where moves is the movement cost (Dijkstra over the Terrain
    Table's costs, so rivers and slopes count as they do for moving) over the counter's
    movement allowance. Counters of one side and allowance share a table."""

    def __init__(self, game: BofaGame) -> None:
        names = list(game.victory_hexes)
        shared = _shared_tables(game, names)
        self.near: dict[str, list[tuple[float, ...]]] = {}  # cid -> per hex, per location
        self.near_sum: dict[str, list[float]] = {}  # cid -> per hex, summed over locations
        for cid, spec in game.specs.items():
            key = (spec.side, max(spec.movement[1], 1))
            if key not in shared.tables:
                mv = key[1]
                table = shared.tables[key] = [
                    tuple(math.exp(-c[h] / mv / PRESENCE_RANGE) for c in shared.costs[spec.side])
                    for h in range(len(game.cb))]
                shared.sums[key] = [sum(t) for t in table]
            self.near[cid] = shared.tables[key]
            self.near_sum[cid] = shared.sums[key]
        self.locations = len(names)
        self.counting = frozenset(c for c, spec in game.specs.items() if spec.counts_for_victory)
        # Strength near a place: the counters that can hold it (B-11) and Beorn, who cannot
        # ("leaders/characters, except Thorin, have no influence on the control") but is "the
        # strongest counter in the game" (S-10) and clears a place of its holders. Left out,
        # he wandered the south-west corner from his entry in turn 8 to the end, no fight made.
        self.present = self.counting | {c for c, spec in game.specs.items() if spec.is_beorn}
        self.lone_leaders = frozenset(c for c, spec in game.specs.items() if spec.leader and not spec.controls_hex)
        # Leaders who can join a unit's stack (B-9: "A leader counter may be stacked in a hex with
        # one full-strength counter"); Beorn moves only alone.
        self.joining_leaders = tuple(c for c in sorted(self.lone_leaders) if not game.specs[c].is_beorn)
        self.combat_units = frozenset(c for c, spec in game.specs.items() if not spec.leader)
        self.printed_strength = {c: spec.strength for c, spec in game.specs.items()}
        self.victory_hex = {h for hexes in game.victory_hexes.values() for h in hexes}
        # Per location, the hexes beside it that a move can enter it from (its doors, and where
        # an enemy stands within reach of it).
        self.sides = {name: tuple(sorted({n for h in hexes for n in game.cb.adjacent_open[h] if n not in hexes}))
                      for name, hexes in game.victory_hexes.items()}
        self.odds = _Odds(game)
        # (turn, counters entered, tribes, entry rolls) -> per side, presence still to come.
        self.to_come: dict[tuple[Any, ...], tuple[tuple[float, ...], tuple[float, ...]]] = {}


class _Odds:
    """B-7's Combat Table as expectations: (defender's steps lost, attacker's steps lost) of an
    attack at a strength difference, averaged over the die, with the target hex's terrain
    modifiers (Dale, guard rooms, Front Gate: the ones that depend on the target alone)."""

    def __init__(self, game: BofaGame) -> None:
        self._game = game
        self._faces = D10
        cb = game.cb
        ids = [("defender_in_dale", cb.dale), ("defender_in_guard_room", cb.guard_room),
               ("defender_in_front_gate", cb.front_gate)]
        active = [(game.tables.modifier(m).value, where) for m, where in ids
                  if m in game.tables.modifiers and game.modifier_active(m, "attack")]
        self.roll_modifier = [sum(v for v, where in active if where[h]) for h in range(len(cb))]
        # The modifiers that depend on where the attack comes from (B-7: "Every time units
        # attack from a lower level, 1 is added"; "attacked across a river, 1 is likewise added").
        self.from_below = self._value(game, "attack_from_lower_level")
        self.across_river = self._value(game, "attack_across_river")
        self.level = cb.level
        self.river_between = cb.river_between
        self._cache: dict[tuple[int, int], tuple[float, float]] = {}

    @staticmethod
    def _value(game: BofaGame, modifier: str) -> int:
        if modifier in game.tables.modifiers and game.modifier_active(modifier, "attack"):
            return game.tables.modifier(modifier).value
        return 0

    def attack_modifier(self, sources: list[int], target: int) -> int:
        """The die modifier of an attack on ``target`` from the stacks in ``sources`` (B-7)."""
        modifier = self.roll_modifier[target]
        level = self.level
        if self.from_below and any(level[s] < level[target] for s in sources):
            modifier += self.from_below
        if self.across_river and any((s, target) in self.river_between for s in sources):
            modifier += self.across_river
        return modifier

    def clearing_chances(self, difference: int, attack_steps: int, defence_steps: int) -> tuple[float, float]:
        """(Chance the attacker loses ``attack_steps`` or more, chance the defender loses
        ``defence_steps`` or more) at a strength difference, unmodified (a skirmish's die)."""
        difference = min(max(difference, -8), 16)
        results = [self._game.tables.combat(difference, face) for face in self._faces]
        n = len(results)
        return (sum(r.attacker_hits >= attack_steps for r in results) / n,
                sum(r.defender_hits >= defence_steps for r in results) / n)

    def expected(self, difference: int, modifier: int, attack_steps: int, defence_steps: int) -> tuple[float, float]:
        """(Defender's steps lost, attacker's steps lost), each roll's loss capped at the steps
        there are: a counter of one step lost to a roll of two hits is lost once."""
        difference = min(max(difference, -8), 16)  # the table's end columns
        key = (difference, modifier, attack_steps, defence_steps)
        out = self._cache.get(key)
        if out is None:
            table = self._game.tables
            results = [table.combat(difference, face + modifier) for face in self._faces]
            n = len(results)
            out = (sum(min(r.defender_hits, defence_steps) for r in results) / n,
                   sum(min(r.attacker_hits, attack_steps) for r in results) / n)
            self._cache[key] = out
        return out


def _dijkstra(steps: list[tuple[tuple[int, int], ...]], sources: frozenset[int]) -> list[float]:
    # Costs are symmetric enough for a guide (river costs are per side, not per direction).
    dist = [math.inf] * len(steps)
    heap = [(0, h) for h in sources]
    for h in sources:
        dist[h] = 0
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n, cost in steps[h]:
            nd = d + cost
            if nd < dist[n]:
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


_CACHE: weakref.WeakKeyDictionary[Any, _Distances] = weakref.WeakKeyDictionary()


@dataclass
class _SharedTables:
    """What _Distances works out from the map's step costs and the victory locations alone."""

    steps: tuple[object, object]  # the step-cost lists it was worked out from (kept alive, see below)
    costs: dict[str, list[list[float]]]  # side -> per location, the movement cost from every hex
    tables: dict[tuple[str, int], list[tuple[float, ...]]] = field(default_factory=dict)
    sums: dict[tuple[str, int], list[float]] = field(default_factory=dict)


# Every game on the same map shares its step-cost lists (BofaGame._build_steps), and a game's
# distances took 57 ms to work out: every AI test, match worker and computer seat made them.
_SHARED: dict[tuple[int, int, tuple[tuple[str, frozenset[int]], ...]], _SharedTables] = {}


def _shared_tables(game: BofaGame, names: list[str]) -> _SharedTables:
    steps = (game.ground_steps[FREE_PEOPLES], game.ground_steps[DARK])
    key = (id(steps[0]), id(steps[1]), tuple((n, game.victory_hexes[n]) for n in names))
    found = _SHARED.get(key)
    # The entry holds the lists it was keyed by, so their ids cannot be reused while it lives.
    if found is None or found.steps[0] is not steps[0] or found.steps[1] is not steps[1]:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        costs = {side: [_dijkstra(game.ground_steps[side], game.victory_hexes[n]) for n in names]
                 for side in (FREE_PEOPLES, DARK)}
        found = _SHARED[key] = _SharedTables(steps, costs)
    return found


def _distances(game: BofaGame) -> _Distances:
    d = _CACHE.get(game)
    if d is None:
        d = _CACHE[game] = _Distances(game)
    return d


def evaluate(game: BofaGame, state: State, side: str) -> float:
    """The position's worth to ``side``: positive when it is ahead (see the module's list)."""
    return _evaluate(game, state, side, ahead=False)


def evaluate_ahead(game: BofaGame, state: State, side: str) -> float:
    """:func:`evaluate` for a player that plans: in the last turns a location held with an enemy
    counter beside it counts for part of its worth only (:func:`_within_enemy_reach`), and
    strength for less (:func:`_material_weight`); see the module's list for the rest."""
    return _evaluate(game, state, side, ahead=True)


def evaluate_last_phase(game: BofaGame, state: State, side: str) -> float:
    """The worth a planner judges by when its decision lies in the game's last phase: the result
    B-11 would give if the phase ended here, since the phase player may end it whenever the rules
    let him, and a twentieth of :func:`evaluate_ahead` to tell apart positions of one result (the
    first goblin of three sent to the summit).

    Judged by the estimate, a lead in strength (worth nothing once the game is over) rated going
    on above ending in a draw: a Dark with 335 points to 142 moved on until only a goblin sharing
    a guard room with a dwarf was left to move, moved him out and lost (docs/ai-journal.md,
    thirty-fifth sitting)."""
    if state.result is not None:
        return _result_value(state.result, side)
    estimate = _score_for_free_peoples(game, state, ahead=True)
    return _result_value(final_result(game, state), side) + \
        LAST_PHASE_ESTIMATE_SHARE * (estimate if side == FREE_PEOPLES else -estimate)


def on_the_defensive(game: BofaGame, state: State, side: str) -> bool:
    """Whether ``side`` holds more victory locations now than the other side (B-11; S-11
    in the Standard Game)."""
    held = list(control(game, state).values())
    return 2 * held.count(side) > len(held) - held.count(None)


def _evaluate(game: BofaGame, state: State, side: str, ahead: bool) -> float:
    if state.result is not None:
        return _result_value(state.result, side)
    score = _score_for_free_peoples(game, state, ahead)
    return score if side == FREE_PEOPLES else -score


def _result_value(result: dict[str, Any], side: str) -> float:
    winner = result.get("winner")
    if winner is None:
        return 0.0
    margin = abs(result.get("score", {}).get(FREE_PEOPLES, 0) - result.get("score", {}).get(DARK, 0))
    value = WIN_SCORE + 10.0 * margin
    return value if winner == side else -value


def _score_for_free_peoples(game: BofaGame, state: State, ahead: bool = False) -> float:
    specs = game.specs
    sign = {FREE_PEOPLES: 1.0, DARK: -1.0}
    late = min(max(state.turn, 0) / max(game.turns, 1), 1.0)
    score = 0.0
    # Victory locations held now.
    location_value = _location_value(game, state, ahead)
    # Under S-11 one counter does not contest a held place (it needs half the holder's points),
    # and the Standard Game's play was measured good without the term: B-11 only.
    b11_ahead = ahead and not game.option("s11_victory")
    at_risk = _reach_weight(game.turns - state.turn) if b11_ahead else 0.0
    held = control(game, state)
    for name, holder in held.items():
        if holder is not None:
            score += sign[holder] * location_value
            if at_risk and _within_enemy_reach(game, state, name, holder):
                score -= sign[holder] * at_risk * location_value
            if b11_ahead:
                score -= sign[holder] * OPEN_SIDE_SHARE * _open_sides(game, state, name, holder) * location_value
    # Strength kept (on the map or still to come), hits about to be taken counted off; for a
    # planner in the last turns worth less, and so is the combat outlook below, which is
    # strength the next combats are expected to take.
    material = _material_weight(game, state) if ahead else 1.0
    strengths = _strengths(game, state)
    for cid, steps in state.steps.items():
        if steps <= 0:
            continue
        spec = specs[cid]
        value = strengths[cid] + (LEADER_BONUS if spec.leader else 0.0)
        score += sign[spec.side] * value * material
    if ahead and game.option("s3_regrouping"):
        score += _regrouping_to_come(game, state) * material
    pending = state.pending
    if pending is not None and state.stage == Stage.LOSS:
        # A rolled combat: its hits fall on the two sides' counters (one step ~ 2 points).
        attacker = pending.side
        score -= sign[attacker] * 2.0 * pending.att_hits * material
        score += sign[attacker] * 2.0 * pending.def_hits * material
    presence = _presence(game, state, late, ahead, strengths, [h is not None for h in held.values()])
    score += presence * _presence_late_weight(game, state, ahead)
    score += _threats(game, state, strengths) * material
    score += _leaders_with_units(game, state)
    return score


def _regrouping_to_come(game: BofaGame, state: State) -> float:
    """For the Free Peoples: the strength the two sides' reduced units on the map are expected
    to win back by S-3's regrouping before the game ends. "A result of 1-4 gives the unit
    strength back", with a supporting leader's strength added (S-1), once in each of its side's
    turns still to come (white turns the Free Peoples', black the Dark's). Counted at its
    reduced strength alone, a step lost early in the Standard Game looked as dear as a counter
    lost for good (docs/ai-journal.md, forty-seventh sitting)."""
    turns_left = {FREE_PEOPLES: 0, DARK: 0}
    for turn in range(state.turn + 1, game.turns + 1):
        turns_left[regroup.regrouping_side(turn)] += 1
    total = 0.0
    for cid, steps in state.steps.items():
        spec = game.specs[cid]
        if steps != 1 or spec.leader or cid not in state.pos or not turns_left[spec.side]:
            continue
        chance = min(regroup.target(game, state, cid), len(D10)) / len(D10)
        regained = (spec.strength[1] - spec.strength[0]) * (1.0 - (1.0 - chance) ** turns_left[spec.side])
        total += regained if spec.side == FREE_PEOPLES else -regained
    return total


def _material_weight(game: BofaGame, state: State) -> float:
    """What a point of strength is worth to a planner, by the turns still to come (B-11 and
    S-11 count places only): 1 until LATE_MATERIAL_FROM_END turns before the last,
    LATE_MATERIAL_SHARE in it."""
    return 1.0 - (1.0 - LATE_MATERIAL_SHARE) * _late_ramp(game, state)


def _late_ramp(game: BofaGame, state: State) -> float:
    """0 until LATE_MATERIAL_FROM_END turns before the last, rising to 1 in the last turn."""
    turns_to_go = game.turns - state.turn
    return min(max((LATE_MATERIAL_FROM_END - turns_to_go) / LATE_MATERIAL_FROM_END, 0.0), 1.0)


def _presence_late_weight(game: BofaGame, state: State, ahead: bool) -> float:
    """What the presence near the places is worth to a planner (``ahead``) in a game won by
    B-11, by the turns still to come: 1 until LATE_MATERIAL_FROM_END turns before the last,
    1 + LATE_PRESENCE_GAIN in it; 1 to one ply and under S-11."""
    if not ahead or game.option("s11_victory"):
        return 1.0
    return 1.0 + LATE_PRESENCE_GAIN * _late_ramp(game, state)


def _location_value(game: BofaGame, state: State, ahead: bool = False) -> float:
    late = min(max(state.turn, 0) / max(game.turns, 1), 1.0)
    if ahead:
        return PROMISE_EARLY + (LOCATION_LATE - PROMISE_EARLY) * late * late
    return LOCATION_EARLY + (LOCATION_LATE - LOCATION_EARLY) * late


def _reach_weight(turns_to_go: int) -> float:
    """The part of a location's worth that an enemy beside it takes away, by the turns still
    to come after this one: none before REACH_FROM_END, REACH_SHARE from REACH_FULL_FROM_END."""
    if turns_to_go > REACH_FROM_END:
        return 0.0
    steps = REACH_FROM_END - REACH_FULL_FROM_END + 1
    return REACH_SHARE * min((REACH_FROM_END - turns_to_go + 1) / steps, 1.0)


def _open_sides(game: BofaGame, state: State, name: str, holder: str) -> int:
    """How many hexes beside ``name`` hold no counter of ``holder`` that could hold a place
    (B-11: not a leader other than Thorin, not an eagle)."""
    dist = _distances(game)
    counting, side_of, stacks = dist.counting, game.side_of, state.stacks
    return sum(1 for n in dist.sides[name]
               if not any(c in counting and side_of[c] == holder for c in stacks.get(n, ())))


def _within_enemy_reach(game: BofaGame, state: State, name: str, holder: str) -> bool:
    """Whether a counter of the other side that could hold ``name`` (B-11) stands beside it,
    with nothing between that stops a move (B-6: "A counter that begins the movement phase
    adjacent to an enemy counter can move within its hex"; and a hex with both sides in it is
    held by neither, B-11)."""
    dist = _distances(game)
    counting, side_of, stacks = dist.counting, game.side_of, state.stacks
    return any(c in counting and side_of[c] != holder for n in dist.sides[name] for c in stacks.get(n, ()))


def _leaders_with_units(game: BofaGame, state: State) -> float:
    """For the Free Peoples: each side's leaders stacked with its combat units (worth
    LEADER_WITH_UNIT), or else the part of it that fades with the hexes to the nearest
    stack of its units without a leader (B-9: one leader per hex)."""
    dist = _distances(game)
    side_of = game.side_of
    pos = state.pos
    stacks = state.stacks
    units = dist.combat_units
    score = 0.0
    open_stacks: dict[str, list[int]] | None = None
    for cid in dist.joining_leaders:
        h = pos.get(cid)
        if h is None:
            continue
        side = side_of[cid]
        sign = 1.0 if side == FREE_PEOPLES else -1.0
        if any(c in units and side_of[c] == side for c in stacks[h]):
            score += sign * LEADER_WITH_UNIT
            continue
        if open_stacks is None:
            open_stacks = _stacks_without_leader(game, state)
        score += sign * _leader_pull(game, open_stacks[side], h)
    return score


def _leader_pull(game: BofaGame, open_hexes: list[int], h: int) -> float:
    """What a leader at ``h`` is worth for the units he could join (all of it on their hex)."""
    if not open_hexes:
        return 0.0
    nearest = min(map(game.cb.distances_from(h).__getitem__, open_hexes))
    return LEADER_WITH_UNIT * math.exp(-nearest / LEADER_REACH)


def _stacks_without_leader(game: BofaGame, state: State) -> dict[str, list[int]]:
    """Per side, the hexes where one of its combat units stands with no leader of its side."""
    side_of = game.side_of
    units = _distances(game).combat_units  # every counter but the leaders
    fp: list[int] = []
    dark: list[int] = []
    for h, stack in state.stacks.items():
        if len(stack) == 1:  # most hexes: one counter
            c = stack[0]
            if c in units:
                (fp if side_of[c] == FREE_PEOPLES else dark).append(h)
            continue
        fp_here = dark_here = fp_led = dark_led = False
        for c in stack:
            if side_of[c] == FREE_PEOPLES:
                fp_here = True
                fp_led = fp_led or c not in units
            else:
                dark_here = True
                dark_led = dark_led or c not in units
        if fp_here and not fp_led:
            fp.append(h)
        if dark_here and not dark_led:
            dark.append(h)
    return {FREE_PEOPLES: fp, DARK: dark}


def _presence(game: BofaGame, state: State, late: float, ahead: bool, strengths: dict[str, int],
              held: list[bool]) -> float:
    """Strength near each victory location, discounted by moves away; per location the
    margin between the two sides' presence through tanh, so a point counts most where the
    place is in the balance, and little where one side already fills it. ``ahead``: the
    reinforcements still to come count too (:func:`_to_come`), and near a place no one holds
    (``held``, in the order of the victory locations) presence counts only as the end nears
    (late squared): B-11 counts the places at the end, and a planner that prized the empty
    summit and Dale early drew the Free Peoples off the ridges before the Second Wave came
    (docs/ai-journal.md, twenty-fourth sitting)."""
    dist = _distances(game)
    side_of = game.side_of
    near = dist.near
    if ahead:
        coming = _to_come(game, state, dist)
        fp, dark = list(coming[0]), list(coming[1])
    else:
        fp = [0.0] * dist.locations
        dark = [0.0] * dist.locations
    for cid, h in state.pos.items():
        if cid not in dist.present:
            continue
        s = strengths[cid]
        acc = fp if side_of[cid] == FREE_PEOPLES else dark
        for i, f in enumerate(near[cid][h]):
            acc[i] += s * f
    weight = PRESENCE_WEIGHT * (1.0 - 0.5 * late)
    if ahead:
        unheld = late * late
        return weight * sum(math.tanh((f - d) / PRESENCE_MARGIN) * (1.0 if h else unheld)
                            for f, d, h in zip(fp, dark, held, strict=True))
    return weight * sum(math.tanh((f - d) / PRESENCE_MARGIN) for f, d in zip(fp, dark, strict=True))


def _to_come(game: BofaGame, state: State, dist: _Distances) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each side's presence near each location from its reinforcements not yet on the map
    (B-5, O-6, S-5): at the entry hex nearest that location, one move further away for each
    turn until they are due. Kept per game for the few sets of counters still to come."""
    key = (state.turn, frozenset(state.entered), state.variable_tribes, tuple(sorted(state.entry_rolls.items())))
    found = dist.to_come.get(key)
    if found is not None:
        return found
    sums = {FREE_PEOPLES: [0.0] * dist.locations, DARK: [0.0] * dist.locations}
    tribe_of = game.tribe_of
    for side in (FREE_PEOPLES, DARK):
        acc = sums[side]
        for cid, due in game.reinforcements_of(side):
            if cid in state.entered or cid not in dist.present or (
                    cid in tribe_of and tribe_of[cid] not in state.variable_tribes):
                continue
            later = math.exp(-max(due - state.turn, 0) / PRESENCE_RANGE)
            s = game.specs[cid].strength[0]
            rows = [dist.near[cid][h] for h in game.entry_hexes(state, cid)]
            for i in range(dist.locations):
                acc[i] += s * later * max((r[i] for r in rows), default=0.0)
    if len(dist.to_come) >= 256:
        dist.to_come.clear()
    found = dist.to_come[key] = (tuple(sums[FREE_PEOPLES]), tuple(sums[DARK]))
    return found


def _strengths(game: BofaGame, state: State) -> dict[str, int]:
    """:func:`_strength` of every counter, worked out once for the evaluation's loops."""
    printed = _distances(game).printed_strength
    hits = state.hits
    if not hits:
        return {c: printed[c][n - 1] if printed[c][n - 1] > 0 else 0 for c, n in state.steps.items()}
    out = {}
    for c, n in state.steps.items():
        value = printed[c][n - 1] - hits.get(c, 0)
        out[c] = value if value > 0 else 0
    return out


def _strength(game: BofaGame, state: State, cid: str) -> int:
    """combat.strength, inlined for the evaluation's loops."""
    s = game.specs[cid].strength[state.steps[cid] - 1]
    if state.hits:
        s -= state.hits.get(cid, 0)
    return s if s > 0 else 0


def threats(game: BofaGame, state: State, side: str) -> float:
    """The evaluation's threats term for ``side`` (negative when it is the one threatened):
    leaders alone next to the enemy, and the expected exchange of the next combats."""
    value = _threats(game, state, _strengths(game, state))
    return value if side == FREE_PEOPLES else -value


def _threats(game: BofaGame, state: State, strengths: dict[str, int]) -> float:
    """:func:`threats` for the Free Peoples (``strengths``: :func:`_strengths`)."""
    dist = _distances(game)
    odds = dist.odds
    side_of = game.side_of
    controls = game.controls
    adjacent = game.cb.adjacent_open
    steps = state.steps
    fought = state.fought  # B-7: one attack or skirmish each per phase
    # Per hex and side: [strength, strength still free to attack, steps, holds a combat unit].
    fp_at: dict[int, list[Any]] = {}
    dark_at: dict[int, list[Any]] = {}
    for h, stack in state.stacks.items():
        for c in stack:
            here = (fp_at if side_of[c] == FREE_PEOPLES else dark_at).setdefault(h, [0, 0, 0, False])
            s = strengths[c]
            here[0] += s
            if c not in fought:
                here[1] += s
            here[2] += steps[c]
            here[3] = here[3] or c in controls
    w_fp, w_dark = _combat_weights(state)
    owed_fp, owed_dark = _skirmish_weights(state, w_fp, w_dark)
    score = 0.0
    fp_waves: set[int] = set()
    dark_waves: set[int] = set()
    for h, (fs, f_free, fn, _) in fp_at.items():
        foe = dark_at.get(h)
        if foe is not None:
            # A skirmish (B-7): fought in the next combat phase of either side, each time with
            # the best second wave the phase player has beside it.
            gain, fp_strength = _skirmish(odds, adjacent[h], f_free, fn, foe[0], foe[2], fp_at, dark_at, fp_waves)
            score += owed_fp * gain
            loss, dark_strength = _skirmish(odds, adjacent[h], foe[1], foe[2], fs, fn, dark_at, fp_at, dark_waves)
            score -= owed_dark * loss
            if h in dist.victory_hex and state.phase_kind == Stage.COMBAT:
                if state.phase_player == FREE_PEOPLES and f_free:
                    score += _owed_location_stake(game, state, h, FREE_PEOPLES, fp_strength, fn, foe[0], foe[2])
                elif state.phase_player == DARK and foe[1]:
                    score += _owed_location_stake(game, state, h, DARK, dark_strength, foe[2], fs, fn)
    for sign, mine_at, enemy_at, side in ((1.0, fp_at, dark_at, FREE_PEOPLES), (-1.0, dark_at, fp_at, DARK)):
        for h, here in mine_at.items():
            if not here[3] and h not in enemy_at and any(n in enemy_at for n in adjacent[h]):
                lone = sum(1 for c in state.stacks[h] if c in dist.lone_leaders and side_of[c] == side)
                score -= sign * LONE_LEADER_THREAT * lone
    score += w_fp * _best_attacks(odds, adjacent, fp_at, dark_at, fp_waves)
    score -= w_dark * _best_attacks(odds, adjacent, dark_at, fp_at, dark_waves)
    return score


def _skirmish(odds: _Odds, around: Any, strength: int, steps: int, defence: int, defence_steps: int,
              mine_at: dict[int, list[Any]], enemy_at: dict[int, list[Any]], waves: set[int]) -> tuple[float, int]:
    """(The expected gain of a skirmish to the side whose phase it is, the strength it fights
    with): "the phase player may count the combat strength of one adjacent counter, or stack of
    counters" as a second wave (B-7), the best free one not already sent to another skirmish (it
    is then ``waves``)."""
    # No die modifier: the Basic Game's (B-7) are the defender's terrain and where an attack
    # comes from, and the rules give a skirmish none of them (S-7's own are not weighed here).
    if strength <= 0:
        return 0.0, 0  # its counters there have fought this phase: a second wave alone fights no skirmish
    best, best_wave, best_strength = _exchange(odds, strength, steps, defence, defence_steps, 0), -1, strength
    for n in around:
        here = mine_at.get(n)
        if here is None or here[1] <= 0 or n in enemy_at or n in waves:
            continue
        gain = _exchange(odds, strength + here[1], steps + here[2], defence, defence_steps, 0)
        if gain > best:
            best, best_wave, best_strength = gain, n, strength + here[1]
    if best_wave >= 0:
        waves.add(best_wave)
    return best, best_strength


def _owed_location_stake(game: BofaGame, state: State, h: int, side: str, strength: int, steps: int,
                         defence: int, defence_steps: int) -> float:
    """For the Free Peoples: what a skirmish ``side`` must fight this COMBAT phase in victory hex
    ``h`` (B-7) is expected to change in who holds the location (B-11; S-11 under its option).
    Its counters there gone, the enemy may hold it; the enemy's gone, ``side`` may. Without this
    a skirmish for a location looks dearer than any other loss, and one ply would put it off
    with hopeless attacks (docs/ai-journal.md, nineteenth sitting). A second wave's steps are
    lost only after the hex's own (B-7), so the hex's steps are what a roll must take."""
    odds = _distances(game).odds
    own_cleared, enemy_cleared = odds.clearing_chances(strength - defence, steps, defence_steps)
    if not own_cleared and not enemy_cleared:
        return 0.0
    name = next(n for n, hexes in game.victory_hexes.items() if h in hexes)
    held_by = standard_controller if game.option("s11_victory") else controller
    worth = {FREE_PEOPLES: 1.0, DARK: -1.0, None: 0.0}
    now = worth[held_by(game, state, name)]
    stake = 0.0
    for gone, chance in ((side, own_cleared), (DARK if side == FREE_PEOPLES else FREE_PEOPLES, enemy_cleared)):
        if chance:
            trial = state.copy()
            trial.stacks[h] = tuple(c for c in state.stacks[h] if game.side_of[c] != gone)
            stake += chance * (worth[held_by(game, trial, name)] - now)
    return stake * _location_value(game, state)


def _best_attacks(odds: _Odds, adjacent: list[Any], attackers_at: dict[int, list[Any]],
                  targets_at: dict[int, list[Any]], used: set[int]) -> float:
    """What the attacking side can expect from its next combat phase: the best attack on any
    enemy stack with every free stack beside it, then the best on another with the stacks
    left, and so on (B-7: a counter attacks once a phase; attacks that do not pay are not made)."""
    options: list[tuple[int, list[int]]] = []  # (target, the attacking stacks beside it)
    for t in targets_at:
        if t in attackers_at:
            continue  # a skirmish: fought, not attacked (B-7)
        beside = [n for n in adjacent[t] if n in attackers_at and n not in targets_at and attackers_at[n][1] > 0]
        if beside:
            options.append((t, beside))

    def gain_of(t: int, beside: list[int]) -> float:
        strength = steps = 0
        sources = []
        for n in beside:
            if n not in used:
                strength += attackers_at[n][1]
                steps += attackers_at[n][2]
                sources.append(n)
        target = targets_at[t]
        return _exchange(odds, strength, steps, target[0], target[2], odds.attack_modifier(sources, t))

    # An attack's gain changes only when a stack beside its target is used by another: worked
    # out again for those alone, round after round.
    gains = [gain_of(t, beside) for t, beside in options]
    total = 0.0
    while options:
        best, best_gain = -1, 0.0
        for k, gain in enumerate(gains):
            if gain > best_gain:
                best, best_gain = k, gain
        if best < 0:
            break
        total += best_gain
        now_used = options.pop(best)[1]
        gains.pop(best)
        used.update(now_used)
        for k, (t, beside) in enumerate(options):
            if any(n in now_used for n in beside):
                gains[k] = gain_of(t, beside)
    return total


def _exchange(odds: _Odds, attack: int, attack_steps: int, defence: int, defence_steps: int, modifier: int) -> float:
    """What an attack of ``attack`` strength on ``defence``, the die modified by ``modifier``, is
    expected to gain its attacker, in strength points: a step is worth its side's strength per step."""
    if attack <= 0 or defence_steps <= 0:
        return 0.0
    lost, suffered = odds.expected(attack - defence, modifier, max(attack_steps, 1), defence_steps)
    return lost * defence / defence_steps - suffered * attack / max(attack_steps, 1)


def _skirmish_weights(state: State, w_fp: float, w_dark: float) -> tuple[float, float]:
    """(Free Peoples, Dark): how much each side's skirmishes count. B-7: "skirmishes must be
    carried out in every combat phase in which the counters are in the same hex", so in a
    side's own COMBAT phase those it has not fought yet are certain and count whole. Counted
    at the chance of a combat soon, a skirmish at bad odds would look cheaper left for later
    than any other loss, and one ply would throw a lone counter into a hopeless attack first
    to put it off (seen in replay, docs/ai-journal.md, nineteenth sitting)."""
    if state.phase_kind == Stage.COMBAT:
        if state.phase_player == FREE_PEOPLES:
            return OWED_SKIRMISH_WEIGHT, w_dark
        if state.phase_player == DARK:
            return w_fp, OWED_SKIRMISH_WEIGHT
    return w_fp, w_dark


def _combat_weights(state: State) -> tuple[float, float]:
    """(Free Peoples, Dark): how much each side's chance of a combat soon counts. B-3: the
    players alternate phases, so the side that does not play now plays next; in its own
    COMBAT phase a side fights now (with the counters that have not fought yet), and the other
    side still plays next: weighed so already, ending the phase changes nothing but what the
    phase player left unfought (else one ply would rather make any attack than end it)."""
    player = state.phase_player
    if player not in (FREE_PEOPLES, DARK):
        return LATER_COMBAT_WEIGHT, LATER_COMBAT_WEIGHT
    kind = state.phase_kind
    other = DARK if player == FREE_PEOPLES else FREE_PEOPLES
    if kind == Stage.COMBAT:
        weights = {player: COMBAT_NOW_WEIGHT, other: NEXT_COMBAT_WEIGHT}
    elif kind is not None:
        weights = {player: LATER_COMBAT_WEIGHT, other: NEXT_COMBAT_WEIGHT}
    else:  # a chip to draw or choose: the phase player plays next
        weights = {player: NEXT_COMBAT_WEIGHT, other: LATER_COMBAT_WEIGHT}
    return weights[FREE_PEOPLES], weights[DARK]


# -- which actions deserve a look ------------------------------------------------------------

# Ending the phase always deserves a look (B-3); so do the moves that let it end (see
# _phase_enders).
END_PHASE_PRIOR = 1000.0


def action_priors(game: BofaGame, state: State, actions: list[Any]) -> list[float]:
    """A cheap score per action, higher for the more promising; the players look closely at the
    best few. Decisions other than moves and placements are few and all worth a look."""
    dist = _distances(game)
    side_of = game.side_of
    idx = game.cb.index
    pos = state.pos
    out: list[float] = []
    held: dict[int, str] | None = None
    joining = dist.joining_leaders
    open_stacks: dict[str, list[int]] | None = None
    phase_enders = _phase_enders(game, state)
    for a in actions:
        if isinstance(a, A.Move):
            movers, to = a.counters, idx[a.to]
        elif isinstance(a, A.Place) and a.counter in side_of:
            movers, to = (a.counter,), idx[a.hex]
        elif isinstance(a, A.EndPhase):
            out.append(END_PHASE_PRIOR)
            continue
        else:
            out.append(500.0)
            continue
        side = side_of[movers[0]]
        gain = END_PHASE_PRIOR if phase_enders and any(c in phase_enders for c in movers) else 0.0
        if len(movers) == 1 and movers[0] in joining and movers[0] in pos:
            if open_stacks is None:
                open_stacks = _stacks_without_leader(game, state)
            gain += _leader_pull(game, open_stacks[side], to) - _leader_pull(game, open_stacks[side], pos[movers[0]])
        for c in movers:
            if c not in dist.present:
                gain += 0.5
                continue
            table = dist.near_sum[c]
            here = pos.get(c)
            gain += _strength(game, state, c) * (table[to] - (0.0 if here is None else table[here]))
        if to in dist.victory_hex:
            if held is None:
                held = _held_hexes(game, state)
            if held.get(to) != side:
                gain += 10.0
        stack = state.stacks.get(to)
        if stack and any(side_of[c] != side for c in stack):
            gain += 3.0  # into an enemy hex: a skirmish (B-7), worth weighing
        out.append(gain)
    return out


def _phase_enders(game: BofaGame, state: State) -> frozenset[str]:
    """The counters whose move can let a MOVE phase end that may not end yet: those of the phase
    player in the hex over the stacking limits (B-9), or the leader still to bring back (O-5).
    Their moves are looked at first, as ending the phase is: among the few moves a player
    weighs there were once none of them, and a Dark MOVE phase of the last turn made 23 other
    moves, each worse than the last, before one of them came up (docs/ai-journal.md,
    thirty-first sitting)."""
    if state.stage != Stage.MOVE or state.phase_player not in (FREE_PEOPLES, DARK):
        return frozenset()
    over = over_stacked(game, state, state.phase_player)
    blocker = move_phase_blocker(game, state, over)
    if blocker is None:
        return frozenset()
    if isinstance(blocker, int):
        return frozenset(friends_in(game, state, blocker, state.phase_player))
    return frozenset((blocker,))


def _held_hexes(game: BofaGame, state: State) -> dict[int, str]:
    held: dict[int, str] = {}
    for name, holder in control(game, state).items():
        if holder is not None:
            for h in game.victory_hexes[name]:
                held[h] = holder
    return held
