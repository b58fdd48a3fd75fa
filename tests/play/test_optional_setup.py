"""O-6 and O-8 change who sets up: the tray must follow the engine's setup_list."""

from __future__ import annotations

from bofa_studio.play.controller import PlayController
from bofa_studio.resources import scenarios_dir
from bofa_studio.rules.bofa1984 import actions as A


def _game(**options: bool) -> PlayController:
    return PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", seed=3, options=options)


def test_o8_extra_elves_chosen_appear_in_the_setup_tray():
    c = _game(o8_extra_elves=True)
    assert c.state.stage == "extra_elves"
    choice = next(a for a in c.legal() if isinstance(a, A.ChooseExtraElves))
    assert c.act(choice)
    tray = c.tray()
    assert set(choice.counters) <= set(tray)
    assert not (set(c.game.extra_elves) - set(choice.counters)) & set(tray)
    # The extra Elves are placeable by click like any other setup counter.
    cid = choice.counters[0]
    c.pick_tray(cid)
    h = next(c.game.hex(i) for i in sorted(c.game.setup_zone[cid])
             if c.game.place_problem(c.state, cid, i, "free_peoples") is None)
    assert c.click(h) and cid in c.state.pos


def test_o6_the_three_staying_tribes_set_up_and_the_two_others_wait():
    c = _game(o6_variable_reinforcements=True)
    c.auto_place()
    c.confirm_handover()
    assert c.state.stage == "variable_tribes"
    assert c.act(A.ChooseTribes(("gurash", "osag")))
    tribe_of = c.game.tribe_of
    tray = set(c.tray())
    assert {tribe_of[x] for x in tray if x in tribe_of} == {"thrak", "thuk", "azug"}
    waiting = {x for ids in c.waiting().values() for x in ids}
    assert {tribe_of[x] for x in waiting if x in tribe_of} == {"gurash", "osag"}
