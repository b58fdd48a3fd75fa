"""One test (or a few) per section of the Helm's Deep rulebook, each quoting the sentence it checks."""

import pytest
from helmsdeep_helpers import game_on, moves, position, shipped, shipped_game, targets, unit, wall_board

from bofa_studio.board import Terrain
from bofa_studio.rules.core import CHANCE, RuleError
from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep import combat, ladders
from bofa_studio.rules.helmsdeep.game import FIRST_PHASES, SECOND_PHASES

S, R = "saruman", "rohan"


# -- II 2.1 The game plan ---------------------------------------------------------------------
def test_2_1_hex_names_on_the_shipped_board():
    """"the hex field representing the Hornburg would be F-11 and the two hexes of the passage in the
    outer wall would be F-5 and G-5.\""""
    _, board = shipped()
    assert board.terrain(board.hex_at("F-11")) == Terrain.HORNBURG
    for label in ("F-5", "G-5"):
        h = board.hex_at(label)
        assert board.terrain(h) not in (Terrain.WALL, Terrain.CLIFF)
        assert sum(board.terrain(n) == Terrain.WALL or board.label(n) in ("F-5", "G-5") for n in board.neighbors(h)) >= 2


def test_2_1_cliffs_close_all_but_the_north_and_the_southernmost_hex():
    """"surrounded by steep mountain cliffs, with the exception of the northern side ... and the
    southernmost hex, where the Klammbach flows into the gorge.\""""
    _, board = shipped()
    open_edges = {board.label(h) for h in board.hexes() if not board.is_space(h) and board.is_on_edge(h)
                  and board.terrain(h) != Terrain.CLIFF and board.grid.to_offset(h)[1] != 0}
    side_edges = {label for label in open_edges if board.grid.to_offset(board.hex_at(label))[0] in (0, 10)}
    assert open_edges - side_edges == {"E-17"}
    assert board.terrain(board.hex_at("E-17")) == Terrain.STREAM
    # The outer wall reaches A-6 and K-6, so the board's sides are open down to it; south of it, cliffs.
    assert all(board.grid.to_offset(board.hex_at(label))[1] < 12 for label in side_edges)


# -- III Round sequence --------------------------------------------------------------------------
def test_iii_saruman_moves_first_and_the_phases_follow_in_order():
    """"The player leading Saruman's forces always moves first each round" ... remove ladders,
    destruction, ladder storming, ladder erection, movement, close combat, distance combat; then the
    second player: knocking down ladders, movement, close combat, distance combat."""
    game = shipped_game()
    state = game.new_initial_state(3)
    game.apply(state, A.PlaceDefault())
    assert state.round == 1 and state.phase == "saruman.movement"  # nothing to remove, blow, storm or set up
    seen = [state.phase]
    while state.round == 1:
        game.apply(state, A.EndPhase())
        while game.current_player(state) == CHANCE:
            game.apply(state, game.sample_chance(state))
        seen.append(state.phase)
    order = [f"saruman.{p}" for p in FIRST_PHASES] + [f"rohan.{p}" for p in SECOND_PHASES]
    assert [order.index(p) for p in seen[:-1]] == sorted(order.index(p) for p in seen[:-1])
    assert state.round == 2 and seen[-1].startswith("saruman.")


# -- IV Movement ---------------------------------------------------------------------------------
def _open_ground():
    board = wall_board()
    return game_on(board, [unit("u", S, 3), unit("f", S, 3), unit("e", R, 3)]), board


def test_iv_movement_points_limit_the_move():
    """"Each unit can move as many hexes as desired, up to the number of movement points it has.\""""
    game, board = _open_ground()
    state = position(game, "saruman.movement", {"u": "A-5", "e": "G-9"})
    reach = moves(game, state, "u")
    far = {board.label(h) for h in board.hexes() if h.distance(board.hex_at("A-5")) <= 4
           and board.terrain(h) == Terrain.PLAIN and board.grid.to_offset(h)[0] < 3} - {"A-5"}
    assert reach == far


