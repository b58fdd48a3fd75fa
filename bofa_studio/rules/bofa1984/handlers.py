"""Applying actions: one handler per action type, and the stages where each is allowed.

``BofaGame.apply`` looks the handler up here; each handler validates what its
rule module does not, changes the State in place and returns events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import (
    combat,
    eagles,
    fire,
    leaders,
    morale,
    movement,
    optional,
    placement,
    reach,
    regroup,
    rocks,
    sequence,
    spells,
)
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import player_text
from bofa_studio.rules.core import Event, RuleError, pick_weighted

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

D10 = tuple(range(1, 11))


def _place(game: BofaGame, state: State, a: A.Place) -> list[Event]:
    h = game.idx(a.hex)
    spec = game.specs.get(a.counter)
    if spec is None:
        raise RuleError("B-2", f"there is no counter {a.counter!r} in this scenario")
    if state.stage == Stage.SETUP:
        problem = game.place_problem(state, a.counter, h, state.setup_side)  # type: ignore[arg-type]
        if problem:
            raise problem
        reach.put(state, a.counter, h)
        return [Event.deferred("place", lambda: (f"{spec.name} set up in {game.cb.label(h)}", {}))] + \
            placement.advance_setup(game, state)
    if a.counter in state.returning and state.phase_player == "dark":
        return leaders.bring_back(game, state, a.counter, h)
    r = game.reinforcement.get(a.counter)
    if r is None:
        raise RuleError("B-5", f"{spec.name} is not a reinforcement")
    if r["side"] != state.phase_player:
        raise RuleError("B-5", f"{spec.name} enters only in its own side's movement phase")
    if r["turn"] > state.turn:
        raise RuleError("B-5", f"{spec.name} arrives on turn {r['turn']}, not before")
    if a.counter in state.entered:
        raise RuleError("B-5", f"{spec.name} has already entered")
    problem = game.entry_problem(state, a.counter, h)
    if problem:
        raise problem
    reach.put(state, a.counter, h)
    state.phase_start[a.counter] = h
    # S-5 lets reinforcements be placed on enemies; a leader there may escape (S-10).
    return [Event.deferred("enter", lambda: (f"{spec.name} enters in {game.cb.label(h)}", {}))] + \
        leaders.after_move(game, state, (a.counter,), [h, h])


def _place_default(game: BofaGame, state: State, a: A.PlaceDefault) -> list[Event]:
    problem = game.default_problem(state)
    if problem:
        raise problem
    side = state.setup_side
    for cid in game.setup_list(state, side):  # type: ignore[arg-type]
        if cid not in state.pos:
            if cid in game.default_placement:
                reach.put(state, cid, game.default_placement[cid])
            else:  # O-8's extra Elves have no default: the first hex of their zone that takes them
                h = placement.setup_hexes(game, state, cid, side)[0]  # type: ignore[arg-type]
                reach.put(state, cid, h)
    return [Event("place", f"{player_text(side)} sets up as the scenario proposes")] + placement.advance_setup(game, state)


def _choose(game: BofaGame, state: State, a: A.ChooseChip) -> list[Event]:
    return sequence.choose(game, state, a.chip)


def _play_held(game: BofaGame, state: State, a: A.PlayHeldChip) -> list[Event]:
    return sequence.play_held(game, state)


def _draw(game: BofaGame, state: State, a: A.DrawChip) -> list[Event]:
    state.stage = Stage.DRAW
    return []


def _chip_drawn(game: BofaGame, state: State, a: A.ChipDrawn) -> list[Event]:
    outcomes, weights = game._chance_weights(state)
    if a not in outcomes:
        raise RuleError("B-3", f"there is no {a.chip} chip in the cup")
    state.rng, _ = pick_weighted(state.rng, weights)
    return sequence.chip_drawn(game, state, a.chip)


def _mode(game: BofaGame, state: State, a: A.ChooseMode) -> list[Event]:
    return sequence.choose_mode(game, state, a.mode)


def _move(game: BofaGame, state: State, a: A.Move) -> list[Event]:
    dest = game.idx(a.to)
    movers = tuple(a.counters)
    path = [game.idx(h) for h in a.path] if a.path else None
    done = movement.plan_move(game, state, movers, dest, path)
    return _finish_move(game, state, movers, dest, done)


def _finish_move(game: BofaGame, state: State, movers: tuple[str, ...], dest: int, done: list[int]) -> list[Event]:
    """A move whose path is known: S-6's morale check stops it, or it is made (B-6)."""
    if game.option("s6_morale"):
        need = morale.check(game, state, movers, done)
        if need is not None:
            return morale.start(game, state, movers, dest, done, *need)
    movement.commit_move(game, state, movers, dest)

    def describe() -> tuple[str, dict[str, Any]]:
        names = ", ".join(game.specs[c].name for c in movers)
        return (f"{names} move to {game.cb.label(dest)}",
                {"counters": list(movers), "path": [game.cb.label(h) for h in done]})

    # The most frequent event by far: worded only if someone reads it (a log, not the simulator).
    return [Event.deferred("move", describe)] + leaders.after_move(game, state, movers, done)


def _move_trusted(game: BofaGame, state: State, a: A.Move) -> list[Event]:
    """A move from ``legal_actions`` or the random player: its movers and destination are
    legal already, so only a path is looked for when it names none."""
    dest = game.idx(a.to)
    movers = tuple(a.counters)
    if a.path:
        index = game.cb.index  # legal already: every hex is on the map
        done = [index[h] for h in a.path]
    else:
        start = state.pos[movers[0]]
        done = reach.path_to(reach.reachable(game, state, movers, start), start, dest)
    return _finish_move(game, state, movers, dest, done)


