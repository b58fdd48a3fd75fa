"""The rulebook's two worked examples ("Example moves"), on a board with one castle wall (column D)."""

from helmsdeep_helpers import game_on, moves, position, targets, unit, wall_board

from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep import combat

S, R = "saruman", "rohan"


def _example_1():
    # W on the wall between A and B; Z at the foot of a ladder onto D-5, next to B (D-4) and C (D-6);
    # W's feet: the cliffs leave only E-3, beside Y.
    board = wall_board(cliffs=("C-2", "C-3", "E-2"))
    game = game_on(board, [unit("W", S, 4), unit("Y", S, 4), unit("Z", S, 4),
                           unit("A", R, 3), unit("B", R, 3), unit("C", R, 3)])
    pos = {"W": "D-3", "Y": "E-4", "Z": "E-5", "A": "D-2", "B": "D-4", "C": "D-6"}
    return game, pos


def test_example_1_first_player():
    """"Unit Z can move onto the castle wall next to B and C. W can only jump down the wall to unit Y,
    but nowhere else. If unit Z moves, it could attack either B or C, or both. W can attack A or B if
    she does not move. If she does move, she cannot attack.\""""
    game, pos = _example_1()
    ladders = [("D-5", "E-5")]
    state = position(game, "saruman.movement", pos, ladders=ladders)
    assert "D-5" in moves(game, state, "Z")
    assert moves(game, state, "W") == {"E-3"}
    game.apply(state, A.Move("Z", "D-5"))
    game.apply(state, A.EndPhase())
    assert state.phase == "saruman.close_combat"
    assert {"B", "C"} <= targets(game, state, "Z")
    assert targets(game, state, "W") == {"A", "B"}
    jumped = position(game, "saruman.close_combat", {**pos, "W": "E-3"}, ladders=ladders)
    assert targets(game, jumped, "W") == set()


def test_example_1_second_player():
    """"The second player's move: Units A and B can both attack W. Unit C can attack any of the enemy units.\""""
    game, pos = _example_1()
    state = position(game, "rohan.close_combat", {**pos, "Z": "D-5"})
    assert "W" in targets(game, state, "A") and "W" in targets(game, state, "B")
    assert "Z" in targets(game, state, "C")
    assert (("A", "B"), "W") in combat.close_attacks(game, state, R)


def _example_2():
    board = wall_board()
    game = game_on(board, [unit("W", S, 5), unit("X", S, 4), unit("U", S, 4), unit("V", S, 4),
                           unit("A", R, 3), unit("B", R, 3), unit("C", R, 2, "archer"), unit("D", R, 3)])
    pos = {"W": "E-4", "X": "E-5", "C": "D-5", "U": "C-2", "A": "D-1", "B": "D-3", "V": "C-7", "D": "D-7"}
    ladders = sorted([("D-5", "E-4"), ("D-5", "E-5"), ("D-2", "C-2")])
    return game, pos, ladders


def test_example_2_ladder_charge_at_plus_six_needs_one_to_four():
    """"Units W and X can attack C with a +6 via a ladder charge, requiring a 1, 2, 3 or 4 to succeed.\""""
    game, pos, ladders = _example_2()
    state = position(game, "saruman.ladder_storm", pos, ladders=ladders)
    charge = A.Attack(("W", "X"), "C", True)
    assert charge in game.legal_actions(state)
    assert combat.superiority(game, state, ("W", "X"), "C", "storm") == 6
    for roll in range(1, 7):
        trial = state.copy()
        game.apply(trial, charge)
        game.apply(trial, A.Roll(roll))
        assert ("C" not in trial.pos) == (roll <= 4), roll


def test_example_2_climb_and_the_unit_that_cannot_attack():
    """"U can climb the castle wall hex and engage either A or B in close combat. ... The V unit cannot
    attack at all." (Y and Z's part needs the lost diagram's geometry and is not reproduced.)"""
    game, pos, ladders = _example_2()
    state = position(game, "saruman.movement", pos, ladders=ladders)
    assert "D-2" in moves(game, state, "U")
    game.apply(state, A.Move("U", "D-2"))
    assert moves(game, state, "U") == set()  # the climb was U's whole move
    game.apply(state, A.EndPhase())
    assert targets(game, state, "U") == {"A", "B"}
    assert targets(game, state, "V") == set()


def test_example_2_second_player():
    """"Unit C can attempt to knock over either ladder leaning against its castle wall hex ... A and B
    could attack U if U has moved to the wall.\""""
    game, pos, ladders = _example_2()
    state = position(game, "rohan.knock_down", {**pos, "U": "D-2"}, ladders=ladders)
    tries = [a for a in game.legal_actions(state) if isinstance(a, A.KnockDown)]
    assert {(a.wall, a.foot) for a in tries if a.unit == "C"} == {("D-5", "E-4"), ("D-5", "E-5")}
    game.apply(state, next(a for a in tries if a.unit == "C"))
    game.apply(state, A.Roll(6))
    # VI J: "the second player may only attempt to knock over one of the two ladders per turn".
    assert not any(isinstance(a, A.KnockDown) and a.wall == "D-5" for a in game.legal_actions(state))
    combat_state = position(game, "rohan.close_combat", {**pos, "U": "D-2"}, ladders=ladders)
    assert "U" in targets(game, combat_state, "A") and "U" in targets(game, combat_state, "B")
