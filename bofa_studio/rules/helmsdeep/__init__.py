"""The Battle of Helm's Deep (a translated rulebook; ../shared/rulebooks/helms-deep-rulebook.txt),
on the same engine as the 1984 game. Each module cites its section:

``ground`` (IV: walls, gates, the tunnel and culvert as the rules read the board),
``movement`` (IV), ``combat`` (V: close combat, ladder storms, gate attacks, archers,
retreats), ``ladders`` (VI: ladders and bombs), ``tables`` (V's combat result table,
8.3's victory levels), ``game`` (III's round sequence, VII's set-up and
reinforcements, VIII's points; the protocol), ``map_requirements`` (what a board
needs), ``scenario`` (the scenario file's own schema and checks).

The board, part of the combat result table, the time table's length, the terrain
movement card and Rohan's order of battle are reconstructed: docs/helms-deep-map.md
says what the text prints and how the rest was rebuilt.
"""

from bofa_studio.rules.helmsdeep.game import HelmsDeepGame
from bofa_studio.rules.helmsdeep.map_requirements import HEXSIDE_FEATURES, map_problems
from bofa_studio.rules.helmsdeep.scenario import scenario_map_problems, scenario_problems
from bofa_studio.rules.helmsdeep.state import State

# The name the per-ruleset map hook (rules.maps on the maps branch) asks a ruleset for.
check_map = map_problems

__all__ = ["HEXSIDE_FEATURES", "HelmsDeepGame", "check_map", "State", "map_problems", "scenario_map_problems", "scenario_problems"]
