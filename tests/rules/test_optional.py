"""The optional rules O-1..O-9, each a named option, each test quoting its section."""

from __future__ import annotations

from bofa_helpers import make_game, nb, plain_board, position

from bofa_studio.rules.bofa1984.actions import Attack, DieRoll, EndPhase, Move, Place
from bofa_studio.rules.bofa1984.combat import strength
from bofa_studio.rules.bofa1984.losses import hit
from bofa_studio.rules.bofa1984.sequence import begin_kind
from bofa_studio.rules.bofa1984.stacking import stacking_problem
from bofa_studio.rules.core import CHANCE


def test_o1_bats_remove_reduced_counters_on_1_to_3_or_1_to_2_with_a_leader_never_with_gandalf():
    """O-1: "At the start of each Dark player's fire phase ... On a die result of 1-3 the counters with
    half combat strength are removed ... stacked with a corresponding leader ... a 1 or 2 ...
    Reduced counters that are stacked with Gandalf cannot be attacked by bats." """
    board = plain_board(6, 6)
    game = make_game(board, o1_bat_attack=True)
    state = position(game, {"0101": "elf_archer_1", "0303": ["elf_archer_2", "thranduil"],
                            "0505": ["dwarf_axeman_1", "gandalf"]},
                     reduced=("elf_archer_1", "elf_archer_2", "dwarf_axeman_1"), stage="move")
    begin_kind(game, state, "fire")
    assert game.current_player(state) == CHANCE
    game.apply(state, DieRoll(3))
    assert "elf_archer_1" not in state.pos
    game.apply(state, DieRoll(3))
    assert "elf_archer_2" in state.pos and "dwarf_axeman_1" in state.pos and state.stage == "fire"


def test_o2_seats_say_who_commands_what():
    """O-2: a third player commands the goblins over the mountain; with four, one Free Peoples player
    has the Elves, Beorn, Gandalf and Bilbo, the other the Dwarves, Men and Giant Eagles."""
    board = plain_board(4, 4)
    two = make_game(board)
    assert two.seats == ["free_peoples", "dark"] and two.seat_of("gurash") == "dark"
    three = make_game(board, o2_three_players=True)
    assert three.seats == ["free_peoples", "dark", "dark_second_wave"]
    assert three.seat_of("osag_goblin_spearman_1") == "dark_second_wave" and three.seat_of("bolg") == "dark"
    four = make_game(board, o2_four_players=True)
    assert {four.seat_of(c) for c in ("elf_archer_1", "beorn", "gandalf", "bilbo")} == {"free_peoples_elves"}
    assert {four.seat_of(c) for c in ("dwarf_axeman_1", "bard", "giant_eagle_1", "thorin")} == {"free_peoples_dwarves"}
    state = position(four, {"0101": "elf_archer_1"}, player="free_peoples")
    assert four.current_seats(state) == ["free_peoples_elves", "free_peoples_dwarves"]


def test_o3_thorin_shifts_the_free_peoples_one_column_once_he_leaves_the_gate():
    """O-3: "The attack and skirmish values are shifted one column to the right ... as soon as Thorin
    leaves the Front Gate hex." """
    from bofa_studio.board.model import Terrain

    board = plain_board(9, 9)
    board.set_terrain(board.hex_at("0505"), Terrain.FRONT_GATE)
    game = make_game(board, o3_thorin=True)
    state = position(game, {"0505": "thorin"}, player="free_peoples")
    game.apply(state, Move(("thorin",), board.hex_at(nb(board, "0505", "S"))))
    assert state.thorin_left
    t = "0202"
    state.stacks.clear()
    state.pos.clear()
    fight = position(game, {t: "wolf_1", nb(board, t, "S"): "dwarf_axeman_1"}, player="free_peoples", stage="combat")
    fight.thorin_left = True
    game.apply(fight, Attack(("dwarf_axeman_1",), board.hex_at(t)))
    assert fight.pending.shift == 1


