"""Computer players over the game protocol: random, greedy (one ply) and planning (a phase at once).

Every player has ``choose(game, state, thinking=None) -> action`` for the side whose
decision it is. ``thinking`` (:class:`~bofa_studio.ai.thinking.Thinking`) lets a
window stop it early (it then plays the best action found so far) and shows its
progress. Players never change the state they are given and never look at its dice.

The planning player is Online Evolutionary Planning (Justesen, Mahlmann, Risi and
Togelius, IEEE Transactions on Games 10(3), 2018): where a decision is one of a
long run of the same player's actions (a MOVE phase, a set-up), it evolves the
order of a pool of promising actions as a whole plan, scores a plan by playing it
on a copy and evaluating where it ends, then plays the best plan one action per
decision for as long as the game goes as planned. Near the end it plays its best
few choices out to the game's end and keeps the one whose result is best. docs/ai.md
says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from bofa_studio.ai.endgame import PlayoutPlayer, best_to_the_end
from bofa_studio.ai.lookahead import (
    CountingView,
    ahead_view,
    candidates,
    evaluate,
    expected_value,
    obliged_view,
    same_state,
    sample_chance,
    try_apply,
)
from bofa_studio.ai.thinking import Quiet, Rng, Thinking, decision_rng
from bofa_studio.rules.core import CHANCE, TERMINAL

# A plan's pool holds at most this many actions of one piece (see lookahead.candidates).
PER_ACTOR = 3
# The chance streams of playouts to the end (see endgame.best_to_the_end) start here, apart
# from the plans' own samples.
ENDGAME_SAMPLE_BASE = 1000


class RandomPlayer:
    """Any legal action, uniformly: the floor every other player must beat.

    It draws from one stream seeded once (not per position, as the thinking players do,
    since hashing every position would cost it more than choosing): the same seed and
    the same game give the same choices.
    """

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.seed = seed
        self.name = name
        self._rng = Rng(seed)

    def choose(self, game: Any, state: Any, thinking: Thinking | None = None) -> Any:
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        return actions[self._rng.index(len(actions))]


@dataclass(frozen=True)
class Budget:
    """How hard a player thinks, counted in evaluations (so a decision does not depend on the
    machine's speed). ``deadline_seconds`` is only a safety net for a slow machine."""

    candidates: int  # actions weighed one ply ahead at a decision
    chance_samples: int  # outcomes of a following chance step averaged (0: every outcome)
    plan_pool: int = 0  # actions a phase plan is made of (0: no planning, one ply everywhere)
    population: int = 0
    generations: int = 0
    plan_threshold: int = 24  # decisions with more legal actions than this are planned as a phase
    plan_dice: int = 1  # dice samples a plan that rolls is scored on (the same samples for every plan)
    greedy_seed: bool = False  # the first plan is the phase one ply at a time would play (see evolve)
    # The end in sight: when the ruleset's ``phases_left`` says at most this many phases remain,
    # the best few choices are each played out to the end of the game (see endgame.py).
    endgame_phases: int = 0
    endgame_choices: int = 4  # choices (distinct plans, or one-ply actions) played out
    endgame_samples: int = 2  # chance streams each is played out on, the same for every choice
    endgame_candidates: int = 8  # the playout's one-ply player weighs this many actions
    # The work one decision's playouts may do in all, in weighings (0: no bound); see
    # endgame.best_to_the_end. It bounds a last-turn decision's time without a clock.
    endgame_work: int = 0
    # Only choices the evaluation values within this many points of its best are played out
    # (0: the best ``endgame_choices``, however far behind). Two playouts a choice are noisy:
    # unbounded, they once moved the Dark's last goblin off a summit hex it held in the last
    # MOVE phase (the evaluation's -14, a place) and lost the game (docs/ai-journal.md,
    # thirtieth sitting).
    endgame_margin: float = 0.0
    # The work a plan's search may do before its playouts, in weighings (lookahead.CountingView;
    # 0: no bound): the one-ply phase, then generations, while the work is below it (the first
    # population is always judged). So the largest positions (a Dark MOVE phase of thousands of
    # moves in the Standard Game) are searched less, not longer, without a clock.
    plan_work: int = 0
    # The work a whole decision may do, plan search and playouts together, by the view's count
    # (0: none): the playouts share what the plan search left (at least a quarter of it, so a
    # long plan search does not leave the end unjudged), each stopping at its share. Unlike
    # ``endgame_work`` this counts what the playouts' chosen actions and chance steps cost too.
    decision_work: int = 0
    # Judge positions by the ruleset's optional ``evaluate_ahead`` (threats a phase's plan can
    # answer) instead of ``evaluate``; see docs/ai-journal.md, "Locations within the enemy's reach".
    evaluate_ahead: bool = False
    # What moving a piece must gain, in the evaluation's points, for a side on the defensive
    # (``move_cost()``): a move that gains less is not made (one ply) and a plan pays this much
    # per piece it moves, so pieces do not drift off their posts for the rounding of a far-off
    # term. 0: none.
    move_cost: float = 0.0
    # See the game through lookahead.ObligedView: what the ruleset's ``obligations`` names (the
    # skirmishes B-7 makes compulsory) is done before anything optional, in decisions and playouts.
    obliged: bool = True
    # Narrower than ``obliged``: while the ruleset's ``obligations`` names any action, one ply
    # drops an optional action worth less than the position it is made in, so nothing that
    # loses is made only to put what is owed off; an optional action that gains may still
    # come first (an attack before the skirmish its stack could join as a second wave, B-7).
    # Off for every level: with ``obliged`` off it won 22 of 40 Standard games against
    # greedy, no better than the order (docs/ai-journal.md, twenty-ninth sitting).
    owed_before_losses: bool = False
    # A decision of the order or kind of the phases to come (the ruleset's ``sequencing``:
    # B-3's chips) changes nothing the evaluation weighs until the phase it chooses is played:
    # each of the best ``endgame_choices`` is played on through that phase and this many more
    # (the enemy's reply) by the playouts' one-ply player, on ``sequencing_samples`` chance
    # streams within ``sequencing_work`` weighings in all, and judged there (0: one ply decides).
    sequencing_phases: int = 0
    sequencing_samples: int = 4
    sequencing_work: int = 0
    deadline_seconds: float | None = None


class GreedyPlayer:
    """One ply: the action whose resulting position (averaged over the dice that follow it)
    the evaluation likes best, among the ``budget.candidates`` most promising."""

    def __init__(self, budget: Budget, seed: int = 0, name: str = "greedy") -> None:
        self.budget = budget
        self.seed = seed
        self.name = name

    def choose(self, game: Any, state: Any, thinking: Thinking | None = None) -> Any:
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        thinking = self._thinking(thinking)
        rng = decision_rng(self.seed, game, state)
        return self.one_ply(game, state, actions, rng, thinking)

    def _thinking(self, thinking: Thinking | None) -> Thinking:
        if thinking is None:
            return Thinking(deadline_seconds=self.budget.deadline_seconds)
        return thinking

    def one_ply(self, game: Any, state: Any, actions: list[Any], rng: Rng, thinking: Thinking) -> Any:
        return self.ranked(game, state, actions, rng, thinking)[0]

    def ranked(self, game: Any, state: Any, actions: list[Any], rng: Rng, thinking: Thinking) -> list[Any]:
        """The ``budget.candidates`` most promising actions, best first by the worth of the
        position each leads to (an earlier candidate wins a tie); those judged before a stop.
        With ``budget.owed_before_losses``, while anything is owed (every owed action is
        looked at) an optional action worth less than the position is left out."""
        return [action for _, action in self.ranked_with_worth(game, state, actions, rng, thinking)]

    def ranked_with_worth(self, game: Any, state: Any, actions: list[Any], rng: Rng,
                          thinking: Thinking) -> list[tuple[float, Any]]:
        """:meth:`ranked`, each action with the worth it was ranked by."""
        side = game.current_player(state)
        looked = candidates(game, state, actions, self.budget.candidates, rng)
        owed = self._owed(game, state, actions)
        floor = evaluate(game, state, side) if owed else None
        looked += [a for a in owed if a not in looked]
        actor_of = getattr(game, "action_actor", None)
        cost = self.move_cost(game, state, side)
        valued: list[tuple[float, Any]] = []
        for done, action in enumerate(looked):
            if done and thinking.should_stop() and valued:
                break
            value, _ = expected_value(game, state, action, side, rng, self.budget.chance_samples)
            if floor is not None and value < floor and action not in owed:
                continue
            if cost and actor_of is not None and actor_of(action) is not None:
                value -= cost
            valued.append((value, action))
            thinking.report(done + 1, len(looked))
        order = sorted(range(len(valued)), key=lambda i: -valued[i][0])  # stable
        return [valued[i] for i in order]

    def _owed(self, game: Any, state: Any, actions: list[Any]) -> list[Any]:
        """What the ruleset's ``obligations`` names among ``actions``, where the budget's
        ``owed_before_losses`` asks (else nothing)."""
        hook = getattr(game, "obligations", None)
        if not self.budget.owed_before_losses or hook is None:
            return []
        return list(hook(state, actions))

    def move_cost(self, game: Any, state: Any, side: str) -> float:
        """What moving a piece must gain here: the budget's ``move_cost`` for a side on the
        defensive (it keeps its posts unless a move pays), none for an attacker (it must come
        on). The ruleset's optional ``on_the_defensive`` says which; without it no side pays,
        since a cost on the attacker loses games (docs/ai-journal.md, twenty-fifth sitting)."""
        defensive = getattr(game, "on_the_defensive", None)
        if not self.budget.move_cost or defensive is None or not defensive(state, side):
            return 0.0
        return self.budget.move_cost


@dataclass
class _PlannedStep:
    before: Any  # the position the plan expects when it plays ``action``
    action: Any


class PlanningPlayer(GreedyPlayer):
    """Online Evolutionary Planning over a phase's actions, one ply at short decisions.

    A *plan* is an order of the pool's actions; playing it applies each action the rules
    still allow, in order, while the decision stays with the planning side (an action
    that ends the phase ends the plan). The fitness of a plan is the evaluation of where
    it ends, its dice drawn from one stream shared by all plans of a decision (common
    random numbers), so plans differ by their choices, not by their luck. The first plan
    is the one-ply order (the best single actions first); each generation keeps the
    better half and refills it with order crossovers of two survivors, then mutates by
    moving one action to another place in the order.

    Near the end of the game (the ruleset's optional ``phases_left``, at most
    ``budget.endgame_phases``) the evaluation is not trusted alone: the best few plans, or
    one ply's best few actions, are played out to the end and the best result is played.
    Earlier, a choice of the phases to come (the ruleset's optional ``sequencing``, such as
    which chip to take), which the evaluation cannot tell apart until those phases are played,
    is played on through them when the budget's ``sequencing_phases`` asks it.
    """

    def __init__(self, budget: Budget, seed: int = 0, name: str = "planning") -> None:
        super().__init__(budget, seed, name)
        self._plan: list[_PlannedStep] = []
        self.last_view: CountingView | None = None  # the last decision's, for its work

    def __getstate__(self) -> dict[str, Any]:
        """A copy carries the plan in progress (so a copied player goes on as the original
        would: bench/endgame_bench.py plays each ending with copies), not the last decision's
        view, which holds the game and its rules' tables (no copy of those is wanted, and some
        cannot be copied)."""
        state = self.__dict__.copy()
        state["last_view"] = None
        return state

    def choose(self, game: Any, state: Any, thinking: Thinking | None = None) -> Any:
        if self.budget.evaluate_ahead:
            game = ahead_view(game, state)
        game = self.last_view = CountingView(obliged_view(game) if self.budget.obliged else game)
        if self._plan and same_state(game, state, self._plan[0].before):
            return self._plan.pop(0).action
        self._plan = []
        actions = game.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        thinking = self._thinking(thinking)
        rng = decision_rng(self.seed, game, state)
        if self.budget.plan_pool == 0 or len(actions) <= self.budget.plan_threshold:
            if self._end_in_sight(game, state):
                return self._one_ply_played_out(game, state, actions, rng, thinking)
            ahead = self._sequencing(game, state)
            if ahead:
                return self._one_ply_played_out(game, state, actions, rng, thinking, ahead)
            return self.one_ply(game, state, actions, rng, thinking)
        plan = self.evolve(game, state, actions, rng, thinking)
        if not plan:
            return self.one_ply(game, state, actions, rng, thinking)
        self._plan = plan[1:]
        return plan[0].action

    # -- the evolution ---------------------------------------------------------------------
    def evolve(self, game: Any, state: Any, actions: list[Any], rng: Rng, thinking: Thinking) -> list[_PlannedStep]:
        side = game.current_player(state)
        budget = self.budget
        dice_seed = rng.index(1 << 62)
        greedy: list[Any] = []
        if budget.greedy_seed:
            greedy = self._greedy_phase(game, state, side, rng, _CountingRng(_sample_seed(dice_seed, 0)), thinking)
        pool = list(greedy)
        for action in candidates(game, state, actions, budget.plan_pool, rng, per_actor=PER_ACTOR):
            if len(pool) >= budget.plan_pool:  # the greedy phase is at most a pool's worth
                break
            if action not in greedy:
                pool.append(action)
        planned = budget.population * budget.generations + len(pool)
        end_in_sight = self._end_in_sight(game, state)
        if end_in_sight:
            planned += budget.endgame_choices * budget.endgame_samples
        # The seed plan: the greedy phase, then the rest of the pool in the order of each
        # action's one-ply worth (over every face of the die that follows it, when plans are
        # judged on several samples).
        faces = 0 if budget.plan_dice > 1 else 1
        worth = []
        rolls = 0
        for i, action in enumerate(pool):
            rolls += _rolls_dice(game, state, action)
            if i < len(greedy):
                continue  # in the greedy phase's order (legal, some of them, only after the others)
            value, _ = expected_value(game, state, action, side, rng, faces)
            worth.append((-value, i))
        if 2 * rolls > len(pool) and budget.plan_dice <= 1:
            # Mostly dice (a FIRE or COMBAT phase) and one sample per plan: the best of many
            # plans would be the luckiest (split attacks that rolled well); one ply averages
            # every face instead.
            return []
        # The greedy phase first, in its own order, so the best plan found is at least as good
        # as one ply at a time by the evaluation (on the same dice): then the rest by worth.
        first = list(range(len(greedy))) + [i for _, i in sorted(worth)]
        thinking.report(len(pool), planned)
        cost = self.move_cost(game, state, side)
        scored = [(self._fitness(game, state, side, pool, first, dice_seed, cost), first)]
        population = [first] + [self._mutate(first, rng) for _ in range(budget.population - 1)]
        scored += [(self._fitness(game, state, side, pool, p, dice_seed, cost), p) for p in population[1:]]
        done = len(pool) + len(scored)
        for _generation in range(budget.generations - 1):
            if thinking.should_stop() or self._worked_enough(game):
                break
            scored.sort(key=lambda vp: -vp[0])  # stable: an earlier plan wins a tie
            survivors = scored[: max(2, budget.population // 2)]
            children = []
            while len(survivors) + len(children) < budget.population:
                a = survivors[rng.index(len(survivors))][1]
                b = survivors[rng.index(len(survivors))][1]
                children.append(self._mutate(_order_crossover(a, b, rng), rng))
            scored = survivors + [(self._fitness(game, state, side, pool, c, dice_seed, cost), c) for c in children]
            done += len(children)
            thinking.report(done, planned)
        scored.sort(key=lambda vp: -vp[0])  # stable: an earlier plan wins a tie
        best = scored[0][1]
        if end_in_sight and not thinking.should_stop():
            def played_out(n: int) -> None:
                thinking.report(done + n, planned)

            close = [p for value, p in scored if self._close_enough(value, scored[0][0])]
            best = self._plan_to_the_end(game, state, side, pool, close, dice_seed, thinking, played_out)
        return self._record(game, state, side, pool, best, dice_seed)

    # -- the end in sight --------------------------------------------------------------------
    def _worked_enough(self, game: Any) -> bool:
        """Whether the search has done its budget's ``plan_work`` (counted by ``choose``'s view)."""
        return bool(self.budget.plan_work) and isinstance(game, CountingView) and game.work >= self.budget.plan_work

    def _end_in_sight(self, game: Any, state: Any) -> bool:
        phases_left = getattr(game, "phases_left", None)
        return bool(self.budget.endgame_phases and phases_left is not None
                    and phases_left(state) <= self.budget.endgame_phases)

    def _sequencing(self, game: Any, state: Any) -> int:
        """The phases to play on from a decision of the phases to come (0: none, or the budget
        does not look past such decisions)."""
        hook = getattr(game, "sequencing", None)
        if not self.budget.sequencing_phases or hook is None or getattr(game, "phases_left", None) is None:
            return 0
        until_played = int(hook(state))
        return until_played + self.budget.sequencing_phases if until_played else 0

    def _close_enough(self, worth: float, best: float) -> bool:
        """Whether a choice worth ``worth`` by the evaluation may be played out against the best
        one's ``best`` (the budget's ``endgame_margin``)."""
        return not self.budget.endgame_margin or worth >= best - self.budget.endgame_margin

    def _one_ply_played_out(self, game: Any, state: Any, actions: list[Any], rng: Rng, thinking: Thinking,
                            phases: int = 0) -> Any:
        """A one-ply decision looked past: near the end, the ``endgame_choices`` actions one ply values most,
        each played out to the end of the game; the best result wins (ties to one ply's order).
        With ``phases`` (a sequencing decision), each is played on through that many phases only,
        every choice looked at however one ply values it (it cannot tell them apart)."""
        side = game.current_player(state)
        # The playouts take most of the time: the bar shows them, not this first look.
        ranking = self.ranked_with_worth(game, state, actions, rng, Quiet(thinking))
        finalists = [action for worth, action in ranking
                     if phases or self._close_enough(worth, ranking[0][0])][: self.budget.endgame_choices]
        dice_seed = rng.index(1 << 62)

        def start(action: Any, dice: _CountingRng) -> Any:
            return try_apply(game, state, action)

        samples = self.budget.sequencing_samples if phases else self.budget.endgame_samples
        planned = len(finalists) * samples

        def played_out(n: int) -> None:
            thinking.report(n, planned)

        horizon = game.phases_left(state) - phases if phases else None
        return finalists[self._best_to_the_end(game, side, finalists, start, dice_seed, thinking, played_out, horizon)]

    def _plan_to_the_end(self, game: Any, state: Any, side: str, pool: list[Any], ranked: list[list[int]],
                         dice_seed: int, thinking: Thinking, played_out: Callable[[int], None]) -> list[int]:
        """Of the best plans (``ranked``, best first) that reach different positions, the one
        whose game, played out to the end from where the plan leaves it, ends best."""
        finalists: list[list[int]] = []
        ends: list[Any] = []
        for plan in ranked:
            end, _, _ = _play_plan(game, state, side, pool, plan, _CountingRng(_sample_seed(dice_seed, 0)), record=False)
            if not any(same_state(game, end, other) for other in ends):
                ends.append(end)
                finalists.append(plan)
            if len(finalists) >= self.budget.endgame_choices:
                break

        def start(plan: list[int], dice: _CountingRng) -> Any:
            return _play_plan(game, state, side, pool, plan, dice, record=False)[0]

        return finalists[self._best_to_the_end(game, side, finalists, start, dice_seed, thinking, played_out)]

    def _best_to_the_end(self, game: Any, side: str, choices: list[Any], start: Callable[[Any, _CountingRng], Any],
                         dice_seed: int, thinking: Thinking, played_out: Callable[[int], None],
                         horizon: int | None = None) -> int:
        """endgame.best_to_the_end with this budget's playouts: a cheap one-ply player for both
        sides (a listing longer than the plan threshold kept for its phase), on chance streams
        apart from the plans' own samples, within the budget's work (with a ``horizon`` of
        phases left, a sequencing decision's: ``sequencing_work``)."""
        budget = self.budget
        samples = budget.endgame_samples if horizon is None else budget.sequencing_samples
        streams = [partial(_CountingRng, _sample_seed(dice_seed, ENDGAME_SAMPLE_BASE + k))
                   for k in range(samples)]
        if horizon is not None:
            view = game
            meter = (lambda: view.work) if isinstance(view, CountingView) else None
            policy = partial(PlayoutPlayer, budget.endgame_candidates, budget.plan_threshold, meter)
            return best_to_the_end(game, side, choices, start, policy, streams, thinking, played_out,
                                   budget.sequencing_work, horizon)
        if budget.decision_work and isinstance(game, CountingView):
            view = game
            policy = partial(PlayoutPlayer, budget.endgame_candidates, budget.plan_threshold, lambda: view.work)
            left = max(budget.decision_work - view.work, budget.decision_work // 4)
            work = left if not budget.endgame_work else min(left, budget.endgame_work)
        else:
            policy = partial(PlayoutPlayer, budget.endgame_candidates, budget.plan_threshold)
            work = budget.endgame_work
        return best_to_the_end(game, side, choices, start, policy, streams, thinking, played_out, work)

    def _greedy_phase(self, game: Any, state: Any, side: str, rng: Rng, dice: _CountingRng,
                      thinking: Thinking) -> list[Any]:
        """The actions one ply at a time (the greedy player's choice at each decision) plays from
        ``state`` on a copy while ``side`` decides, at most a pool's worth; chance from ``dice``.

        The pool of a plan is chosen by the cheap priors of the phase's first position; one ply
        chooses again after every action, among candidates of the position it is in. Seeding
        the evolution with that phase (all of its actions in the pool, in its order) makes the
        planner improve on the one-ply player rather than race it from a weaker start.
        """
        quiet = Quiet(thinking)
        current = state.copy()
        out: list[Any] = []
        while len(out) < self.budget.plan_pool and not thinking.should_stop() and not self._worked_enough(game):
            handed_over, current = _through_chance(game, current, side, dice)
            if handed_over is not None or game.current_player(current) != side:
                break
            actions = game.legal_actions(current)
            action = actions[0] if len(actions) == 1 else self.one_ply(game, current, actions, rng, quiet)
            child = try_apply(game, current, action)
            if child is None or action in out:
                break
            out.append(action)
            current = child
        return out

    def _mutate(self, plan: list[int], rng: Rng) -> list[int]:
        out = list(plan)
        gene = out.pop(rng.index(len(out)))
        out.insert(rng.index(len(out) + 1), gene)
        return out

    def _fitness(self, game: Any, state: Any, side: str, pool: list[Any], plan: list[int], dice_seed: int,
                 cost: float = 0.0) -> float:
        """The plan's worth averaged over ``budget.plan_dice`` samples of its dice. Sample k is
        the same stream for every plan of the decision (common random numbers), so plans are
        compared on the same luck; a plan that meets no dice is played once."""
        total = 0.0
        for k in range(max(self.budget.plan_dice, 1)):
            dice = _CountingRng(_sample_seed(dice_seed, k))
            end, _, moved = _play_plan(game, state, side, pool, plan, dice, record=False)
            total += evaluate(game, end, side) - cost * moved
            if not dice.draws:
                return total / (k + 1)
        return total / max(self.budget.plan_dice, 1)

    def _record(self, game: Any, state: Any, side: str, pool: list[Any], plan: list[int],
                dice_seed: int) -> list[_PlannedStep]:
        end, steps, _ = _play_plan(game, state, side, pool, plan, _CountingRng(_sample_seed(dice_seed, 0)), record=True)
        if len(steps) > 1 and game.current_player(end) != side:
            # Play up to, not into, the step that hands the decision over: pieces outside this
            # plan's pool get their turn in a new plan before the phase is ended.
            steps.pop()
        return steps


class _CountingRng(Rng):
    """A dice stream that counts its draws: a plan that drew none needs no second sample."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seed = seed
        self.draws = 0

    def key_to(self, action_index: int) -> None:
        """Draw what follows pool action ``action_index`` from that action's own stream of this
        sample. Drawn in order of play, the dice of an action would depend on what was rolled
        before it: a pointless attack first would hand the attacks after it other rolls, and
        the best of many plans could be one whose filler changed its luck (a lone wolf at 1
        against 7 before the real attacks, seen in replay: docs/ai-journal.md, nineteenth
        sitting). Keyed by action, an attack rolls the same in every plan that makes it."""
        self.state = Rng((self.seed * 0xBF58476D1CE4E5B9 + (action_index + 1) * 0x94D049BB133111EB) % (1 << 64)).state

    def pick_weighted(self, weights: list[float]) -> int:
        self.draws += 1
        return super().pick_weighted(weights)


def _play_plan(game: Any, state: Any, side: str, pool: list[Any], plan: list[int], dice: _CountingRng,
               record: bool) -> tuple[Any, list[_PlannedStep], int]:
    """Play ``plan`` on a copy of ``state``: each pool action the rules allow, in order, while
    ``side`` decides; chance from ``dice``. A piece that has acted is not tried again (the
    ruleset's ``action_actor``). Returns where the plan leaves the game, if asked the steps,
    and how many pieces it moved (what a move cost charges).

    Where the plan hands the game over through a chance step (the end of a phase, then a blind
    draw of the next chip), it stops before that step: the position is judged by what is known
    when the phase ends, not by one imagined draw (the next phase's kind), which would reward
    or punish every plan of the decision for the same luck.
    """
    actor_of = getattr(game, "action_actor", None)
    acted: set[Any] = set()
    current = state.copy()
    steps: list[_PlannedStep] = []
    for i in plan:
        handed_over, current = _through_chance(game, current, side, dice)
        if handed_over is not None:
            return handed_over, steps, len(acted)
        player = game.current_player(current)
        if player == TERMINAL or player != side:
            break
        actor = actor_of(pool[i]) if actor_of is not None else None
        if actor is not None and actor in acted:
            continue
        child = try_apply(game, current, pool[i])
        if child is None:
            continue
        if actor is not None:
            acted.add(actor)
        if record:
            steps.append(_PlannedStep(current, pool[i]))
        current = child
        dice.key_to(i)
    handed_over, current = _through_chance(game, current, side, dice)
    return (current if handed_over is None else handed_over), steps, len(acted)


def _through_chance(game: Any, current: Any, side: str, dice: _CountingRng) -> tuple[Any | None, Any]:
    """(Where the plan ends if the chance hands the decision away from ``side``, else None;
    the position after the chance steps at ``current``, drawn from ``dice``).

    A plan that ends its phase ends before the draw that follows (see ``_play_plan``). A roll
    inside the phase that leaves the other side a choice (the hits of an attack, for the
    defender to take) ends the plan after the roll: before it, the attack would count as
    counters spent for nothing.
    """
    if game.current_player(current) != CHANCE:
        return None, current
    before = current.copy()
    draws_before = dice.draws
    phase_of = getattr(game, "phase", None)
    while game.current_player(current) == CHANCE:
        game.apply(current, sample_chance(game, current, dice))
    if game.current_player(current) != side:
        if phase_of is not None and phase_of(current) == phase_of(before):
            return current, current
        dice.draws = draws_before  # the plan is judged before this draw: its luck does not count
        return before, current
    return None, current


def _rolls_dice(game: Any, state: Any, action: Any) -> bool:
    """Whether ``action`` in ``state`` is followed straight away by chance (a roll, a draw)."""
    child = try_apply(game, state, action)
    return child is not None and game.current_player(child) == CHANCE


def _sample_seed(dice_seed: int, k: int) -> int:
    """The seed of a plan's k-th dice sample; the first is ``dice_seed`` itself."""
    return (dice_seed + k * 0x9E3779B97F4A7C15) % (1 << 64)


def _order_crossover(a: list[int], b: list[int], rng: Rng) -> list[int]:
    """OX: a slice of ``a`` in place, the rest in ``b``'s order (the child stays a permutation)."""
    n = len(a)
    i, j = sorted((rng.index(n), rng.index(n)))
    middle = a[i:j + 1]
    taken = set(middle)
    rest = [g for g in b if g not in taken]
    return rest[:i] + middle + rest[i:]
