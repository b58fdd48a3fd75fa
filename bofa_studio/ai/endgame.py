"""Near the end of a game: choices judged by playing them out to the end.

B-11 counts the victory locations only at the end of the last turn; an evaluation still
weighs strength that will never fight again there, and a plan that ends with its phase
cannot see the enemy's last phase. So when the ruleset's optional ``phases_left`` hook
says the end is near, the planner (:mod:`bofa_studio.ai.players`) plays its best few
choices out to the end and keeps the one whose games end best. docs/ai-journal.md, "The end in
sight", has the diagnosis and the measurements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bofa_studio.ai.lookahead import candidates, evaluate, expected_value, sample_chance
from bofa_studio.ai.thinking import Quiet, Rng, Thinking
from bofa_studio.rules.core import CHANCE, TERMINAL, RuleError

# A playout stops after this many actions (a safety net: every registered game ends).
PLAYOUT_LIMIT = 5000
# A playout's work is counted in weighings (an action played on a copy and judged by the
# evaluation, ~0.36 ms in the Basic Game's last turn here). Listing this many legal actions
# (with their priors, ~6 us each) costs about one weighing, as do this many weighings the
# rules refuse at once (~30 us each: a kept move another counter has since made illegal).
LISTED_PER_WEIGHING = 60
REFUSED_PER_WEIGHING = 12

Choice = TypeVar("Choice")
Stream = TypeVar("Stream", bound=Rng)


def best_to_the_end(game: Any, side: str, choices: list[Choice], start: Callable[[Choice, Stream], Any | None],
                    policy: Callable[[], PlayoutPlayer], streams: list[Callable[[], Stream]], thinking: Thinking,
                    played_out: Callable[[int], None], work_budget: int = 0, horizon: int | None = None) -> int:
    """The index of the choice whose games, played out to the end, are worth most to ``side``.

    ``start(choice, stream)`` is the position the choice leads to (None: the rules refuse it),
    its chance drawn from ``stream``; from there a fresh ``policy()`` plays both sides until
    the game ends. Every choice is played out once on each of ``streams`` (each call gives the
    stream afresh, the same for every choice: common random numbers, so choices differ by what
    they do, not by their luck). The result counts (the evaluation of an ended game); the
    first choice wins a tie, so where the playouts cannot tell the choices apart the caller's
    order stands. ``played_out(n)`` hears how many playouts are done (for a progress bar).

    ``work_budget`` (0: none) bounds the work of all the playouts (:attr:`PlayoutPlayer.work`),
    shared equally among them: a playout that has done its share stops there and is judged by
    the evaluation where it stands (a horizon, as a plan is judged). So a decision's time is
    bounded without a clock (which would make the decision depend on the machine's speed and
    load): with many counters left in a long last turn, the player looks less far, not longer.

    ``horizon`` (None: the end) plays each game only until the ruleset's ``phases_left`` is
    down to it, and judges it there: a choice of the phases to come judged after they are played.
    """
    quiet = Quiet(thinking)
    share = work_budget // max(1, len(choices) * len(streams))
    best, best_value = 0, float("-inf")
    done = 0
    for i, choice in enumerate(choices):
        total = 0.0
        for fresh in streams:
            stream = fresh()
            position = start(choice, stream)
            if position is None:
                total = float("-inf")
                break
            total += evaluate(game, play_out(game, position, policy(), stream, quiet, share, horizon), side)
            done += 1
            played_out(done)
        if thinking.should_stop() and i:
            break  # this choice's playouts were cut short: the best judged so far stands
        if total > best_value:
            best, best_value = i, total
    return best


def play_out(game: Any, position: Any, player: PlayoutPlayer, stream: Rng, thinking: Any,
             work_limit: int = 0, horizon: int | None = None) -> Any:
    """A copy of ``position`` played to the end by ``player`` for both sides, chance from
    ``stream``; with ``work_limit``, only until the player's work reaches it; with ``horizon``,
    only until the ruleset's ``phases_left`` is down to it."""
    current = position.copy()
    policy_rng = Rng(stream.index(1 << 62))
    phases_left = getattr(game, "phases_left", None) if horizon is not None else None
    for _ in range(PLAYOUT_LIMIT):
        if work_limit and player.work >= work_limit:
            break
        if phases_left is not None and phases_left(current) <= horizon:
            break
        who = game.current_player(current)
        if who == TERMINAL or game.is_terminal(current) or thinking.should_stop():
            break
        if who == CHANCE:
            game.apply(current, sample_chance(game, current, stream))
            continue
        game.apply(current, player.choose(game, current, policy_rng))
    return current


