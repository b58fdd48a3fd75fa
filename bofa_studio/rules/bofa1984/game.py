"""The Battle of Five Armies as a Game: static config and the rules API, for the Basic Game,
the Standard Game and the optional rules (each a named option, see docs/rules-standard.md).

``BofaGame`` is immutable once built (scenario, options, tables, compiled board);
every call takes the :class:`State` it works on. ``apply`` validates its action
and raises :class:`~bofa_studio.rules.core.RuleError` naming the rule broken;
``legal_actions`` lists what ``apply`` accepts at the grain a player acts (a move
is a counter or stack to a destination, an attack a set of attackers and a hex).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import (
    combat,
    eagles,
    fire,
    leaders,
    movement,
    optional,
    placement,
    reach,
    regroup,
    rocks,
    sequence,
    spells,
)
from bofa_studio.rules.bofa1984.compiled import compiled_board
from bofa_studio.rules.bofa1984.counters import (
    DARK,
    FREE_PEOPLES,
    SIDES,
    CounterSpec,
    other_side,
    spec_from_dict,
)
from bofa_studio.rules.bofa1984.evaluation import (
    action_priors,
    evaluate,
    evaluate_ahead,
    evaluate_last_phase,
    on_the_defensive,
)
from bofa_studio.rules.bofa1984.handlers import D10, HANDLERS, STAGE_RULE, STAGES, TRUSTED
from bofa_studio.rules.bofa1984.invariants import violations
from bofa_studio.rules.bofa1984.legacy import digest_v1, digest_v2
from bofa_studio.rules.bofa1984.losses import loss_candidates
from bofa_studio.rules.bofa1984.overstacking import StackingOutlook
from bofa_studio.rules.bofa1984.players import random_player
from bofa_studio.rules.bofa1984.scenario_checks import (
    default_setup_problems,
    scenario_map_problems,
    scenario_problems,
)
from bofa_studio.rules.bofa1984.state import Stage, State
from bofa_studio.rules.bofa1984.tables import Tables
from bofa_studio.rules.core import CHANCE, TERMINAL, Event, RuleError, pick_weighted, seed_state, state_digest
from bofa_studio.rules.registry import register

# The Standard Game's rules, each a named option (so a scenario can switch one off and a
# test can switch one on alone). Level "standard" turns on every one the scenario does
# not name; level "basic" turns on only those it names.
STANDARD_OPTIONS = (
    "s3_regrouping", "s3_second_chooser_may_draw", "s5_second_wave_roll", "s6_morale",
    "s7_dive_attacks", "s7_eagle_skirmishes", "s7_rolling_rocks", "s7_combat_modifiers",
    "s8_fire", "s8_gandalf_spells", "s10_leaders", "s11_victory",
)
OPTIONAL_RULES = (
    "o1_bat_attack", "o2_three_players", "o2_four_players", "o3_thorin", "o4_hysteria",
    "o5_goblin_leaders", "o6_variable_reinforcements", "o7_additional_stacking", "o8_extra_elves",
    "o9_extra_turns",
)
# Options whose rules this engine implements; the rest are refused by name, so that
# a scenario never silently plays with a rule switched off.
NOT_YET: set[str] = set()
IMPLEMENTED_OPTIONS = (set(STANDARD_OPTIONS) | set(OPTIONAL_RULES)) - NOT_YET
MODIFIER_OPTION = {"S-7": "s7_combat_modifiers", "S-8": "s8_fire"}
# B-3/B-4: the decisions that choose the phases to come, not what is done in one.
_SEQUENCING = {Stage.CHOOSE_FIRST: 1, Stage.CHOOSE_SECOND: 4, Stage.CHIP: 1, Stage.FC_MODE: 1}


@register("bofa1984")
class BofaGame:
    ruleset = "bofa1984"

    @staticmethod
    def scenario_problems(data: dict[str, Any], file: str = "<scenario>") -> list[Any]:
        return scenario_problems(data, file)

    @staticmethod
    def scenario_map_problems(data: dict[str, Any], board: Board) -> list[str]:
        return scenario_map_problems(data, board)

    @staticmethod
    def scenario_setup_problems(data: dict[str, Any], board: Board) -> list[str]:
        return default_setup_problems(data, board)

    def __init__(self, scenario: dict[str, Any], board: Board, options: dict[str, bool] | None = None) -> None:
        self.scenario = scenario
        self.board = board
        self._codec = A.codec(board.label, board.hex_at)
        self.cb = compiled_board(board)
        self.tables = Tables(scenario["tables"])
        rules = scenario["rules"]
        self.level = rules["level"]
        if self.level not in ("basic", "standard"):
            raise NotImplementedError(f"unknown rule level {self.level!r}; known: basic, standard")
        defaults = dict.fromkeys(STANDARD_OPTIONS, True) if self.level == "standard" else {}
        self.options = {**defaults, **rules.get("options", {}), **(options or {})}
        unsupported = sorted(k for k, v in self.options.items() if v and k not in IMPLEMENTED_OPTIONS)
        if unsupported:
            raise NotImplementedError(f"options not implemented yet: {', '.join(unsupported)}")
        # O-9: four more turns, agreed before the game.
        self.o7 = self.option("o7_additional_stacking")  # read in the stacking hot path
        self.turns: int = scenario["turns"] + (4 if self.option("o9_extra_turns") else 0)
        self.chip_mix = scenario["chips"]["mix"]
        oob = scenario["order_of_battle"]
        removed = set(oob.get("removed", {}).get("counters", ()))
        # O-8: the Elves the Basic Game removes may be rolled for; they stay in the manifest.
        self.extra_elves: list[str] = []
        if self.option("o8_extra_elves"):
            self.extra_elves = [c for c in oob.get("removed", {}).get("counters", ()) if c.startswith("elf_")]
            removed -= set(self.extra_elves)
        self.specs: dict[str, CounterSpec] = {
            c["id"]: spec_from_dict(c) for c in scenario["counters"] if c["id"] not in removed
        }
        self.counter_order = list(self.specs)
        # Flat lookups for the hot paths (a dict lookup instead of an attribute chain).
        self.side_of = {cid: s.side for cid, s in self.specs.items()}
        self.beorns = frozenset(cid for cid, s in self.specs.items() if s.is_beorn)
        # S-7: enemy units move freely through Giant Eagles.
        self.controls = frozenset(cid for cid, s in self.specs.items() if s.controls_hex
                                  and not (s.is_eagle and self.option("s7_eagle_skirmishes")))
        # Per side: its counters, and the enemy's counters that control a hex (movement.survey).
        self.counters_of = {side: frozenset(c for c, s in self.side_of.items() if s == side) for side in SIDES}
        self.enemy_controls = {side: frozenset(c for c in self.controls if self.side_of[c] != side) for side in SIDES}
        self.standard_phases = any(self.option(o) for o in (*STANDARD_OPTIONS, *OPTIONAL_RULES))
        self.standard_moves = any(self.option(o) for o in ("s6_morale", "s7_eagle_skirmishes"))
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
            if "thranduil" in entry["counters"]:
                for cid in self.extra_elves:  # O-8: they set up with the Elves
                    self.setup_zone[cid] = zone
        self._setup_sets = {side: frozenset(cids) for side, cids in self.setup_counters.items()}
        # Archers by side, for the FIRE phase's hot path (B-8).
        self.archer_side = {cid: s.side for cid, s in self.specs.items() if s.is_archer}
        self.archers_of: dict[str, tuple[str, ...]] = {
            side: tuple(cid for cid, s in self.archer_side.items() if s == side) for side in set(self.archer_side.values())}
        # Giant Eagles in counter order: the candidates for an S-7 dive at every Free Peoples pick.
        self.eagles: tuple[str, ...] = tuple(c for c in self.counter_order if self.specs[c].is_eagle)
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
        self._variable_reinforcements(oob)
        self.default_placement: dict[str, int] = {}
        for cid, label in scenario.get("default_placement", {}).items():
            if cid in self.specs:
                self.default_placement[cid] = self.cb.hex_index(board.hex_at(label))
        self.victory_hexes: dict[str, frozenset[int]] = {
            name: self.cb.area(name) for name in scenario["victory"]["locations"]
        }
        # A Standard Game modifier is in force when the option of its rule is.
        self._modifier_on = {
            mid: m.level == "basic" or self.option(MODIFIER_OPTION.get(m.rule, ""))
            for mid, m in self.tables.modifiers.items()
        }
        self._moves: dict[tuple[str, ...], dict[int, A.Move]] = {}
        # (side, start, budget) -> where terrain alone lets a move reach (reach.reachable), and
        # the hexes some cheapest path passes through.
        self._reach_cache: dict[tuple[str, int, int], tuple[Mapping[int, int], frozenset[int]]] = {}
        self._reinforcements_by_side: dict[str, list[tuple[str, int]]] | None = None
        # (side, start, budget, Beorn?, unmoved?, enemy-held hexes within reach) -> reach
        self._blocked_reach_cache: dict[tuple[str, int, int, bool, bool, frozenset[int]], Mapping[int, int]] = {}
        # What StackingOutlook._ways_out found for an over-stacked hex and its surroundings.
        self._ways_out_memo: dict[tuple[Any, ...], frozenset[int] | None] = {}
        # movers -> (all Giant Eagles?, Beorn among them?), for reach.reachable.
        self._mover_traits: dict[tuple[str, ...], tuple[bool, bool]] = {}
        # id(a cached reach) -> (that reach, its hexes in order), for reach.sorted_reach.
        self._sorted_reach: dict[int, tuple[Mapping[int, int], list[int]]] = {}
        # cid -> (its setup zone, the zone in index order), for placement.setup_hexes.
        self._sorted_zones: dict[str, tuple[frozenset[int], list[int]]] = {}
        # (side, turn, tribes chosen) -> reinforcements due by then, for placement.reinforcements_ready.
        self._due_reinforcements: dict[tuple[str | None, int, tuple[str, ...]], list[str]] = {}
        self._build_steps()

    # -- configuration helpers -------------------------------------------------
    @property
    def standard(self) -> bool:
        """The Standard Game (S-1..S-11) is the rule level; each of its rules is also an option."""
        return self.level == "standard"

    def option(self, name: str) -> bool:
        """The one place every rule option (S-3..S-11, O-1..O-9) is asked about."""
        return bool(self.options.get(name, False))

    def modifier_active(self, mid: str, kind: str) -> bool:
        m = self.tables.modifiers.get(mid)
        return m is not None and self._modifier_on[mid] and kind in m.applies_to

    def mix_for(self, turn: int) -> dict[str, Any]:
        for mix in self.chip_mix:
            if mix["from_turn"] <= turn <= mix["to_turn"]:
                return mix
        raise RuleError("B-3", f"the scenario gives no chip mix for turn {turn}")

    def _build_steps(self) -> None:
        """Per-side ground step costs and flying steps between adjacent hexes (B-6, Terrain Table).

        They depend only on the board and the cost tables, and working them out was most of
        a new game's making (every session, check and test makes one): the compiled board,
        shared by every game on the same map, keeps them per cost table."""
        cb, t = self.cb, self.tables
        self.flying_cost = t.flying_cost
        key = (t.flying_cost, t.path_cost, tuple(sorted(t.move_cost.items())), tuple(sorted(t.river_cost.items())))
        built = cb.step_tables.get(key)
        if built is None:
            built = cb.step_tables[key] = self._step_tables()
        self.fly_steps: list[tuple[tuple[int, int], ...]] = built[0]
        self.ground_steps: dict[str, list[tuple[tuple[int, int], ...]]] = built[1]

    def _step_tables(self) -> tuple[list[Any], dict[str, list[Any]]]:
        cb, t = self.cb, self.tables
        fly_steps = [tuple((nb.index, t.flying_cost) for nb in cb.neighbours[h] if not nb.wall)
                     for h in range(len(cb))]
        ground_steps: dict[str, list[tuple[tuple[int, int], ...]]] = {}
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
            ground_steps[side] = rows
        return fly_steps, ground_steps

    def hex(self, i: int) -> Hex:
        return self.cb.hexes[i]

    def idx(self, h: Hex) -> int:
        return self.cb.hex_index(h)

    # -- the protocol ------------------------------------------------------------
    def new_initial_state(self, seed: int = 0) -> State:
        state = State(seed=seed, rng=seed_state(seed))
        state.steps = {cid: 2 for cid in self.specs}
        state.stage = Stage.SETUP
        state.setup_side = self.setup_order[0]
        if self.extra_elves:
            optional.start_extra_elves(self, state)
            return state
        placement.advance_setup(self, state)
        return state

    def setup_list(self, state: State, side: str) -> list[str]:
        """The counters ``side`` sets up: the scenario's, plus O-8's extra Elves once chosen,
        and with O-6 the three tribes the Dark did not send over the mountain.
        (Use this rather than ``setup_counters`` where O-6 or O-8 may be on.)"""
        if side == FREE_PEOPLES:
            return self.setup_counters[side] + list(state.extra_elves)
        if not self.tribe_of:
            return self.setup_counters[side]
        base = [c for c in self.setup_counters[side] if c not in self.tribe_of]
        return base + [c for c in self.tribe_counters if self.tribe_of[c] not in state.variable_tribes]

    def sets_up(self, state: State, side: str, cid: str) -> bool:
        """``cid in self.setup_list(state, side)``, without building the list (a hot path)."""
        if side == FREE_PEOPLES:
            return cid in self._setup_sets[side] or cid in state.extra_elves
        if cid in self.tribe_of:
            return self.tribe_of[cid] not in state.variable_tribes
        return cid in self._setup_sets[side]

    def _variable_reinforcements(self, oob: dict[str, Any]) -> None:
        """O-6: any 2 of the 5 tribes may come over the mountain on turn 4; the others set up
        in the south. Every tribe counter gets both a setup zone and the Second Wave's entry;
        the Dark player's choice (``State.variable_tribes``) says which applies."""
        self.tribe_of: dict[str, str] = {}
        self.tribe_counters: list[str] = []
        if not self.option("o6_variable_reinforcements"):
            return
        wave = next(r for r in oob.get("reinforcements", []) if r.get("name") == "Second Wave")
        dark_zone = next(self.cb.area(e["zone"]) for e in oob["setup"] if "thrak" in e["counters"])
        for cid, spec in self.specs.items():
            if spec.side == DARK and spec.command in optional.TRIBES:
                self.tribe_of[cid] = spec.command
                self.tribe_counters.append(cid)
                self.setup_zone[cid] = dark_zone
                self.reinforcement[cid] = wave

    def current_player(self, state: State) -> str:
        """Whose decision it is (or CHANCE, or TERMINAL), by the stage: search asks this after
        every action, so it is one dict lookup, then the stage's own reading."""
        who = _STAGE_PLAYER.get(state.stage)
        if who is None:
            return state.phase_player  # type: ignore[return-value]
        return who(self, state)

    @property
    def sides(self) -> tuple[str, ...]:
        return (FREE_PEOPLES, DARK)

    def is_chance_action(self, action: Any) -> bool:
        return isinstance(action, A.CHANCE_ACTIONS)

    def encode_action(self, action: Any) -> dict[str, Any]:
        return self._codec.encode(action)

    def decode_action(self, data: Any) -> Any:
        return self._codec.decode(data)

    def digest(self, state: State) -> str:
        return state_digest(state)

    def legacy_digest(self, state: State, version: int) -> str:
        """The digest of a save written before the current format (see ``legacy``)."""
        if version == 1:
            return digest_v1(self, state)
        if version == 2:
            return digest_v2(state)
        raise ValueError(f"no save version {version} was ever written")

    def random_action(self, state: State, rng: int) -> tuple[Any, int]:
        """A random legal action from the caller's generator (never the game's dice), cheaper
        than a uniform pick from every legal action (see ``players``)."""
        return random_player(self, state, rng)

    def summary(self, state: State) -> dict[str, Any]:
        """Where a game stands, for a save file's summary and a Recent games list."""
        return {"turn": state.turn, "stage": str(state.stage)}

    # -- computer players (optional protocol hooks; see rules/core.py and evaluation.py) --
    def evaluate(self, state: State, side: str) -> float:
        return evaluate(self, state, side)

    def evaluate_ahead(self, state: State, side: str) -> float:
        return evaluate_ahead(self, state, side)

    def evaluate_last_phase(self, state: State, side: str) -> float:
        return evaluate_last_phase(self, state, side)

    def action_priors(self, state: State, actions: list[Any]) -> list[float]:
        return action_priors(self, state, actions)

    def phases_left(self, state: State) -> int:
        """The phases still to be played, the current one included (B-3: 4 a turn in turns 1-3,
        6 from turn 4; the game ends after the last turn, B-11). The setup counts as before turn 1."""
        if state.stage == Stage.OVER:
            return 0
        this_turn = max(state.turn, 1)
        left = sum(self.mix_for(t)["phases"] for t in range(this_turn + 1, self.turns + 1))
        played = state.phase_no - 1 if state.phase_kind is not None or state.stage == Stage.FC_MODE else state.phase_no
        return left + self.mix_for(this_turn)["phases"] - max(played, 0)

    def sequencing(self, state: State) -> int:
        """For a chip's decision (B-3: which to take, to play the held one or draw blind; B-4: an
        F/C chip as fire or combat), the phases until what it chooses has been played: the phase
        it begins, or for the second chooser's chip, which "he may not play immediately after"
        the first, the third after this one at the soonest. 0 for any other decision."""
        return _SEQUENCING.get(state.stage, 0)

    def on_the_defensive(self, state: State, side: str) -> bool:
        """Whether ``side`` holds more victory locations than its enemy (B-11): its pieces
        stand fast unless a move gains (the computer players' move cost)."""
        return on_the_defensive(self, state, side)

    def action_actor(self, action: Any) -> Any:
        """The piece that acts: the counters a move or placement names (each acts once a phase)."""
        if isinstance(action, A.Move):
            return action.counters
        if isinstance(action, A.Place):
            return action.counter
        return None

    def obligations(self, state: State, actions: list[Any]) -> list[Any]:
        """The skirmishes among ``actions``: "skirmishes must be carried out in every combat
        phase in which the counters are in the same hex", while "A player is not forced to
        attack" (B-7). Only a COMBAT stage lists any: the long MOVE listings are not looked through."""
        if state.stage != Stage.COMBAT:
            return []
        return [a for a in actions if isinstance(a, A.Skirmish)]

    def counter_hexes(self, state: State) -> dict[str, Hex]:
        return {cid: self.cb.hexes[h] for cid, h in state.pos.items()}

    # -- O-2 seats -----------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        """The people at the table: two, or three or four with O-2."""
        return optional.seats(self)

    def seat_of(self, cid: str) -> str:
        """O-2: the seat that commands counter ``cid``."""
        return optional.seat_of(self, cid)

    def current_seats(self, state: State) -> list[str]:
        """The seats that may act now: a decision about one counter (a loss, an escape, a
        regrouped counter's move) belongs to that counter's seat; a phase to every seat of
        the phase player's side, each moving its own counters."""
        player = self.current_player(state)
        if player in (CHANCE, TERMINAL):
            return []
        cid = None
        if state.stage == Stage.ESCAPE:
            cid = state.escapes[0]
        elif state.stage == Stage.REGROUP_PLACE:
            cid = state.regroup_place
        elif state.stage == Stage.GROUND_EAGLES:  # the seat of the counter the Eagles lie on
            cid = reach.friends_in(self, state, state.eagle_offers[0], DARK)[-1]
        elif state.stage == Stage.LOSS and state.pending is not None:
            cands = loss_candidates(self, state, state.pending)
            cid = cands[0] if cands else None
        if cid is not None:
            return [self.seat_of(cid)]
        return [s for s in self.seats if s.startswith(player)]

    def is_terminal(self, state: State) -> bool:
        return state.stage == Stage.OVER

    def result(self, state: State) -> dict[str, Any] | None:
        return state.result

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if state.stage in (Stage.ROLL, Stage.ENTRY_ROLL):
            return [(A.DieRoll(v), 0.1) for v in D10]
        if state.stage == Stage.DRAW:
            total = sum(state.cup.values())
            return [(A.ChipDrawn(k), n / total) for k, n in sorted(state.cup.items()) if n > 0]
        return []

    def _chance_weights(self, state: State) -> tuple[list[Any], list[int]]:
        if state.stage in (Stage.ROLL, Stage.ENTRY_ROLL):
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
        if stage in (Stage.DRAW, Stage.ROLL, Stage.ENTRY_ROLL):
            return [a for a, _ in self.chance_outcomes(state)]
        if stage == Stage.OVER:
            return []
        if stage == Stage.SETUP:
            return placement.setup_actions(self, state)
        if stage in (Stage.CHOOSE_FIRST, Stage.CHOOSE_SECOND):
            return [A.ChooseChip(k) for k, n in sorted(state.cup.items()) if n > 0]
        if stage == Stage.CHIP:
            return [A.PlayHeldChip(), A.DrawChip()]
        if stage == Stage.FC_MODE:
            return [A.ChooseMode("fire"), A.ChooseMode("combat")]
        if stage == Stage.LOSS:
            assert state.pending is not None
            return [A.TakeLoss(c) for c in loss_candidates(self, state, state.pending)]
        if stage == Stage.ADVANCE:
            return [A.Advance(())] + [A.Advance(o) for o in combat.advance_options(self, state)]
        if stage == Stage.MOVE:
            dives = [A.Dive(e, self.cb.hexes[t], self.cb.hexes[d]) for e, t, d in eagles.dive_actions(self, state)]
            # B-9, O-5: not offered while a hex is over the stacking limits or a goblin leader
            # must still return (``end_phase_problem`` says which), as in a combat phase
            # with a skirmish still to fight.
            return self.move_actions(state) + dives + self.move_phase_end(state)
        if stage == Stage.ESCAPE:
            cid = state.escapes[0]
            return [A.StayPut(cid)] + [A.Escape(cid, self.cb.hexes[h]) for h in leaders.escape_hexes(self, state, cid)]
        if stage == Stage.EXTRA_ELVES:
            return [A.ChooseExtraElves(c) for c in optional.extra_elf_choices(self, state)]
        if stage == Stage.VARIABLE_TRIBES:
            return [A.ChooseTribes(c) for c in optional.tribe_choices()]
        if stage == Stage.REGROUP_PLACE:
            cid = state.regroup_place
            hexes = self.cb.hexes
            return [A.RegroupMove(cid, hexes[h]) for h in regroup.place_actions(self, state)] + [  # type: ignore[arg-type]
                A.RegroupShift(cid, hexes[h], other, hexes[m])  # type: ignore[arg-type]
                for h, other, m in regroup.shift_actions(self, state)]
        if stage == Stage.GROUND_EAGLES:
            h = self.cb.hexes[state.eagle_offers[0]]
            return [A.GroundEagles(h, False), A.GroundEagles(h, True)]
        if stage == Stage.COMBAT:
            return self.combat_actions(state)
        if stage == Stage.FIRE:
            return self.fire_actions(state) + [A.EndPhase()]
        raise AssertionError(f"unknown stage {stage}")

    def move_phase_end(self, state: State) -> list[Any]:
        """``[EndPhase()]`` where a MOVE phase may end now, else ``[]``: the one decision of the
        phase that is not a map gesture, found without listing every move."""
        return [A.EndPhase()] if sequence.end_phase_problem(self, state) is None else []

    def move_actions(self, state: State) -> list[Any]:
        """Entries and moves. A move is listed once per destination, without its path: the
        engine takes the cheapest legal path (``move_path`` shows it), which keeps this list
        cheap enough to build at every step of a random game."""
        out: list[Any] = []
        hexes = self.cb.hexes
        ready = self.reinforcements_ready(state)
        groups, over, held = movement.survey(self, state)
        outlook = StackingOutlook(self, state, held, over)
        entry_cache: dict[int, list[int]] = {}
        for cid in ready:
            key = id(self.reinforcement[cid])
            if key not in entry_cache:
                entry_cache[key] = self.entry_hexes(state, cid)
            out += [A.Place(cid, hexes[h])
                    for h in placement.allowed_entries(self, state, cid, entry_cache[key], outlook)]
        if state.phase_player == "dark":
            for cid in state.returning:  # O-5
                out += [A.Place(cid, hexes[h]) for h in leaders.return_hexes(self, state, cid)]
        for group in groups:
            _, dests = movement.legal_moves(self, state, group, held, outlook)
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
        prev = reach.reachable(self, state, tuple(move.counters), start)
        return tuple(self.hex(h) for h in reach.path_to(prev, start, self.idx(move.to)))

    def combat_actions(self, state: State) -> list[Any]:
        out: list[Any] = []
        hexes = self.cb.hexes
        for pile, toward in rocks.rock_options(self, state):
            out.append(A.RollRocks(hexes[pile], hexes[toward]))
        skirmishes = combat.open_skirmishes(self, state)
        for h in skirmishes:
            out.append(A.Skirmish(hexes[h]))
            for n in combat.second_wave_hexes(self, state, h):
                out.append(A.Skirmish(hexes[h], combat.wave_ready(self, state, n, state.phase_player)))
        for t, sources in combat.attack_options(self, state):
            groups = []
            for s in sources:
                ready = combat.ready(self, state, s, state.phase_player)
                groups.append(ready)
                out.append(A.Attack(ready, hexes[t]))
            if len(groups) > 1:
                out.append(A.Attack(tuple(c for g in groups for c in g), hexes[t]))
        if not skirmishes:
            out.append(A.EndPhase())
        return out

    def fire_actions(self, state: State) -> list[Any]:
        hexes = self.cb.hexes
        out: list[Any] = [A.CastSpell(s, hexes[t]) for s, t in spells.spell_options(self, state)]
        out += [A.RollRocks(hexes[p], hexes[t]) for p, t in rocks.rock_options(self, state)]
        by_target: dict[int, list[tuple[str, ...]]] = {}
        units = fire.firing_units(self, state)
        for unit, unit_targets in zip(units, fire.units_targets(self, state, units, fire.open_targets(self, state)),
                                      strict=True):
            for t in unit_targets:
                by_target.setdefault(t, []).append(unit)
        for t in sorted(by_target):
            shooters = by_target[t]
            for u in shooters:
                out.append(A.Fire(u, hexes[t]))
            if len(shooters) > 1:
                out.append(A.Fire(tuple(c for u in shooters for c in u), hexes[t]))
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

    # -- the protocol's optional members, for the simulator and search --------------
    def apply_trusted(self, state: State, action: Any) -> list[Event]:
        """``apply`` for an action that came from ``legal_actions`` (or ``random_action``) of
        this very state: checks that only refuse illegal actions are skipped."""
        kind = type(action)
        events = (TRUSTED.get(kind) or HANDLERS[kind])(self, state, action)
        state.actions += 1
        return events

    def invariant_violations(self, state: State) -> list[str]:
        """What no sequence of legal actions can bring about (see ``invariants``)."""
        return violations(self, state)

    def phase(self, state: State) -> tuple[Any, ...]:
        """Changes when a side's setup, a phase (``end_phase`` clears ``phase_kind``) or the game
        ends, and when a phase begins: where the simulator checks invariants."""
        return (state.turn, state.phase_no, state.phase_kind, state.setup_side, state.stage == Stage.OVER)

    # -- placement (B-2, B-5): see placement.py --------------------------------------
    def reinforcements_of(self, side: str) -> list[tuple[str, int]]:
        """(counter, turn due) of ``side``'s reinforcements, in the order of battle's order
        (the random player asks at every move of a MOVE phase)."""
        by_side = self._reinforcements_by_side
        if by_side is None:
            by_side = self._reinforcements_by_side = {}
            for cid, r in self.reinforcement.items():
                by_side.setdefault(r["side"], []).append((cid, r["turn"]))
        return by_side.get(side, [])

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


def _fixed(side: str) -> Any:
    return lambda game, state: side


# Who acts in each stage that is not simply the phase player's (B-2, B-3, B-7, S-3, S-7,
# S-10, O-6, O-8); chance stages wait for a die or a draw.
_STAGE_PLAYER: dict[Stage, Any] = {
    Stage.DRAW: _fixed(CHANCE),
    Stage.ROLL: _fixed(CHANCE),
    Stage.ENTRY_ROLL: _fixed(CHANCE),
    Stage.OVER: _fixed(TERMINAL),
    Stage.SETUP: lambda game, state: state.setup_side,
    Stage.CHOOSE_FIRST: lambda game, state: state.first_chooser,
    Stage.CHOOSE_SECOND: lambda game, state: other_side(state.first_chooser),
    Stage.LOSS: lambda game, state: state.pending_side,
    Stage.ESCAPE: lambda game, state: game.side_of[state.escapes[0]],
    Stage.REGROUP_PLACE: lambda game, state: game.side_of[state.regroup_place],
    Stage.EXTRA_ELVES: _fixed(FREE_PEOPLES),
    Stage.VARIABLE_TRIBES: _fixed(DARK),
    Stage.GROUND_EAGLES: _fixed(DARK),
}
