"""B-6 movement and B-10 special movers, on small hand-made boards."""

from __future__ import annotations

import pytest
from bofa_helpers import label_of, make_game, nb, plain_board, position

from bofa_studio.board.model import HexFeature, HexsideFeature, Terrain
from bofa_studio.rules.bofa1984.actions import EndPhase, Move
from bofa_studio.rules.bofa1984.movement import legal_moves
from bofa_studio.rules.core import RuleError


def dests(game, state, *movers):
    _, ds = legal_moves(game, state, tuple(movers))
    return {game.cb.label(d) for d in ds}


def move(game, state, movers, to):
    if isinstance(movers, str):
        movers = (movers,)
    return game.apply(state, Move(tuple(movers), game.board.hex_at(to)))


def test_plain_costs_one_and_movement_value_is_a_limit():
    """B-6: a counter may not exceed its movement value; plain hexes cost 1 (Terrain Table)."""
    board = plain_board(12, 3)
    game = make_game(board)
    state = position(game, {"0102": "azug_goblin_scimitar_1"})  # 4-5
    reach = dests(game, state, "azug_goblin_scimitar_1")
    assert "0602" in reach and "0702" not in reach


def test_mountain_dale_slope_cost_two_summit_one():
    """B-6 / Terrain Table: mountain, slope and Dale hexes cost 2; summit and plain 1."""
    board = plain_board(12, 1)
    for col, t in [(2, Terrain.DALE), (3, Terrain.SLOPE), (4, Terrain.SUMMIT), (5, Terrain.PLAIN)]:
        board.set_terrain(board.hex_at(f"{col:02d}01"), t)
    game = make_game(board)
    state = position(game, {"0101": "azug_goblin_scimitar_1"})  # movement 5 = 2 + 2 + 1
    assert dests(game, state, "azug_goblin_scimitar_1") == {"0201", "0301", "0401"}
    board.set_terrain(board.hex_at("0201"), Terrain.MOUNTAIN, 1)
    game = make_game(board)
    state = position(game, {"0101": "azug_goblin_scimitar_1"})
    assert dests(game, state, "azug_goblin_scimitar_1") == {"0201", "0301", "0401"}


def test_path_to_path_costs_one_but_entering_a_path_costs_the_terrain():
    """B-6: along a mountain path 1 point per hex; onto the path from a mountain hex 2."""
    board = plain_board(10, 1)
    for col in range(1, 11):
        board.set_terrain(board.hex_at(f"{col:02d}01"), Terrain.MOUNTAIN, 1)
    for col in range(2, 11):
        board.set_feature(board.hex_at(f"{col:02d}01"), HexFeature.PATH, True)
    game = make_game(board)
    state = position(game, {"0101": "azug_goblin_scimitar_1"})  # 5 MP: 2 onto the path, then 1 each
    assert max(dests(game, state, "azug_goblin_scimitar_1")) == "0501"


@pytest.mark.parametrize("side,mover,farthest", [("free_peoples", "elf_spearman_1", "0701"),
                                                  ("dark", "wolf_rider_1", "0601")])
def test_river_costs_one_more_for_free_peoples_two_more_for_dark(side, mover, farthest):
    """B-6 / Terrain Table: River Running +1 Free Peoples, +2 Dark army, on top of the hex entered."""
    board = plain_board(10, 1)
    board.set_hexside_features(board.hex_at("0201"), board.hex_at("0301"), [HexsideFeature.RIVER])
    game = make_game(board)
    state = position(game, {"0101": mover}, player=side)  # movement 7 for both
    assert max(dests(game, state, mover)) == farthest


def front_gate_board():
    """A Front Gate in 0502 with cliffs above it and walls on its other sides."""
    board = plain_board(9, 6)
    gate = board.hex_at("0502")
    board.set_terrain(gate, Terrain.FRONT_GATE)
    for d in ("N",):
        board.set_terrain(board.hex_at(nb(board, "0502", d)), Terrain.CLIFF)
    for d in ("N", "NE", "NW", "S"):
        board.set_hexside_features(gate, board.hex_at(nb(board, "0502", d)), [HexsideFeature.FRONT_GATE_WALL])
    return board


