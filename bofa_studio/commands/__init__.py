"""Subcommands of the ``bofa-studio`` command line; see ``bofa_studio.cli``.

What the subcommands share: reading a user's file with one clear error instead
of a traceback. A handler raises :class:`CommandError`; ``cli.main`` prints it
and exits with its code.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from bofa_studio.jsonfile import DataFileError

if TYPE_CHECKING:
    from bofa_studio.board import Board

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class CommandError(Exception):
    """A user-facing failure: ``lines`` are printed to stderr, then the command exits ``code``."""

    def __init__(self, *lines: str, code: int = EXIT_USAGE) -> None:
        self.lines = list(lines)
        self.code = code
        super().__init__("\n".join(lines))


def fail(message: str, code: int = EXIT_USAGE) -> int:
    """Print a one-line error for the user and return the exit code (for a handler that
    returns its code rather than raising :class:`CommandError`)."""
    print(f"bofa-studio: error: {message}", file=sys.stderr)
    return code


def file_error(exc: DataFileError) -> CommandError:
    """Every problem of a file that cannot be used, one per line (file, JSON path,
    message), then a summary line; a single problem is the one line."""
    problems = [str(p) for p in exc.problems]
    if len(problems) == 1:
        return CommandError(problems[0], code=EXIT_USAGE)
    file = exc.problems[0].file if exc.problems else "the file"
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    return CommandError(*problems, f"cannot use {file} ({count})", code=EXIT_USAGE)


def non_negative(text: str) -> int:
    """An argparse type: a whole number, 0 or more (a seed, a count of actions)."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; expected 0 or more")
    return value


def missing_folder(path: str) -> str | None:
    """What is wrong with an output path whose folder does not exist (it is not created), or None."""
    from pathlib import Path

    folder = Path(path).parent
    if folder.is_dir():
        return None
    blocker = next((p for p in Path(path).parents if p.is_file()), None)
    if blocker is not None:
        return f"{path}: cannot be written: {blocker} is a file, not a folder"
    return f"{path}: cannot be written: the folder {folder} does not exist"


def not_a_file(path: str) -> str | None:
    """What is wrong with a FILE argument before it is opened, or None when it is a file."""
    from pathlib import Path

    if Path(path).is_dir():
        return f"{path}: is a folder, not a file"
    if not Path(path).is_file():
        return f"{path}: file not found"
    return None


def load_map_arg(path: str) -> Board:
    """The map a command was given, or a CommandError that says what is wrong with it."""
    from bofa_studio.board import load_map

    try:
        return load_map(path)
    except DataFileError as exc:
        raise file_error(exc) from None
