"""The Standard Game's extra decisions as the play window offers them: odds and effects of
what is armed, dives (S-7), rolling rocks (S-7), Gandalf's spells (S-8), escapes (S-10),
regrouping (S-3), grounded Eagles (S-7) and morale checks on the way (S-6)."""

from __future__ import annotations

from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import preview
from bofa_studio.rules.bofa1984 import rocks as rules_rocks
from bofa_studio.rules.bofa1984 import spells as rules_spells
from bofa_studio.rules.bofa1984.present.options import SPELL_EFFECTS, RockOption, SpellRow
from bofa_studio.rules.bofa1984.spells import SPELL_NAMES
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import RuleError


class StandardDecisions:
    """Dives, rocks, spells, escapes and regrouping: what may be chosen, and with what chance."""

    def odds(self) -> preview.Odds | None:
        action = self.pending_action()
        if action is None or self.armed is not None:
            return None
        return preview.odds(self.game, self.state, action)

    def armed_text(self) -> str:
        """What the armed dive, rocks or spell will do, and its chance, for the panel."""
        a, g = self.armed, self.game
        if isinstance(a, A.Dive):
            chance = self._cached(f"dive{a}", lambda: preview.hit_chance(g, self.state, a, frozenset({"dive_hit"})))
            back = " and flies back" if self.reach is not None and a.to == self.reach.start else \
                f" and ends in {self._label(a.to)}"
            return (f"S-7 dive: {g.specs[a.eagle].name} dives on {self._label(a.target)}{back}. "
                    f"Hit on 1-5: {chance or 0:.0%}.")
        if isinstance(a, A.RollRocks):
            rock = next((r for r in self.rocks() if r.action == a), None)
            if rock is None:
                return ""
            where = f"{self._label(rock.struck)}, {rock.distance} hex(es) down the slope"
            return f"S-7 rolling rocks from {self._label(a.pile)} onto {where}: {rock.chance:.0%} to hit."
        if isinstance(a, A.CastSpell):
            row = next(r for r in self.spells() if r.spell == a.spell)
            where = f" on {self._label(a.target)}" if a.spell == "destroy" else ""
            chance = self.spell_chance(a)
            text = (f"S-8: Gandalf tries {SPELL_NAMES[a.spell]}{where}: needs {row.need} or less, "
                    f"{chance:.0%}. {SPELL_EFFECTS[a.spell]}")
            effect = self.effect_text()
            return f"{text} {effect}" if effect else text
        return ""

    def spell_chance(self, a: Any) -> float:
        """S-8: the chance that this cast works, from the engine's roll on a copy."""
        return self._cached(f"spell_chance{a}", lambda: preview.success_chance(self.game, self.state, a)) or 0.0

    def effect_text(self) -> str:
        """What the armed spell does if it works, counter by counter, as the engine would do it
        (tried on a copy): who is destroyed, who is spared, who is pushed, who flips back."""
        a, g = self.armed, self.game
        effect = self.effect()
        if not isinstance(a, A.CastSpell) or effect is None:
            return ""
        names = lambda ids: ", ".join(g.specs[c].name for c in ids)  # noqa: E731
        parts = []
        if a.spell == "destroy":
            parts.append(f"destroyed: {names(effect.removed)}" if effect.removed else "nothing is destroyed")
            spared = [c for c in self.stack(a.target) if c not in effect.removed and c not in effect.moved]
            if spared:
                parts.append(f"spared: {names(spared)} (S-8: not leaders or characters)")
        elif effect.removed:
            parts.append(f"removed: {names(effect.removed)}")
        if effect.moved:
            parts.append(f"{len(effect.moved)} counter(s) moved" if a.spell == "push_back"
                         else f"moved: {names(effect.moved)}")
        if effect.flipped:
            parts.append(f"{'back to full strength' if a.spell == 'regroup' else 'hit'}: {names(effect.flipped)}")
        return "If it works: " + "; ".join(parts) + "." if parts else ""

    def dives(self) -> dict[Hex, list[Any]]:
        """S-7: for a selected Giant Eagle in the MOVE phase, its legal dives by target hex."""
        if self.state.stage != Stage.MOVE or len(self.selection) != 1 or self.decider() is None:
            return {}
        eagle = self.selection[0]
        out: dict[Hex, list[Any]] = {}
        for a in self.legal():
            if isinstance(a, A.Dive) and a.eagle == eagle:
                out.setdefault(a.target, []).append(a)
        return out

    def dive_chance(self, target: Hex) -> float:
        options = self.dives().get(target)
        if not options:
            return 0.0
        a = options[0]
        return self._cached(f"dive{a}", lambda: preview.hit_chance(self.game, self.state, a,
                                                                  frozenset({"dive_hit"}))) or 0.0

    def dive_path(self) -> list[Hex]:
        """The armed dive's flight: start, over the target, to where it ends."""
        a = self.armed
        if not isinstance(a, A.Dive):
            return []
        start = self.hex_of(a.eagle)
        return [h for h in (start, a.target, a.to) if h is not None]

    def rocks(self) -> list[RockOption]:
        """S-7: every legal roll of rocks now, with its slope line, the hex it strikes and
        the chance, each found by trying the roll on a copy of the state."""
        if self.state.stage not in (Stage.COMBAT, Stage.FIRE) or self.decider() is None:
            return []
        return self._cached("rocks", self._rocks)

    def _rocks(self) -> list[RockOption]:
        g, s = self.game, self.state
        out = []
        for a in self.legal():
            if not isinstance(a, A.RollRocks):
                continue
            pile, toward = g.idx(a.pile), g.idx(a.toward)
            line = next((ln for ln in rules_rocks.slope_lines(g).get(pile, []) if ln[1] == toward), (pile, toward))
            hexes = [g.hex(i) for i in line[:3]]
            struck = next((i for i, h in enumerate(hexes[1:], 1) if g.idx(h) in s.stacks), None)
            chance = preview.hit_chance(g, s, a, frozenset({"rock_hit"})) or 0.0
            out.append(RockOption(a, hexes, hexes[struck] if struck else None, struck or 0, chance))
        return out

    def spells(self) -> list[SpellRow]:
        """S-8: the three spells with the roll each needs, its chance, whether it is used,
        and whether it can be tried now (and why not)."""
        g, s = self.game, self.state
        if not g.option("s8_gandalf_spells"):
            return []
        legal = [a for a in self.legal() if isinstance(a, A.CastSpell)]
        rows = []
        for spell, need in rules_spells.SPELLS.items():
            options = [a for a in legal if a.spell == spell]
            if spell in s.spells_used:
                why = "used (a spell that works is used up)"
            elif len(s.spells_used) >= rules_spells.MAX_SPELLS:
                why = "two spells have worked: no more this game"
            elif options:
                why = ""
            elif "gandalf" not in s.pos:
                why = "Gandalf is not on the map"
            elif s.stage != Stage.FIRE or s.phase_player != "free_peoples":
                why = "only in a Free Peoples FIRE phase"
            elif s.spell_tried:
                why = "one try per FIRE phase: already tried"
            elif s.fired:
                why = "only before the phase's first shot"
            else:
                why = "no target within 10 hexes" if spell == "destroy" else "not possible now"
            chance = need / 10  # a d10 roll of ``need`` or less; refined from the engine when offered
            if options:
                chance = self._cached(f"spell{spell}", lambda a=options[0]: preview.success_chance(g, s, a)) or 0.0
            rows.append(SpellRow(spell, need, chance, spell in s.spells_used, options, why))
        return rows

    def spells_left(self) -> int:
        return max(0, rules_spells.MAX_SPELLS - len(self.state.spells_used))

    def pick_spell(self, spell: str) -> None:
        """The spell picker: destroy asks for a target hex on the map; the others are
        armed at once, so the map previews their effect before the roll."""
        row = next((r for r in self.spells() if r.spell == spell), None)
        self._clear_gesture()
        if row is None or not row.options:
            self.refusal = RuleError("S-8", f"{SPELL_NAMES[spell]}: {row.why if row else 'not in this game'}")
        elif spell == "destroy":
            self.mode = "destroy"
            self.message = "S-8 destroy: click a shaded hex (within 10 hexes of Gandalf)"
        else:
            self.armed = row.options[0]
        self._changed()

    def destroy_chances(self) -> dict[Hex, float]:
        """S-8: each hex the destroy spell may strike, with the chance that the cast works."""
        return {a.target: self.spell_chance(a) for a in self.legal()
                if isinstance(a, A.CastSpell) and a.spell == "destroy"}

    def destroy_targets(self) -> list[Hex]:
        return [a.target for a in self.legal() if isinstance(a, A.CastSpell) and a.spell == "destroy"]

    def effect(self) -> preview.Effect | None:
        """The armed spell's effect if it works (the push-back's arrows, the victims...)."""
        a = self.armed
        if not isinstance(a, A.CastSpell):
            return None
        return self._cached(f"effect{a}", lambda: preview.success_effect(self.game, self.state, a))

    def start_escape(self) -> None:
        self.mode = "escape"
        self.refusal = None
        self._changed()

    def loss_hexes(self) -> list[Hex]:
        """B-7: the hexes of the counters that may take the hit now (ringed on the map)."""
        if self.state.stage != Stage.LOSS:
            return []
        hexes = {self.hex_of(a.counter) for a in self.legal() if isinstance(a, A.TakeLoss)}
        return sorted((h for h in hexes if h is not None), key=self._label)

    def advance_hex(self) -> Hex | None:
        """B-7: the hex the combat emptied, which the attackers may advance into."""
        s = self.state
        if s.stage != Stage.ADVANCE or s.pending is None:
            return None
        return self.game.hex(s.pending.target)

    def escape_hexes(self) -> list[Hex]:
        if self.state.stage != Stage.ESCAPE:
            return []
        return [a.to for a in self.legal() if isinstance(a, A.Escape)]

    def regroup_hexes(self) -> list[Hex]:
        """The hexes a click may pick now: where the regrouped counter may go (moving, or
        after a shift), or, once a shift's hex is picked, where its counter may be shifted."""
        legal = self.legal()
        shifts = [a for a in legal if isinstance(a, A.RegroupShift)]
        if self.target is not None and any(a.to == self.target for a in shifts):
            return list(dict.fromkeys(a.shift_to for a in shifts if a.to == self.target))
        return list(dict.fromkeys([a.to for a in legal if isinstance(a, A.RegroupMove)] + [a.to for a in shifts]))

    def ground_eagle_hexes(self) -> list[Hex]:
        """S-7: the hex the Dark decide about now (first), then the other hexes where Eagles
        lie on Dark counters and will be asked about next."""
        s = self.state
        if s.stage != Stage.GROUND_EAGLES:
            return []
        return list(dict.fromkeys(self.game.hex(i) for i in s.eagle_offers))

    def regroup_shift_hexes(self) -> list[Hex]:
        """S-1: the full neighbours a shift can empty (ringed on the map, unlike plain moves)."""
        if self.target is not None:
            return []
        return list(dict.fromkeys(a.to for a in self.legal() if isinstance(a, A.RegroupShift)))

    def _morale_checks(self, reach: preview.Reach) -> dict[Hex, float]:
        """S-6: the chance of each reachable move that stops at a die roll. Only moves into
        a hex holding enemies are tried (S-6 checks only entering an enemy's hex); the
        chance itself is the engine's."""
        g = self.game
        if not g.option("s6_morale"):
            return {}
        side = self.decider()
        out = {}
        for h, move in reach.moves.items():
            if any(g.side_of[c] != side for c in self.stack(h)):
                p = preview.move_check(g, self.state, move)
                if p is not None:
                    out[h] = p
        return out
