"""The duel's rules, written only against rules.core: state, actions, chance, digest."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bofa_studio.board.model import Board
from bofa_studio.hexgrid import Hex
from bofa_studio.jsonfile import FileProblem
from bofa_studio.rules.codec import ActionCodec
from bofa_studio.rules.core import CHANCE, TERMINAL, Event, RuleError, pick_weighted, seed_state, state_digest
from bofa_studio.rules.registry import register

SIDES = ("north", "south")
WOUNDS = 2
HIT_ON = 4  # a d6 roll of 4, 5 or 6 wounds


@dataclass(frozen=True, slots=True)
class Step:
    champion: str
    to: Hex


@dataclass(frozen=True, slots=True)
class Strike:
    champion: str
    target: str


@dataclass(frozen=True, slots=True)
class Rest:
    pass


@dataclass(frozen=True, slots=True)
class Roll:
    value: int


ACTIONS = {cls.__name__: cls for cls in (Step, Strike, Rest, Roll)}


@dataclass(slots=True)
class DuelState:
    rng: int
    turn: int = 1
    mover: str = "north"
    at: dict[str, str] = field(default_factory=dict)  # champion -> hex label
    wounds: dict[str, int] = field(default_factory=dict)
    striking: tuple[str, str] | None = None  # (attacker, target) waiting for the die
    result: dict[str, Any] | None = None

    def copy(self) -> DuelState:
        return DuelState(self.rng, self.turn, self.mover, dict(self.at), dict(self.wounds), self.striking,
                         None if self.result is None else dict(self.result))


@register("toy_duel")
class DuelGame:
    ruleset = "toy_duel"

    def __init__(self, scenario: dict[str, Any], board: Board, options: dict[str, bool] | None = None) -> None:
        self.scenario = scenario
        self.board = board
        self._codec = ActionCodec(ACTIONS.values(), "toy duel", hex_fields=("to",),
                                  label=board.label, parse=board.hex_at)
        self.turns: int = scenario["turns"]
        self.champions: dict[str, dict[str, Any]] = scenario["champions"]

    @staticmethod
    def scenario_problems(data: dict[str, Any], file: str = "<scenario>") -> list[FileProblem]:
        problems = []
        if not isinstance(data.get("turns"), int) or isinstance(data.get("turns"), bool) or data["turns"] < 1:
            problems.append(FileProblem(file, "$.turns", "expected a whole number of turns, 1 or more"))
        champions = data.get("champions")
        if not isinstance(champions, dict) or not champions:
            return problems + [FileProblem(file, "$.champions", "expected an object of champions")]
        for name, c in champions.items():
            if not isinstance(c, dict) or c.get("side") not in SIDES or not isinstance(c.get("at"), str):
                problems.append(FileProblem(file, f"$.champions.{name}",
                                            f"expected {{\"side\": one of {', '.join(SIDES)}, \"at\": a hex label}}"))
        return problems

    @staticmethod
    def scenario_map_problems(data: dict[str, Any], board: Board) -> list[str]:
        problems = []
        for name, c in data["champions"].items():
            try:
                board.hex_at(c["at"])
            except ValueError as exc:
                problems.append(f"$.champions.{name}.at: {exc}")
        return problems

    # -- the protocol -----------------------------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        return SIDES

    @property
    def seats(self) -> list[str]:
        return list(SIDES)

    def current_seats(self, state: DuelState) -> list[str]:
        player = self.current_player(state)
        return [] if player in (CHANCE, TERMINAL) else [player]

    def new_initial_state(self, seed: int) -> DuelState:
        state = DuelState(rng=seed_state(seed))
        state.at = {name: c["at"] for name, c in self.champions.items()}
        state.wounds = dict.fromkeys(self.champions, 0)
        return state

    def current_player(self, state: DuelState) -> str:
        if state.result is not None:
            return TERMINAL
        return CHANCE if state.striking else state.mover

    def side_of(self, champion: str) -> str:
        return self.champions[champion]["side"]

    def legal_actions(self, state: DuelState) -> list[Any]:
        if state.result is not None:
            return []
        if state.striking:
            return [a for a, _ in self.chance_outcomes(state)]
        out: list[Any] = []
        occupied = {self.board.hex_at(lbl) for lbl in state.at.values()}
        for name, label in state.at.items():
            if self.side_of(name) != state.mover:
                continue
            here = self.board.hex_at(label)
            out += [Step(name, n) for n in self.board.neighbors(here) if n not in occupied]
            for other, where in state.at.items():
                if self.side_of(other) != state.mover and self.board.hex_at(where) in self.board.neighbors(here):
                    out.append(Strike(name, other))
        return out + [Rest()]

    def chance_outcomes(self, state: DuelState) -> list[tuple[Any, float]]:
        return [(Roll(v), 1 / 6) for v in range(1, 7)] if state.striking else []

    def sample_chance(self, state: DuelState) -> Any:
        _, i = pick_weighted(state.rng, [1] * 6)
        return Roll(i + 1)

    def is_chance_action(self, action: Any) -> bool:
        return isinstance(action, Roll)

    def apply(self, state: DuelState, action: Any) -> list[Event]:
        if state.result is not None:
            raise RuleError("Duel", "the duel is over")
        if isinstance(action, Roll):
            return self._roll(state, action)
        if state.striking:
            raise RuleError("Duel", "roll the die for the strike first")
        if action not in self.legal_actions(state):
            raise RuleError("Duel", self._why_not(state, action))
        if isinstance(action, Step):
            state.at[action.champion] = self.board.label(action.to)
            events = [Event("step", f"{action.champion} steps to {self.board.label(action.to)}", rule="Duel")]
        elif isinstance(action, Strike):
            state.striking = (action.champion, action.target)
            return [Event("strike", f"{action.champion} strikes at {action.target}", rule="Duel")]
        else:
            events = [Event("rest", f"{state.mover} rests", rule="Duel")]
        return events + self._next_turn(state)

    def _why_not(self, state: DuelState, action: Any) -> str:
        champion = getattr(action, "champion", None)
        if champion is not None and champion not in state.at:
            return f"there is no champion {champion!r}"
        if champion is not None and self.side_of(champion) != state.mover:
            return f"{champion} is not yours: it is {state.mover}'s turn"
        if isinstance(action, Step):
            return "a champion steps to an adjacent empty hex"
        if isinstance(action, Strike):
            return "a champion strikes only at an adjacent enemy"
        return f"{type(action).__name__} is not an action of the duel"

    def _roll(self, state: DuelState, roll: Roll) -> list[Event]:
        if not state.striking:
            raise RuleError("Duel", "no strike is waiting for a die")
        if not 1 <= roll.value <= 6:
            raise RuleError("Duel", f"a d6 shows 1 to 6, not {roll.value}")
        state.rng, _ = pick_weighted(state.rng, [1] * 6)
        attacker, target = state.striking
        state.striking = None
        if roll.value < HIT_ON:
            return [Event("miss", f"{attacker} rolls {roll.value}: a miss", rule="Duel")] + self._next_turn(state)
        state.wounds[target] += 1
        events = [Event("wound", f"{attacker} rolls {roll.value}: {target} is wounded", rule="Duel")]
        if state.wounds[target] >= WOUNDS:
            del state.at[target]
            state.result = {"winner": self.side_of(attacker), "summary": f"{self.side_of(attacker)} wins"}
            return events + [Event("game_over", f"{target} falls: {self.side_of(attacker)} wins", rule="Duel")]
        return events + self._next_turn(state)

    def _next_turn(self, state: DuelState) -> list[Event]:
        if state.mover == SIDES[1]:
            state.turn += 1
            if state.turn > self.turns:
                state.result = {"winner": None, "summary": "draw"}
                return [Event("game_over", "time is up: a draw", rule="Duel")]
        state.mover = SIDES[1] if state.mover == SIDES[0] else SIDES[0]
        return []

    def is_terminal(self, state: DuelState) -> bool:
        return state.result is not None

    def result(self, state: DuelState) -> dict[str, Any] | None:
        return state.result

    def summary(self, state: DuelState) -> dict[str, Any]:
        return {"turn": state.turn}

    def digest(self, state: DuelState) -> str:
        return state_digest(state)

    def encode_action(self, action: Any) -> dict[str, Any]:
        return self._codec.encode(action)

    def decode_action(self, data: Any) -> Any:
        return self._codec.decode(data)
