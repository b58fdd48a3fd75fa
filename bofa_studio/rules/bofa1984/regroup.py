"""S-3 regrouping (with S-1's leader rules): one roll per reduced unit, per leader hit
and (O-4) per hysterical unit, at the start of the side's turns.

The Free Peoples regroup in white (even) turns and the Dark in black (odd) turns. The
printed list of white turns leaves out turn 10; the rule's intent ("in the white
turn") and the definition of white turns (all even turns, B-1) include it, so the
engine regroups in every even turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from bofa_studio.rules.bofa1984 import auto
from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.reach import friends_in, has_side, put, remove
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import player_text
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

UNIT_TARGET = 4  # S-3: "A result of 1-4 gives the unit strength back"
HYSTERIC_TARGET = 1  # O-4: "only with a combat strength value of 1"


def regrouping_side(turn: int) -> str:
    """S-3: white (even) turns the Free Peoples, black (odd) turns the Dark; turn 10 included."""
    return "free_peoples" if turn % 2 == 0 else "dark"


def commands(game: BofaGame, leader: str, unit: str) -> bool:
    """S-1 command table: Gandalf all Free Peoples, Bolg all the Dark, the others their own
    command (Thranduil and Bilbo the Elves, Dain and Thorin the Dwarves, Bard the Men,
    Gwaihir the Eagles, each captain his tribe). Beorn commands nobody."""
    ls, us = game.specs[leader], game.specs[unit]
    if ls.is_beorn or ls.side != us.side:
        return False
    return ls.command == us.side or ls.command == us.command or (ls.command == "free_peoples" and us.side == "free_peoples")


def commands_in_battle(game: BofaGame, leader: str, unit: str) -> bool:
    """The command table outside regrouping (S-6 morale): the S-1 footnote, "Bilbo does not
    belong to the command of Elf units, but can take part in their regrouping"."""
    return "hobbit" not in game.specs[leader].flags and commands(game, leader, unit)


def supporting_leader(game: BofaGame, state: State, cid: str) -> str | None:
    """S-1/S-6: the leader on top of ``cid``'s stack who commands it, if any."""
    side = game.side_of[cid]
    mine = friends_in(game, state, state.pos[cid], side)
    top = mine[-1] if mine else None
    if top is None or top == cid or not game.specs[top].leader:
        return None
    return top if commands(game, top, cid) else None


def start(game: BofaGame, state: State) -> list[Event]:
    """Queue the regrouping rolls of the turn's side: leaders first (S-1 advises it, so
    that a healed leader supports with his full strength), then units."""
    side = regrouping_side(state.turn)
    leaders: list[auto.Step] = []
    units: list[auto.Step] = []
    for cid in game.counter_order:
        if cid not in state.pos or game.side_of[cid] != side:
            continue
        if game.specs[cid].leader:
            if game.option("s10_leaders"):
                leaders += [RegroupLeader(cid)] * state.hits.get(cid, 0)
        elif cid in state.hysteric or state.steps[cid] == 1:
            units.append(RegroupUnit(cid))
    auto.schedule(state, leaders + units, Stage.CHOOSE_FIRST)
    events = [Event("regroup", f"turn {state.turn}: {player_text(side)} regroups", {"side": side})]
    return events + auto.run(game, state)


def target(game: BofaGame, state: State, cid: str) -> int:
    """The highest roll that regroups ``cid`` now (0: it cannot be regrouped)."""
    leader = supporting_leader(game, state, cid)
    bonus = strength(game, state, leader) if leader else 0
    if cid in state.hysteric:
        return HYSTERIC_TARGET + bonus if leader else 0
    return UNIT_TARGET + bonus


def displacement_hexes(game: BofaGame, state: State, cid: str) -> list[int]:
    """Adjacent hexes a regrouped counter may be moved to when its own hex is too full (S-1)."""
    trial = dict(state.steps)
    trial[cid] = 2
    return [n for n in sorted(game.cb.adjacent_open[state.pos[cid]]) if _can_take(game, state, cid, n, trial)]