def test_o4_hysteria_breaks_defenders_who_then_defend_with_1_and_move_at_random():
    """O-4: on an asterisk the defender checks morale with his lower strength; if it fails he is
    hysterical: he defends with 1, and at the start of each friendly MOVE a die gives the direction
    (1 north, 2-6 clockwise, 7-10 no move) and one the distance. Elves cannot become hysterical."""
    board = plain_board(9, 9)
    game = make_game(board, o4_hysteria=True)
    t = "0505"
    state = position(game, {t: "dwarf_axeman_1", nb(board, t, "S"): "azug_goblin_axeman_1"}, stage="combat")
    game.apply(state, Attack(("azug_goblin_axeman_1",), board.hex_at(t)))
    state.pending.strength, state.pending.defence = 7, 7  # column 0, where row 3 carries the asterisk
    game.apply(state, DieRoll(3))
    assert state.die.digest_tag == "hysteria_check"
    game.apply(state, DieRoll(9))  # needs 4 or less (the reduced side of 7)
    assert state.hysteric == {"dwarf_axeman_1"} and state.stage == "combat"
    game.apply(state, EndPhase())
    fp = position(game, {t: "dwarf_axeman_1"}, player="dark", stage="combat")
    fp.hysteric = {"dwarf_axeman_1"}
    fp.phase_player = "free_peoples"
    begin_kind(game, fp, "move")
    assert fp.die.digest_tag == "hysteria_dir"
    game.apply(fp, DieRoll(1))  # north
    game.apply(fp, DieRoll(2))
    assert game.cb.label(fp.pos["dwarf_axeman_1"]) == "0503" and fp.stage == "move"
    assert Move(("dwarf_axeman_1",), board.hex_at("0504")) not in game.legal_actions(fp)
    elf = position(game, {t: "elf_archer_1", nb(board, t, "S"): "azug_goblin_axeman_1"}, stage="combat")
    game.apply(elf, Attack(("azug_goblin_axeman_1",), board.hex_at(t)))
    elf.pending.strength, elf.pending.defence = 7, 7
    game.apply(elf, DieRoll(3))
    assert elf.stage == "combat" and not elf.hysteric


def test_o4_hysterical_units_regroup_only_through_a_leader_with_1():
    """O-4: "They can only be regrouped by a corresponding leader/character, and then only with a
    combat strength value of 1." """
    from bofa_studio.rules.bofa1984 import regroup

    board = plain_board(6, 6)
    game = make_game(board, o4_hysteria=True, s3_regrouping=True)
    state = position(game, {"0202": "dwarf_axeman_1", "0404": ["dwarf_axeman_2", "dain"]})
    state.hysteric = {"dwarf_axeman_1", "dwarf_axeman_2"}
    assert regroup.target(game, state, "dwarf_axeman_1") == 0
    assert regroup.target(game, state, "dwarf_axeman_2") == 1 + 5


def test_o5_goblin_leaders_return_with_half_strength_bolg_does_not():
    """O-5: a killed goblin leader "is brought back into play with half combat strength in the Dark
    player's next movement phase, in a hex with a counter of his tribe. Thuk returns with a combat
    strength of 1. Bolg cannot be brought back." """
    board = plain_board(6, 6)
    game = make_game(board, o5_goblin_leaders=True, s10_leaders=True)
    state = position(game, {"0202": "thuk", "0303": "bolg", "0404": "thuk_goblin_scimitar_1"})
    events = []
    for _ in range(3):
        hit(game, state, "thuk", None, events)
    for _ in range(5):
        hit(game, state, "bolg", None, events)
    assert state.returning == ["thuk"]
    assert Place("thuk", board.hex_at("0404")) in game.legal_actions(state)
    game.apply(state, Place("thuk", board.hex_at("0404")))
    assert strength(game, state, "thuk") == 1 and not state.returning


