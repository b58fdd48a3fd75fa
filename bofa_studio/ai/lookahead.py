"""What the players share about looking ahead: the evaluation, candidate actions and chance.

Everything here speaks only the game protocol plus the ruleset's optional hooks
(``evaluate``, ``action_priors``; see :mod:`bofa_studio.rules.core`). Chance is
always drawn from ``chance_outcomes`` of a *copy*, with the player's own
generator: the live state's dice are never consulted, so a player cannot know
the next roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bofa_studio.ai.thinking import Rng
from bofa_studio.rules.core import CHANCE, TERMINAL, RuleError

# A ruleset with no evaluation: +1 won, -1 lost, 0 otherwise (so play is random but never
# throws a won game away at the end).
_RESULT_VALUE = 1.0


def evaluate(game: Any, state: Any, side: str) -> float:
    """The position's worth to ``side``: the ruleset's ``evaluate`` or, lacking one, the result."""
    hook = getattr(game, "evaluate", None)
    if hook is not None:
        return float(hook(state, side))
    if game.is_terminal(state):
        winner = (game.result(state) or {}).get("winner")
        if winner is None:
            return 0.0
        return _RESULT_VALUE if winner == side else -_RESULT_VALUE
    return 0.0


class _View:
    """A game seen through something: whatever the view does not define is the game's own."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._game, name)
        setattr(self, name, value)  # looked up once per decision, not once per action
        return value


class AheadView(_View):
    """A game as a planning player sees it: the ruleset's optional ``evaluate_ahead`` stands
    in for ``evaluate``, and everything else is the game's own. A view lives for one decision."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.evaluate = game.evaluate_ahead


class ObligedView(_View):
    """A game whose legal actions, while the ruleset's optional ``obligations`` names any of
    them, are those alone: a planner makes what it must before what it may. Weighed one ply
    at a time, a cost certain to be paid this phase can look cheaper put off (what the
    evaluation expects of it and what it takes once paid differ), and an optional action that
    loses a little (a lone counter thrown at bad odds) was made first only to put it off
    (docs/ai-journal.md, twenty-seventh sitting)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._obligations = game.obligations

    def legal_actions(self, state: Any) -> list[Any]:
        actions: list[Any] = self._game.legal_actions(state)
        owed: list[Any] = self._obligations(state, actions)
        return owed if owed else actions


def obliged_view(game: Any) -> Any:
    """``game`` seen through :class:`ObligedView` if its ruleset has ``obligations``, else itself."""
    return ObligedView(game) if getattr(game, "obligations", None) is not None else game


class CountingView(_View):
    """A game that counts the work a decision does through it: actions applied (each a copy's
    rules check), positions evaluated and legal actions listed. A planner bounds its search
    by this count rather than by a clock, so its decisions never depend on the machine."""

    # The work is counted in weighings: one position judged by the evaluation (~1.1 ms in the
    # Standard Game's largest MOVE phases on the 2-core machine of docs/ai.md). About ten
    # actions applied to copies cost as much (~0.12 ms each, the rules' checks included), and
    # about a hundred legal actions listed and given their priors (~7-9 us each).
    APPLIED_PER_WEIGHING = 10
    LISTED_PER_WEIGHING = 100

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.applied = 0
        self.evaluated = 0
        self.listed = 0
        if getattr(game, "evaluate", None) is not None:
            self.evaluate = self._evaluate

    def apply(self, state: Any, action: Any) -> Any:
        self.applied += 1
        return self._game.apply(state, action)

    def _evaluate(self, state: Any, side: str) -> float:
        self.evaluated += 1
        return float(self._game.evaluate(state, side))

    def legal_actions(self, state: Any) -> list[Any]:
        actions: list[Any] = self._game.legal_actions(state)
        self.listed += len(actions)
        return actions

    @property
    def work(self) -> int:
        """The work so far, in weighings."""
        return self.evaluated + self.applied // self.APPLIED_PER_WEIGHING + self.listed // self.LISTED_PER_WEIGHING