def test_iv_road_costs_half_a_point():
    """"The movement cost to enter a road hex is ½ movement point if you move into that hex from another road hex.\""""
    game = shipped_game()
    state = position(game, "saruman.movement", {"dunlending-sword-54-1": "F-1", "roh-passage-1": "A-1"})
    # Eight road hexes F-2..F-9 for four points; the ninth (F-10) is next to nothing but still on the road.
    assert "F-9" in moves(game, state, "dunlending-sword-54-1")


def test_iv_no_unit_ends_on_another():
    """"A unit can move through (over) its own units but may not end up in a hex of its own unit at the
    end of the turn. A unit that would end up in a hex already occupied by one of your own units at the
    end of the turn is removed from the board." The engine refuses such a move rather than destroy the unit."""
    game, _ = _open_ground()
    state = position(game, "saruman.movement", {"u": "A-5", "f": "A-6", "e": "G-9"})
    reach = moves(game, state, "u")
    assert "A-6" not in reach and "A-7" in reach
    with pytest.raises(RuleError, match="removed from the board"):
        game.apply(state, A.Move("u", "A-6"))


def test_iv_area_of_control_stops_a_move_but_not_across_a_wall():
    """"Your unit must stop if it touches a hex occupied by an enemy unit." ... "The area of control does
    not extend to the hexes, up the wall, or down the wall.\""""
    game, _ = _open_ground()
    state = position(game, "saruman.movement", {"u": "A-5", "e": "B-7"})
    reach = moves(game, state, "u")
    assert "A-6" in reach and not {"A-7", "A-8"} & reach  # A-6 touches B-7: stop there
    on_wall = position(game, "saruman.movement", {"u": "C-3", "e": "D-5"})
    assert "C-7" in moves(game, on_wall, "u")  # walking along the wall's foot past e


def test_iv_no_climbing_without_a_ladder_or_an_open_gate():
    """"No unit may "climb the wall" into a hex if there is no open gate or constructed ladder in the hex
    field." ... "Any unit may climb down the wall by spending all four of its movement points".\""""
    game, _ = _open_ground()
    state = position(game, "saruman.movement", {"u": "C-5", "f": "D-2", "e": "G-9"})
    assert not any(label.startswith("D-") for label in moves(game, state, "u"))
    jumps = {"C-1", "C-2", "E-1", "E-2"}
    assert jumps <= moves(game, state, "f") and "C-3" not in moves(game, state, "f")  # a jump is the whole move
    assert {"D-1", "D-3", "D-6"} <= moves(game, state, "f")  # walking along the wall is ordinary
    laddered = position(game, "saruman.movement", {"u": "C-5", "e": "G-9"}, ladders=[("D-5", "C-5")])
    assert "D-5" in moves(game, laddered, "u")


def test_iv_e_gates_bar_only_the_first_player():
    """"E. Gate hexes do not restrict the movement of the second player, but may not be passed through by
    the first player unless the gates have been destroyed by bombs or attacks.\""""
    game = shipped_game()
    pos = {"dunlending-sword-54-1": "F-13", "roh-sword-1": "F-14"}
    state = position(game, "saruman.movement", pos)
    assert "F-12" not in moves(game, state, "dunlending-sword-54-1")
    rohan = position(game, "rohan.movement", {"roh-sword-1": "F-13"})
    assert "F-12" in moves(game, rohan, "roh-sword-1")
    blown = position(game, "saruman.movement", pos, gates_down={"F-12/F-13"})
    assert "F-12" in moves(game, blown, "dunlending-sword-54-1")


