"""What the Basic Game's results say of the evaluation's parts: a fit of them to how games ended.

Run: ``.venv/bin/python bench/evaluation_fit.py scenarios/bofa1984-basic.json --level normal
--against greedy --games 40 --seed 20 --records b20.jsonl [--jobs 2]`` to play a series (the games
``match --swap-sides`` plays) and keep, at the start of every phase, the parts of the planners'
evaluation (``evaluate_ahead``) for the Free Peoples; then ``--fit b20.jsonl b21.jsonl
[--turns 10-12] [--groups held+reach+open,strength+threats+pending,presence+leaders]`` to read them.

The fit is least squares of each game's result (a Dark complete victory -3, tactical -2,
marginal -1, a draw 0, the Free Peoples' +1 to +3; B-11) on the parts at each phase start, each
game weighing the same, with a term for which side the planning level played. Printed: the
mean squared error of the result predicted from the evaluation as it is (one scale for every
part) and from a weight per group, both on games left out of the fit (tenfold), and the
groups' weights relative to strength's. Where a weight per group predicts better on games
left out, the evaluation's parts are out of proportion in those turns (the forty-fifth
sitting in ``docs/ai-journal.md``).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bofa_studio.ai import LEVELS, make_player  # noqa: E402
from bofa_studio.ai.match import MAX_ACTIONS, MatchSpec, game_seed, load_game  # noqa: E402
from bofa_studio.rules.bofa1984 import evaluation as E  # noqa: E402
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES  # noqa: E402
from bofa_studio.rules.bofa1984.state import Stage  # noqa: E402
from bofa_studio.rules.bofa1984.victory import control  # noqa: E402
from bofa_studio.rules.core import CHANCE  # noqa: E402

PARTS = ("held", "reach", "open", "strength", "pending", "presence", "threats", "leaders")
VICTORY_LEVELS = {"marginal": 1, "tactical": 2, "complete": 3}


def parts(game: Any, state: Any) -> dict[str, float]:
    """``evaluate_ahead``'s score for the Free Peoples, part by part (they add up to it: checked
    in :func:`play_and_record`, so this copy cannot drift from the evaluation unseen)."""
    sign = {FREE_PEOPLES: 1.0, DARK: -1.0}
    out = dict.fromkeys(PARTS, 0.0)
    worth = E._location_value(game, state, True)
    b11 = not game.option("s11_victory")
    at_risk = E._reach_weight(game.turns - state.turn) if b11 else 0.0
    material = E._material_weight(game, state)
    held = control(game, state)
    for name, holder in held.items():
        if holder is None:
            continue
        out["held"] += sign[holder] * worth
        if at_risk and E._within_enemy_reach(game, state, name, holder):
            out["reach"] -= sign[holder] * at_risk * worth
        if b11:
            out["open"] -= sign[holder] * E.OPEN_SIDE_SHARE * E._open_sides(game, state, name, holder) * worth
    strengths = E._strengths(game, state)
    for cid, steps in state.steps.items():
        if steps > 0:
            spec = game.specs[cid]
            out["strength"] += sign[spec.side] * (strengths[cid] + (E.LEADER_BONUS if spec.leader else 0.0)) * material
    if game.option("s3_regrouping"):
        out["strength"] += E._regrouping_to_come(game, state) * material
    pending = state.pending
    if pending is not None and state.stage == Stage.LOSS:
        out["pending"] = sign[pending.side] * 2.0 * (pending.def_hits - pending.att_hits) * material
    late = min(max(state.turn, 0) / max(game.turns, 1), 1.0)
    out["presence"] = (E._presence(game, state, late, True, strengths, [h is not None for h in held.values()])
                       * E._presence_late_weight(game, state, True))
    out["threats"] = E._threats(game, state, strengths) * material
    out["leaders"] = E._leaders_with_units(game, state)
    return out


def play_and_record(spec: MatchSpec, index: int) -> dict[str, Any]:
    """Game ``index`` of the series, as ``match`` plays it, with the parts at each phase start."""
    game = load_game(spec.scenario_path, spec.options)
    levels = spec.levels_for(index)
    dice_seed = game_seed(spec.seed, index)
    players = {side: make_player(level, dice_seed * 2 + k + 1, safety_net=False)
               for k, (side, level) in enumerate(sorted(levels.items()))}
    state = game.new_initial_state(dice_seed)
    rows: list[dict[str, Any]] = []
    last_phase = None
    for _ in range(MAX_ACTIONS):
        if game.is_terminal(state):
            break
        player = game.current_player(state)
        if player == CHANCE:
            game.apply(state, game.sample_chance(state))
            continue
        phase = game.phase(state)
        if phase != last_phase:
            last_phase = phase
            found = parts(game, state)
            whole = E._score_for_free_peoples(game, state, ahead=True)
            if abs(sum(found.values()) - whole) > 1e-6:
                raise SystemExit(f"bench/evaluation_fit.py: the parts add up to {sum(found.values())}, "
                                 f"the evaluation to {whole}: bring parts() in line with evaluation.py")
            rows.append({"turn": state.turn, "phase": str(phase), "parts": found})
        game.apply(state, players[player].choose(game, state))
    result = game.result(state) if game.is_terminal(state) else {}
    return {"index": index, "levels": levels, "winner": result.get("winner"),
            "level": str(result.get("level", "unfinished")), "rows": rows}


def record(args: argparse.Namespace) -> None:
    spec = MatchSpec(args.scenario, tuple(args.option), (("free_peoples", args.level), ("dark", args.against)),
                     args.first_game + args.games, args.seed, swap_sides=True)
    indices = range(args.first_game, args.first_game + args.games)
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.records, "a", encoding="utf-8"))
        # Each game is seeded by its number alone, so a pool writes what a serial run does.
        if args.jobs > 1:
            games = stack.enter_context(ProcessPoolExecutor(args.jobs)).map(
                play_and_record, itertools.repeat(spec), indices)
        else:
            games = map(play_and_record, itertools.repeat(spec), indices)
        for g in games:
            out.write(json.dumps(g) + "\n")
            print(g["index"], g["levels"], g["winner"], g["level"], flush=True)


def _result(g: dict[str, Any]) -> float:
    if g["winner"] is None:
        return 0.0
    return VICTORY_LEVELS.get(g["level"], 1) * (1.0 if g["winner"] == "free_peoples" else -1.0)


def fit(args: argparse.Namespace) -> None:
    groups = [g.split("+") for g in args.groups.split(",")]
    first, last = (int(t) for t in args.turns.split("-"))
    games = []
    for name in args.fit:
        for line in open(name, encoding="utf-8"):
            g = json.loads(line)
            rows = [r for r in g["rows"] if first <= r["turn"] <= last]
            planner = 1.0 if g["levels"]["free_peoples"] not in ("greedy", "random") else -1.0
            if rows and g["level"] != "unfinished":
                x = np.array([[sum(r["parts"][p] for p in grp) for grp in groups] + [planner, 1.0] for r in rows])
                games.append((x, _result(g)))
    if len(games) < 10:
        raise SystemExit(f"bench/evaluation_fit.py: {len(games)} games with turns {args.turns}; ten at least")
    print(f"{len(games)} games, turns {first}-{last}")
    for one_scale in (True, False):
        err = sum(_held_out_error(games, k, one_scale) for k in range(10)) / len(games)
        weights = _least_squares(games, range(len(games)), one_scale)
        label = "as it is (one scale)" if one_scale else "a weight per group  "
        print(f"{label}  held-out mean squared error {err:.3f}")
        if not one_scale:
            ref = weights[[i for i, grp in enumerate(groups) if "strength" in grp][0]]
            print("   relative to strength: " + "  ".join(
                f"{'+'.join(grp)} {w / ref:+.2f}" for grp, w in zip(groups, weights, strict=False)))


def _design(x: np.ndarray, one_scale: bool) -> np.ndarray:
    return np.column_stack([x[:, :-2].sum(axis=1), x[:, -2:]]) if one_scale else x


def _least_squares(games: list[tuple[np.ndarray, float]], chosen: Any, one_scale: bool) -> np.ndarray:
    xs = [_design(games[i][0], one_scale) for i in chosen]
    x = np.vstack(xs)
    y = np.concatenate([np.full(len(xi), games[i][1]) for xi, i in zip(xs, chosen, strict=True)])
    w = np.concatenate([np.full(len(xi), 1.0 / len(xi)) for xi in xs])  # each game weighs the same
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[-1] = 1.0
    z = x / scale
    ridge = np.eye(z.shape[1])
    ridge[-1, -1] = 0.0  # the constant is not shrunk
    beta = np.linalg.solve(z.T @ (z * w[:, None]) + ridge, z.T @ (y * w))
    return beta / scale


def _held_out_error(games: list[tuple[np.ndarray, float]], fold: int, one_scale: bool) -> float:
    beta = _least_squares(games, [i for i in range(len(games)) if i % 10 != fold], one_scale)
    return sum(float(np.mean((_design(games[i][0], one_scale) @ beta - games[i][1]) ** 2))
               for i in range(len(games)) if i % 10 == fold)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario", nargs="?")
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--against", choices=LEVELS, default="greedy")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--records", help="the file the games' parts are added to")
    parser.add_argument("--fit", nargs="+", help="record files to fit instead of playing")
    parser.add_argument("--turns", default="1-99")
    parser.add_argument("--groups", default="held+reach+open,strength+threats+pending,presence+leaders")
    args = parser.parse_args()
    if args.fit:
        fit(args)
    elif args.scenario and args.records:
        record(args)
    else:
        parser.error("give SCENARIO and --records to play, or --fit FILE... to read")


if __name__ == "__main__":
    main()
