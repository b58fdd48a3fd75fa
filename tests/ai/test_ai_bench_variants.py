"""bench/endgame_bench.py's ``--vary LEVEL:FIELD=VALUE``: every Budget field can be varied, each
value read as its field's type, and a wrong one refused with what was expected."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "endgame_bench.py"


@cache
def _bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("endgame_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


def test_every_budget_field_can_be_varied_as_its_own_type():
    # The first fields (candidates, chance_samples) have no default: their type once came from
    # the default and the bench fell over on them.
    variant = _bench().parse_variant("hard:candidates=24;plan_work=3000;endgame_margin=7;obliged=no;deadline_seconds=3")
    assert variant.changes == {"hard": {"candidates": 24, "plan_work": 3000, "endgame_margin": 7.0,
                                        "obliged": False, "deadline_seconds": 3.0}}
    assert isinstance(variant.changes["hard"]["candidates"], int)


@pytest.mark.parametrize(("text", "expected"), [
    ("hard:candidates=many", "candidates='many' is not a int"),
    ("hard:width=3", "'width=3' is not FIELD=VALUE"),
    ("master:candidates=3", "expected LEVEL:FIELD=VALUE"),
])
def test_a_wrong_variant_is_refused_naming_what_was_expected(text, expected):
    with pytest.raises(ValueError, match=expected):
        _bench().parse_variant(text)
