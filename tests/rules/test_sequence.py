"""B-3/B-4 turn sequence, B-5 reinforcements, B-2 setup, B-11 victory and the chance steps."""

from __future__ import annotations

import copy

import pytest
from bofa_helpers import _base, make_game, plain_board, position

from bofa_studio.board.model import HexFeature
from bofa_studio.rules.bofa1984.actions import (
    ChipDrawn,
    ChooseChip,
    ChooseMode,
    DieRoll,
    DrawChip,
    EndPhase,
    Place,
    PlayHeldChip,
)
from bofa_studio.rules.bofa1984.victory import control, final_result
from bofa_studio.rules.core import CHANCE, TERMINAL, RuleError


def fresh(board=None, **kw):
    game = make_game(board or plain_board(6, 6), **kw)
    return game, game.new_initial_state(7)


def test_b3_turn_1_example():
    """B-3 example: Dark takes MOVE, the Free Peoples take MOVE to hold; Dark moves; the Free Peoples
    may not play theirs immediately, so draw blind (FIRE); Dark draws MOVE; then the Free Peoples
    play their held MOVE. Four phases end turn 1; turn 2 begins with the Free Peoples' choice."""
    game, state = fresh()
    assert state.turn == 1 and game.current_player(state) == "dark"
    game.apply(state, ChooseChip("move"))
    assert game.current_player(state) == "free_peoples"
    game.apply(state, ChooseChip("move"))
    assert (state.stage, state.phase_player, state.phase_no) == ("move", "dark", 1)
    game.apply(state, EndPhase())
    assert game.current_player(state) == CHANCE  # no PlayHeldChip on phase 2
    assert dict((a.chip, p) for a, p in game.chance_outcomes(state)) == {
        "move": 0.25, "combat": 0.25, "fire": 0.25, "fire_combat": 0.25}
    game.apply(state, ChipDrawn("fire"))
    assert (state.stage, state.phase_player) == ("fire", "free_peoples")
    game.apply(state, EndPhase())
    game.apply(state, ChipDrawn("move"))
    assert (state.stage, state.phase_player, state.phase_no) == ("move", "dark", 3)
    game.apply(state, EndPhase())
    assert (state.stage, state.phase_player, state.phase_no) == ("move", "free_peoples", 4)
    assert state.held is None
    game.apply(state, EndPhase())
    assert state.turn == 2 and state.stage == "choose_first"
    assert game.current_player(state) == "free_peoples"


def test_b3_log_names_players_and_chips_as_the_rulebook_does():
    """B-3: "the Dark player chooses a chip ... the Free Peoples player ... F/C". The log's
    sentences use those names, not the engine's identifiers (free_peoples, fire_combat)."""
    game, state = fresh()
    texts = [e.text for e in game.apply(state, ChooseChip("move"))]
    texts += [e.text for e in game.apply(state, ChooseChip("move"))]
    texts += [e.text for e in game.apply(state, EndPhase())]
    texts += [e.text for e in game.apply(state, ChipDrawn("fire_combat"))]
    assert texts[0] == "the Dark player chooses MOVE to play first"
    assert "the Free Peoples player chooses MOVE to hold" in texts
    assert "phase 1: the Dark player's MOVE phase" in texts
    assert "the Dark player ends the MOVE phase" in texts
    assert "the Free Peoples player draws F/C" in texts
    assert not any("free_peoples" in t or "fire_combat" in t for t in texts)


def test_b3_chip_mix_grows_at_turn_4_and_six_phases_are_played():
    """B-3: from turn 4 one more FIRE and one more COMBAT chip; 6 phases are played."""
    game, state = fresh()
    state.turn = 3
    while state.turn < 4:
        _play_quietly(game, state)
    assert state.turn == 4 and sum(state.cup.values()) == 8
    assert state.cup == {"move": 3, "combat": 2, "fire_combat": 1, "fire": 2}
    game.apply(state, ChooseChip("combat"))  # Free Peoples (white turn) choose first
    game.apply(state, ChooseChip("fire"))
    for _ in range(2):  # phase 2 (Dark) and phase 3 (Free Peoples) are drawn blind
        game.apply(state, EndPhase())
        assert game.current_player(state) == CHANCE
        game.apply(state, ChipDrawn("move"))
    # phase 4: the second chooser (Dark) may play his held chip or draw
    assert state.phase_no == 3
    game.apply(state, EndPhase())
    assert state.stage == "chip" and game.legal_actions(state) == [PlayHeldChip(), DrawChip()]
    game.apply(state, DrawChip())
    game.apply(state, ChipDrawn("combat"))
    assert state.phase_no == 4
    game.apply(state, EndPhase())
    game.apply(state, ChipDrawn("fire_combat"))
    game.apply(state, ChooseMode("combat"))
    game.apply(state, EndPhase())
    # phase 6: he must now play the chip he holds (fire)
    assert (state.phase_no, state.phase_kind, state.phase_player) == (6, "fire", "dark")
    game.apply(state, EndPhase())
    assert state.turn == 5


