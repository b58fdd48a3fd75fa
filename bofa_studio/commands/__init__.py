"""Subcommands of the ``bofa-studio`` command line; see ``bofa_studio.cli``."""
