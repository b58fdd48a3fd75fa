"""What every ruleset shares: the game protocol, rule errors, events, dice and the state digest.

The protocol follows OpenSpiel's split: a ``Game`` is static configuration and a
``State`` is mutable. ``current_player`` may be :data:`CHANCE`; then
``chance_outcomes`` lists each outcome with its probability, and the outcome is
applied like any other action, so the action log alone rebuilds a game. The
pseudo-random generator lives in the State (as boardgame.io keeps its PRNG in
the game state), so sampling a chance outcome is a pure function of the state and
replays are exact.

The session, the headless play layer, the simulator, the computer players and the
windows speak only this protocol; a ruleset is a package that implements it and
registers itself by name (:mod:`bofa_studio.rules.registry`).

Optional hooks for the computer players (:mod:`bofa_studio.ai`), outside the
``Game`` protocol so that a ruleset without them still plays (the players then
fall back to results only and to looking at every action):

- ``evaluate(state, side) -> float``: the position's worth to ``side``, higher is
  better, on one scale for both sides (a zero-sum guess of the result);
- ``evaluate_ahead(state, side) -> float``: the worth a player that plans a whole phase
  judges by, where the ruleset knows threats that such a plan can answer and a one-ply
  player would only chase (the stronger planning levels use it in place of ``evaluate``);
- ``evaluate_last_phase(state, side) -> float``: the worth a planning player judges by
  when its decision lies in the game's last phase (``phases_left`` 1), where the phase
  player may end the game when he likes (for a battle game counted at the end: the result
  the position would give). Only that decision's own search uses it: a decision earlier
  sees the last phase played out by ``evaluate_ahead``'s lights, as an enemy that does not
  plan would play it;
- ``action_priors(state, actions) -> list[float]``: a cheap score per action, so a
  player looks closely at the best few of a long list first; the action that ends the
  phase, or where the rules refuse that yet the actions that let it end, should score
  among the best, or a player may act on and on with nothing to stop for;
- ``action_actor(action) -> Hashable | None``: the piece an action moves (None for
  an action of no one piece); a planner takes a few actions of each piece and
  assumes a piece acts once in a phase;
- ``on_the_defensive(state, side) -> bool``: whether ``side`` stands on what it must
  hold (for a battle game: holds more of the victory locations); a planner with a move
  cost moves such a side's pieces only for a gain, and an attacker's freely;
- ``obligations(state, actions) -> list``: those of ``actions`` the rules oblige the
  player to make before the phase ends (for a battle game: the skirmishes it owes); a
  planner makes them before anything optional, since a cost that must be paid anyway can
  look cheaper put off, and an optional action made first only to put it off is thrown away;
- ``counter_hexes(state) -> dict[str, Hex]``: where each counter on the map stands,
  for a balance report's map of where counters were lost;
- ``phases_left(state) -> int``: the phases still to be played, the current one
  included (0 once the game is over); near the end a planner plays its best choices
  out to the game's end instead of trusting the evaluation alone;
- ``sequencing(state) -> int``: for a decision that chooses the order or kind of the phases
  to come (a chip to take or play, a phase's mode), which changes nothing an evaluation
  weighs until that phase is played, the phases until it has been (0 for any other
  decision); a planner plays such a choice on that far, and one phase more, before judging it.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

CHANCE = "chance"
TERMINAL = "terminal"

_MASK64 = (1 << 64) - 1


class RuleError(ValueError):
    """An action the rules forbid. ``rule`` is the section (``B-9``), ``reason`` says why."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened while applying an action, for logs and the UI.

    ``rule`` is the rulebook section the event applies (``B-7``), so a log can link
    each line to its rule without knowing the game.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    rule: str = ""

    @staticmethod
    def deferred(kind: str, describe: Callable[[], tuple[str, dict[str, Any]]], rule: str = "") -> Event:
        """An event whose text and data are worked out when first read: ``describe()`` gives
        both. For the events a game makes by the thousand (a move's), which search and the
        simulator apply and never read (issue 15: no event text built unless asked)."""
        return _DeferredEvent(kind, describe, rule)


