"""build_variants makes the shipped variants with the editor's edits; its output does not depend on where it runs."""

from __future__ import annotations

import json

import pytest

from bofa_studio.ui.scenario_editor import build_variants

from .conftest import BASIC, ROOT


def flat(node, path=()):
    """(path, value) pairs; lists of objects with ids are keyed by id, so an added entry is not a change."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from flat(v, (*path, k))
    elif isinstance(node, list) and node and all(isinstance(x, dict) and "id" in x for x in node):
        for x in node:
            yield from flat(x, (*path, x["id"]))
    else:
        yield path, json.dumps(node, sort_keys=True)


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
def test_the_script_reproduces_every_value_of_the_shipped_variant(built, name):
    """Every value the shipped file holds, the script makes. (The shipped files predate the Standard
    Game options and S-7 modifiers the Basic Game gained since, so the script's output has more.)"""
    shipped = dict(flat(json.loads((ROOT / "scenarios" / name).read_text(encoding="utf-8"))))
    made = dict(flat(json.loads((built / name).read_text(encoding="utf-8"))))
    assert {k: v for k, v in shipped.items() if made.get(k) != v} == {}
