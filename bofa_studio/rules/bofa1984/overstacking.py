"""B-9 within a movement phase: "These stacking restrictions take effect only at the end of
the movement phase (MOVE)."

So a move may leave a hex over the limits (two full-strength Dwarves exchange hexes by one
moving onto the other, which then moves off; Beorn is placed on a friend on the entry
circle and moves on), and the phase cannot end while a hex of the phase player is over them
(``sequence.end_phase_problem`` names it).

Each counter moves once a phase (the engine's grain, see ``movement``), so a counter that
has moved onto a stack cannot move off it again: a hex can be left over the limits with no
way out. The engine therefore reads the rule with one bound, which keeps every phase
finishable by a person or a random player: after any move the phase player's counters are
within the limits, or a single move by counters that have not moved yet (the "way out":
out of the over-stacked hex to a hex without enemies, where no morale check can fail)
would bring them within. That admits every exchange of two counters or stacks, rotations
round several hexes (each step has its way out), and a counter dropped on a stack with
one moved off; it refuses a second over-stacked hex while one is still open.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.reach import has_side, movement_allowance, reachable
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.core import RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def over_stacked(game: BofaGame, state: State, side: str) -> dict[int, str]:
    """The hexes where ``side``'s counters break B-9 -> why (a lone counter never does)."""
    side_of = game.side_of
    out: dict[int, str] = {}
    for h, stack in state.stacks.items():
        if len(stack) < 2:
            continue
        mine = [c for c in stack if side_of[c] == side]
        if len(mine) > 1:
            problem = stacking_problem(game, state, mine)
            if problem:
                out[h] = problem
    return out


def over_stacked_by_side(game: BofaGame, state: State, sides: tuple[str, ...]) -> dict[str, dict[int, str]]:
    """:func:`over_stacked` for several sides, in one walk over the stacks."""
    side_of = game.side_of
    out: dict[str, dict[int, str]] = {side: {} for side in sides}
    for h, stack in [(h, stack) for h, stack in state.stacks.items() if len(stack) > 1]:
        for side in sides:
            mine = [c for c in stack if side_of[c] == side]
            if len(mine) > 1:
                problem = stacking_problem(game, state, mine)
                if problem:
                    out[side][h] = problem
    return out


def refusal(problem: str) -> RuleError:
    """The RuleError for a destination problem: an S-6/S-7 hex rule names itself ("S-6: ..."),
    as does S-7's "Giant Eagles cannot end their movement stacked on a friendly counter",
    which takes effect when B-9's limits do; anything else is B-9."""
    rule, sep, reason = problem.partition(": ")
    if sep and rule.startswith("S-"):
        return RuleError(rule, reason)
    return RuleError("S-7" if "(S-7: " in problem else "B-9", problem)


