"""How Helm's Deep's pieces look, as data the windows paint (no Qt here).

II "Definition of terms": the melee strength (an archer's shooting strength and
melee defence) bottom left, movement points bottom right, and on archers "the small
number in the middle at the bottom" is the range. The sheets are coloured by army:
red Rohan, green Dunlendings, blue Uruk-Hai.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame

GROUP_COLOURS = {"rohan": "rohan_red", "dunlending": "dunlending_green", "uruk": "uruk_blue"}
MARKERS = ("ladder", "bomb")  # VI: eight ladder pieces, four bomb tokens


def counter_face(game: HelmsDeepGame, unit_id: str) -> dict[str, Any]:
    """The keyword arguments of a counter face (``play.faces.Face``) for a unit."""
    unit = game.units[unit_id]
    colour = GROUP_COLOURS.get(unit.group) or ("rohan_red" if unit.side == game.second else "uruk_blue")
    archer = unit.kind == "archer"
    return {
        "name": unit.name or unit_id,
        "colour": colour,
        "weapon": "short_bow" if archer else "sword",
        "strength": unit.strength,
        "movement": unit.movement,
        "bow": unit.range if archer else 0,  # printed bare on the counter; the shared face shows it "(3)"
        "leader": bool(unit.name),
    }
