"""Standard Game gestures on the map: S-6 morale checks, S-7 dives and rolling rocks,
S-8 spells, S-10 escapes, and the O-6/O-8 decision panels. The situations come from
seeded random play of the Standard scenario (positions found once, kept by the seeds)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from bofa_studio.play.autoplay import random_actions
from bofa_studio.play.controller import PlayController
from bofa_studio.resources import scenarios_dir
from bofa_studio.rules.bofa1984 import actions as A
from tests.ui.play.conftest import click_hex, controller_at


def standard(seed: int, steps: int, **options: bool) -> PlayController:
    c = PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", seed=seed, options=options)
    random_actions(c, steps, seed=seed)
    return c


def test_morale_check_hexes_are_marked_with_their_chance(window_for):
    c = standard(1, 239)  # a Dark MOVE phase where a goblin may move into an enemy's hex (S-6)
    w = window_for(c)
    movers = [x for x in c.game.specs if c.game.side_of[x] == "dark" and x in c.state.pos]
    mover = next(x for x in movers if (c.select((x,)), c.checks)[1])
    assert c.selection == (mover,) and c.checks and all(0 < p < 1 for p in c.checks.values())
    assert "play.checks" in w.scene.overlay.keys()
    assert not w.board.labels["checks"].path().isEmpty()
    mark = next(m for m in c.marks() if m.key == "checks")
    assert set(mark.tags.values()) == {f"morale check {p:.0%}" for p in c.checks.values()}


def test_an_eagle_shows_dive_targets_previews_the_flight_and_dives(qtbot, window_for):
    # A Free Peoples MOVE phase with an Eagle in 3211 that may dive on Dark counters on the
    # mountains (S-7). Built directly (seeded random play first reached one after 824 actions).
    c = controller_at({"3211": ["giant_eagle_2"], "2309": ["wolf_3"], "3003": ["gurash_goblin_scimitar_1"]},
                      player="free_peoples", stage="move", turn=7)
    w = window_for(c)
    eagle = next(a.eagle for a in c.legal() if isinstance(a, A.Dive))
    c.select((eagle,))
    dives = c.dives()
    assert dives and all(c.game.cb.terrain[c.game.idx(t)] == "mountain" for t in dives)
    assert c.dive_chance(next(iter(dives))) == pytest.approx(0.5)  # S-7 with a die: 1-5 hits
    assert "play.dive_targets" in w.scene.overlay.keys()
    target = next(iter(dives))
    click_hex(qtbot, w, target)
    assert isinstance(c.armed, A.Dive) and c.armed.target == target
    assert c.armed.to == c.hex_of(eagle)  # flying back is the default end
    assert len(c.dive_path()) == 3 and "play.dive_path" in w.scene.overlay.keys()
    assert w.decisions.commit.isVisible() and w.decisions.commit.text() == "Dive!"
    assert "50%" in w.decisions.odds.text()
    other = next((d.to for d in dives[target] if d.to != c.armed.to), None)
    if other is not None:
        click_hex(qtbot, w, other)
        assert c.armed.to == other
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    assert any(e.kind in ("dive_hit", "dive_miss") for e in c.entries)
    assert eagle in c.state.dived


def test_rolling_rocks_show_their_slope_line_and_chance_and_roll_on_a_click(qtbot, window_for):
    # A Free Peoples FIRE phase with two boulder piles manned (S-7): from 1113 the first
    # occupied hex down the slope line is at distance 2, from 0312 at distance 1. Built
    # directly (seeded random play first reached such a phase after 1050 actions).
    c = controller_at({"1113": ["elf_archer_2"], "1115": ["azug_goblin_spearman_3"],
                       "0312": ["elf_archer_5"], "0412": ["thuk_goblin_scimitar_1"]},
                      player="free_peoples", stage="fire", turn=10)
    w = window_for(c)
    rocks = c.rocks()
    assert {r.distance for r in rocks if r.struck} == {1, 2}
    assert rocks and all(r.chance in (1.0, pytest.approx(0.3)) for r in rocks if r.struck)
    assert all(r.chance == 1.0 for r in rocks if r.distance == 1)
    assert all(r.chance == pytest.approx(0.3) for r in rocks if r.distance == 2)
    assert "play.rocks" in w.scene.overlay.keys() and "play.rock_targets" in w.scene.overlay.keys()
    rock = next(r for r in rocks if r.struck is not None)
    click_hex(qtbot, w, rock.struck)
    assert isinstance(c.armed, A.RollRocks)
    assert "rolling rocks" in w.decisions.odds.text()
    assert w.decisions.commit.text() == "Roll the rocks"
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    assert any(e.kind == "rocks" for e in c.entries)
    assert not c.rocks() or c.game.idx(rock.action.pile) in c.state.rocks_used


def test_the_spell_picker_lists_the_spells_their_roll_and_chance(qtbot, window_for):
    c = standard(1, 146)  # a Free Peoples FIRE phase with Gandalf on the map (S-8)
    w = window_for(c)
    rows = {r.spell: r for r in c.spells()}
    assert {s: r.need for s, r in rows.items()} == {"destroy": 6, "push_back": 7, "regroup": 8}
    assert rows["push_back"].chance == pytest.approx(0.7)
    assert c.spells_left() == 2
    picker = {k.split(":")[1]: b for k, b in w.decisions.gesture_buttons.items() if k.startswith("spell:")}
    assert set(picker) == {"destroy", "push_back", "regroup"}
    assert "needs 1-7 (70%)" in picker["push_back"].text()
    qtbot.mouseClick(picker["push_back"], Qt.MouseButton.LeftButton)
    assert isinstance(c.armed, A.CastSpell) and c.armed.spell == "push_back"
    effect = c.effect()
    assert effect is not None and (effect.moved or effect.removed)
    assert not w.board.labels["effect_arrows"].path().isEmpty()
    assert w.decisions.commit.text() == "Cast the spell"
    if rows["destroy"].options:
        qtbot.mouseClick(w.decisions.gesture_buttons["spell:destroy"], Qt.MouseButton.LeftButton)
        assert c.mode == "destroy" and "play.pick" in w.scene.overlay.keys()
        target = c.destroy_targets()[0]
        click_hex(qtbot, w, target)
        assert c.armed == A.CastSpell("destroy", target)
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    assert c.state.spell_tried
    assert any(e.kind == "spell_roll" for e in c.entries)
    assert not any(r.options for r in c.spells())
    assert "already tried" in w.decisions.gesture_buttons["spell:regroup"].toolTip() or c.state.stage != "fire"


def test_an_escape_prompt_names_the_leader_and_shades_where_he_may_go(qtbot, window_for):
    c = standard(1, 473)  # an S-10 escape offer
    assert c.state.stage == "escape"
    c.confirm_handover()
    w = window_for(c)
    leader = c.game.specs[c.state.escapes[0]].name
    assert leader in w.banner.text() and "S-10" in w.banner.text()
    assert w.decisions.button(f"{leader} stays") is not None
    escape = w.decisions.button("Escape")
    qtbot.mouseClick(escape, Qt.MouseButton.LeftButton)
    assert c.mode == "escape" and "play.pick" in w.scene.overlay.keys()
    to = c.escape_hexes()[0]
    cid = c.state.escapes[0]
    click_hex(qtbot, w, to)
    assert c.state.pos[cid] == c.game.idx(to)


def test_o8_and_o6_decisions_sit_under_their_rule(window_for):
    c = PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", seed=3,
                                options={"o8_extra_elves": True, "o6_variable_reinforcements": True})
    w = window_for(c)
    titles = [t for t, _, _ in c.sections()]
    assert "O-8 Extra Elves" in titles
    assert "Elf" in w.decisions.buttons[0].text() or "elf" in w.decisions.buttons[0].text().lower()
    c.act(c.legal()[0])
    c.auto_place()
    c.confirm_handover()
    assert [t for t, _, _ in c.sections()][0] == "O-6 Variable reinforcements"
    assert w.decisions.button("Thrak and Thuk come over the mountain") is not None
