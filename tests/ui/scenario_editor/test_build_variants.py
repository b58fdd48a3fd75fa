"""build_variants makes the shipped variants with the editor's edits; its output does not depend on where it runs."""

from __future__ import annotations

import json

import build_variants
import pytest

from .conftest import BASIC, ROOT


@pytest.fixture(scope="module")
def built(qapp, tmp_path_factory):  # qapp first: main() would otherwise make a QCoreApplication
    out = tmp_path_factory.mktemp("variants")  # a scratch directory, nowhere near maps/
    assert build_variants.main(["build_variants", str(BASIC), str(out)]) == 0
    return out


@pytest.mark.parametrize("name", list(build_variants.VARIANTS))
def test_variants_keep_the_basic_games_map_reference_wherever_they_are_written(built, name):
    shipped_ref = json.loads(BASIC.read_text(encoding="utf-8"))["map"]
    assert shipped_ref == "../maps/bofa1984.json"
    assert json.loads((built / name).read_text(encoding="utf-8"))["map"] == shipped_ref


@pytest.mark.parametrize("name", list(build_variants.VARIANTS))
def test_the_script_reproduces_the_shipped_variant_byte_for_byte(built, name):
    """The shipped variants are what the editor's edits make of today's Basic Game, so a change to
    the Basic Game (a new option, a modifier) reaches them when the script is run again."""
    shipped = (ROOT / "scenarios" / name).read_text(encoding="utf-8")
    assert (built / name).read_text(encoding="utf-8") == shipped, (
        f"scenarios/{name} is stale: run python scripts/build_variants.py")
