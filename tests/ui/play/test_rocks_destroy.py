"""Two Standard Game gestures that preview before the roll: S-7 rolling rocks armed by
their own button (a click on the pile selects its counters), and S-8 Gandalf's Destroy spell showing, before the
roll, which counters it would destroy and which it spares, and its chance."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from bofa_studio.rules.bofa1984 import actions as A
from tests.ui.play.conftest import click_hex, controller_at


def rocks_position():
    """A Free Peoples COMBAT phase in which an Elf archer on the boulder pile in 0312 may roll
    rocks down its slope line (0412, 0513), the first occupied hex at distance 2 (S-7: a hit
    on 1-3), and Thranduil could attack a goblin instead. Built directly: random play (seed
    11) first reached such a phase after 1133 actions, a second of every test's time."""
    c = controller_at({"0312": ["elf_archer_5"], "0513": ["thuk_goblin_scimitar_1"],
                       "0523": ["thranduil"], "0423": ["thrak_goblin_spearman_3"]},
                      player="free_peoples", stage="combat", turn=9)
    rock = next(r for r in c.rocks() if r.struck is not None)
    assert c._label(rock.line[0]) == "0312" and c._label(rock.struck) == "0513"
    assert c.stack(rock.line[0]) and rock.distance == 2
    return c, rock


def test_the_rocks_button_previews_the_roll_before_rolling(qtbot, window_for):
    c, rock = rocks_position()
    w = window_for(c)
    pile = rock.line[0]
    button = w.decisions.button(f"Rocks from {c._label(pile)}")
    assert button is not None and "30% hit" in button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # Armed, not rolled: S-7 "distance 2 a hit on 1-3" shows on the map and in the panel first.
    assert c.armed == rock.action and c.rock_pile() == pile
    assert c.game.idx(pile) not in c.state.rocks_used
    keys = w.scene.overlay.keys()
    assert "play.rock_armed" in keys and "play.rock_chosen" in keys
    assert not w.board.labels["rocks"].path().isEmpty()  # the struck hex's "rocks 30%"
    assert "30%" in w.decisions.odds.text() and "rolling rocks" in w.decisions.odds.text()
    assert w.decisions.commit.isVisible() and w.decisions.commit.text() == "Roll the rocks"
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    assert any(e.kind == "rocks" for e in c.entries)
    assert c.game.idx(pile) in c.state.rocks_used


def test_a_click_on_a_counter_on_the_boulder_pile_selects_it(qtbot, window_for):
    """Seen in play: an archer on a boulder pile could not be selected by its first click,
    which armed the rocks instead."""
    c, rock = rocks_position()
    w = window_for(c)
    pile = rock.line[0]
    click_hex(qtbot, w, pile)
    assert c.armed is None and c.selection == tuple(c.stack(pile))
    assert "play.rock_armed" not in w.scene.overlay.keys()


def test_a_click_on_another_hex_while_the_rocks_are_armed_says_why(qtbot, window_for):
    """Seen in play: a click on a target while the rocks were armed drew a red ring and said nothing."""
    c, rock = rocks_position()
    w = window_for(c)
    qtbot.mouseClick(w.decisions.button(f"Rocks from {c._label(rock.line[0])}"), Qt.MouseButton.LeftButton)
    g = c.game
    other = next(g.hex(i) for i, stack in c.state.stacks.items()
                 if g.hex(i) != rock.struck and all(g.side_of[x] != c.decider() for x in stack))
    click_hex(qtbot, w, other)
    assert c.target is None and c.armed == rock.action
    assert c.refusal is not None and c.refusal.rule == "S-7"
    assert c._label(rock.struck) in c.refusal.reason and c._label(other) in c.refusal.reason
    assert "S-7" in w.decisions.refusal.text()


def test_the_struck_hex_gesture_still_chooses_the_roll(qtbot, window_for):
    c, rock = rocks_position()
    w = window_for(c)
    click_hex(qtbot, w, rock.struck)
    assert c.armed == rock.action
    assert "play.rock_chosen" in w.scene.overlay.keys()


STACK = {"1010": ["gandalf"], "1014": ["azug_goblin_scimitar_1", "azug_goblin_archer_2", "bolg"],
         "1016": ["azug_goblin_archer_1"], "0606": ["elf_archer_1"]}


WORKS = {0: True, 1: False}


