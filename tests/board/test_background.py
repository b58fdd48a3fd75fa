"""Calibrating a scan: two or three clicked hex centres fix where the image lies on the map."""

import math

import pytest

from bofa_studio.board.background import Background, CalibrationError, apply, calibrate, invert


def _scan_transform(scale: float, degrees: float, skew: float, dx: float, dy: float):
    """A made-up scanner: map units -> image pixels, rotated, scaled, skewed and shifted."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    # x-shear by ``skew`` after rotation and scale
    a, b = scale * c + skew * scale * s, -scale * s + skew * scale * c
    d, e = scale * s, scale * c
    return (a, b, dx, d, e, dy)


def test_three_points_undo_rotation_scale_and_skew():
    to_image = _scan_transform(37.0, 2.0, 0.05, 120.0, -40.0)
    known = [(1.0, 1.0), (40.0, 3.0), (20.0, 30.0)]
    pairs = [(apply(to_image, m), m) for m in known]
    to_map = calibrate(pairs)
    for m in [(0.0, 0.0), (47.5, 35.0), (12.25, 7.5)]:
        got = apply(to_map, apply(to_image, m))
        assert math.dist(got, m) < 1e-6


def test_two_points_fix_scale_rotation_and_offset_but_not_skew():
    to_image = _scan_transform(20.0, -3.0, 0.0, 5.0, 9.0)
    pairs = [(apply(to_image, m), m) for m in [(2.0, 2.0), (30.0, 25.0)]]
    to_map = calibrate(pairs)
    assert math.dist(apply(to_map, apply(to_image, (45.0, 3.0))), (45.0, 3.0)) < 1e-6
    # A skewed scan is not a similarity: two points leave it wrong away from them.
    skewed = _scan_transform(20.0, 0.0, 0.2, 0.0, 0.0)
    pairs = [(apply(skewed, m), m) for m in [(0.0, 0.0), (10.0, 0.0)]]
    assert math.dist(apply(calibrate(pairs), apply(skewed, (0.0, 20.0))), (0.0, 20.0)) > 1.0


def test_points_that_cannot_fix_a_transform_are_refused_in_words():
    with pytest.raises(CalibrationError, match="at least two"):
        calibrate([((0, 0), (0, 0))])
    with pytest.raises(CalibrationError, match="same"):
        calibrate([((5, 5), (1, 1)), ((5, 5), (3, 3))])
    with pytest.raises(CalibrationError, match="one line"):
        calibrate([((0, 0), (0, 0)), ((10, 10), (1, 1)), ((20, 20), (2, 2))])


def test_background_maps_both_ways():
    bg = Background(image=__import__("pathlib").Path("/scan.png"), transform=(0.1, 0.01, 3.0, -0.02, 0.12, 4.0))
    p = (123.0, 456.0)
    assert math.dist(bg.to_image(bg.to_map(p)), p) < 1e-9
    assert math.dist(apply(invert(bg.transform), bg.to_map(p)), p) < 1e-9
