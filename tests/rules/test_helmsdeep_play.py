"""Helm's Deep at the table, headless: the play hooks composed with the generic controller.

Each test is a gesture a player makes (a click, a tray pick, the commit button) and what
they then see (pieces, shaded hexes with costs, the odds before a roll, the refusal with
its section), on the shipped board and scenario.
"""

from __future__ import annotations

import copy

import pytest
from helmsdeep_helpers import SCENARIO, position, shipped, shipped_game

from bofa_studio.play.autoplay import random_actions
from bofa_studio.play.controller import PlayController
from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep.present import Play
from bofa_studio.session import Session

SWORD, SWORD2, ARCHER = "dunlending-sword-54-1", "dunlending-sword-54-2", "dunlending-archer-24-1"
ROHAN_SWORD, ROHAN_ARCHER = "roh-sword-1", "roh-archer-1"


def at(phase: str, pos: dict[str, str], **fields) -> PlayController:
    """A controller on the shipped game with the units where ``pos`` puts them."""
    data, board = shipped()
    session = Session(copy.deepcopy(data), board, 1)
    state = position(shipped_game(), phase, pos, **fields)
    session.initial, session.state = state.copy(), state
    return PlayController(session)


def hexes(c: PlayController, *labels: str):
    return tuple(c.place_hex(label) for label in labels)


def mark(c: PlayController, key: str):
    return next((m for m in c.marks() if m.key == key), None)


def test_the_helms_deep_play_hooks_draw_its_pieces():
    c = PlayController.new_game(SCENARIO, seed=1)
    assert isinstance(c, Play)
    assert c.pieces_on_map(c.state) == {}
    assert c.auto_place()
    f11 = c.place_hex("F-11")
    assert c.pieces_on_map(c.state)[f11] == ["roh-theoden"]
    face = c.face("roh-theoden", c.state)
    assert (face.name, face.colour, face.strength, face.movement, face.leader) == ("Theoden", "rohan_red", 5, 4, True)
    archer = c.face("roh-archer-f6", c.state)
    assert archer.weapon == "short_bow" and archer.bow == 3
    assert c.status_rows()[0].startswith("Round 1 of 15: Saruman")


def test_vii_setup_the_units_with_a_named_hex_first_then_any_unit_in_the_area():
    """VII: "TWO 3-4 ... must be set in hex F-5 and G-5 ... All other units must move to the castle wall hex,
    inside the Hornburg or south of the hex line from B-13 through F-11 to I-12.\""""
    c = PlayController.new_game(SCENARIO, seed=1)
    assert "(VII)" in c.decider_text()
    c.pick_tray("roh-sword-3")
    c.click(c.place_hex("E-17"))
    assert c.refusal.rule == "VII" and "must be set up in F-5 first" in c.refusal.reason
    for unit in ("roh-passage-1", "roh-passage-2", "roh-archer-f6", "roh-theoden"):
        c.pick_tray(unit)
        assert c.click(c.place_hex(c.game.required[unit])), c.refusal
    c.pick_tray("roh-sword-3")
    zone = mark(c, "zone")
    assert c.place_hex("E-17") in zone.hexes and c.place_hex("F-8") not in zone.hexes
    assert not c.click(c.place_hex("F-8"))
    assert "south of the hex line from B-13 through F-11 to I-12" in c.refusal.reason
    assert c.drop("roh-sword-3", c.place_hex("E-17"))
    assert c.state.pos["roh-sword-3"] == "E-17"


def test_iv_click_a_unit_shades_its_reach_with_costs_then_a_click_moves_it():
    """IV: "Each unit has a certain number of movement points" and "road hexes cost 1/2 movement point"."""
    c = at("saruman.movement", {SWORD: "F-2", ROHAN_SWORD: "F-9"})
    c.click(c.place_hex("F-2"))
    assert c.selection == (SWORD,)
    reach = mark(c, "reach")
    assert reach is not None and c.place_hex("F-3") in reach.hexes
    assert set(reach.tags.values()) >= {"1"} and any("½" in t for t in reach.tags.values())
    assert not c.click(c.place_hex("F-9"))
    assert c.refusal.rule == "IV" and "occupied" in c.refusal.reason
    assert c.click(c.place_hex("F-3"))
    assert c.state.pos[SWORD] == "F-3" and c.has_acted(SWORD, c.state)
    c.click(c.place_hex("F-3"))
    assert c.refusal.reason.endswith("has already moved this phase")


