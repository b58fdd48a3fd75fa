"""Entry script of the frozen app: the same as the ``bofa-studio`` console script.

PyInstaller needs a script file, not an entry point; keeping it this small means
the frozen app and ``pip install`` run exactly the same code (bofa_studio.cli).
"""

import multiprocessing
import sys

from bofa_studio.cli import main

if __name__ == "__main__":
    # A worker of simulate's, match's or balance's process pool, started afresh (Windows,
    # macOS), runs this same executable: freeze_support hands it to multiprocessing.
    multiprocessing.freeze_support()
    sys.exit(main())