class PlayoutPlayer:
    """The playouts' player, for both sides: one ply, the action the evaluation likes best
    among the ``candidates`` most promising (one sample of the dice that follow), as
    :class:`~bofa_studio.ai.players.GreedyPlayer` chooses, but listing a phase's actions once.

    A MOVE phase lists thousands of moves, one counter after another moves, and listing is
    most of a playout's cost. So a listing longer than ``keep_longer_than`` is kept for the
    rest of its phase (the ruleset's optional ``phase`` hook, per player), in the order of its
    priors: a later decision of that phase weighs the first ``candidates`` actions of it the
    rules still take. An action whose piece has acted is dropped (``action_actor``), one the
    rules refuse is dropped when weighed (a hex another counter has since filled), and when
    none is left the actions are listed afresh. A move a counter gains only after another
    has moved is not seen: a playout judges its choice cheaply, it does not play its best.
    Without the ``phase`` hook every decision is listed afresh, as greedy does.
    """

    def __init__(self, candidates: int, keep_longer_than: int, meter: Callable[[], int] | None = None) -> None:
        self.candidates = candidates
        self.keep_longer_than = keep_longer_than
        # With a meter (a decision's lookahead.CountingView work), the work is read from it
        # since this player began, in its weighings, rather than counted here.
        self._meter = meter
        self._metered_from = meter() if meter is not None else 0
        self.listed = 0  # legal actions listed so far
        self.weighed = 0  # actions weighed (played on a copy and evaluated) so far
        self.refused = 0  # kept actions the rules refused when weighed
        self._kept_for: Any = None
        self._kept: list[Any] = []
        self._gone: set[Any] = set()
        self._acted: set[Any] = set()

    @property
    def work(self) -> int:
        """What the player has cost so far, in weighings (listing counted at its rate)."""
        if self._meter is not None:
            return self._meter() - self._metered_from
        return self.weighed + self.refused // REFUSED_PER_WEIGHING + self.listed // LISTED_PER_WEIGHING

    def choose(self, game: Any, state: Any, rng: Rng) -> Any:
        side = game.current_player(state)
        phase_of = getattr(game, "phase", None)
        key = (side, phase_of(state)) if phase_of is not None else None
        if key is not None and key == self._kept_for:
            action = self._best_of_kept(game, state, side, rng)
            if action is not None:
                return action
        actions = game.legal_actions(state)
        self.listed += len(actions)
        if len(actions) == 1:
            return actions[0]
        self._kept = candidates(game, state, actions, len(actions), rng)
        self._gone = set()  # of the kept actions: those made
        self._acted = set()  # and the pieces that made them
        self._kept_for = key if len(actions) > self.keep_longer_than else None
        action = self._best_of_kept(game, state, side, rng)
        return action if action is not None else actions[0]  # (the rules refused every one they listed)

    def _best_of_kept(self, game: Any, state: Any, side: str, rng: Rng) -> Any | None:
        kept = self._kept
        gone = self._gone
        acted = self._acted
        actor_of = getattr(game, "action_actor", None)
        valued: list[tuple[float, Any]] = []
        i = 0
        while len(valued) < self.candidates and i < len(kept):
            action = kept[i]
            # Actions made, or of a piece that has acted, are dropped here as they come up rather
            # than filtered out of the whole listing after each choice: a kept listing holds
            # thousands, and only its first few are weighed.
            if action in gone or (acted and actor_of is not None and actor_of(action) in acted):
                del kept[i]
                continue
            try:
                value, _ = expected_value(game, state, action, side, rng, 1)
            except RuleError:
                self.refused += 1
                del kept[i]  # no longer possible here (listed before other pieces acted)
                continue
            self.weighed += 1
            valued.append((value, action))
            i += 1
        if not valued:
            return None
        best = max(range(len(valued)), key=lambda k: (valued[k][0], -k))  # an earlier one wins a tie
        action = valued[best][1]
        gone.add(action)
        actor = actor_of(action) if actor_of is not None else None
        if actor is not None:
            acted.add(actor)
        return action
