"""How The Battle of Five Armies is played at the table: the play hooks of bofa1984.

The generic play controller (:mod:`bofa_studio.play.controller`) is composed with
:class:`Play`, so these methods see its gesture state as their own. Here lives all that
is the 1984 game's: what each stage asks of the player (B-2 setup, B-3 chips, B-6 moves,
B-7 combat with its losses and advance, B-8 fire, the Standard Game's dives, rocks,
spells, escapes and regrouping), the words of buttons and prompts, what the map marks,
and O-2's seats. Every decision is still one of the engine's legal actions; a refusal is
the engine's RuleError, or (for a click that names no action) the reason in the rule's
own words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.play.faces import Face
from bofa_studio.play.inspector import PieceInfo, words
from bofa_studio.play.marks import Mark
from bofa_studio.play.presentation import Gesture, PendingPreview, RulesetPlay
from bofa_studio.play.seats import Seat
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import preview, victory
from bofa_studio.rules.bofa1984 import rocks as rules_rocks
from bofa_studio.rules.bofa1984 import spells as rules_spells
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES
from bofa_studio.rules.bofa1984.overstacking import over_stacked
from bofa_studio.rules.bofa1984.rocks import can_roll
from bofa_studio.rules.bofa1984.sequence import end_phase_problem
from bofa_studio.rules.bofa1984.spells import SPELL_NAMES
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import chip_text as chip_name
from bofa_studio.rules.core import RuleError

SIDE_NAMES = {FREE_PEOPLES: "Free Peoples", DARK: "Dark"}
SIDE_COLOURS = {FREE_PEOPLES: "#2f6db5", DARK: "#9b1c1c"}
# Button order in the decision panel; kinds not listed come last, by name.
KIND_ORDER = ["ChooseChip", "PlayHeldChip", "DrawChip", "ChooseMode", "PlaceDefault", "Skirmish", "TakeLoss",
              "Advance", "EndPhase"]
# Event kinds that come from a die or a blind draw: the log shows them as rolls.
ROLL_KINDS = frozenset({"combat_result", "fire_result", "entry_roll", "draw", "morale", "morale_check", "roll",
                        "dive_result", "spell_result", "rock_result"})
# Which name of the new-game dialog sits at each of the engine's O-2 seats.
O2_NAME_INDEX = {"free_peoples": 0, "free_peoples_elves": 0, "dark": 1, "dark_second_wave": 2,
                 "free_peoples_dwarves": 3}
O2_OPTIONS = {"o2_three_players": 3, "o2_four_players": 4}


class Play(RulesetPlay):
    split_rule = "O-2"
    roll_kinds = ROLL_KINDS

    # The counters an action puts to work, by action type and field: under O-2 each must be
    # commanded by the seat that acts.
    _ACTING_FIELDS = {"Place": "counter", "Move": "counters", "Attack": "attackers", "Fire": "archers",
                      "Dive": "eagle", "Advance": "counters", "Skirmish": "second_wave"}

    def acting_pieces(self, action: Any) -> tuple[str, ...]:
        """The counters ``action`` moves, fights, shoots or places with (O-2 checks them)."""
        name = type(action).__name__
        if name == "CastSpell":
            return ("gandalf",)
        field = self._ACTING_FIELDS.get(name)
        value = getattr(action, field, ()) if field else ()
        return (value,) if isinstance(value, str) else tuple(value)

    def seat_for(self, action: Any) -> str | None:
        """O-2, beyond the generic rule (the seat commanding every counter put to work): any
        seat with a unit on a boulder pile may roll its rocks (S-7), and the engine's
        PlaceDefault, which sets up the whole side, belongs to no single seat of a split side."""
        if not self.o2:
            return None
        if isinstance(action, A.RollRocks):
            self._update_seat()
            side = self.decider()
            rollers = [c for c in self.stack(action.pile)
                       if self.game.side_of[c] == side and can_roll(self.game, self.state, c)]
            seats = [sid for sid in self.seats_now() if any(self.piece_seat(c) == sid for c in rollers)]
            return self.active_seat if self.active_seat in seats else (seats[0] if seats else None)
        if isinstance(action, A.PlaceDefault) and self._foreign_setup():
            return None
        return super().seat_for(action)

    def seat_refusal(self, action: Any, seat: str | None = None) -> RuleError | None:
        """O-2, beyond the generic refusals: the scenario setup of a split side, and rocks
        rolled by a seat with no unit on the pile."""
        refusal = super().seat_refusal(action, seat) if not isinstance(action, A.RollRocks) else None
        if refusal is not None or not self.o2 or self.decider() is None:
            return refusal
        seat = seat or self.active_seat
        name = self.seat_name(seat)
        if isinstance(action, A.PlaceDefault) and self._foreign_setup(seat):
            others = sorted({self.seat_name(self.piece_seat(c)) for c in self._foreign_setup(seat)})
            return RuleError("O-2", f"the scenario setup would also place {' and '.join(others)}'s counters: "
                                    f"{name} places only the counters {name} commands")
        if isinstance(action, A.RollRocks):
            if seat not in self.seats_now():
                return super().seat_refusal(action, seat)
            owner = self.seat_for(action)
            if owner is not None and not any(self.piece_seat(c) == seat for c in self.stack(action.pile)):
                return RuleError("O-2", f"the units on the boulder pile in {self._label(action.pile)} are "
                                        f"commanded by {self.seat_name(owner)}, not {name}")
        return None

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

    def choices(self) -> dict[str, list[Any]]:
        """Legal actions grouped by kind (the action class name), in panel order."""
        groups: dict[str, list[Any]] = {}
        for a in self.legal():
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

    # -- counters and hexes, for the board ---------------------------------------------
    def hex_of(self, cid: str, state: Any | None = None) -> Hex | None:
        state = state or self.state
        i = state.pos.get(cid)
        return None if i is None else self.game.hex(i)

    def stack(self, h: Hex, state: Any | None = None) -> list[str]:
        state = state or self.state
        return list(state.stacks.get(self.game.idx(h), ()))

    def tray(self) -> list[str]:
        """Counters the current player may put on the map now: setup or reinforcements."""
        s = self.state
        if s.stage == Stage.SETUP:
            # setup_list, not setup_counters: O-8's chosen Elves join the Free Peoples and
            # O-6's three staying tribes the Dark, which the scenario's list cannot know.
            return [c for c in self.game.setup_list(s, s.setup_side) if c not in s.pos and self.commands(c)]
        if s.stage == Stage.MOVE:
            return [c for c in self.game.reinforcements_ready(s) if self.commands(c)]
        return []

    def waiting(self) -> dict[str, list[str]]:
        """Counters off the map still to come, by the turn they arrive (for the trays)."""
        out: dict[str, list[str]] = {}
        # O-6 gives every tribe counter a reinforcement entry; those that stayed set up instead.
        staying = set(self.game.setup_list(self.state, "dark")) if self.game.tribe_of else set()
        for cid, r in self.game.reinforcement.items():
            if cid not in self.state.entered and cid not in staying and cid in self.game.specs:
                when = f"turn {r['turn']}: {r.get('name', '')}"
                if r["turn"] <= self.state.turn:  # B-5 "not before": a late one may still come on
                    when += f", due: enters in a {self.side_name(self.game.specs[cid].side)} MOVE phase"
                out.setdefault(when, []).append(cid)
        return out

    def drop(self, cid: str, h: Hex | None) -> bool:
        """A tray counter dragged onto ``h`` (None: off the map). The same Place action as
        pick-then-click, so a refusal carries the engine's rule and reason; the counter stays
        picked so that a click can still place it."""
        if self.replay is not None or self.decider() is None:
            return False
        if not self.commands(cid):
            self.refusal = self.command_refusal(cid)
            self._changed()
            return False
        if cid not in self.tray():
            rule = "B-2" if self.state.stage == Stage.SETUP else "B-5"
            self.refusal = RuleError(rule, f"{self.game.specs[cid].name} cannot be placed now")
            self._changed()
            return False
        self.tray_pick = cid
        if h is None:
            self.refusal = RuleError("B-2" if self.state.stage == Stage.SETUP else "B-5", "dropped off the map")
            self._changed()
            return False
        return self.act(A.Place(cid, h))

    def select(self, counters: tuple[str, ...]) -> None:
        """Select movers, attackers or archers explicitly (the click gestures end here too)."""
        foreign = next((c for c in counters if not self.commands(c)), None)
        if foreign is not None:
            self.refusal = self.command_refusal(foreign)
            self._changed()
            return
        self.selection = tuple(counters)
        self.refusal = None
        self.reach = None
        stage = self.state.stage
        if stage == Stage.MOVE and counters:
            self.reach = preview.reach(self.game, self.state, self.selection, self.legal())
            self.armed = None
            self.checks = self._morale_checks(self.reach)
            if not self.reach.moves and not self.dives():
                self.message = "no legal move for the selection (already moved, or hemmed in)"
            elif self.dives():
                self.message = ("S-7: the marked enemy hexes can be dived on (click one, then where the "
                                "flight ends, then Dive!)")
        self._changed()

    def click(self, h: Hex, counter: str | None = None, *, plain: bool = False) -> bool:
        """A left click on ``h`` (on ``counter`` if one was hit). True if an action was applied.

        ``plain`` (Shift+click) asks for the plain move where a click would arm something
        else: an Eagle may end its move on a hex it could also dive on (S-7)."""
        if self.replay is not None or self.decider() is None:
            return False
        stage = self.state.stage
        if plain and stage == Stage.MOVE and self.reach is not None and h in self.reach.moves:
            return self.act(self.reach.moves[h])
        if self.tray_pick is not None and stage in (Stage.SETUP, Stage.MOVE):
            return self.act(A.Place(self.tray_pick, h))
        if self.mode == "destroy" and stage == Stage.FIRE:
            return self._click_destroy(h)
        handler = getattr(self, f"_click_{stage}", None)
        return bool(handler(h, counter)) if handler else False

    def _own_in(self, h: Hex, exclude: set[str]) -> tuple[str, ...]:
        side = self.decider()
        return tuple(c for c in self.stack(h) if self.game.side_of[c] == side and c not in exclude
                     and self.commands(c))

    def _click_move(self, h: Hex, counter: str | None) -> bool:
        dives = self.dives()
        armed = self.armed if isinstance(self.armed, A.Dive) else None
        if armed is not None and h in {d.to for d in dives.get(armed.target, [])}:
            self.armed = A.Dive(armed.eagle, armed.target, h)  # where the flight ends
            self._changed()
            return False
        if h in dives:
            options = dives[h]
            # Flying back to the start is the default end: it needs no second decision.
            self.armed = next((d for d in options if d.to == self.reach.start), options[0]) \
                if self.reach is not None else options[0]
            self.refusal = None
            self.message = "S-7 dive: click a shaded hex to change where the flight ends, then Dive!"
            if self.plain_move() is not None:
                self.message += " (Shift+click: move there without diving)"
            self._changed()
            return False
        if self.reach is not None and h in self.reach.moves:
            return self.act(self.reach.moves[h])
        mine = self._own_in(h, self.state.moved)
        if not mine:
            if self.selection:
                move = A.Move(self.selection, h)
                self.refusal = preview.explain(self.game, self.state, move) or RuleError("B-6", "not reachable")
                if "out of reach" in str(self.refusal):  # which of movement, terrain or enemies
                    why = preview.out_of_reach(self.game, self.state, tuple(self.selection), self.game.idx(h))
                    self.refusal = RuleError("B-6", why) if why else self.refusal
                self._changed()
            else:
                self._explain_idle(h)
            return False
        groups = [mine] if len(mine) > 1 else []
        groups += [(c,) for c in reversed(mine)]
        if counter in mine and self.selection != (counter,) and self.selection and self.selection[0] in mine:
            choice: tuple[str, ...] = (counter,)
        elif self.selection in groups:
            choice = groups[(groups.index(self.selection) + 1) % len(groups)]
        else:
            choice = groups[0]
        self.select(choice)
        return False

    def plain_move(self) -> Any | None:
        """S-7: the plain Move to the armed dive's target hex, when the Eagle may also simply
        end its move there (a click on that hex arms the dive instead)."""
        a = self.armed
        if not isinstance(a, A.Dive) or self.reach is None:
            return None
        return self.reach.moves.get(a.target)

    def move_without_diving(self) -> bool:
        move = self.plain_move()
        if move is None:
            self.refusal = RuleError("S-7", "no plain move to the dive target: select an Eagle and click a "
                                            "marked hex it can also reach")
            self._changed()
            return False
        return self.act(move)

    def _arm_rocks(self, h: Hex) -> bool:
        """S-7, with nothing selected: a click on a hex the rocks would strike arms that roll
        (clicking again cycles when several piles reach it). A click on the boulder pile
        selects its counters like any other (an archer on a pile was hard to select when that
        click armed the rocks); the pile's rolls are the S-7 buttons of the panel."""
        if self.selection:
            return False
        rocks = self.rocks()
        if any(r.line[0] == h for r in rocks):
            return False  # the pile's counters are selected as anywhere else; its rolls are buttons
        options = [r.action for r in rocks if r.struck == h]
        if not options:
            return False
        i = options.index(self.armed) + 1 if self.armed in options else 0
        self._arm_roll(options[i % len(options)], "")
        return True

    def _arm_roll(self, action: Any, again: str) -> None:
        self.armed = action
        self.target = None
        self.refusal = None
        rock = next((r for r in self.rocks() if r.action == action), None)
        self.message = ""
        if rock is not None and rock.struck is not None:
            self.message = (f"S-7: rocks from {self._label(action.pile)} strike {self._label(rock.struck)} "
                            f"({rock.chance:.0%}): Roll the rocks")
            if again:
                self.message += f", or click the pile again for {again}"
        self._changed()

    def rock_pile(self) -> Hex | None:
        """S-7: the boulder pile whose roll is armed (its slope lines are highlighted)."""
        return self.armed.pile if isinstance(self.armed, A.RollRocks) else None

    def _explain_idle(self, h: Hex) -> None:
        """A click on one's own counters that cannot act now says why (the engine's words),
        rather than doing nothing: already moved, fought or shot, not an archer, or (O-2)
        another seat's."""
        side, s, g = self.decider(), self.state, self.game
        own = [c for c in self.stack(h) if g.side_of[c] == side]
        if not own:
            return
        if self.o2 and not any(self.commands(c) for c in own):
            self.refusal = self.command_refusal(own[0])
            self._changed()
            return
        own = [c for c in own if self.commands(c)]
        names = " and ".join(g.specs[c].name for c in own)
        has = "have" if len(own) > 1 else "has"
        stage = s.stage
        if stage == Stage.MOVE and all(c in s.moved for c in own):
            self.refusal = RuleError("B-6", f"{names} {has} already moved this phase")
        elif stage == Stage.COMBAT and all(c in s.fought for c in own):
            self.refusal = RuleError("B-7", f"{names} {has} already fought this phase (one attack or "
                                            "skirmish each)")
        elif stage == Stage.FIRE:
            archers = [c for c in own if g.specs[c].is_archer]
            if not archers:
                self.refusal = RuleError("B-8", f"{names} cannot shoot: archery fire can only be made by "
                                                "archers (a bow on the counter)")
            elif all(c in s.fired for c in archers):
                names = " and ".join(g.specs[c].name for c in archers)
                has = "have" if len(archers) > 1 else "has"
                self.refusal = RuleError("B-8", f"{names} {has} already shot this phase (archers shoot once)")
            else:
                return
        else:
            return
        self._changed()

    def _click_combat(self, h: Hex, counter: str | None) -> bool:
        # A skirmish hex (both sides in it) is a target too: a selection from an adjacent
        # hex is its second wave.
        return self._select_or_target(h, lambda: self._own_in(h, self.state.fought))

    def _click_fire(self, h: Hex, counter: str | None) -> bool:
        return self._select_or_target(
            h, lambda: tuple(c for c in self._own_in(h, self.state.fired) if self.game.specs[c].is_archer))

    def _select_or_target(self, h: Hex, own: Callable[[], tuple[str, ...]]) -> bool:
        """The click of the combat and fire phases: a hex of one's own side toggles ``own()``
        (its counters that may still attack or shoot) in the selection; any other occupied
        hex becomes the target. A click on a hex the rocks would strike arms them instead."""
        if self._arm_rocks(h):
            return False
        rocks_armed = self.armed if isinstance(self.armed, A.RollRocks) else None
        self.armed = None
        side = self.decider()
        stack = self.stack(h)
        sides = {self.game.side_of[c] for c in stack}
        if sides == {side}:
            group = own()
            if not group:
                self._explain_idle(h)
                return False
            sel = [c for c in self.selection if c not in group]
            if not set(group) <= set(self.selection):
                sel += list(group)
            self.selection = tuple(sel)
            self.refusal = None
            self._changed()
        elif stack and rocks_armed is not None and not self.selection:
            self.armed = rocks_armed  # still armed: the click names no attack
            rock = next((r for r in self.rocks() if r.action == rocks_armed), None)
            struck = self._label(rock.struck) if rock is not None and rock.struck is not None else "no hex"
            self.refusal = RuleError("S-7", f"the rocks armed on {self._label(rocks_armed.pile)} strike {struck}, "
                                            f"not {self._label(h)}: Roll the rocks, or select attackers first "
                                            "(right-click drops the rocks)")
            self._changed()
        elif stack:
            self.target = h
            self.refusal = None
            self._changed()
        return False

    def _click_loss(self, h: Hex, counter: str | None) -> bool:
        options = [a for a in self.legal() if isinstance(a, A.TakeLoss)]
        here = [a for a in options if self.hex_of(a.counter) == h]
        pick = next((a for a in here if a.counter == counter), here[0] if len(here) == 1 else None)
        return self.act(pick) if pick is not None else False

    def _click_escape(self, h: Hex, counter: str | None) -> bool:
        cid = self.state.escapes[0]
        if h in self.escape_hexes():
            return self.act(A.Escape(cid, h))
        if self.mode == "escape":
            why = preview.explain(self.game, self.state, A.Escape(cid, h))
            if why is not None:
                # The engine names the hex only; the player needs to know what is allowed.
                why = RuleError(why.rule, f"{why.reason}: only the shaded hexes, those he reaches with his "
                                          "movement value without enemies and with room for him")
            self.refusal = why
            self._changed()
        return False

    def _click_regroup_place(self, h: Hex, counter: str | None) -> bool:
        """S-1/S-3: a shaded hex takes the regrouped counter. When every neighbour is full the
        engine offers RegroupShift instead: the first click picks the hex the counter moves
        into (``target``), the second where that hex's counter is shifted to."""
        legal = self.legal()
        shifts = [a for a in legal if isinstance(a, A.RegroupShift)]
        if self.target is not None:
            options = [a for a in shifts if a.to == self.target and a.shift_to == h]
            if options:
                pick = next((a for a in options if a.shifted == counter), options[0])
                return self.act(pick)
        move = next((a for a in legal if isinstance(a, A.RegroupMove) and a.to == h), None)
        if move is not None:
            return self.act(move)
        if any(a.to == h for a in shifts):
            self.target = h
            self.refusal = None
            names = ", ".join(dict.fromkeys(self.game.specs[a.shifted].name for a in shifts if a.to == h))
            self.message = (f"S-1: {names} makes room in {self._label(h)}: click the shaded hex it shifts to "
                            "(or another ringed hex to change)")
            self._changed()
            return False
        if self.target is not None and h == self.target:
            return False
        self.refusal = preview.explain(self.game, self.state, A.RegroupMove(self.state.regroup_place, h))
        self._changed()
        return False

    def _click_destroy(self, h: Hex) -> bool:
        spell = A.CastSpell("destroy", h)
        if spell in self.legal():
            self.armed = spell
            self.refusal = None
            self.message = (f"S-8 destroy on {self._label(h)}: its victims are crossed out; Cast the spell, "
                            "or click another shaded hex")
        else:
            self.refusal = preview.explain(self.game, self.state, spell) or RuleError(
                "S-8", "the destroy spell needs a hex within 10 hexes of Gandalf, with Dark units and "
                       "no Free Peoples")
        self._changed()
        return False

    def pending_action(self) -> Any | None:
        """The action the Roll button declares: an armed dive, roll of rocks or spell, or the
        Attack, Skirmish or Fire that the current selection and target describe."""
        if self.armed is not None:
            return self.armed
        if self.target is None:
            return None
        stage = self.state.stage
        stack = self.stack(self.target)
        if stage == Stage.COMBAT:
            if len({self.game.side_of[c] for c in stack}) == 2:
                return A.Skirmish(self.target, tuple(self.selection))
            return A.Attack(tuple(self.selection), self.target) if self.selection else None
        if stage == Stage.FIRE and self.selection:
            return A.Fire(tuple(self.selection), self.target)
        return None

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

    # -- words -------------------------------------------------------------------------------
    def side_name(self, side: str | None) -> str:
        return SIDE_NAMES.get(side or "", side or "")

    def side_colour(self, side: str | None) -> str:
        return SIDE_COLOURS.get(side or "", "#777777")

    def piece_name(self, piece: str) -> str:
        spec = self.game.specs.get(piece)
        return spec.name if spec is not None else piece

    def is_piece(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.game.specs

    def side_of_piece(self, piece: str) -> str | None:
        return self.game.side_of.get(piece)

    def piece_seat(self, piece: str) -> str | None:
        return self.game.seat_of(piece)

    def hex_label(self, h: Hex | None) -> str:
        return self.game.cb.label(self.game.idx(h)) if h is not None else "?"

    def result_text(self, result: dict[str, Any]) -> str:
        """The outcome as players say it ("Free Peoples tactical victory", "Draw"), from the
        engine's winner and level: its ``summary`` spells the side as an identifier."""
        return result_summary(result)

    def result_report(self, result: dict[str, Any]) -> tuple[str, list[str], list[tuple[str, str]]]:
        """Victory level, the score in victory locations and each location's holder (B-11, S-11)."""
        notes = []
        score = result.get("score", {})
        if score:
            notes.append(", ".join(f"{self.side_name(k)}: {v}" for k, v in score.items())
                         + " victory locations (B-11, S-11)")
        rows = [(loc.split(".")[-1].replace("_", " ").title(), self.side_name(side) if side else "nobody")
                for loc, side in result.get("control", {}).items()]
        return result_summary(result), notes, rows

    def can_end_phase(self) -> bool:
        return any(isinstance(a, A.EndPhase) for a in self.legal())

    def end_phase_block(self) -> RuleError | None:
        """B-9 at the end of the movement phase (which hex is over the limits), B-7's skirmishes
        still to fight, O-5's leader still to bring back: the engine's own refusal."""
        if self.decider() is None or self.state.stage not in (Stage.MOVE, Stage.COMBAT) or self.can_end_phase():
            return None
        return end_phase_problem(self.game, self.state)

    def tray_heading(self) -> str:
        if not self.tray():
            return "Reinforcements to come"
        if self.state.stage == Stage.SETUP:
            return "Counters to place (B-2): click one, then a shaded hex"
        return "Reinforcements to enter (B-5): click one, then a shaded entry hex"

    def status_rows(self) -> list[str]:
        """The turn panel: the turn, the cup, the first choice, the held chip and the phases
        played this turn (B-3)."""
        s = self.shown_state()
        if s.stage == Stage.SETUP:
            return [f"Setup: {self.side_name(s.setup_side)} places counters (B-2)"]
        cup = ", ".join(f"{chip_name(k)} ×{n}" for k, n in sorted(s.cup.items()) if n > 0) or "empty"
        phases = self.game.mix_for(s.turn)["phases"] if s.turn else "?"
        # Phase 0 is the chip choice that opens the turn (B-3): no phase has been played yet.
        when = f"phase {s.phase_no} of {phases}" if s.phase_no else f"choosing chips, {phases} phases to play"
        if s.stage in (Stage.DRAW, Stage.CHIP):  # between phases: the one shown has ended (B-3)
            when = f"phase {s.phase_no} of {phases} over, phase {s.phase_no + 1} next"
        elif s.stage == Stage.OVER:
            when = "the game is over"
        rows = [f"Turn {s.turn} ({'black' if s.turn % 2 else 'white'}), {when}", f"Cup: {cup}"]
        if s.first_chooser:
            chip = chip_name(s.first_chip) if s.first_chip else "…"
            rows.append(f"First choice: {self.side_name(s.first_chooser)} → {chip}")
        if s.held:
            other = DARK if s.first_chooser == FREE_PEOPLES else FREE_PEOPLES
            rows.append(f"Held by {self.side_name(other)}: {chip_name(s.held)}")
        played = self.phases_this_turn()
        if played:
            rows.append("Played: " + "; ".join(played))
        return rows

    def phases_this_turn(self) -> list[str]:
        entries = self.entries
        if self.replay is not None:
            entries = [e for row in self.replay.entries[: self.replay.index + 1] for e in row]
        out: list[str] = []
        for e in entries:
            if e.kind == "turn":
                out = []
            elif e.kind == "phase" and e.chip:
                out.append(f"{'FP' if e.side == FREE_PEOPLES else 'Dark'} {chip_name(e.chip)}")
        return out

    def turn_track(self) -> tuple[int, int, dict[int, str]] | None:
        """Twelve (or more) turns, the one shown, and the reinforcements' turns (B-5)."""
        marks: dict[int, str] = {}
        for r in self.game.scenario["order_of_battle"].get("reinforcements", []):
            marks[r["turn"]] = (marks.get(r["turn"], "") + " " + r.get("name", "")).strip()
        return self.game.turns, self.shown_state().turn, marks

    # -- gestures ------------------------------------------------------------------------------
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

    # -- the board -------------------------------------------------------------------------------
    def pieces_on_map(self, state: Any) -> dict[Hex, list[str]]:
        return {self.game.hex(i): list(s) for i, s in state.stacks.items()}

    def face(self, piece: str, state: Any) -> Face:
        spec = self.game.specs[piece]
        steps = max(1, state.steps.get(piece, 2))
        return Face(
            name=spec.name, colour=spec.colour, weapon=spec.weapon,
            strength=spec.strength[steps - 1], movement=spec.movement[steps - 1], bow=spec.bow[steps - 1],
            reduced=steps == 1, leader=spec.leader,
            hits=state.hits.get(piece, 0), hysterical=piece in state.hysteric,
        )

    def has_acted(self, piece: str, state: Any) -> bool:
        """B-6/B-7/B-8: a counter that has moved, fought or fired this phase has done its part."""
        return piece in state.moved or piece in state.fought or piece in state.fired

    def piece_info(self, piece: str, state: Any) -> PieceInfo:
        """A counter as the inspector reads it: both printed faces (the one showing first),
        its bow's reach (B-8: one less per hex beyond the first), markers, and what it has
        done this phase."""
        spec = self.game.specs[piece]
        steps = max(1, state.steps.get(piece, 2))

        def values(step: int) -> str:
            bow = spec.bow[step - 1]
            return (f"strength {spec.strength[step - 1]}" + (f", bow {bow}" if bow else "")
                    + f", movement {spec.movement[step - 1]}")

        kind = "leader" if spec.leader else words(spec.weapon)
        lines = [f"{kind}, {words(spec.command)}"]
        shown, other = ("full", "reduced") if steps == 2 else ("reduced", "full")
        lines.append(f"{shown} (showing): {values(steps)}")
        if spec.strength[0] != spec.strength[1] or spec.movement[0] != spec.movement[1] or spec.bow[0] != spec.bow[1]:
            lines.append(f"{other}: {values(3 - steps)}")
        bow = spec.bow[steps - 1]
        if bow:
            reach = ", ".join(f"{max(0, bow - d + 1)} at {d}" for d in range(1, bow + 1))
            lines.append(f"bow reaches {bow} hex{'es' if bow > 1 else ''} (B-8: {reach})")
        if state.hits.get(piece):
            n = state.hits[piece]
            lines.append(f"{n} hit{'s' if n > 1 else ''} (S-10)")
        if piece in state.hysteric:
            lines.append("hysterical (O-4)")
        done = [w for w, s in (("moved", state.moved), ("fought", state.fought), ("fired", state.fired))
                if piece in s]
        if done:
            lines.append(" and ".join(done) + " this phase")
        return PieceInfo(spec.name, self.side_name(spec.side), self.side_colour(spec.side), tuple(lines),
                         bool(done))

    def hex_notes(self, h: Hex, state: Any) -> tuple[str, ...]:
        """B-11: the victory location the hex belongs to, and who holds it now."""
        i = self.game.idx(h)
        holders = victory.control(self.game, state)
        return tuple(f"{words(name).title()}: " + (f"held by the {self.side_name(holders[name])}"
                                                   if holders.get(name) else "held by neither side") + " (B-11)"
                     for name, hexes in self.game.victory_hexes.items() if i in hexes)

    def face_key(self, piece: str, state: Any) -> tuple[Any, ...]:
        """What a counter's face depends on, for the board's cache of painted faces."""
        return (piece, state.steps.get(piece, 2), state.hits.get(piece, 0), piece in state.hysteric)

    def path_preview(self, h: Hex) -> list[Hex]:
        if self.reach is None or h not in self.reach.moves:
            return []
        return list(self.reach.path(self.game, self.state, h))

    def sight_lines(self, hovered: Hex | None) -> list[tuple[Hex, Hex]]:
        """B-8: from each selected archer's hex to the target (or the hovered hex)."""
        if self.replay is not None or self.state.stage != Stage.FIRE or not self.selection:
            return []
        target = self.target or hovered
        if target is None:
            return []
        origins = {self.hex_of(cid) for cid in self.selection} - {None, target}
        return [(o, target) for o in sorted(origins)]  # type: ignore[type-var]

    def marks(self) -> list[Mark]:
        state = self.shown_state()
        out = self._victory_marks(state)
        contested = tuple(self.game.hex(h) for h, s in state.stacks.items()
                          if len({self.game.side_of[c] for c in s}) == 2)
        if contested:
            out.append(Mark("skirmish", contested, "dotted", "#ff6f00", width=0.07))
        if self.replay is not None:
            return out
        out += self._gesture_marks()
        hexes = tuple(h for h in (self.hex_of(cid) for cid in self.selection) if h is not None)
        if hexes:
            out.append(Mark("selected", hexes, "outline", "#ff9800", width=0.08))
        if self.target is not None:
            out.append(Mark("target", (self.target,), "outline", "#d32f2f", width=0.1))
        return out

    def _victory_marks(self, state: Any) -> list[Mark]:
        """Victory locations outlined in the colour of the side that holds them now (B-11)."""
        out = []
        for name, side in victory.control(self.game, state).items():
            hexes = tuple(self.game.hex(i) for i in self.game.victory_hexes[name])
            out.append(Mark(f"victory.{name}", hexes, "outline" if side else "dashed", self.side_colour(side),
                            width=0.09))
        return out

    def _gesture_marks(self) -> list[Mark]:
        """Setup zones and entries, reach, S-6 checks, S-7 dives and rocks, B-7 losses and
        advance, S-8 spells, S-10 escapes, S-3 regrouping: what the gesture under way marks."""
        g, s = self.game, self.state
        out: list[Mark] = []
        if self.tray_pick is not None:
            zone = g.setup_zone.get(self.tray_pick, ()) if s.stage == Stage.SETUP else g.entry_hexes(s, self.tray_pick)
            out.append(Mark("zone", tuple(g.hex(i) for i in zone), "area", "#a06e00", "#fac82846", width=0))
        if self.reach is not None:
            costs = self.reach.costs
            out.append(Mark("reach", tuple(costs), "area", "#1e783c", "#3caa5a46", width=0,
                            tags={h: str(c) for h, c in costs.items() if not self.stack(h)},
                            tag_colour="#145028", plain_tags=True))
            memo = getattr(self, "_full_memo", None)
            if memo is None or memo[0] is not self.reach:  # once per selection, not per redraw
                memo = self._full_memo = (self.reach, preview.full_friendly_hexes(g, s, self.reach))
            full = memo[1]
            if full:  # issue 17: a friendly hex left unshaded said nothing of the stacking limit
                out.append(Mark("stacking_full", tuple(full), "dashed", "#6d4c41", width=0.06,
                                tags=dict.fromkeys(full, "full (B-9)"), tag_key="stacking_full"))
        if self.checks:  # S-6: named, so a player sees which hexes cost a roll and what it risks
            out.append(Mark("checks", tuple(self.checks), "dashed", "#f9a825", "#f9a8253c", 0.09,
                            {h: f"morale check {p:.0%}" for h, p in self.checks.items()}, "#8d5a00",
                            overlay="morale"))
        dives = self.dives()
        if dives:
            out.append(Mark("dive_targets", tuple(dives), "outline", "#7b1fa2", "#7b1fa232", 0.12,
                            {h: f"dive {self.dive_chance(h):.0%}" for h in dives}, tag_key="dives"))
        flight = self.dive_path()
        if flight:
            ends = tuple(d.to for d in dives.get(self.armed.target, []))
            out.append(Mark("dive_ends", ends, "area", "#7b1fa2", "#7b1fa223", width=0))
            out.append(Mark("dive_path", style="arrow", colour="#7b1fa2", width=0.1, lines=(tuple(flight),)))
        losses = self.loss_hexes()
        if losses:  # B-7: where the hit falls; click the counter that takes it (or use its button)
            out.append(Mark("loss", tuple(losses), "dashed", "#d32f2f", "#d32f2f32", 0.12, dict.fromkeys(losses, "hit?")))
        emptied = self.advance_hex()
        if emptied is not None:  # B-7: the emptied hex the attackers may advance into
            out.append(Mark("advance", (emptied,), "dashed", "#ff9800", "#ff98003c", 0.12, {emptied: "advance?"},
                            "#8d5a00"))
        out += self._target_marks()
        if s.stage == Stage.MOVE:
            over = tuple(g.hex(h) for h in sorted(over_stacked(g, s, s.phase_player)))
            if over:  # B-9 takes effect at the end of the phase: what still blocks ending it
                out.append(Mark("overstacked", over, "dashed", "#c62828", "#c6282828", 0.12,
                                dict.fromkeys(over, "over B-9"), tag_key="overstacked"))
        out += self._rock_marks()
        out += self._pick_marks()
        out += self._effect_marks()
        return out

    def overlays(self) -> list[tuple[str, str]]:
        return [("archer_range", "Archers' range and sight"), ("attack_targets", "Attack targets and columns"),
                ("morale", "Morale checks (Standard Game)")]

    def _target_marks(self) -> list[Mark]:
        """Before any roll, what the selection can do: attackers ring the enemy hexes they may
        attack with the combat column on each (B-7); archers shade the hexes in their range
        and mark each enemy in it as a target (fire strength and column, B-8) or, under S-8,
        out of sight (the board draws the blocked line to a hovered one)."""
        s, g = self.state, self.game
        if not self.selection or s.stage not in (Stage.COMBAT, Stage.FIRE):
            return []
        origins = {h for h in (self.hex_of(c) for c in self.selection) if h is not None}
        enemies = {h for h, stack in self.pieces_on_map(s).items()
                   if all(g.side_of[c] != s.phase_player for c in stack)}
        if s.stage == Stage.COMBAT:
            near = sorted(h for h in enemies if any(h.distance(o) == 1 for o in origins))
            cols = {h: preview.declared_column(g, s, A.Attack(self.selection, h)) for h in near}
            rings = {h: f"column {col[0]}" for h, col in cols.items() if col is not None}
            return [Mark("attack_targets", tuple(rings), "outline", "#d32f2f", "#d32f2f1e", 0.1, rings,
                         tag_key="attack_columns", overlay="attack_targets")] if rings else []
        reach = max((g.specs[c].bow[max(1, s.steps.get(c, 2)) - 1] for c in self.selection), default=0)
        if not reach:
            return []
        in_range = tuple(h for h in g.board.hexes() if any(0 < h.distance(o) <= reach for o in origins))
        shots, blocked = {}, {}
        for h in sorted(enemies & set(in_range)):
            col = preview.declared_column(g, s, A.Fire(self.selection, h))
            if col is not None:
                shots[h] = f"fire {col[1]}, column {col[0]}"
            elif g.option("s8_fire") and not all(r.clear for r in self._sight(origins, h)):
                blocked[h] = "no line of sight"
        out = [Mark("archer_range", in_range, "area", "#1565c0", "#1565c01c", width=0, overlay="archer_range")]
        if shots:
            out.append(Mark("fire_targets", tuple(shots), "outline", "#2e7d32", width=0.1, tags=shots,
                            tag_key="fire_strengths", overlay="archer_range"))
        if blocked:
            out.append(Mark("fire_blocked", tuple(blocked), "dashed", "#c62828", width=0.1, tags=blocked,
                            tag_key="fire_blocked_tags", overlay="archer_range"))
        return out

    def _sight(self, origins: set[Hex], target: Hex) -> list[Any]:
        from bofa_studio.los import line_of_sight

        occupied = set(self.pieces_on_map(self.state))
        return [line_of_sight(self.game.board, o, target, occupied) for o in sorted(origins)]

    def _rock_marks(self) -> list[Mark]:
        rocks = self.rocks()
        if not rocks:
            return []
        armed = [r for r in rocks if r.action == self.armed]
        struck = {r.struck: f"rocks {r.chance:.0%}" for r in rocks if r.struck is not None}
        out = [Mark("rocks", style="arrow", colour="#5d4037", width=0.08 if armed else 0.12,
                    lines=tuple(tuple(r.line) for r in rocks)),
               Mark("rock_piles", tuple(r.line[0] for r in rocks), "dotted", "#5d4037", width=0.1),
               Mark("rock_targets", tuple(struck), "outline", "#5d4037", width=0.12, tags=struck, tag_key="rocks")]
        if armed:
            pile = self.rock_pile()
            # The chosen pile's other slope lines: a click on the pile picks the next.
            others = tuple(tuple(r.line) for r in rocks if r.line[0] == pile and r is not armed[0])
            out.append(Mark("rock_pile_lines", style="arrow", colour="#ff6f00", width=0.08, lines=others))
            out.append(Mark("rock_armed", style="arrow", colour="#ff6f00", width=0.16, lines=(tuple(armed[0].line),)))
            ends = tuple(h for h in (pile, armed[0].struck) if h is not None)
            out.append(Mark("rock_chosen", ends, "outline", "#ff6f00", width=0.14))
        return out

    def _pick_marks(self) -> list[Mark]:
        s = self.state
        out: list[Mark] = []
        shaded: list[Hex] = []
        colour, edge, tags, tag_key, tag_colour = "#0096c85a", "#004b64", {}, "", None
        if self.mode == "escape":
            shaded = self.escape_hexes()
        elif s.stage == Stage.REGROUP_PLACE:
            shaded = self.regroup_hexes()
        elif s.stage == Stage.GROUND_EAGLES:
            eagles = self.ground_eagle_hexes()
            shaded, colour, edge = eagles[:1], "#7b1fa246", "#3d0f51"
            tags = {h: "Eagles: skirmish?" if i == 0 else "Eagles next" for i, h in enumerate(eagles)}
            tag_key, tag_colour = "eagles", "#7b1fa2"
        elif self.mode == "destroy":
            shaded, colour, edge = self.destroy_targets(), "#c81e1e50", "#640f0f"
            a = self.armed
            if a is not None and getattr(a, "spell", None) == "destroy":
                # S-8: the picked hex, its chance; the effect crosses out its victims.
                out.append(Mark("destroy_target", (a.target,), "outline", "#c62828", width=0.14,
                                tags={a.target: f"destroy {self.spell_chance(a):.0%}"}, tag_key="destroy"))
        if shaded:
            out.append(Mark("pick", tuple(shaded), "area", edge, colour, 0.05, tags, tag_colour, tag_key=tag_key))
        if s.stage == Stage.REGROUP_PLACE:
            shifts = self.regroup_shift_hexes()
            if shifts:  # S-1: a full neighbour that a shift can empty, ringed apart from plain moves
                out.append(Mark("shift", tuple(shifts), "dashed", "#003848", width=0.12))
        return out

    def _effect_marks(self) -> list[Mark]:
        """S-8: what the armed spell does if it works: pushes (arrows), victims (crossed out),
        units flipped back (ringed)."""
        effect = self.effect()
        if effect is None:
            return []
        pushes = tuple(dict.fromkeys(tuple(ab) for ab in effect.moved.values()))
        out = [Mark("effect_arrows", style="arrow", colour="#6a1b9a", width=0.08, lines=pushes, above=True),
               Mark("effect_removed", tuple(set(effect.removed.values())), "cross", "#c62828", width=0.12, above=True)]
        if effect.flipped:
            out.append(Mark("effect_flipped", tuple(set(effect.flipped.values())), "outline", "#2e7d32", width=0.12))
        return out

    # -- seats (O-2) ---------------------------------------------------------------------------
    def split_fallback(self, action: Any) -> bool | None:
        """O-2: the engine's PlaceDefault sets up the whole side; random play plays it as the
        auto-place of a seat that still has counters to place."""
        if not isinstance(action, A.PlaceDefault):
            return None
        g, s = self.game, self.state
        left = {self.piece_seat(c) for c in g.setup_list(s, s.setup_side) if c not in s.pos}
        self.active_seat = next(sid for sid in self.seats_now() if sid in left)
        return self.auto_place()

    def engine_seats(self, names: list[str]) -> list[Seat]:
        return engine_seats(self.game, names)

    @classmethod
    def new_game_form(cls, scenario: dict[str, Any]) -> dict[str, Any]:
        """The New game dialog's choices: Basic or Standard (S-1..S-11), the optional rules the
        scenario names, and two to four seats (O-2)."""
        rules = scenario.get("rules", {})
        return {
            "levels": [("Basic Game (B-1..B-11)", "basic"), ("Standard Game (S-1..S-11)", "standard")],
            "level": rules.get("level", "basic"),
            "options": dict(rules.get("options", {})),
            "seat_choices": [("2 players", 2), ("3 players (O-2)", 3), ("4 players (O-2)", 4)],
            "seat_note": "Chosen with Seats above: 3 players for the Second Wave seat, 4 to split the Free Peoples too",
            "option_notes": rules.get("option_notes", {}),
            "seat_counts": {2: {k: False for k in O2_OPTIONS},
                            **{n: {k: v == n for k, v in O2_OPTIONS.items()} for n in O2_OPTIONS.values()}},
            "seat_labels": [SIDE_NAMES[FREE_PEOPLES], SIDE_NAMES[DARK], "Second Wave (O-2)",
                            "Dwarves & Men (O-2)"],
        }



    # -- pictures (``bofa-studio screenshot --mode play``) --------------------------------------
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

SPELL_EFFECTS = {
    "destroy": "Every Dark combat unit in the hex is removed (leaders are spared).",
    "push_back": "Every Dark unit on the map is pushed 2 hexes straight away from Gandalf (arrows); "
                 "goblins pushed across the River Running drown.",
    "regroup": "Reduced Free Peoples units within 3 hexes flip back to full strength.",
}


@dataclass
class RockOption:
    """A legal roll of rocks: its slope line (pile first), the hex it strikes, how far, the chance."""

    action: Any
    line: list[Hex]
    struck: Hex | None
    distance: int
    chance: float


@dataclass
class SpellRow:
    """One line of the spell picker (S-8)."""

    spell: str
    need: int
    chance: float
    used: bool
    options: list[Any]
    why: str  # why it cannot be tried now ("" if it can)




def result_summary(result: dict[str, Any]) -> str:
    """The outcome as players say it ("Free Peoples tactical victory", "Draw")."""
    winner, level = result.get("winner"), result.get("level")
    if winner is None:
        summary = result.get("summary") or ("draw" if level == "draw" else "")
        return summary[:1].upper() + summary[1:]
    name = SIDE_NAMES.get(winner, winner)
    return f"{name} {level} victory" if level else f"{name} victory"


def engine_seats(game: Any, names: list[str]) -> list[Seat]:
    """Seats for the engine's O-2 seats (``game.seats``), each commanding the counters the
    engine gives it (``game.seat_of``): the engine, not this module, decides who commands what."""
    seats = []
    for sid in game.seats:
        counters = frozenset(c for c in game.specs if game.seat_of(c) == sid)
        side = DARK if sid.startswith(DARK) else FREE_PEOPLES
        seats.append(Seat(names[O2_NAME_INDEX[sid]], side, counters, sid))
    return seats
