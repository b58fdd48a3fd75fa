"""A map checked for the ruleset it is meant for: geometry first, then that ruleset's requirements.

``board/`` validates geometry and names no ruleset. A ruleset package declares what
its maps must hold with an optional module-level ``check_map(board)`` returning
:class:`~bofa_studio.board.validate.MapProblem` s; this module finds it through the
registry, so the map editor, ``bofa-studio validate`` and the scenario checks ask
any ruleset the same way.
"""

from __future__ import annotations

from bofa_studio.board.levels import LevelRule
from bofa_studio.board.model import Board, HexsideFeature
from bofa_studio.board.validate import MapCheck, MapProblem, validate_board
from bofa_studio.rules.registry import UnknownRuleset, known_rulesets, ruleset_module

# Validate for the ruleset the map itself names (``board.meta.ruleset``).
MAP_RULESET = "<the map's own>"
# The hexside features an editor offers on a map meant for no ruleset (or one that declares none).
DEFAULT_HEXSIDE_FEATURES = (HexsideFeature.RIVER, HexsideFeature.FRONT_GATE_WALL)


def hexside_features(board: Board) -> tuple[HexsideFeature, ...]:
    """The hexside features the map's ruleset declares (``HEXSIDE_FEATURES`` of its package,
    such as Helm's Deep's gates), in the order an editor cycles them."""
    if board.meta.ruleset is None:
        return DEFAULT_HEXSIDE_FEATURES
    try:
        declared = getattr(ruleset_module(board.meta.ruleset), "HEXSIDE_FEATURES", None)
    except UnknownRuleset:
        declared = None
    return tuple(HexsideFeature(f) for f in declared) if declared else DEFAULT_HEXSIDE_FEATURES


def levels_by_terrain(board: Board) -> LevelRule | None:
    """The levels each terrain may stand at on a map for the map's ruleset (``LEVELS_BY_TERRAIN``
    of its package, such as the 1984 game's mountains 1-4); None when it declares no such rule."""
    if board.meta.ruleset is None:
        return None
    try:
        rule = getattr(ruleset_module(board.meta.ruleset), "LEVELS_BY_TERRAIN", None)
    except UnknownRuleset:
        return None
    return rule or None


def ruleset_map_check(name: str) -> MapCheck | None:
    """The ruleset's own map requirements, or None if it has none; UnknownRuleset if no such ruleset."""
    check = getattr(ruleset_module(name), "check_map", None)
    return check if callable(check) else None


def ruleset_problems(board: Board, ruleset: str | None) -> list[MapProblem]:
    """What ``ruleset`` requires of a map that ``board`` misses (nothing for ``None``)."""
    if ruleset is None:
        return []
    try:
        check = ruleset_map_check(ruleset)
    except UnknownRuleset:
        known = ", ".join(known_rulesets())
        return [MapProblem("ruleset", f"the map is meant for ruleset {ruleset!r}, which this program "
                                      f"does not have (known: {known})")]
    return [] if check is None else check(board)


def validate_map(board: Board, ruleset: str | None = MAP_RULESET) -> list[MapProblem]:
    """Geometry problems, then those of ``ruleset`` (by default the one the map names; None: geometry only)."""
    name = board.meta.ruleset if ruleset == MAP_RULESET else ruleset
    return validate_board(board) + ruleset_problems(board, name)


def problems_for_scenario(board: Board, ruleset: str) -> list[MapProblem]:
    """What a scenario playing ``ruleset`` finds wrong with its map: a map meant for another
    ruleset, and the requirements of its own (whatever the map names)."""
    problems = []
    meant_for = board.meta.ruleset
    if meant_for is not None and meant_for != ruleset:
        problems.append(MapProblem("ruleset", f"the map is meant for ruleset {meant_for!r}, "
                                              f"but this scenario plays {ruleset!r}"))
    return problems + ruleset_problems(board, ruleset)
