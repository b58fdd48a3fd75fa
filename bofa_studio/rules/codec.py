"""Actions as saves write them: a frozen dataclass <-> a JSON object with its ``type``.

Every ruleset declares its actions as frozen dataclasses; this turns one into
``{"type": "Move", "counters": [...], "to": "1712"}`` and back, for the save files, the
replay log and the command line. A save is a file someone else may have written, so
decoding is strict: an unknown type, a missing field without a default, or a key the
type does not have is a ``ValueError`` that says which. Lists in the JSON are tuples in
the action (actions are hashable), and the fields the ruleset names as hexes are
written as board labels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, fields
from typing import Any

from bofa_studio.hexgrid import Hex


def _no_hexes(value: Any) -> Any:
    raise ValueError("this game's actions name no hexes")


class ActionCodec:
    """Encodes and decodes one ruleset's actions (see the module's docstring).

    ``types``: the action classes by the ``type`` name saves use. ``hex_fields`` hold one
    hex, ``hex_lists`` a sequence of hexes; ``label`` and ``parse`` convert a hex to and from
    the board's label (a ruleset without hexes passes neither). ``game`` names the game in
    error messages.
    """

    def __init__(self, types: Iterable[type], game: str, *,
                 hex_fields: Iterable[str] = (), hex_lists: Iterable[str] = (),
                 label: Callable[[Hex], str] = _no_hexes, parse: Callable[[str], Hex] = _no_hexes) -> None:
        self.types: Mapping[str, type] = {cls.__name__: cls for cls in types}
        self.game = game
        self.hex_fields = frozenset(hex_fields)
        self.hex_lists = frozenset(hex_lists)
        self.label = label
        self.parse = parse
        self._fields = {name: fields(cls) for name, cls in self.types.items()}

    def encode(self, action: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(action).__name__}
        for f in fields(action):
            value = getattr(action, f.name)
            if f.name in self.hex_fields:
                value = self.label(value)
            elif f.name in self.hex_lists:
                value = [self.label(h) for h in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    def decode(self, data: Any) -> Any:
        """The action ``data`` describes. Raises ValueError saying what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a {self.game} action (an object), found {type(data).__name__}")
        name = data.get("type")
        cls = self.types.get(name) if isinstance(name, str) else None
        if cls is None or not isinstance(name, str):
            raise ValueError(f"unknown action type {name!r}: not a {self.game} action; "
                             f"expected one of {', '.join(self.types)}")
        declared = self._fields[name]
        extra = set(data) - {f.name for f in declared} - {"type"}
        if extra:
            raise ValueError(f"{name} has unexpected key(s) {', '.join(sorted(extra))}")
        values: dict[str, Any] = {}
        for f in declared:
            if f.name not in data:
                if f.default is not MISSING or f.default_factory is not MISSING:
                    continue  # a field added later: older saves lack it
                raise ValueError(f"{name} needs {f.name!r}")
            value = data[f.name]
            if f.name in self.hex_fields:
                value = self.parse(value)
            elif f.name in self.hex_lists:
                if not isinstance(value, list):
                    raise ValueError(f"{name}'s {f.name!r} must be a list of hexes")
                value = tuple(self.parse(v) for v in value)
            elif isinstance(value, list):
                value = tuple(value)
            values[f.name] = value
        return cls(**values)
