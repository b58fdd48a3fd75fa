"""The Battle of Five Armies (ICE, 1984): the Basic Game, designed to take the Standard
Game and the optional rules as named scenario options."""

from bofa_studio.rules.bofa1984.game import BofaGame
from bofa_studio.rules.bofa1984.state import State

__all__ = ["BofaGame", "State"]
