"""Reading and writing the project's JSON files (maps, scenarios, saves).

One place for what every file format needs: atomic, stable writes; reads that
turn every problem into a :class:`FileProblem` naming the file, the JSON path and
what was expected; and JSON Schema checks. Nothing here executes file content.

Files come from other people, so reading is bounded before anything trusts it: a
size limit per kind of file (:data:`SIZE_LIMITS`), only regular files (never a
device or a pipe, which could be endless or block), a nesting depth and a number
length the reader accepts, and strings that can be written back (no lone
surrogates). The schema check (``schema_check``) then treats an integer as an ``int`` only
(``32.0`` is not one) and checks ``uniqueItems`` in linear time.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
import stat
import tempfile
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from bofa_studio import verdicts
from bofa_studio.problem_text import brief, json_path

MB = 1024 * 1024
# The largest file of each format the program reads. Shipped maps are about 50 KB,
# scenarios 170 KB and a long game's save 300 KB: these leave room for far bigger
# real files while refusing one that would take minutes (or all memory) to check.
SIZE_LIMITS = {
    "bofa-studio.map": 8 * MB,
    "bofa-studio.scenario": 8 * MB,
    "bofa-studio.save": 64 * MB,
}
DEFAULT_SIZE_LIMIT = max(SIZE_LIMITS.values())
# Real files nest about 10 levels (a save holds a scenario whose tables hold rows...).
MAX_DEPTH = 64
# Characters in one number literal: enough for any 64-bit seed, far below what makes
# Python's int() slow or refuse (4300 digits).
MAX_NUMBER_LENGTH = 40
# A temporary file of ours older than this is a leftover of a killed save.
STALE_TEMP_SECONDS = 3600


@dataclass(frozen=True, slots=True)
class FileProblem:
    """One thing wrong with a file: where (a JSON path such as ``$.hexes.0101``) and what."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message}"


class DataFileError(Exception):
    """A file could not be read as the expected format. Carries every problem found."""

    def __init__(self, problems: Iterable[FileProblem], *, unreadable: bool = False) -> None:
        self.problems = list(problems)
        # True when the file is missing, not JSON or not ours (CLI exit 2), rather
        # than one of ours with invalid content (exit 1).
        self.unreadable = unreadable
        super().__init__("\n".join(str(p) for p in self.problems))


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, strings, numbers, booleans, None), as
    ``copy.deepcopy`` makes but 2.7 times faster (the Standard Game's scenario): the editors copy a scenario on every
    edit for undo, and deepcopy's memo and dispatch were most of a scenario editor's opening.
    Anything else (a tuple, a set) goes to ``copy.deepcopy``, so it is never shared."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if kind is list:
        return [copy_json(v) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value)


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n} bytes"


def read_bytes(path: str | os.PathLike[str], limit: int = DEFAULT_SIZE_LIMIT, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; DataFileError (unreadable) otherwise.

    A device (``/dev/zero``) or a named pipe is refused before it is read: one never
    ends, the other blocks until someone writes to it.
    """
    name = str(path)

    def unreadable(message: str) -> DataFileError:
        return DataFileError([FileProblem(name, "$", message)], unreadable=True)

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise unreadable("file not found") from None
    except OSError as exc:
        raise unreadable(f"cannot be read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise unreadable("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise unreadable("is not a regular file (a device, pipe or socket); expected a JSON file")
    if info.st_size > limit:
        raise unreadable(f"is {_size(info.st_size)}; a {what} may be at most {_size(limit)}")
    try:
        # O_NONBLOCK: should the path have become a pipe since the check, opening it must not hang.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise unreadable("is not a regular file (a device, pipe or socket); expected a JSON file")
            data = handle.read(limit + 1)
    except OSError as exc:
        raise unreadable(f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise unreadable(f"is more than {_size(limit)}; a {what} may be at most {_size(limit)}")
    return data


class _BadLiteral(ValueError):
    def __init__(self, literal: str, message: str) -> None:
        self.literal = literal
        super().__init__(message)


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_LENGTH:
        raise _BadLiteral(text, f"a number of {len(text)} digits; expected at most {MAX_NUMBER_LENGTH}")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_LENGTH:
        raise _BadLiteral(text, f"a number of {len(text)} characters; expected at most {MAX_NUMBER_LENGTH}")
    value = float(text)
    if not math.isfinite(value):
        raise _BadLiteral(text, f"the number {text} is too large; expected a finite number")
    return value


def _parse_constant(text: str) -> Any:
    raise _BadLiteral(text, f"{text} is not a JSON number")


def _line_column(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line} column {column}"


def _encodable(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _surrogate_message(text: str) -> str:
    bad = next(c for c in text if 0xD800 <= ord(c) <= 0xDFFF)
    return (f"holds a lone surrogate (\\u{ord(bad):04x}), which is not a character and cannot be saved; "
            "expected text")


def structure_problem(data: Any) -> tuple[str, str] | None:
    """(where, what) for the first value nested deeper than MAX_DEPTH or text that cannot
    be written back as UTF-8, or None. Iterative: any depth is safe to check."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, (dict, list)) and len(path) >= MAX_DEPTH:
            return json_path(path), f"nested more than {MAX_DEPTH} levels deep; expected a flatter file"
        if isinstance(value, dict):
            for key, item in value.items():
                if not _encodable(key):
                    return json_path(path), f"a key {_surrogate_message(key)}"
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, i)) for i, item in enumerate(value))
        elif isinstance(value, str) and not _encodable(value):
            return json_path(path), _surrogate_message(value)
    return None


