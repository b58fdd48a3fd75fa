"""Headless pictures of play mode (``bofa-studio screenshot --mode play``)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

DEFAULT_ADVANCE = 320  # random actions: with seed 1 this lands in the middle of the game


def open_controller(path: str | None, seed: int = 1, *, autosave: Path | None = None) -> Any:
    """A save file is loaded as it is; a scenario (or nothing: the shipped one) starts a game."""
    from bofa_studio.jsonfile import read_json_object
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.ui.play.controller import PlayController

    if path is not None and read_json_object(path).get("format") == "bofa-studio.save":
        return PlayController.load(path, autosave_path=autosave), True
    return PlayController.new_game(path or default_scenario_path(), seed, autosave_path=autosave), False


def shoot_play(path: str | None, width: int, height: int, advance: int | None = None, seed: int | None = None,
               *, gesture: str | None = None):
    """The play window on a save (as saved) or a scenario advanced by seeded random play.
    ``gesture`` asks for one decision to show instead of the sample one: "destroy" (S-8)
    picks the Destroy spell's target with the most victims."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from bofa_studio.ui.play.autoplay import random_actions
    from bofa_studio.ui.play.window import PlayWindow

    app = QApplication.instance()
    with tempfile.TemporaryDirectory() as tmp:
        controller, loaded = open_controller(path, seed if seed is not None else 1, autosave=Path(tmp) / "auto.json")
        if not loaded or advance:
            random_actions(controller, DEFAULT_ADVANCE if advance is None else advance, seed=seed or 1)
        settings = QSettings(str(Path(tmp) / "screenshot.ini"), QSettings.Format.IniFormat)
        window = PlayWindow(controller, settings=settings)
        window.show_end = lambda result, parent: None
        if gesture == "destroy":
            show_destroy(controller)
        else:
            show_sample_decision(controller)
        window.resize(width, height)
        window.show()
        app.processEvents()
        window.view.fit()
        focus = focus_hexes(controller)
        if focus:
            # The whole map at fit zoom makes a selection a few pixels wide: show its corner.
            window.view.zoom_by(2.4)
            window.view.center_on_hexes(focus)
        window.view.settle()
        for _ in range(3):  # layouts settle over a few passes once the panels have their text
            app.processEvents()
        image = window.grab().toImage()
        window._autosave.stop()
        window.close()
        window.deleteLater()
        app.processEvents()
    return image


def focus_hexes(controller: Any) -> list:
    hexes = [controller.hex_of(c) for c in controller.selection]
    hexes += controller.dive_path()
    for r in controller.rocks():
        if r.action == controller.armed:
            hexes += r.line
    if controller.target is not None:
        hexes.append(controller.target)
    spell = controller.armed
    if getattr(spell, "spell", None) == "destroy":
        hexes += [spell.target, controller.hex_of("gandalf")]
    if controller.reach is not None:
        hexes += list(controller.reach.costs)
    return [h for h in hexes if h is not None]


def show_sample_decision(controller: Any) -> None:
    """Pick something for the picture to explain: a stack's reach, or an attack's odds."""
    from bofa_studio.rules.bofa1984 import actions as A

    stage = controller.state.stage
    legal = controller.legal()
    dives = [a for a in legal if isinstance(a, A.Dive)]
    rocks = [r for r in controller.rocks() if r.struck is not None]
    if dives:  # a dive's targets, its flight and its chance
        controller.select((dives[0].eagle,))
        controller.click(dives[0].target)
        g, start = controller.game, controller.state.pos[dives[0].eagle]
        far = max((d.to for d in dives if d.eagle == dives[0].eagle and d.target == dives[0].target),
                  key=lambda h: g.cb.distance(start, g.idx(h)))
        controller.click(far)  # a flight that ends elsewhere shows its whole path
        return
    if rocks:  # a click on the boulder pile: its slope line, the struck hex and the chance
        controller.click(rocks[0].line[0])
        return
    spells = {a.spell for a in legal if isinstance(a, A.CastSpell)}
    if "push_back" in spells and not any(isinstance(a, A.Fire) for a in legal):
        controller.pick_spell("push_back")  # nothing to shoot at: show the spell's arrows
        return
    if stage == "move":
        moves = [a for a in legal if isinstance(a, A.Move)]
        if moves:
            best = max({m.counters for m in moves}, key=lambda g: (len(g), sum(1 for m in moves if m.counters == g)))
            controller.select(best)
    elif stage in ("combat", "fire"):
        kind = A.Attack if stage == "combat" else A.Fire
        acts = [a for a in legal if isinstance(a, kind)]
        if stage == "fire":  # the longest shot: its line of sight says the most
            acts.sort(key=lambda a: -controller.game.cb.distance(controller.game.idx(a.target),
                                                                controller.state.pos[a.archers[0]]))
        if acts:
            a = acts[0]
            controller.selection = tuple(a.attackers if stage == "combat" else a.archers)
            controller.target = a.target
            controller._changed()


def show_destroy(controller: Any) -> None:
    """S-8: the Destroy spell aimed at the hex where it would destroy the most (then spare
    the most leaders), so the picture shows both the victims and who is spared."""
    from bofa_studio.ui.play import preview

    targets = controller.destroy_chances() if any(r.spell == "destroy" and r.options
                                                  for r in controller.spells()) else {}
    if not targets:
        raise ValueError("no Destroy spell can be cast in this position (S-8)")

    def score(h: Any) -> tuple[int, int]:
        from bofa_studio.rules.bofa1984 import actions as A

        effect = preview.success_effect(controller.game, controller.state, A.CastSpell("destroy", h))
        removed = effect.removed if effect is not None else {}
        return len(removed), len(controller.stack(h)) - len(removed)

    controller.pick_spell("destroy")
    controller.click(max(targets, key=score))
