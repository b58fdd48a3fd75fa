"""Computer players for any registered ruleset, by level.

``make_player(level, seed)`` gives a player with ``choose(game, state, thinking=None)``.
Levels: ``random``; ``greedy`` (one ply by the ruleset's evaluation); ``easy``,
``normal`` and ``hard`` (Online Evolutionary Planning over a phase's actions, by
thinking budget); and ``fast``, a small deterministic planner for tests. The same
seed, level and position always give the same decision. docs/ai.md explains them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bofa_studio.ai.players import Budget, GreedyPlayer, PlanningPlayer, RandomPlayer
from bofa_studio.ai.thinking import ProgressCallback, Thinking

# Budgets count evaluations; the deadlines are safety nets for a slow machine only.
BUDGETS: dict[str, Budget] = {
    "greedy": Budget(candidates=24, chance_samples=0),
    "fast": Budget(candidates=4, chance_samples=1, plan_pool=10, population=4, generations=2),
    "easy": Budget(candidates=6, chance_samples=2, plan_pool=16, population=6, generations=3,
                   deadline_seconds=10.0),
    "normal": Budget(candidates=24, chance_samples=0, plan_pool=48, population=16, generations=16, plan_dice=4, greedy_seed=True,
                     endgame_phases=6, endgame_work=10_000, endgame_margin=7.0, plan_work=3_000, decision_work=4_500, evaluate_ahead=True, move_cost=0.1,
                     deadline_seconds=8.0),
    "hard": Budget(candidates=32, chance_samples=0, plan_pool=72, population=24, generations=30, plan_dice=6, greedy_seed=True,
                   endgame_phases=6, endgame_choices=6, endgame_samples=4, endgame_work=30_000, endgame_margin=7.0, evaluate_ahead=True, move_cost=0.1,
                   sequencing_phases=1, sequencing_samples=2, sequencing_work=30_000, deadline_seconds=30.0),
}
LEVELS = ("random", "greedy", "easy", "normal", "hard", "fast")


def make_player(level: str, seed: int = 0, *, safety_net: bool = True) -> Any:
    """A fresh player of ``level`` (one of LEVELS); ValueError naming the levels otherwise.

    ``safety_net=False`` drops the level's wall-clock deadline, so that decisions never
    depend on the machine's load: match and balance series use it to stay reproducible.
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer(BUDGETS["greedy"], seed)
    if level in BUDGETS:
        budget = BUDGETS[level] if safety_net else replace(BUDGETS[level], deadline_seconds=None)
        return PlanningPlayer(budget, seed, name=level)
    raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")


def make_thinking(player: Any, progress: ProgressCallback | None = None) -> Thinking:
    """A :class:`Thinking` for one decision of ``player`` (a window keeps it to call ``stop``),
    with the player's safety-net deadline."""
    budget = getattr(player, "budget", None)
    return Thinking(progress, deadline_seconds=budget.deadline_seconds if budget is not None else None)


__all__ = ["BUDGETS", "LEVELS", "Budget", "GreedyPlayer", "PlanningPlayer", "RandomPlayer", "Thinking", "make_player", "make_thinking"]