def test_iv_the_road_tunnel_is_entered_only_from_f10_or_e10_through_the_big_gates():
    """"The two hexes of the road tunnel can only be entered via the hex F-10 or E-10, through the "big gates".\""""
    _, board = shipped()
    mouths = {board.label(n) for s in ("Tunnel-1", "Tunnel-2") for n in board.neighbors(board.hex_at(s))}
    assert mouths - {"Tunnel-1", "Tunnel-2"} == {"F-10", "E-10"}
    game = shipped_game()
    state = position(game, "saruman.movement", {"uruk-sword-44-1": "F-9"})
    assert "Tunnel-1" not in moves(game, state, "uruk-sword-44-1")
    blown = position(game, "saruman.movement", {"uruk-sword-44-1": "F-9"}, gates_down={"F-10/Tunnel-1"})
    assert {"Tunnel-1", "Tunnel-2"} <= moves(game, blown, "uruk-sword-44-1")
    # "They are considered separate terrain pieces from F-11 and F-12": a unit below is not on F-11.
    assert board.level(board.hex_at("Tunnel-1")) != board.level(board.hex_at("F-11"))


def test_iv_the_culvert_rolls_for_the_first_player_going_south():
    """"To move into hex F-11, the First Player must roll a 1, 2, 3 or 4 ... a 1, 2 or 3 to move into hex
    F-12 and a 1 or 2 to move out of the passage into hex F-13." ... "Movement from south to north is not
    restricted for the first player.\""""
    game = shipped_game()
    uruk = "uruk-sword-44-1"
    for place, to, need in (("G-10", "Culvert-1", 4), ("Culvert-1", "Culvert-2", 3), ("Culvert-2", "F-13", 2)):
        for roll in (need, need + 1):
            state = position(game, "saruman.movement", {uruk: place})
            assert to not in moves(game, state, uruk)
            game.apply(state, A.Wade(uruk, to))
            assert game.current_player(state) == CHANCE
            game.apply(state, A.Roll(roll))
            assert state.pos[uruk] == (to if roll <= need else place)
    north = position(game, "saruman.movement", {uruk: "F-13"})
    assert {"Culvert-2", "Culvert-1", "G-10"} <= moves(game, north, uruk)
    rohan = position(game, "rohan.movement", {"roh-sword-1": "G-10"})
    assert "F-13" in moves(game, rohan, "roh-sword-1")  # "The second player can consider it as free terrain"


def test_vii_theoden_may_not_be_moved():
    """"The 5-4 Theoden unit is placed on the Hornburg and may not be moved from there during the game.\""""
    game = shipped_game()
    state = position(game, "rohan.movement", {"roh-theoden": "F-11"})
    assert moves(game, state, "roh-theoden") == set()


# -- V 5.1 Close combat ------------------------------------------------------------------------
def test_5_1_terrain_modifiers_reduce_the_attack():
    """"If the attacking unit is in the moat hex, its attack strength is reduced by 2 points. ... in the
    Klammbach hex ... by 1 point. ... in the F-4 hex ... by 3 points.\""""
    game = shipped_game()
    state = position(game, "saruman.close_combat", {"m": "E-3", "s": "G-4", "r": "F-4", "p": "F-3"})
    game.units.update({k: game.units["dunlending-sword-54-1"] for k in "msrp"})
    for place, expected in (("m", 3), ("s", 4), ("r", 2), ("p", 5)):
        assert combat.attack_strength(game, state, (place,), storm=False) == expected


def test_5_1_a_road_hex_is_open_terrain_for_combat():
    """"If the attacking unit is in the road hex, it is considered open terrain for combat purposes."
    E-16 is both Klammbach and road: no -1 there."""
    game = shipped_game()
    state = position(game, "saruman.close_combat", {"a": "E-16", "b": "F-16"})
    game.units.update({k: game.units["dunlending-sword-54-1"] for k in "ab"})
    assert combat.attack_strength(game, state, ("a",), False) == 5
    assert combat.attack_strength(game, state, ("b",), False) == 4


