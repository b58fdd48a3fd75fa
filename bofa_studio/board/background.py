"""A scan to trace: an image file, and the affine transform that lays it on the map.

Authors redraw a printed map by loading a scan under the hexes and clicking the
centres of two or three hexes they can read on it. ``calibrate`` turns those
clicks into the transform from image pixels to map units (the units of
``GridSpec.center``, one hex radius each): two points give scale, rotation and
offset; three also give a skew and unequal x/y scales, for a scan that is not
square to the paper. Pure math, no Qt, so the map file and the headless render
can carry it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

# (a, b, c, d, e, f): x' = a*x + b*y + c, y' = d*x + e*y + f, as QTransform(a, d, b, e, c, f).
Affine = tuple[float, float, float, float, float, float]
Point = tuple[float, float]

IDENTITY: Affine = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


@dataclass(frozen=True, slots=True)
class Background:
    """The scan under a map: where the image file is, how it lies, how strongly it shows."""

    image: Path  # absolute in memory; the map file stores it relative to itself
    transform: Affine = IDENTITY
    opacity: float = 0.5  # of the scan over the map's own colours: 0 hides it, 1 hides the map

    def to_map(self, point: Point) -> Point:
        a, b, c, d, e, f = self.transform
        x, y = point
        return (a * x + b * y + c, d * x + e * y + f)

    def to_image(self, point: Point) -> Point:
        return apply(invert(self.transform), point)


class CalibrationError(ValueError):
    """The clicked points cannot fix a transform (too few, repeated or in a line)."""


def apply(t: Affine, point: Point) -> Point:
    a, b, c, d, e, f = t
    x, y = point
    return (a * x + b * y + c, d * x + e * y + f)


def invert(t: Affine) -> Affine:
    a, b, c, d, e, f = t
    det = a * e - b * d
    if abs(det) < 1e-12:
        raise CalibrationError("the transform squashes the image flat")
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return (ia, ib, -(ia * c + ib * f), id_, ie, -(id_ * c + ie * f))


def fit_image(size: tuple[int, int], bounds: tuple[float, float, float, float]) -> Affine:
    """A first guess before any calibration: the whole image over the map's bounds."""
    w, h = max(1, size[0]), max(1, size[1])
    x0, y0, x1, y1 = bounds
    s = min((x1 - x0) / w, (y1 - y0) / h)
    return (s, 0.0, x0, 0.0, s, y0)


def calibrate(pairs: list[tuple[Point, Point]]) -> Affine:
    """The transform taking each ``image`` point to its ``map`` point, from 2 or 3 pairs.

    Two pairs fix a similarity (uniform scale, rotation, offset); three fix a full
    affine transform, which also takes out skew. Raises CalibrationError, in words,
    when the points cannot.
    """
    if len(pairs) < 2:
        raise CalibrationError("click the centres of at least two hexes")
    if len(pairs) == 2:
        return _similarity(pairs[0], pairs[1])
    if len(pairs) > 3:
        raise CalibrationError("three points fix the transform; a fourth would over-determine it")
    return _affine(pairs)


def _similarity(p: tuple[Point, Point], q: tuple[Point, Point]) -> Affine:
    (ix1, iy1), (mx1, my1) = p
    (ix2, iy2), (mx2, my2) = q
    di = complex(ix2 - ix1, iy2 - iy1)
    dm = complex(mx2 - mx1, my2 - my1)
    if abs(di) < 1e-9 or abs(dm) < 1e-9:
        raise CalibrationError("the two points are the same: click two hexes far apart")
    z = dm / di  # scale and rotation as one complex factor
    # x' = Re(z) x - Im(z) y + c, y' = Im(z) x + Re(z) y + f
    c = mx1 - (z.real * ix1 - z.imag * iy1)
    f = my1 - (z.imag * ix1 + z.real * iy1)
    return (z.real, -z.imag, c, z.imag, z.real, f)


def _affine(pairs: list[tuple[Point, Point]]) -> Affine:
    (x1, y1), _ = pairs[0]
    (x2, y2), _ = pairs[1]
    (x3, y3), _ = pairs[2]
    det = x1 * (y2 - y3) - x2 * (y1 - y3) + x3 * (y1 - y2)
    # Twice the triangle's area against the spread of the points: near zero means a line.
    spread = max(math.dist(pairs[i][0], pairs[j][0]) for i in range(3) for j in range(i + 1, 3)) or 1.0
    if abs(det) < 1e-3 * spread * spread:
        raise CalibrationError("the three points lie on one line: click three hexes that make a triangle")

    def solve(values: tuple[float, float, float]) -> tuple[float, float, float]:
        v1, v2, v3 = values
        a = (v1 * (y2 - y3) - v2 * (y1 - y3) + v3 * (y1 - y2)) / det
        b = (x1 * (v2 - v3) - x2 * (v1 - v3) + x3 * (v1 - v2)) / det
        c = (x1 * (y2 * v3 - y3 * v2) - x2 * (y1 * v3 - y3 * v1) + x3 * (y1 * v2 - y2 * v1)) / det
        return a, b, c

    a, b, c = solve(tuple(m[0] for _, m in pairs))  # type: ignore[arg-type]
    d, e, f = solve(tuple(m[1] for _, m in pairs))  # type: ignore[arg-type]
    return (a, b, c, d, e, f)


__all__ = ["Affine", "Background", "CalibrationError", "IDENTITY", "apply", "calibrate", "fit_image", "invert"]
