"""Where "Play this scenario" leads: play mode (``bofa_studio.ui.play``), looked up at run time.

Play mode is written alongside the editor; looking it up instead of importing
it at module level keeps the editor working (with the action disabled and a
tooltip that says why) in a build or branch that lacks it.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

NOT_YET = "Play mode is not part of this build (bofa_studio.ui.play has no play window)"
READY = "Save the scenario and play it, hot-seat, in play mode"


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