def test_5_1_any_number_of_adjacent_units_may_combine():
    """"Two or more of your own units can combine their attack strength in battle if they are in the
    adjacent field of the attacked enemy unit.\""""
    game = game_on(wall_board(), [unit(k, S, 2) for k in "abcdfg"] + [unit("e", R, 3)])
    ring = {"a": "B-4", "b": "B-6", "c": "A-4", "d": "A-5", "f": "C-4", "g": "C-5"}
    state = position(game, "saruman.close_combat", {**ring, "e": "B-5"})
    six = A.Attack(tuple(sorted(ring)), "e")
    assert six in game.legal_actions(state)
    assert combat.superiority(game, state, six.attackers, "e", "close") == 12 - 3


def test_5_1_one_attack_per_unit_and_per_target():
    """"No enemy unit can be attacked more than once per combat phase, nor can a friendly unit attack more
    than once per combat phase.\""""
    game, _ = _open_ground()
    state = position(game, "saruman.close_combat", {"u": "A-5", "f": "B-5", "e": "A-6"})
    game.apply(state, A.Attack(("u",), "e"))
    game.apply(state, A.Roll(4))  # AR1 or nothing at +0: e stays
    assert "e" not in {a.target for a in game.legal_actions(state) if isinstance(a, A.Attack)}


def test_5_1_no_close_combat_at_the_foot_of_a_wall():
    """"Under no circumstances can units engage enemy units in close combat that are at the foot of a castle wall.\""""
    game, _ = _open_ground()
    state = position(game, "saruman.close_combat", {"u": "C-5", "e": "D-5"})
    assert targets(game, state, "u") == set()


def test_5_1_gates_bar_the_first_players_attacks_only():
    """"The First Player may never attack an enemy unit on the other side of a gate hex unless the gate has
    been destroyed. The second player, on the other hand, can always attack an enemy unit on the other
    side of a gate hex.\""""
    game = shipped_game()
    pos = {"dunlending-sword-54-1": "F-13", "roh-sword-3": "F-12"}
    assert "roh-sword-3" not in targets(game, position(game, "saruman.close_combat", pos), "dunlending-sword-54-1")
    assert "dunlending-sword-54-1" in targets(game, position(game, "rohan.close_combat", pos), "roh-sword-3")
    blown = position(game, "saruman.close_combat", pos, gates_down={"F-12/F-13"})
    assert "roh-sword-3" in targets(game, blown, "dunlending-sword-54-1")


# -- V 5.2 Ladder storming -----------------------------------------------------------------------
def test_5_2_a_successful_storm_scores_30_and_lets_an_attacker_onto_the_wall():
    """"The ladder storming is successful if at the end of the fight the castle wall hex is free of the
    defending unit. If the first player is successful, he can move one of the attacking units into the
    castle wall hex" (8.2: "a successful ladder storming he gets 30 points").\""""
    game, _ = _open_ground()
    state = position(game, "saruman.ladder_storm", {"u": "C-5", "e": "D-5"}, ladders=[("D-5", "C-5")])
    game.apply(state, A.Attack(("u",), "e", True))
    game.apply(state, A.Roll(1))  # +3 - 1 - 3 = -1: VR1, and a unit on a wall does not retreat
    assert state.pos["e"] == "D-5" and state.points == 0
    strong = position(game, "saruman.ladder_storm", {"u": "C-5", "e": "D-5"}, ladders=[("D-5", "C-5")])
    game.units["u"] = game.units["u"].__class__("u", S, "", "sword", 9, 4)
    game.apply(strong, A.Attack(("u",), "e", True))
    game.apply(strong, A.Roll(1))
    assert "e" not in strong.pos and strong.points == 30
    game.apply(strong, A.Advance("u"))
    assert strong.pos["u"] == "D-5"
    assert "u" in strong.stormed  # "A unit involved in a ladder charge cannot move or engage in close combat this round."