def test_front_gate_costs_four_and_is_entered_only_from_its_two_plain_hexes():
    """B-6: the Front Gate is entered only from the plain hexes south-west and south-east, for 4 points."""
    board = front_gate_board()
    game = make_game(board)
    sw, s = nb(board, "0502", "SW"), nb(board, "0502", "S")
    state = position(game, {sw: "dwarf_axeman_1", s: "dwarf_axeman_2"}, player="free_peoples")  # movement 4
    assert "0502" in dests(game, state, "dwarf_axeman_1")
    assert "0502" not in dests(game, state, "dwarf_axeman_2")  # wall between
    with pytest.raises(RuleError, match="B-6"):
        move(game, state, "dwarf_axeman_2", "0502")
    move(game, state, "dwarf_axeman_1", "0502")
    assert label_of(game, state, "dwarf_axeman_1") == "0502"


def test_cliffs_cannot_be_entered_but_eagles_fly_there():
    """B-6: cliff hexes cannot be reached from the ground; Giant Eagles can reach them."""
    board = front_gate_board()
    game = make_game(board)
    cliff = nb(board, "0502", "N")
    state = position(game, {"0303": "elf_archer_1", "0304": "giant_eagle_1"}, player="free_peoples")
    assert cliff not in dests(game, state, "elf_archer_1")
    assert cliff in dests(game, state, "giant_eagle_1")


def test_eagles_fly_one_point_a_hex_over_terrain_and_enemies_onto_an_enemy():
    """B-6/B-10: eagles use 1 point per hex, ignore enemy units and terrain, may end on an enemy."""
    board = plain_board(14, 3)
    for col in range(2, 14):
        board.set_terrain(board.hex_at(f"{col:02d}02"), Terrain.MOUNTAIN, 3)
    game = make_game(board)
    where = {"0102": "giant_eagle_1", "1102": "wolf_1"}
    where.update({f"{c:02d}0{r}": f"azug_goblin_scimitar_{i}" for i, (c, r) in enumerate([(3, 1), (3, 2), (3, 3)], 1)})
    state = position(game, where, player="free_peoples")
    reach = dests(game, state, "giant_eagle_1")
    assert "1102" in reach and "1202" not in reach  # 10 hexes, through the goblin wall
    move(game, state, "giant_eagle_1", "1102")


def test_moving_through_friends_but_not_through_enemy_units():
    """B-6: friends may move over each other; enemy counters control their hex and cannot be passed."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "elf_spearman_1", "0201": "elf_spearman_2", "0401": "wolf_1"},
                      player="free_peoples")
    reach = dests(game, state, "elf_spearman_1")
    assert "0301" in reach and "0501" not in reach


def test_enemy_leader_alone_does_not_control_its_hex():
    """B-10: leaders (except Thorin) do not control their hex: enemies move into and through it."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "elf_spearman_1", "0301": "thrak"}, player="free_peoples")
    assert {"0301", "0501"} <= dests(game, state, "elf_spearman_1")
    game2 = make_game(board)
    state3 = position(game2, {"0101": "wolf_1", "0301": "thorin"}, player="dark")
    assert "0501" not in dests(game2, state3, "wolf_1")  # Thorin controls his hex


def test_entering_an_enemy_hex_needs_a_start_next_to_it():
    """B-6: a counter that begins the movement phase adjacent to an enemy can move into its hex."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "wolf_1", "0301": "wolf_2", "0401": "elf_spearman_1"})
    assert "0401" in dests(game, state, "wolf_2")
    assert "0401" not in dests(game, state, "wolf_1")
    with pytest.raises(RuleError, match="B-6: only a counter that began the phase next to the enemy"):
        move(game, state, "wolf_1", "0401")
    move(game, state, "wolf_2", "0401")
    assert label_of(game, state, "wolf_2") == "0401"


def test_from_an_enemy_hex_only_into_a_free_adjacent_hex():
    """B-6: a counter that begins in a hex with an enemy may only move into an adjacent free hex."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0301": ["elf_spearman_1", "wolf_1"], "0501": "elf_spearman_2"})
    assert dests(game, state, "wolf_1") == {"0201", "0401"}


