"""S-10 leaders: the escape of a leader whose hex an enemy enters, and O-5's returning
goblin leaders. (Hit markers are in ``losses``; their regrouping in ``regroup``.)

An escape is the leader's owner's decision, taken at once, in the middle of the
other side's movement phase: a stage where that player acts, with "stay" always
offered so a game never waits on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook, over_stacked
from bofa_studio.rules.bofa1984.reach import controlled_by, friends_in, has_side, put, remove
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def after_move(game: BofaGame, state: State, movers: tuple[str, ...], path: list[int]) -> list[Event]:
    """Bookkeeping once a move is made: O-3 (Thorin left the gate), S-10 escape offers."""
    note_thorin_left(game, state, movers, path[0])
    if not game.option("s10_leaders"):
        return []
    return offer_escapes(game, state, other_side(game.side_of[movers[0]]), path[1:])


def note_thorin_left(game: BofaGame, state: State, counters: tuple[str, ...], from_hex: int) -> None:
    """O-3: the shift starts "as soon as Thorin leaves the Front Gate hex", however he leaves
    it: a move, an advance after combat, or a shift that makes room for a regrouped unit."""
    if "thorin" in counters and game.cb.front_gate[from_hex]:
        state.thorin_left = True


def offer_escapes(game: BofaGame, state: State, side: str, hexes: list[int]) -> list[Event]:
    """S-10: "Whenever a leader/character (except Beorn or Thorin) is in a hex with an enemy
    counter on him (or a counter moves through him), he has the option of moving away".

    ``hexes`` are those the enemy's counters passed through or ended in (a move's path, a
    dive's flight, the push-back spell's pushes); ``side``'s leaders there are offered an
    escape, in order, where they have somewhere to go.
    """
    if not game.option("s10_leaders"):
        return []
    found = []
    for h in hexes:
        for c in state.stacks.get(h, ()):
            spec = game.specs[c]
            if spec.side == side and spec.leader and not spec.is_beorn and not spec.is_thorin:
                found.append(c)
    found = [c for c in dict.fromkeys(found) if c in state.pos and escape_hexes(game, state, c)]
    if not found:
        return []
    state.escapes = found
    state.resume = state.stage
    state.stage = Stage.ESCAPE
    names = ", ".join(game.specs[c].name for c in found)
    # A copy: the state's list empties as the leaders decide, and the event must keep saying
    # who was offered the escape (a log or replay reads it later).
    return [Event("escape_offer", f"S-10: {names} may escape", {"counters": list(found)})]


def escape_hexes(game: BofaGame, state: State, cid: str) -> list[int]:
    """Hexes the leader can reach with his whole movement value, avoiding the enemy."""
    spec = game.specs[cid]
    side = spec.side
    enemy = other_side(side)
    start = state.pos[cid]
    budget = spec.movement[state.steps[cid] - 1]
    steps = game.fly_steps if spec.is_eagle else game.ground_steps[side]
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for h in frontier:
            for n, cost in steps[h]:
                d = dist[h] + cost
                if d > budget or d >= dist.get(n, 1 << 30):
                    continue
                if not spec.is_eagle and controlled_by(game, state, n, enemy):
                    continue
                dist[n] = d
                nxt.append(n)
        frontier = nxt
    out = []
    for h in sorted(dist):
        if h == start or has_side(game, state, h, enemy) or hex_problem(game, state, [cid], h):
            continue
        if stacking_problem(game, state, friends_in(game, state, h, side) + [cid]) is None:
            out.append(h)
    if out and state.phase_player == enemy and over_stacked(game, state, enemy):
        # The moving side has a hex over B-9's limits and one way out of it; a leader escaping
        # into the hex that way out needs would leave the phase unable to end.
        # One look at the map without him serves every hex he might go to: his own side's
        # counters do not count for the enemy's B-9, and he bars only the hex he ends in.
        trial = state.copy()
        remove(trial, cid)
        outlook = StackingOutlook(game, trial)
        out = [h for h in out if outlook.finishable(closed=h)]
    return out


def escape_refusal(game: BofaGame, state: State, cid: str, to: int) -> str:
    """Why the leader may not escape to ``to``, in the words a player needs to choose again."""
    spec = game.specs[cid]
    side = spec.side
    if has_side(game, state, to, other_side(side)):
        return "enemy units hold that hex"
    problem = hex_problem(game, state, [cid], to) or stacking_problem(
        game, state, friends_in(game, state, to, side) + [cid])
    if problem:
        return problem
    budget = spec.movement[state.steps[cid] - 1]
    return f"it is beyond his movement value of {budget} on a path clear of enemy control"


def escape(game: BofaGame, state: State, cid: str, to: int | None) -> list[Event]:
    if not state.escapes or state.escapes[0] != cid:
        raise RuleError("S-10", f"{cid} is not the leader whose escape is being decided")
    name = game.specs[cid].name
    if to is None:
        events = [Event("escape", f"{name} stays")]
    else:
        if to not in escape_hexes(game, state, cid):
            why = escape_refusal(game, state, cid, to)
            raise RuleError("S-10", f"{name} cannot escape to {game.cb.label(to)}: {why}")
        remove(state, cid)
        put(state, cid, to)
        events = [Event("escape", f"{name} escapes to {game.cb.label(to)}", {"counter": cid})]
    state.escapes.pop(0)
    if not state.escapes:
        state.stage, state.resume = state.resume or Stage.MOVE, None
    return events


# -- O-5 goblin leaders return -----------------------------------------------------------

def return_hexes(game: BofaGame, state: State, cid: str) -> list[int]:
    """O-5: a hex with a counter of his tribe, where he may stack by the phase's end (B-9)."""
    command = game.specs[cid].command
    specs = game.specs
    outlook = StackingOutlook(game, state)
    out = []
    for h, stack in state.stacks.items():
        if any(specs[c].command == command and not specs[c].leader and specs[c].side == "dark" for c in stack):
            if outlook.allows((cid,), None, h):
                out.append(h)
    return sorted(out)


