"""Random small boards with every terrain, rivers and walls: the engine keeps its invariants and
every listed action applies."""

from __future__ import annotations

from bofa_helpers import make_game, plain_board, position
from hypothesis import given, settings
from hypothesis import strategies as st

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.invariants import violations
from bofa_studio.rules.bofa1984.players import random_player
from bofa_studio.rules.core import CHANCE, seed_state

TERRAINS = [Terrain.PLAIN, Terrain.PLAIN, Terrain.MOUNTAIN, Terrain.SLOPE, Terrain.SUMMIT, Terrain.DALE,
            Terrain.CLIFF, Terrain.FRONT_GATE]
FP = ["elf_archer_1", "elf_spearman_1", "dwarf_axeman_1", "man_archer_1", "giant_eagle_1", "beorn", "thorin",
      "gandalf", "bard", "elf_archer_2"]
DARK = ["wolf_rider_1", "thrak", "azug_goblin_archer_1", "azug_goblin_archer_2", "wolf_1", "warg_1", "bolg",
        "bodyguard_1", "azug_goblin_spearman_1", "azug_goblin_axeman_1"]


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_random_boards_keep_invariants(data):
    cols, rows = 7, 6
    board = plain_board(cols, rows)
    hexes = list(board.hexes())
    edges = list(board.graph.edges)
    # The board is two byte strings drawn at once (four bytes a hex: terrain, mountain level 1-4,
    # a path and a guard room one in six each; a byte a hexside: river or wall one in ten each),
    # not hundreds of draws, which cost hypothesis more than the game then played on it.
    hex_bytes = data.draw(st.binary(min_size=4 * len(hexes), max_size=4 * len(hexes)))
    side_bytes = data.draw(st.binary(min_size=len(edges), max_size=len(edges)))
    for i, h in enumerate(hexes):
        terrain_byte, level_byte, *feature_bytes = hex_bytes[4 * i:4 * i + 4]
        t = TERRAINS[terrain_byte % len(TERRAINS)]
        board.set_terrain(h, t, level_byte % 4 + 1 if t == Terrain.MOUNTAIN else None)
        for feature, byte in zip((HexFeature.PATH, HexFeature.GUARD_ROOM), feature_bytes, strict=True):
            if byte % 6 == 0:
                board.set_feature(h, feature, True)
    for (a, b), byte in zip(edges, side_bytes, strict=True):
        roll = byte % 10
        if roll == 0:
            board.set_hexside_features(a, b, [HexsideFeature.RIVER])
        elif roll == 1:
            board.set_hexside_features(a, b, [HexsideFeature.FRONT_GATE_WALL])
    game = make_game(board)
    labels = [board.label(h) for h in hexes]
    where: dict[str, list[str]] = {}
    for cid in FP + DARK:
        where.setdefault(data.draw(st.sampled_from(labels)), []).append(cid)
    # start from a legal position: keep only what B-9 allows per side and hex
    from bofa_studio.rules.bofa1984.stacking import stacking_problem

    state0 = game.new_initial_state(0)
    legal: dict[str, list[str]] = {}
    for label, counters in where.items():
        kept: list[str] = []
        for cid in counters:
            side = [c for c in kept if game.specs[c].side == game.specs[cid].side]
            if stacking_problem(game, state0, side + [cid]) is None:
                kept.append(cid)
        legal[label] = kept
    player = data.draw(st.sampled_from(["dark", "free_peoples"]))
    state = position(game, legal, player=player, turn=data.draw(st.integers(1, 12)),
                     stage=data.draw(st.sampled_from(["move", "combat", "fire"])),
                     seed=data.draw(st.integers(0, 2**31)))
    rng = seed_state(data.draw(st.integers(0, 2**31)))
    for step in range(150):
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            game.apply(state, game.sample_chance(state))
            continue
        if step % 10 == 0:
            for action in game.legal_actions(state):
                game.apply(state.copy(), action)
        action, rng = random_player(game, state, rng)
        game.apply(state, action)
        if state.stage != "move":
            assert not violations(game, state)
