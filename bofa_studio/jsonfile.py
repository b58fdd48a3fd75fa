"""Reading and writing the project's JSON files (maps, scenarios, saves).

One place for what every file format needs: atomic, stable writes; reads that
turn every problem into a :class:`FileProblem` naming the file, the JSON path and
what was expected; and JSON Schema checks. Nothing here executes file content.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema


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


def json_path(parts: Iterable[Any]) -> str:
    """``["hexes", "0101", "level"]`` -> ``$.hexes.0101.level``; list indexes in brackets."""
    text = "$"
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def read_json_object(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a file that must hold a JSON object.

    Raises DataFileError (``unreadable=True``) when the file is missing, is not
    UTF-8 JSON, or holds something other than an object.
    """
    name = str(path)

    def unreadable(where: str, message: str) -> DataFileError:
        return DataFileError([FileProblem(name, where, message)], unreadable=True)

    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise unreadable("$", "file not found") from None
    except IsADirectoryError:
        raise unreadable("$", "is a folder, not a file") from None
    except UnicodeDecodeError as exc:
        raise unreadable("$", f"not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise unreadable("$", f"cannot be read: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise unreadable(f"line {exc.lineno} column {exc.colno}", f"invalid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise unreadable("$", f"expected a JSON object, found {type(data).__name__}")
    return data


def read_json(path: str | os.PathLike[str], expected_format: str) -> dict[str, Any]:
    """Read a JSON object whose ``format`` is ``expected_format`` (else unreadable)."""
    data = read_json_object(path)
    if data.get("format") != expected_format:
        raise DataFileError(
            [FileProblem(str(path), "$.format", f"expected {expected_format!r}, found {data.get('format')!r}")],
            unreadable=True,
        )
    return data


@cache
def load_schema(package: str, filename: str) -> dict[str, Any]:
    return json.loads(resources.files(package).joinpath(filename).read_text(encoding="utf-8"))


def schema_problems(file: str, data: Any, schema: dict[str, Any]) -> list[FileProblem]:
    """Every JSON Schema violation, sorted by where it is, as FileProblems."""
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in validator.iter_errors(data):
        problems.append(FileProblem(file, json_path(error.absolute_path), _describe(error)))
    return sorted(problems, key=lambda p: (p.where, p.message))


def _describe(error: jsonschema.ValidationError) -> str:
    # jsonschema's own messages quote the whole offending value, which can be a
    # large object; say what was expected in a line instead.
    v = error.validator
    if v == "enum":
        return f"{error.instance!r} is not one of {', '.join(map(str, error.validator_value))}"
    if v == "const":
        return f"expected {error.validator_value!r}, found {error.instance!r}"
    if v == "type":
        return f"expected {error.validator_value}, found {type(error.instance).__name__} {_short(error.instance)}"
    if v == "required":
        return error.message
    if v == "additionalProperties":
        return f"unexpected key(s): {error.message.split('(')[-1].rstrip(')')}"
    if v == "pattern":
        return f"{error.instance!r} does not match the pattern {error.validator_value}"
    if v == "propertyNames":
        return f"key {error.instance!r} is malformed"
    if v in ("minimum", "maximum"):
        return f"{error.instance!r} is out of range ({v} {error.validator_value})"
    return error.message


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def dumps_stable(data: Any) -> str:
    """JSON text that diffs well: sorted keys where order carries no meaning, 2-space indent."""
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a file so that a crash leaves either the old or the new file, never half of one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
