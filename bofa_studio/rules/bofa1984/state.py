"""The mutable game state: cheap to copy (flat dicts, lists and ints), no behaviour.

Rules live in the sibling modules; the State only records where things are, what
each counter has done this phase and which decision is pending. Hexes are the
compiled board's indexes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.auto import Step
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.core import Event


class Stage(StrEnum):
    """Whose decision the game waits for, and of what kind. A ``str``, so logs, saves and
    the play layer read the same words as before the enum."""

    SETUP = "setup"  # B-2: a side places its counters
    VARIABLE_TRIBES = "variable_tribes"  # O-6: the Dark choose two tribes
    EXTRA_ELVES = "extra_elves"  # O-8: the Free Peoples choose their extra Elves
    CHOOSE_FIRST = "choose_first"  # B-3: the first chooser takes a chip
    CHOOSE_SECOND = "choose_second"  # B-3: the second chooser takes a chip
    CHIP = "chip"  # B-3: play the held chip or draw blind
    DRAW = "draw"  # B-3: a blind draw (chance)
    FC_MODE = "fc_mode"  # B-4: an F/C phase is played as fire or as combat
    MOVE = "move"  # B-6
    COMBAT = "combat"  # B-7
    FIRE = "fire"  # B-8
    ROLL = "roll"  # a die is rolled: ``State.die`` says for what (chance)
    ENTRY_ROLL = "entry_roll"  # S-5: the die that picks a reinforcement's entry edge (chance)
    LOSS = "loss"  # B-7/S-9: a side chooses which counter takes a hit
    ADVANCE = "advance"  # B-7: the winner may advance
    ESCAPE = "escape"  # S-10: a leader offered an escape
    REGROUP_PLACE = "regroup_place"  # S-3: a regrouped counter must leave its hex
    GROUND_EAGLES = "ground_eagles"  # S-7: the Dark decide on Eagles over their counters
    OVER = "over"


class DieWait(Protocol):
    """What the next die roll is for. Every die the 1984 game waits for is one of these,
    kept in ``State.die`` while the stage is ``ROLL`` or ``ENTRY_ROLL``: a frozen dataclass
    declared beside the rule it feeds (``morale.MoraleCheck``, ``eagles.Dive``,
    ``combat.CombatRoll``, the automatic steps of ``auto``...), whose ``rolled`` applies it.
    ``digest_tag`` names the kind in the state's digest (two kinds may share fields)."""

    digest_tag: ClassVar[str]

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]: ...


@dataclass(slots=True)
class Pending:
    """A combat or shot being resolved: waiting for its roll, then for loss choices, then advance."""

    kind: str  # "attack", "skirmish" or "fire"
    side: str  # the phase player (attacker / archer)
    attackers: tuple[str, ...]
    target: int
    strength: int  # attacker's total strength, or the fire strength
    defence: int  # defender's total strength (0 for fire)
    modifier: int
    modifier_ids: tuple[str, ...]
    roll: int = 0
    att_hits: int = 0
    def_hits: int = 0
    # Counters that have taken a hit in this combat while lying on top (B-9 leader rule).
    leader_hit: set[str] = field(default_factory=set)
    # Who may take the hits: the attacker's groups (one per hex, bottom first) and whether
    # they are used strictly in order (skirmish: the contested hex first, B-7).
    att_groups: tuple[tuple[str, ...], ...] = ()
    att_ordered: bool = False
    # The defender's counters, one group per hex. In the Basic Game this is always one
    # hex (losses fall from the top, no choice), but the machinery is the attacker's.
    def_groups: tuple[tuple[str, ...], ...] = ()
    shift: int = 0  # columns to the right (S-10 Bolg, O-3 Thorin)
    hysteria: bool = False  # O-4: the result carried an asterisk

    def copy(self) -> Pending:
        p = Pending(**{k: getattr(self, k) for k in self.__slots__})
        p.leader_hit = set(self.leader_hit)
        return p