def test_5_2_the_hornburg_cannot_be_stormed_or_laddered():
    """"The two hexes of the Hornburg cannot be attacked by a ladder attack. This can only happen through the gates.\""""
    game = shipped_game()
    for foot in ("F-10", "E-10", "G-10"):
        assert not {"F-11", "F-12"} & set(ladders.ladder_faces(game, foot))
    assert "E-11" in ladders.ladder_faces(game, "E-10")


# -- V Long-range combat -------------------------------------------------------------------------
def test_v_archers_use_shooting_strength_as_superiority():
    """"An archer unit with a shooting strength of 2 uses the +2 attack superiority column, while 2 such
    units attacking together would use the +4 column\""""
    game, _ = _open_ground()
    assert combat.superiority(game, None, ("u", "f"), "e", "fire") == 6  # two 3s


def test_v_archers_never_shoot_into_the_hornburg_or_past_two_wall_faces():
    """"Units in the Hornburg, regardless of the level, can never be attacked by archers" ... "they cannot
    attack units that are beyond two severing castle wall hex sides.\""""
    game = shipped_game()
    archer = "uruk-archer-14-1"
    state = position(game, "saruman.ranged_combat", {archer: "F-9", "roh-theoden": "F-11", "roh-sword-1": "E-11"})
    assert targets(game, state, archer) == {"roh-sword-1"}
    across = position(game, "saruman.ranged_combat", {archer: "E-10", "roh-sword-6": "E-12"})
    assert combat.walls_crossed(game, "E-10", "E-12") == 2 and targets(game, across, archer) == set()


# -- V Combat result table and retreats --------------------------------------------------------
def test_v_printed_rows_of_the_combat_result_table():
    """Die roll 1: "VR1 VR1 VR2 VR3 X X X X X"; die roll 2: "· VR1 VR1 VR2 VR3 X X X X"; row 3 starts "·"."""
    game = shipped_game()
    assert [str(game.table.result(c, 1)) for c in range(-1, 8)] == "VR1 VR1 VR2 VR3 X X X X X".split()
    assert [str(game.table.result(c, 2)) for c in range(-1, 8)] == "· VR1 VR1 VR2 VR3 X X X X".split()
    assert str(game.table.result(-1, 3)) == "·"
    assert game.table.provenance[1].printed and not game.table.provenance[4].printed


def test_v_the_winner_chooses_the_retreat_and_walls_hold():
    """"The winner of a battle determines the retreat route." ... "If the unit being retreated is on a
    castle wall hex or in the Hornburg, the unit does not retreat\""""
    game, _ = _open_ground()
    state = position(game, "saruman.close_combat", {"u": "A-5", "f": "B-6", "e": "A-6"})
    game.apply(state, A.Attack(("u", "f"), "e"))
    game.apply(state, A.Roll(1))  # +3: X
    assert "e" not in state.pos
    state = position(game, "saruman.close_combat", {"u": "A-5", "e": "A-6"})
    game.apply(state, A.Attack(("u",), "e"))
    game.apply(state, A.Roll(1))  # +0: VR1
    assert game.current_player(state) == S
    options = {a.to for a in game.legal_actions(state)}
    assert options and "A-4" not in options  # never next to the winner (its area of control)
    game.apply(state, A.Retreat("e", sorted(options)[0]))
    assert state.pos["e"] == sorted(options)[0]


def test_v_a_unit_with_no_retreat_is_destroyed():
    """"If no other route is possible other than the 4 above restrictions, the unit is destroyed instead.\""""
    game = game_on(wall_board(cliffs=("A-6", "B-7")), [unit("u", S, 3), unit("f", S, 3), unit("e", R, 3)])
    state = position(game, "saruman.close_combat", {"u": "A-8", "f": "B-8", "e": "A-7"})
    game.apply(state, A.Attack(("u",), "e"))
    game.apply(state, A.Roll(1))  # VR1, but every hex around e is a cliff or held
    assert state.gone.get("e") == "destroyed"