def test_vii_reinforcements_enter_from_the_tray_at_the_northern_edge():
    """VII: "The first player's reinforcements come into play at the northern edge of the game board.\""""
    c = PlayController.new_game(SCENARIO, seed=1)
    c.auto_place()
    while c.stage() != "movement":
        c.end_phase()
    assert SWORD in c.tray() and "northern edge" in c.tray_heading()
    assert "round 3" in c.waiting()
    c.pick_tray(SWORD)
    zone = mark(c, "zone")
    assert zone is not None and all(int(c.hex_label(h).split("-")[1]) <= 4 for h in zone.hexes)
    assert not c.click(c.place_hex("F-9")) and c.refusal.rule == "VII"
    assert c.click(c.place_hex("F-1"))
    assert c.state.pos[SWORD] == "F-1" and SWORD not in c.tray()
    assert c.entries[-1].text == "Dunlending swords 5-4 #1 moves from the northern edge to F-1"  # the log names it


def test_theoden_cannot_be_selected_to_move():
    """VII: Theoden "stays on the Hornburg" all game."""
    c = at("rohan.movement", {"roh-theoden": "F-11", SWORD: "F-2"})
    c.click(c.place_hex("F-11"))
    assert c.selection == () and c.refusal.rule == "VII" and "stays on the Hornburg" in c.refusal.reason


def test_v51_attack_odds_with_the_moat_before_the_roll_then_the_roll():
    """V 5.1: "Moat -2" on the attacker's strength; the superiority reads the combat result table."""
    c = at("saruman.close_combat", {SWORD: "D-4", ROHAN_SWORD: "D-3"})
    c.click(c.place_hex("D-4"))
    targets = mark(c, "attack_targets")
    assert targets.tags == {c.place_hex("D-3"): "-1"}  # 5 - 2 against 4
    c.click(c.place_hex("D-3"))
    preview = c.pending_preview()
    assert preview.error is None and "superiority -1" in preview.lines[0] and "-2 (moat)" in preview.lines[0]
    assert preview.lines[1].startswith("Column -1:") and preview.commit == "Roll for the combat"
    before = len(c.session.log)
    assert c.commit()
    assert len(c.session.log) > before and any(e.kind == "combat" and e.roll for e in c.entries)


def test_v51_no_close_combat_with_a_unit_at_the_foot_of_a_wall_refused_with_the_rule():
    """V 5.1: "Under no circumstances can units engage enemy units in close combat that are at the foot of a
    castle wall.\""""
    c = at("rohan.close_combat", {ROHAN_SWORD: "D-5", SWORD: "D-4"})
    c.click(c.place_hex("D-5"))
    c.click(c.place_hex("D-4"))
    preview = c.pending_preview()
    assert preview.error.rule == "V 5.1" and "foot of a castle wall" in preview.error.reason
    assert not c.commit() and c.state.pos[SWORD] == "D-4"


def test_archers_fire_lines_never_into_the_hornburg_and_never_past_two_walls():
    """V: "Units in the Hornburg, regardless of the level, can never be attacked by archers" and no shot
    "beyond two severing castle wall hex sides"."""
    c = at("saruman.ranged_combat", {ARCHER: "B-11", ROHAN_SWORD: "D-13", "roh-theoden": "F-11",
                                     ROHAN_ARCHER: "B-9"})
    c.click(c.place_hex("B-11"))
    barred, clear = mark(c, "fire_barred"), mark(c, "fire_clear")
    assert (c.place_hex("B-11"), c.place_hex("D-13")) in barred.lines
    assert (c.place_hex("B-11"), c.place_hex("B-9")) in clear.lines
    tags = mark(c, "fire_targets").tags
    assert tags[c.place_hex("D-13")] == "2 walls" and tags[c.place_hex("B-9")] == "fire +2"
    c.click(c.place_hex("D-13"))
    assert "two severing castle wall" in c.pending_preview().error.reason
    c.click(c.place_hex("B-9"))
    preview = c.pending_preview()
    assert preview.error is None and preview.commit == "Fire!" and "superiority +2" in preview.lines[0]


