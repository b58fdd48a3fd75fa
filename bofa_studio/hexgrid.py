"""Pure hex-grid math: axial coordinates, directions, labels and geometry.

Everything here is independent of any board or game. Hexes use axial coordinates
(q, r) with the third cube coordinate s = -q - r implied; see
https://www.redblobgames.com/grids/hexagons/ for the conventions. Screen
coordinates grow to the right (x) and downwards (y), so north is "up" on screen.

A printed wargame map names its hexes in an offset layout: the 1984 board
``CCRR`` (column, row, both from 01), the Helm's Deep board a column letter and a
row number (``F-11``). :class:`GridSpec` describes that layout, its
:class:`LabelScheme`, and converts labels to and from axial hexes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """A hex in axial coordinates. Immutable and hashable, so it can be a graph node."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> list[Hex]:
        return [self + d for d in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        return distance(self, other)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


# The six axial directions, clockwise on screen. Their compass names depend on
# the orientation (see FLAT_DIRECTION_NAMES and POINTY_DIRECTION_NAMES).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)

FLAT_DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTION_NAMES = ("NW", "NE", "E", "SE", "SW", "W")


def direction_between(a: Hex, b: Hex) -> int:
    """The direction index from ``a`` to its neighbour ``b``."""
    try:
        return DIRECTIONS.index(b - a)
    except ValueError:
        raise ValueError(f"{a} and {b} are not adjacent") from None


def distance(a: Hex, b: Hex) -> int:
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``center``, clockwise from direction 4."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    result = []
    current = center + DIRECTIONS[4].scaled(radius)
    for side in range(6):
        for _ in range(radius):
            result.append(current)
            current = current.neighbor(side)
    return result


def hex_range(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center`` (including ``center``)."""
    result = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            result.append(Hex(center.q + dq, center.r + dr))
    return result


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes along the straight line from ``a`` to ``b`` (inclusive).

    Uses cube lerp with a tiny nudge, so ties on hexsides go one consistent way.
    This is for straightness checks (slope lines), not for line of sight, which
    must treat ties explicitly (see ``bofa_studio.los``).
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a.q + eps, a.r + eps
    bq, br = b.q + eps, b.r + eps
    return [_round_axial(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def is_straight_line(hexes: list[Hex]) -> bool:
    """True when consecutive hexes are adjacent and all steps go the same way."""
    if len(hexes) < 2:
        return True
    steps = {b - a for a, b in pairwise(hexes)}
    return len(steps) == 1 and next(iter(steps)) in DIRECTIONS


def _round_axial(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


class Orientation(StrEnum):
    FLAT = "flat"  # flat-topped hexes in vertical columns (the 1984 board)
    POINTY = "pointy"  # pointy-topped hexes in horizontal rows


# A hex's corners relative to its centre, clockwise on screen from east (flat) or north-east
# (pointy): worked out once, as the same expressions give the same numbers for every hex.
_CORNER_OFFSETS: dict[Orientation, tuple[tuple[float, float], ...]] = {
    orientation: tuple((math.cos(math.radians(start + 60 * i)), math.sin(math.radians(start + 60 * i)))
                       for i in range(6))
    for orientation, start in ((Orientation.FLAT, 0.0), (Orientation.POINTY, -30.0))
}


class Shifted(StrEnum):
    """Which printed columns (flat) or rows (pointy) sit half a hex lower/right.

    Counted on the 1-based printed numbers, the way a player reads the map:
    ``EVEN`` means columns 02, 04, ... are shifted down.
    """

    ODD = "odd"
    EVEN = "even"


class LabelScheme(StrEnum):
    """How the printed map names its hexes; a property of the map, so logs and editors follow it."""

    CCRR = "CCRR"  # "0712": column 07, row 12 (the 1984 board)
    LETTER_NUMBER = "letter-number"  # "F-11": column F, 11 hexes south of the letters (Helm's Deep 2.1)


_LETTER_NUMBER = re.compile(r"([A-Z]{1,2})-([0-9]{1,3})")


def column_letters(col: int) -> str:
    """0-based column -> "A".."Z", then "AA".."AZ", "BA"... (as spreadsheet columns)."""
    if col < 0:
        raise ValueError("columns are counted from 0")
    text = ""
    n = col + 1
    while n:
        n, rest = divmod(n - 1, 26)
        text = chr(ord("A") + rest) + text
    return text


def column_from_letters(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def direction_names(orientation: Orientation) -> tuple[str, ...]:
    return FLAT_DIRECTION_NAMES if orientation == Orientation.FLAT else POINTY_DIRECTION_NAMES


@dataclass(frozen=True, slots=True)
class Hexside:
    """A canonical key for the side shared by two adjacent hexes: ``a < b``."""

    a: Hex
    b: Hex

    @staticmethod
    def between(x: Hex, y: Hex) -> Hexside:
        if not are_adjacent(x, y):
            raise ValueError(f"{x} and {y} are not adjacent, so they share no hexside")
        return Hexside(x, y) if x < y else Hexside(y, x)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on this hexside")


@dataclass(frozen=True, slots=True)
class GridSpec:
    """The layout of a rectangular printed map: orientation, size and numbering.

    Axial coordinates are chosen so that the first printed hex (``0101``, ``A-1``) is
    ``Hex(0, 0)``. Geometry is in map units where a hex's corner radius is 1.
    """

    orientation: Orientation = Orientation.FLAT
    columns: int = 32
    rows: int = 24
    shifted: Shifted = Shifted.EVEN
    labels: LabelScheme = LabelScheme.CCRR

    # -- offset <-> axial -------------------------------------------------
    def _shifted_parity(self) -> int:
        """0-based parity of the shifted columns/rows: printed 02, 04 are 0-based odd."""
        return 1 if self.shifted == Shifted.EVEN else 0

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """0-based (column, row) of an axial hex."""
        p = self._shifted_parity()
        if self.orientation == Orientation.FLAT:
            return h.q, h.r + _half_step(h.q, p)
        return h.q + _half_step(h.r, p), h.r

    def from_offset(self, col: int, row: int) -> Hex:
        p = self._shifted_parity()
        if self.orientation == Orientation.FLAT:
            return Hex(col, row - _half_step(col, p))
        return Hex(col - _half_step(row, p), row)

    def contains(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def hexes(self) -> Iterator[Hex]:
        for col in range(self.columns):
            for row in range(self.rows):
                yield self.from_offset(col, row)

    def label(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        if self.labels == LabelScheme.LETTER_NUMBER and col >= 0 and row >= 0:
            return f"{column_letters(col)}-{row + 1}"
        return f"{col + 1:02d}{row + 1:02d}"

    def parse_label(self, label: str) -> Hex:
        """A label in this grid's scheme -> Hex. Raises ValueError naming the label if it is malformed."""
        text = label.strip()
        if self.labels == LabelScheme.LETTER_NUMBER:
            match = _LETTER_NUMBER.fullmatch(text.upper())
            if match is None:
                raise ValueError(f"hex label {label!r} is not of the form letter-number (such as F-11)")
            col, row = column_from_letters(match[1]), int(match[2]) - 1
            if row < 0:
                raise ValueError(f"hex label {label!r}: rows are numbered from 1")
            return self.from_offset(col, row)
        if len(text) != 4 or not text.isdigit():
            raise ValueError(f"hex label {label!r} is not of the form CCRR (four digits)")
        col, row = int(text[:2]) - 1, int(text[2:]) - 1
        if col < 0 or row < 0:
            raise ValueError(f"hex label {label!r}: columns and rows are numbered from 01")
        return self.from_offset(col, row)

    # -- geometry -----------------------------------------------------------
    def center(self, h: Hex) -> tuple[float, float]:
        if self.orientation == Orientation.FLAT:
            return (1.5 * h.q, SQRT3 * (h.r + h.q / 2.0))
        return (SQRT3 * (h.q + h.r / 2.0), 1.5 * h.r)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners, clockwise on screen, starting east (flat) or north-east (pointy)."""
        cx, cy = self.center(h)
        return [(cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS[self.orientation]]

    def hexside_segment(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of the hexside shared by ``side.a`` and ``side.b``."""
        ax, ay = self.center(side.a)
        bx, by = self.center(side.b)
        mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
        # The side is perpendicular to the centre line, half a corner radius each way.
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        ux, uy = -dy / length * 0.5, dx / length * 0.5
        return (mx - ux, my - uy), (mx + ux, my + uy)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        if self.orientation == Orientation.FLAT:
            fq = (2.0 / 3.0) * x
            fr = (-1.0 / 3.0) * x + (SQRT3 / 3.0) * y
        else:
            fq = (SQRT3 / 3.0) * x - (1.0 / 3.0) * y
            fr = (2.0 / 3.0) * y
        return _round_axial(fq, fr)

    def bounds(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) of all hex corners."""
        xs, ys = [], []
        for h in self.hexes():
            for x, y in self.corners(h):
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)

    def is_on_edge(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return col in (0, self.columns - 1) or row in (0, self.rows - 1)

    def edge_distance(self, h: Hex) -> int:
        """How many hexes separate ``h`` from the nearest map edge (0 on the edge)."""
        col, row = self.to_offset(h)
        return min(col, row, self.columns - 1 - col, self.rows - 1 - row)


def _half_step(n: int, shifted_parity: int) -> int:
    """Axial-to-offset correction for column (flat) or row (pointy) ``n``.

    With odd 0-based lines shifted it is floor(n / 2); with even ones shifted it is
    ceil(n / 2), so that ``Hex(0, 0)`` is always the offset origin.
    """
    if shifted_parity == 1:
        return (n - (n & 1)) // 2
    return (n + (n & 1)) // 2
