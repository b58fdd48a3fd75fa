"""The computer players on the toy duel of tests/toy_duel, through `match` by scenario file:
a ruleset with no evaluation hooks, which the players must still finish games of."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import toy_duel  # noqa: E402, F401 - registers the "toy_duel" ruleset

from bofa_studio.ai import LEVELS  # noqa: E402
from bofa_studio.ai.match import MatchSpec, report, run_match  # noqa: E402
from bofa_studio.board import Board, save_map  # noqa: E402
from bofa_studio.hexgrid import GridSpec  # noqa: E402


def test_every_level_plays_the_toy_duel_to_its_end_from_a_scenario_file(tmp_path):
    save_map(Board(GridSpec(columns=5, rows=5)), tmp_path / "duel-map.json")
    scenario = {"format": "bofa-studio.scenario", "version": 1, "ruleset": "toy_duel", "map": "duel-map.json",
                "meta": {"name": "Toy duel"}, "turns": 12,
                "champions": {"red": {"side": "north", "at": "0301"}, "blue": {"side": "south", "at": "0303"}}}
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(scenario))
    for level in LEVELS:
        spec = MatchSpec(str(path), (), (("north", level), ("south", "random")), 2, 5, swap_sides=True)
        result = report(spec, run_match(spec), ("north", "south"))
        assert result["games"] == 2 and sum(result["wins"].values()) == 2, level
        assert "unfinished" not in str(result["victory_levels"]), level
