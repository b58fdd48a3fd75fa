"""The Qt user interface. Only this package (and the CLI entry) imports Qt.

Importing it first works around a PySide6 6.12 bug on Python 3.11: the abi3
build returns ``None`` from every void method (``QPainter.setPen``,
``QObject.setObjectName``...) without taking a reference, as if ``None`` were
immortal, which it is only from Python 3.12 (PEP 683). Each call drops one
reference, and after a few thousand calls the interpreter aborts with
"none_dealloc". Giving ``None`` a huge reference count makes it immortal in
practice; on 3.12 and later nothing is done.
"""

import sys


def _pin_none() -> None:
    if sys.version_info >= (3, 12):
        return
    import ctypes

    # ob_refcnt is the first field of every CPython object; 2**40 void calls is
    # weeks of continuous painting.
    refcount = ctypes.c_ssize_t.from_address(id(None))
    refcount.value += 1 << 40


_pin_none()
