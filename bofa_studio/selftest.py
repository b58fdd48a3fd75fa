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
    from bofa_studio.rules.maps import validate_map

    board = _default_board()
    problems = validate_map(board)  # its ruleset's requirements too: the frozen build must carry them
    if problems:
        raise AssertionError(f"default map has {len(problems)} problems, first: {problems[0]}")
    return f"{len(board)} hexes, valid"


def _check_render() -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bofa_studio.ui.map.render import render_board, save_image

    image = render_board(_default_board(), 400)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map.png"
        save_image(image, out)
        size = out.stat().st_size
    if size < 1000:
        raise AssertionError(f"rendered PNG is suspiciously small ({size} bytes)")
    return f"{image.width()}x{image.height()} PNG"


# Enough player actions to get past setup into moves, chip draws, fire and die
# rolls with the seed below, while keeping the whole self-test near a second.
ENGINE_ACTIONS = 100
ENGINE_SEED = 1984


def _check_engine() -> str:
    """Play the default scenario for a while, save it, and load the save back.

    Choosing among legal actions at random (from a seeded generator of our own,
    not the game's) exercises setup, chip draws, movement and fire. Loading a
    save replays its action log and checks the state digest, which is what every
    saved game relies on.
    """
    import random

    from bofa_studio.board import load_map
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.rules.bofa1984.actions import PlaceDefault
    from bofa_studio.scenario import load_scenario
    from bofa_studio.session import Session, load_session

    scenario = load_scenario(default_scenario_path())
    session = Session(scenario.data, load_map(scenario.map_path), ENGINE_SEED)
    session.resolve_chance()
    chooser = random.Random(ENGINE_SEED)
    for _ in range(ENGINE_ACTIONS):
        if session.game.is_terminal(session.state):
            break
        legal = session.legal_actions()
        if not legal:
            raise AssertionError(f"no legal action in stage {session.state.stage!r} and not terminal")
        # Default placement first, so the actions go to play rather than to setup.
        defaults = [a for a in legal if isinstance(a, PlaceDefault)]
        session.apply(defaults[0] if defaults else chooser.choice(legal))
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "selftest.bofa-save.json"
        session.save(save)
        loaded = load_session(save)  # replays the log and checks the digest
    if loaded.digest() != session.digest():
        raise AssertionError("the loaded save does not reproduce the game's state")
    return (f"{scenario.name}: {len(session.log)} steps to turn {session.state.turn}, "
            "saved and replayed identically")


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
