"""Open a game: a save continues where it was saved, a scenario (or none: the shipped
default) starts a new one. The one entry point the play command, screenshots, benchmarks
and tests share."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from bofa_studio.play.controller import PlayController
from bofa_studio.session import SAVE_FORMAT


def open_game(path: str | os.PathLike[str] | None, seed: int = 1, **kwargs: Any) -> tuple[PlayController, bool]:
    """(controller, whether it is a loaded save). DataFileError names what is wrong with the file."""
    from bofa_studio.jsonfile import read_json_object
    from bofa_studio.resources import default_scenario_path

    if path is not None and read_json_object(path).get("format") == SAVE_FORMAT:
        return PlayController.load(path, **kwargs), True
    return PlayController.new_game(Path(path) if path is not None else default_scenario_path(), seed, **kwargs), False
