"""The decision panel: what each stage asks (B-2 to B-8 and the Standard Game's decisions),
the buttons with their labels grouped under their rules, and what a button does."""

from __future__ import annotations

from typing import Any

from bofa_studio.play.presentation import Gesture, PendingPreview
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.counters import FREE_PEOPLES
from bofa_studio.rules.bofa1984.present.terms import KIND_ORDER
from bofa_studio.rules.bofa1984.spells import SPELL_NAMES
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import chip_text as chip_name
from bofa_studio.rules.core import RuleError


class Decisions:
    """Prompts, buttons and their sections, and the panel's named gestures."""

    def stage_text(self) -> str:
        s = self.state
        texts = {
            "setup": "set up your counters in your zones (B-2)",
            "choose_first": "choose the chip you play first (B-3)",
            "choose_second": "choose the chip you hold for later (B-3)",
            "chip": "play your held chip, or draw blind (B-3, S-3)",
            "fc_mode": "play the F/C chip as FIRE or COMBAT (B-4)",
            "move": "move: select a counter or stack, then a shaded hex (B-6)",
            "combat": "combat: select attackers, then the enemy hex; skirmishes must be fought (B-7)",
            "fire": "fire: select archers, then the target hex (B-8)",
            "loss": f"choose which counter in {' or '.join(self._label(h) for h in self.loss_hexes()) or '?'} "
                    "takes the hit (B-7)",
            "advance": f"advance into the emptied hex {self._label(self.advance_hex())}, or stay (B-7)",
            "extra_elves": f"choose the {s.extra_count} extra Elf counter(s) the roll brings (O-8)",
            "variable_tribes": "choose the two tribes that come over the mountain on turn 4 (O-6)",
        }
        g = self.game
        if s.stage == Stage.ESCAPE and s.escapes:
            cid = s.escapes[0]
            return (f"{g.specs[cid].name}: an enemy entered his hex in {self._label(self.hex_of(cid))} — "
                    f"escape or stay (S-10)")
        if s.stage == Stage.GROUND_EAGLES:
            hexes = self.ground_eagle_hexes()
            where = self._label(hexes[0]) if hexes else "?"
            return (f"Giant Eagles lie on your counters in {where}: ground them for a skirmish, "
                    "or leave them in the air (S-7)")
        if s.stage == Stage.REGROUP_PLACE and s.regroup_place:
            return f"{g.specs[s.regroup_place].name} was regrouped and no longer fits: move it next door (S-3)"
        return texts.get(s.stage, s.stage)

    def decision_actions(self) -> list[Any]:
        """The legal actions a button may take. In a MOVE phase that is only ending it (entries,
        moves and dives are map gestures), asked of the engine without listing every move: the
        panel refreshes after each action, and a Standard Game's listing can take 50 ms."""
        if self.state.stage == Stage.MOVE and self.decider() is not None:
            return self.game.move_phase_end(self.state)
        return self.legal()

    def choices(self) -> dict[str, list[Any]]:
        """The decisions of :meth:`decision_actions` grouped by kind (the action class name),
        in panel order."""
        groups: dict[str, list[Any]] = {}
        for a in self.decision_actions():
            groups.setdefault(type(a).__name__, []).append(a)
        order = {k: i for i, k in enumerate(KIND_ORDER)}
        return dict(sorted(groups.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))

    def buttons(self) -> list[tuple[str, Any]]:
        """Decisions that need no map gesture, each with a label: chips, modes, losses, advance..."""
        out = []
        # Dives, spells and escapes have their own gestures (there can be hundreds of dives).
        map_kinds = {"Place", "Move", "Attack", "Fire", "Dive", "CastSpell", "Escape"}
        for kind, actions in self.choices().items():
            if kind in map_kinds:
                continue
            if kind == "PlaceDefault" and self._foreign_setup():
                # O-2: the engine's PlaceDefault would set up another seat's counters too.
                if self.tray():
                    out.append((f"Auto-place {self.seat_name(self.active_seat)}'s counters (scenario setup)",
                                "auto_place"))
                continue
            for i, a in enumerate(actions):
                if kind == "Skirmish":
                    # B-7: the button declares the skirmish (with its second wave), so its odds
                    # show before "Roll for the combat" rolls it.
                    out.append((self.label(a) + "…", Gesture(f"skirmish:{i}")))
                    continue
                if kind == "RollRocks":
                    # S-7: the button arms the roll, so its line, struck hex and chance show on the
                    # map and the panel before "Roll the rocks" rolls it.
                    out.append((self.label(a).replace("Roll rocks", "Rocks", 1) + "…", Gesture(f"rocks:{i}")))
                    continue
                out.append((self.label(a), a))
        return out

    def label(self, a: Any) -> str:
        g = self.game
        name = type(a).__name__
        names = lambda ids: ", ".join(g.specs[c].name for c in ids)  # noqa: E731
        if name == "ChooseChip":
            return f"Take {chip_name(a.chip)}"
        if name == "PlayHeldChip":
            return f"Play held chip ({chip_name(self.state.held)})"
        if name == "DrawChip":
            return "Draw a chip blind"
        if name == "ChooseMode":
            return f"Play F/C as {a.mode.upper()}"
        if name == "PlaceDefault":
            return "Auto-place the rest (scenario setup)"
        if name == "Skirmish":
            where = g.cb.label(g.idx(a.hex))
            return f"Skirmish in {where}" + (f" + second wave {names(a.second_wave)}" if a.second_wave else "")
        if name == "TakeLoss":
            return f"Hit on {names([a.counter])}"
        if name == "Advance":
            into = f" into {self._label(self.advance_hex())}" if self.advance_hex() is not None else ""
            return f"Advance {names(a.counters)}{into}" if a.counters else "Do not advance"
        if name == "EndPhase":
            return "End the phase"
        if name == "ChooseExtraElves":
            return names(a.counters)
        if name == "ChooseTribes":
            return " and ".join(t.capitalize() for t in a.tribes) + " come over the mountain"
        if name == "StayPut":
            return f"{names([a.counter])} stays"
        if name == "RegroupMove":
            return f"Move {names([a.counter])} to {self._label(a.to)}"
        if name == "RegroupShift":
            return (f"Shift {names([a.shifted])} to {self._label(a.shift_to)}, "
                    f"then {names([a.counter])} into {self._label(a.to)}")
        if name == "GroundEagles":
            where = self._label(a.hex)
            return f"Skirmish with the Eagles in {where}" if a.skirmish else f"Leave the Eagles over {where} in the air"
        if name == "RollRocks":
            rock = next((r for r in self.rocks() if r.action == a), None)
            if rock is not None and rock.struck is not None:
                return (f"Roll rocks from {self._label(a.pile)} onto {self._label(rock.struck)}"
                        f" ({rock.chance:.0%} hit)")
            return f"Roll rocks from {self._label(a.pile)} towards {self._label(a.toward)}"
        return self.generic_label(a)

    def sections(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        """The decision buttons grouped under the rule they come from, with a sentence that
        says what is being decided (title, text, buttons)."""
        s, g = self.state, self.game
        titled: dict[str, tuple[str, str]] = {
            "ChooseExtraElves": ("O-8 Extra Elves",
                                 f"The roll brings {s.extra_count} of the extra Elf counters: choose which set up "
                                 "with the Elves."),
            "ChooseTribes": ("O-6 Variable reinforcements",
                             "Choose the two tribes that come over the mountain on turn 4; the other three "
                             "set up in the south now."),
            "StayPut": ("S-10 Escape of leaders", ""),
            "RegroupMove": ("S-3 Regrouping", ""),
            "RegroupShift": ("S-3 Regrouping", ""),
            "GroundEagles": ("S-7 Giant Eagles and skirmishes",
                             "Giant Eagles ended their move on your counters. Ground them under your "
                             "counter for a skirmish this combat phase, or leave them in the air."),
            "RollRocks": ("S-7 Rolling rocks",
                          "Before the phase's first fight or shot. The struck hexes are marked on the map "
                          "with their chance: distance 1 is a hit, distance 2 a hit on 1-3."),
        }
        if s.stage == Stage.GROUND_EAGLES:
            hexes = self.ground_eagle_hexes()
            eagles = [c for c in self.stack(hexes[0]) if g.side_of[c] != "dark"] if hexes else []
            titled["GroundEagles"] = (
                "S-7 Giant Eagles and skirmishes",
                f"{', '.join(g.specs[c].name for c in eagles) or 'Giant Eagles'} ended the move on your counters "
                f"in {self._label(hexes[0]) if hexes else '?'} (shaded on the map). Ground them under your "
                "counter for a skirmish this combat phase, or leave them in the air."
                + (f" Then: {', '.join(self._label(h) for h in hexes[1:])}." if len(hexes) > 1 else ""))
        if s.stage == Stage.ESCAPE and s.escapes:
            cid = s.escapes[0]
            titled["StayPut"] = ("S-10 Escape of leaders",
                                 f"An enemy entered {g.specs[cid].name}'s hex. He may escape with his whole "
                                 "movement value to a hex without enemies, or stay.")
        if s.stage == Stage.REGROUP_PLACE and s.regroup_place:
            titled["RegroupMove"] = ("S-3 Regrouping",
                                     f"{g.specs[s.regroup_place].name} is back to full strength but its hex "
                                     "cannot hold it: click a shaded hex next to it.")
            titled["RegroupShift"] = ("S-3 Regrouping",
                                      f"{g.specs[s.regroup_place].name} is back to full strength but its hex "
                                      "cannot hold it and every neighbour is full (S-1): click the ringed hex "
                                      "it moves into, then the shaded hex its counter shifts to.")
        out: dict[str, tuple[str, str, list[tuple[str, Any]]]] = {}
        for label, a in self.buttons():
            title, text = titled.get(type(a).__name__, ("", ""))
            out.setdefault(title, (title, text, []))[2].append((label, a))
        if self.plain_move() is not None:
            where = self._label(self.armed.target)
            out.setdefault("S-7 Dive attacks", ("S-7 Dive attacks",
                                                f"The Eagle may also end its move in {where} without diving "
                                                "(or Shift+click the hex).", []))[2].append(
                (f"Move to {where} without diving", "move_no_dive"))
        if s.stage == Stage.ESCAPE and any(isinstance(a, A.Escape) for a in self.legal()):
            sec = out.setdefault("S-10 Escape of leaders", (*titled["StayPut"], []))
            sec[2].insert(0, ("Escape… (then click a shaded hex)", "escape"))
        block = self.end_phase_block() if s.stage == Stage.MOVE else None
        blocked = [(f"{block.rule} The phase cannot end yet", block.reason, [])] if block is not None else []
        return blocked + self.spell_section() + list(out.values())

    def after_step(self) -> None:
        """O-2: when the seat at the board has placed all its setup counters but another seat
        of the side has not, the board passes to that seat (there is nothing else to do)."""
        s, g = self.state, self.game
        if not self.o2 or s.stage != Stage.SETUP or self.active_seat is None:
            return
        left = [c for c in g.setup_list(s, s.setup_side) if c not in s.pos]
        if any(self.piece_seat(c) == self.active_seat for c in left):
            return
        other = next((sid for sid in self.seats_now() if any(self.piece_seat(c) == sid for c in left)), None)
        if other is not None and other != self.active_seat:
            self.active_seat = other
            self.handover_to = self.decider()


    def commit(self) -> bool:
        """Declare the pending attack, skirmish, shot, dive, rocks or spell; the session rolls."""
        action = self.pending_action()
        if action is None:
            self.refusal = RuleError(self.state.stage and {"fire": "B-8"}.get(self.state.stage, "B-7"),
                                     "select your counters and a target hex first")
            self._changed()
            return False
        return self.act(action)

    def end_phase(self) -> bool:
        return self.act(A.EndPhase())

    def auto_place(self) -> bool:
        """The scenario's proposed setup for the seat at the controls.

        The engine's PlaceDefault sets up the whole side, and under O-2 a side may be two
        seats: while another seat still has counters to place, this seat's own are placed
        one by one with Place actions to their default hexes, so each is still checked by
        the engine and the other seat keeps its own setup decisions."""
        if not self._foreign_setup():
            return self.act(A.PlaceDefault())
        mine = self.tray()
        if not mine:
            self.refusal = RuleError("O-2", f"{self.seat_name(self.active_seat)} has nothing left to place")
            self._changed()
            return False
        for cid in mine:
            if not self.act(self._default_place(cid)):
                return False
        return True

    def _foreign_setup(self, seat: str | None = None) -> list[str]:
        """O-2: the side's counters still to set up that another seat than ``seat`` (default:
        the seat at the board) commands."""
        s = self.state
        if not self.o2 or s.stage != Stage.SETUP:
            return []
        self._update_seat()
        seat = seat or self.active_seat
        return [c for c in self.game.setup_list(s, s.setup_side) if c not in s.pos and self.piece_seat(c) != seat]

    def _default_place(self, cid: str) -> Any:
        """The Place that puts ``cid`` where the scenario proposes; O-8's extra Elves have no
        proposal, so they take the first hex of their zone the engine accepts (as PlaceDefault does)."""
        h = self.game.default_placement.get(cid)
        if h is not None:
            return A.Place(cid, self.game.hex(h))
        return next((a for a in self.legal() if isinstance(a, A.Place) and a.counter == cid),
                    A.Place(cid, self.game.hex(min(self.game.setup_zone[cid]))))


    def gesture(self, name: str) -> bool:
        """The decision panel's named buttons: auto-place a seat's counters (O-2), start an
        escape (S-10), move an Eagle without diving (S-7), pick one of Gandalf's spells (S-8)."""
        if name == "auto_place":
            return self.auto_place()
        if name == "escape":
            self.start_escape()
            return False
        if name == "move_no_dive":
            return self.move_without_diving()
        if name.startswith("skirmish:"):
            options = self.choices().get("Skirmish", [])
            i = int(name.split(":", 1)[1])
            if i < len(options):
                self._clear_gesture()
                self.target = options[i].hex
                self.selection = tuple(options[i].second_wave)
                self.refusal = None
                self._changed()
                return False
        if name.startswith("rocks:"):
            options = self.choices().get("RollRocks", [])
            i = int(name.split(":", 1)[1])
            if i < len(options):
                self._clear_gesture()
                self._arm_roll(options[i], "")
                return False
        if name.startswith("spell:"):
            self.pick_spell(name.split(":", 1)[1])
            return False
        return super().gesture(name)

    def spell_section(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        """S-8: the three spells, the roll each needs and its chance, which are used, how many
        are left; a spell that cannot be tried now says why in its tooltip."""
        s = self.state
        if s.stage != Stage.FIRE or s.phase_player != FREE_PEOPLES or "gandalf" not in s.pos:
            return []
        rows = self.spells()
        if not rows:
            return []
        used = [SPELL_NAMES[r.spell] for r in rows if r.used]
        text = (("Used: " + ", ".join(used) + ". " if used else "")
                + "One try per FIRE phase, before the first shot; no line of sight needed.")
        buttons: list[tuple[str, Any]] = []
        for r in rows:
            chance = "used" if r.used else f"{r.chance:.0%}"
            label = (f"{SPELL_NAMES[r.spell]} — needs 1-{r.need} ({chance})"
                     + (": click a hex" if r.spell == "destroy" and r.options else ""))
            buttons.append((label, Gesture(f"spell:{r.spell}", bool(r.options), r.why)))
        return [(f"S-8 Gandalf's spells — {self.spells_left()} of 2 left", text, buttons)]

    def pending_preview(self) -> PendingPreview | None:
        """The declared attack or shot's odds (B-7, B-8), or the armed dive, rocks or spell."""
        if self.replay is not None or self.decider() is None:
            return None
        odds = self.odds()
        if odds is not None:
            if odds.error is not None:
                return PendingPreview(error=odds.error)
            commit = "Fire!" if self.state.stage == Stage.FIRE else "Roll for the combat"
            lines = tuple(odds.describe().split("\n"))
            rules = tuple(m.rule for m in odds.modifiers if m.rule)
            piles = sorted({self._label(r.line[0]) for r in self.rocks()})
            if piles:
                # S-7: rocks roll "before the phase's first fight or shot": this one gives them up.
                lines += (f"Warning: this gives up the rolling rocks from {', '.join(piles)} for this phase (S-7)",)
                rules += ("S-7",)
            return PendingPreview(lines, rules, None, commit)
        if self.armed is not None:
            text = self.armed_text()
            if text:
                kind = type(self.armed).__name__
                commit = {"Dive": "Dive!", "RollRocks": "Roll the rocks", "CastSpell": "Cast the spell"}.get(kind, "Roll")
                return PendingPreview((text,), (), None, commit)
        return None