# -- VI Ladders ------------------------------------------------------------------------------
def test_vi_ladders_go_up_on_1_to_3_and_fall_on_1_to_4():
    """"If the result is a 1, 2 or 3, the unit was successful" ... "On a 1, 2, 3 or 4, this is successful
    and the token with the ladder is removed from the board.\""""
    game, _ = _open_ground()
    for roll in range(1, 7):
        state = position(game, "saruman.ladder_erection", {"u": "C-5", "e": "G-9"})
        game.apply(state, A.TryLadder("u", "D-5"))
        game.apply(state, A.Roll(roll))
        assert (state.ladders == [("D-5", "C-5")]) == (roll <= 3)
        knock = position(game, "rohan.knock_down", {"u": "C-5", "e": "D-5"}, ladders=[("D-5", "C-5")])
        game.apply(knock, A.KnockDown("e", "D-5", "C-5"))
        game.apply(knock, A.Roll(roll))
        assert (knock.ladders == []) == (roll <= 4)


def test_vi_eight_ladders_at_most_and_two_per_hexside():
    """"The First Player may never use more than eight ladders at the same time" ... "two ladders on each
    adjacent castle wall hex side if attempts were successful in different ladder deployment phases.\""""
    game, _ = _open_ground()
    two = position(game, "saruman.ladder_erection", {"u": "C-5", "e": "G-9"}, ladders=[("D-5", "C-5")] * 2)
    assert A.TryLadder("u", "D-5") not in game.legal_actions(two)
    eight = position(game, "saruman.ladder_erection", {"u": "C-5", "e": "G-9"},
                     ladders=sorted((f"D-{r}", f"C-{r}") for r in range(1, 9)))
    assert not [a for a in game.legal_actions(eight) if isinstance(a, A.TryLadder)]


# -- VI Bombs and gates ----------------------------------------------------------------------
def test_vi_bombs_come_on_their_rounds_and_alone_open_the_big_gates():
    """"The bombs are available from the rounds shown on the time table and may not be used before then."
    "Bombs are the only means of destroying the large gates at the ends of the road tunnel\""""
    game = shipped_game()
    uruk = "uruk-sword-44-1"
    early = position(game, "saruman.destruction", {uruk: "F-10"}, round_=7)
    assert not [a for a in game.legal_actions(early) if isinstance(a, A.Detonate)]
    late = position(game, "saruman.destruction", {uruk: "F-10"}, round_=8)
    assert A.Detonate("F-10/Tunnel-1") in game.legal_actions(late)
    melee = position(game, "saruman.close_combat", {uruk: "F-10"})
    assert not any(t.startswith("gate:") and "Tunnel" in t for t in targets(game, melee, uruk))


def test_vi_light_gates_have_strength_1_and_fall_only_on_x():
    """"Gates have a melee strength of 1 and are attacked like an enemy unit. Gates cannot retreat and are
    only destroyed if the result on the combat result table is an X.\""""
    game = shipped_game()
    uruk = "uruk-sword-24-1"  # 2 - 1 = +1: roll 1 is VR2, never X
    for roll, down in ((1, False), (6, False)):
        state = position(game, "saruman.close_combat", {uruk: "F-13"})
        game.apply(state, A.Attack((uruk,), "gate:F-12/F-13"))
        game.apply(state, A.Roll(roll))
        assert ("F-12/F-13" in state.gates_down) == down
    strong = position(game, "saruman.close_combat", {"dunlending-sword-54-1": "F-13"})
    game.apply(strong, A.Attack(("dunlending-sword-54-1",), "gate:F-12/F-13"))
    game.apply(strong, A.Roll(1))  # +4: X
    assert "F-12/F-13" in strong.gates_down