def _attack(game: BofaGame, state: State, a: A.Attack) -> list[Event]:
    return combat.declare_attack(game, state, tuple(a.attackers), game.idx(a.target))


def _skirmish(game: BofaGame, state: State, a: A.Skirmish) -> list[Event]:
    return combat.declare_skirmish(game, state, game.idx(a.hex), tuple(a.second_wave))


def _fire(game: BofaGame, state: State, a: A.Fire) -> list[Event]:
    return fire.declare_fire(game, state, tuple(a.archers), game.idx(a.target))


def _roll(game: BofaGame, state: State, a: A.DieRoll) -> list[Event]:
    if a.value not in D10:
        raise RuleError("B-1", f"a d10 shows 1..10 (0 counts as 10), not {a.value}")
    state.rng, _ = pick_weighted(state.rng, [1] * 10)
    if state.die is None:
        raise RuleError("B-1", "no die is rolled now")
    return state.die.rolled(game, state, a.value)


def _tribes(game: BofaGame, state: State, a: A.ChooseTribes) -> list[Event]:
    return optional.choose_tribes(game, state, tuple(a.tribes)) + placement.advance_setup(game, state)


def _extra_elves(game: BofaGame, state: State, a: A.ChooseExtraElves) -> list[Event]:
    return optional.choose_extra_elves(game, state, tuple(a.counters)) + placement.advance_setup(game, state)


def _dive(game: BofaGame, state: State, a: A.Dive) -> list[Event]:
    return eagles.declare(game, state, a.eagle, game.idx(a.target), game.idx(a.to))


def _rocks(game: BofaGame, state: State, a: A.RollRocks) -> list[Event]:
    return rocks.roll_rocks(game, state, game.idx(a.pile), game.idx(a.toward))


def _spell(game: BofaGame, state: State, a: A.CastSpell) -> list[Event]:
    return spells.cast(game, state, a.spell, game.idx(a.target))


def _escape(game: BofaGame, state: State, a: A.Escape) -> list[Event]:
    return leaders.escape(game, state, a.counter, game.idx(a.to))


def _stay(game: BofaGame, state: State, a: A.StayPut) -> list[Event]:
    return leaders.escape(game, state, a.counter, None)


def _regroup_move(game: BofaGame, state: State, a: A.RegroupMove) -> list[Event]:
    return regroup.place(game, state, a.counter, game.idx(a.to))


def _regroup_shift(game: BofaGame, state: State, a: A.RegroupShift) -> list[Event]:
    shifted_from = state.pos.get(a.shifted)
    events = regroup.shift(game, state, a.counter, game.idx(a.to), a.shifted, game.idx(a.shift_to))
    if shifted_from is not None:
        leaders.note_thorin_left(game, state, (a.shifted,), shifted_from)
    return events


def _ground_eagles(game: BofaGame, state: State, a: A.GroundEagles) -> list[Event]:
    return eagles.ground(game, state, game.idx(a.hex), a.skirmish)


def _take_loss(game: BofaGame, state: State, a: A.TakeLoss) -> list[Event]:
    return combat.take_loss(game, state, a.counter)


def _advance(game: BofaGame, state: State, a: A.Advance) -> list[Event]:
    return combat.advance(game, state, tuple(a.counters))


def _end_phase(game: BofaGame, state: State, a: A.EndPhase) -> list[Event]:
    return sequence.end_phase(game, state)


HANDLERS = {
    A.Place: _place, A.PlaceDefault: _place_default, A.ChooseChip: _choose, A.PlayHeldChip: _play_held,
    A.DrawChip: _draw, A.ChipDrawn: _chip_drawn, A.ChooseMode: _mode, A.Move: _move, A.Attack: _attack,
    A.Skirmish: _skirmish, A.Fire: _fire, A.DieRoll: _roll, A.TakeLoss: _take_loss, A.Advance: _advance,
    A.EndPhase: _end_phase, A.Dive: _dive, A.RollRocks: _rocks, A.CastSpell: _spell, A.Escape: _escape,
    A.StayPut: _stay, A.RegroupMove: _regroup_move, A.ChooseExtraElves: _extra_elves,
    A.ChooseTribes: _tribes, A.RegroupShift: _regroup_shift, A.GroundEagles: _ground_eagles,
}
STAGES = {
    A.Place: ("setup", "move"), A.PlaceDefault: ("setup",), A.ChooseChip: ("choose_first", "choose_second"),
    A.PlayHeldChip: ("chip",), A.DrawChip: ("chip",), A.ChipDrawn: ("draw",), A.ChooseMode: ("fc_mode",),
    A.Move: ("move",), A.Attack: ("combat",), A.Skirmish: ("combat",), A.Fire: ("fire",),
    A.DieRoll: ("roll", "entry_roll"), A.TakeLoss: ("loss",), A.Advance: ("advance",),
    A.EndPhase: ("move", "combat", "fire"), A.Dive: ("move",), A.RollRocks: ("combat", "fire"),
    A.CastSpell: ("fire",), A.Escape: ("escape",), A.StayPut: ("escape",), A.RegroupMove: ("regroup_place",),
    A.ChooseExtraElves: ("extra_elves",), A.ChooseTribes: ("variable_tribes",),
    A.RegroupShift: ("regroup_place",), A.GroundEagles: ("ground_eagles",),
}
# The rule that refuses an action the current stage does not take. In the three phases it
# is B-4, which says what each phase allows (an attack in a MOVE phase is no B-6 matter).
STAGE_RULE = {"setup": "B-2", "move": "B-4", "combat": "B-4", "fire": "B-4", "loss": "B-7", "advance": "B-7",
              "escape": "S-10", "regroup_place": "S-1",
              "ground_eagles": "S-7"}
# Handlers for BofaGame.apply_trusted, where skipping validation saves real time.
TRUSTED = {A.Move: _move_trusted}