def test_b3_a_chip_must_be_in_the_cup():
    game, state = fresh()
    game.apply(state, ChooseChip("combat"))
    with pytest.raises(RuleError, match="B-3: there is no combat chip left in the cup"):
        game.apply(state, ChooseChip("combat"))


def test_b4_fc_is_played_as_fire_or_combat():
    """B-4: the F/C phase is carried out as either a FIRE or a COMBAT phase."""
    game, state = fresh()
    game.apply(state, ChooseChip("fire_combat"))
    game.apply(state, ChooseChip("move"))
    assert game.legal_actions(state) == [ChooseMode("fire"), ChooseMode("combat")]
    game.apply(state, ChooseMode("combat"))
    assert state.phase_kind == "combat"


def test_game_ends_after_turn_12_with_a_result():
    """B-3: the game ends after turn 12."""
    game, state = fresh()
    state.turn = 12
    state.cup = dict(game.mix_for(12)["chips"])
    while not game.is_terminal(state):
        _play_quietly(game, state)
    assert game.current_player(state) == TERMINAL
    assert game.result(state)["level"] == "draw"


def test_phases_left_counts_down_the_phases_b3_plays_to_the_end():
    """B-3: 4 phases a turn in turns 1-3, 6 in turns 4-12; the game ends after turn 12. The
    computer players read this count to know when only the end's result matters (B-11)."""
    game, state = fresh()
    assert game.phases_left(state) == 3 * 4 + 9 * 6  # turn 1, before its first chip
    game.apply(state, ChooseChip("move"))
    game.apply(state, ChooseChip("move"))
    assert game.phases_left(state) == 66  # phase 1 under way still counts
    game.apply(state, EndPhase())
    assert game.phases_left(state) == 65
    state.turn = 12
    state.cup = dict(game.mix_for(12)["chips"])
    state.phase_no = 0
    seen = []
    while not game.is_terminal(state):
        if not seen or seen[-1] != game.phases_left(state):
            seen.append(game.phases_left(state))
        _play_quietly(game, state)
    assert seen[-6:] == [6, 5, 4, 3, 2, 1] and game.phases_left(state) == 0


def test_sequencing_names_the_chip_decisions_and_when_their_phase_is_played():
    """B-3: "At the start of each black turn the DARK PLAYER takes the chip of his choice. This
    counts as the first phase of that turn. The FREE PEOPLES PLAYER then chooses a chip, which
    he can use later in that turn. He may not play it immediately after the DARK PLAYER." The
    computer players look past such a choice to the phase it brings: the first chooser's is the
    next phase; the held chip is played in the fourth at the soonest (the second chooser's
    blind draw and the first chooser's come between). Moving or fighting is not a chip's choice."""
    game, state = fresh()
    assert state.stage == "choose_first" and game.sequencing(state) == 1
    game.apply(state, ChooseChip("move"))
    assert state.stage == "choose_second" and game.sequencing(state) == 4
    game.apply(state, ChooseChip("combat"))
    assert state.stage == "move" and game.sequencing(state) == 0
    game.apply(state, EndPhase())
    game.apply(state, ChipDrawn("fire_combat"))
    assert state.stage == "fc_mode" and game.sequencing(state) == 1  # B-4: fire or combat
    game.apply(state, ChooseMode("fire"))
    assert state.stage == "fire" and game.sequencing(state) == 0


def _play_quietly(game, state):
    """Advance by choosing, drawing and ending phases, never moving or fighting."""
    if game.current_player(state) == CHANCE:
        game.apply(state, game.sample_chance(state))
    elif state.stage in ("choose_first", "choose_second"):
        game.apply(state, game.legal_actions(state)[0])
    elif state.stage == "chip":
        game.apply(state, PlayHeldChip())
    elif state.stage == "fc_mode":
        game.apply(state, ChooseMode("fire"))
    else:
        game.apply(state, EndPhase())


# -- B-5 reinforcements ---------------------------------------------------------------


