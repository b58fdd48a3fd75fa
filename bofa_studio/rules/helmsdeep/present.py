"""How Helm's Deep looks and is played at the table: counter faces and the play hooks.

II "Definition of terms": the melee strength (an archer's shooting strength and
melee defence) bottom left, movement points bottom right, and on archers "the small
number in the middle at the bottom" is the range. The sheets are coloured by army:
red Rohan, green Dunlendings, blue Uruk-Hai.

:class:`Play` is composed with the generic play controller (``play.presentation``),
so its methods see the controller's gesture state as their own. Every decision is
one of the engine's legal actions; what a click cannot do is refused with the
section that forbids it (III's phases, IV movement, V combat, VI ladders and bombs,
VII set-up, 8.2-8.3 points and levels).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bofa_studio.hexgrid import Hex
from bofa_studio.play.faces import Face
from bofa_studio.play.inspector import PieceInfo
from bofa_studio.play.marks import Mark
from bofa_studio.play.presentation import Gesture, PendingPreview, RulesetPlay
from bofa_studio.rules.core import RuleError
from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep import combat, ladders, movement
from bofa_studio.rules.helmsdeep.state import OVER, SETUP

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame

GROUP_COLOURS = {"rohan": "rohan_red", "dunlending": "dunlending_green", "uruk": "uruk_blue"}
MARKERS = ("ladder", "bomb")  # VI: eight ladder pieces, four bomb tokens
SIDE_COLOURS = {"rohan": "#b8322a", "saruman": "#2b4f8f"}
ROLL_KINDS = frozenset({"combat", "ladder", "wade"})
LADDER_COLOUR = "#6b4423"


def counter_face(game: HelmsDeepGame, unit_id: str) -> dict[str, Any]:
    """The keyword arguments of a counter face (``play.faces.Face``) for a unit."""
    unit = game.units[unit_id]
    colour = GROUP_COLOURS.get(unit.group) or ("rohan_red" if unit.side == game.second else "uruk_blue")
    archer = unit.kind == "archer"
    return {
        "name": unit.name or unit_id,
        "colour": colour,
        "weapon": "short_bow" if archer else "sword",
        "strength": unit.strength,
        "movement": unit.movement,
        "bow": unit.range if archer else 0,  # printed bare on the counter; the shared face shows it "(3)"
        "leader": bool(unit.name),
    }


def half_points(cost: int) -> str:
    """Movement costs are kept in half points (IV: a road step costs 1/2)."""
    whole, half = divmod(cost, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def chance(n: int) -> str:
    return f"{n}/6 ({n / 6:.0%})"


STAGE_TEXTS = {
    SETUP: "set up Rohan: click a counter in the tray, then a shaded hex, or auto-place (VII)",
    "remove_ladders": "take ladders off the board with the buttons, or end the phase (VI Ladders F)",
    "ladder_storm": "ladder storm: click units at the foot of a ladder, then the defender on the wall (V 5.2)",
    "ladder_erection": "set up ladders: click a unit at the foot of a wall (then the wall hex), and roll: "
                       "1-3 succeeds (VI Ladders C-D)",
    "knock_down": "knock down ladders: click a laddered wall hex held by your unit, and roll: 1-4 (VI Ladders I)",
    "movement": "move: click a unit, then a shaded hex (IV); reinforcements enter from the tray (VII)",
    "close_combat": "close combat: click your attackers, then the enemy, and roll (V 5.1)",
    "ranged_combat": "archers: click your archers, then the target, and fire (V Long-range combat)",
}
RULES = {"remove_ladders": "VI Ladders F", "destruction": "VI Bombs", "ladder_storm": "V 5.2",
         "ladder_erection": "VI Ladders C", "knock_down": "VI Ladders I", "movement": "IV",
         "close_combat": "V 5.1", "ranged_combat": "V Long-range combat", SETUP: "VII"}


class Play(RulesetPlay):
    roll_kinds = ROLL_KINDS

    # -- what the state is showing --------------------------------------------------------------
    @property
    def hd(self) -> HelmsDeepGame:
        return self.game  # type: ignore[no-any-return]

    def stage(self, state: Any | None = None) -> str:
        state = self.state if state is None else state
        return state.phase.split(".")[-1]

    def place_hex(self, label: str) -> Hex:
        return self.hd.ground.hex[label]

    def _occupant(self, state: Any | None = None) -> dict[str, str]:
        return movement.occupant(self.state if state is None else state)

    # -- words ---------------------------------------------------------------------------------
    def side_name(self, side: str | None) -> str:
        return (side or "").replace("_", " ").title()

    def side_colour(self, side: str | None) -> str:
        return SIDE_COLOURS.get(side or "", super().side_colour(side))

    def piece_name(self, piece: str) -> str:
        return self.hd.name(piece)

    def is_piece(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.hd.units

    def side_of_piece(self, piece: str) -> str | None:
        unit = self.hd.units.get(piece)
        return unit.side if unit is not None else None

    def stage_text(self) -> str:
        s = self.state
        if s.pending:
            return self._pending_text(s.pending[0])
        if self.stage() == "destruction":
            return (f"blow a gate with a bomb ({ladders.bombs_available(self.hd, s)} available: the buttons), "
                    "or end the phase (VI Bombs)")
        return STAGE_TEXTS.get(self.stage(), s.phase)

    def _pending_text(self, step: dict[str, Any]) -> str:
        kind = step["kind"]
        if kind == "retreat":
            off = " (or push it off the board at the exit, 8.2)" if "off" in step.get("options", ()) else ""
            return (f"choose where {self.piece_name(step['unit'])} retreats, {step['hexes']} hex(es): click a shaded "
                    f"hex{off} (V Retreat restrictions)")
        if kind == "loss":
            return "choose which ladder-storming unit is lost: click it or use its button (V *)"
        if kind == "advance":
            return f"one storming unit may take the wall at {step['wall']}: click it, or stay (V 5.2)"
        return "a die is rolled"

    def label(self, action: Any) -> str:
        name, g = self.piece_name, self.hd
        if isinstance(action, A.EndPhase):
            return "End the phase"
        if isinstance(action, A.PlaceDefault):
            return "Auto-place the rest (the scenario's set-up)"
        if isinstance(action, A.RemoveLadder):
            return f"Remove the ladder from {action.foot} against {action.wall}"
        if isinstance(action, A.Detonate):
            return f"Blow the {g.ground.gates.get(action.gate, '')} gate {action.gate} with a bomb"
        if isinstance(action, A.TryLadder):
            return f"{name(action.unit)}: ladder against {action.wall} (1-{g.ladder_up})"
        if isinstance(action, A.KnockDown):
            return f"{name(action.unit)}: knock down the ladder from {action.foot} (1-{g.knock_down})"
        if isinstance(action, A.Retreat):
            if action.to == "off":
                return f"Push {name(action.unit)} off the board at the exit (+{g.points['per_exit']} points)"
            return f"{name(action.unit)} retreats to {action.to}"
        if isinstance(action, A.ChooseLoss):
            return f"{name(action.unit)} is lost"
        if isinstance(action, A.Advance):
            return f"{name(action.unit)} takes the wall" if action.unit else "Do not take the wall"
        if isinstance(action, A.Place):
            return f"Set up {name(action.unit)} in {action.to}"
        if isinstance(action, (A.Move, A.Wade)):
            return f"{name(action.unit)} to {action.to}"
        if isinstance(action, A.Attack):
            return f"{', '.join(map(name, action.attackers))} attack {self._target_name(action.target)}"
        if isinstance(action, A.Fire):
            return f"{', '.join(map(name, action.archers))} shoot at {name(action.target)}"
        return self.generic_label(action)

    def _target_name(self, target: str) -> str:
        if target.startswith(combat.GATE):
            return f"the light gate {target[len(combat.GATE):]}"
        return self.piece_name(target)

    def result_text(self, result: dict[str, Any]) -> str:
        return str(result.get("level") or "Draw")

    def result_report(self, result: dict[str, Any]) -> tuple[str, list[str], list[tuple[str, str]]]:
        """8.2's points as scored, and 8.3's level they reach."""
        s, g = self.state, self.hd
        points = result.get("points", s.points)
        exits = sum(1 for why in s.gone.values() if why == "exited")
        notes = [f"{self.side_name(g.first)} scored {points} victory points (8.2).",
                 "8.3 levels: " + "; ".join(f"{least}+ {name}" for least, name, _ in g.levels.levels)]
        everything = not any(g.units[u].side == g.second for u in s.pos)
        rows = [
            ("Successful ladder storm (8.2)", f"{g.points['ladder_storm'] if s.storm_scored else 0}"),
            ("Theoden destroyed (8.2)", f"{g.points['theoden'] if s.theoden_scored else 0}"),
            (f"Units pushed off at the exit: {exits} (8.2)", f"{exits * g.points['per_exit']}"),
            ("Every unit of Rohan destroyed (8.2)", f"{g.points['all_destroyed'] if everything else 0}"),
            ("Victory points", str(points)),
            ("Level (8.3)", self.result_text(result)),
        ]
        return self.result_text(result), notes, rows

    def status_rows(self) -> list[str]:
        s, g = self.shown_state(), self.hd
        if s.phase == SETUP:
            return [f"Set-up: {self.side_name(g.second)} places its units (VII)"]
        phase = self.stage(s).replace("_", " ")
        rows = [f"Round {s.round} of {g.turns}" + ("" if s.phase == OVER else
                                                  f": {self.side_name(g.phase_side(s))}, {phase} phase (III)"),
                f"Victory points of {self.side_name(g.first)}: {s.points} (8.2)",
                f"Ladders up: {len(s.ladders)} of {g.max_ladders} (VI Ladders B)",
                f"Bombs available: {ladders.bombs_available(g, s)}, used {s.bombs_used} (VI Bombs: rounds "
                f"{', '.join(map(str, g.bomb_rounds))})"]
        if s.gates_down:
            rows.append("Gates destroyed: " + ", ".join(sorted(s.gates_down)))
        if s.gates_open:
            rows.append("Gates held open: " + ", ".join(sorted(s.gates_open)))
        return rows

    def turn_track(self) -> tuple[int, int, dict[int, str]] | None:
        marks: dict[int, str] = {}
        for r in self.hd.scenario["reinforcements"]:
            marks[r["round"]] = f"{len(r['units'])} reinforcements"
        for r in self.hd.bomb_rounds:
            marks[r] = (marks.get(r, "") + ", a bomb").lstrip(", ")
        return self.hd.turns, self.shown_state().round, marks

    # -- decisions ------------------------------------------------------------------------------
    _MAP_KINDS = (A.Place, A.Move, A.Wade, A.Attack, A.Fire)

    def buttons(self) -> list[tuple[str, Any]]:
        out = [(self.label(a), a) for a in self.legal()
               if not isinstance(a, (*self._MAP_KINDS, A.EndPhase))]
        out += [(f"Attack the light gate {key} (strength {self.hd.gate_strength})…", Gesture(f"gate:{key}"))
                for key in self._gate_targets()]
        if any(isinstance(a, A.EndPhase) for a in self.legal()):
            out.append(("End the phase", A.EndPhase()))
        return out

    def sections(self) -> list[tuple[str, str, list[tuple[str, Any]]]]:
        s = self.state
        buttons = self.buttons()
        if not buttons:
            return []
        if s.pending:
            kind = s.pending[0]["kind"]
            title = {"retreat": "V Retreat restrictions", "loss": "V * Ladder storm loss",
                     "advance": "V 5.2 Taking the wall"}.get(kind, "")
            return [(title, self._pending_text(s.pending[0]), buttons)]
        stage = self.stage()
        text = {
            "remove_ladders": "A ladder may be removed while a unit of yours stands at its foot or on its wall.",
            "destruction": f"{ladders.bombs_available(self.hd, s)} bomb(s) available. A bomb blows a gate next "
                           "to one of your units for good; it is the only way through the big tunnel gates.",
            "ladder_erection": f"Each unit tries once a round; 1-{self.hd.ladder_up} sets the ladder up, two at "
                               f"most per wall hexside, {self.hd.max_ladders} on the board at most, never on "
                               "the Hornburg.",
            "knock_down": f"A unit on a laddered wall hex rolls once a round: 1-{self.hd.knock_down} knocks "
                          "the ladder down.",
            "close_combat": "Light gates have strength 1 and fall only on an X; select attackers next to it first.",
        }.get(stage, "")
        return [(RULES.get(stage, "III"), text, buttons)]

    def _gate_targets(self) -> list[str]:
        """Light gates the selected units could attack (V 5.1, VI Gates)."""
        if self.stage() != "close_combat" or not self.selection or self.state.pending:
            return []
        attackers = tuple(sorted(self.selection))
        return sorted(t[len(combat.GATE):] for a in self.legal() if isinstance(a, A.Attack)
                      and a.attackers == attackers and (t := a.target).startswith(combat.GATE))

    def gesture(self, name: str) -> bool:
        if name.startswith("gate:"):
            self.armed = A.Attack(tuple(sorted(self.selection)), combat.GATE + name[len("gate:"):])
            self.target = None
            self.refusal = None
            self._changed()
            return False
        if name == "auto_place":
            return self.auto_place()
        return super().gesture(name)

    def can_end_phase(self) -> bool:
        return any(isinstance(a, A.EndPhase) for a in self.legal())

    def end_phase(self) -> bool:
        return self.act(A.EndPhase())

    def end_phase_block(self) -> RuleError | None:
        s = self.state
        if self.decider() is None or self.can_end_phase():
            return None
        if s.phase == SETUP:
            return RuleError("VII", "every unit of Rohan must be set up first")
        if s.pending:
            return RuleError("V", f"{self._pending_text(s.pending[0])} first")
        return None

    def auto_place(self) -> bool:
        if A.PlaceDefault() not in self.legal():
            self.refusal = RuleError("VII", "the scenario's set-up does not fit the units placed so far")
            self._changed()
            return False
        return self.act(A.PlaceDefault())

    # -- pieces ------------------------------------------------------------------------------
    def pieces_on_map(self, state: Any) -> dict[Hex, list[str]]:
        return {self.place_hex(p): [u] for u, p in sorted(state.pos.items())}

    def hex_of(self, piece: str, state: Any | None = None) -> Hex | None:
        place = (self.state if state is None else state).pos.get(piece)
        return None if place is None else self.place_hex(place)

    def face(self, piece: str, state: Any) -> Face:
        return Face(**counter_face(self.hd, piece))

    def face_key(self, piece: str, state: Any) -> Any:
        return piece

    def has_acted(self, piece: str, state: Any) -> bool:
        return piece in state.moved or piece in state.fought or piece in state.stormed or piece in state.tried

    def tray(self) -> list[str]:
        s, g = self.state, self.hd
        if self.decider() is None or s.pending:
            return []
        if s.phase == SETUP:
            return [u for u in g.setup_order if u not in s.pos]
        if self.stage() == "movement" and g.phase_side(s) == g.first:
            return [u for u in sorted(g.units) if u not in s.pos and movement.can_move(g, s, u)]
        return []

    def tray_heading(self) -> str:
        if self.state.phase == SETUP:
            return "Rohan's units to set up (VII): click one, then a shaded hex"
        if self.tray():
            return "Reinforcements (VII): click one, then a shaded hex at the northern edge"
        return "Reinforcements to come (VII)"

    def waiting(self) -> dict[str, list[str]]:
        s, g = self.state, self.hd
        out: dict[str, list[str]] = {}
        for r in g.scenario["reinforcements"]:
            if r["round"] > s.round:
                out[f"round {r['round']}"] = [u for u in r["units"] if u not in s.pos and u not in s.gone]
        return {k: v for k, v in out.items() if v}

    def piece_info(self, piece: str, state: Any) -> PieceInfo:
        g, unit = self.hd, self.hd.units[piece]
        if unit.kind == "archer":
            lines = [f"archers: shooting strength {unit.strength} (and melee defence), range {unit.range}, "
                     f"movement {unit.movement}"]
        else:
            lines = [f"swords: melee strength {unit.strength}, movement {unit.movement}"]
        if piece == g.theoden:
            lines.append("stays on the Hornburg all game; 25 points if destroyed (VII, 8.2)")
        if unit.arrives is not None:
            lines.append(f"arrives in round {unit.arrives} (VII)")
        done = [w for w, s in (("moved", state.moved), ("fought", state.fought), ("stormed", state.stormed),
                               ("tried a ladder", state.tried)) if piece in s]
        if done:
            lines.append(" and ".join(done) + " this phase")
        side = unit.side
        return PieceInfo(self.piece_name(piece), self.side_name(side), self.side_colour(side), tuple(lines),
                         bool(done))

    def hex_notes(self, h: Hex, state: Any) -> tuple[str, ...]:
        g = self.hd
        label = g.board.label(h)
        notes = []
        if label in g.ground.hornburg:
            notes.append("the Hornburg: no ladders, entered only through its gates, archers never shoot into it")
        for wall, foot in state.ladders:
            if label in (wall, foot):
                notes.append(f"a ladder from {foot} against {wall} (VI)")
        for key, kind in sorted(g.ground.gates.items()):
            if label in key.split("/"):
                how = "destroyed" if key in state.gates_down else "open" if key in state.gates_open else "closed"
                notes.append(f"{kind} gate {key}: {how}")
        return tuple(notes)

    # -- clicks --------------------------------------------------------------------------------
    def click(self, h: Hex, piece: str | None = None, *, plain: bool = False) -> bool:
        if self.replay is not None or self.decider() is None:
            return False
        label = self.hd.board.label(h)
        s = self.state
        if s.pending:
            return self._click_pending(label)
        if self.tray_pick is not None:
            return self._place_pick(self.tray_pick, label)
        handler = getattr(self, f"_click_{self.stage()}", None)
        return bool(handler(label)) if handler else False

    def drop(self, piece: str, h: Hex | None) -> bool:
        if self.replay is not None or self.decider() is None:
            return False
        if piece not in self.tray():
            self._refuse(RULES.get(self.stage(), "VII"), f"{self.piece_name(piece)} cannot be placed now")
            return False
        self.tray_pick = piece
        if h is None:
            self._refuse("VII", "dropped off the map")
            return False
        return self._place_pick(piece, self.hd.board.label(h))

    def _refuse(self, rule: str, reason: str) -> None:
        self.refusal = RuleError(rule, reason)
        self._changed()

    def _place_pick(self, unit: str, label: str) -> bool:
        s, g = self.state, self.hd
        if s.phase == SETUP:
            places = g.setup_places(s, unit)
            if label in places:
                return self.act(A.Place(unit, label))
            waiting = next((u for u in g.setup_order if u in g.required and u not in s.pos), None)
            if waiting is not None and waiting != unit:
                self._refuse("VII", f"{self.piece_name(waiting)} must be set up in {g.required[waiting]} first")
            elif unit in g.required:
                self._refuse("VII", f"{self.piece_name(unit)} must be set up in {g.required[unit]}")
            elif label in s.pos.values():
                self._refuse("VII", f"{label} is taken")
            else:
                self._refuse("VII", f"{label} is not in the set-up area: all other units must move to the castle "
                                    "wall hex, inside the Hornburg or south of the hex line from B-13 through F-11 "
                                    "to I-12")
            return False
        reach = movement.reach(g, s, unit)
        if label in reach:
            return self.act(A.Move(unit, label))
        self._refuse("VII", f"{self.piece_name(unit)} enters at the northern edge (the first hex costs a point) "
                            f"and cannot reach {label} this round: the shaded hexes")
        return False

    def _click_pending(self, label: str) -> bool:
        step = self.state.pending[0]
        occ = self._occupant()
        for a in self.legal():
            if isinstance(a, A.Retreat) and a.to == label:
                return self.act(a)
            if isinstance(a, (A.ChooseLoss, A.Advance)) and a.unit and occ.get(label) == a.unit:
                return self.act(a)
            if isinstance(a, A.Advance) and a.unit and label == step.get("wall"):
                return self.act(a)
        if step["kind"] == "retreat":
            self._refuse("V", f"{self.piece_name(step['unit'])} cannot retreat to {label}: a retreat is exactly "
                              f"{step['hexes']} hex(es), never onto a wall, off the board, into an enemy's zone "
                              "or an occupied hex (the shaded hexes)")
        return False

    def _own_unit(self, label: str) -> str | None:
        unit = self._occupant().get(label)
        return unit if unit is not None and self.hd.units[unit].side == self.decider() else None

    def _click_movement(self, label: str) -> bool:
        s, g = self.state, self.hd
        if isinstance(self.armed, A.Wade) and label == self.armed.to:
            return False  # armed: the panel's button rolls
        if self.selection:
            unit = self.selection[0]
            if label in self._reach():
                return self.act(A.Move(unit, label))
            if label in g.wades(s, unit):
                self.armed = A.Wade(unit, label)
                self.refusal = None
                self._changed()
                return False
        own = self._own_unit(label)
        if own is not None:
            if own in g.fixed:
                self._refuse("VII", f"{self.piece_name(own)} stays on the Hornburg all game")
            elif own in s.stormed:
                self._refuse("V 5.2", f"{self.piece_name(own)} stormed a ladder this round and may not move")
            elif own in s.moved:
                self._refuse("IV", f"{self.piece_name(own)} has already moved this phase")
            else:
                self._select((own,))
            return False
        if self.selection:
            unit = self.selection[0]
            why = (f"{label} is occupied: a unit ending on a friend is removed, and none may end on an enemy"
                   if label in s.pos.values() else
                   f"{self.piece_name(unit)} cannot reach {label}: {g.units[unit].movement} movement points, a stop "
                   "on touching an enemy, gates closed to the first player until destroyed or opened, walls "
                   "climbed only by ladder with the whole move")
            self._refuse("IV", why)
        return False

    def _select(self, units: tuple[str, ...]) -> None:
        self.selection = units
        self.armed, self.target, self.refusal = None, None, None
        self.message = ""
        if self.stage() == "movement" and units and not self._reach() and not self.hd.wades(self.state, units[0]):
            self.message = "no move for this unit (hemmed in by enemies, walls or closed gates)"
        self._changed()

    def _reach(self) -> dict[str, int]:
        if self.stage() != "movement" or self.state.pending:
            return {}
        unit = self.tray_pick or (self.selection[0] if self.selection else None)
        if unit is None:
            return {}
        return self._cached(f"reach:{unit}", lambda: movement.reach(self.hd, self.state, unit))  # type: ignore[no-any-return]

    def path_preview(self, h: Hex) -> list[Hex]:
        """IV: the cheapest route of the selected unit (or entering reinforcement) to ``h``."""
        unit = self.tray_pick or (self.selection[0] if self.selection else None)
        label = self.hd.board.label(h)
        if unit is None or label not in self._reach():
            return []

        def routes() -> dict[str, str]:
            came: dict[str, str] = {}
            movement.reach(self.hd, self.state, unit, came)
            return came

        came = self._cached(f"routes:{unit}", routes)
        path = [label]
        while path[-1] in came and len(path) <= len(came):
            path.append(came[path[-1]])
        return [self.place_hex(p) for p in reversed(path)]

    def _fighters(self) -> set[str]:
        """Own units that may still attack in this phase."""
        s, g, stage = self.state, self.hd, self.stage()
        side = self.decider()
        out = set()
        for u in s.pos:
            spec = g.units[u]
            if spec.side != side or u in s.fought:
                continue
            if stage == "ranged_combat" and spec.kind == "archer":
                out.add(u)
            elif stage in ("close_combat", "ladder_storm") and spec.kind == "sword" and u not in s.stormed:
                out.add(u)
        return out

    def _click_fight(self, label: str) -> bool:
        s, g = self.state, self.hd
        unit = self._occupant().get(label)
        if unit is None:
            return False
        if g.units[unit].side == self.decider():
            if unit not in self._fighters():
                rule = RULES[self.stage()]
                if self.stage() == "ranged_combat" and g.units[unit].kind != "archer":
                    self._refuse(rule, f"{self.piece_name(unit)} is not an archer unit")
                elif g.units[unit].kind == "archer":
                    self._refuse(rule, f"{self.piece_name(unit)} shoots in the ranged combat phase; archers "
                                       "do not attack in close combat")
                else:
                    self._refuse(rule, f"{self.piece_name(unit)} has already fought this phase"
                                 + (" (or stormed a ladder this round)" if unit in s.stormed else ""))
                return False
            sel = [u for u in self.selection if u != unit]
            if unit not in self.selection:
                sel.append(unit)
            self.selection = tuple(sorted(sel))
            self.refusal = None
            if isinstance(self.armed, A.Attack):
                self.armed = None
            self._changed()
            return False
        self.target = self.place_hex(label)
        self.armed = None
        self.refusal = None
        self._changed()
        return False

    _click_close_combat = _click_fight
    _click_ranged_combat = _click_fight
    _click_ladder_storm = _click_fight

    def _click_ladder_erection(self, label: str) -> bool:
        options = ladders.erect_options(self.hd, self.state)
        own = self._own_unit(label)
        if self.selection and (self.selection[0], label) in options:
            self.armed = A.TryLadder(self.selection[0], label)
            self.refusal = None
            self._changed()
            return False
        if own is None:
            return False
        walls = [w for u, w in options if u == own]
        if not walls:
            why = ("has already tried this round" if own in self.state.tried else
                   "stands at the foot of no wall a ladder may lean on (never the Hornburg; two at most per "
                   f"hexside, {self.hd.max_ladders} on the board)")
            self._refuse("VI Ladders C", f"{self.piece_name(own)} {why}")
            return False
        self._select((own,))
        if len(walls) == 1:
            self.armed = A.TryLadder(own, walls[0])
            self._changed()
        else:
            self.message = "click the wall hex the ladder leans on (outlined)"
            self._changed()
        return False

    def _click_knock_down(self, label: str) -> bool:
        options = [a for a in self.legal() if isinstance(a, A.KnockDown) and a.wall == label]
        if not options:
            if self._own_unit(label) is not None:
                self._refuse("VI Ladders I", f"no ladder to knock down from {label} this round (one try per "
                                             "wall hex a round)")
            return False
        i = options.index(self.armed) + 1 if self.armed in options else 0
        self.armed = options[i % len(options)]
        self.selection = (self.armed.unit,)
        self.refusal = None
        self._changed()
        return False

    def _click_remove_ladders(self, label: str) -> bool:
        options = [a for a in self.legal() if isinstance(a, A.RemoveLadder) and label in (a.wall, a.foot)]
        return self.act(options[0]) if options else False

    # -- the declared roll -------------------------------------------------------------------------
    def pending_action(self) -> Any | None:
        if self.armed is not None:
            return self.armed
        if self.target is None or not self.selection:
            return None
        target = self._occupant().get(self.hd.board.label(self.target))
        if target is None:
            return None
        stage = self.stage()
        if stage == "ranged_combat":
            return A.Fire(tuple(sorted(self.selection)), target)
        if stage in ("close_combat", "ladder_storm"):
            return A.Attack(tuple(sorted(self.selection)), target, stage == "ladder_storm")
        return None

    def commit(self) -> bool:
        action = self.pending_action()
        if action is None:
            self._refuse(RULES.get(self.stage(), "III"), "select your units and a target first")
            return False
        why = self.explain(action)
        if why is not None:
            self.refusal = why
            self._changed()
            return False
        return self.act(action)

    def explain(self, action: Any) -> RuleError | None:
        """Why the declared action is not allowed, in the rule's words (None: it is)."""
        if action in self.legal():
            return None
        s, g = self.state, self.hd
        name = self.piece_name
        if isinstance(action, A.Fire):
            for archer in action.archers:
                why = self._why_no_shot(archer, action.target)
                if why:
                    return RuleError("V Long-range combat", f"{name(archer)} {why}")
            return RuleError("V Long-range combat", f"{name(action.target)} has already been shot at this phase")
        if isinstance(action, A.Attack) and not action.target.startswith(combat.GATE):
            rule = "V 5.2" if action.storm else "V 5.1"
            if action.target in s.attacked:
                return RuleError(rule, f"{name(action.target)} has already been attacked this phase")
            there = s.pos[action.target]
            for u in action.attackers:
                here = s.pos[u]
                if action.storm:
                    if (there, here) not in s.ladders:
                        return RuleError(rule, f"{name(u)} is not at the foot of a ladder against {there}")
                    continue
                if there not in g.ground.neighbors[here]:
                    return RuleError(rule, f"{name(u)} is not next to {name(action.target)}")
                if g.ground.gate(here, there) is not None:
                    return RuleError(rule, "the First Player may never attack an enemy unit on the other side of "
                                           "a gate hex unless the gate has been destroyed")
                if (here in g.ground.hornburg) != (there in g.ground.hornburg):
                    return RuleError(rule, "the Hornburg is attacked only through its gates")
                if g.ground.across_wall(here, there):
                    return RuleError(rule, "under no circumstances can units engage enemy units in close combat "
                                           "that are at the foot of a castle wall")
        return RuleError(RULES.get(self.stage(), "III"), f"{self.label(action)} is not allowed now")

    def _why_no_shot(self, archer: str, target: str) -> str:
        s, g = self.state, self.hd
        a, t = s.pos[archer], s.pos[target]
        if not g.ground.on_board(a) or not g.ground.on_board(t):
            return "cannot shoot into or out of the spaces under the Hornburg"
        if t in g.ground.hornburg:
            return "cannot shoot into the Hornburg: units in the Hornburg can never be attacked by archers"
        d = g.ground.hex[a].distance(g.ground.hex[t])
        if d <= 1:
            return "is next to its target: archers shoot at range 2 or more"
        if d > g.units[archer].range:
            return f"has range {g.units[archer].range}, and {t} is {d} hexes away"
        if combat.walls_crossed(g, a, t) >= 2:
            return "cannot shoot beyond two severing castle wall hexsides"
        return ""

    def pending_preview(self) -> PendingPreview | None:
        if self.replay is not None or self.decider() is None:
            return None
        action = self.pending_action()
        if action is None:
            return None
        why = self.explain(action)
        if why is not None:
            return PendingPreview(error=why)
        g, s = self.hd, self.state
        if isinstance(action, A.Wade):
            need = g.culvert_rolls[g.wade_depth[action.to] - 1]
            return PendingPreview((f"{self.piece_name(action.unit)} wades on to {action.to}: a roll of 1-{need}, "
                                   f"{chance(need)}; otherwise it stays.",), ("IV Klammbach",), None, "Roll to wade")
        if isinstance(action, A.TryLadder):
            return PendingPreview((f"{self.piece_name(action.unit)} sets a ladder against {action.wall} on a roll "
                                   f"of 1-{g.ladder_up}: {chance(g.ladder_up)}.",), ("VI Ladders D",), None,
                                  "Roll for the ladder")
        if isinstance(action, A.KnockDown):
            return PendingPreview((f"{self.piece_name(action.unit)} knocks the ladder from {action.foot} down on a "
                                   f"roll of 1-{g.knock_down}: {chance(g.knock_down)}.",), ("VI Ladders I",), None,
                                  "Roll to knock it down")
        return self._combat_preview(action, g, s)

    def _combat_preview(self, action: Any, g: HelmsDeepGame, s: Any) -> PendingPreview:
        fire = isinstance(action, A.Fire)
        attackers = action.archers if fire else action.attackers
        mode = "fire" if fire else ("storm" if action.storm else "close")
        sup = combat.superiority(g, s, attackers, action.target, mode)
        if fire:
            lines = [f"Shooting strength {sup}: superiority {sup:+d} (archers' strength alone)"]
            rule = "V Long-range combat"
        else:
            strength = combat.attack_strength(g, s, attackers, mode == "storm")
            defence = g.gate_strength if action.target.startswith(combat.GATE) else g.units[action.target].strength
            mods = [f"{self.piece_name(u)} {g.units[u].strength}{m:+d} ({g.ground.terrain[s.pos[u]]})"
                    for u in attackers if (m := self._modifier(u)) != 0]
            lines = [f"Attack strength {strength}" + (f" ({'; '.join(mods)})" if mods else "")
                     + (" with the ladder charge -1" if mode == "storm" else "")
                     + f" against {defence}: superiority {sup:+d}"]
            rule = "V 5.2" if mode == "storm" else "V 5.1"
        column = g.table.column(sup)
        outcomes: dict[str, int] = {}
        for roll in range(1, 7):
            text = str(g.table.result(sup, roll))
            outcomes[text] = outcomes.get(text, 0) + 1
        lines.append(f"Column {column:+d}: " + ", ".join(f"{k} {chance(n)}" for k, n in outcomes.items()))
        if action.target.startswith(combat.GATE):
            lines.append("A light gate falls only on an X (VI Gates)")
        commit = "Fire!" if fire else ("Storm the wall" if mode == "storm" else "Roll for the combat")
        return PendingPreview(tuple(lines), (rule, "V Combat result table"), None, commit)

    def _modifier(self, unit: str) -> int:
        g, s = self.hd, self.state
        full = combat.attack_strength(g, s, (unit,), False)
        return full - g.units[unit].strength

    # -- the map ---------------------------------------------------------------------------------
    def overlays(self) -> list[tuple[str, str]]:
        return [("fire_lines", "Archers' fire lines"), ("attack_targets", "Attack targets and superiority")]

    def marks(self) -> list[Mark]:
        state = self.shown_state()
        out = self._board_marks(state)
        if self.replay is not None or self.decider() is None:
            return out
        out += self._gesture_marks()
        return out + self.selection_marks()

    def _board_marks(self, state: Any) -> list[Mark]:
        """Ladders across their wall hexsides, gates destroyed or held open (VI)."""
        hx, out = self.place_hex, []
        if state.ladders:
            feet: dict[str, int] = {}
            for _, foot in state.ladders:
                feet[foot] = feet.get(foot, 0) + 1
            out.append(Mark("ladders", tuple(hx(w) for w, _ in state.ladders), "dashed", LADDER_COLOUR,
                            width=0.06, lines=(), above=False))
            out.append(Mark("ladder_lines", style="line", colour=LADDER_COLOUR, width=0.16,
                            lines=tuple((hx(f), hx(w)) for w, f in state.ladders),
                            tags={hx(f): "ladder" if n == 1 else f"ladders ×{n}" for f, n in feet.items()},
                            tag_key="ladder_tags"))
        down = [k.split("/") for k in sorted(state.gates_down)]
        if down:
            out.append(Mark("gates_down", style="line", colour="#c62828", width=0.1,
                            lines=tuple((hx(a), hx(b)) for a, b in down),
                            tags={hx(a): "gate blown" for a, _ in down}, tag_key="gates_down_tags"))
        held = [k.split("/") for k in sorted(state.gates_open - state.gates_down)]
        if held:
            out.append(Mark("gates_open", style="line", colour="#2e7d32", width=0.1,
                            lines=tuple((hx(a), hx(b)) for a, b in held),
                            tags={hx(a): "gate open" for a, _ in held}, tag_key="gates_open_tags"))
        return out

    def _gesture_marks(self) -> list[Mark]:
        s, g, hx = self.state, self.hd, self.place_hex
        out: list[Mark] = []
        if s.pending:
            step = s.pending[0]
            places = [a.to for a in self.legal() if isinstance(a, A.Retreat) and a.to != "off"]
            if places:
                out.append(Mark("retreat", tuple(map(hx, places)), "area", "#ef6c00", "#ef6c003c", 0.06,
                                dict.fromkeys(map(hx, places), "retreat")))
            units = [a.unit for a in self.legal() if isinstance(a, (A.ChooseLoss, A.Advance)) and a.unit]
            if units:
                where = tuple(h for h in (self.hex_of(u) for u in units) if h is not None)
                word = "lost?" if step["kind"] == "loss" else "advance?"
                out.append(Mark("choose", where, "dashed", "#d32f2f", "#d32f2f28", 0.1, dict.fromkeys(where, word)))
            return out
        if self.tray_pick is not None:
            places = g.setup_places(s, self.tray_pick) if s.phase == SETUP else list(self._reach())
            out.append(Mark("zone", tuple(map(hx, places)), "area", "#a06e00", "#fac82846", width=0))
        reach = self._reach()
        if reach:
            out.append(Mark("reach", tuple(map(hx, reach)), "area", "#1e783c", "#3caa5a46", width=0,
                            tags={hx(p): half_points(c) for p, c in reach.items()}, tag_colour="#145028",
                            plain_tags=True))
        if self.stage() == "movement" and self.selection:
            wades = g.wades(s, self.selection[0])
            if wades:
                out.append(Mark("wade", tuple(map(hx, wades)), "dashed", "#0277bd", "#0277bd28", 0.1,
                                {hx(p): f"1-{g.culvert_rolls[g.wade_depth[p] - 1]}" for p in wades}))
        if self.stage() == "ladder_erection" and self.selection:
            walls = [w for u, w in ladders.erect_options(g, s) if u == self.selection[0]]
            if walls:
                out.append(Mark("ladder_walls", tuple(map(hx, walls)), "dashed", LADDER_COLOUR, "#6b44232a", 0.1,
                                dict.fromkeys(map(hx, walls), f"1-{g.ladder_up}")))
        if isinstance(self.armed, (A.TryLadder, A.KnockDown)):
            out.append(Mark("armed", (hx(self.armed.wall),), "outline", "#d32f2f", width=0.1))
        if isinstance(self.armed, A.Attack) and self.armed.target.startswith(combat.GATE):
            a, b = self.armed.target[len(combat.GATE):].split("/")
            out.append(Mark("gate_target", style="line", colour="#d32f2f", width=0.12, lines=((hx(a), hx(b)),)))
        out += self._target_marks()
        return out

    def _target_marks(self) -> list[Mark]:
        """Before a roll: the enemies the selection may attack, with the superiority on each (V 5.1,
        5.2), or the archers' fire lines with this game's rules (never into the Hornburg, never past
        two wall hexsides, range in hexes)."""
        s, g, hx = self.state, self.hd, self.place_hex
        stage = self.stage()
        if not self.selection or stage not in ("close_combat", "ladder_storm", "ranged_combat"):
            return []
        if any(u not in s.pos for u in self.selection):
            return []
        enemies = {u: p for u, p in s.pos.items() if g.units[u].side != self.decider()}
        attackers = tuple(sorted(self.selection))
        if stage != "ranged_combat":
            legal = {a.target for a in self.legal() if isinstance(a, A.Attack) and a.attackers == attackers}
            tags = {}
            for u in sorted(legal & set(enemies)):
                sup = combat.superiority(g, s, attackers, u, "storm" if stage == "ladder_storm" else "close")
                tags[hx(enemies[u])] = f"{sup:+d}"
            return [Mark("attack_targets", tuple(tags), "outline", "#d32f2f", "#d32f2f1e", 0.1, tags,
                         tag_key="attack_sup", overlay="attack_targets")] if tags else []
        clear, barred, tags = [], [], {}
        reach = max(g.units[u].range for u in self.selection)
        for u in sorted(enemies):
            t = enemies[u]
            if not g.ground.on_board(t):
                continue
            near = [a for a in self.selection
                    if g.ground.on_board(s.pos[a]) and g.ground.hex[s.pos[a]].distance(g.ground.hex[t]) <= reach]
            if not near:
                continue
            for a in near:
                line = (hx(s.pos[a]), hx(t))
                (barred if self._why_no_shot(a, u) else clear).append(line)
            if A.Fire(attackers, u) in self.legal():
                tags[hx(t)] = f"fire {sum(g.units[a].strength for a in attackers):+d}"
            elif t in g.ground.hornburg:
                tags[hx(t)] = "Hornburg"
            elif any(combat.walls_crossed(g, s.pos[a], t) >= 2 for a in near):
                tags[hx(t)] = "2 walls"
        out = []
        if clear:
            out.append(Mark("fire_clear", style="line", colour="#1b8a2e", width=0.05, lines=tuple(clear),
                            overlay="fire_lines"))
        if barred:
            out.append(Mark("fire_barred", style="line", colour="#c62828", width=0.035, lines=tuple(barred),
                            overlay="fire_lines"))
        if tags:
            out.append(Mark("fire_targets", tuple(h for h, t in tags.items() if t.startswith("fire")), "outline",
                            "#1565c0", None, 0.09, tags, tag_key="fire_tags", overlay="fire_lines"))
        return out

    def focus_hexes(self) -> list[Hex]:
        hexes = [self.hex_of(u) for u in self.selection] + ([self.target] if self.target else [])
        return [h for h in hexes if h is not None]


__all__ = ["MARKERS", "Play", "counter_face"]
