"""Map marks as data: what a ruleset wants shown on the board, which the play board draws.

A ruleset's play hooks return a list of marks (hexes shaded as a zone, ringed as targets,
a line with an arrow, a cross on each hex, short tags with chances); the board draws each by its ``style``
and knows nothing of why. Colours are ``#rrggbb`` or ``#rrggbbaa`` strings.
"""

from __future__ import annotations

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
