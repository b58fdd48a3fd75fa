"""Map marks as data: what a ruleset wants shown on the board, which the play board draws.

A ruleset's play hooks return a list of marks (hexes shaded as a zone, ringed as targets,
a line with an arrow, a cross on each hex, short tags with chances); the board draws each by its ``style``
and knows nothing of why. Colours are ``#rrggbb`` or ``#rrggbbaa`` strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from bofa_studio.hexgrid import Hex

# Styles the board knows how to draw.
STYLES = ("area", "outline", "dashed", "dotted", "line", "arrow", "cross")


@dataclass(frozen=True)
class Mark:
    """``key`` names the layer (one drawing per key); ``hexes`` are outlined and filled for the
    area styles and crossed for ``cross``; ``lines`` are joined centre to centre for ``line``
    and ``arrow``; ``tags`` put a short
    text on a hex (a chance, a cost); ``width`` is a fraction of a hex's size."""

    key: str
    hexes: tuple[Hex, ...] = ()
    style: str = "area"
    colour: str = "#ff9800"
    fill: str | None = None
    width: float = 0.08
    tags: dict[Hex, str] = field(default_factory=dict)
    tag_colour: str | None = None
    plain_tags: bool = False  # tags drawn as plain text on the hex (costs), not as labels above counters
    above: bool = False  # drawn over the counters (an effect on them), not under
    lines: tuple[tuple[Hex, ...], ...] = ()  # the "line" and "arrow" styles: hex centres joined, in order
    tag_key: str = ""  # the layer of the tags, if not ``key``
    overlay: str = ""  # the View menu's overlay toggle that shows or hides it ("": always shown)

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"unknown mark style {self.style!r}; known: {', '.join(STYLES)}")


# What a replayed action did, drawn in one colour no ruleset mark uses.
REPLAY_COLOUR = "#00838f"


def step_marks(before: Mapping[Hex, Sequence[str]], after: Mapping[Hex, Sequence[str]],
               changed: Iterable[str] = ()) -> list[Mark]:
    """What one action did on the map, from the pieces on it before and after: an arrow
    from each hex pieces left to the hex they reached, a ring round every hex whose stack
    changed (a piece came, went or turned to another face: ``changed``), and a cross where
    pieces left the map. Nothing for an action that moved no piece (a chip, a die roll)."""
    was = {p: h for h, pieces in before.items() for p in pieces}
    now = {p: h for h, pieces in after.items() for p in pieces}
    moves = sorted({(was[p], now[p]) for p in was.keys() & now.keys() if was[p] != now[p]})
    gone = sorted({was[p] for p in was.keys() - now.keys()})
    touched = {h for move in moves for h in move} | set(gone) | {now[p] for p in now.keys() - was.keys()}
    touched |= {now[p] for p in changed if p in now}
    touched |= {h for h in set(before) | set(after) if list(before.get(h, ())) != list(after.get(h, ()))}
    out = []
    if touched:
        out.append(Mark("replay.step", tuple(sorted(touched)), "outline", REPLAY_COLOUR, width=0.12, above=True))
    if moves:
        out.append(Mark("replay.moves", style="arrow", colour=REPLAY_COLOUR, width=0.1, above=True,
                        lines=tuple(moves)))
    if gone:
        out.append(Mark("replay.gone", tuple(gone), "cross", REPLAY_COLOUR, width=0.1, above=True))
    return out
