"""B-3/B-4 sequence of play: chip choices, blind draws, phases and turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984 import auto, eagles, entry, hysteria, leaders, optional, regroup, victory
from bofa_studio.rules.bofa1984.combat import open_skirmishes
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES, other_side
from bofa_studio.rules.bofa1984.overstacking import over_stacked
from bofa_studio.rules.bofa1984.reach import friends_in
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import chip_text, player_text
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State

PHASE_KINDS = ("move", "combat", "fire")
FIRE_COMBAT = "fire_combat"


def first_chooser(turn: int) -> str:
    """B-3: odd (black) turns the Dark player chooses first, even (white) turns the Free Peoples."""
    return DARK if turn % 2 else FREE_PEOPLES


def begin_turn(game: BofaGame, state: State) -> list[Event]:
    mix = game.mix_for(state.turn)
    state.cup = dict(mix["chips"])
    state.first_chooser = first_chooser(state.turn)
    state.first_chip = None
    state.held = None
    state.phase_no = 0
    state.phase_player = None
    state.phase_kind = None
    state.stage = Stage.CHOOSE_FIRST
    events = [Event("turn", f"turn {state.turn} begins; {player_text(state.first_chooser)} chooses first",
                    {"turn": state.turn})]
    if game.option("s3_regrouping"):
        events += regroup.start(game, state)
    return events


def take_chip(game: BofaGame, state: State, kind: str) -> None:
    if state.cup.get(kind, 0) <= 0:
        raise RuleError("B-3", f"there is no {kind} chip left in the cup")
    state.cup[kind] -= 1


def choose(game: BofaGame, state: State, kind: str) -> list[Event]:
    take_chip(game, state, kind)
    if state.stage == Stage.CHOOSE_FIRST:
        state.first_chip = kind
        state.stage = Stage.CHOOSE_SECOND
        return [Event("chip", f"{player_text(state.first_chooser)} chooses {chip_text(kind)} to play first")]
    state.held = kind
    events = [Event("chip", f"{player_text(other_side(state.first_chooser))} chooses {chip_text(kind)} to hold")]
    return events + start_phase(game, state, state.first_chooser, state.first_chip)


def phases_in_turn(game: BofaGame, state: State) -> int:
    return game.mix_for(state.turn)["phases"]


def start_phase(game: BofaGame, state: State, player: str, kind: str) -> list[Event]:
    state.phase_no += 1
    state.phase_player = player
    if kind == FIRE_COMBAT:
        state.stage = Stage.FC_MODE
        return [Event("phase", f"phase {state.phase_no}: {player_text(player)} plays F/C",
                      {"phase": state.phase_no, "player": player, "kind": FIRE_COMBAT})]
    return begin_kind(game, state, kind)


def begin_kind(game: BofaGame, state: State, chip: str) -> list[Event]:
    kind = Stage(chip)
    state.phase_kind = kind
    state.moved = set()
    state.fought = set()
    state.fired = set()
    state.attack_dir = {}
    state.skirmished = set()
    if kind == Stage.MOVE:
        state.phase_start = dict(state.pos)
    state.stage = kind
    number, player = state.phase_no, state.phase_player
    events = [Event.deferred("phase", lambda: (f"phase {number}: {player_text(player)}'s {chip_text(kind)} phase",
                                               {"phase": number, "player": player, "kind": kind}))]
    if game.standard_phases:
        return events + standard_phase_start(game, state, kind)
    if kind == Stage.MOVE:
        entry.wait_if_due(game, state)
    return events


def standard_phase_start(game: BofaGame, state: State, kind: Stage) -> list[Event]:
    """Per-phase bookkeeping of the Standard Game and the optional rules, and the automatic
    steps at a phase's start (O-4 hysterical moves, O-1 bats)."""
    state.morale_failed = set()
    state.dived = set()
    state.rocks_used = set()
    state.spell_tried = False
    if kind == Stage.MOVE and game.option("o4_hysteria"):
        hysteria.start_move(game, state)
    if kind == Stage.FIRE and state.phase_player == DARK and game.option("o1_bat_attack"):
        optional.start_bats(game, state)
    if state.todo:
        return auto.run(game, state)
    if kind == Stage.MOVE:
        entry.wait_if_due(game, state)
    if kind == Stage.COMBAT and game.option("s7_eagle_skirmishes"):
        return eagles.offer_skirmishes(game, state)
    return []


