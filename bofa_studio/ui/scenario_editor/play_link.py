"""Where "Play this scenario" leads: play mode (``bofa_studio.ui.play``), looked up at run time.

Play mode is written alongside the editor; looking it up instead of importing
it at module level keeps the editor working (with the action disabled and a
tooltip that says why) in a build or branch that lacks it.

Before anything is saved, :func:`start_problem` asks the engine whether the
scenario in memory can start at all, so a scenario play would refuse is not
written to disk just to be refused.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from bofa_studio.board.model import Board

NOT_YET = "Play mode is not part of this build (bofa_studio.ui.play has no play window)"
READY = "Save the scenario and play it, hot-seat, in play mode"
SHOWN = 3  # file problems named when the file check refuses the scenario


def start_problem(data: dict[str, Any], board: Board) -> str | None:
    """Why play mode could not start this scenario (as saved now), or None if it can.

    The two checks play itself makes when it opens the file: the file check
    (schema and cross-references, as ``load_scenario`` runs it) and building the
    game and its initial state (the engine refuses options it lacks). Placement
    errors (B-2 zones, B-9 stacking) do not stop a game: play starts with the
    set-up phase, where the players place the counters by hand.
    """
    from bofa_studio.scenario import scenario_from_dict
    from bofa_studio.session import Session

    problems = scenario_from_dict(data, "the scenario")
    if problems:
        more = f" (and {len(problems) - SHOWN} more)" if len(problems) > SHOWN else ""
        return "; ".join(f"{p.where}: {p.message}" for p in problems[:SHOWN]) + more
    try:
        Session(data, board, 1)
    except (NotImplementedError, ValueError, KeyError) as exc:
        return str(exc)
    return None


def play_entry() -> tuple[Callable[[str], Any] | None, str]:
    """A function that opens play mode on a scenario file (and returns its window), and a tooltip."""
    try:
        shot = importlib.import_module("bofa_studio.ui.play.shot")
        window = importlib.import_module("bofa_studio.ui.play.window")
    except ImportError:
        return None, NOT_YET
    open_controller = getattr(shot, "open_controller", None)
    play_window = getattr(window, "PlayWindow", None)
    if not callable(open_controller) or play_window is None:
        return None, NOT_YET

    def start(path: str) -> Any:
        # A fresh seed per game, as `bofa-studio play SCENARIO` does.
        controller, _ = open_controller(path, random.randrange(1, 1_000_000))
        w = play_window(controller)
        w.show()
        w.view.fit()
        return w

    return start, READY