@pytest.mark.parametrize("seed", sorted(WORKS))
def test_destroy_previews_its_victims_and_chance_before_the_roll(qtbot, window_for, seed):
    c = controller_at(STACK, reduced=("azug_goblin_archer_2",), player="free_peoples", stage="fire", seed=seed)
    w = window_for(c)
    g = c.game
    target = g.cb.board.hex_at("1014")
    qtbot.mouseClick(w.decisions.gesture_buttons["spell:destroy"], Qt.MouseButton.LeftButton)
    assert c.mode == "destroy" and target in c.destroy_targets()
    assert c.destroy_chances()[target] == pytest.approx(0.6)  # S-8: a roll of 1-6
    click_hex(qtbot, w, target)
    assert c.armed == A.CastSpell("destroy", target)
    effect = c.effect()
    # S-8: every combat unit in the hex is destroyed; the leader (Bolg) is not.
    assert set(effect.removed) == {"azug_goblin_scimitar_1", "azug_goblin_archer_2"}
    assert not effect.moved and not effect.flipped
    text = w.decisions.odds.text()
    assert "60%" in text
    assert "destroyed: " in text and g.specs["azug_goblin_scimitar_1"].name in text
    assert "spared: " + g.specs["bolg"].name in text
    assert not w.board.labels["effect_removed"].path().isEmpty()  # crossed out on the map
    assert not w.board.labels["destroy"].path().isEmpty()  # "destroy 60%" on the picked hex
    assert "play.destroy_target" in w.scene.overlay.keys()
    # Another shaded hex: the preview follows the pick.
    click_hex(qtbot, w, g.cb.board.hex_at("1016"))
    assert set(c.effect().removed) == {"azug_goblin_archer_1"}
    assert "spared: " not in w.decisions.odds.text()
    click_hex(qtbot, w, target)
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    worked = "destroy" in c.state.spells_used  # a spell that works is used up (S-8)
    assert worked == WORKS[seed]  # the two seeds roll each way
    gone = {x for x in STACK["1014"] if x not in c.state.pos}
    assert gone == (set(effect.removed) if worked else set())  # the preview was the engine's outcome
    assert "bolg" in c.state.pos


def test_the_destroy_screenshot_aims_where_the_spell_destroys_the_most():
    c = controller_at(STACK, reduced=("azug_goblin_archer_2",), player="free_peoples", stage="fire")
    c.show_for_picture("destroy")
    target = c.game.cb.board.hex_at("1014")
    assert c.armed == A.CastSpell("destroy", target)  # two victims there, one in 1016
    assert target in c.focus_hexes() and c.hex_of("gandalf") in c.focus_hexes()
    c.act(A.EndPhase())
    with pytest.raises(ValueError, match="S-8"):
        c.show_for_picture("destroy")


def test_fighting_first_warns_that_it_gives_up_the_rocks(qtbot, window_for):
    """S-7: the rocks roll "before the phase's first fight or shot"; declaring an attack
    while a pile may still roll says so before the roll."""
    c, rock = rocks_position()
    w = window_for(c)
    attack = next(a for a in c.legal() if isinstance(a, A.Attack))
    c.select(attack.attackers)
    click_hex(qtbot, w, attack.target)
    assert c.target == attack.target
    text = w.decisions.odds.text()
    assert "gives up the rolling rocks from " + c._label(rock.line[0]) in text
    assert w.decisions.commit.isVisible()


def test_a_skirmish_shows_its_odds_and_second_wave_before_its_roll(qtbot, window_for):
    """B-7: skirmishes are fought in the combat phase, the phase player choosing a second
    wave from an adjacent hex; the button declares it, the Roll button rolls it."""
    c = controller_at({"1016": ["elf_spearman_1", "azug_goblin_scimitar_1"], "1017": ["elf_spearman_2"]},
                      player="free_peoples", stage="combat")
    w = window_for(c)
    skirmishes = [b for b in w.decisions.buttons if b.text().startswith("Skirmish")]
    assert len(skirmishes) == 2  # alone, or with the second wave from 1017
    with_wave = next(b for b in skirmishes if "1017" in b.text() or c.game.specs["elf_spearman_2"].name in b.text())
    qtbot.mouseClick(with_wave, Qt.MouseButton.LeftButton)
    assert not any(e.kind == "combat_result" for e in c.entries)  # nothing rolled yet
    assert c.target == c.game.board.hex_at("1016") and c.selection == ("elf_spearman_2",)
    assert "column" in w.decisions.odds.text() and "%" in w.decisions.odds.text()
    assert w.decisions.commit.text() == "Roll for the combat"
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    assert any(e.kind == "combat_result" for e in c.entries)