def test_o7_a_goblin_may_ride_on_a_wolf_rider():
    """O-7: "it is possible to stack a non-wolf-rider goblin with a wolf rider counter, placing it on top
    of it. If the units move together, the lower movement value of the counters is used." """
    board = plain_board(4, 4)
    plain = make_game(board)
    o7 = make_game(board, o7_additional_stacking=True)
    state = position(o7, {})
    assert stacking_problem(plain, state, ["wolf_rider_1", "azug_goblin_scimitar_1"])
    assert stacking_problem(o7, state, ["wolf_rider_1", "azug_goblin_scimitar_1"]) is None
    assert stacking_problem(o7, state, ["azug_goblin_scimitar_1", "wolf_rider_1"])
    assert stacking_problem(o7, state, ["wolf_rider_1", "wolf_rider_2"])


def test_o9_four_extra_turns():
    """O-9: "4 additional turns can be agreed." """
    board = plain_board(4, 4)
    assert make_game(board).turns == 12 and make_game(board, o9_extra_turns=True).turns == 16


def test_o8_extra_elves_by_roll_and_the_free_peoples_choose_which():
    """O-8: "On a 1-3, 1 extra counter can be brought into play. On a 4-7, 2 units, and on an 8-10,
    3 units ... The Free Peoples player may decide which ones he receives." """
    from bofa_helpers import _base

    from bofa_studio.rules.bofa1984.actions import ChooseExtraElves, PlaceDefault
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.optional import extra_elf_count

    assert [extra_elf_count(r) for r in range(1, 11)] == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    from pathlib import Path

    from bofa_studio.board import load_map

    root = Path(__file__).resolve().parents[2]
    data = _base()
    board = load_map(root / "maps" / "bofa1984.json")
    from build_bofa1984 import scenario

    from bofa_studio.scenario.placement import default_placement

    data = scenario(default_placement(data, board))
    game = BofaGame(data, board, {"o8_extra_elves": True})
    state = game.new_initial_state(1)
    assert game.current_player(state) == CHANCE
    game.apply(state, DieRoll(5))
    choices = game.legal_actions(state)
    assert len(choices) == 3 and all(len(c.counters) == 2 for c in choices)
    game.apply(state, ChooseExtraElves(("elf_spearman_7", "elf_archer_10")))
    assert state.stage == "setup" and game.current_player(state) == "free_peoples"
    game.apply(state, PlaceDefault())
    assert "elf_spearman_7" in state.pos and "elf_archer_10" in state.pos and "elf_spearman_8" not in state.pos
    assert state.setup_side == "dark"


def test_o6_the_dark_choose_which_two_tribes_come_over_the_mountain():
    """O-6: "After the Free Peoples player has set up his units, the Dark player must determine which
    2 of his 5 units are to come over the mountain. These are still brought into play in turn 4." """
    from pathlib import Path

    from build_bofa1984 import scenario

    from bofa_studio.board import load_map
    from bofa_studio.rules.bofa1984.actions import ChooseTribes, PlaceDefault
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.scenario.placement import default_placement

    root = Path(__file__).resolve().parents[2]
    board = load_map(root / "maps" / "bofa1984.json")
    data = scenario(default_placement(scenario(), board))
    game = BofaGame(data, board, {"o6_variable_reinforcements": True})
    state = game.new_initial_state(1)
    game.apply(state, PlaceDefault())
    assert state.stage == "variable_tribes" and game.current_player(state) == "dark"
    assert len(game.legal_actions(state)) == 10
    game.apply(state, ChooseTribes(("thrak", "azug")))
    todo = game.setup_list(state, "dark")
    assert "gurash" in todo and "osag_goblin_spearman_1" in todo and "thrak" not in todo and "thuk" in todo
    assert PlaceDefault() not in game.legal_actions(state)  # Gurash and Osag have no default hexes
    state.turn, state.phase_player = 4, "dark"
    assert "thrak" in game.reinforcements_ready(state) and "gurash" not in game.reinforcements_ready(state)
