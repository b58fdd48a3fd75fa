"""Random players for simulation and benchmarks.

``uniform`` picks uniformly among ``legal_actions``. ``random`` (the simulator's
default) is also uniform at each level, but samples in two steps, first a piece
(or "end the phase"), then one of that piece's legal actions: the same support
as ``legal_actions`` without listing every destination of every counter at every
step (a destination is checked only once drawn), which keeps a full random game
to a fraction of a second. Players draw
from their own generator, never from the game's dice.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import eagles, leaders, movement, placement, reach
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook
from bofa_studio.rules.bofa1984.sequence import end_phase_problem, move_phase_blocker
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import uniform_index

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def uniform_player(game: BofaGame, state: State, rng: int) -> tuple[Any, int]:
    actions = game.legal_actions(state)
    rng, i = uniform_index(rng, len(actions))
    return actions[i], rng


def random_player(game: BofaGame, state: State, rng: int) -> tuple[Any, int]:
    if state.stage == Stage.MOVE:
        return _random_move(game, state, rng)
    if state.stage == Stage.SETUP:
        return _random_setup(game, state, rng)
    return uniform_player(game, state, rng)


def _random_setup(game: BofaGame, state: State, rng: int) -> tuple[Any, int]:
    side = state.setup_side
    options: list[Any] = [c for c in game.setup_list(state, side) if c not in state.pos]  # type: ignore[arg-type]
    if game.default_problem(state) is None:
        options.append(A.PlaceDefault())
    while True:
        rng, i = uniform_index(rng, len(options))
        choice = options[i]
        if isinstance(choice, A.PlaceDefault):
            return choice, rng
        hexes = placement.setup_hexes(game, state, choice, side)  # type: ignore[arg-type]
        if hexes:
            rng, j = uniform_index(rng, len(hexes))
            return A.Place(choice, game.hex(hexes[j])), rng
        options.pop(i)


def _random_move(game: BofaGame, state: State, rng: int) -> tuple[Any, int]:
    ready = game.reinforcements_ready(state)
    returning = state.returning if state.phase_player == "dark" else []
    dives: list[str] = []
    if game.option("s7_dive_attacks") and state.phase_player == "free_peoples":
        dives = [c for c in game.eagles if c in state.pos]
    groups, over, held = movement.survey(game, state)
    # What may act, in runs: reinforcements to enter, leaders to return, Eagles to dive, groups
    # to move; an entry's kind is the run it lies in (``runs`` counts the first three), and
    # ending the phase, when allowed, is drawn as one more entry after them all.
    options: list[Any] = [*ready, *returning, *dives, *groups]
    runs = [len(ready), len(returning), len(dives)]
    may_end_phase = move_phase_blocker(game, state, over) is None  # B-9, O-5: see legal_actions
    outlook = StackingOutlook(game, state, held, over)
    while True:
        if not options and not may_end_phase:  # overstacking's bound promises a way out; say so loudly if not
            raise AssertionError(f"no legal action in a {state.phase_player} MOVE phase: {end_phase_problem(game, state)}")
        rng, i = uniform_index(rng, len(options) + may_end_phase)
        if i == len(options):
            return A.EndPhase(), rng
        what = options[i]
        run = 0 if i < runs[0] else 1 if i < runs[0] + runs[1] else 2 if i < runs[0] + runs[1] + runs[2] else 3
        kind = ("enter", "return", "dive", "move")[run]
        if kind == "return":
            hexes = leaders.return_hexes(game, state, what)
            if hexes:
                rng, j = uniform_index(rng, len(hexes))
                return A.Place(what, game.hex(hexes[j])), rng
        elif kind == "dive":
            targets = eagles.dive_targets(game, state, what)
            flight = eagles.flight_ends(game, state, what) if targets else None
            landings = [(t, d) for t in targets for d in eagles.dive_ends(game, state, what, t, flight)]
            if landings:
                rng, j = uniform_index(rng, len(landings))
                t, d = landings[j]
                return A.Dive(what, game.hex(t), game.hex(d)), rng
        elif kind == "enter":
            entry = game.entry_hexes(state, what)
            hexes = placement.allowed_entries(game, state, what, entry, outlook)
            if hexes:
                rng, j = uniform_index(rng, len(hexes))
                return A.Place(what, game.hex(hexes[j])), rng
        else:
            # Uniform over the legal destinations, asking only about the hexes drawn: drawing
            # without replacement until one is legal picks each legal one alike.
            start = state.pos[what[0]]
            prev = reach.reachable(game, state, what, start, held)
            may_end = movement.end_check(game, state, what, start, outlook)
            # The first draw reads the shared, sorted reach in place (the start left out); a
            # list of the rest is made only if that hex is refused, which is rare.
            ordered = reach.sorted_reach(game, prev)
            at_start = bisect_left(ordered, start) if start in prev else len(ordered)
            count = len(ordered) - (at_start < len(ordered))
            rest: list[int] | None = None
            while count:
                rng, j = uniform_index(rng, count)
                d = ordered[j + 1 if j >= at_start else j] if rest is None else rest.pop(j)
                if may_end(d):
                    on_map = game.cb.hexes
                    path = reach.path_to(prev, start, d)
                    return A.Move(what, on_map[d], tuple([on_map[h] for h in path])), rng
                if rest is None:
                    rest = [h for h in ordered if h != start and h != d]
                count -= 1
        options.pop(i)
        if run < 3:
            runs[run] -= 1


PLAYERS = {"random": random_player, "uniform": uniform_player}