class LastPhaseView(_View):
    """A game as a planning player sees it when its decision lies in the game's last phase: the
    ruleset's optional ``evaluate_last_phase`` (the result the position would give) stands in
    for ``evaluate``. A view lives for one decision."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.evaluate = game.evaluate_last_phase


def ahead_view(game: Any, state: Any) -> Any:
    """``game`` as a planning player deciding at ``state`` sees it: through
    :class:`LastPhaseView` in the game's last phase if the ruleset has ``evaluate_last_phase``
    (and ``phases_left``), else through :class:`AheadView` if it has ``evaluate_ahead``, else
    itself. The view is chosen at the decision, not at each position it weighs: a decision
    before the last phase plays that phase out as an enemy that does not plan would."""
    phases_left = getattr(game, "phases_left", None)
    if getattr(game, "evaluate_last_phase", None) is not None and phases_left is not None and phases_left(state) <= 1:
        return LastPhaseView(game)
    return AheadView(game) if getattr(game, "evaluate_ahead", None) is not None else game


def candidates(game: Any, state: Any, actions: Sequence[Any], limit: int, rng: Rng,
               per_actor: int = 0) -> list[Any]:
    """The ``limit`` actions most worth a close look, best guess first.

    With the ruleset's ``action_priors``: the highest priors (ties in an order drawn from
    ``rng``, so a tie does not always fall to the first listed). Without: a sample drawn
    from ``rng``. All of them when there are no more than ``limit``. With ``per_actor``,
    at most that many actions of one piece (the ruleset's ``action_actor``), so that a
    plan is made of many pieces' best moves rather than one piece's many.
    """
    order = list(range(len(actions)))
    for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with the player's generator
        j = rng.index(i + 1)
        order[i], order[j] = order[j], order[i]
    hook = getattr(game, "action_priors", None)
    if hook is not None:
        priors = hook(state, list(actions))
        order.sort(key=lambda i: -priors[i])
    actor_of = getattr(game, "action_actor", None)
    if not per_actor or actor_of is None:
        return [actions[i] for i in order[:limit]]
    out: list[Any] = []
    seen: dict[Any, int] = {}
    for i in order:
        actor = actor_of(actions[i])
        if actor is not None:
            if seen.get(actor, 0) >= per_actor:
                continue
            seen[actor] = seen.get(actor, 0) + 1
        out.append(actions[i])
        if len(out) >= limit:
            break
    return out


def sample_chance(game: Any, state: Any, rng: Rng) -> Any:
    """A chance outcome drawn from ``chance_outcomes`` with the player's generator."""
    outcomes = game.chance_outcomes(state)
    return outcomes[rng.pick_weighted([p for _, p in outcomes])][0]


def settle(game: Any, state: Any, rng: Rng, limit: int = 64) -> None:
    """Play on ``state`` (a copy) through chance steps and the forced moves they lead to.

    Chance is sampled with ``rng``. After a chance step, a decision with one legal action
    (a hit with only one counter to take it) is taken too. Stops at the first decision
    with a choice, at the end, or after ``limit`` steps. Listing legal actions is the
    costly call (a MOVE phase has thousands), so it is asked only after chance.
    """
    after_chance = False
    for _ in range(limit):
        player = game.current_player(state)
        if player == TERMINAL or game.is_terminal(state):
            return
        if player == CHANCE:
            game.apply(state, sample_chance(game, state, rng))
            after_chance = True
            continue
        if not after_chance:
            return
        actions = game.legal_actions(state)
        if len(actions) != 1:
            return
        game.apply(state, actions[0])


def expected_value(game: Any, state: Any, action: Any, side: str, rng: Rng, samples: int) -> tuple[float, int]:
    """(The worth to ``side`` of playing ``action`` in ``state``, evaluations spent).

    The action is applied to a copy and play settles to the next real decision. When the
    action is followed by chance, its value is averaged over the outcomes: all of them
    weighted by probability when ``samples`` is 0 or at least their number, else
    ``samples`` outcomes drawn with ``rng``. Later chance steps are sampled.

    A chance step that begins a new phase (the ruleset's optional ``phase`` changes, such as
    a blind draw of the next chip) is not taken: the action is judged where it leaves the
    game before it, as a plan is (see ``players._play_plan``). Judged after every draw, ending
    a phase would carry the swings of the next phase's kind while an action that keeps the
    phase open would not, and one ply would make a pointless attack to put the draw off.
    """
    child = state.copy()
    game.apply(child, action)
    if game.current_player(child) != CHANCE:
        settle(game, child, rng)
        return evaluate(game, child, side), 1
    outcomes = game.chance_outcomes(child)
    phase_of = getattr(game, "phase", None)
    first: Any = None  # the first outcome applied, kept for the average when every outcome counts
    if phase_of is not None and outcomes:
        first = child.copy()
        game.apply(first, outcomes[0][0])
        if phase_of(first) != phase_of(child):
            return evaluate(game, child, side), 1
    if samples and samples < len(outcomes):
        weights = [p for _, p in outcomes]
        drawn = [outcomes[rng.pick_weighted(weights)][0] for _ in range(samples)]
        outcomes = [(o, 1.0 / samples) for o in drawn]
        first = None
    total = 0.0
    weight = 0.0
    for k, (outcome, p) in enumerate(outcomes):
        if k == 0 and first is not None:
            after = first
        else:
            after = child.copy()
            game.apply(after, outcome)
        settle(game, after, rng)
        total += p * evaluate(game, after, side)
        weight += p
    return total / weight if weight else 0.0, len(outcomes)


def try_apply(game: Any, state: Any, action: Any) -> Any | None:
    """A copy of ``state`` after ``action``, or None if the rules refuse it (RuleError)."""
    child = state.copy()
    try:
        game.apply(child, action)
    except RuleError:
        return None
    return child


def same_state(game: Any, a: Any, b: Any) -> bool:
    """Whether two states are the same position: field by field for a dataclass, else by digest."""
    if type(a) is not type(b):
        return False
    if type(a).__eq__ is not object.__eq__:
        return bool(a == b)
    return bool(game.digest(a) == game.digest(b))
