"""Small games that implement the protocol, to show the computer players know no ruleset.

``DiceRace``: each turn a side either walks one step or gambles on a coin for three
steps or none; first to ``goal`` wins. The coin is a chance step, so a player that
peeked at the state's generator would gamble only when it is about to win the toss.

``ClaimCells``: in each of four phases a side claims up to three of thirty cells of
different worth, one action per cell, then ends its phase: a long run of one side's
actions, the case the planning player plans as a whole.

The others each show one thing a player must look past the evaluation for; their
docstrings say what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bofa_studio.rules.core import (
    CHANCE,
    TERMINAL,
    RuleError,
    pick_weighted,
    seed_state,
    splitmix64,
    state_digest,
)

SIDES = ("north", "south")


def _other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@dataclass(slots=True)
class RaceState:
    rng: int
    score: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    to_move: str = SIDES[0]
    tossing: bool = False

    def copy(self) -> RaceState:
        return RaceState(self.rng, dict(self.score), self.to_move, self.tossing)


class DiceRace:
    ruleset = "dice-race"
    sides = SIDES
    seats = list(SIDES)

    def __init__(self, goal: int = 10) -> None:
        self.goal = goal

    def new_initial_state(self, seed: int) -> RaceState:
        return RaceState(seed_state(seed))

    def current_player(self, state: RaceState) -> str:
        if self.is_terminal(state):
            return TERMINAL
        return CHANCE if state.tossing else state.to_move

    def legal_actions(self, state: RaceState) -> list[str]:
        if self.is_terminal(state):
            return []
        return ["heads", "tails"] if state.tossing else ["walk", "gamble"]

    def chance_outcomes(self, state: RaceState) -> list[tuple[str, float]]:
        return [("heads", 0.5), ("tails", 0.5)] if state.tossing else []

    def sample_chance(self, state: RaceState) -> str:
        _, i = pick_weighted(state.rng, [1, 1])
        return ("heads", "tails")[i]

    def apply(self, state: RaceState, action: str) -> list:
        if action not in self.legal_actions(state):
            raise RuleError("R-1", f"{action} is not possible now")
        if state.tossing:
            state.rng, _ = splitmix64(state.rng)
            if action == "heads":
                state.score[state.to_move] += 3
            state.tossing = False
            state.to_move = _other(state.to_move)
        elif action == "gamble":
            state.tossing = True
        else:
            state.score[state.to_move] += 1
            state.to_move = _other(state.to_move)
        return []

    def is_terminal(self, state: RaceState) -> bool:
        return max(state.score.values()) >= self.goal

    def result(self, state: RaceState) -> dict | None:
        if not self.is_terminal(state):
            return None
        winner = max(SIDES, key=lambda s: state.score[s])
        return {"winner": winner, "level": "win", "summary": f"{winner} wins"}

    def current_seats(self, state: RaceState) -> list[str]:
        player = self.current_player(state)
        return [player] if player in SIDES else []

    def is_chance_action(self, action: str) -> bool:
        return action in ("heads", "tails")

    def encode_action(self, action: str) -> dict:
        return {"type": action}

    def decode_action(self, data: dict) -> str:
        return data["type"]

    def digest(self, state: RaceState) -> str:
        return state_digest(state)

    def summary(self, state: RaceState) -> dict:
        return dict(state.score)

    def evaluate(self, state: RaceState, side: str) -> float:
        if self.is_terminal(state):
            return 100.0 if self.result(state)["winner"] == side else -100.0
        return float(state.score[side] - state.score[_other(side)])


CELL_WORTH = [(7 * i + 3) % 31 for i in range(30)]  # thirty different worths, 0..30
END = "end"


@dataclass(slots=True)
class ClaimState:
    seed: int
    owner: dict[int, str] = field(default_factory=dict)
    phase: int = 0
    claimed_this_phase: int = 0

    def copy(self) -> ClaimState:
        return ClaimState(self.seed, dict(self.owner), self.phase, self.claimed_this_phase)


class ClaimCells:
    ruleset = "claim-cells"
    sides = SIDES
    seats = list(SIDES)
    phases = 4
    per_phase = 3

    def new_initial_state(self, seed: int) -> ClaimState:
        return ClaimState(seed)

    def current_player(self, state: ClaimState) -> str:
        return TERMINAL if self.is_terminal(state) else SIDES[state.phase % 2]

    def legal_actions(self, state: ClaimState) -> list:
        if self.is_terminal(state):
            return []
        cells = [c for c in range(len(CELL_WORTH)) if c not in state.owner]
        if state.claimed_this_phase >= self.per_phase:
            cells = []
        return [*cells, END]

    def chance_outcomes(self, state: ClaimState) -> list:
        return []

    def sample_chance(self, state: ClaimState) -> None:
        raise RuleError("C-0", "this game has no chance")

    def apply(self, state: ClaimState, action: object) -> list:
        if action not in self.legal_actions(state):
            raise RuleError("C-1", f"cell {action} cannot be claimed now")
        if action == END:
            state.phase += 1
            state.claimed_this_phase = 0
        else:
            state.owner[action] = self.current_player(state)
            state.claimed_this_phase += 1
        return []

    def is_terminal(self, state: ClaimState) -> bool:
        return state.phase >= self.phases

    def worth(self, state: ClaimState, side: str) -> int:
        return sum(CELL_WORTH[c] for c, s in state.owner.items() if s == side)

    def result(self, state: ClaimState) -> dict | None:
        if not self.is_terminal(state):
            return None
        a, b = (self.worth(state, s) for s in SIDES)
        winner = None if a == b else SIDES[0] if a > b else SIDES[1]
        return {"winner": winner, "level": "win" if winner else "draw", "summary": ""}

    def current_seats(self, state: ClaimState) -> list[str]:
        return [] if self.is_terminal(state) else [self.current_player(state)]

    def is_chance_action(self, action: object) -> bool:
        return False

    def encode_action(self, action: object) -> dict:
        return {"type": "claim", "cell": action}

    def decode_action(self, data: dict) -> object:
        return data["cell"]

    def digest(self, state: ClaimState) -> str:
        return state_digest(state)

    def summary(self, state: ClaimState) -> dict:
        return {"phase": state.phase}

    def evaluate(self, state: ClaimState, side: str) -> float:
        return float(self.worth(state, side) - self.worth(state, _other(side)))


class ClaimCellsAhead(ClaimCells):
    """Claim Cells whose ruleset tells a planning player to prize the cheap cells
    (``evaluate_ahead``), while ``evaluate`` prizes the dear ones."""

    def evaluate_ahead(self, state: ClaimState, side: str) -> float:
        def cheapness(who: str) -> int:
            return sum(max(CELL_WORTH) - CELL_WORTH[c] for c, s in state.owner.items() if s == who)
        return float(cheapness(side) - cheapness(_other(side)))


def make_claim_cells() -> ClaimCells:
    return ClaimCells()


def make_dice_race() -> DiceRace:
    return DiceRace()


class UnlockCells(ClaimCells):
    """Claim Cells where thirty more valuable cells open only to the side that owns the one
    below them (cell c + 30 after cell c): an action that becomes legal only after another
    in the same phase, as a hex a friendly counter leaves opens to the next one (B-9)."""

    ruleset = "unlock-cells"
    base = 30

    def legal_actions(self, state: ClaimState) -> list:
        if self.is_terminal(state) or state.claimed_this_phase >= self.per_phase:
            return [] if self.is_terminal(state) else [END]
        side = self.current_player(state)
        cells = [c for c in range(self.base) if c not in state.owner]
        cells += [c + self.base for c in range(self.base)
                  if state.owner.get(c) == side and c + self.base not in state.owner]
        return [*cells, END]

    def worth(self, state: ClaimState, side: str) -> int:
        return sum(self.cell_worth(c) for c, s in state.owner.items() if s == side)

    def cell_worth(self, cell: int) -> int:
        return cell + 1 if cell < self.base else 40 + cell - self.base


class ClaimCrumbs(ClaimCells):
    """Claim Cells where one cell is worth a point and the others a crumb (a twentieth): a
    claim is a piece that acts (``action_actor``), so a planner with a move cost claims the
    point and leaves the crumbs, as a counter on a ridge stays unless a move gains."""

    ruleset = "claim-crumbs"
    crumb = 0.05

    def worth(self, state: ClaimState, side: str) -> float:  # type: ignore[override]
        return sum(1.0 if c == 0 else self.crumb for c, s in state.owner.items() if s == side)

    def action_actor(self, action: object) -> object:
        return None if action == END else action

    def on_the_defensive(self, state: ClaimState, side: str) -> bool:
        return self.worth(state, side) > self.worth(state, _other(side))


class Tribute(ClaimCells):
    """Claim Cells where the phase player owes a tribute each phase (three points to the other
    side, paid before the phase may end, as B-7's skirmishes are fought) and may make a gift
    (one point to the other side, once a phase): the gift loses less than the tribute, so one
    ply would make it first only to put the tribute off, as a lone wolf was thrown at an Elf
    before an owed skirmish (docs/ai-journal.md, twenty-sixth sitting)."""

    ruleset = "tribute"
    TRIBUTE, GIFT = "tribute", "gift"
    dues = {TRIBUTE: 3.0, GIFT: 1.0}

    def legal_actions(self, state: ClaimState) -> list:
        actions = super().legal_actions(state)
        if self.is_terminal(state):
            return actions
        owing = (self.TRIBUTE, state.phase) not in state.owner
        extra = [due for due in self.dues if (due, state.phase) not in state.owner]
        return [a for a in actions if not (owing and a == END)] + extra

    def apply(self, state: ClaimState, action: object) -> list:
        if action in self.dues:
            if action not in self.legal_actions(state):
                raise RuleError("T-1", f"the {action} of this phase is paid")
            state.owner[(action, state.phase)] = _other(self.current_player(state))  # type: ignore[index]
            return []
        return super().apply(state, action)

    def worth(self, state: ClaimState, side: str) -> float:  # type: ignore[override]
        return sum(self.dues[c[0]] if isinstance(c, tuple) else CELL_WORTH[c]
                   for c, s in state.owner.items() if s == side)

    def obligations(self, state: ClaimState, actions: list) -> list:
        return [a for a in actions if a == self.TRIBUTE]


class _TakingTurns:
    """The protocol's plumbing for a game of two sides taking turns (``state.to_move``), with no
    chance and actions that are plain words."""

    sides = SIDES
    seats = list(SIDES)

    def is_terminal(self, state: Any) -> bool:
        raise NotImplementedError

    def current_player(self, state: Any) -> str:
        return TERMINAL if self.is_terminal(state) else state.to_move

    def chance_outcomes(self, state: Any) -> list:
        return []

    def sample_chance(self, state: Any) -> None:
        raise RuleError("T-0", "no chance in this game")

    def current_seats(self, state: Any) -> list[str]:
        return [] if self.is_terminal(state) else [state.to_move]

    def is_chance_action(self, action: str) -> bool:
        return False

    def encode_action(self, action: str) -> dict:
        return {"type": action}

    def decode_action(self, data: dict) -> str:
        return data["type"]

    def digest(self, state: Any) -> str:
        return state_digest(state)


@dataclass(slots=True)
class FortState:
    turns_left: int = 2  # rounds of one north then one south decision
    ladders: int = 1
    food: int = 0
    stormed: bool = False
    to_move: str = SIDES[0]

    def copy(self) -> FortState:
        return FortState(self.turns_left, self.ladders, self.food, self.stormed, self.to_move)


class Fort(_TakingTurns):
    """North holds a fort to the last round; south takes it by storm with two ladders.

    North forages (food, which the evaluation counts) or burns a ladder (worth nothing to
    the evaluation); south builds a ladder or storms. The game is won by holding the fort
    at the end, so a one-ply north forages and loses, while burning the first ladder wins:
    a choice whose worth only the game's end shows, as a victory location B-11 counts at the
    end of the last turn. ``phases_left`` says how many decisions remain."""

    ruleset = "fort"
    def new_initial_state(self, seed: int) -> FortState:
        return FortState()

    def legal_actions(self, state: FortState) -> list[str]:
        if self.is_terminal(state):
            return []
        if state.to_move == SIDES[0]:
            return ["forage", "burn"]
        return ["build", "storm"] if state.ladders >= 2 else ["build"]

    def apply(self, state: FortState, action: str) -> list:
        if action not in self.legal_actions(state):
            raise RuleError("F-1", f"{action} is not possible now")
        if action == "forage":
            state.food += 1
        elif action == "burn":
            state.ladders = max(state.ladders - 1, 0)
        elif action == "build":
            state.ladders += 1
        else:
            state.stormed = True
        if state.to_move == SIDES[1]:
            state.turns_left -= 1
        state.to_move = _other(state.to_move)
        return []

    def is_terminal(self, state: FortState) -> bool:
        return state.stormed or state.turns_left <= 0

    def result(self, state: FortState) -> dict | None:
        if not self.is_terminal(state):
            return None
        winner = SIDES[1] if state.stormed else SIDES[0]
        return {"winner": winner, "level": "win", "summary": f"{winner} wins"}

    def phases_left(self, state: FortState) -> int:
        return 0 if self.is_terminal(state) else 2 * state.turns_left - (state.to_move == SIDES[1])

    def summary(self, state: FortState) -> dict:
        return {"ladders": state.ladders, "food": state.food}

    def evaluate(self, state: FortState, side: str) -> float:
        if self.is_terminal(state):
            winner = self.result(state)["winner"]  # type: ignore[index]
            return 100.0 if winner == side else -100.0
        north = float(state.food)
        return north if side == SIDES[0] else -north


@dataclass(slots=True)
class MusterState:
    rounds_left: int = 10  # rounds of one north then one south phase
    food: int = 0
    strength: int = 0
    drilling: bool = False  # north chose to drill: its phase's one action is to come
    to_move: str = SIDES[0]

    def copy(self) -> MusterState:
        return MusterState(self.rounds_left, self.food, self.strength, self.drilling, self.to_move)


class Muster(_TakingTurns):
    """North opens each of its phases by choosing what kind it is, as a chip does (B-3): a feast
    (a point of food at once) or a drill (nothing at once; then the phase's action, training,
    is worth three). South only waits. The evaluation counts food and strength, so one ply
    feasts; the drill's worth shows only once its phase is played. ``sequencing`` names the
    choice; ``phases_left`` counts the phases, far from the end at the start."""

    ruleset = "muster"
    def new_initial_state(self, seed: int) -> MusterState:
        return MusterState()

    def legal_actions(self, state: MusterState) -> list[str]:
        if self.is_terminal(state):
            return []
        if state.to_move == SIDES[1]:
            return ["wait"]
        return ["train", "idle"] if state.drilling else ["feast", "drill"]

    def apply(self, state: MusterState, action: str) -> list:
        if action not in self.legal_actions(state):
            raise RuleError("M-1", f"{action} is not possible now")
        if action == "drill":
            state.drilling = True
            return []
        if action == "feast":
            state.food += 1
        elif action == "train":
            state.strength += 3
        elif action == "wait":
            state.rounds_left -= 1
        state.drilling = False
        state.to_move = _other(state.to_move)
        return []

    def is_terminal(self, state: MusterState) -> bool:
        return state.rounds_left <= 0

    def result(self, state: MusterState) -> dict | None:
        if not self.is_terminal(state):
            return None
        return {"winner": SIDES[0], "level": "win", "summary": "north wins"}

    def phases_left(self, state: MusterState) -> int:
        return 0 if self.is_terminal(state) else 2 * state.rounds_left - (state.to_move == SIDES[1])

    def sequencing(self, state: MusterState) -> int:
        return 1 if state.to_move == SIDES[0] and not state.drilling and not self.is_terminal(state) else 0

    def summary(self, state: MusterState) -> dict:
        return {"food": state.food, "strength": state.strength}

    def evaluate(self, state: MusterState, side: str) -> float:
        north = float(state.food + state.strength)
        return north if side == SIDES[0] else -north
