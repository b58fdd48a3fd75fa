"""How a file's problems are worded: where (a JSON path) and the offending value cut to a line
(a file may hold a huge string where a word belongs)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


def json_path(parts: Iterable[Any]) -> str:
    """``["hexes", "0101", "level"]`` -> ``$.hexes.0101.level``; list indexes in brackets."""
    text = "$"
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return shorten(text)


def brief(value: Any) -> str:
    """repr of a value, cut to a line (a file may hold a huge string where a word belongs)."""
    return shorten(repr(value))


def shorten(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