def _may_enter(game: BofaGame, state: State, cid: str, n: int) -> bool:
    """Whether ``cid`` may be put in hex ``n`` before stacking is counted: open terrain,
    no enemy in it, and the Front Gate's limit."""
    side = game.side_of[cid]
    if game.tables.move_cost.get(game.cb.terrain[n]) is None or has_side(game, state, n, other_side(side)):
        return False
    return not hex_problem(game, state, [cid], n)


def _can_take(game: BofaGame, state: State, cid: str, n: int, steps: dict[str, int]) -> bool:
    """Whether hex ``n`` may take ``cid`` (at the strengths in ``steps``): open terrain, no
    enemy in it, the Front Gate's limit and B-9 stacking with the friends already there."""
    side = game.side_of[cid]
    if not _may_enter(game, state, cid, n):
        return False
    return _stacking_with(game, state, [c for c in friends_in(game, state, n, side) if c != cid] + [cid], steps) is None


def shift_options(game: BofaGame, state: State, cid: str) -> list[tuple[int, str, int]]:
    """S-1: "If all adjacent hexes are occupied by friendly units, 1 unit may be shifted".

    Offered only when no adjacent hex can take the regrouped counter directly. Each option
    is (the adjacent hex the regrouped counter moves into, the friendly counter shifted out
    of it, the hex next to that one it is shifted to): the shifted counter needs a hex that
    can take it, and must leave enough room for the regrouped one. An empty list means "the
    adjacent friendly counters have no room to shift", so the unit cannot be regrouped.
    """
    if displacement_hexes(game, state, cid):
        return []
    side = game.side_of[cid]
    h = state.pos[cid]
    trial = dict(state.steps)
    trial[cid] = 2
    out = []
    for n in sorted(game.cb.adjacent_open[h]):
        if not _may_enter(game, state, cid, n):
            continue
        mine = friends_in(game, state, n, side)
        for other in mine:
            rest = [c for c in mine if c != other]
            if _stacking_with(game, state, rest + [cid], trial) is not None:
                continue
            for m in sorted(game.cb.adjacent_open[n]):
                if m != h and _can_take(game, state, other, m, trial):
                    out.append((n, other, m))
    return out


def _stacking_with(game: BofaGame, state: State, counters: list[str], steps: dict[str, int]) -> str | None:
    saved = state.steps
    state.steps = steps
    try:
        return stacking_problem(game, state, counters)
    finally:
        state.steps = saved


def _overfull(game: BofaGame, state: State, cid: str) -> bool:
    trial = dict(state.steps)
    trial[cid] = 2
    side = game.side_of[cid]
    return _stacking_with(game, state, friends_in(game, state, state.pos[cid], side), trial) is not None


def _unit_wanted(game: BofaGame, state: State, cid: str) -> bool:
    if cid not in state.pos or not (cid in state.hysteric or state.steps[cid] == 1):
        return False
    if target(game, state, cid) <= 0:
        return False
    # S-1: "If the adjacent friendly counters have no room ... the reduced unit cannot be regrouped."
    if cid in state.hysteric or not _overfull(game, state, cid):
        return True
    return bool(displacement_hexes(game, state, cid) or shift_options(game, state, cid))


@dataclass(frozen=True, slots=True)
class RegroupUnit(auto.Step):
    """S-1: the regrouping die of a reduced (or hysterical) unit."""

    digest_tag: ClassVar[str] = "regroup"

    def wanted(self, game: BofaGame, state: State) -> bool:
        return _unit_wanted(game, state, self.counter)

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        return _regroup(game, state, self.counter, roll)


@dataclass(frozen=True, slots=True)
class RegroupLeader(auto.Step):
    """S-1: one regrouping die per hit marker under a leader (S-10)."""

    digest_tag: ClassVar[str] = "regroup_leader"

    def wanted(self, game: BofaGame, state: State) -> bool:
        return self.counter in state.pos and state.hits.get(self.counter, 0) > 0

    def apply(self, game: BofaGame, state: State, roll: int) -> list[Event]:
        return _regroup_leader(game, state, self.counter, roll)


