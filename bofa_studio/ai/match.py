"""Computer against computer, headless: one game, and a series of them in parallel processes.

A game's dice seed and its players' seeds follow from the series seed and the game's
number alone, so game ``i`` is the same game whether it runs first, last, alone or
in a pool of processes: a parallel series reports exactly what a serial one does.
Decision times are measured but kept apart (``decision_seconds``); everything else in
a report depends only on the arguments.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bofa_studio.ai import make_player
from bofa_studio.rules.core import CHANCE

# A game longer than this many actions is stopped and counted unfinished (a safety net
# against a ruleset that never ends; a game of The Battle of Five Armies takes ~1500).
MAX_ACTIONS = 20_000


@dataclass
class GameRecord:
    """What one game left behind: who won and how, its length, where counters were lost."""

    index: int
    levels: dict[str, str]  # side -> level
    winner: str | None
    level: str
    actions: int
    losses: dict[str, int] = field(default_factory=dict)  # hex label -> counters lost there
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)  # level -> wall-clock times
    # The same decisions' processor time: what thinking costs on a machine others also use.
    decision_cpu_seconds: dict[str, list[float]] = field(default_factory=dict)
    # Per level, where its decision of most processor time was made: the number of the action
    # in the game, the ruleset's phase (its optional ``phase`` hook) and the legal actions.
    slowest: dict[str, dict[str, Any]] = field(default_factory=dict)


def game_seed(series_seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a series (as ``simulate`` numbers its games)."""
    return series_seed * 1_000_003 + index


def play_game(game: Any, levels: dict[str, str], seed: int, index: int = 0,
              should_stop: Callable[[], bool] | None = None) -> GameRecord:
    """Play one game with a computer player of ``levels[side]`` for each side.

    Chance steps use the state's own generator (the real dice of the game); each player
    thinks with a seed of its own, derived from the game's seed and its side, and without
    the wall-clock safety net, so a loaded machine plays the same games, only slower.
    """
    dice_seed = game_seed(seed, index)
    players = {side: make_player(level, dice_seed * 2 + k + 1, safety_net=False)
               for k, (side, level) in enumerate(sorted(levels.items()))}
    state = game.new_initial_state(dice_seed)
    label = getattr(getattr(game, "board", None), "label", None)
    where_hook = getattr(game, "counter_hexes", None)
    losses: dict[str, int] = {}
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    slowest: dict[str, dict[str, Any]] = {}
    phase_of = getattr(game, "phase", None)
    n = 0
    while not game.is_terminal(state) and n < MAX_ACTIONS:
        if should_stop is not None and should_stop():
            break
        player = game.current_player(state)
        if player == CHANCE:
            action = game.sample_chance(state)
        else:
            start, cpu = time.perf_counter(), time.thread_time()
            action = players[player].choose(game, state)
            times.setdefault(levels[player], []).append(time.perf_counter() - start)
            spent = time.thread_time() - cpu
            cpu_times.setdefault(levels[player], []).append(spent)
            if spent > slowest.get(levels[player], {}).get("cpu", -1.0):
                slowest[levels[player]] = {
                    "cpu": round(spent, 4), "game": index, "action": n, "side": player,
                    "phase": str(phase_of(state)) if phase_of is not None else None,
                    "legal": len(game.legal_actions(state))}
        before = where_hook(state) if where_hook is not None else None
        game.apply(state, action)
        n += 1
        if before is not None:
            after = where_hook(state)
            for cid, h in before.items():
                if cid not in after:  # left the map: lost there
                    key = label(h) if label is not None else str(h)
                    losses[key] = losses.get(key, 0) + 1
    result = game.result(state) if game.is_terminal(state) else None
    if result is None:
        winner, level = None, "unfinished"
    else:
        winner, level = result.get("winner"), str(result.get("level", "win" if result.get("winner") else "draw"))
    return GameRecord(index, dict(levels), winner, level, n, losses, times, cpu_times, slowest)


# -- a series ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class MatchSpec:
    """A series: a scenario file, rule options, the level for each side, games and seed.

    With ``swap_sides`` the odd-numbered games give each level the other side, so each
    plays both sides in half the games.
    """

    scenario_path: str
    options: tuple[str, ...]
    levels: tuple[tuple[str, str], ...]  # (side, level) pairs
    games: int
    seed: int
    swap_sides: bool = False
    # A module-level function giving the Game instead of a scenario file (a ruleset's tests).
    make_game: Callable[[], Any] | None = None

    def levels_for(self, index: int) -> dict[str, str]:
        levels = dict(self.levels)
        if self.swap_sides and index % 2 == 1:
            sides = [s for s, _ in self.levels]
            return {sides[0]: levels[sides[1]], sides[1]: levels[sides[0]]}
        return levels


_GAMES: dict[tuple[str, tuple[str, ...]], Any] = {}


def load_game(scenario_path: str, options: tuple[str, ...] = ()) -> Any:
    """The Game of a scenario file (cached per process: workers load it once)."""
    key = (scenario_path, options)
    if key not in _GAMES:
        from bofa_studio.board import load_map
        from bofa_studio.rules.registry import make_game
        from bofa_studio.scenario import load_scenario

        scenario = load_scenario(scenario_path)
        _GAMES[key] = make_game(scenario, load_map(scenario.map_path), {o: True for o in options})
    return _GAMES[key]


