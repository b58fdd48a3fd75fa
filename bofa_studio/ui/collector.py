"""Python's cyclic garbage collector kept out of worker threads while they run.

CPython collects in whichever thread crosses an allocation threshold. The computer thinks
in a worker thread (``play/computer_turns.py``) and a balance test plays its games in a
QThread, and both allocate a great deal; a collection there can destroy a widget caught in
a reference cycle from the wrong thread, which crashes Qt (seen: a segfault while
"Garbage-collecting" in the thinking thread of a window test). So automatic collection is
off while any worker holds it, and back on, in the window's thread, when the last lets go.

A worker makes little cyclic garbage (positions are plain dicts and lists, freed by their
reference counts), so a decision or a balance series without the collector costs little
memory. Called from the window's thread only.
"""

from __future__ import annotations

import gc


class _Holds:
    count = 0
    was_enabled = True


def hold() -> None:
    """A worker thread is about to run: no automatic collection until :func:`release`."""
    if _Holds.count == 0:
        _Holds.was_enabled = gc.isenabled()
        gc.disable()
    _Holds.count += 1


def release() -> None:
    """A worker thread has finished: the collector runs again once none is left (if it ran
    before the first hold)."""
    if _Holds.count == 0:
        return
    _Holds.count -= 1
    if _Holds.count == 0 and _Holds.was_enabled:
        gc.enable()


def holds() -> int:
    """How many workers hold the collector off now (for tests)."""
    return _Holds.count
