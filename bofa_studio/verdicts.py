"""Contents found sound by a check, remembered between runs of the program.

Every start checks the default scenario and its map against their schemas, and every
``simulate`` or ``match`` checks its scenario: a quarter of a second each time (plus a tenth
to import jsonschema), for the same few files. A verdict is an empty file in the user's cache
folder, named by a digest of what was checked, against what, by which version of the checks.
Only "no problem" is kept: a content with problems is checked afresh every time, so its
problems always come from the check itself, with their places.

The folder is the platform's cache folder for the user; ``BOFA_STUDIO_CACHE`` names another,
and set empty it turns remembering off. A folder that cannot be read or written only means
that nothing is remembered: a check never fails because of its cache.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from bofa_studio import __version__

CACHE_ENV = "BOFA_STUDIO_CACHE"
# The newest verdicts kept: a scenario editor's session leaves one per saved state of the file.
KEPT = 256
# Part of every key, with the program's version: a change to what the checks accept (say a
# stricter schema check) must not be answered by a verdict the older checks gave.
CHECKS_VERSION = "1"


def cache_dir() -> Path | None:
    """Where verdicts are kept, or None when remembering is off or no folder is known."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) / "clean" if chosen else None
    try:
        if sys.platform == "win32":
            local = os.environ.get("LOCALAPPDATA")
            base = Path(local) / "bofa-studio" / "Cache" if local else None
        elif sys.platform == "darwin":
            base = Path.home() / "Library" / "Caches" / "bofa-studio"
        else:
            base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "bofa-studio"
    except RuntimeError:  # no home folder to be found
        return None
    return base / "clean" if base is not None else None


def verdict_key(*parts: str) -> str:
    """The name of a verdict on ``parts`` (what was checked and against what, as digests)."""
    return hashlib.sha256("\0".join((CHECKS_VERSION, __version__, *parts)).encode("utf-8")).hexdigest()


def found_clean(key: str) -> bool:
    folder = cache_dir()
    if folder is None:
        return False
    try:
        return (folder / key).is_file()
    except OSError:
        return False


def remember_clean(key: str) -> None:
    """Keep the verdict (an empty file: it exists whole or not at all) and forget the oldest
    beyond :data:`KEPT`."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / key).touch()
        entries = list(os.scandir(folder))
        if len(entries) > KEPT:
            entries.sort(key=lambda e: e.stat().st_mtime)
            for entry in entries[: len(entries) - KEPT]:
                os.unlink(entry.path)
    except OSError:
        pass  # a read-only or vanished folder: nothing is remembered, and the check stands
