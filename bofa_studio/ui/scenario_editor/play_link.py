"""Where "Play this scenario" leads: play mode, when it is installed in this build.

Play mode (``bofa_studio.ui.play``) is written alongside the editor; the editor
looks it up at run time instead of importing it, so either can ship first and
the menu says why it is disabled instead of failing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

NOT_YET = "Play mode is not part of this build yet (bofa_studio.ui.play has no play window)"


def play_entry() -> tuple[Callable[[str], Any] | None, str]:
    """A function that opens play mode on a scenario file, and a sentence for the tooltip."""
    try:
        play = importlib.import_module("bofa_studio.ui.play")
    except ImportError:
        return None, NOT_YET
    opener = getattr(play, "open_play_window", None)
    if callable(opener):
        return opener, "Save the scenario and play it (hot-seat)"
    window = getattr(play, "PlayWindow", None)
    factory = getattr(window, "from_scenario_file", None)
    if callable(factory):
        def start(path: str) -> Any:
            w = factory(path)
            w.show()
            return w
        return start, "Save the scenario and play it (hot-seat)"
    return None, NOT_YET
