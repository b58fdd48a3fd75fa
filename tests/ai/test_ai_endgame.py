"""The playouts near the end of a game: a phase listed once, and a bounded cost per decision."""

from __future__ import annotations

from functools import partial

from ai_toy_games import CELL_WORTH, END, ClaimCells

from bofa_studio.ai import endgame
from bofa_studio.ai.endgame import PlayoutPlayer, best_to_the_end, play_out
from bofa_studio.ai.lookahead import try_apply
from bofa_studio.ai.thinking import Quiet, Rng, Thinking


class PhasedClaims(ClaimCells):
    """Claim Cells with the ruleset's optional ``phase`` hook, as a MOVE phase has."""

    def phase(self, state):  # type: ignore[no-untyped-def]
        return state.phase


def _played_out(game: ClaimCells):  # type: ignore[no-untyped-def]
    start = game.new_initial_state(0)
    player = PlayoutPlayer(candidates=len(CELL_WORTH) + 1, keep_longer_than=20)  # every phase lists 22 or more
    end = play_out(game, start, player, Rng(5), Quiet(Thinking()))
    return end, player


def test_a_playout_lists_a_long_phase_once_and_still_plays_every_claim_of_it():
    # A MOVE phase lists thousands of moves, one counter after another moves: the playouts
    # keep the phase's first listing and skip what the rules refuse since (here: a fourth
    # claim), instead of listing afresh at every decision.
    kept_game, fresh_game = PhasedClaims(), ClaimCells()
    kept_end, kept_player = _played_out(kept_game)
    fresh_end, fresh_player = _played_out(fresh_game)
    assert kept_game.is_terminal(kept_end) and fresh_game.is_terminal(fresh_end)
    # Listed at each phase's start (31, 28, 25, 22 actions), against at every decision.
    cells = len(CELL_WORTH)
    starts = [cells - ClaimCells.per_phase * p + 1 for p in range(ClaimCells.phases)]
    assert kept_player.listed == sum(starts)
    assert fresh_player.listed == sum(n + (n - 1) + (n - 2) + 1 for n in starts)
    assert kept_player.refused > 0  # the kept cells refused once the phase's three were claimed
    # Weighing every cell, both claim the best cells left, three a phase: the same game.
    assert kept_end.owner == fresh_end.owner
    assert len(kept_end.owner) == ClaimCells.phases * ClaimCells.per_phase
    best_first = sorted(range(len(CELL_WORTH)), key=lambda c: -CELL_WORTH[c])
    assert sorted(kept_end.owner) == sorted(best_first[: len(kept_end.owner)])
    assert END not in kept_end.owner


def test_a_decisions_playouts_share_its_work_budget_and_each_stops_at_its_share():
    # The work (weighings, listing counted at its rate) bounds a last-turn decision's time
    # without a clock: four choices on two chance streams, eight playouts, a budget of 80.
    game = ClaimCells()
    state = game.new_initial_state(0)

    def playouts(work_budget: int) -> list[tuple[PlayoutPlayer, bool]]:
        made: list[PlayoutPlayer] = []
        ends: list[bool] = []

        def policy() -> PlayoutPlayer:
            made.append(PlayoutPlayer(candidates=8, keep_longer_than=24))
            return made[-1]

        def start(cell: int, stream: Rng):  # type: ignore[no-untyped-def]
            return try_apply(game, state, cell)

        def judged(n: int) -> None:
            ends.append(game.is_terminal(last_end[0]))

        last_end: list = [None]
        original = endgame.play_out

        def watched(*args):  # type: ignore[no-untyped-def]
            last_end[0] = original(*args)
            return last_end[0]

        endgame.play_out = watched
        try:
            best_to_the_end(game, "north", [0, 1, 2, 3], start, policy,
                            [partial(Rng, 1), partial(Rng, 2)], Thinking(), judged, work_budget)
        finally:
            endgame.play_out = original
        return list(zip(made, ends, strict=True))

    bounded = playouts(80)
    share = 80 // 8
    assert len(bounded) == 8
    # Each stops at the first decision that finds its share done: over it by one decision at most.
    assert all(share <= p.work <= share + 8 + 1 for p, _ in bounded)
    assert not any(ended for _, ended in bounded)
    unbounded = playouts(0)
    assert all(ended for _, ended in unbounded)
    assert min(p.work for p, _ in unbounded) > 2 * share