def test_archers_cannot_shoot_into_the_hornburg():
    c = at("saruman.ranged_combat", {ARCHER: "F-9", "roh-theoden": "F-11"})
    c.click(c.place_hex("F-9"))
    c.click(c.place_hex("F-11"))
    error = c.pending_preview().error
    assert error.rule == "V Long-range combat" and "Hornburg" in error.reason


def test_vi_ladder_erection_armed_with_its_chance_then_drawn_across_the_wall():
    """VI Ladders D: "If the roll is 1, 2 or 3, the ladder has been successfully set up.\""""
    for seed in range(1, 30):
        c = at("saruman.ladder_erection", {SWORD: "C-4", ROHAN_SWORD: "F-9"}, seed=seed)
        c.click(c.place_hex("C-4"))
        assert mark(c, "ladder_walls").hexes == hexes(c, "C-5", "D-5")
        c.click(c.place_hex("D-5"))
        preview = c.pending_preview()
        assert preview.lines[0].endswith("1-3: 3/6 (50%).") and preview.commit == "Roll for the ladder"
        assert c.commit()
        if c.state.ladders:
            break
    assert c.state.ladders == [("D-5", "C-4")]
    lines = mark(c, "ladder_lines")
    assert lines.lines == ((c.place_hex("C-4"), c.place_hex("D-5")),) and "ladder" in lines.tags.values()
    assert "Ladders up: 1 of 8" in " ".join(c.status_rows())


def test_vi_knock_down_and_remove_ladders_as_buttons():
    """VI Ladders I: the second player knocks ladders down on 1-4; F: the first player may remove them."""
    c = at("rohan.knock_down", {ROHAN_SWORD: "D-5", SWORD: "C-4"}, ladders=[("D-5", "C-4")])
    labels = [label for _, _, buttons in c.sections() for label, _ in buttons]
    assert any("knock down the ladder from C-4 (1-4)" in label for label in labels)
    c.click(c.place_hex("D-5"))
    assert isinstance(c.armed, A.KnockDown) and "1-4: 4/6" in c.pending_preview().lines[0]
    c = at("saruman.remove_ladders", {SWORD: "C-4"}, ladders=[("D-5", "C-4")])
    title, _, buttons = c.sections()[0]
    assert title == "VI Ladders F" and buttons[0][0] == "Remove the ladder from C-4 against D-5"
    assert c.click(c.place_hex("C-4")) and c.state.ladders == []


def test_vi_bombs_are_buttons_that_blow_the_big_gate():
    """VI Bombs: "available from the rounds shown on the time table"; a bomb is the only way through the big gates."""
    c = at("saruman.destruction", {SWORD: "F-10", ROHAN_SWORD: "F-13"}, round_=8)
    assert "(1 available: the buttons)" in c.stage_text()
    _, _, buttons = c.sections()[0]
    blow = [a for _, a in buttons if isinstance(a, A.Detonate)]
    assert blow == [A.Detonate("F-10/Tunnel-1")]
    assert c.act(blow[0])
    assert mark(c, "gates_down").tags == {c.place_hex("F-10"): "gate blown"}


def test_light_gate_attack_is_a_gesture_with_its_odds():
    """VI Gates: light gates have strength 1 and are destroyed only on an X."""
    c = at("saruman.close_combat", {SWORD: "E-12", ROHAN_SWORD: "E-16"})
    c.click(c.place_hex("E-12"))
    gate = [a for _, _, buttons in c.sections() for _, a in buttons if getattr(a, "name", "").startswith("gate:")]
    assert [g.name for g in gate] == ["gate:E-12/F-12"]
    c.gesture("gate:E-12/F-12")
    preview = c.pending_preview()
    assert "against 1: superiority +4" in preview.lines[0] and "only on an X" in preview.lines[-1]


