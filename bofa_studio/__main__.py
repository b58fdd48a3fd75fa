"""``python -m bofa_studio`` is the same as the ``bofa-studio`` command."""

import sys

from bofa_studio.cli import main

sys.exit(main())
