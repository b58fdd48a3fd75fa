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
from bofa_studio.rules.bofa1984 import combat, fire, movement, placement
from bofa_studio.rules.bofa1984.compiled import CompiledBoard
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES, CounterSpec, other_side, spec_from_dict
from bofa_studio.rules.bofa1984.handlers import D10, HANDLERS, STAGE_RULE, STAGES
from bofa_studio.rules.bofa1984.state import State
from bofa_studio.rules.bofa1984.tables import Tables
from bofa_studio.rules.core import CHANCE, TERMINAL, Event, RuleError, pick_weighted, seed_state

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
        self._moves: dict[tuple[str, ...], dict[int, A.Move]] = {}
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
        placement.advance_setup(self, state)
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
            return placement.setup_actions(self, state)
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
            # Actions are immutable, so one Move per (movers, hex) is built once and reused:
            # building thousands of frozen dataclasses per call was a third of the time.
            made = self._moves.get(group)
            if made is None:
                made = self._moves[group] = {}
            for d in dests:
                m = made.get(d)
                if m is None:
                    m = made[d] = A.Move(group, hexes[d])
                out.append(m)
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
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise RuleError("B-1", f"{action!r} is not an action of this game")
        allowed = STAGES[type(action)]
        if state.stage not in allowed:
            raise RuleError(STAGE_RULE.get(state.stage, "B-3"),
                            f"{type(action).__name__} is not possible now (stage: {state.stage})")
        events = handler(self, state, action)
        state.actions += 1
        return events

    # setup

    # -- placement (B-2, B-5): see placement.py --------------------------------------
    def reinforcements_ready(self, state: State) -> list[str]:
        return placement.reinforcements_ready(self, state)

    def entry_hexes(self, state: State, cid: str) -> list[int]:
        return placement.entry_hexes(self, state, cid)

    def place_problem(self, state: State, cid: str, h: int, side: str) -> RuleError | None:
        return placement.place_problem(self, state, cid, h, side)

    def default_problem(self, state: State) -> RuleError | None:
        return placement.default_problem(self, state)

    def entry_problem(self, state: State, cid: str, h: int, entry: list[int] | None = None) -> RuleError | None:
        return placement.entry_problem(self, state, cid, h, entry)
