"""Messages about files the app cannot write. No Qt here: the command line uses it too."""

from __future__ import annotations

from pathlib import Path


def write_error(path: str | Path, exc: OSError) -> str:
    """What an error box says when ``path`` cannot be written: the file and the reason.

    A folder in the path that is really a file surfaces as "File exists" (from the
    mkdir that makes the folders) or "Not a directory"; both are said plainly."""
    target = Path(path)
    if isinstance(exc, (FileExistsError, NotADirectoryError, FileNotFoundError)):
        blocker = next((p for p in target.parents if p.is_file()), None)
        if blocker is not None:
            return f"{target}: cannot be written: {blocker} is a file, not a folder"
    if isinstance(exc, FileNotFoundError) and not target.parent.is_dir():
        return f"{target}: cannot be written: the folder {target.parent} does not exist"
    return f"{target}: cannot be written: {exc.strerror or exc}"


def load_error(path: str | Path, exc: Exception) -> str:
    """What an error box says when ``path`` cannot be opened: the loader's problems (file,
    place, what was expected), a reason from the system, or, for anything else, what went
    wrong in words rather than a traceback."""
    from bofa_studio.jsonfile import DataFileError

    if isinstance(exc, DataFileError):
        return str(exc)
    if isinstance(exc, OSError):
        return f"{path}: cannot be read: {exc.strerror or exc}"
    return f"{path}: cannot be opened: {exc or type(exc).__name__}"
