"""``bofa-studio --self-test`` from the source tree: the same checks the frozen build runs.

Not slow (about a second), so a change that breaks a self-test check shows up in
every test run, not only when the frozen build is made.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bofa_studio.selftest import CHECKS

ROOT = Path(__file__).resolve().parents[2]


def test_self_test_passes_with_no_display() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run(
        [sys.executable, "-m", "bofa_studio", "--self-test"], env=env, cwd=ROOT, capture_output=True, text=True,
        check=False, timeout=300,
    )
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
    lines = result.stdout.splitlines()
    assert [re.match(r"ok\s+(.*?):", line)[1] for line in lines[:-1]] == [name for name, _ in CHECKS]
    assert lines[-1].startswith("self-test passed")

