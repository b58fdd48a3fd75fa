"""Broken files for the windows' Open / New game: the regression cases of hostile files and
a handful of the fuzzer's mutations (scripts/fuzz.py), the same every run."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "bofa1984.json"
BASIC = ROOT / "scenarios" / "bofa1984-basic.json"


def _fuzz():
    spec = importlib.util.spec_from_file_location("bofa_fuzz", ROOT / "scripts" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _scenario(edit) -> str:
    data = json.loads(BASIC.read_text(encoding="utf-8"))
    data["map"] = str(MAP)
    edit(data)
    return json.dumps(data)


def _set(path: list, value):
    def edit(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def hostile(kind: str) -> dict[str, str]:
    """name -> file text that must be refused with a message."""
    base = MAP.read_text(encoding="utf-8") if kind == "map" else _scenario(lambda d: None)
    cases = {
        "a 4301-digit number": re.sub(r'"version": \d', lambda m: m.group(0) + "0" * 4300, base, count=1),
        "1000-deep nesting": base.replace("{", '{"deep": ' + "[" * 1000 + "]" * 1000 + ", ", 1),
        "a lone surrogate": base.replace('"name": "', '"name": "\\ud800', 1),
        "not JSON": base[: len(base) // 2],
    }
    if kind == "map":
        cases["label 0000"] = base.replace('"hexes": {', '"hexes": {"0000": {}, ', 1)
        cases["32.0 columns"] = base.replace('"columns": 32', '"columns": 32.0', 1)
    else:
        cases["setup_order twice"] = _scenario(_set(["order_of_battle", "setup_order"], ["dark", "dark"]))
        cases["a map that is a device"] = _scenario(_set(["map"], "/dev/zero"))
        cases["a zone the map lacks"] = _scenario(
            lambda d: d["order_of_battle"]["setup"][0].__setitem__("zone", "setup.nowhere"))
        cases["empty combat rows"] = _scenario(
            lambda d: [row.__setitem__("cells", []) for row in d["tables"]["combat"]["rows"]])
    return cases


def fuzzed(kind: str, count: int) -> dict[str, str]:
    """name -> the text of the fuzzer's cases 0..count-1 of ``kind`` (seed 0)."""
    fuzz = _fuzz()
    out = {}
    for i in range(count):
        text, what = fuzz.make_case(kind, 0, i)
        out[f"fuzz {kind} {i}: {what}"[:90]] = text
    return out


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{abs(hash(name)) % 10**8}.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path