def _regroup(game: BofaGame, state: State, cid: str, roll: int) -> list[Event]:
    need = target(game, state, cid)
    name = game.specs[cid].name
    if roll > need:
        return [Event("regroup_roll", f"{name} rolls {roll}, needs {need} or less: not regrouped",
                      {"counter": cid, "roll": roll, "success": False})]
    if cid in state.hysteric:
        state.hysteric.discard(cid)
        return [Event("regroup_roll", f"{name} rolls {roll} (needs {need}): the H marker goes",
                      {"counter": cid, "roll": roll, "success": True})]
    must_move = _overfull(game, state, cid)
    state.steps[cid] = 2
    events = [Event("regroup_roll", f"{name} rolls {roll} (needs {need}): back to full strength",
                    {"counter": cid, "roll": roll, "success": True})]
    if must_move:
        state.regroup_place = cid
        state.stage = Stage.REGROUP_PLACE
    return events


def place_actions(game: BofaGame, state: State) -> list[int]:
    cid = state.regroup_place
    assert cid is not None
    return displacement_hexes(game, state, cid)


def shift_actions(game: BofaGame, state: State) -> list[tuple[int, str, int]]:
    cid = state.regroup_place
    assert cid is not None
    return shift_options(game, state, cid)


def shift(game: BofaGame, state: State, cid: str, h: int, shifted: str, shift_to: int) -> list[Event]:
    """S-1: one friendly counter next to the regrouped one is shifted to make room, and the
    regrouped counter moves into its hex (the owner picks both)."""
    if cid != state.regroup_place:
        raise RuleError("S-1", f"{cid} is not the regrouped counter that must move")
    if (h, shifted, shift_to) not in shift_options(game, state, cid):
        raise RuleError("S-1", f"{shifted} cannot be shifted from {game.cb.label(h)} to {game.cb.label(shift_to)} "
                        f"to make room for {game.specs[cid].name} (only when no adjacent hex can take it)")
    remove(state, shifted)
    put(state, shifted, shift_to)
    remove(state, cid)
    put(state, cid, h)
    state.regroup_place = None
    specs = game.specs
    return [Event("regroup_shift", f"{specs[shifted].name} is shifted to {game.cb.label(shift_to)} and "
                  f"{specs[cid].name} moves to {game.cb.label(h)} to make room",
                  {"counter": cid, "shifted": shifted})] + auto.resume(game, state)


def place(game: BofaGame, state: State, cid: str, h: int) -> list[Event]:
    """S-1: the regrouped counter moves to an adjacent hex (the owner picks which)."""
    if cid != state.regroup_place:
        raise RuleError("S-1", f"{cid} is not the regrouped counter that must move")
    state.steps[cid] = 1
    ok = h in displacement_hexes(game, state, cid)
    state.steps[cid] = 2
    if not ok:
        raise RuleError("S-1", f"{game.cb.label(h)} is not a free adjacent hex that can take {game.specs[cid].name}")
    remove(state, cid)
    put(state, cid, h)
    state.regroup_place = None
    return [Event("regroup_move", f"{game.specs[cid].name} moves to {game.cb.label(h)} to make room")] + \
        auto.resume(game, state)


def _regroup_leader(game: BofaGame, state: State, cid: str, roll: int) -> list[Event]:
    """S-1: one roll per hit; the original combat strength or less removes it."""
    need = game.specs[cid].strength[1]
    name = game.specs[cid].name
    if roll <= need:
        state.hits[cid] -= 1
        if not state.hits[cid]:
            del state.hits[cid]
        return [Event("regroup_roll", f"{name} rolls {roll} (needs {need}): one hit removed",
                      {"counter": cid, "roll": roll, "success": True})]
    return [Event("regroup_roll", f"{name} rolls {roll}, needs {need} or less: the hit stays",
                  {"counter": cid, "roll": roll, "success": False})]
