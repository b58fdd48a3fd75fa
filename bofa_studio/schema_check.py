"""The JSON Schema check itself, on jsonschema, with the project's strictness.

Integers must be ``int`` (``32.0`` is refused: the program would use a float as a count or a
size), and ``uniqueItems`` is checked in linear time. Problems are described in a line each,
never quoting a whole offending value. Imported only when a check runs: jsonschema takes a
tenth of a second to import, and a content found clean before is not checked again
(``jsonfile.schema_problems``).
"""

from __future__ import annotations

import contextvars
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import jsonschema
from jsonschema import Draft202012Validator, ValidationError

from bofa_studio.problem_text import brief, json_path, short, shorten


def _is_strict_integer(_checker: Any, instance: Any) -> bool:
    # JSON Schema counts 32.0 as an integer; the program would then use a float as a
    # count or a size, so a file must write 32.
    return isinstance(instance, int) and not isinstance(instance, bool)


def _canonical_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


def _unique_items(validator: Any, unique: bool, instance: Any, schema: Any) -> Iterator[ValidationError]:
    # jsonschema compares every pair when items do not sort (a mixed list): seconds
    # for a few thousand. A set of canonical texts is linear.
    if not unique or not validator.is_type(instance, "array"):
        return
    seen: set[str] = set()
    for item in instance:
        key = _canonical_key(item)
        if key in seen:
            yield ValidationError(f"{brief(item)} is listed twice; expected each item once")
            return
        seen.add(key)


# The schema a check started from. An item found clean is clean again wherever the same
# subschema of the same schema meets an equal item: nothing else goes into its verdict.
_ROOT_SCHEMA: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("_ROOT_SCHEMA", default=None)
_CLEAN_ITEMS: dict[tuple[int, int, bytes], tuple[Any, Any]] = {}
_CLEAN_ITEMS_LIMIT = 8192  # items: a scenario holds about 300 objects in lists
_draft_items = Draft202012Validator.VALIDATORS["items"]


def _items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """``items``, passing over an object or list found clean before under the same subschema.

    The scenario editor checks the whole file after every edit and an edit changes one
    counter of 150 or so: each check validated all of them (0.1 s). Found errors are not
    kept: an item with any is checked again, so its errors are jsonschema's, with their paths.
    """
    root = _ROOT_SCHEMA.get()
    if root is None or items is False or not validator.is_type(instance, "array"):
        yield from _draft_items(validator, items, instance, schema)
        return
    for index in range(len(schema.get("prefixItems", [])), len(instance)):
        item = instance[index]
        if not isinstance(item, (dict, list)):
            yield from validator.descend(instance=item, schema=items, path=index)
            continue
        # The item's text by a 16-byte digest: a hostile file's huge items stay out of memory,
        # and no two different items share a key in practice.
        key = (id(root), id(items), hashlib.blake2b(repr(item).encode("utf-8", "surrogatepass"), digest_size=16).digest())
        kept = _CLEAN_ITEMS.get(key)
        if kept is not None and kept[0] is root and kept[1] is items:
            continue
        errors = list(validator.descend(instance=item, schema=items, path=index))
        if errors:
            yield from errors
            continue
        if len(_CLEAN_ITEMS) >= _CLEAN_ITEMS_LIMIT:
            _CLEAN_ITEMS.clear()
        _CLEAN_ITEMS[key] = (root, items)


_StrictValidator = jsonschema.validators.extend(
    Draft202012Validator,
    validators={"uniqueItems": _unique_items, "items": _items},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_strict_integer),
)


def violations(data: Any, schema: dict[str, Any]) -> list[tuple[str, str]]:
    """Every violation of ``schema`` in ``data``: (JSON path, what was expected), sorted by path."""
    validator = _StrictValidator(schema)
    root = _ROOT_SCHEMA.set(schema)
    try:
        return sorted((json_path(e.absolute_path), _describe(e)) for e in validator.iter_errors(data))
    finally:
        _ROOT_SCHEMA.reset(root)


def _describe(error: ValidationError) -> str:
    # jsonschema's own messages quote the whole offending value, which can be a
    # large object; say what was expected in a line instead.
    v = error.validator
    if v == "enum":
        return f"{brief(error.instance)} is not one of {', '.join(map(str, error.validator_value))}"
    if v == "const":
        return f"expected {error.validator_value!r}, found {brief(error.instance)}"
    if v == "type":
        expected = error.validator_value
        if expected == "integer" or (isinstance(expected, list) and "integer" in expected):
            if isinstance(error.instance, float) and error.instance.is_integer():
                return f"expected a whole number written without a decimal point, found {short(error.instance)}"
        return f"expected {expected}, found {type(error.instance).__name__} {short(error.instance)}"
    if v in ("required", "uniqueItems"):
        return error.message
    if v == "additionalProperties":
        return f"unexpected key(s): {shorten(error.message.split('(')[-1].rstrip(')'))}"
    if v == "pattern":
        return f"{brief(error.instance)} does not match the pattern {error.validator_value}"
    if v == "propertyNames":
        return f"key {brief(error.instance)} is malformed"
    if v in ("minimum", "maximum"):
        return f"{brief(error.instance)} is out of range ({v} {error.validator_value})"
    if v in ("minItems", "maxItems", "minLength", "maxLength", "maxProperties"):
        return f"expected {v} {error.validator_value}"
    return shorten(error.message)
