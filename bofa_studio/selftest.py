"""``bofa-studio --self-test``: prove an installation (or a frozen build) works, headless.

Each check prints one line; the exit code is 0 only when all pass. It touches
only shipped content and a temporary folder, so it is safe on a user's machine.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def _check_map() -> str:
    from bofa_studio.board import load_map, validate_board
    from bofa_studio.resources import default_map_path

    board = load_map(default_map_path())
    problems = validate_board(board)
    if problems:
        raise AssertionError(f"default map has {len(problems)} problems, first: {problems[0]}")
    return f"{len(board)} hexes, valid"


def _check_render() -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bofa_studio.board import load_map
    from bofa_studio.resources import default_map_path
    from bofa_studio.ui.render import render_board, save_image

    image = render_board(load_map(default_map_path()), 400)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map.png"
        save_image(image, out)
        size = out.stat().st_size
    if size < 1000:
        raise AssertionError(f"rendered PNG is suspiciously small ({size} bytes)")
    return f"{image.width()}x{image.height()} PNG"


# Checks in order; later issues (engine, line of sight) add theirs here.
CHECKS: list[tuple[str, Callable[[], str]]] = [
    ("default map", _check_map),
    ("offscreen render", _check_render),
]


def run_self_test() -> int:
    failures = 0
    start = time.perf_counter()
    for name, check in CHECKS:
        try:
            detail = check()
        except Exception as exc:  # a self-test reports every failure, whatever its kind
            failures += 1
            print(f"FAIL {name}: {type(exc).__name__}: {exc}")
        else:
            print(f"ok   {name}: {detail}")
    elapsed = time.perf_counter() - start
    print(f"self-test {'passed' if not failures else 'FAILED'} in {elapsed:.2f} s")
    sys.stdout.flush()
    return 0 if not failures else 1
