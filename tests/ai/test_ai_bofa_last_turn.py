"""The computer players' last turn in The Battle of Five Armies: choices played out to the
end (bofa_studio/ai/endgame.py), within the evaluation's margin."""

from __future__ import annotations

import dataclasses
import sys
from functools import cache
from pathlib import Path

from bofa_studio.ai import BUDGETS, make_player
from bofa_studio.ai.lookahead import ahead_view
from bofa_studio.ai.match import load_game
from bofa_studio.ai.players import PlanningPlayer
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.evaluation import WIN_SCORE, evaluate, evaluate_last_phase
from bofa_studio.rules.bofa1984.sequence import begin_kind
from bofa_studio.rules.bofa1984.victory import control

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from bofa_helpers import position  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DARK = "dark"

# The Standard Game, turn 12, the Dark's MOVE phase with every counter but one moved: a seed-7
# game of `normal` (the Dark) against `greedy` (match game 1, docs/ai-journal.md, thirtieth
# sitting). The Dark holds the summit (B-11, S-11: a goblin in each of 1012, 1112, 1113) and
# Dale; Thuk's reduced scimitar in 1113 is the last counter free to move.
SUMMIT_HELD = {
    "0909": ["thranduil"], "1009": ["thrak_goblin_archer_1"], "1012": ["beorn", "thuk_goblin_scimitar_3"],
    "1104": ["gwaihir"], "1105": ["giant_eagle_4"], "1110": ["azug_goblin_scimitar_3"],
    "1112": ["thrak", "thrak_goblin_spearman_2"], "1113": ["thuk_goblin_scimitar_1"],
    "1206": ["dwarf_axeman_3", "osag_goblin_archer_2"], "1207": ["thrak_goblin_scimitar_4"],
    "1208": ["thrak_goblin_archer_3"], "1306": ["dwarf_spearman_1", "dain", "gurash_goblin_archer_2"],
    "1307": ["man_spearman_3", "osag_goblin_scimitar_2"], "1308": ["bodyguard_1"], "1309": ["elf_archer_5", "bilbo"],
    "1310": ["thuk_goblin_scimitar_5"], "1311": ["wolf_2"], "1312": ["azug_goblin_scimitar_6"],
    "1406": ["thuk_goblin_scimitar_4"], "1407": ["azug_goblin_scimitar_2"], "1408": ["wolf_rider_2"],
    "1409": ["thuk_goblin_scimitar_2", "bodyguard_3"], "1410": ["thrak_goblin_archer_2"],
    "1411": ["azug_goblin_spearman_3"], "1507": ["dwarf_axeman_4", "dwarf_axeman_6", "bard", "azug_goblin_axeman_3"],
    "1508": ["osag_goblin_scimitar_1", "bolg"], "1509": ["osag_goblin_spearman_4"], "1510": ["azug_goblin_scimitar_1"],
    "1511": ["thuk_goblin_archer_1"], "1512": ["warg_2"], "1606": ["thorin"],
    "1607": ["osag_goblin_spearman_1", "gurash_goblin_archer_1"], "1608": ["elf_archer_4", "osag_goblin_spearman_6"],
    "1609": ["thuk", "wolf_rider_3"], "1610": ["azug_goblin_archer_1"], "1707": ["osag", "osag_goblin_spearman_5"],
    "1708": ["osag_goblin_archer_1"], "1709": ["thuk_goblin_archer_2"], "1710": ["warg_3"], "1716": ["warg_5"],
    "1807": ["thuk_goblin_spearman_4"], "1905": ["giant_eagle_2"], "1906": ["gurash", "azug_goblin_archer_3"],
    "2004": ["gandalf"], "2006": ["dwarf_axeman_2", "osag_goblin_spearman_3"],
}
REDUCED = ("azug_goblin_axeman_3", "bodyguard_1", "bodyguard_3", "dwarf_axeman_3", "dwarf_axeman_4", "dwarf_axeman_6",
           "elf_archer_4", "gurash_goblin_archer_1", "gurash_goblin_archer_2", "osag_goblin_archer_1",
           "osag_goblin_archer_2", "osag_goblin_spearman_1", "thrak_goblin_scimitar_4", "thuk_goblin_scimitar_1",
           "thuk_goblin_scimitar_2")
LAST_TO_MOVE = "thuk_goblin_scimitar_1"


@cache
def standard():
    return load_game(str(ROOT / "scenarios" / "bofa1984-standard.json"))


def summit_held_in_the_last_move_phase():
    game = standard()
    state = position(game, SUMMIT_HELD, player=DARK, stage="move", turn=12, reduced=REDUCED)
    state.entered |= set(game.specs)  # every reinforcement came; the rest were eliminated
    for cid in game.specs:
        if cid not in state.pos:
            state.steps[cid] = 0
    state.entry_rolls = {"Second Wave": ("north_west", "north_east")}  # S-5: rolled in turn 8
    begin_kind(game, state, "move")  # again, with nothing left to enter
    state.moved = {c for c in state.pos if game.side_of[c] == DARK} - {LAST_TO_MOVE}
    state.hits = {"bolg": 3, "gurash": 2, "bilbo": 1}
    state.spells_used = ["push_back", "destroy"]
    state.phase_no = 2  # five phases left, this one included (B-3: six in turn 12)
    # B-3: the Free Peoples chose first and played FIRE; the Dark holds a FIRE chip to play
    # when it likes, and the cup holds the turn's other chips.
    state.first_chooser, state.first_chip, state.held = "free_peoples", "fire", "fire"
    state.cup = {"combat": 2, "fire": 0, "fire_combat": 1, "move": 2}
    return game, state


