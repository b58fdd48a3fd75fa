"""A tiny second ruleset that exists to prove the game protocol: two champions duel on a
5x5 map. It lives beside the tests, registers itself like any ruleset, and is played
through the session, the headless play layer, the simulator, save/load/replay and the
play window without a line of theirs knowing it (tests/test_toy_ruleset.py).

Rules: North moves first. On his turn a champion steps to an adjacent empty hex,
attacks the adjacent enemy (a d6 roll of 4 or more wounds; two wounds kill), or rests.
The game is a draw after ``turns`` turns."""

from toy_duel.game import DuelGame

__all__ = ["DuelGame"]
