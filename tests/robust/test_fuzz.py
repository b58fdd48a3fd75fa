"""Fuzz: mutated shipped maps, scenarios and saves through the loaders, then 100 random
legal actions through the protocol. Every case must load and play, or be refused with a
DataFileError; never another exception. Bounded to about a minute; ``scripts/fuzz.py``
runs the same cases at length, in memory-limited workers with a timeout."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]


def _fuzz_module():
    spec = importlib.util.spec_from_file_location("bofa_fuzz", ROOT / "scripts" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz_module()

# Examples per kind: a scenario case takes about a second (schema of a 170 KB file, then play).
EXAMPLES = {"map": 12, "scenario": 10, "save": 10}


@pytest.mark.parametrize("kind", fuzz.KINDS)
def test_mutated_files_load_and_play_or_are_refused_cleanly(kind, tmp_path_factory):
    folder = tmp_path_factory.mktemp(kind)

    @settings(max_examples=EXAMPLES[kind], deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(rnd=st.randoms(use_true_random=False), damage_text=st.booleans())
    def check(rnd: random.Random, damage_text: bool) -> None:
        bases = fuzz.base_files(kind)
        data, done = fuzz.mutate(json.loads(json.dumps(rnd.choice(bases))), rnd)
        text = json.dumps(data, indent=1)
        if damage_text:
            text, how = fuzz.mutate_text(text, rnd)
            done.append(how)
        status, detail = fuzz.run_case(kind, text, folder, actions=100, seed=rnd.randrange(1000))
        assert status in ("ok", "error"), f"{'; '.join(done)}\n{detail}"

    check()


def test_a_case_is_the_same_file_every_time():
    # scripts/fuzz.py --case N must reproduce what a long run reported.
    assert fuzz.make_case("scenario", 3, 41) == fuzz.make_case("scenario", 3, 41)
    assert fuzz.make_case("scenario", 3, 41) != fuzz.make_case("scenario", 3, 42)


def test_the_unchanged_files_load_and_play(tmp_path):
    for kind in fuzz.KINDS:
        text = json.dumps(fuzz.base_files(kind)[0])
        assert fuzz.run_case(kind, text, tmp_path, actions=20) == ("ok", "20 actions")


class _Busy:
    """A stand-in worker process: spinning (CPU) or blocked (no CPU), as /proc would show it."""

    def __init__(self, cpu: float) -> None:
        self.cpu = cpu


def test_a_case_is_hung_by_the_cpu_it_uses_not_by_the_time_it_waits_for_a_core(monkeypatch):
    """Under load (or ``nice``) a worker waits for a core; only CPU spent, or ten timeouts of
    the clock without spending any, make a hang. Both reports say which it was."""
    worker = fuzz.Worker.__new__(fuzz.Worker)
    clock = {"now": 100.0}
    monkeypatch.setattr(fuzz.time, "monotonic", lambda: clock["now"])
    busy = _Busy(cpu=5.0)
    monkeypatch.setattr(fuzz.Worker, "cpu_seconds", lambda self: busy.cpu)
    worker.conn = type("Conn", (), {"send": lambda self, _: None})()
    worker.give(7)

    clock["now"] += 300  # five timeouts of waiting, one CPU second used: starved, not hung
    busy.cpu += 1
    assert worker.hung(60) is None
    busy.cpu += 60  # a minute of CPU: a real hang
    assert "of CPU" in worker.hung(60)
    busy.cpu = 5.0
    clock["now"] += 400  # blocked for eleven timeouts without using the CPU (a pipe read)
    assert "s of CPU)" in worker.hung(60)