def entry_board():
    board = plain_board(8, 8)
    for label, group in [("0101", "north_west"), ("0801", "north_east"), ("0108", "south_west"), ("0808", "south_east")]:
        board.set_entry_group(board.hex_at(label), group)
    board.set_feature(board.hex_at("0105"), HexFeature.ENTRY_CIRCLE, True)
    return board


def reinforcement_game(board):
    return make_game(board, reinforcements=copy.deepcopy(_base()["order_of_battle"]["reinforcements"]))


def test_b5_second_wave_enters_on_turn_4_on_the_northern_triangles_even_onto_enemies():
    """B-5: on turn 4 Gurash and Osag come in on the north-west and north-east triangles; Free
    Peoples counters on a triangle do not stop them."""
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {"0801": "elf_spearman_1"}, turn=3)
    with pytest.raises(RuleError, match="B-5: .* arrives on turn 4"):
        game.apply(state, Place("gurash", board.hex_at("0101")))
    state = position(game, {"0801": "elf_spearman_1"}, turn=4)
    with pytest.raises(RuleError, match="B-5: .* enters on the north-west or north-east entry triangles"):
        game.apply(state, Place("gurash", board.hex_at("0808")))
    game.apply(state, Place("gurash_goblin_spearman_1", board.hex_at("0801")))
    game.apply(state, Place("gurash", board.hex_at("0101")))
    assert Place("osag", board.hex_at("0801")) in game.legal_actions(state)
    # "naturally observing the rules for several counters in the same hex", which take effect at the
    # end of the movement phase (B-9): two leaders may lie on one triangle until one moves on.
    game.apply(state, Place("osag", board.hex_at("0101")))
    with pytest.raises(RuleError, match="B-9: .*0101 is over them"):
        game.apply(state, EndPhase())


def test_b5_reinforcements_enter_only_in_their_owners_movement_phase():
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {}, turn=7, player="dark")
    with pytest.raises(RuleError, match="B-5"):
        game.apply(state, Place("gwaihir", board.hex_at("0101")))
    state = position(game, {}, turn=7, player="free_peoples")
    game.apply(state, Place("giant_eagle_1", board.hex_at("0801")))


def test_b5_third_attack_is_not_placed_on_enemies():
    """B-5: Bolg, his bodyguard and the wargs enter on the southern triangles on turn 5."""
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {"0808": "elf_spearman_1"}, turn=5)
    assert Place("bolg", board.hex_at("0108")) in game.legal_actions(state)
    with pytest.raises(RuleError, match="may not be placed on an enemy"):
        game.apply(state, Place("warg_1", board.hex_at("0808")))


def test_b5_beorn_enters_at_the_entry_circle_or_the_nearest_free_hex():
    """B-5: Beorn enters on turn 8 at the entry circle; "If this hex is already occupied by a Free
    Peoples counter, he can be placed directly on top, or enter the board from the nearest free hex."
    (tests/rules/test_rulebook_fidelity.py follows him on top.)"""
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {}, turn=8, player="free_peoples")
    assert [a.hex for a in game.legal_actions(state) if isinstance(a, Place) and a.counter == "beorn"] == [
        board.hex_at("0105")]
    state = position(game, {"0105": "elf_spearman_1"}, turn=8, player="free_peoples")
    hexes = {board.label(a.hex) for a in game.legal_actions(state) if isinstance(a, Place) and a.counter == "beorn"}
    nearest = hexes - {"0105"}
    assert "0105" in hexes and nearest and all(board.hex_at(h).distance(board.hex_at("0105")) == 1 for h in nearest)


def test_b5_entered_reinforcements_move_in_the_same_phase():
    """B-5: reinforcements are placed on the triangles 'and then moved into play'."""
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {}, turn=5)
    game.apply(state, Place("warg_1", board.hex_at("0108")))
    moves = [a for a in game.legal_actions(state) if getattr(a, "counters", None) == ("warg_1",)]
    assert moves


# -- B-2 setup on the real map -----------------------------------------------------------


