"""B-11 scores the victory locations the scenario names, not the map's victory areas."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from bofa_studio.board import load_map
from bofa_studio.rules.bofa1984.victory import control, final_result
from bofa_studio.rules.registry import make_game

ROOT = Path(__file__).resolve().parents[2]


def test_the_game_scores_exactly_the_scenarios_locations():
    """B-11: "The player who controls the most victory hexes/areas at the end of the game wins"
    -- which hexes/areas those are is the scenario's to say; the map here has five."""
    board = load_map(ROOT / "maps" / "bofa1984.json")
    assert len(board.victory_locations()) == 5
    data = copy.deepcopy(json.loads((ROOT / "scenarios" / "bofa1984-basic.json").read_text(encoding="utf-8")))
    data["victory"]["locations"] = ["victory.front_gate", "victory.dale"]
    game = make_game(data, board)
    state = game.new_initial_state(0)
    gate = game.idx(board.hex_at("1606"))
    state.stacks[gate] = ("thorin",)
    state.pos["thorin"] = gate
    assert control(game, state) == {"victory.front_gate": "free_peoples", "victory.dale": None}
    result = final_result(game, state)
    assert result["score"] == {"free_peoples": 1, "dark": 0}
    assert result["level"] == "marginal"