def test_vi_a_gate_opens_when_the_first_player_holds_both_sides():
    """"Once First Player units occupy both sides of a gate hex, the gate is opened and remains open to
    First Player units until Second Player units move into a gate hex and close it again.\""""
    game = shipped_game()
    state = position(game, "saruman.movement", {"a": "F-12", "b": "F-14", "r": "G-12"})
    for k in "abr":
        game.units[k] = game.units["dunlending-sword-54-1" if k != "r" else "roh-sword-1"]
    game.apply(state, A.Move("b", "F-13"))
    assert "F-12/F-13" in state.gates_open
    state.phase = "rohan.movement"
    state.moved.clear()
    del state.pos["a"]
    game.apply(state, A.Move("r", "F-12"))
    assert "F-12/F-13" not in state.gates_open


# -- VII Game line-up ----------------------------------------------------------------------------
def test_vii_rohan_sets_up_where_the_rules_say():
    """"TWO 3-4 ... must be set in hex F-5 and G-5. ONE 2-4 archer unit must be set in hex F-6. ... All other
    units must move to the castle wall hex, inside the Hornburg or south of the hex line from B-13 through
    F-11 to I-12.\""""
    game = shipped_game()
    state = game.new_initial_state(1)
    first = game.legal_actions(state)
    assert A.Place("roh-passage-1", "F-5") in first
    assert not [a for a in first if isinstance(a, A.Place) and a.to != "F-5"]
    for u in game.setup_order[:4]:
        game.apply(state, A.Place(u, game.required[u]))
    places = {a.to for a in game.legal_actions(state) if isinstance(a, A.Place)}
    assert "E-17" in places and "D-12" in places and "F-8" not in places


def test_vii_reinforcements_enter_at_the_northern_edge_in_their_round():
    """"The first player's reinforcements come into play at the northern edge of the game board. The first
    full hex is counted as the first movement point.\""""
    game = shipped_game()
    state = game.new_initial_state(1)
    game.apply(state, A.PlaceDefault())
    entering = moves(game, state, "dunlending-sword-54-1")
    assert entering and all(game.ground.hex[p].distance(game.ground.hex["F-1"]) <= 10 for p in entering)
    rows = {int(p.split("-")[1]) for p in entering}
    assert max(rows) == 4  # the first hex is a point: rows 1-4 with four points
    assert moves(game, state, "dunlending-sword-54-3") and not moves(game, state, "uruk-sword-44-3")  # round 3's


# -- VIII Victory ----------------------------------------------------------------------------------
def test_8_2_theoden_and_pushing_off_at_e17_score():
    """"If the First Player destroys the Theoden unit before the end of the game, he gets 25 points."
    "For each unit that the First Player pushes off the field via hex E-17, he gets 10 points.\""""
    game = shipped_game()
    state = position(game, "saruman.close_combat", {"dunlending-sword-54-1": "E-16", "roh-sword-6": "E-17",
                                                   "roh-theoden": "F-11"})
    game.apply(state, A.Attack(("dunlending-sword-54-1",), "roh-sword-6"))
    game.apply(state, A.Roll(2))  # 5 - 3 = +2: VR2
    assert A.Retreat("roh-sword-6", "off") in game.legal_actions(state)
    game.apply(state, A.Retreat("roh-sword-6", "off"))
    assert state.points == 10 and state.gone["roh-sword-6"] == "exited"
    # Theoden falls to an attack through the blown tower gate: 25, and with him the last unit: 75 more
    # ("If the first player manages to destroy all enemy units ... he gets 75 points plus the 25 points").
    giant = game.units["dunlending-sword-54-1"].__class__("giant", S, "", "sword", 9, 4)
    game.units["giant"] = giant
    state.pos["giant"] = "F-12"
    state.gates_down.add("F-11/F-12")
    game.apply(state, A.Attack(("giant",), "roh-theoden"))
    game.apply(state, A.Roll(1))  # 9 - 5 = +4: X
    assert state.gone["roh-theoden"] == "destroyed"
    assert game.is_terminal(state) and state.points == 10 + 25 + 75
    assert game.result(state)["level"] == "Superior victory for Saruman"