def test_retreat_choice_is_a_click_on_a_shaded_hex():
    """V "Retreat restrictions": the winner chooses where the loser retreats."""
    state_fields = {"pending": [{"kind": "retreat", "unit": ROHAN_SWORD, "hexes": 1, "chooser": "saruman"}]}
    c = at("saruman.close_combat", {SWORD: "D-8", ROHAN_SWORD: "D-9"}, **state_fields)
    c.session.state.pending[0]["options"] = ["C-10", "D-10", "E-10"]
    assert "retreats, 1 hex(es)" in c.stage_text()
    assert mark(c, "retreat").hexes == hexes(c, "C-10", "D-10", "E-10")
    assert not c.click(c.place_hex("D-7")) and "exactly 1 hex(es)" in c.refusal.reason
    assert c.click(c.place_hex("D-10")) and c.state.pos[ROHAN_SWORD] == "D-10"


def test_the_victory_screen_gives_the_points_and_the_level():
    """8.3: the level from the first player's victory points."""
    c = PlayController.new_game(SCENARIO, seed=4)
    random_actions(c, 100_000, seed=4)
    assert c.is_over
    result = c.result()
    headline, notes, rows = c.result_report(result)
    assert headline == result["level"] and headline in {name for _, name, _ in c.game.levels.levels}
    assert f"scored {result['points']} victory points (8.2)" in notes[0]
    assert ("Victory points", str(result["points"])) in rows and ("Level (8.3)", headline) in rows


@pytest.mark.parametrize("stage", ["remove_ladders", "destruction", "ladder_storm", "ladder_erection", "movement",
                                   "close_combat", "ranged_combat"])
def test_every_first_player_stage_text_cites_its_section(stage):
    c = at(f"saruman.{stage}", {SWORD: "F-2", ROHAN_SWORD: "F-9"})
    assert c.stage_text().rstrip(")").split("(")[-1].startswith(("IV", "V", "VI", "VII"))


def test_iv_klammbach_wade_is_armed_with_its_roll_before_it_is_made():
    """IV "The passage of the Klammbach": the first player rolls to move through, 1-4 into the first space."""
    c = at("saruman.movement", {SWORD: "G-10", ROHAN_SWORD: "F-15"})
    c.click(c.place_hex("G-10"))
    wade = mark(c, "wade")
    assert wade is not None and set(wade.tags.values()) == {"1-4"}
    first = next(iter(wade.hexes))
    assert not c.click(first) and isinstance(c.armed, A.Wade)
    preview = c.pending_preview()
    assert preview.commit == "Roll to wade" and "a roll of 1-4, 4/6 (67%)" in preview.lines[0]
    assert c.commit() and SWORD in c.state.moved


def test_save_load_and_replay_show_the_same_pieces(tmp_path):
    c = PlayController.new_game(SCENARIO, seed=2)
    random_actions(c, 120, seed=2)
    path = tmp_path / "game.json"
    c.save(path)
    again = PlayController.load(path)
    assert again.session.digest() == c.session.digest()
    assert again.pieces_on_map(again.state) == c.pieces_on_map(c.state)
    again.start_replay(0)
    assert again.pieces_on_map(again.shown_state()) == {}
    assert again.status_rows() == ["Set-up: Rohan places its units (VII)"]
    again.replay_step(len(again.session.log))
    assert again.pieces_on_map(again.shown_state()) == c.pieces_on_map(c.state)


def test_iv_the_route_to_a_hovered_hex_is_drawn_from_the_unit():
    c = at("saruman.movement", {SWORD: "F-2", ROHAN_SWORD: "F-9"})
    c.click(c.place_hex("F-2"))
    route = [c.hex_label(h) for h in c.path_preview(c.place_hex("F-5"))]
    assert route[0] == "F-2" and route[-1] == "F-5" and len(route) == 4
    steps = c.path_preview(c.place_hex("F-5"))
    assert all(a.distance(b) == 1 for a, b in zip(steps, steps[1:], strict=False))
    assert c.path_preview(c.place_hex("F-9")) == []
