"""Entry script of the frozen app: the same as the ``bofa-studio`` console script.

PyInstaller needs a script file, not an entry point; keeping it this small means
the frozen app and ``pip install`` run exactly the same code (bofa_studio.cli).
"""

import sys

from bofa_studio.cli import main

if __name__ == "__main__":
    sys.exit(main())
