"""Where the shipped content (``maps/``, ``scenarios/``) is, however the app was installed.

A source checkout or editable install finds the folders beside the package; a
PyInstaller build finds them in its bundle (``sys._MEIPASS``); a wheel installs
them as data files under ``<prefix>/share/bofa-studio``.
"""

from __future__ import annotations

import sys
from pathlib import Path

DEFAULT_MAP = "bofa1984.json"
DEFAULT_SCENARIO = "bofa1984-basic.json"


def content_root() -> Path:
    """The folder that holds ``maps/`` and ``scenarios/``."""
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle))
    package = Path(__file__).resolve().parent
    candidates += [package.parent, Path(sys.prefix) / "share" / "bofa-studio"]
    for root in candidates:
        if (root / "maps").is_dir():
            return root
    raise FileNotFoundError(
        "cannot find the shipped maps/ folder; looked in: " + ", ".join(str(c) for c in candidates)
    )


def maps_dir() -> Path:
    return content_root() / "maps"


def scenarios_dir() -> Path:
    return content_root() / "scenarios"


def is_shipped(path: str | Path, folder: Path | None = None) -> bool:
    """True for a file in the app's own maps/ or scenarios/ folder (or in ``folder``).

    Those files are the app's: scenarios name the maps, an update replaces both, and in a
    checkout they are the project's sources. An author's edit of one belongs in a new file.
    """
    try:
        folders = [folder] if folder is not None else [maps_dir(), scenarios_dir()]
        shipped = {f.resolve() for f in folders}
    except FileNotFoundError:
        return False
    return Path(path).resolve().parent in shipped


def default_map_path() -> Path:
    return maps_dir() / DEFAULT_MAP


def default_scenario_path() -> Path:
    return scenarios_dir() / DEFAULT_SCENARIO