def parse_json(text: str, file: str) -> Any:
    """JSON text to Python values, bounded: DataFileError (unreadable) naming the line or path."""

    def unreadable(where: str, message: str) -> DataFileError:
        return DataFileError([FileProblem(file, where, message)], unreadable=True)

    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise unreadable(f"line {exc.lineno} column {exc.colno}", f"invalid JSON: {exc.msg}") from None
    except _BadLiteral as exc:
        index = text.find(exc.literal)
        raise unreadable(_line_column(text, index) if index >= 0 else "$", str(exc)) from None
    except RecursionError:
        raise unreadable("$", f"nested more than {MAX_DEPTH} levels deep; expected a flatter file") from None
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    with _CHECKED_LOCK:
        sound = digest in _SOUND_TEXTS
    if not sound:
        problem = structure_problem(data)
        if problem is not None:
            raise unreadable(*problem)
        with _CHECKED_LOCK:
            if len(_SOUND_TEXTS) >= _SOUND_TEXTS_LIMIT:
                del _SOUND_TEXTS[next(iter(_SOUND_TEXTS))]  # the oldest
            _SOUND_TEXTS[digest] = None
    return data


# Walking a parsed file for depth and lone surrogates costs ten times json's own parse, and the
# same text is read again and again (a shipped scenario by every new game): the digests of texts
# that passed are kept, and the same text parses to the same values.
_SOUND_TEXTS: dict[bytes, None] = {}
_SOUND_TEXTS_LIMIT = 64


def read_json_object(path: str | os.PathLike[str], limit: int = DEFAULT_SIZE_LIMIT,
                     what: str = "file") -> dict[str, Any]:
    """Read a file that must hold a JSON object.

    Raises DataFileError (``unreadable=True``) when the file is missing, not a
    regular file, too large, not UTF-8 JSON within the reader's bounds, or holds
    something other than an object.
    """
    return json_object_from_bytes(read_bytes(path, limit, what), str(path))


def json_object_from_bytes(raw: bytes, name: str) -> dict[str, Any]:
    """A file's bytes, already read, as a JSON object: DataFileError (unreadable) naming ``name``
    when they are not UTF-8 JSON within the reader's bounds or hold something else."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError([FileProblem(name, "$", f"not UTF-8 text (byte {exc.start})")], unreadable=True) from None
    data = parse_json(text, name)
    if not isinstance(data, dict):
        raise DataFileError([FileProblem(name, "$", f"expected a JSON object, found {type(data).__name__}")],
                            unreadable=True)
    return data


_KINDS = {"bofa-studio.map": "map file", "bofa-studio.scenario": "scenario file", "bofa-studio.save": "saved game"}


def read_json(path: str | os.PathLike[str], expected_format: str) -> dict[str, Any]:
    """Read a JSON object whose ``format`` is ``expected_format`` (else unreadable), within
    that format's size limit."""
    return json_of_format(read_json_bytes(path, expected_format), str(path), expected_format)


