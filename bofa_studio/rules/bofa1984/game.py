"""The Basic Game of The Battle of Five Armies as a Game: static config and the rules API.

``BofaGame`` is immutable once built (scenario, options, tables, compiled board);
every call takes the :class:`State` it works on. ``apply`` validates its action
and raises :class:`~bofa_studio.rules.core.RuleError` naming the rule broken;
``legal_actions`` lists what ``apply`` accepts at the grain a player acts (a move
is a counter or stack to a destination, an attack a set of attackers and a hex).
"""

from __future__ import annotations

from typing import Any

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import combat, fire, movement, sequence
from bofa_studio.rules.bofa1984.compiled import CompiledBoard
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES, CounterSpec, other_side, spec_from_dict
from bofa_studio.rules.bofa1984.stacking import stacking_problem
from bofa_studio.rules.bofa1984.state import State
from bofa_studio.rules.bofa1984.tables import Tables
from bofa_studio.rules.core import CHANCE, TERMINAL, Event, RuleError, pick_weighted, seed_state

D10 = tuple(range(1, 11))

# Options whose rules this engine implements; the rest are refused by name, so that
# a scenario never silently plays with a rule switched off.
IMPLEMENTED_OPTIONS = {"s3_second_chooser_may_draw", "s5_second_wave_roll"}