def _play_one(spec: MatchSpec, index: int, should_stop: Callable[[], bool] | None = None) -> GameRecord:
    if spec.make_game is not None:
        game = spec.make_game()
    else:
        game = load_game(spec.scenario_path, spec.options)
    return play_game(game, spec.levels_for(index), spec.seed, index, should_stop)


def run_match(spec: MatchSpec, jobs: int = 1, on_game: Callable[[GameRecord], None] | None = None,
              should_stop: Callable[[], bool] | None = None) -> list[GameRecord]:
    """Play the series (in ``jobs`` processes), records in game order. ``on_game`` hears of
    each game as it ends; ``should_stop`` cancels the games not yet started (and, serially,
    the game being played, which is then left out)."""
    records: list[GameRecord] = []
    if jobs <= 1:
        for i in range(spec.games):
            if should_stop is not None and should_stop():
                break
            record = _play_one(spec, i, should_stop)
            if record.level == "unfinished" and should_stop is not None and should_stop():
                break  # cancelled in the middle of this game: it does not count
            records.append(record)
            if on_game is not None:
                on_game(records[-1])
        return records
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_one, spec, i) for i in range(spec.games)]
        try:
            for future in futures:
                if should_stop is not None and should_stop():
                    break
                records.append(future.result())
                if on_game is not None:
                    on_game(records[-1])
        finally:
            for future in futures:
                future.cancel()
    return sorted(records, key=lambda r: r.index)


# -- the report -------------------------------------------------------------------------------

def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (good at small n and near 0 or 1)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def report(spec: MatchSpec, records: list[GameRecord], sides: tuple[str, ...]) -> dict[str, Any]:
    """The series' report: ``games``, ``wins`` (per side and ``draw``), ``win_rate`` with its
    Wilson interval, ``victory_levels``, ``wins_by_level``, ``by_level_and_side`` (level ->
    side -> games played and won there: with swapped sides, how a level fares as each side),
    ``mean_actions``, ``losses`` (hex
    label -> counters lost) and, apart, ``decision_seconds`` (per level: wall-clock median, max
    and mean, the processor time's median and max, and ``cpu_max_at``: the game, the action's
    number in it, the side, the phase and the number of legal actions of that longest decision)."""
    wins = {side: 0 for side in sides} | {"draw": 0}
    levels: dict[str, dict[str, int]] = {}
    by_level: dict[str, int] = {level: 0 for _, level in spec.levels} | {"draw": 0}
    seats: dict[str, dict[str, dict[str, int]]] = {}
    losses: dict[str, int] = {}
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    slowest: dict[str, dict[str, Any]] = {}
    for r in records:
        key = r.winner if r.winner is not None else "draw"
        wins[key] = wins.get(key, 0) + 1
        bucket = levels.setdefault(key, {})
        bucket[r.level] = bucket.get(r.level, 0) + 1
        by_level_key = r.levels[r.winner] if r.winner is not None else "draw"
        by_level[by_level_key] = by_level.get(by_level_key, 0) + 1
        for side, level in r.levels.items():
            seat = seats.setdefault(level, {}).setdefault(side, {"games": 0, "wins": 0})
            seat["games"] += 1
            seat["wins"] += r.winner == side
        for h, n in r.losses.items():
            losses[h] = losses.get(h, 0) + n
        for level, ts in r.decision_seconds.items():
            times.setdefault(level, []).extend(ts)
        for level, ts in r.decision_cpu_seconds.items():
            cpu.setdefault(level, []).extend(ts)
        for level, where in r.slowest.items():
            if where["cpu"] > slowest.get(level, {}).get("cpu", -1.0):
                slowest[level] = where
    n = len(records)
    rates = {}
    for side in sides:
        low, high = wilson_interval(wins.get(side, 0), n)
        rates[side] = {"rate": round(wins.get(side, 0) / n, 4) if n else 0.0,
                       "low": round(low, 4), "high": round(high, 4)}
    level_rates = {}
    for level in {lv for _, lv in spec.levels}:
        low, high = wilson_interval(by_level.get(level, 0), n)
        level_rates[level] = {"rate": round(by_level.get(level, 0) / n, 4) if n else 0.0,
                              "low": round(low, 4), "high": round(high, 4)}
    return {
        "games": n,
        "seed": spec.seed,
        "players": dict(spec.levels),
        "swap_sides": spec.swap_sides,
        "wins": wins,
        "win_rate": rates,
        "victory_levels": levels,
        "wins_by_level": by_level,
        "win_rate_by_level": level_rates,
        "by_level_and_side": {level: dict(sorted(by_side.items())) for level, by_side in sorted(seats.items())},
        "mean_actions": round(sum(r.actions for r in records) / n, 1) if n else 0.0,
        "losses": dict(sorted(losses.items())),
        "decision_seconds": {
            level: {"median": round(statistics.median(ts), 4), "max": round(max(ts), 4),
                    "mean": round(statistics.fmean(ts), 4), "decisions": len(ts),
                    "cpu_median": round(statistics.median(cpu[level]), 4), "cpu_max": round(max(cpu[level]), 4),
                    "cpu_max_at": {k: v for k, v in slowest.get(level, {}).items() if k != "cpu"}}
            for level, ts in sorted(times.items())
        },
    }