def test_beorn_moves_onto_an_enemy_from_afar_and_never_stacks_with_friends():
    """B-10: Beorn can move directly onto an enemy counter; B-9: he may not stack with friends (at
    the end of the phase: onto a friend who has moved already, and so cannot make room, never)."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "beorn", "0501": "wolf_1", "0301": "gandalf"}, player="free_peoples")
    state.moved.add("gandalf")
    reach = dests(game, state, "beorn")
    assert "0501" in reach and "0301" not in reach
    with pytest.raises(RuleError, match="B-9: 0301 .*Beorn may not be stacked with friendly units"):
        move(game, state, "beorn", "0301")


def test_stacking_is_checked_against_the_counters_that_can_still_make_room():
    """B-9: "Only one full-strength counter may lie in each hex", from the end of the movement phase:
    a move onto a friend who has moved already would leave the hex over the limit for good."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "elf_spearman_1", "0201": "elf_spearman_2"}, player="free_peoples")
    state.moved.add("elf_spearman_2")
    assert "0201" not in dests(game, state, "elf_spearman_1")
    with pytest.raises(RuleError) as err:
        move(game, state, "elf_spearman_1", "0201")
    assert str(err.value) == (
        "B-9: 0201 would be over the stacking limits (only one full-strength counter, or two reduced ones, "
        "may end movement in a hex) with no counter there left to move out and put it right before the phase ends")


def test_stacks_move_together_at_the_lower_movement_value():
    """B-9: if two counters move together the lower movement value of the two is used."""
    board = plain_board(12, 1)
    game = make_game(board)
    state = position(game, {"0101": ["wolf_1", "azug_goblin_scimitar_1"]}, reduced=("wolf_1", "azug_goblin_scimitar_1"))
    assert max(dests(game, state, "wolf_1", "azug_goblin_scimitar_1")) == "0601"
    move(game, state, ("wolf_1", "azug_goblin_scimitar_1"), "0601")
    assert state.stacks[game.idx(board.hex_at("0601"))] == ("wolf_1", "azug_goblin_scimitar_1")


