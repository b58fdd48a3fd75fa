"""B-2 setup and B-5 reinforcement entry: who may be placed where, and when setup ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import reach, sequence
from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook, refusal
from bofa_studio.rules.bofa1984.stacking import stacking_problem
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import group_text, player_text
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def setup_actions(game: BofaGame, state: State) -> list[Any]:
    side = state.setup_side
    out: list[Any] = []
    if default_problem(game, state) is None:
        out.append(A.PlaceDefault())
    for cid in game.setup_list(state, side):  # type: ignore[arg-type]
        out += [A.Place(cid, game.hex(h)) for h in setup_hexes(game, state, cid, side)]  # type: ignore[arg-type]
    return out


def setup_hexes(game: BofaGame, state: State, cid: str, side: str) -> list[int]:
    """The hexes where ``cid`` may be set up now, in order: those :func:`place_problem` passes,
    found without building a refusal for each hex that does not take it (a side's setup lists
    some thousands of hexes, most of them empty)."""
    if cid not in game.setup_zone or game.specs[cid].side != side or not game.sets_up(state, side, cid) \
            or cid in state.pos:
        return []
    stacks, side_of = state.stacks, game.side_of
    out = []
    zone = game.setup_zone[cid]
    ordered = game._sorted_zones.get(cid)
    if ordered is None or ordered[0] is not zone:  # a zone is replaced whole when it changes (O-6)
        ordered = game._sorted_zones[cid] = (zone, sorted(zone))
    for h in ordered[1]:
        stack = stacks.get(h)
        if stack is not None:
            friends = [c for c in stack if side_of[c] == side]
            if friends and stacking_problem(game, state, [*friends, cid]):
                continue
        out.append(h)
    return out


def reinforcements_ready(game: BofaGame, state: State) -> list[str]:
    """The phase player's reinforcements due by this turn that have not entered yet (B-5, O-6).
    The random player asks at every step of a MOVE phase: what is due depends only on the side,
    the turn and the tribes chosen, so that list is kept and only ``entered`` is asked."""
    key = (state.phase_player, state.turn, state.variable_tribes)
    due = game._due_reinforcements.get(key)
    if due is None:
        tribe_of, tribes, turn = game.tribe_of, state.variable_tribes, state.turn
        due = game._due_reinforcements[key] = [
            cid for cid, at in game.reinforcements_of(state.phase_player)  # type: ignore[arg-type]
            if at <= turn and (cid not in tribe_of or tribe_of[cid] in tribes)
        ]
    entered = state.entered
    return [cid for cid in due if cid not in entered]


def entry_hexes(game: BofaGame, state: State, cid: str) -> list[int]:
    """B-5: the entry triangles of the counter's groups, or Beorn's entry circle."""
    entry = game.reinforcement[cid]["entry"]
    if entry.get("circle"):
        circle = game.cb.entry_circle
        side = game.specs[cid].side
        if not entry.get("nearest_free") or any(
                not reach.has_side(game, state, h, side) for h in circle):
            return list(circle)
        # "If this hex is already occupied by a Free Peoples counter, he can be placed directly
        # on top, or enter the board from the nearest free hex." On top, he is over B-9's
        # limits until he or the friend moves off, which B-9 allows within the phase.
        best: list[int] = []
        dist = 1 << 30
        for h in range(len(game.cb)):
            if h in state.stacks or game.cb.cliff[h]:
                continue
            d = min(game.cb.distance(h, c) for c in circle)
            if d < dist:
                best, dist = [h], d
            elif d == dist:
                best.append(h)
        return sorted(set(circle) | set(best))
    hexes: list[int] = []
    name = game.reinforcement[cid].get("name", f"turn {game.reinforcement[cid]['turn']}")
    # A reinforcement that enters only by the entry circle names no triangles.
    for g in state.entry_rolls.get(name, entry.get("groups", ())):
        hexes += game.cb.entry_groups.get(g, [])
    return sorted(set(hexes))


def place_problem(game: BofaGame, state: State, cid: str, h: int, side: str) -> RuleError | None:
    """Why ``cid`` may not be set up in ``h`` now (B-2, B-9), or None."""
    spec = game.specs[cid]
    if cid not in game.setup_zone or spec.side != side or not game.sets_up(state, side, cid):
        return RuleError("B-2", f"{spec.name} is not set up by {side} at the start")
    if cid in state.pos:
        return RuleError("B-2", f"{spec.name} is already on the map")
    if h not in game.setup_zone[cid]:
        return RuleError("B-2", f"{spec.name} must be set up in its zone")
    problem = stacking_problem(game, state, reach.friends_in(game, state, h, side) + [cid])
    return RuleError("B-9", problem) if problem else None


def default_problem(game: BofaGame, state: State) -> RuleError | None:
    """Why the scenario's default placement cannot finish this side's setup, or None."""
    side = state.setup_side
    remaining = [c for c in game.setup_list(state, side) if c not in state.pos]  # type: ignore[arg-type]
    if not remaining:
        return RuleError("B-2", "nothing is left to place")
    remaining = [c for c in remaining if c not in state.extra_elves]  # O-8: placed where they fit
    missing = [c for c in remaining if c not in game.default_placement]
    if missing:
        return RuleError("B-2", f"the scenario has no default placement for {', '.join(missing[:3])}")
    trial = state.copy()
    for cid in remaining:
        problem = place_problem(game, trial, cid, game.default_placement[cid], side)  # type: ignore[arg-type]
        if problem:
            return problem
        reach.put(trial, cid, game.default_placement[cid])
    return None


def advance_setup(game: BofaGame, state: State) -> list[Event]:
    events: list[Event] = []
    while state.stage == Stage.SETUP and all(c in state.pos for c in game.setup_list(state, state.setup_side)):  # type: ignore[arg-type]
        i = game.setup_order.index(state.setup_side)  # type: ignore[arg-type]
        events.append(Event("setup_done", f"{player_text(state.setup_side)} has set up"))
        if i + 1 < len(game.setup_order):
            state.setup_side = game.setup_order[i + 1]
            if state.setup_side == "dark" and game.tribe_of and not state.variable_tribes:
                # O-6: "After the Free Peoples player has set up ... the Dark player must determine
                # which 2 of his 5 units are to come over the mountain."
                state.stage = Stage.VARIABLE_TRIBES
                return events
        else:
            state.setup_side = None
            state.turn = 1
            events += sequence.begin_turn(game, state)
    return events


def entry_problem(game: BofaGame, state: State, cid: str, h: int, entry: list[int] | None = None,
                  outlook: StackingOutlook | None = None) -> RuleError | None:
    """Why reinforcement ``cid`` may not enter in ``h`` now (B-5, B-9), or None.

    B-5 places reinforcements "naturally observing the rules for several counters in the same
    hex", and those rules take effect at the end of the movement phase (B-9): a placed counter
    may lie on a friend as long as one of them can still move off (``overstacking``)."""
    r = game.reinforcement[cid]
    spec = game.specs[cid]
    if cid in game.tribe_of and game.tribe_of[cid] not in state.variable_tribes:
        return RuleError("O-6", f"{spec.name}'s tribe was not chosen to come over the mountain")
    if h not in (entry if entry is not None else entry_hexes(game, state, cid)):
        return RuleError("B-5", f"{spec.name} enters on {entry_text(game, cid)}")
    side = r["side"]
    if not r["entry"].get("onto_enemy") and reach.controlled_by(game, state, h, other_side(side)) \
            and not spec.is_beorn:
        return RuleError("B-5", f"{spec.name} may not be placed on an enemy counter")
    if outlook is None:
        outlook = StackingOutlook(game, state)
    problem = outlook.problem((cid,), None, h, movers_done=False)
    return refusal(problem) if problem else None


def allowed_entries(game: BofaGame, state: State, cid: str, entry: list[int], outlook: StackingOutlook) -> list[int]:
    """The hexes of ``entry`` (its :func:`entry_hexes`) where :func:`entry_problem` finds
    nothing, in order: empty hexes are asked of the outlook's quick check, without words."""
    if cid in game.tribe_of and game.tribe_of[cid] not in state.variable_tribes:
        return []  # O-6
    stacks = state.stacks
    empty_ok = outlook.empty_entry_check(cid)
    return [h for h in entry if (empty_ok(h) if h not in stacks else
                                 entry_problem(game, state, cid, h, entry, outlook) is None)]


def entry_text(game: BofaGame, cid: str) -> str:
    entry = game.reinforcement[cid]["entry"]
    if entry.get("circle"):
        return "the entry circle (or the nearest free hex)"
    return f"the {group_text(entry.get('groups', ()))} entry triangles"
