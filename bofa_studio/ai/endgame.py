"""Near the end of a game: choices judged by playing them out to the end.

B-11 counts the victory locations only at the end of the last turn; an evaluation still
weighs strength that will never fight again there, and a plan that ends with its phase
cannot see the enemy's last phase. So when the ruleset's optional ``phases_left`` hook
says the end is near, the planner (:mod:`bofa_studio.ai.players`) plays its best few
choices out to the end and keeps the one whose games end best. docs/ai.md, "The end in
sight", has the diagnosis and the measurements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bofa_studio.ai.lookahead import evaluate, sample_chance
from bofa_studio.ai.thinking import Quiet, Rng, Thinking
from bofa_studio.rules.core import CHANCE, TERMINAL

# A playout stops after this many actions (a safety net: every registered game ends).
PLAYOUT_LIMIT = 5000

Choice = TypeVar("Choice")
Stream = TypeVar("Stream", bound=Rng)
# (game, position, legal actions, the policy's generator, thinking) -> the action to play
Policy = Callable[[Any, Any, list[Any], Rng, Any], Any]


def best_to_the_end(game: Any, side: str, choices: list[Choice], start: Callable[[Choice, Stream], Any | None],
                    policy: Policy, streams: list[Callable[[], Stream]], thinking: Thinking,
                    played_out: Callable[[int], None]) -> int:
    """The index of the choice whose games, played out to the end, are worth most to ``side``.

    ``start(choice, stream)`` is the position the choice leads to (None: the rules refuse it),
    its chance drawn from ``stream``; from there ``policy`` plays both sides until the game ends.
    Every choice is played out once on each of ``streams`` (each call gives the stream afresh,
    the same for every choice: common random numbers, so choices differ by what they do, not by
    their luck). The result counts (the evaluation of an ended game); the first choice wins a
    tie, so where the playouts cannot tell the choices apart the caller's order stands.
    ``played_out(n)`` hears how many playouts are done (for a progress bar).
    """
    quiet = Quiet(thinking)
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
            total += evaluate(game, play_out(game, position, policy, stream, quiet), side)
            done += 1
            played_out(done)
        if thinking.should_stop() and i:
            break  # this choice's playouts were cut short: the best judged so far stands
        if total > best_value:
            best, best_value = i, total
    return best


def play_out(game: Any, position: Any, policy: Policy, stream: Rng, thinking: Any) -> Any:
    """A copy of ``position`` played to the end by ``policy`` for both sides, chance from ``stream``."""
    current = position.copy()
    policy_rng = Rng(stream.index(1 << 62))
    for _ in range(PLAYOUT_LIMIT):
        player = game.current_player(current)
        if player == TERMINAL or game.is_terminal(current) or thinking.should_stop():
            break
        if player == CHANCE:
            game.apply(current, sample_chance(game, current, stream))
            continue
        actions = game.legal_actions(current)
        action = actions[0] if len(actions) == 1 else policy(game, current, actions, policy_rng, thinking)
        game.apply(current, action)
    return current
