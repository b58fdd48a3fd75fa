"""Positions for pictures (``bofa-studio screenshot --mode play``): a sample decision to
explain, or the S-8 Destroy spell aimed."""

from __future__ import annotations

from typing import Any

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import preview
from bofa_studio.rules.bofa1984.state import Stage


class Pictures:
    """Sets up what a screenshot shows."""

    def show_for_picture(self, gesture: str | None = None) -> None:
        """Pick something for a screenshot to explain; ``destroy`` aims the S-8 Destroy spell."""
        if gesture == "destroy":
            self._show_destroy()
        elif gesture is None:
            self._show_sample_decision()
        else:
            raise ValueError(f"unknown gesture {gesture!r} for a picture; known: destroy")

    def focus_hexes(self) -> list:
        hexes = [self.hex_of(c) for c in self.selection]
        hexes += self.dive_path()
        for r in self.rocks():
            if r.action == self.armed:
                hexes += r.line
        if self.target is not None:
            hexes.append(self.target)
        spell = self.armed
        if getattr(spell, "spell", None) == "destroy":
            hexes += [spell.target, self.hex_of("gandalf")]
        if self.reach is not None:
            hexes += list(self.reach.costs)
        return [h for h in hexes if h is not None]


    def _show_sample_decision(self) -> None:
        """Pick something for the picture to explain: a stack's reach, or an attack's odds."""
        stage = self.state.stage
        legal = self.legal()
        dives = [a for a in legal if isinstance(a, A.Dive)]
        rocks = [r for r in self.rocks() if r.struck is not None]
        if dives:  # a dive's targets, its flight and its chance
            self.select((dives[0].eagle,))
            self.click(dives[0].target)
            g, start = self.game, self.state.pos[dives[0].eagle]
            far = max((d.to for d in dives if d.eagle == dives[0].eagle and d.target == dives[0].target),
                      key=lambda h: g.cb.distance(start, g.idx(h)))
            self.click(far)  # a flight that ends elsewhere shows its whole path
            return
        if rocks:  # the rocks button: its slope line, the struck hex and the chance
            self._arm_roll(rocks[0].action, "")
            return
        spells = {a.spell for a in legal if isinstance(a, A.CastSpell)}
        if "push_back" in spells and not any(isinstance(a, A.Fire) for a in legal):
            self.pick_spell("push_back")  # nothing to shoot at: show the spell's arrows
            return
        if stage == Stage.MOVE:
            moves = [a for a in legal if isinstance(a, A.Move)]
            if moves:
                best = max({m.counters for m in moves}, key=lambda g: (len(g), sum(1 for m in moves if m.counters == g)))
                self.select(best)
        elif stage in (Stage.COMBAT, Stage.FIRE):
            kind = A.Attack if stage == Stage.COMBAT else A.Fire
            acts = [a for a in legal if isinstance(a, kind)]
            if stage == Stage.FIRE:  # the longest shot: its line of sight says the most
                acts.sort(key=lambda a: -self.game.cb.distance(self.game.idx(a.target),
                                                                    self.state.pos[a.archers[0]]))
            if acts:
                a = acts[0]
                self.selection = tuple(a.attackers if stage == Stage.COMBAT else a.archers)
                self.target = a.target
                self._changed()


    def _show_destroy(self) -> None:
        """S-8: the Destroy spell aimed at the hex where it would destroy the most (then spare
        the most leaders), so the picture shows both the victims and who is spared."""
        targets = self.destroy_chances() if any(r.spell == "destroy" and r.options
                                                      for r in self.spells()) else {}
        if not targets:
            raise ValueError("no Destroy spell can be cast in this position (S-8)")

        def score(h: Any) -> tuple[int, int]:
            effect = preview.success_effect(self.game, self.state, A.CastSpell("destroy", h))
            removed = effect.removed if effect is not None else {}
            return len(removed), len(self.stack(h)) - len(removed)

        self.pick_spell("destroy")
        self.click(max(targets, key=score))
