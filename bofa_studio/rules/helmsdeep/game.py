"""The Battle of Helm's Deep on the game protocol (rules.core.Game), registered as ``helmsdeep``.

III: a round is the first player's seven phases, then the second player's four. A
phase with nothing to do but end is passed over (an event says so). Dice are rolled
as chance steps from the state's own generator; what a roll settles waits in
``State.pending``, as do the choices a result leaves (a retreat's route, a ladder
storm's loss and advance), so every decision is an action in the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bofa_studio.board import Board
from bofa_studio.rules.core import CHANCE, TERMINAL, Event, RuleError, seed_state, state_digest, uniform_index
from bofa_studio.rules.helmsdeep import actions as A
from bofa_studio.rules.helmsdeep import combat, ladders, movement
from bofa_studio.rules.helmsdeep.ground import Ground
from bofa_studio.rules.helmsdeep.state import OVER, SETUP, State
from bofa_studio.rules.helmsdeep.tables import CombatTable, VictoryLevels
from bofa_studio.rules.registry import register

FIRST_PHASES = ("remove_ladders", "destruction", "ladder_storm", "ladder_erection", "movement", "close_combat",
                "ranged_combat")
SECOND_PHASES = ("knock_down", "movement", "close_combat", "ranged_combat")
SECTION = {"remove_ladders": "VI Ladders F", "destruction": "VI Bombs", "ladder_storm": "V 5.2",
           "ladder_erection": "VI Ladders C", "knock_down": "VI Ladders I", "movement": "IV",
           "close_combat": "V 5.1", "ranged_combat": "V Long-range combat", SETUP: "VII"}


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    side: str
    group: str
    kind: str  # "sword" or "archer" (II "Definition of terms")
    strength: int  # melee strength, or shooting strength and melee defence
    movement: int
    range: int = 0
    name: str = ""
    arrives: int | None = None  # the first player's reinforcement round (VII)


@register("helmsdeep")
class HelmsDeepGame:
    ruleset = "helmsdeep"

    def __init__(self, scenario: dict[str, Any], board: Board, options: dict[str, bool] | None = None) -> None:
        self.scenario = scenario
        self.board = board
        self.options: dict[str, bool] = dict(options or {})
        self.first, self.second = scenario["sides"]["first"], scenario["sides"]["second"]
        self.ground = Ground(board)
        arrivals = {u: r["round"] for r in scenario["reinforcements"] for u in r["units"]}
        self.units = {u["id"]: Unit(u["id"], u["side"], u.get("group", ""), u["kind"], u["strength"], u["movement"],
                                    u.get("range", 0), u.get("name", ""), arrivals.get(u["id"]))
                      for u in scenario["units"]}
        setup = scenario["setup"]
        self.setup_zone = set(self.ground.labels) & {board.label(h) for h in board.area(setup["zone"])}
        self.required: dict[str, str] = dict(setup.get("required", {}))
        self.default: dict[str, str] = dict(setup.get("default", {}))
        self.fixed = frozenset(setup.get("immobile", []))
        self.theoden = setup.get("commander")
        self.setup_order = [u for u in self.units if self.units[u].side == self.second]
        self.entry = sorted(board.label(h) for h in board.area(scenario["entry"]))
        self.turns = scenario["turns"]
        self.bomb_rounds = tuple(scenario["bombs"]["rounds"])
        self.max_ladders = scenario["ladders"]["max"]
        dice = scenario["dice"]
        self.ladder_up, self.knock_down, self.culvert_rolls = dice["ladder_up"], dice["knock_down"], dice["culvert"]
        self.move_cost = dict(scenario["movement_costs"]["costs"])
        self.attack_modifiers = dict(scenario["attack_modifiers"])
        self.gate_strength = scenario["gate_strength"]
        self.points = scenario["victory"]["points"]
        self.levels = VictoryLevels.from_data(scenario["victory"]["levels"])
        self.table = CombatTable.from_data(scenario["tables"]["combat"])
        self.wade_depth = movement.wade_depth(self)
        self.walk_steps = {side: movement.walk_steps(self, side) for side in self.sides}

    def name(self, place_or_unit: str) -> str:
        """A unit as players call it ("Theoden", "Uruk swords 4-4 #2"); anything else as it is."""
        unit = self.units.get(place_or_unit)
        if unit is None:
            return place_or_unit
        if unit.name:
            return unit.name
        kind = "archers" if unit.kind == "archer" else "swords"
        who = unit.group.capitalize() or unit.side.replace("_", " ").title()
        return f"{who} {kind} {unit.strength}-{unit.movement} #{unit.id.rsplit('-', 1)[-1]}"

    # -- scenario files: the loader and validate ask the ruleset's Game ------------------------
    @staticmethod
    def scenario_problems(data: dict[str, Any], file: str = "<scenario>") -> list[Any]:
        from bofa_studio.rules.helmsdeep.scenario import scenario_problems

        return scenario_problems(data, file)

    @staticmethod
    def scenario_map_problems(data: dict[str, Any], board: Board) -> list[str]:
        from bofa_studio.rules.helmsdeep.scenario import scenario_map_problems

        return scenario_map_problems(data, board)

    # -- protocol: who acts -------------------------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        return (self.first, self.second)

    @property
    def seats(self) -> list[str]:
        return [self.first, self.second]

    def current_player(self, state: State) -> str:
        if state.phase == OVER:
            return TERMINAL
        if state.pending:
            step = state.pending[0]
            return CHANCE if step["kind"] == "roll" else step["chooser"]
        if state.phase == SETUP:
            return self.second
        return self.phase_side(state)

    def phase_side(self, state: State) -> str:
        return state.phase.split(".")[0]

    def current_seats(self, state: State) -> list[str]:
        player = self.current_player(state)
        return [] if player in (CHANCE, TERMINAL) else [player]

    def is_chance_action(self, action: Any) -> bool:
        return isinstance(action, A.Roll)

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    # -- protocol: state, chance, files -----------------------------------------------
    def new_initial_state(self, seed: int = 0) -> State:
        return State(rng=seed_state(seed))

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if self.current_player(state) != CHANCE:
            return []
        return [(A.Roll(v), 1 / 6) for v in range(1, 7)]

    def sample_chance(self, state: State) -> Any:
        _, index = uniform_index(state.rng, 6)
        return A.Roll(index + 1)

    def encode_action(self, action: Any) -> dict[str, Any]:
        return A.CODEC.encode(action)

    def decode_action(self, data: Any) -> Any:
        return A.CODEC.decode(data)

    def digest(self, state: State) -> str:
        return state_digest(state)

    def summary(self, state: State) -> dict[str, Any]:
        return {"round": state.round, "phase": state.phase, "points": state.points}

    def result(self, state: State) -> dict[str, Any] | None:
        if state.phase != OVER:
            return None
        level, winner = self.levels.level(state.points)
        return {"winner": winner, "level": level, "points": state.points,
                "summary": f"{level}: the first player scored {state.points} victory points (8.3)"}

    # -- optional members the simulator and search use when a ruleset has them --------------
    def random_action(self, state: State, rng: int) -> tuple[Any, int]:
        """A legal action drawn from the player's own generator ``rng`` (see ``players``)."""
        from bofa_studio.rules.helmsdeep.players import random_player

        return random_player(self, state, rng)

    def invariant_violations(self, state: State) -> list[str]:
        from bofa_studio.rules.helmsdeep.invariants import violations

        return violations(self, state)

    def phase(self, state: State) -> tuple[int, str]:
        """Changes exactly when a phase (or the game) ends."""
        return state.round, state.phase

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Any]:
        if state.phase == OVER:
            return []
        if state.pending:
            return self._pending_actions(state)
        if state.phase == SETUP:
            return self._setup_actions(state)
        return [A.EndPhase(), *self._phase_actions(state)]

    def _pending_actions(self, state: State) -> list[Any]:
        step = state.pending[0]
        kind = step["kind"]
        if kind == "roll":
            return [A.Roll(v) for v in range(1, 7)]
        if kind == "retreat":
            return [A.Retreat(step["unit"], to) for to in step["options"]]
        if kind == "loss":
            return [A.ChooseLoss(u) for u in step["units"]]
        return [A.Advance("")] + [A.Advance(u) for u in step["units"] if u in state.pos]

    def _setup_actions(self, state: State) -> list[Any]:
        todo = [u for u in self.setup_order if u not in state.pos]
        out: list[Any] = []
        if todo and all(u in self.default for u in todo) and self._default_problem(state) is None:
            out.append(A.PlaceDefault())
        taken = set(state.pos.values())
        # The units VII names a hex for go first (one hex each); the rest in any order.
        fixed = [u for u in todo if u in self.required]
        if fixed:
            unit = fixed[0]
            return out + [A.Place(unit, self.required[unit])] if self.required[unit] not in taken else out
        places = [p for p in sorted(self.setup_zone - set(self.required.values())) if p not in taken]
        return out + [A.Place(unit, p) for unit in todo for p in places]

    def setup_places(self, state: State, unit: str) -> list[str]:
        """VII: where ``unit`` may be set up now (none while a unit with a named hex waits)."""
        return [a.to for a in self._setup_actions(state) if isinstance(a, A.Place) and a.unit == unit]

    def _default_problem(self, state: State) -> str | None:
        taken = set(state.pos.values())
        for unit in self.setup_order:
            if unit in state.pos:
                continue
            place = self.default[unit]
            if place in taken:
                return f"{unit}'s default hex {place} is taken"
            if self.required.get(unit, place) != place or (unit not in self.required and place not in self.setup_zone):
                return f"{unit}'s default hex {place} is outside the set-up area"
            taken.add(place)
        return None

    def _phase_actions(self, state: State) -> list[Any]:
        phase = state.phase.split(".")[1]
        side = self.phase_side(state)
        if phase == "remove_ladders":
            return [A.RemoveLadder(w, f) for w, f in ladders.removable(self, state)]
        if phase == "destruction":
            return [A.Detonate(k) for k in ladders.bomb_targets(self, state)]
        if phase == "ladder_storm":
            return [A.Attack(g, t, True) for g, t in combat.storm_attacks(self, state)]
        if phase == "ladder_erection":
            return [A.TryLadder(u, w) for u, w in ladders.erect_options(self, state)]
        if phase == "knock_down":
            return [A.KnockDown(u, w, f) for u, w, f in ladders.knock_options(self, state)]
        if phase == "movement":
            out: list[Any] = []
            for unit in sorted(self.units):
                if self.units[unit].side != side:
                    continue
                out += [A.Move(unit, to) for to in sorted(movement.reach(self, state, unit))]
                out += [A.Wade(unit, to) for to in self.wades(state, unit)]
            return out
        if phase == "close_combat":
            return [A.Attack(g, t) for g, t in combat.close_attacks(self, state, side)]
        return [A.Fire(g, t) for g, t in combat.fire_attacks(self, state, side)]

    def _has_phase_action(self, state: State) -> bool:
        """Whether the phase offers more than ending it: in a movement phase the first unit with
        a move answers, rather than every unit's every move (random games pass many phases)."""
        if state.phase.endswith(".movement"):
            side = self.phase_side(state)
            return any(self.units[u].side == side and (movement.reach(self, state, u) or self.wades(state, u))
                       for u in sorted(self.units))
        return bool(self._phase_actions(state))

    def wades(self, state: State, unit: str) -> list[str]:
        """IV: the culvert steps south the first player may roll for with ``unit``."""
        if unit not in state.pos or not movement.can_move(self, state, unit) or self.units[unit].side != self.first:
            return []
        here = state.pos[unit]
        occupied = set(state.pos.values())
        return [n for n in self.ground.neighbors[here]
                if movement.is_wade(self, self.first, here, n) and n not in occupied]

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: State, action: Any) -> list[Event]:
        # A group of attackers is a set: any order names the same attack.
        if isinstance(action, A.Attack):
            action = A.Attack(tuple(sorted(action.attackers)), action.target, action.storm)
        elif isinstance(action, A.Fire):
            action = A.Fire(tuple(sorted(action.archers)), action.target)
        if not self._is_legal(state, action):
            raise RuleError(SECTION.get(state.phase.split(".")[-1], "III"), self._why_not(state, action))
        return self.apply_trusted(state, action)

    def _is_legal(self, state: State, action: Any) -> bool:
        """``action in legal_actions(state)``, without listing every move of every unit."""
        if state.phase == OVER:
            return False
        if isinstance(action, A.Move) and not state.pending and state.phase.endswith(".movement"):
            unit = self.units.get(action.unit)
            return (unit is not None and unit.side == self.phase_side(state)
                    and action.to in movement.reach(self, state, action.unit))
        if isinstance(action, A.EndPhase):
            return not state.pending and state.phase != SETUP
        return action in self.legal_actions(state)

    def _why_not(self, state: State, action: Any) -> str:
        if state.phase == OVER:
            return "the game is over"
        if state.pending:
            return f"{type(action).__name__} cannot be played now: {self._owed(state)} first"
        if isinstance(action, A.Move) and action.unit in state.pos and action.to in state.pos.values():
            return (f"{action.unit} would end on an occupied hex {action.to}; a unit that ends on one of its own "
                    "is removed from the board, and no unit may end on an enemy")
        return f"{type(action).__name__} is not allowed in the {state.phase} phase here"

    def _owed(self, state: State) -> str:
        kind = state.pending[0]["kind"]
        return {"roll": "a die must be rolled", "retreat": "a retreat must be chosen",
                "loss": "the ladder storm's loss must be chosen", "advance": "the advance must be chosen"}[kind]

    def apply_trusted(self, state: State, action: Any) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, A.Roll):
            state.rng, _ = uniform_index(state.rng, 6)
            events += self._resolve_roll(state, state.pending.pop(0), action.value)
        elif isinstance(action, A.Retreat):
            step = state.pending.pop(0)
            events += self._retreat(state, step, action.to)
        elif isinstance(action, A.ChooseLoss):
            state.pending.pop(0)
            events += self._destroy(state, action.unit, "V: the ladder storm costs the attacker a unit", "V")
        elif isinstance(action, A.Advance):
            step = state.pending.pop(0)
            if action.unit:
                state.pos[action.unit] = step["wall"]
                events.append(Event("advance", f"{self.name(action.unit)} takes the wall at {step['wall']}",
                                    {"unit": action.unit, "to": step["wall"]}, "V 5.2"))
        elif isinstance(action, (A.PlaceDefault, A.Place)):
            events += self._place(state, action)
        elif isinstance(action, A.EndPhase):
            events += self._advance(state)
        else:
            events += self._phase_action(state, action)
        events += self._settle(state)
        return events

    def _place(self, state: State, action: Any) -> list[Event]:
        if isinstance(action, A.PlaceDefault):
            for unit in self.setup_order:
                state.pos.setdefault(unit, self.default[unit])
        else:
            state.pos[action.unit] = action.to
        events = [Event("setup", "set-up", {}, "VII")]
        if all(u in state.pos for u in self.setup_order):
            state.round, state.phase = 1, f"{self.first}.{FIRST_PHASES[0]}"
            events.append(Event("round", "round 1", {"round": 1}, "III"))
            events += self._skip_idle(state)
        return events

    def _phase_action(self, state: State, action: Any) -> list[Event]:
        if isinstance(action, A.RemoveLadder):
            state.ladders.remove((action.wall, action.foot))
            return [Event("ladder", f"ladder at {action.foot}/{action.wall} removed", {}, "VI Ladders F")]
        if isinstance(action, A.Detonate):
            state.bombs_used += 1
            state.gates_down.add(action.gate)
            return [Event("bomb", f"the gate {action.gate} is blown", {"gate": action.gate}, "VI Bombs")]
        if isinstance(action, A.TryLadder):
            state.tried.add(action.unit)
            state.pending.append({"kind": "roll", "for": "ladder", "unit": action.unit, "wall": action.wall,
                                  "foot": state.pos[action.unit]})
            return []
        if isinstance(action, A.KnockDown):
            state.tried.update({action.unit, "wall:" + action.wall})
            state.pending.append({"kind": "roll", "for": "knock", "wall": action.wall, "foot": action.foot})
            return []
        if isinstance(action, A.Move):
            came = state.pos.get(action.unit, "the northern edge")
            state.pos[action.unit] = action.to
            state.moved.add(action.unit)
            ladders.update_open_gates(self, state)
            return [Event("move", f"{self.name(action.unit)} moves from {came} to {action.to}",
                          {"unit": action.unit, "to": action.to}, "IV")]
        if isinstance(action, A.Wade):
            state.moved.add(action.unit)
            need = self.culvert_rolls[self.wade_depth[action.to] - 1]
            state.pending.append({"kind": "roll", "for": "wade", "unit": action.unit, "to": action.to, "need": need})
            return []
        attackers = action.archers if isinstance(action, A.Fire) else action.attackers
        mode = "fire" if isinstance(action, A.Fire) else ("storm" if action.storm else "close")
        state.fought.update(attackers)
        state.attacked.add(action.target)
        if mode == "storm":
            state.stormed.update(attackers)
        sup = combat.superiority(self, state, attackers, action.target, mode)
        state.pending.append({"kind": "roll", "for": "combat", "mode": mode, "attackers": list(attackers),
                              "target": action.target, "superiority": sup})
        return []

    # -- dice ------------------------------------------------------------------------------
    def _resolve_roll(self, state: State, step: dict[str, Any], roll: int) -> list[Event]:
        what = step["for"]
        if what == "ladder":
            ok = roll <= self.ladder_up and len(state.ladders) < self.max_ladders
            if ok and state.pos.get(step["unit"]) == step["foot"]:
                state.ladders = sorted([*state.ladders, (step["wall"], step["foot"])])
            return [Event("ladder", f"{self.name(step['unit'])} rolls {roll}: " + ("a ladder goes up" if ok else "no ladder"),
                          {"roll": roll}, "VI Ladders D")]
        if what == "knock":
            ok = roll <= self.knock_down
            if ok:
                state.ladders.remove((step["wall"], step["foot"]))
            return [Event("ladder", f"roll {roll}: " + ("the ladder falls" if ok else "the ladder stands"),
                          {"roll": roll}, "VI Ladders I")]
        if what == "wade":
            ok = roll <= step["need"]
            if ok:
                state.pos[step["unit"]] = step["to"]
            return [Event("wade", f"{self.name(step['unit'])} rolls {roll} (needs {step['need']} or less): "
                          + (f"on to {step['to']}" if ok else "held back"), {"roll": roll}, "IV Klammbach")]
        return self._combat_result(state, step, roll)

    def _combat_result(self, state: State, step: dict[str, Any], roll: int) -> list[Event]:
        mode, target, attackers = step["mode"], step["target"], step["attackers"]
        result = self.table.result(step["superiority"], roll)
        rule = {"fire": "V Long-range combat", "storm": "V 5.2", "close": "V 5.1"}[mode]
        events = [Event("combat", f"{', '.join(map(self.name, attackers))} against {self.name(target)} at {step['superiority']:+d}, roll {roll}: "
                        f"{result}", {"roll": roll, "result": str(result), "superiority": step["superiority"]}, rule)]
        if target.startswith(combat.GATE):
            if result.kind == "X":
                state.gates_down.add(target[len(combat.GATE):])
                events.append(Event("gate", f"the gate {target[5:]} is destroyed", {}, "VI Gates"))
            return events
        wall = state.pos.get(target)
        winner_first = self.units[attackers[0]].side
        loser_side = self.second if winner_first == self.first else self.first
        if result.kind == "X":
            events += self._destroy(state, target, "X", rule)
        elif result.kind == "VR":
            state.pending.insert(0, {"kind": "retreat", "unit": target, "hexes": result.hexes, "chooser": winner_first})
        elif result.kind == "AR":
            for unit in reversed(attackers):
                state.pending.insert(0, {"kind": "retreat", "unit": unit, "hexes": result.hexes,
                                         "chooser": loser_side})
        if mode == "storm":
            if result.storm_loss:
                state.pending.insert(0, {"kind": "loss", "units": list(attackers), "chooser": self.first})
            if wall is not None and target not in state.pos:
                if not state.storm_scored:
                    state.storm_scored = True
                    state.points += self.points["ladder_storm"]
                    events.append(Event("points", f"a successful ladder storm: {self.points['ladder_storm']} points",
                                        {}, "8.2"))
                state.pending.append({"kind": "advance", "wall": wall, "units": list(attackers), "chooser": self.first})
        return events

    def _retreat(self, state: State, step: dict[str, Any], to: str) -> list[Event]:
        unit = step["unit"]
        if to == "off":
            del state.pos[unit]
            state.gone[unit] = "exited"
            state.points += self.points["per_exit"]
            return [Event("exit", f"{self.name(unit)} is pushed off the board at the exit: {self.points['per_exit']} points",
                          {"unit": unit}, "8.2")]
        came = state.pos[unit]
        state.pos[unit] = to
        return [Event("retreat", f"{self.name(unit)} retreats from {came} to {to}", {"unit": unit, "to": to}, "V")]

    def _destroy(self, state: State, unit: str, why: str, rule: str) -> list[Event]:
        if unit not in state.pos:
            return []
        del state.pos[unit]
        state.gone[unit] = "destroyed"
        state.pending = [s for s in state.pending if s.get("unit") != unit]
        for s in state.pending:
            if "units" in s and s["kind"] == "loss":
                s["units"] = [u for u in s["units"] if u != unit]
        events = [Event("destroyed", f"{self.name(unit)} is destroyed ({why})", {"unit": unit}, rule)]
        if unit == self.theoden and not state.theoden_scored:
            state.theoden_scored = True
            state.points += self.points["theoden"]
            events.append(Event("points", f"Theoden is destroyed: {self.points['theoden']} points", {}, "8.2"))
        return events

    def _settle(self, state: State) -> list[Event]:
        """Settle what needs no choice: retreats with one outcome or none, empty losses; then the end."""
        events: list[Event] = []
        while state.pending and state.pending[0]["kind"] != "roll":
            step = state.pending[0]
            if step["kind"] == "retreat" and "options" not in step:
                if step["unit"] not in state.pos:
                    state.pending.pop(0)
                    continue
                step["options"] = combat.retreat_options(self, state, step["unit"], step["hexes"], step["chooser"])
                place = state.pos[step["unit"]]
                if self.ground.is_wall(place) or place in self.ground.hornburg or not self.ground.on_board(place):
                    state.pending.pop(0)
                    events.append(Event("retreat", f"{self.name(step['unit'])} stands on a castle wall or in the Hornburg "
                                                          "and does not retreat", {}, "V"))
                    continue
                if not step["options"]:
                    state.pending.pop(0)
                    events += self._destroy(state, step["unit"], "no retreat route", "V")
                    continue
            if step["kind"] == "loss" and len(step["units"]) <= 1:
                state.pending.pop(0)
                for unit in step["units"]:
                    events += self._destroy(state, unit, "the ladder storm costs the attacker a unit", "V")
                continue
            if step["kind"] == "advance" and not any(u in state.pos for u in step["units"]):
                state.pending.pop(0)
                continue
            break
        if not state.pending and state.phase not in (SETUP, OVER) and not any(
                self.units[u].side == self.second for u in state.pos):
            bonus = self.points["all_destroyed"]
            state.points += bonus
            state.phase = OVER
            events.append(Event("points", f"every unit of the second player is gone: {bonus} points", {}, "8.2"))
        return events

    # -- the round sequence (III) ------------------------------------------------------------
    def _advance(self, state: State) -> list[Event]:
        events = self._next_phase(state)
        return events + self._skip_idle(state)

    def _next_phase(self, state: State) -> list[Event]:
        side, phase = state.phase.split(".")
        order = [f"{self.first}.{p}" for p in FIRST_PHASES] + [f"{self.second}.{p}" for p in SECOND_PHASES]
        i = order.index(state.phase) + 1
        state.moved.clear()
        state.fought.clear()
        state.attacked.clear()
        if i < len(order):
            state.phase = order[i]
            return []
        state.round += 1
        state.stormed.clear()
        state.tried.clear()
        if state.round > self.turns:
            state.round = self.turns
            state.phase = OVER
            return [Event("end", "the time table is used up", {}, "III")]
        state.phase = order[0]
        return [Event("round", f"round {state.round}", {"round": state.round}, "III")]

    def _skip_idle(self, state: State) -> list[Event]:
        events = []
        while state.phase != OVER and not state.pending and not self._has_phase_action(state):
            side, phase = state.phase.split(".")
            events.append(Event("phase", f"{side.replace('_', ' ').title()}'s {phase.replace('_', ' ')} phase: "
                                         "nothing to do", {}, "III"))
            events += self._next_phase(state)
        return events