def test_b2_free_peoples_set_up_first_then_dark_and_the_default_is_legal():
    """B-2: the Free Peoples set up first, then the Dark player; then the Dark player chooses first."""
    from pathlib import Path

    from bofa_studio.board import load_map
    from bofa_studio.rules.bofa1984.actions import PlaceDefault
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.scenario import load_scenario

    scenario = load_scenario(Path(__file__).resolve().parents[2] / "scenarios" / "bofa1984-basic.json")
    game = BofaGame(scenario.data, load_map(scenario.map_path))
    state = game.new_initial_state(1)
    assert game.current_player(state) == "free_peoples"
    game.apply(state, PlaceDefault())
    assert game.current_player(state) == "dark"
    game.apply(state, PlaceDefault())
    assert state.turn == 1 and game.current_player(state) == "dark" and state.stage == "choose_first"
    # B-11 author's note: the Free Peoples hold 3 of the 5 victory locations at the start
    held = control(game, state)
    assert held["victory.front_gate"] == held["victory.guard_room_west"] == held["victory.guard_room_east"] == "free_peoples"
    assert held["victory.summit"] is None and held["victory.dale"] is None
    removed = {"elf_spearman_7", "elf_spearman_8", "elf_archer_10"}
    assert not removed & set(game.specs)


# -- B-11 victory --------------------------------------------------------------------------


def victory_board():
    board = plain_board(6, 6)
    board.set_area("victory.gate", [board.hex_at("0101")])
    board.set_area("victory.summit", [board.hex_at(x) for x in ("0303", "0304", "0403")])
    board.set_area("victory.dale", [board.hex_at("0606")])
    return board


def test_b11_control_means_only_one_side_has_units_there():
    """B-11: a player controls a hex/area if he is the only player with units there."""
    board = victory_board()
    game = make_game(board, victory=["victory.gate", "victory.summit", "victory.dale"])
    state = position(game, {"0101": "elf_spearman_1", "0606": ["wolf_1", "elf_spearman_2"]})
    assert control(game, state) == {"victory.gate": "free_peoples", "victory.summit": None, "victory.dale": None}


def test_b11_the_summit_needs_a_counter_in_each_of_its_three_hexes():
    """B-11: to control the summit a player must have a counter in each of its 3 hexes."""
    board = victory_board()
    game = make_game(board, victory=["victory.gate", "victory.summit", "victory.dale"])
    state = position(game, {"0303": "wolf_1", "0304": "wolf_2"})
    assert control(game, state)["victory.summit"] is None
    state = position(game, {"0303": "wolf_1", "0304": "wolf_2", "0403": "wolf_3"})
    assert control(game, state)["victory.summit"] == "dark"
    state = position(game, {"0303": "wolf_1", "0304": "wolf_2", "0403": ["wolf_3", "elf_spearman_1"]})
    assert control(game, state)["victory.summit"] is None


def test_b11_eagles_and_leaders_except_thorin_do_not_count():
    """B-11: Giant Eagles or leaders/characters, except Thorin, have no influence on control."""
    board = victory_board()
    game = make_game(board, victory=["victory.gate", "victory.summit", "victory.dale"])
    state = position(game, {"0101": ["wolf_1", "gandalf"], "0606": "giant_eagle_1"})
    assert control(game, state)["victory.gate"] == "dark" and control(game, state)["victory.dale"] is None
    state = position(game, {"0101": "thorin"})
    assert control(game, state)["victory.gate"] == "free_peoples"


def test_b11_winner_and_s11_levels():
    """B-11: more victory locations wins; S-11 levels: +1 marginal, +2 tactical, all complete."""
    board = victory_board()
    game = make_game(board, victory=["victory.gate", "victory.summit", "victory.dale"])
    state = position(game, {"0101": "wolf_1"})
    assert final_result(game, state)["summary"] == "Dark marginal victory"  # the log and the end screen say it in words
    state = position(game, {"0101": "wolf_1", "0606": "wolf_2"})
    assert final_result(game, state)["level"] == "tactical"
    state = position(game, {"0101": "wolf_1", "0606": "wolf_2", "0303": "wolf_3", "0304": "wolf_4", "0403": "wolf_5"})
    assert final_result(game, state)["level"] == "complete"
    state = position(game, {"0101": "wolf_1", "0606": "elf_spearman_1"})
    assert final_result(game, state)["winner"] is None


# -- chance ---------------------------------------------------------------------------------


def test_dice_come_from_the_state_and_replay_exactly():
    """DESIGN: a d10 from a generator whose state lives in State; sampling does not change it."""
    board = plain_board(5, 5)
    game = make_game(board)
    a = position(game, {"0303": "elf_spearman_1", "0302": "wolf_1"}, stage="combat", seed=42)
    b = a.copy()
    game.apply(a, game.legal_actions(a)[0])
    game.apply(b, game.legal_actions(b)[0])
    roll = game.sample_chance(a)
    assert roll == game.sample_chance(a) == game.sample_chance(b)
    assert isinstance(roll, DieRoll) and 1 <= roll.value <= 10
    rng = a.rng
    game.apply(a, DieRoll(1 + (roll.value % 10)))  # a forced outcome advances the generator just the same
    game.apply(b, roll)
    assert a.rng == b.rng != rng