def read_json_bytes(path: str | os.PathLike[str], expected_format: str) -> bytes:
    """The bytes of a file read as ``expected_format``, within that format's size limit."""
    limit = SIZE_LIMITS.get(expected_format, DEFAULT_SIZE_LIMIT)
    return read_bytes(path, limit, _KINDS.get(expected_format, "file"))


def json_of_format(raw: bytes, path: str, expected_format: str) -> dict[str, Any]:
    """Bytes read by :func:`read_json_bytes` as a JSON object whose ``format`` is ``expected_format``."""
    data = json_object_from_bytes(raw, path)
    if data.get("format") != expected_format:
        raise DataFileError(
            [FileProblem(str(path), "$.format", f"expected {expected_format!r}, found {brief(data.get('format'))}")],
            unreadable=True,
        )
    return data


@cache
def load_schema(package: str, filename: str) -> dict[str, Any]:
    return json.loads(resources.files(package).joinpath(filename).read_text(encoding="utf-8"))


# Checking a shipped scenario against its schema takes most of a second, and the same content
# is checked again and again (a new game, the editor, a copy, a save's scenario): the answer is
# kept per (schema, content). ``repr`` tells apart what the check tells apart (a tuple from a
# list, 32.0 from 32, True from 1), so equal keys mean equal data.
_CHECKED: dict[tuple[int, str], tuple[dict[str, Any], tuple[tuple[str, str], ...]]] = {}
_CHECKED_LIMIT = 128  # a few KB: the key is a digest, the answer a list of problems
_CHECKED_LOCK = threading.Lock()  # files are also checked off the GUI thread (the balance run)


def schema_problems(file: str, data: Any, schema: dict[str, Any]) -> list[FileProblem]:
    """Every JSON Schema violation, sorted by where it is, as FileProblems.

    Integers must be ``int`` (``32.0`` is refused) and ``uniqueItems`` is checked in linear time
    (``schema_check``). A content found clean before, in this run or an earlier one
    (``verdicts``), is not checked again.
    """
    digest = hashlib.sha256(repr(data).encode("utf-8", "surrogatepass")).hexdigest()
    key = (id(schema), digest)
    with _CHECKED_LOCK:
        seen = _CHECKED.get(key)
    if seen is None or seen[0] is not schema:
        verdict = verdicts.verdict_key("schema", _schema_digest(schema), digest)
        if verdicts.found_clean(verdict):
            found: list[tuple[str, str]] = []
        else:
            from bofa_studio.schema_check import violations

            found = violations(data, schema)
            if not found:
                verdicts.remember_clean(verdict)
        seen = (schema, tuple(found))
        with _CHECKED_LOCK:
            if len(_CHECKED) >= _CHECKED_LIMIT:
                del _CHECKED[next(iter(_CHECKED))]  # the oldest
            _CHECKED[key] = seen
    return [FileProblem(file, where, message) for where, message in seen[1]]


_SCHEMA_DIGESTS: dict[int, tuple[dict[str, Any], str]] = {}


def _schema_digest(schema: dict[str, Any]) -> str:
    kept = _SCHEMA_DIGESTS.get(id(schema))
    if kept is None or kept[0] is not schema:
        text = json.dumps(schema, sort_keys=True, ensure_ascii=True)
        kept = _SCHEMA_DIGESTS[id(schema)] = (schema, hashlib.sha256(text.encode("ascii")).hexdigest())
    return kept[1]


def dumps_stable(data: Any) -> str:
    """JSON text that diffs well: sorted keys where order carries no meaning, 2-space indent."""
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # elsewhere the only way to read it is to set it, briefly
    os.umask(mask)
    return mask


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _remove_stale_temps(target: Path) -> None:
    """Delete our temporary files for ``target`` left by a save that was killed."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    prefix = _temp_prefix(target)
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < cutoff:
                os.unlink(entry.path)
        except OSError:
            pass  # another process's, or gone already: not ours to worry about


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a file so that a crash leaves either the old or the new file, never half of one.

    The file gets the permissions a new file gets under the umask, or keeps those of
    the file it replaces; a symbolic link is written through (the link stays, its
    target changes). The folder must exist. Text that cannot be encoded is refused
    before anything is written.
    """
    data = text.encode("utf-8")
    # realpath: writing "through" a link means replacing the file it points at.
    target = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _remove_stale_temps(target)
