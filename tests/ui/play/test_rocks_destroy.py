"""Two Standard Game gestures that preview before the roll: S-7 rolling rocks chosen by a
click on the boulder pile itself, and S-8 Gandalf's Destroy spell showing, before the
roll, which counters it would destroy and which it spares, and its chance."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from bofa_studio.rules.bofa1984 import actions as A
from tests.ui.play.conftest import click_hex, controller_at
from tests.ui.play.test_standard_gestures import standard


def rocks_position():
    """Seed 2, 614 random actions: a Free Peoples COMBAT phase in which Man Archer 3 on the
    boulder pile 2609 may roll rocks down its slope line; the first occupied hex is 2410,
    at distance 2 (S-7: a hit on 1-3)."""
    c = standard(2, 614)
    rock = next(r for r in c.rocks() if r.struck is not None)
    assert c.stack(rock.line[0]) and rock.distance == 2
    return c, rock


def test_a_click_on_the_boulder_pile_chooses_its_roll(qtbot, window_for):
    c, rock = rocks_position()
    w = window_for(c)
    pile = rock.line[0]
    click_hex(qtbot, w, pile)
    assert c.armed == rock.action and c.rock_pile() == pile
    assert c.selection == ()  # the pile's counters are not selected by that click
    keys = w.scene.overlay.keys()
    assert "play.rock_armed" in keys and "play.rock_chosen" in keys
    assert not w.board.labels["rocks"].path().isEmpty()  # the struck hex's "rocks 30%"
    assert f"rocks {rock.chance:.0%}" == "rocks 30%"
    assert "30%" in w.decisions.odds.text() and "rolling rocks" in w.decisions.odds.text()
    assert c._label(rock.struck) in c.message and "its counters instead" in c.message
    assert w.decisions.commit.isVisible() and w.decisions.commit.text() == "Roll the rocks"
    qtbot.mouseClick(w.decisions.commit, Qt.MouseButton.LeftButton)
    assert any(e.kind == "rocks" for e in c.entries)
    assert c.game.idx(pile) in c.state.rocks_used


def test_a_second_click_on_the_pile_selects_its_counters_and_a_third_chooses_the_roll_again(qtbot, window_for):
    c, rock = rocks_position()
    w = window_for(c)
    pile = rock.line[0]
    click_hex(qtbot, w, pile)
    assert c.armed == rock.action
    click_hex(qtbot, w, pile)  # the pile has one slope line: on to its counters
    assert c.armed is None and c.selection == tuple(c.stack(pile))
    assert "play.rock_armed" not in w.scene.overlay.keys()
    click_hex(qtbot, w, pile)  # the selection is dropped, as any own hex's
    assert c.selection == () and c.armed is None
    click_hex(qtbot, w, pile)
    assert c.armed == rock.action


def test_the_struck_hex_gesture_still_chooses_the_roll(qtbot, window_for):
    c, rock = rocks_position()
    w = window_for(c)
    click_hex(qtbot, w, rock.struck)
    assert c.armed == rock.action
    assert "play.rock_chosen" in w.scene.overlay.keys()


def test_a_pile_with_two_slope_lines_cycles_them_then_its_counters(qtbot, window_for):
    """No pile of the 1984 map has two slope lines, but a variant map may: each click on the
    pile arms the next line (the other drawn dashed), then selects the pile's counters."""
    from bofa_studio.rules.bofa1984 import rocks as rules_rocks

    c, rock = rocks_position()
    g = c.game
    pile = rock.line[0]
    first = rules_rocks.slope_lines(g)[g.idx(pile)][0]
    # A second line from the same pile, through an empty neighbour, onto the same struck hex.
    other = next(n for n in pile.neighbors() if n in g.cb.index and g.idx(n) != first[1] and not c.stack(n))
    g._slopes[g.idx(pile)].append((g.idx(pile), g.idx(other), g.idx(rock.struck)))
    try:
        c._legal = None
        c._changed()
        lines = [r.action for r in c.rocks() if r.line[0] == pile]
        assert len(lines) == 2
        w = window_for(c)
        click_hex(qtbot, w, pile)
        assert c.armed == lines[0] and "another slope line" in c.message
        assert "play.rock_pile_lines" in w.scene.overlay.keys()
        click_hex(qtbot, w, pile)
        assert c.armed == lines[1] and "its counters instead" in c.message
        click_hex(qtbot, w, pile)
        assert c.armed is None and c.selection
    finally:
        g._slopes[g.idx(pile)].pop()


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