class BofaGame:
    def __init__(self, scenario: dict[str, Any], board: Board, options: dict[str, bool] | None = None) -> None:
        self.scenario = scenario
        self.board = board
        self.cb = CompiledBoard(board)
        self.tables = Tables(scenario["tables"])
        rules = scenario["rules"]
        self.level = rules["level"]
        self.options = {**rules.get("options", {}), **(options or {})}
        if self.level != "basic":
            raise NotImplementedError("the Standard Game (S-1..S-11) is not implemented yet; use level 'basic'")
        unsupported = sorted(k for k, v in self.options.items() if v and k not in IMPLEMENTED_OPTIONS)
        if unsupported:
            raise NotImplementedError(f"options not implemented yet: {', '.join(unsupported)}")
        self.turns: int = scenario["turns"]
        self.chip_mix = scenario["chips"]["mix"]
        oob = scenario["order_of_battle"]
        removed = set(oob.get("removed", {}).get("counters", ()))
        self.specs: dict[str, CounterSpec] = {
            c["id"]: spec_from_dict(c) for c in scenario["counters"] if c["id"] not in removed
        }
        self.counter_order = list(self.specs)
        # Flat lookups for the hot paths (a dict lookup instead of an attribute chain).
        self.side_of = {cid: s.side for cid, s in self.specs.items()}
        self.controls = frozenset(cid for cid, s in self.specs.items() if s.controls_hex)
        self.setup_order: list[str] = oob.get("setup_order", [FREE_PEOPLES, DARK])
        self.setup_zone: dict[str, frozenset[int]] = {}
        self.setup_counters: dict[str, list[str]] = {FREE_PEOPLES: [], DARK: []}
        for entry in oob["setup"]:
            zone = self.cb.area(entry["zone"])
            for cid in entry["counters"]:
                if cid in removed:
                    continue
                self.setup_zone[cid] = zone
                self.setup_counters[self.specs[cid].side].append(cid)
        self.reinforcement: dict[str, dict[str, Any]] = {}
        # Reinforcements whose entry a die roll picks, when their option is chosen (S-5).
        self.rolled_reinforcements: dict[str, dict[str, Any]] = {}
        for r in oob.get("reinforcements", []):
            alt = r.get("alternatives")
            if alt and self.option(alt["option"]):
                self.rolled_reinforcements[r.get("name", f"turn {r['turn']}")] = r
            for cid in r["counters"]:
                if cid not in removed:
                    self.reinforcement[cid] = r
        self.default_placement: dict[str, int] = {}
        for cid, label in scenario.get("default_placement", {}).items():
            if cid in self.specs:
                self.default_placement[cid] = self.cb.hex_index(board.hex_at(label))
        self.victory_hexes: dict[str, frozenset[int]] = {
            name: self.cb.area(name) for name in scenario["victory"]["locations"]
        }
        self.active_levels = {"basic"} if self.level == "basic" else {"basic", "standard"}
        self._build_steps()

    # -- configuration helpers -------------------------------------------------
    def option(self, name: str) -> bool:
        return bool(self.options.get(name, False))

    def modifier_active(self, mid: str, kind: str) -> bool:
        m = self.tables.modifiers.get(mid)
        return m is not None and m.level in self.active_levels and kind in m.applies_to

    def mix_for(self, turn: int) -> dict[str, Any]:
        for mix in self.chip_mix:
            if mix["from_turn"] <= turn <= mix["to_turn"]:
                return mix
        raise RuleError("B-3", f"the scenario gives no chip mix for turn {turn}")

    def _build_steps(self) -> None:
        """Per-side ground step costs and flying steps between adjacent hexes (B-6, Terrain Table)."""
        cb, t = self.cb, self.tables
        self.flying_cost = t.flying_cost
        self.fly_steps = [tuple((nb.index, t.flying_cost) for nb in cb.neighbours[h] if not nb.wall)
                          for h in range(len(cb))]
        self.ground_steps: dict[str, list[tuple[tuple[int, int], ...]]] = {}
        for side in (FREE_PEOPLES, DARK):
            rows = []
            for h in range(len(cb)):
                row = []
                for nb in cb.neighbours[h]:
                    n = nb.index
                    if nb.wall:
                        continue
                    cost = t.move_cost.get(cb.terrain[n])
                    if cost is None:
                        continue
                    # B-6: paths cancel the terrain, but entering the Front Gate always costs 4.
                    if cb.path[h] and cb.path[n] and not cb.front_gate[n]:
                        cost = t.path_cost
                    if nb.river:
                        cost += t.river_cost[side]
                    row.append((n, cost))
                rows.append(tuple(row))
            self.ground_steps[side] = rows

    def hex(self, i: int) -> Hex:
        return self.cb.hexes[i]

    def idx(self, h: Hex) -> int:
        return self.cb.hex_index(h)

    # -- the protocol ------------------------------------------------------------
    def new_initial_state(self, seed: int = 0) -> State:
        state = State(seed=seed, rng=seed_state(seed))
        state.steps = {cid: 2 for cid in self.specs}
        state.stage = "setup"
        state.setup_side = self.setup_order[0]
        self._advance_setup(state)
        return state

    def current_player(self, state: State) -> str:
        stage = state.stage
        if stage in ("draw", "roll", "entry_roll"):
            return CHANCE
        if stage == "over":
            return TERMINAL
        if stage == "setup":
            return state.setup_side  # type: ignore[return-value]
        if stage == "choose_first":
            return state.first_chooser  # type: ignore[return-value]
        if stage == "choose_second":
            return other_side(state.first_chooser)  # type: ignore[arg-type]
        if stage == "loss":
            return state.pending_side  # type: ignore[return-value]
        return state.phase_player  # type: ignore[return-value]

    def is_terminal(self, state: State) -> bool:
        return state.stage == "over"

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if state.stage in ("roll", "entry_roll"):
            return [(A.DieRoll(v), 0.1) for v in D10]
        if state.stage == "draw":
            total = sum(state.cup.values())
            return [(A.ChipDrawn(k), n / total) for k, n in sorted(state.cup.items()) if n > 0]
        return []

    def _chance_weights(self, state: State) -> tuple[list[Any], list[int]]:
        if state.stage in ("roll", "entry_roll"):
            return [A.DieRoll(v) for v in D10], [1] * 10
        kinds = [(k, n) for k, n in sorted(state.cup.items()) if n > 0]
        return [A.ChipDrawn(k) for k, _ in kinds], [n for _, n in kinds]

    def sample_chance(self, state: State) -> Any:
        """The outcome the state's own generator gives; the state is not changed."""
        outcomes, weights = self._chance_weights(state)
        _, i = pick_weighted(state.rng, weights)
        return outcomes[i]

    # -- legal actions -------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Any]:
        stage = state.stage
        if stage in ("draw", "roll", "entry_roll"):
            return [a for a, _ in self.chance_outcomes(state)]
        if stage == "over":
            return []
        if stage == "setup":
            return self._setup_actions(state)
        if stage in ("choose_first", "choose_second"):
            return [A.ChooseChip(k) for k, n in sorted(state.cup.items()) if n > 0]
        if stage == "chip":
            return [A.PlayHeldChip(), A.DrawChip()]
        if stage == "fc_mode":
            return [A.ChooseMode("fire"), A.ChooseMode("combat")]
        if stage == "loss":
            assert state.pending is not None
            from bofa_studio.rules.bofa1984.losses import loss_candidates

            return [A.TakeLoss(c) for c in loss_candidates(self, state, state.pending)]
        if stage == "advance":
            return [A.Advance(())] + [A.Advance(o) for o in combat.advance_options(self, state)]
        if stage == "move":
            return self.move_actions(state) + [A.EndPhase()]
        if stage == "combat":
            return self.combat_actions(state)
        if stage == "fire":
            return self.fire_actions(state) + [A.EndPhase()]
        raise AssertionError(f"unknown stage {stage}")

    def _setup_actions(self, state: State) -> list[Any]:
        side = state.setup_side
        out: list[Any] = []
        if self.default_problem(state) is None:
            out.append(A.PlaceDefault())
        for cid in self.setup_counters[side]:  # type: ignore[index]
            if cid in state.pos:
                continue
            for h in sorted(self.setup_zone[cid]):
                if self.place_problem(state, cid, h, side) is None:  # type: ignore[arg-type]
                    out.append(A.Place(cid, self.hex(h)))
        return out

    def reinforcements_ready(self, state: State) -> list[str]:
        side = state.phase_player
        return [
            cid for cid, r in self.reinforcement.items()
            if r["side"] == side and r["turn"] <= state.turn and cid not in state.entered
        ]

    def entry_hexes(self, state: State, cid: str) -> list[int]:
        """B-5: the entry triangles of the counter's groups, or Beorn's entry circle."""
        entry = self.reinforcement[cid]["entry"]
        if entry.get("circle"):
            circle = self.cb.entry_circle
            side = self.specs[cid].side
            if not entry.get("nearest_free") or any(
                    not movement.has_side(self, state, h, side) for h in circle):
                return list(circle)
            # "...or enter the board from the nearest free hex."
            best: list[int] = []
            dist = 1 << 30
            for h in range(len(self.cb)):
                if h in state.stacks or self.cb.cliff[h]:
                    continue
                d = min(self.cb.distance(h, c) for c in circle)
                if d < dist:
                    best, dist = [h], d
                elif d == dist:
                    best.append(h)
            return best
        hexes: list[int] = []
        name = self.reinforcement[cid].get("name", f"turn {self.reinforcement[cid]['turn']}")
        for g in state.entry_rolls.get(name, entry["groups"]):
            hexes += self.cb.entry_groups.get(g, [])
        return sorted(set(hexes))

    def move_actions(self, state: State) -> list[Any]:
        """Entries and moves. A move is listed once per destination, without its path: the
        engine takes the cheapest legal path (``move_path`` shows it), which keeps this list
        cheap enough to build at every step of a random game."""
        out: list[Any] = []
        hexes = self.cb.hexes
        ready = self.reinforcements_ready(state)
        entry_cache: dict[int, list[int]] = {}
        for cid in ready:
            key = id(self.reinforcement[cid])
            if key not in entry_cache:
                entry_cache[key] = self.entry_hexes(state, cid)
            for h in entry_cache[key]:
                if self.entry_problem(state, cid, h, entry_cache[key]) is None:
                    out.append(A.Place(cid, hexes[h]))
        held = movement.enemy_held(self, state, state.phase_player)  # type: ignore[arg-type]
        for group in movement.movable_groups(self, state):
            if len(group) > 1 and any(self.specs[c].is_beorn for c in group):
                continue
            _, dests = movement.legal_moves(self, state, group, held)
            out.extend([A.Move(group, hexes[d]) for d in dests])
        return out

    def move_path(self, state: State, move: A.Move) -> tuple[Hex, ...]:
        """The path a move without one will take (for the UI to draw)."""
        if move.path:
            return move.path
        start = state.pos[move.counters[0]]
        reach = movement.reachable(self, state, tuple(move.counters), start)
        return tuple(self.hex(h) for h in movement.path_to(reach, start, self.idx(move.to)))

    def combat_actions(self, state: State) -> list[Any]:
        out: list[Any] = []
        hexes = self.cb.hexes
        for h in combat.open_skirmishes(self, state):
            out.append(A.Skirmish(hexes[h]))
            for n in combat.second_wave_hexes(self, state, h):
                wave = tuple(c for c in movement.friends_in(self, state, n, state.phase_player) if c not in state.fought)
                out.append(A.Skirmish(hexes[h], wave))
        for t in combat.attack_targets(self, state):
            sources = combat.attack_sources(self, state, t)
            groups = []
            for s in sources:
                ready = tuple(c for c in movement.friends_in(self, state, s, state.phase_player) if c not in state.fought)
                groups.append(ready)
                out.append(A.Attack(ready, hexes[t]))
            if len(groups) > 1:
                out.append(A.Attack(tuple(c for g in groups for c in g), hexes[t]))
        if not combat.open_skirmishes(self, state):
            out.append(A.EndPhase())
        return out

    def fire_actions(self, state: State) -> list[Any]:
        out: list[Any] = []
        hexes = self.cb.hexes
        by_target: dict[int, list[tuple[str, ...]]] = {}
        targets = fire.open_targets(self, state)
        for unit in fire.firing_units(self, state):
            for t in fire.targets_for(self, state, unit, targets):
                by_target.setdefault(t, []).append(unit)
        for t in sorted(by_target):
            units = by_target[t]
            for u in units:
                out.append(A.Fire(u, hexes[t]))
            if len(units) > 1:
                out.append(A.Fire(tuple(c for u in units for c in u), hexes[t]))
        return out

    # -- apply ---------------------------------------------------------------------
    def apply(self, state: State, action: Any) -> list[Event]:
        """Apply ``action`` to ``state`` in place; raise RuleError if the rules forbid it."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise RuleError("B-1", f"{action!r} is not an action of this game")
        allowed = _STAGES[type(action)]
        if state.stage not in allowed:
            raise RuleError(_STAGE_RULE.get(state.stage, "B-3"),
                            f"{type(action).__name__} is not possible now (stage: {state.stage})")
        events = handler(self, state, action)
        state.actions += 1
        return events

    # setup
    def place_problem(self, state: State, cid: str, h: int, side: str) -> RuleError | None:
        """Why ``cid`` may not be set up in ``h`` now (B-2, B-9), or None."""
        spec = self.specs[cid]
        if cid not in self.setup_zone or spec.side != side:
            return RuleError("B-2", f"{spec.name} is not set up by {side} at the start")
        if cid in state.pos:
            return RuleError("B-2", f"{spec.name} is already on the map")
        if h not in self.setup_zone[cid]:
            return RuleError("B-2", f"{spec.name} must be set up in its zone")
        problem = stacking_problem(self, state, movement.friends_in(self, state, h, side) + [cid])
        return RuleError("B-9", problem) if problem else None

    def default_problem(self, state: State) -> RuleError | None:
        """Why the scenario's default placement cannot finish this side's setup, or None."""
        side = state.setup_side
        remaining = [c for c in self.setup_counters[side] if c not in state.pos]  # type: ignore[index]
        if not remaining:
            return RuleError("B-2", "nothing is left to place")
        missing = [c for c in remaining if c not in self.default_placement]
        if missing:
            return RuleError("B-2", f"the scenario has no default placement for {', '.join(missing[:3])}")
        trial = state.copy()
        for cid in remaining:
            problem = self.place_problem(trial, cid, self.default_placement[cid], side)  # type: ignore[arg-type]
            if problem:
                return problem
            movement.put(trial, cid, self.default_placement[cid])
        return None

    def _advance_setup(self, state: State) -> list[Event]:
        events: list[Event] = []
        while state.stage == "setup" and all(c in state.pos for c in self.setup_counters[state.setup_side]):  # type: ignore[index]
            i = self.setup_order.index(state.setup_side)  # type: ignore[arg-type]
            events.append(Event("setup_done", f"{state.setup_side} has set up"))
            if i + 1 < len(self.setup_order):
                state.setup_side = self.setup_order[i + 1]
            else:
                state.setup_side = None
                state.turn = 1
                events += sequence.begin_turn(self, state)
        return events

    def entry_problem(self, state: State, cid: str, h: int, entry: list[int] | None = None) -> RuleError | None:
        """Why reinforcement ``cid`` may not enter in ``h`` now (B-5, B-9), or None."""
        r = self.reinforcement[cid]
        spec = self.specs[cid]
        if h not in (entry if entry is not None else self.entry_hexes(state, cid)):
            return RuleError("B-5", f"{spec.name} enters on {self._entry_text(cid)}")
        side = r["side"]
        if not r["entry"].get("onto_enemy") and movement.controlled_by(self, state, h, other_side(side)) \
                and not spec.is_beorn:
            return RuleError("B-5", f"{spec.name} may not be placed on an enemy counter")
        problem = stacking_problem(self, state, movement.friends_in(self, state, h, side) + [cid])
        return RuleError("B-9", problem) if problem else None

    def _entry_text(self, cid: str) -> str:
        entry = self.reinforcement[cid]["entry"]
        if entry.get("circle"):
            return "the entry circle (or the nearest free hex)"
        return "the entry triangles " + " or ".join(entry["groups"])


def _place(game: BofaGame, state: State, a: A.Place) -> list[Event]:
    h = game.idx(a.hex)
    spec = game.specs.get(a.counter)
    if spec is None:
        raise RuleError("B-2", f"there is no counter {a.counter!r} in this scenario")
    if state.stage == "setup":
        problem = game.place_problem(state, a.counter, h, state.setup_side)  # type: ignore[arg-type]
        if problem:
            raise problem
        movement.put(state, a.counter, h)
        return [Event("place", f"{spec.name} set up in {game.cb.label(h)}")] + game._advance_setup(state)
    r = game.reinforcement.get(a.counter)
    if r is None:
        raise RuleError("B-5", f"{spec.name} is not a reinforcement")
    if r["side"] != state.phase_player:
        raise RuleError("B-5", f"{spec.name} enters only in its own side's movement phase")
    if r["turn"] > state.turn:
        raise RuleError("B-5", f"{spec.name} arrives on turn {r['turn']}, not before")
    if a.counter in state.entered:
        raise RuleError("B-5", f"{spec.name} has already entered")
    problem = game.entry_problem(state, a.counter, h)
    if problem:
        raise problem
    movement.put(state, a.counter, h)
    state.phase_start[a.counter] = h
    return [Event("enter", f"{spec.name} enters in {game.cb.label(h)}")]


def _place_default(game: BofaGame, state: State, a: A.PlaceDefault) -> list[Event]:
    problem = game.default_problem(state)
    if problem:
        raise problem
    side = state.setup_side
    for cid in game.setup_counters[side]:  # type: ignore[index]
        if cid not in state.pos:
            movement.put(state, cid, game.default_placement[cid])
    return [Event("place", f"{side} sets up as the scenario proposes")] + game._advance_setup(state)


def _choose(game: BofaGame, state: State, a: A.ChooseChip) -> list[Event]:
    return sequence.choose(game, state, a.chip)


def _play_held(game: BofaGame, state: State, a: A.PlayHeldChip) -> list[Event]:
    return sequence.play_held(game, state)


def _draw(game: BofaGame, state: State, a: A.DrawChip) -> list[Event]:
    state.stage = "draw"
    return []


def _chip_drawn(game: BofaGame, state: State, a: A.ChipDrawn) -> list[Event]:
    outcomes, weights = game._chance_weights(state)
    if a not in outcomes:
        raise RuleError("B-3", f"there is no {a.chip} chip in the cup")
    state.rng, _ = pick_weighted(state.rng, weights)
    return sequence.chip_drawn(game, state, a.chip)


def _mode(game: BofaGame, state: State, a: A.ChooseMode) -> list[Event]:
    return sequence.choose_mode(game, state, a.mode)


def _move(game: BofaGame, state: State, a: A.Move) -> list[Event]:
    dest = game.idx(a.to)
    path = [game.idx(h) for h in a.path] if a.path else None
    done = movement.apply_move(game, state, tuple(a.counters), dest, path)
    names = ", ".join(game.specs[c].name for c in a.counters)
    return [Event("move", f"{names} move to {game.cb.label(dest)}",
                  {"counters": list(a.counters), "path": [game.cb.label(h) for h in done]})]


def _attack(game: BofaGame, state: State, a: A.Attack) -> list[Event]:
    return combat.declare_attack(game, state, tuple(a.attackers), game.idx(a.target))


def _skirmish(game: BofaGame, state: State, a: A.Skirmish) -> list[Event]:
    return combat.declare_skirmish(game, state, game.idx(a.hex), tuple(a.second_wave))


def _fire(game: BofaGame, state: State, a: A.Fire) -> list[Event]:
    return fire.declare_fire(game, state, tuple(a.archers), game.idx(a.target))


def _roll(game: BofaGame, state: State, a: A.DieRoll) -> list[Event]:
    if a.value not in D10:
        raise RuleError("B-1", f"a d10 shows 1..10 (0 counts as 10), not {a.value}")
    state.rng, _ = pick_weighted(state.rng, [1] * 10)
    if state.stage == "entry_roll":
        return sequence.entry_roll(game, state, a.value)
    return combat.resolve_roll(game, state, a.value)


def _take_loss(game: BofaGame, state: State, a: A.TakeLoss) -> list[Event]:
    return combat.take_loss(game, state, a.counter)


def _advance(game: BofaGame, state: State, a: A.Advance) -> list[Event]:
    return combat.advance(game, state, tuple(a.counters))


def _end_phase(game: BofaGame, state: State, a: A.EndPhase) -> list[Event]:
    return sequence.end_phase(game, state)


_HANDLERS = {
    A.Place: _place, A.PlaceDefault: _place_default, A.ChooseChip: _choose, A.PlayHeldChip: _play_held,
    A.DrawChip: _draw, A.ChipDrawn: _chip_drawn, A.ChooseMode: _mode, A.Move: _move, A.Attack: _attack,
    A.Skirmish: _skirmish, A.Fire: _fire, A.DieRoll: _roll, A.TakeLoss: _take_loss, A.Advance: _advance,
    A.EndPhase: _end_phase,
}
_STAGES = {
    A.Place: ("setup", "move"), A.PlaceDefault: ("setup",), A.ChooseChip: ("choose_first", "choose_second"),
    A.PlayHeldChip: ("chip",), A.DrawChip: ("chip",), A.ChipDrawn: ("draw",), A.ChooseMode: ("fc_mode",),
    A.Move: ("move",), A.Attack: ("combat",), A.Skirmish: ("combat",), A.Fire: ("fire",),
    A.DieRoll: ("roll", "entry_roll"), A.TakeLoss: ("loss",), A.Advance: ("advance",),
    A.EndPhase: ("move", "combat", "fire"),
}
_STAGE_RULE = {"setup": "B-2", "move": "B-6", "combat": "B-7", "fire": "B-8", "loss": "B-7", "advance": "B-7"}