def test_each_counter_moves_once_per_phase_and_end_phase_is_always_there():
    """B-6: movement points cannot be saved; our grain is one move per counter per phase."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0101": "wolf_1"})
    move(game, state, "wolf_1", "0301")
    with pytest.raises(RuleError, match="already moved"):
        move(game, state, "wolf_1", "0401")
    assert EndPhase() in game.legal_actions(state)


def test_named_path_is_checked():
    """B-6: a path through an enemy unit is refused, a longer legal path is accepted."""
    board = plain_board(9, 2)
    game = make_game(board)
    state = position(game, {"0101": "wolf_1", "0301": "elf_spearman_1"})
    h = board.hex_at
    with pytest.raises(RuleError, match="through the enemy"):
        game.apply(state, Move(("wolf_1",), h("0401"), (h("0101"), h("0201"), h("0301"), h("0401"))))
    path = (h("0101"), h("0102"), h("0202"), h("0302"), h("0402"), h("0401"))
    game.apply(state, Move(("wolf_1",), h("0401"), path))
    assert label_of(game, state, "wolf_1") == "0401"


def test_eagles_may_fly_out_of_an_enemy_hex():
    """B-10: Giant Eagles ignore enemy units when they move, so a skirmish does not pin them."""
    board = plain_board(9, 1)
    game = make_game(board)
    state = position(game, {"0301": ["giant_eagle_1", "wolf_1"], "0401": "wolf_2"}, player="free_peoples")
    assert {"0101", "0901", "0401"} <= dests(game, state, "giant_eagle_1")


def test_front_gate_costs_four_even_from_a_path():
    """B-6: entering the Front Gate from one of the two plain hexes costs 4 movement points."""
    board = front_gate_board()
    sw = nb(board, "0502", "SW")
    for label in ("0502", sw):
        board.set_feature(board.hex_at(label), HexFeature.PATH, True)
    game = make_game(board)
    state = position(game, {sw: "thorin"}, player="free_peoples")  # Thorin: movement 5
    assert "0502" in dests(game, state, "thorin")
    gate = game.idx(board.hex_at("0502"))
    assert dict(game.ground_steps["free_peoples"][game.idx(board.hex_at(sw))])[gate] == 4


def test_a_cached_reach_lists_its_hexes_in_order_and_each_caller_gets_its_own_list():
    """The random player draws destinations from a reach's hexes in index order (and pops the
    ones it tries): the order is remembered per cached reach, never shared as one list."""
    from bofa_studio.rules.bofa1984.reach import reachable, sorted_hexes

    board = plain_board(9, 3)
    game = make_game(board)
    state = position(game, {"0502": "elf_spearman_1", "0702": "wolf_1"}, player="free_peoples")
    start = state.pos["elf_spearman_1"]
    reach = reachable(game, state, ("elf_spearman_1",), start)  # the wolf is in the way: a cached search
    first = sorted_hexes(game, reach)
    assert first == sorted(reach) and len(first) > 5
    first.pop()
    assert sorted_hexes(game, reach) == sorted(reach)
    assert sorted_hexes(game, {9: 1, 3: 2}) == [3, 9]  # a reach nobody cached is just sorted


def test_the_ways_out_of_an_over_stacked_hex_follow_what_stands_next_to_it():
    """B-9 takes effect at the end of the movement phase, so a hex may be over the limits while
    one of its counters can still step out. Where it can step is remembered from state to
    state (most moves happen elsewhere); an enemy arriving next door must close that way."""
    from bofa_studio.rules.bofa1984.overstacking import StackingOutlook

    board = plain_board(5, 1)
    game = make_game(board)
    crowded = {"0301": ["azug_goblin_scimitar_1", "azug_goblin_scimitar_2"]}  # two full-strength: over B-9
    y = game.idx(board.hex_at("0301"))
    west, east = game.idx(board.hex_at("0201")), game.idx(board.hex_at("0401"))

    open_both = position(game, crowded)
    assert StackingOutlook(game, open_both)._exits_blocked_by(y, None) is None  # two ways out

    enemy_east = position(game, {**crowded, "0401": "elf_spearman_1"})
    assert StackingOutlook(game, enemy_east)._exits_blocked_by(y, None) == {west}

    enemy_west = position(game, {**crowded, "0201": "elf_spearman_1"})
    assert StackingOutlook(game, enemy_west)._exits_blocked_by(y, None) == {east}

    enemy_both = position(game, {**crowded, "0401": "elf_spearman_1", "0201": "elf_spearman_2"})
    assert StackingOutlook(game, enemy_both)._exits_blocked_by(y, None) == frozenset()
    assert StackingOutlook(game, open_both)._exits_blocked_by(y, east) == {west}


def _full_search(game, state, movers, start):
    """The search with the enemy in place, run whole (what ``reachable`` answers from)."""
    from bofa_studio.rules.bofa1984.reach import _search, enemy_held, movement_allowance

    side = state.phase_player
    unmoved = all(state.phase_start.get(c) == start for c in movers)
    beorn = any(game.specs[c].is_beorn for c in movers)
    return _search(game.ground_steps[side], len(game.cb), start, movement_allowance(game, state, movers),
                   frozenset(enemy_held(game, state, side)), beorn, unmoved, game.cb.adjacent_open[start])


@pytest.mark.parametrize("wolf, beorn", [("0902", False), ("0902", True), ("0602", False), ("0502", False)])
def test_an_enemy_at_the_end_of_every_path_or_in_the_way_gives_the_whole_searchs_answer(wolf, beorn):
    """B-6: "Most counters control only the hex they are currently in (which means that enemy
    counters cannot move through them)"; "A counter that begins the movement phase adjacent to
    an enemy counter can move within its hex"; B-10: Beorn "can move directly on top of an
    enemy counter". With the enemy at the far end of the reach nobody's path crosses it and the
    answer is read off the search with nobody on the map; in the way, or next door, it is not.
    Both must be what the whole search finds, previous hexes (so paths) included."""
    from bofa_studio.rules.bofa1984.reach import reachable

    mover = "beorn" if beorn else "elf_spearman_1"
    board = plain_board(12, 3)
    game = make_game(board)
    state = position(game, {"0402": mover, wolf: "wolf_1"}, player="free_peoples")
    start = state.pos[mover]
    got = reachable(game, state, (mover,), start)
    assert dict(got) == _full_search(game, state, (mover,), start)
    assert (game.idx(board.hex_at(wolf)) in got) == (beorn or wolf == "0502")


def test_reaches_on_the_1984_map_with_the_enemy_anywhere_are_the_whole_searchs_answer():
    """The shortcut for an enemy at the ends of the paths, checked against the whole search on
    the 1984 map (rivers, slopes and paths make many cheapest paths tie) for a counter of each
    movement value, with one to four enemy units placed at random within its reach."""
    import random

    from bofa_studio.board import load_map
    from bofa_studio.resources import default_map_path
    from bofa_studio.rules.bofa1984 import reach as reach_rules

    board = load_map(default_map_path())
    game = make_game(board)
    hexes = [h for h in board.hexes() if not board.is_space(h)]
    movers = ["elf_spearman_1", "dwarf_axeman_1", "beorn", "thorin"]  # movement 4 to 6, and Beorn (B-10)
    enemies = ["wolf_1", "wolf_2", "azug_goblin_scimitar_1", "azug_goblin_scimitar_2"]
    shortcuts = []
    real = reach_rules._enemy_at_the_ends
    patch = pytest.MonkeyPatch()
    patch.setattr(reach_rules, "_enemy_at_the_ends", lambda *a: shortcuts.append(a) or real(*a))
    pick = random.Random(7)
    compared = 0
    try:
        for _ in range(400):
            mover = pick.choice(movers)
            home = pick.choice(hexes)
            near = [h for h in hexes if 0 < h.distance(home) <= 5]
            count = pick.randint(1, 4)
            where = {board.label(h): e for h, e in zip(pick.sample(near, count), enemies[:count], strict=True)}
            state = position(game, {board.label(home): mover, **where}, player="free_peoples")
            start = state.pos[mover]
            assert dict(reach_rules.reachable(game, state, (mover,), start)) == _full_search(game, state, (mover,), start)
            compared += 1
    finally:
        patch.undo()
    assert compared == 400 and len(shortcuts) >= 40  # both ways of answering were compared


def test_an_over_stacked_hex_with_its_way_out_further_off_is_weighed_only_for_moves_that_reach_it(monkeypatch):
    """B-9: "These stacking restrictions take effect only at the end of the movement phase
    (MOVE). Friendly units may move freely over one another". Two goblins of full strength in
    0503, friends of full strength all around: the way out lies two hexes off, through the
    friends. A move far from there leaves that way out as it is, and the listing says so
    without weighing it again; moves into the ring it could take are weighed in full. Both
    must list what weighing every move in full lists."""
    from bofa_studio.rules.bofa1984.overstacking import StackingOutlook

    board = plain_board(20, 5)
    game = make_game(board)
    ring = {nb(board, "0503", d): f"thuk_goblin_scimitar_{i + 1}" for i, d in enumerate(("N", "NE", "SE", "S", "SW", "NW"))}
    where = {"0503": ["azug_goblin_scimitar_1", "azug_goblin_scimitar_2"], **ring, "1503": "wolf_1", "0803": "wolf_2"}
    state = position(game, where)
    shortcuts = []
    real = StackingOutlook._by_what_it_touches

    def counted(self, y, start, full_look):
        look = real(self, y, start, full_look)
        shortcuts.append(look is not full_look)
        return look

    monkeypatch.setattr(StackingOutlook, "_by_what_it_touches", counted)
    listed = game.legal_actions(state.copy())
    assert any(shortcuts)
    monkeypatch.setattr(StackingOutlook, "_by_what_it_touches", lambda self, y, start, full_look: full_look)
    assert listed == game.legal_actions(state.copy())
    far_wolf = [a for a in listed if isinstance(a, Move) and tuple(a.counters) == ("wolf_1",)]
    assert len(far_wolf) > 30  # the far wolf may go anywhere it reaches: the way out stays open


def test_a_move_event_is_worded_only_when_read_and_reads_as_before(monkeypatch):
    """B-6 moves are the most frequent event: issue 15 asks that no event text be built unless
    asked. A move's event says who moved where along which path when a log reads it, and
    prints, compares and pickles as a plain Event; applied and never read, nothing is worded."""
    import pickle

    from bofa_studio.rules.bofa1984 import handlers
    from bofa_studio.rules.core import Event

    board = plain_board(12, 3)
    game = make_game(board)
    worded = []
    real_label = game.cb.label
    monkeypatch.setattr(game.cb, "label", lambda h: worded.append(h) or real_label(h))
    state = position(game, {"0102": "azug_goblin_scimitar_1"})
    (event,) = handlers.TRUSTED[Move](game, state, Move(("azug_goblin_scimitar_1",), game.board.hex_at("0302")))
    assert worded == []
    path = event.data["path"]
    assert event.text.endswith("move to 0302") and path[0] == "0102" and path[-1] == "0302" and len(path) == 3
    assert worded  # worded now, once read
    plain = Event("move", event.text, event.data)
    assert event == plain and plain == event and hash(event) == hash(plain)
    assert pickle.loads(pickle.dumps(event)) == plain and repr(event) == repr(plain)