def test_illegal_actions_name_their_rule():
    game, state = fresh()
    with pytest.raises(RuleError) as err:
        game.apply(state, EndPhase())
    assert err.value.rule == "B-3"


def test_beorn_may_enter_onto_enemies_in_the_circle():
    """B-5/B-10: only a Free Peoples counter in the entry circle sends Beorn to the nearest free hex;
    enemies there he may join, as he may move onto them."""
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {"0105": "wolf_1"}, turn=8, player="free_peoples")
    game.apply(state, Place("beorn", board.hex_at("0105")))


def test_options_not_implemented_are_refused_by_name():
    """DESIGN: every rule the players choose is a named option, never silently ignored."""
    with pytest.raises(NotImplementedError, match="o99_dragons"):
        make_game(plain_board(3, 3), o99_dragons=True)


def test_s3_option_lets_the_second_chooser_draw_instead_of_his_chip():
    """S-3 (option s3_second_chooser_may_draw): the second chooser may draw blind instead of playing."""
    game = make_game(plain_board(4, 4), s3_second_chooser_may_draw=True)
    state = game.new_initial_state(0)
    game.apply(state, ChooseChip("move"))
    game.apply(state, ChooseChip("combat"))
    for kind in ("fire", "move"):
        game.apply(state, EndPhase())
        game.apply(state, ChipDrawn(kind))
    game.apply(state, EndPhase())
    assert state.stage == "chip" and state.phase_no == 3
    game.apply(state, DrawChip())
    game.apply(state, ChipDrawn("fire_combat"))
    assert state.phase_no == 4 and state.stage == "fc_mode"


def test_s5_option_rolls_the_second_waves_edge():
    """S-5 (option s5_second_wave_roll): 1-3 north-east, 4-6 north-west, 7-10 either edge."""
    from bofa_studio.rules.bofa1984.sequence import begin_kind

    board = entry_board()
    for roll, allowed in [(2, {"0801"}), (5, {"0101"}), (9, {"0101", "0801"})]:
        game = make_game(board, reinforcements=copy.deepcopy(_base()["order_of_battle"]["reinforcements"]),
                         s5_second_wave_roll=True)
        state = position(game, {}, turn=4, stage="combat")
        begin_kind(game, state, "move")
        assert state.stage == "entry_roll" and game.current_player(state) == CHANCE
        game.apply(state, DieRoll(roll))
        assert state.stage == "move"
        hexes = {board.label(a.hex) for a in game.legal_actions(state) if isinstance(a, Place) and a.counter == "gurash"}
        assert hexes == allowed
    # without the option there is no roll, and both edges are open (B-5)
    game = reinforcement_game(board)
    state = position(game, {}, turn=4)
    assert state.stage == "move"


@pytest.mark.parametrize("crowded", [
    {},
    {"0303": ["azug_goblin_spearman_1", "azug_goblin_spearman_2"]},
    {"0303": ["azug_goblin_spearman_1", "azug_goblin_spearman_2"],
     "0603": ["azug_goblin_spearman_3", "azug_goblin_spearman_4"]},
])
def test_b5_entries_listed_are_the_hexes_the_rules_accept_with_a_hex_over_the_limits(crowded):
    """B-5 places reinforcements "naturally observing the rules for several counters in the same
    hex", and B-9 takes effect at the end of the movement phase: with one hex over the limits a
    reinforcement may still enter (someone can still put it right); with two, nothing may be
    placed until one is put right. The listing asks empty hexes a quick question: it must agree
    with the rules' full answer for every hex."""
    board = entry_board()
    game = reinforcement_game(board)
    state = position(game, {"0801": "elf_spearman_1", **crowded}, turn=4)
    listed = {board.label(a.hex) for a in game.legal_actions(state) if isinstance(a, Place) and a.counter == "gurash"}
    accepted = {board.label(h) for h in board.hexes() if game.entry_problem(state, "gurash", game.idx(h)) is None}
    assert listed == accepted
    assert bool(listed) == (len(crowded) < 2)
    if len(crowded) == 2:
        with pytest.raises(RuleError, match="put one right before over-stacking another"):
            game.apply(state, Place("gurash", board.hex_at("0101")))