_TEXT_SLOT = Event.__dict__["text"]
_DATA_SLOT = Event.__dict__["data"]


class _DeferredEvent(Event):
    """An :class:`Event` that fills its text and data from ``describe`` on first reading; it
    equals, hashes, prints and pickles as the plain Event with that text."""

    __slots__ = ("_describe",)
    _describe: Callable[[], tuple[str, dict[str, Any]]] | None

    def __init__(self, kind: str, describe: Callable[[], tuple[str, dict[str, Any]]] | None = None, rule: str = "",
                 text: str = "", data: dict[str, Any] | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "_describe", describe)
        if describe is None:  # dataclasses.replace names every field
            _TEXT_SLOT.__set__(self, text)
            _DATA_SLOT.__set__(self, {} if data is None else data)

    def _filled(self) -> None:
        describe = self._describe
        if describe is not None:
            text, data = describe()
            _TEXT_SLOT.__set__(self, text)
            _DATA_SLOT.__set__(self, data)
            object.__setattr__(self, "_describe", None)

    @property
    def text(self) -> str:
        self._filled()
        text: str = _TEXT_SLOT.__get__(self)
        return text

    @property
    def data(self) -> dict[str, Any]:
        self._filled()
        data: dict[str, Any] = _DATA_SLOT.__get__(self)
        return data

    def plain(self) -> Event:
        return Event(self.kind, self.text, self.data, self.rule)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.rule) == (other.kind, other.text, other.rule)

    def __hash__(self) -> int:
        return hash(self.plain())

    def __repr__(self) -> str:
        return repr(self.plain())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.kind, self.text, self.data, self.rule))


class GameState(Protocol):
    """A ruleset's mutable state: a dataclass (so its digest covers every field) that copies cheaply."""

    def copy(self) -> Self: ...


StateT = TypeVar("StateT", bound=GameState)
ActionT = TypeVar("ActionT", bound=Hashable)


@runtime_checkable
class Game(Protocol[StateT, ActionT]):
    """The API every ruleset implements, and all that the rest of the program relies on.

    Actions are hashable values (frozen dataclasses in practice). ``apply`` validates its
    action and raises :class:`RuleError` naming the rule; ``apply_trusted`` may skip that
    for an action that came from ``legal_actions`` of the same state (search).
    """

    ruleset: str  # the name the ruleset is registered under; scenario files name it

    # -- the game tree (OpenSpiel's split) --
    def new_initial_state(self, seed: int) -> StateT: ...

    def current_player(self, state: StateT) -> str:
        """The side that decides now, or CHANCE, or TERMINAL."""
        ...

    def legal_actions(self, state: StateT) -> list[ActionT]: ...

    def chance_outcomes(self, state: StateT) -> list[tuple[ActionT, float]]: ...

    def sample_chance(self, state: StateT) -> ActionT:
        """The outcome the state's own generator gives; the state is not changed."""
        ...

    def apply(self, state: StateT, action: ActionT) -> list[Event]: ...

    def is_terminal(self, state: StateT) -> bool: ...

    def result(self, state: StateT) -> dict[str, Any] | None:
        """At the end: ``winner`` (a side or None), ``level`` and ``summary``."""
        ...

    # -- what the program needs without knowing the game --
    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in the order they are listed to players."""
        ...

    @property
    def seats(self) -> list[str]:
        """The seats at the table (a side, or part of one where the rules split a side)."""
        ...

    def current_seats(self, state: StateT) -> list[str]:
        """The seats that may act now (none at a chance step or the end)."""
        ...

    def is_chance_action(self, action: ActionT) -> bool: ...

    def encode_action(self, action: ActionT) -> dict[str, Any]:
        """The JSON form of an action, as save files hold it (``{"type": ..., ...}``)."""
        ...

    def decode_action(self, data: Any) -> ActionT:
        """The action a JSON object describes; ValueError saying what is wrong."""
        ...

    def digest(self, state: StateT) -> str:
        """SHA-256 of everything that decides the rest of the game (see :func:`state_digest`)."""
        ...

    def summary(self, state: StateT) -> dict[str, Any]:
        """Where a game stands (turn, stage, ...), for a save file's summary and a list of saved games."""
        ...


