"""The ``bofa-studio`` command: the GUI by default, plus headless subcommands.

Each subcommand lives in ``bofa_studio/commands/<name>.py`` and exposes
``register(subparsers)``; this module only assembles them. Exit codes: 0 success,
1 the input has problems (listed one per line), 2 bad arguments or unreadable input.
Nothing here prints a traceback for a user's mistake.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from bofa_studio import __version__
from bofa_studio.commands import CommandError

# Subcommand modules, in the order `--help` lists them.
COMMAND_MODULES = [
    "bofa_studio.commands.validate",
    "bofa_studio.commands.export",
    "bofa_studio.commands.simulate",
    "bofa_studio.commands.match",
    "bofa_studio.commands.balance",
    "bofa_studio.commands.los",
    "bofa_studio.commands.render",
    "bofa_studio.commands.gui",
    "bofa_studio.commands.edit_map",
    "bofa_studio.commands.edit_scenario",
    "bofa_studio.commands.play",
    "bofa_studio.commands.screenshot",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bofa-studio",
        description="Author, play and share hex-and-counter battles of Middle-earth. "
        "With no command, opens the app on the default content.",
    )
    parser.add_argument("--version", action="version", version=f"bofa-studio {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check this installation headless (load content, run the engine, render) and exit",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.self_test:
        from bofa_studio.selftest import run_self_test

        return run_self_test()
    if args.command is None:
        from bofa_studio.commands.gui import open_default

        return open_default()
    try:
        return int(args.handler(args) or 0)
    except CommandError as exc:
        *details, summary = exc.lines
        for line in details:
            print(line, file=sys.stderr)
        print(f"bofa-studio: error: {summary}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
