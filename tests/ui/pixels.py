"""Whole images compared at once: the same 32-bit pixels ``QImage.pixel`` gives, read as one
array. A Python loop asking Qt for each pixel of two 700x560 frames took most of a second."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage

# Formats whose stored words are what QImage.pixel returns (RGB32 with its alpha forced opaque).
_AS_STORED = (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32, QImage.Format.Format_ARGB32_Premultiplied)


def pixels(image: QImage, step: int = 1) -> np.ndarray:
    """``image.pixel(x, y)`` for every ``step``-th row and column, as a (rows, columns) array."""
    if image.format() not in _AS_STORED:
        image = image.convertToFormat(QImage.Format.Format_ARGB32)  # what pixel() converts to
    rows = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.bytesPerLine() // 4 * image.height())
    words = rows.reshape(image.height(), image.bytesPerLine() // 4)[:, : image.width()]
    return words[::step, ::step].copy()  # the bits are the image's: a converted one is gone once this returns


def colour_names(image: QImage, step: int = 1, row_step: int | None = None) -> set[str]:
    """``image.pixelColor(x, y).name()`` of every sampled pixel (every ``step``-th column and
    ``row_step``-th row), as a set."""
    words = pixels(image.convertToFormat(QImage.Format.Format_ARGB32))  # pixelColor's, unpremultiplied
    sampled = words[:: row_step or step, ::step] & 0xFFFFFF
    return {f"#{int(rgb):06x}" for rgb in np.unique(sampled)}


def channel_differences(a: QImage, b: QImage, step: int = 1) -> np.ndarray:
    """How far apart the red, green and blue of each sampled pixel of two same-size images are:
    a (rows, columns, 3) array."""
    assert a.size() == b.size()
    pa, pb = pixels(a, step), pixels(b, step)
    return np.stack([np.abs(((pa >> s) & 255).astype(np.int16) - ((pb >> s) & 255).astype(np.int16))
                     for s in (16, 8, 0)], axis=-1)


def pixels_apart(a: QImage, b: QImage, tolerance: int, step: int = 1) -> int:
    """How many sampled pixels differ by more than ``tolerance`` in some colour channel."""
    return int((channel_differences(a, b, step) > tolerance).any(axis=-1).sum())
