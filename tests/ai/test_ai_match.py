"""Series of computer games: reproducible, the same in parallel as serially, reported with intervals."""

from __future__ import annotations

from ai_toy_games import make_claim_cells, make_dice_race

from bofa_studio.ai.balance import balance_html, loss_heat_svg
from bofa_studio.ai.match import MatchSpec, report, run_match, wilson_interval
from bofa_studio.board.model import Board
from bofa_studio.hexgrid import GridSpec


def spec(games=6, seed=1, levels=(("north", "greedy"), ("south", "random")), swap=False, make=make_dice_race):
    return MatchSpec("", (), levels, games, seed, swap, make_game=make)


def without_timing(result):
    return {k: v for k, v in result.items() if k != "decision_seconds"}


def test_a_series_in_two_processes_reports_exactly_what_a_serial_one_does():
    s = spec(games=6)
    serial = report(s, run_match(s, jobs=1), ("north", "south"))
    parallel = report(s, run_match(s, jobs=2), ("north", "south"))
    assert without_timing(serial) == without_timing(parallel)
    assert serial["games"] == 6 and sum(serial["wins"].values()) == 6
    assert set(serial["decision_seconds"]) == {"greedy", "random"}
    # Where each level's longest decision was, so that a slow one can be found again.
    slowest = serial["decision_seconds"]["greedy"]["cpu_max_at"]
    assert 0 <= slowest["game"] < 6 and slowest["side"] in ("north", "south") and slowest["legal"] >= 1
    records = run_match(s, jobs=1)
    assert slowest["action"] < records[slowest["game"]].actions


def test_the_seed_changes_the_games_and_the_same_seed_repeats_them():
    a = [r.actions for r in run_match(spec(seed=1))]
    b = [r.actions for r in run_match(spec(seed=1))]
    c = [r.actions for r in run_match(spec(seed=2))]
    assert a == b and a != c


def test_swapped_sides_give_each_level_both_sides_and_count_wins_by_level():
    s = spec(games=8, levels=(("north", "normal"), ("south", "random")), swap=True, make=make_claim_cells)
    records = run_match(s)
    assert [r.levels["north"] for r in records[:2]] == ["normal", "random"]
    result = report(s, records, ("north", "south"))
    # The cell-claiming planner takes the best cells every phase: it wins from either side.
    assert result["wins_by_level"]["normal"] == 8
    assert result["win_rate_by_level"]["normal"]["low"] > 0.6
    # Each level played each side in half the games; normal won all of its games on both.
    assert result["by_level_and_side"] == {
        "normal": {"north": {"games": 4, "wins": 4}, "south": {"games": 4, "wins": 4}},
        "random": {"north": {"games": 4, "wins": 0}, "south": {"games": 4, "wins": 0}},
    }


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson_interval(36, 40)  # 90% of 40
    assert round(low, 3) == 0.769 and round(high, 3) == 0.960
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_cancel_stops_the_series_before_the_remaining_games():
    done = []
    records = run_match(spec(games=6), on_game=done.append, should_stop=lambda: len(done) >= 2)
    assert len(records) == 2


def test_balance_page_is_self_contained_and_shows_rates_levels_and_losses():
    board = Board(GridSpec(columns=6, rows=5))
    s = spec(games=4)
    result = report(s, run_match(s), ("north", "south"))
    result["losses"] = {board.label(next(iter(board.hexes()))): 3}
    page = balance_html("Toy", result, board, ("north", "south"))
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert "95% Wilson interval" in page and "north" in page and "Victory levels" in page
    svg = loss_heat_svg(board, result["losses"])
    assert svg.count("<polygon") == 30 and svg.count("3 lost") == 1