@pytest.mark.parametrize(("points", "level"), [(110, "Superior victory for Saruman"), (100, "Tactical victory of Saruman"),
                                               (75, "Tactical victory of Saruman"), (70, "Draw"), (45, "Draw"),
                                               (40, "Tactical victory for Theoden"), (10, "Superior victory for Theoden")])
def test_8_3_victory_levels(points, level):
    """"Superior victory for Saruman: over 100 points. Tactical victory of Saruman: between 75 and 100
    points. Draw: between 45 and 70 points. Tactical victory for Theoden: between 15 and 40 points.
    Superior victory for Theoden: 10 points or less.\""""
    assert shipped_game().levels.level(points)[0] == level


def test_vi_f_a_ladder_is_removed_only_with_a_friend_beside_it():
    """"A friendly unit must be in the adjacent hex where the ladder is located in order to remove the ladder.\""""
    game, _ = _open_ground()
    alone = position(game, "saruman.remove_ladders", {"u": "A-9", "e": "G-9"}, ladders=[("D-5", "C-5")])
    assert not [a for a in game.legal_actions(alone) if isinstance(a, A.RemoveLadder)]
    beside = position(game, "saruman.remove_ladders", {"u": "C-5", "e": "G-9"}, ladders=[("D-5", "C-5")])
    game.apply(beside, A.RemoveLadder("D-5", "C-5"))
    assert beside.ladders == []


def test_5_2_a_storm_starts_at_the_foot_of_its_ladder_once_a_turn():
    """"The unit conducting a ladder assault must begin at the base of the ladder." "No unit may perform a
    ladder storming more than once per turn.\""""
    game, _ = _open_ground()
    pos = {"u": "C-5", "f": "C-6", "e": "D-5"}
    state = position(game, "saruman.ladder_storm", pos, ladders=[("D-5", "C-5")])
    storms = {a.attackers for a in game.legal_actions(state) if isinstance(a, A.Attack)}
    assert storms == {("u",)}  # f stands beside the wall hex too, but at no ladder
    game.apply(state, A.Attack(("u",), "e", True))
    game.apply(state, A.Roll(6))
    assert not [a for a in game.legal_actions(state) if isinstance(a, A.Attack) and "u" in a.attackers]
    state.phase, state.fought = "saruman.close_combat", set()
    assert "u" not in {x for a in game.legal_actions(state) if isinstance(a, A.Attack) for x in a.attackers}


def test_v_archers_fire_only_at_range_and_only_together_when_both_reach():
    """"Archer units are prohibited from engaging in close combat" ... "Multiple units can combine their attack
    strength, but the attacked unit must always be within firing range of both units.\""""
    game = game_on(wall_board(), [unit("a", S, 2, "archer", rng=3), unit("b", S, 2, "archer", rng=2),
                                  unit("e", R, 3), unit("n", R, 3)])
    state = position(game, "saruman.ranged_combat", {"a": "A-1", "b": "A-2", "e": "A-4", "n": "B-1"})
    fires = {(f.archers, f.target) for f in game.legal_actions(state) if isinstance(f, A.Fire)}
    assert (("a",), "e") in fires and (("b",), "e") in fires and (("a", "b"), "e") in fires
    far = position(game, "saruman.ranged_combat", {"a": "A-2", "b": "A-1", "e": "A-5"})
    fires = {(f.archers, f.target) for f in game.legal_actions(far) if isinstance(f, A.Fire)}
    assert fires == {(("a",), "e")}  # A-5 is 3 hexes from a (range 3) and 4 from b (range 2)
    close = position(game, "saruman.close_combat", {"a": "A-1", "n": "B-1"})
    assert targets(game, close, "a") == set()  # n is adjacent, but archers do not fight hand to hand
