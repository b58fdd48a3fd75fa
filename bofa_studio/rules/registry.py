"""Scenario files name their ruleset; this maps the name to the Game class that plays it."""

from __future__ import annotations

from typing import Any

from bofa_studio.board.model import Board


def make_game(scenario: Any, board: Board, options: dict[str, bool] | None = None) -> Any:
    data = scenario.data if hasattr(scenario, "data") else scenario
    ruleset = data.get("ruleset")
    if ruleset == "bofa1984":
        from bofa_studio.rules.bofa1984.game import BofaGame

        return BofaGame(data, board, options)
    raise ValueError(f"unknown ruleset {ruleset!r}; known: bofa1984")
