"""A wheel carries the shipped maps and scenarios where bofa_studio.resources finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_wheel_ships_maps_and_scenarios(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("bofa_studio-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    data = [n for n in names if ".data/data/share/bofa-studio/" in n]
    shipped = {f"{folder}/{p.name}" for folder in ("maps", "scenarios") for p in (ROOT / folder).glob("*.json")}
    assert {n.split("share/bofa-studio/")[1] for n in data} == shipped
    assert any(n.endswith("bofa_studio/board/map.schema.json") for n in names)
    wheel_zip = zipfile.ZipFile(wheel)
    metadata = wheel_zip.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in metadata
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
