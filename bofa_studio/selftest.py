"""``bofa-studio --self-test``: prove an installation (or a frozen build) works, headless.

Each check prints one line; the exit code is 0 only when all pass. It touches
only shipped content and a temporary folder, so it is safe on a user's machine.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bofa_studio.board import Board


@cache
def _default_board() -> Board:
    """The shipped default map, loaded once: each load takes a fifth of a second,
    and the checks only read it."""
    from bofa_studio.board import load_map
    from bofa_studio.resources import default_map_path

    return load_map(default_map_path())


def _check_map() -> str:
    from bofa_studio.board import validate_board

    board = _default_board()
    problems = validate_board(board)
    if problems:
        raise AssertionError(f"default map has {len(problems)} problems, first: {problems[0]}")
    return f"{len(board)} hexes, valid"


def _check_render() -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bofa_studio.ui.render import render_board, save_image

    image = render_board(_default_board(), 400)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map.png"
        save_image(image, out)
        size = out.stat().st_size
    if size < 1000:
        raise AssertionError(f"rendered PNG is suspiciously small ({size} bytes)")
    return f"{image.width()}x{image.height()} PNG"


# Enough engine steps to get past setup into moves, chip draws, fire and die
# rolls with the seed below, while keeping the whole self-test well under a second.
ENGINE_STEPS = 150
ENGINE_SEED = 1984


def _check_engine() -> str:
    """Play the default scenario for a while, then replay its action log.

    Choosing among legal actions at random (from a seeded generator of our own,
    not the game's) exercises setup, chip draws, movement and fire; the replay
    proves what save files rely on: the seed and the action log rebuild a game.
    """
    import random

    from bofa_studio.board import load_map
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.rules.bofa1984.actions import PlaceDefault
    from bofa_studio.rules.core import CHANCE
    from bofa_studio.rules.registry import make_game
    from bofa_studio.scenario import load_scenario

    scenario = load_scenario(default_scenario_path())
    game = make_game(scenario, load_map(scenario.map_path))
    chooser = random.Random(ENGINE_SEED)
    state = game.new_initial_state(ENGINE_SEED)
    actions, events = [], []
    while len(actions) < ENGINE_STEPS and not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = game.sample_chance(state)
        else:
            legal = game.legal_actions(state)
            if not legal:
                raise AssertionError(f"no legal action in stage {state.stage!r} and not terminal")
            # Default placement first, so the steps go to play rather than to setup.
            defaults = [a for a in legal if isinstance(a, PlaceDefault)]
            action = defaults[0] if defaults else chooser.choice(legal)
        actions.append(action)
        events.append([e.text for e in game.apply(state, action)])
    replay = game.new_initial_state(ENGINE_SEED)
    if [[e.text for e in game.apply(replay, a)] for a in actions] != events:
        raise AssertionError("replaying the action log gave different events")
    return f"{scenario.name}: {len(actions)} steps to turn {state.turn}, replay identical"


def _check_los() -> str:
    """Line of sight on the default map: a counter between archer and target blocks (S-8).

    Archer, middle hex and target in a straight row, so the line passes through
    the middle hex's centre whatever the layout; then one vectorised query.
    """
    from bofa_studio.hexgrid import DIRECTIONS
    from bofa_studio.los import line_of_sight, visible_from

    board = _default_board()
    step = DIRECTIONS[0]
    archer = next(h for h in sorted(board.hexes()) if h + step in board and h + step.scaled(2) in board)
    middle, target = archer + step, archer + step.scaled(2)
    if middle not in line_of_sight(board, archer, target).crossed:
        raise AssertionError(f"the line {board.label(archer)}-{board.label(target)} misses the hex between")
    blocked = line_of_sight(board, archer, target, occupied={middle})
    if blocked.clear or blocked.blocked_by != middle:
        raise AssertionError(f"a counter in {board.label(middle)} should block; got {blocked}")
    seen = visible_from(board, archer, 6)
    return f"{board.label(archer)}->{board.label(target)} blocked by {board.label(middle)}; {len(seen.visible)} of {len(seen.targets)} hexes visible within 6"


# Checks in order, each a name and a function that returns a one-line detail or raises.
CHECKS: list[tuple[str, Callable[[], str]]] = [
    ("default map", _check_map),
    ("default scenario and engine", _check_engine),
    ("line of sight", _check_los),
    ("offscreen render", _check_render),
]


def run_self_test() -> int:
    failures = 0
    start = time.perf_counter()
    for name, check in CHECKS:
        try:
            detail = check()
        except Exception as exc:  # a self-test reports every failure, whatever its kind
            failures += 1
            print(f"FAIL {name}: {type(exc).__name__}: {exc}")
        else:
            print(f"ok   {name}: {detail}")
    elapsed = time.perf_counter() - start
    print(f"self-test {'passed' if not failures else 'FAILED'} in {elapsed:.2f} s")
    sys.stdout.flush()
    return 0 if not failures else 1