def bring_back(game: BofaGame, state: State, cid: str, h: int) -> list[Event]:
    """O-5: back "with half combat strength" (rounded down: "Thuk returns with a combat strength
    of 1", and his printed strength is 3).

    With S-10 he is on his full face with hit markers making up the difference. Without S-10
    he comes back on his reduced face (one more hit removes him, as a half-strength counter),
    and where that face shows more than half his strength (Thuk's shows 2) a hit marker
    makes up the difference, as a player at the table would mark it."""
    if h not in return_hexes(game, state, cid):
        raise RuleError("O-5", f"{game.specs[cid].name} returns in a hex with a counter of his tribe")
    reduced, full = game.specs[cid].strength
    half = full // 2
    state.returning.remove(cid)
    state.eliminated.remove(cid)
    if game.option("s10_leaders"):
        state.steps[cid] = 2
        state.hits[cid] = full - half
    else:
        state.steps[cid] = 1
        if reduced > half:
            state.hits[cid] = reduced - half
    put(state, cid, h)
    state.moved.add(cid)
    return [Event("leader_returns", f"O-5: {game.specs[cid].name} returns in {game.cb.label(h)}", {"counter": cid})]


def forgo_returns(game: BofaGame, state: State) -> list[Event]:
    """O-5: "he is brought back into play ... in the Dark player's next movement phase": one
    still waiting when that phase ends had nowhere to return (no counter of his tribe where
    he could stack), and stays dead. No goblin leader can fall in a Dark MOVE phase, so
    every one waiting now has had this phase as his next."""
    events = [Event("leader_lost", f"O-5: {game.specs[cid].name} found no counter of his tribe to return to "
                                   "and stays dead", {"counter": cid}) for cid in state.returning]
    state.returning.clear()
    return events


def invisible(game: BofaGame, state: State, h: int) -> bool:
    """S-10 (read by the engine): Bilbo, alone in a hex and still wearing the ring (fewer than
    2 hits), cannot be seen, so he is neither attacked nor shot at."""
    stack = state.stacks.get(h)
    return (stack is not None and len(stack) == 1 and stack[0] == "bilbo" and game.option("s10_leaders")
            and state.hits.get("bilbo", 0) < 2)
