"""Rulesets by name: a scenario file names its ruleset, and this finds the Game that plays it.

A ruleset registers its Game class with :func:`register` when its package is imported.
The built-in rulesets are imported on first use, so that nothing above ``rules/`` names
one; a ruleset shipped elsewhere (the toy duel of the tests) registers itself the same way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

from bofa_studio.board.model import Board

# Built-in rulesets: name -> the module that registers it.
BUILT_IN = {"bofa1984": "bofa_studio.rules.bofa1984", "helmsdeep": "bofa_studio.rules.helmsdeep"}

GameFactory = Callable[..., Any]  # (scenario dict, board, options) -> Game
_FACTORIES: dict[str, GameFactory] = {}
F = TypeVar("F", bound=GameFactory)


class UnknownRuleset(ValueError):
    """A scenario or map names a ruleset this program does not have."""


def register(name: str) -> Callable[[F], F]:
    """Class decorator: ``@register("bofa1984")`` makes scenarios naming it play with this Game."""

    def decorate(factory: F) -> F:
        _FACTORIES[name] = factory
        return factory

    return decorate


def known_rulesets() -> list[str]:
    return sorted(set(BUILT_IN) | set(_FACTORIES))


def game_factory(name: Any) -> GameFactory:
    if name not in _FACTORIES and name in BUILT_IN:
        importlib.import_module(BUILT_IN[name])
    try:
        return _FACTORIES[name]
    except (KeyError, TypeError):
        raise UnknownRuleset(f"unknown ruleset {name!r}; known: {', '.join(known_rulesets())}") from None


def make_game(scenario: Any, board: Board, options: dict[str, bool] | None = None) -> Any:
    """The Game a scenario (a dict, or a loaded Scenario) plays on ``board``."""
    data = scenario.data if hasattr(scenario, "data") else scenario
    return game_factory(data.get("ruleset"))(data, board, options)


def ruleset_module(name: str) -> Any:
    """The package of a registered ruleset (for its map requirements, presentation, AI evaluation)."""
    return importlib.import_module(_package_of(name))


def companion_module(name: str, part: str) -> Any | None:
    """A ruleset's optional module ``part`` (``present``, ``editing``...), or None if the
    ruleset has none. An import error inside a module that exists is raised, not hidden."""
    package = _package_of(name)
    try:
        return importlib.import_module(f"{package}.{part}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{part}":
            raise
        return None


def _package_of(name: str) -> str:
    return game_factory(name).__module__.rsplit(".", 1)[0]
