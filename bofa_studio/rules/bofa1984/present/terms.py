"""The 1984 game's names at the table: sides and their colours, the decision panel's order,
the log's roll kinds, O-2's seats, and the words for a result."""

from __future__ import annotations

from typing import Any

from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES

SIDE_NAMES = {FREE_PEOPLES: "Free Peoples", DARK: "Dark"}
SIDE_COLOURS = {FREE_PEOPLES: "#2f6db5", DARK: "#9b1c1c"}
# Button order in the decision panel; kinds not listed come last, by name.
KIND_ORDER = ["ChooseChip", "PlayHeldChip", "DrawChip", "ChooseMode", "PlaceDefault", "Skirmish", "TakeLoss",
              "Advance", "EndPhase"]
# Event kinds that come from a die or a blind draw: the log shows them as rolls.
ROLL_KINDS = frozenset({"combat_result", "fire_result", "entry_roll", "draw", "morale", "morale_check", "roll",
                        "dive_result", "spell_result", "rock_result"})
# Which name of the new-game dialog sits at each of the engine's O-2 seats.
O2_NAME_INDEX = {"free_peoples": 0, "free_peoples_elves": 0, "dark": 1, "dark_second_wave": 2,
                 "free_peoples_dwarves": 3}
O2_OPTIONS = {"o2_three_players": 3, "o2_four_players": 4}


def result_summary(result: dict[str, Any]) -> str:
    """The outcome as players say it ("Free Peoples tactical victory", "Draw")."""
    winner, level = result.get("winner"), result.get("level")
    if winner is None:
        summary = result.get("summary") or ("draw" if level == "draw" else "")
        return summary[:1].upper() + summary[1:]
    name = SIDE_NAMES.get(winner, winner)
    return f"{name} {level} victory" if level else f"{name} victory"

