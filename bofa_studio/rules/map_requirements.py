"""A map's problems as its own ruleset sees them: the map names its ruleset (the 1984
game's geometry checks when it names none), and that ruleset's ``map_problems`` says
what the board must hold. The map editor's panel and ``bofa-studio validate`` ask here."""

from __future__ import annotations

from bofa_studio.board import Board, HexsideFeature, MapProblem, validate_board
from bofa_studio.rules.registry import UnknownRuleset, ruleset_module

DEFAULT_RULESET = "bofa1984"
DEFAULT_HEXSIDE_FEATURES = (HexsideFeature.RIVER, HexsideFeature.FRONT_GATE_WALL)


def hexside_features(board: Board) -> tuple[HexsideFeature, ...]:
    """The hexside features the map's ruleset declares, in the order an editor cycles them
    (``HEXSIDE_FEATURES`` of the ruleset's package; the 1984 game's river and Front Gate wall)."""
    ruleset = board.meta.ruleset
    if ruleset in (None, DEFAULT_RULESET):
        return DEFAULT_HEXSIDE_FEATURES
    try:
        declared = getattr(ruleset_module(ruleset), "HEXSIDE_FEATURES", None)
    except UnknownRuleset:
        declared = None
    return tuple(HexsideFeature(f) for f in declared) if declared else tuple(HexsideFeature)


def map_problems(board: Board) -> list[MapProblem]:
    ruleset = board.meta.ruleset
    if ruleset in (None, DEFAULT_RULESET):
        return validate_board(board)
    try:
        module = ruleset_module(ruleset)
    except UnknownRuleset as exc:
        return [MapProblem("ruleset", str(exc))]
    check = getattr(module, "map_problems", None)
    if check is None:
        return [MapProblem("ruleset", f"the {ruleset} rules do not say what a map needs")]
    return list(check(board))