class StackingOutlook:
    """Answers, for one state of the phase player's MOVE phase, whether a move or placement
    keeps B-9 satisfiable by the phase's end (see the module's docstring).

    Built once per state and shared by the many candidate moves ``legal_actions`` weighs:
    the over-stacked hexes and each possible way out's reach are computed once.
    """

    def __init__(self, game: BofaGame, state: State, held: set[int] | None = None,
                 over: dict[int, str] | None = None) -> None:
        """``over``: ``over_stacked`` for the phase player, when the caller has it."""
        self.game = game
        self.state = state
        self.side: str = state.phase_player  # type: ignore[assignment]
        self.held = held
        self.over = over_stacked(game, state, self.side) if over is None else over
        self._exit_cache: dict[tuple[tuple[str, ...], int], list[int]] = {}
        self._next_cache: dict[tuple[tuple[str, ...], int], list[int]] = {}
        self._fits_cache: dict[tuple[tuple[str, ...], int], list[int]] = {}
        self._ways: dict[int, list[tuple[tuple[str, ...], list[int]]]] = {}
        self._leaving: dict[tuple[tuple[str, ...], int], tuple[list[str], str | None]] = {}
        self._friends_of: dict[int, list[str]] = {}
        self._blocked_exits: dict[tuple[int, int | None], frozenset[int] | None] = {}
        self._way_out_hexes: dict[int, frozenset[int]] = {}
        self._stands: dict[int, bool] = {}
        self._first_fits_cache: dict[tuple[tuple[str, ...], int], list[int]] = {}
        self._exit_sets: dict[tuple[tuple[str, ...], int], frozenset[int]] = {}

    def _friends(self, h: int) -> list[str]:
        hit = self._friends_of.get(h)
        if hit is None:
            side_of, side = self.game.side_of, self.side
            hit = self._friends_of[h] = [c for c in self.state.stacks.get(h, ()) if side_of[c] == side]
        return hit

    def leaving(self, movers: tuple[str, ...], start: int) -> tuple[list[str], str | None]:
        """The friends left in ``start`` once ``movers`` leave it, and why they break B-9 (O-7:
        a goblin that rode on a wolf rider counts again once the rider leaves)."""
        key = (movers, start)
        hit = self._leaving.get(key)
        if hit is None:
            rest = [c for c in self._friends(start) if c not in movers]
            problem = stacking_problem(self.game, self.state, rest) if len(rest) > 1 else None
            hit = self._leaving[key] = (rest, problem)
        return hit

    def problem(self, movers: tuple[str, ...], start: int | None, dest: int, *,
                movers_done: bool = True, arriving: list[str] | None = None) -> str | None:
        """Why moving ``movers`` from ``start`` (None: placed from off the map) to ``dest``
        would leave the phase unable to end within B-9, or None if it may be made.

        ``movers_done``: the movers may not move again this phase (a move, an O-5 return);
        a reinforcement placed on the map may (B-5: placed, "then moving them into play").
        ``arriving`` is the friends in ``dest`` after the move, when the caller has it."""
        blame = self._blame(movers, start, dest, movers_done, arriving)
        if blame is None:
            return None
        label = self.game.cb.label
        if isinstance(blame, tuple):
            y, problem = blame
            return (f"{label(y)} would be over the stacking limits ({problem}) with no counter there "
                    f"left to move out and put it right before the phase ends")
        hexes = " and ".join(label(h) for h in sorted(blame))
        return f"{hexes} would both be over the stacking limits; put one right before over-stacking another"

    def allows(self, movers: tuple[str, ...], start: int | None, dest: int,
               arriving: list[str] | None = None) -> bool:
        """``problem(...) is None`` without the words, for the many moves ``legal_actions`` weighs."""
        return self._blame(movers, start, dest, True, arriving) is None

    def _blame(self, movers: tuple[str, ...], start: int | None, dest: int, movers_done: bool,
               arriving: list[str] | None) -> tuple[int, str] | set[int] | None:
        """What :meth:`problem` says, unworded: None, the one hex left over the limits with no way
        out and why, or the several hexes that would be over them at once."""
        game, state = self.game, self.state
        over = self.over
        if arriving is None:
            arriving = self._friends(dest) + list(movers)
        dest_problem = stacking_problem(game, state, arriving) if len(arriving) > 1 else None
        rest: list[str] = []
        start_problem = None
        if start is not None:
            rest, start_problem = self.leaving(movers, start)
        others = [h for h in over if h != start and h != dest] if over else []
        count = len(others) + (start_problem is not None) + (dest_problem is not None)
        if not count:
            return None
        if count == 1:
            if others:
                y, problem = others[0], over[others[0]]
                if self._still_way_out(y, start, dest):  # the usual case while a hex is over
                    return None
            elif start is not None and start_problem is not None:
                y, problem = start, start_problem
            else:
                y, problem = dest, dest_problem or ""
            if y == dest and movers_done and self._way_out_after_arrival(dest, arriving, start):
                return None
            after = {dest: arriving}
            if start is not None:
                after[start] = rest
            if self._has_way_out(y, after, movers if movers_done else ()):
                return None
            return y, problem
        why = set(others)
        if start is not None and start_problem:
            why.add(start)
        if dest_problem:
            why.add(dest)
        return why

    def empty_destination_check(self, movers: tuple[str, ...], start: int) -> Callable[[int], bool]:
        """Whether the movers may end in a hex with nobody in it, as :meth:`problem` answers
        (``arriving`` the movers alone), with what does not depend on the hex worked out once:
        a move lists hundreds of empty hexes, and only an over-stacked hex's ways out can
        tell them apart."""
        rest, start_problem = self.leaving(movers, start)
        movers_problem = stacking_problem(self.game, self.state, movers) if len(movers) > 1 else None
        others = [h for h in self.over if h != start]
        count = len(others) + (start_problem is not None) + (movers_problem is not None)
        if count == 0:
            return _always
        if count > 1:
            return _never
        alone = list(movers)

        def full_look(d: int) -> bool:
            return self.allows(movers, start, d, alone)

        if not others:
            return full_look
        return self._by_ways_out(others[0], start, full_look)

    def empty_entry_check(self, cid: str) -> Callable[[int], bool]:
        """Whether reinforcement ``cid`` may be placed in a hex with nobody in it, as
        :meth:`problem` answers for a placement (B-5: it may still move this phase), with what
        does not depend on the hex worked out once: an entry edge has dozens of hexes."""
        others = list(self.over)
        if not others:
            return _always
        if len(others) > 1:
            return _never
        alone = [cid]

        def full_look(d: int) -> bool:
            return self._blame((cid,), None, d, False, alone) is None

        return self._by_ways_out(others[0], None, full_look)

    def _by_ways_out(self, y: int, start: int | None, full_look: Callable[[int], bool]) -> Callable[[int], bool]:
        """The check of an empty hex when ``y`` is the one hex over the limits: only its ways out
        (other than ``start``) tell empty hexes apart, so ``full_look`` is needed at most for
        the one hex that would take its last way out."""
        blocked = self._exits_blocked_by(y, start)
        if blocked is None:  # y keeps a way out wherever the counters go
            return _always
        if not blocked:
            return self._by_what_it_touches(y, start, full_look)
        (only_way,) = blocked

        def quick_look(d: int) -> bool:
            return d != only_way or full_look(d)

        return quick_look

    def _by_what_it_touches(self, y: int, start: int | None, full_look: Callable[[int], bool]) -> Callable[[int], bool]:
        """The check of an empty hex when ``y``, the one hex over the limits, has no way out next
        door: whether it has one further off depends only on who stands in ``y`` and in the hexes
        its groups can reach (:meth:`_has_way_out`). A move that starts and ends outside them
        leaves the answer as things stand, worked out once; the others get ``full_look``."""
        touched = self._way_out_hexes.get(y)
        if touched is None:
            near = {y}
            for group, _ in self._resident_ways(y):
                near.update(self._next_exits(group, y))
                near.update(self._exits(group, y))
            touched = self._way_out_hexes[y] = frozenset(near)
        if start in touched:
            return full_look
        stands = self._stands.get(y)
        if stands is None:
            stands = self._stands[y] = self._has_way_out(y, {}, ())

        def look(d: int) -> bool:
            return full_look(d) if d in touched else stands

        return look

    def finishable(self, just_moved: tuple[str, ...] = (), closed: int | None = None) -> bool:
        """Whether the phase can still end within B-9 as things stand (once ``just_moved`` may
        move no more, as a Giant Eagle that dives and flies back): no hex over the limits, or
        one with a way out. ``closed``: a hex an enemy leader is about to stand in (S-10's
        escape), which no way out may then end in; a lone leader bars no path (B-6)."""
        if len(self.over) != 1:
            return not self.over
        (y,) = self.over
        return self._has_way_out(y, {}, just_moved, closed)

    def _has_way_out(self, y: int, after: dict[int, list[str]], just_moved: tuple[str, ...],
                     closed: int | None = None) -> bool:
        """Whether one move of counters in ``y`` that have not moved (alone, or all of them
        together, as ``movement.movable_groups`` offers) leaves every hex within B-9. ``after``
        holds the friends of the hexes a move being weighed changes; ``just_moved`` its movers;
        ``closed`` a hex the way out may not end in (see :meth:`finishable`)."""
        game, state = self.game, self.state
        specs = game.specs
        residents = after.get(y)
        if residents is None:
            residents = self._friends(y)
        moved = state.moved
        free = [c for c in residents if c not in moved and c not in just_moved]
        groups = [(c,) for c in free]
        if len(free) > 1 and not any(specs[c].is_beorn for c in free):
            groups.append(tuple(free))
        for group in groups:
            rest = [c for c in residents if c not in group]
            if len(rest) > 1 and stacking_problem(game, state, rest):
                continue
            # Where the group fits as things stand answers for every hex the move being
            # weighed leaves alone; the hexes it changes (at most two) are looked at as they
            # would be after it.
            if any(d not in after and d != closed for d in self._first_fits(group, y)):
                return True
            if after:
                reach = self._exit_set(group, y)
                alone_ok = len(group) == 1 or stacking_problem(game, state, group) is None
                for d, there in after.items():
                    if d != closed and d in reach and (
                            alone_ok if not there else stacking_problem(game, state, there + list(group)) is None):
                        return True
        return False

    def _first_fits(self, group: tuple[str, ...], y: int) -> list[int]:
        """The first four hexes, of :meth:`_next_exits` then :meth:`_exits`, where ``group`` lies
        within B-9 as things stand (all of them when there are fewer). Four, because a move
        being weighed changes at most two hexes and :meth:`finishable` closes at most one: one
        of the four is always left. Found once per state, for the thousands of moves a listing
        weighs while a hex is over the limits with no way out next door."""
        key = (group, y)
        hit = self._first_fits_cache.get(key)
        if hit is None:
            hit = self._first_fits_cache[key] = self._fitting(group, self._exits_lazily(group, y), 4)
        return hit

    def _fitting(self, group: tuple[str, ...], hexes: Iterable[int], limit: int) -> list[int]:
        """The first ``limit`` distinct ``hexes`` where ``group`` lies within B-9 as things stand."""
        game, state = self.game, self.state
        alone_ok = len(group) == 1 or stacking_problem(game, state, group) is None
        hit: list[int] = []
        for d in hexes:
            if d in hit:
                continue
            there = self._friends(d)
            if alone_ok if not there else stacking_problem(game, state, there + list(group)) is None:
                hit.append(d)
                if len(hit) == limit:
                    break
        return hit

    def _exits_lazily(self, group: tuple[str, ...], y: int) -> Iterator[int]:
        """:meth:`_next_exits`, then :meth:`_exits` (a hex may come twice), the latter worked out
        only as far as it is read: a way out is usually found in the first few hexes."""
        yield from self._next_exits(group, y)
        hit = self._exit_cache.get((group, y))
        if hit is not None:
            yield from hit
            return
        game, state = self.game, self.state
        enemy = other_side(self.side)
        standard = game.standard_moves
        for d in reachable(game, state, group, y, self.held):
            if d != y and not has_side(game, state, d, enemy) and not (standard and hex_problem(game, state, group, d)):
                yield d

    def _exit_set(self, group: tuple[str, ...], y: int) -> frozenset[int]:
        """:meth:`_next_exits` and :meth:`_exits` together, as a set."""
        key = (group, y)
        hit = self._exit_sets.get(key)
        if hit is None:
            hit = self._exit_sets[key] = frozenset(self._next_exits(group, y)).union(self._exits(group, y))
        return hit

    def _way_out_after_arrival(self, dest: int, arriving: list[str], start: int | None) -> bool:
        """A quick yes for a move onto friends who have not moved: one of them (or all of them)
        can step next door, somewhere other than the hex the movers leave, and the movers
        with whoever stays are within B-9."""
        game, state = self.game, self.state
        for group, fits in self._resident_ways(dest):
            if any(d != start for d in fits):
                rest = [c for c in arriving if c not in group]
                if len(rest) < 2 or stacking_problem(game, state, rest) is None:
                    return True
        return False

    def _resident_ways(self, y: int) -> list[tuple[tuple[str, ...], list[int]]]:
        """Each group ``movement.movable_groups`` would offer from ``y`` as things stand, with
        the hexes next door it fits in (found once per state)."""
        ways = self._ways.get(y)
        if ways is None:
            game, state = self.game, self.state
            free = [c for c in self._friends(y) if c not in state.moved]
            groups = [(c,) for c in free]
            if len(free) > 1 and not any(game.specs[c].is_beorn for c in free):
                groups.append(tuple(free))
            ways = self._ways[y] = [(group, self._next_fits(group, y)) for group in groups]
        return ways

    def _still_way_out(self, y: int, start: int | None, dest: int) -> bool:
        """A quick yes for a move that leaves the over-stacked ``y`` alone: one of its ways out
        as things stand leads next door, to neither end of the move."""
        blocked = self._exits_blocked_by(y, start)
        return blocked is None or (dest not in blocked and bool(blocked))

    def _exits_blocked_by(self, y: int, start: int | None) -> frozenset[int] | None:
        """For :meth:`_still_way_out`, which depends on the destination only through the ways
        out it takes: None when no single destination can take them all (the answer is yes
        wherever the move ends), else the ways out other than ``start`` (an empty set: no).
        A move ends in one hex, so two distinct ways out can never both be taken."""
        key = (y, start)
        if key in self._blocked_exits:
            return self._blocked_exits[key]
        ways = self._ways_out(y)
        if ways is not None and start in ways:
            ways = ways - {start}
        blocked = self._blocked_exits[key] = None if ways is None or len(ways) > 1 else ways
        return blocked

    def _ways_out(self, y: int) -> frozenset[int] | None:
        """The hexes next door that one group of ``y`` can step into leaving the rest of ``y``
        within B-9 (of each group's first three, as :meth:`_next_fits` finds them), or None
        when there are three or more (then no single move can take them all).

        While a hex stays over the limits, most moves of the phase happen elsewhere, and the
        answer depends only on ``y``, the hexes next to it, who in ``y`` has moved and the
        steps of everyone there: it is remembered across states under exactly that key
        (``BofaGame._ways_out_memo``)."""
        game, state = self.game, self.state
        stacks, steps = state.stacks, state.steps
        here = stacks.get(y, ())
        around = tuple(stacks.get(n) for n in game.cb.neighbour_indexes[y])
        moved = state.moved
        key = (self.side, y, here, around, tuple(c in moved for c in here),
               tuple(steps[c] for stack in (here, *around) if stack for c in stack))
        memo = game._ways_out_memo
        if key in memo:
            return memo[key]
        residents = self._friends(y)
        ways: set[int] = set()
        for group, fits in self._resident_ways(y):
            rest = [c for c in residents if c not in group]
            if len(rest) < 2 or stacking_problem(game, state, rest) is None:
                ways.update(fits)
                if len(ways) > 2:
                    break
        found = frozenset(ways) if len(ways) <= 2 else None
        if len(memo) >= 4096:
            memo.clear()
        memo[key] = found
        return found

    def _next_fits(self, group: tuple[str, ...], y: int) -> list[int]:
        """Up to three of :meth:`_next_exits` where ``group`` lies within B-9 in this state."""
        key = (group, y)
        hit = self._fits_cache.get(key)
        if hit is None:
            hit = self._fits_cache[key] = self._fitting(group, self._next_exits(group, y), 3)
        return hit

    def _next_exits(self, group: tuple[str, ...], y: int) -> list[int]:
        """The hexes next to ``y`` that ``group`` could step into without meeting an enemy: a
        subset of :meth:`_exits` (one step within the movement value is always reachable)."""
        key = (group, y)
        hit = self._next_cache.get(key)
        if hit is None:
            game, state = self.game, self.state
            specs = game.specs
            flying = all(specs[c].is_eagle for c in group)
            steps = game.fly_steps[y] if flying else game.ground_steps[self.side][y]
            budget = movement_allowance(game, state, group)
            enemy = other_side(self.side)
            standard = game.standard_moves
            hit = self._next_cache[key] = [
                n for n, cost in steps if cost <= budget and not has_side(game, state, n, enemy)
                and not (standard and hex_problem(game, state, group, n))]
        return hit

    def _exits(self, group: tuple[str, ...], y: int) -> list[int]:
        """Where ``group`` could move from ``y`` without meeting an enemy: the reach of a move
        does not depend on where friends stand, so it is computed once per state."""
        key = (group, y)
        hit = self._exit_cache.get(key)
        if hit is None:
            game, state = self.game, self.state
            enemy = other_side(self.side)
            standard = game.standard_moves
            hit = [
                d for d in reachable(game, state, group, y, self.held)
                if d != y and not has_side(game, state, d, enemy)
                and not (standard and hex_problem(game, state, group, d))
            ]
            self._exit_cache[key] = hit
        return hit


def _always(_d: int) -> bool:
    return True


def _never(_d: int) -> bool:
    return False
