"""Counter specifications (the manifest from the scenario file) as fast runtime records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FREE_PEOPLES = "free_peoples"
DARK = "dark"
SIDES = (FREE_PEOPLES, DARK)


def other_side(side: str) -> str:
    return DARK if side == FREE_PEOPLES else FREE_PEOPLES


@dataclass(frozen=True, slots=True)
class CounterSpec:
    """One counter's printed values. Index 0 of each pair is the reduced side, 1 the full side,
    so ``strength[steps - 1]`` reads the side a counter with ``steps`` left shows."""

    id: str
    name: str
    side: str
    colour: str
    command: str
    weapon: str
    leader: bool
    flags: frozenset[str]
    strength: tuple[int, int]
    movement: tuple[int, int]
    bow: tuple[int, int]
    provenance: dict[str, str]
    # Read in the innermost loops of move generation, where a property's call costs more
    # than the look-up itself: worked out once, from the flags.
    is_eagle: bool = field(init=False, repr=False, compare=False)
    is_beorn: bool = field(init=False, repr=False, compare=False)
    is_thorin: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_eagle", "eagle" in self.flags)
        object.__setattr__(self, "is_beorn", "beorn" in self.flags)
        object.__setattr__(self, "is_thorin", "thorin" in self.flags)

    @property
    def is_archer(self) -> bool:
        return self.bow[1] > 0

    @property
    def controls_hex(self) -> bool:
        """B-6/B-10: combat counters control their hex; leaders do not, except Thorin."""
        return not self.leader or self.is_thorin

    @property
    def counts_for_victory(self) -> bool:
        """B-11: Giant Eagles and leaders/characters (except Thorin) do not hold victory hexes."""
        return self.controls_hex and not self.is_eagle


def spec_from_dict(data: dict[str, Any]) -> CounterSpec:
    full, reduced = data["full"], data["reduced"]
    return CounterSpec(
        id=data["id"],
        name=data["name"],
        side=data["side"],
        colour=data["colour"],
        command=data["command"],
        weapon=data["weapon"],
        leader=data["kind"] == "leader",
        flags=frozenset(data.get("flags", ())),
        strength=(reduced["strength"], full["strength"]),
        movement=(reduced["movement"], full["movement"]),
        bow=(reduced.get("bow", 0), full.get("bow", 0)),
        provenance=dict(data.get("provenance", {})),
    )
