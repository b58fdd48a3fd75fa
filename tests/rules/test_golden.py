"""Golden numbers that pin the move generator and the whole rules pipeline (like chess perft).

A hand-made board keeps them independent of the shipped map, which is still being
revised. If a rule change alters them on purpose, update them in the same commit
and say why.
"""

from __future__ import annotations

from collections import Counter

from bofa_helpers import make_game, plain_board, position

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.invariants import violations
from bofa_studio.rules.bofa1984.players import random_player
from bofa_studio.rules.core import CHANCE, seed_state
from bofa_studio.session import state_digest


def golden_board():
    board = plain_board(12, 10)
    for col in range(1, 13):
        board.set_terrain(board.hex_at(f"{col:02d}01"), Terrain.MOUNTAIN, 2)
        board.set_terrain(board.hex_at(f"{col:02d}02"), Terrain.MOUNTAIN, 1)
    for row in range(3, 11):
        board.set_hexside_features(board.hex_at(f"06{row:02d}"), board.hex_at(f"07{row:02d}"), [HexsideFeature.RIVER])
    for label in ("0305", "0306", "0405"):
        board.set_terrain(board.hex_at(label), Terrain.DALE)
    for row in range(2, 10):
        board.set_feature(board.hex_at(f"09{row:02d}"), HexFeature.PATH, True)
    return board


def golden_position(game):
    return position(game, {
        "0201": ["elf_archer_1", "thranduil"], "0401": "elf_spearman_1", "0602": "dwarf_axeman_1",
        "0802": ["dwarf_spearman_1", "dain"], "1002": "man_archer_1", "0305": "elf_swordsman_1",
        "0209": ["wolf_rider_1", "thrak"], "0409": "azug_goblin_archer_1", "0609": "wolf_1",
        "0808": "warg_1", "1009": "azug_goblin_spearman_1", "1209": "azug_goblin_axeman_1",
    }, player="dark", turn=4, seed=11)


def test_move_generator_counts():
    game = make_game(golden_board())
    state = golden_position(game)
    counts = Counter(type(a).__name__ for a in game.legal_actions(state))
    per_group = {g: len(ds) for g, ds in _dests(game, state).items()}
    assert counts == {"Move": 451, "EndPhase": 1}
    assert per_group == GOLDEN_GROUPS


def _dests(game, state):
    from bofa_studio.rules.bofa1984.movement import legal_moves, movable_groups

    return {"+".join(g): legal_moves(game, state, g)[1] for g in movable_groups(game, state)}


def test_random_play_digest():
    game = make_game(golden_board())
    state = golden_position(game)
    rng = seed_state(5)
    for _ in range(400):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            action, rng = random_player(game, state, rng)
        game.apply(state, action)
        assert not violations(game, state)
    assert (state.turn, state.stage, len(state.eliminated)) == GOLDEN_END
    # The version 1 digest (a hand-kept field list) and the version 2 one (every field, with
    # die waits kept loose) pin that the engine plays as it did; version 3 is today's layout.
    assert game.legacy_digest(state, 1) == GOLDEN_DIGEST
    assert game.legacy_digest(state, 2) == GOLDEN_DIGEST_V2
    assert state_digest(game, state) == GOLDEN_DIGEST_V3


# B-9 takes effect at the end of the movement phase (issue 13): a full-strength counter may
# now also end a move on a friend who has not moved yet and can make room (24 more moves).
GOLDEN_GROUPS = {
    "wolf_rider_1": 58, "thrak": 46, "wolf_rider_1+thrak": 46, "azug_goblin_archer_1": 44, "wolf_1": 87,
    "warg_1": 94, "azug_goblin_spearman_1": 44, "azug_goblin_axeman_1": 32,
}
# The random player now draws a destination and checks only that one (same support, fewer
# checks), so the random game takes another course.
GOLDEN_END = (12, "over", 3)
GOLDEN_DIGEST = "dbfbdcd2e38c19fadba36bff60dd6df8b4733e599384dd5075a326b8b4979bf7"
GOLDEN_DIGEST_V3 = "0f4e622615685237c39e3d4bb5ed4a32d640e681ec941e1be2b290c127b86b98"
GOLDEN_DIGEST_V2 = "193abc644fcb31b874378512002f19f993c58e96ad0ae98c82c75e3bf9314f70"


def test_a_copied_state_plays_on_alone():
    """A copy (search's workhorse) shares nothing mutable: playing on from the copy leaves the
    original's digest untouched, and both play on to the same end as a game never copied."""
    game = make_game(golden_board())
    state = golden_position(game)
    rng = seed_state(5)
    for _ in range(120):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            action, rng = random_player(game, state, rng)
        game.apply(state, action)
    before = state_digest(game, state)
    copy = state.copy()
    assert state_digest(game, copy) == before
    crng = rng
    for _ in range(280):
        if game.is_terminal(copy):
            break
        if game.current_player(copy) == CHANCE:
            action = game.sample_chance(copy)
        else:
            action, crng = random_player(game, copy, crng)
        game.apply(copy, action)
    assert state_digest(game, state) == before
    assert (copy.turn, copy.stage, len(copy.eliminated)) == GOLDEN_END
    assert game.legacy_digest(copy, 1) == GOLDEN_DIGEST