@dataclass(slots=True)
class State:
    seed: int
    rng: int
    turn: int = 0
    stage: Stage = Stage.SETUP
    setup_side: str | None = None
    phase_no: int = 0  # 1-based index of the current phase within the turn
    phase_player: str | None = None
    phase_kind: Stage | None = None  # MOVE, COMBAT or FIRE once the phase's kind is known
    first_chooser: str | None = None
    first_chip: str | None = None
    cup: dict[str, int] = field(default_factory=dict)
    held: str | None = None  # the second chooser's chip (B-3)
    pos: dict[str, int] = field(default_factory=dict)  # counters on the map
    steps: dict[str, int] = field(default_factory=dict)  # 2 full, 1 reduced, 0 eliminated
    # hex -> counters, bottom first; each stack a tuple, replaced whole (see reach.put)
    stacks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    entered: set[str] = field(default_factory=set)  # counters that have been on the map
    eliminated: list[str] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)
    phase_start: dict[str, int] = field(default_factory=dict)
    fought: set[str] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)
    attack_dir: dict[int, int] = field(default_factory=dict)
    skirmished: set[int] = field(default_factory=set)
    pending: Pending | None = None
    # Entry groups chosen by a die roll for a reinforcement (S-5), by reinforcement name.
    entry_rolls: dict[str, tuple[str, ...]] = field(default_factory=dict)
    pending_side: str | None = None  # who must act in a "loss" stage
    # -- the Standard Game and the optional rules (empty in the Basic Game) --
    hits: dict[str, int] = field(default_factory=dict)  # S-10 hit markers under leaders
    hysteric: set[str] = field(default_factory=set)  # O-4 "H" markers
    # Automatic steps still to run (regrouping rolls, bat attacks, hysterical moves...)
    # and the stage to enter when none is left.
    todo: list[Step] = field(default_factory=list)
    after_todo: Stage | None = None
    die: DieWait | None = None  # what the die being waited for is rolled for
    morale_failed: set[str] = field(default_factory=set)
    escapes: list[str] = field(default_factory=list)  # S-10 leaders offered an escape now
    resume: Stage | None = None  # the stage a decision interrupted
    dived: set[str] = field(default_factory=set)  # S-7: one dive per Eagle per MOVE phase
    rocks_used: set[int] = field(default_factory=set)  # S-7: one roll per pile per phase
    spells_used: list[str] = field(default_factory=list)  # S-8: spells activated this game
    spell_tried: bool = False  # S-8: one attempt per FIRE phase
    thorin_left: bool = False  # O-3: Thorin has left the Front Gate
    returning: list[str] = field(default_factory=list)  # O-5: goblin leaders waiting to return
    regroup_place: str | None = None  # S-3: a regrouped counter that must move out of its hex
    # S-7: Giant Eagles the Dark forced to the ground under their counters, by the hex they
    # were grounded in (an Eagle over a Dark counter and not here is in the air: no skirmish).
    grounded: dict[str, int] = field(default_factory=dict)
    eagle_offers: list[int] = field(default_factory=list)  # S-7: hexes the Dark decide on now
    variable_tribes: tuple[str, ...] = ()  # O-6: the two tribes that come over the mountain
    extra_elves: tuple[str, ...] = ()  # O-8: the extra Elf counters brought into play
    extra_count: int = 0  # O-8: how many the roll allows
    actions: int = 0
    result: dict[str, Any] | None = None

    def copy(self) -> State:  # replaced below by a generated copy; this is what it does
        s = State(self.seed, self.rng)
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, (dict, set, list)):
                value = value.copy()
            setattr(s, name, value)
        if self.pending is not None:
            s.pending = self.pending.copy()
        if self.result is not None:
            s.result = dict(self.result)
        return s


def _compile_copy() -> None:
    """Replace ``State.copy`` by straight-line code generated from the fields: search copies
    states all the time, and a loop over names with getattr/setattr costs several times as
    much. Containers are copied one level down, as the loop above does (stacks are tuples); a field
    added to State is copied without anyone editing a list. Dict, set and list fields are
    recognised by their default factories."""
    import dataclasses

    lines = ["def copy(self):", "    s = _new(State)"]
    for f in dataclasses.fields(State):
        name = f.name
        if name in ("pending", "result"):
            lines.append(f"    v = self.{name}")
            lines.append(f"    s.{name} = None if v is None else {'v.copy()' if name == 'pending' else 'dict(v)'}")
        elif f.default_factory in (dict, set, list):
            lines.append(f"    s.{name} = self.{name}.copy()")
        else:
            lines.append(f"    s.{name} = self.{name}")
    lines.append("    return s")
    namespace: dict[str, Any] = {"State": State, "_new": object.__new__}
    exec("\n".join(lines), namespace)  # noqa: S102 - code built above from the dataclass fields
    fast = namespace["copy"]
    fast.__doc__ = "A copy that shares nothing mutable with this state (a stack is an immutable tuple)."
    State.copy = fast  # type: ignore[method-assign]


_compile_copy()
