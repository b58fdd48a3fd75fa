"""Python's collector is held off while worker threads run, and comes back after the last
(bofa_studio.ui.collector: a collection in a worker thread can free widgets there and crash Qt)."""

from __future__ import annotations

import gc

from bofa_studio.ui import collector


def test_the_collector_comes_back_only_when_the_last_worker_lets_go():
    assert gc.isenabled() and collector.holds() == 0
    collector.hold()
    collector.hold()  # the computer thinks while a balance test runs
    assert not gc.isenabled()
    collector.release()
    assert not gc.isenabled(), "one worker still runs"
    collector.release()
    assert gc.isenabled() and collector.holds() == 0
    collector.release()  # a second release of the same worker changes nothing
    assert gc.isenabled() and collector.holds() == 0


def test_a_collector_switched_off_before_stays_off():
    gc.disable()
    try:
        collector.hold()
        collector.release()
        assert not gc.isenabled()
    finally:
        gc.enable()
