"""Clicks on the board: what a click on a hex selects, targets or declares in each stage
(B-2 setup, B-6 moves, B-7 combat, B-8 fire, losses, escapes, regrouping), and the
action the Roll button would declare."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import preview
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.core import RuleError


class Clicks:
    """From a click on a hex to a selection, a target or an action."""

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