class OptionalGameMembers(Protocol):
    """Members a ruleset's Game may add for speed; generic code looks each up with
    ``getattr`` and has a fallback, so a ruleset without them still simulates and searches.
    (Not part of :class:`Game`, whose ``isinstance`` check would then require them.)
    """

    def apply_trusted(self, state: Any, action: Any) -> list[Event]:
        """``apply`` for an action taken from ``legal_actions`` or ``random_action`` of this very
        state: it may skip every check that only refuses an illegal action. Fallback: ``apply``."""
        ...

    def random_action(self, state: Any, rng: int) -> tuple[Any, int]:
        """(a legal action drawn at random, the generator's new state), drawing only from ``rng``
        (a :func:`splitmix64` state, the player's own, never the game's dice), cheaper than
        listing every legal action. Fallback: a uniform pick from ``legal_actions``."""
        ...

    def invariant_violations(self, state: Any) -> list[str]:
        """What no sequence of legal actions can bring about, in words (empty when all is well).
        It may assume the state is between phases unless ``phase`` says otherwise. Fallback: none
        are checked."""
        ...

    def phase(self, state: Any) -> Hashable:
        """A value that changes exactly when a phase ends (and at the end of the game): the
        simulator checks invariants when it changes. Fallback: after every action."""
        ...


# -- the digest -------------------------------------------------------------------------------


def canonical(value: Any) -> Any:
    """A JSON-able form of a state value whose text does not depend on set or dict order.

    Dataclasses become objects of all their fields (so a field added to a State is in the
    digest without anyone editing a list), sets sorted lists, dicts objects with string keys.
    A field whose metadata says ``digest=False`` (a cache) is left out. A dataclass that
    declares a ``digest_tag`` (one kind among several a field may hold, such as what a die
    is rolled for) carries it as ``"kind"``: two kinds with the same fields differ.
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        doc = {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)
               if f.metadata.get("digest", True)}
        tag = getattr(value, "digest_tag", None)
        if tag is not None:
            doc["kind"] = tag
        return doc
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if isinstance(value, Mapping):
        items = [(_key(k), canonical(v)) for k, v in value.items()]
        return dict(sorted(items))
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(v) for v in value), key=_order)
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    raise TypeError(f"a state holds a {type(value).__name__}, which has no canonical form")


def _key(k: Any) -> str:
    c = canonical(k)
    return c if isinstance(c, str) else json.dumps(c, sort_keys=True, separators=(",", ":"))


def _order(v: Any) -> tuple[str, str]:
    return (type(v).__name__, json.dumps(v, sort_keys=True, separators=(",", ":")))


def state_digest(state: Any) -> str:
    """SHA-256 of a state's canonical JSON: every field, nothing listed by hand."""
    text = json.dumps(canonical(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- dice and draws ---------------------------------------------------------------------------


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: (new state, 64-bit output).

    Chosen over :mod:`random` because its whole state is one int (cheap to copy
    and to save) and its output is fixed by this code, not by a Python version.
    """
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Turn any int seed into a generator state (so seeds 0, 1, 2 are not correlated)."""
    state, out = splitmix64(seed & _MASK64)
    return out


def uniform_index(state: int, n: int) -> tuple[int, int]:
    """(new state, an index in range(n)), unbiased by rejection."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, out = splitmix64(state)
        if out < limit:
            return state, out % n


def pick_weighted(state: int, weights: Sequence[int]) -> tuple[int, int]:
    """(new state, index) chosen with probability proportional to integer ``weights``."""
    total = sum(weights)
    state, x = uniform_index(state, total)
    for i, w in enumerate(weights):
        if x < w:
            return state, i
        x -= w
    raise AssertionError("unreachable")