def choose_mode(game: BofaGame, state: State, mode: str) -> list[Event]:
    if mode not in ("fire", "combat"):
        raise RuleError("B-4", f"an F/C phase is played as fire or combat, not {mode!r}")
    return begin_kind(game, state, mode)


def end_phase_problem(game: BofaGame, state: State, over: dict[int, str] | None = None) -> RuleError | None:
    """Why the phase player may not end the phase yet, naming what is still to do (for the
    refusal of EndPhase and for a UI that greys out "end the phase"), or None. ``over``:
    the phase player's over-stacked hexes, when the caller has them already."""
    if state.stage == Stage.COMBAT:
        left = open_skirmishes(game, state)
        if left:
            labels = ", ".join(game.cb.label(h) for h in left)
            return RuleError("B-7", f"skirmishes must be fought in every combat phase; still to fight: {labels}")
    elif state.stage == Stage.MOVE:
        side: str = state.phase_player  # type: ignore[assignment]
        if over is None:
            over = over_stacked(game, state, side)
        blocker = move_phase_blocker(game, state, over)
        if blocker is None:
            return None
        if blocker in over:
            h = blocker
            names = ", ".join(game.specs[c].name for c in friends_in(game, state, h, side))
            return RuleError("B-9", f"the stacking limits take effect at the end of the movement phase, and "
                                    f"{game.cb.label(h)} is over them ({over[h]}: {names}); move a counter out first")
        return RuleError("O-5", f"{game.specs[blocker].name} is brought back in this movement phase, the "
                                "Dark player's next since he fell: place him with a counter of his tribe")
    return None


def move_phase_blocker(game: BofaGame, state: State, over: dict[int, str]) -> int | str | None:
    """What keeps a MOVE phase from ending, unworded (a random player asks at every step, and
    only :func:`end_phase_problem`'s refusal needs the words): the lowest over-stacked hex of
    ``over`` (the phase player's, B-9), or an O-5 leader still to bring back, or None."""
    if over:
        return min(over)
    if state.phase_player == DARK:
        for cid in state.returning:
            if leaders.return_hexes(game, state, cid):
                return cid
    return None


def end_phase(game: BofaGame, state: State) -> list[Event]:
    problem = end_phase_problem(game, state)
    if problem:
        raise problem
    player, kind = state.phase_player, state.phase_kind
    events = [Event.deferred("phase_end", lambda: (f"{player_text(player)} ends the {chip_text(kind)} phase", {}))]
    if state.stage == Stage.MOVE and state.phase_player == DARK and state.returning:
        events += leaders.forgo_returns(game, state)
    state.phase_kind = None
    if state.phase_no >= phases_in_turn(game, state):
        return events + end_turn(game, state)
    return events + next_phase(game, state)


def next_phase(game: BofaGame, state: State) -> list[Event]:
    """B-3: players alternate; the first chooser draws blind, the second plays his chip later."""
    k = state.phase_no + 1
    first = state.first_chooser
    player = first if k % 2 else other_side(first)
    state.phase_player = player
    if player == first or state.held is None or k == 2:
        state.stage = Stage.DRAW
        return []
    if k >= phases_in_turn(game, state) and not game.option("s3_second_chooser_may_draw"):
        kind, state.held = state.held, None
        return start_phase(game, state, player, kind)
    state.stage = Stage.CHIP
    return []


def play_held(game: BofaGame, state: State) -> list[Event]:
    kind, state.held = state.held, None
    return start_phase(game, state, state.phase_player, kind)


def chip_drawn(game: BofaGame, state: State, kind: str) -> list[Event]:
    take_chip(game, state, kind)
    player = state.phase_player
    return [Event.deferred("draw", lambda: (f"{player_text(player)} draws {chip_text(kind)}", {}))] + \
        start_phase(game, state, state.phase_player, kind)


def end_turn(game: BofaGame, state: State) -> list[Event]:
    if state.turn >= game.turns:
        state.stage = Stage.OVER
        state.phase_player = None
        state.result = victory.final_result(game, state)
        return [Event("game_over", f"the game ends after turn {state.turn}: {state.result['summary']}",
                      dict(state.result))]
    state.turn += 1
    return begin_turn(game, state)
