"""Rules engines. ``core`` holds what every ruleset shares; each ruleset is a subpackage.

Pure Python and deterministic: nothing here imports Qt, and the only randomness is
the generator whose state lives in a game's State (see :mod:`bofa_studio.rules.core`).
"""