def test_b11_in_the_last_turn_normal_keeps_the_summit_it_holds():
    # B-11 counts the places at the end of the last turn. Two playouts of each of the best plans
    # are noisy, and unbounded they chose walking the goblin out of 1113 (the summit no longer
    # held: the evaluation's -14) over ending the phase; the game was lost by one place.
    game, state = summit_held_in_the_last_move_phase()
    assert game.phases_left(state) == 5 and control(game, state)["victory.summit"] == DARK
    seed = 1  # unbounded, three of the seeds 1 to 4 walk out (the game's own seed did)
    unbounded = PlanningPlayer(dataclasses.replace(BUDGETS["normal"], endgame_margin=0.0, deadline_seconds=None), seed)
    left = unbounded.choose(game, state.copy())
    assert isinstance(left, A.Move) and left.counters == (LAST_TO_MOVE,)

    action = make_player("normal", seed, safety_net=False).choose(game, state)
    after = state.copy()
    game.apply(after, action)
    assert control(game, after)["victory.summit"] == DARK, action


@cache
def basic():
    return load_game(str(ROOT / "scenarios" / "bofa1984-basic.json"))


# The Basic Game's last phase, the Dark's MOVE, every counter moved but a goblin who shares the
# east guard room (2006) with a dwarf: the Free Peoples hold the Front Gate (Thorin counts,
# B-11), the Dark holds Dale, so ending the phase is a draw and the goblin's walking out (his
# only move) gives the room and the game to the Free Peoples. The Dark has about twice their
# strength on the map. Seen in a seed-7 game of `normal` (the Dark) against `greedy` (match
# game 22, docs/ai-journal.md, thirty-fifth sitting).
SHARED_ROOM = {"1606": ["thorin"], "1716": ["azug_goblin_archer_1"],
               "2006": ["gurash_goblin_scimitar_1", "dwarf_axeman_4"]}
LAST_GOBLIN = "gurash_goblin_scimitar_1"


def shared_room_in_the_last_phase():
    game = basic()
    far_off = sorted(label for label in (game.cb.label(h) for h in range(len(game.cb)))
                     if int(label[2:]) >= 19 and int(label[:2]) <= 13)
    used = {c for counters in SHARED_ROOM.values() for c in counters}
    goblins = sorted(c for c, spec in game.specs.items()
                     if spec.side == DARK and not spec.leader and c not in used)[:24]
    where = dict(SHARED_ROOM) | {label: [c] for label, c in zip(far_off, goblins, strict=False)}
    state = position(game, where, player=DARK, stage="move", turn=12)
    state.entered |= set(game.specs)
    for cid in game.specs:
        if cid not in state.pos:
            state.steps[cid] = 0
    begin_kind(game, state, "move")  # again, with nothing left to enter
    state.moved = {c for c in state.pos if game.side_of[c] == DARK} - {LAST_GOBLIN}
    state.phase_no = 6  # B-3: six phases in turn 12, this the last
    state.first_chooser, state.first_chip, state.held = "free_peoples", "move", None
    state.cup = {"combat": 1, "fire": 1, "fire_combat": 0, "move": 0}
    return game, state


def test_b11_in_the_last_phase_a_lead_in_strength_does_not_walk_a_goblin_out_of_a_shared_room():
    # B-11 counts the places when the last phase ends; strength counts for nothing then.
    game, state = shared_room_in_the_last_phase()
    assert game.phases_left(state) == 1
    held = control(game, state)
    assert held["victory.front_gate"] == "free_peoples" and held["victory.dale"] == DARK
    assert held["victory.guard_room_east"] is None
    moves = [a for a in game.legal_actions(state) if isinstance(a, A.Move)]
    assert moves and all(m.counters == (LAST_GOBLIN,) for m in moves)
    walked_out = state.copy()
    game.apply(walked_out, moves[0])
    assert control(game, walked_out)["victory.guard_room_east"] == "free_peoples"
    # What the planners judge by: the lost game it would be; one ply's estimate: the lead.
    assert evaluate_last_phase(game, walked_out, DARK) < -WIN_SCORE < 0 < evaluate(game, walked_out, DARK)
    for level in ("normal", "hard"):
        action = make_player(level, 7, safety_net=False).choose(game, state.copy())
        assert isinstance(action, A.EndPhase), (level, action)


def test_b3_a_decision_before_the_last_phase_does_not_judge_by_the_result():
    # B-3: the last phase is still to be played when the phase before it ends, by either side.
    # The Free Peoples would win by the east guard room if the game ended here; a planner that
    # decides in the fifth phase judges by the estimate (the last phase to come, which the Dark
    # plays, may walk back in); one that decides in the last phase, by the result.
    game, state = shared_room_in_the_last_phase()
    game.apply(state, next(a for a in game.legal_actions(state) if isinstance(a, A.Move)))
    assert control(game, state)["victory.guard_room_east"] == "free_peoples"
    fifth = state.copy()
    fifth.phase_no = 5
    assert game.phases_left(fifth) == 2 and game.phases_left(state) == 1
    assert -WIN_SCORE < ahead_view(game, fifth).evaluate(state, DARK) < WIN_SCORE
    assert ahead_view(game, state).evaluate(state, DARK) < -WIN_SCORE
