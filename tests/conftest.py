"""Test-wide setup: Qt runs headless, hypothesis is deterministic in CI, compiled modules are
kept between runs, and the cyclic garbage collector does not rescan the whole import graph
over and over."""

import gc
import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Verdicts of earlier checks (bofa_studio.verdicts) go to a folder of this run's own, so a
# test neither leans on the user's cache nor writes to it. Child processes inherit it.
_VERDICTS = tempfile.TemporaryDirectory(prefix="bofa-verdicts-")
os.environ["BOFA_STUDIO_CACHE"] = _VERDICTS.name

# Where PYTHONDONTWRITEBYTECODE is set (as on shared build machines), every run compiled the
# package again and pytest rewrote the asserts of every test module again: 7 of the 9
# CPU-seconds of collection, and again in each command the tests start in a fresh process
# (they read the compiled files this one writes). The files go to the ``__pycache__``
# folders git ignores, and Python recompiles any whose source changed.
sys.dont_write_bytecode = False

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import pytest  # noqa: E402
from board_fixtures import build_small_board  # noqa: E402


def pytest_collection_finish(session):
    """Python's default collector thresholds (700, 10, 10) make a full collection walk every
    object of Qt, numpy, shapely, hypothesis and the collected tests many times a minute (a
    fifth of the CPU of the line-of-sight and session tests). What exists once the tests are collected lives to the end (frozen, out
    of every scan), and the older generations are scanned a tenth as often. Garbage is still
    collected, later; ``gc.collect()`` in a test still collects everything it made. On the
    line-of-sight and session tests this takes the collector from 7 CPU-seconds to 2.6."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(1_000, 100, 100)


@pytest.fixture
def small_board():
    """A 12x10 board that passes every map validation check."""
    return build_small_board()


@pytest.fixture
def small_map(tmp_path, small_board):
    """The small board saved as a map file."""
    from bofa_studio.board import save_map

    path = tmp_path / "small.json"
    save_map(small_board, path)
    return path


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Windows a test closed with ``deleteLater`` (its fixtures, pytest-qt's ``addWidget``) are
    deleted when it ends. Qt deletes them only from a running event loop, which the tests
    never start: every window of the session stayed alive with its scene, images and game,
    two gigabytes by the end, which each full pass of the garbage collector walked again."""
    result = yield
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is not None and widgets.QApplication.instance() is not None:
        from PySide6.QtCore import QCoreApplication, QEvent

        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return result
