"""How The Battle of Five Armies is played at the table: the play hooks of bofa1984.

The generic play controller (:mod:`bofa_studio.play.controller`) is composed with
:class:`Play`, so these methods see its gesture state as their own. Here lives all that
is the 1984 game's: what each stage asks of the player (B-2 setup, B-3 chips, B-6 moves,
B-7 combat with its losses and advance, B-8 fire, the Standard Game's dives, rocks,
spells, escapes and regrouping), the words of buttons and prompts, what the map marks,
and O-2's seats. Every decision is still one of the engine's legal actions; a refusal is
the engine's RuleError, or (for a click that names no action) the reason in the rule's
own words.

The hooks are grouped by what they are about, one module each: ``decisions`` (the panel),
``clicks`` (the board's clicks), ``standard`` (the Standard Game's dives, rocks, spells,
escapes and regrouping), ``board`` (faces and marks), ``words``, ``seats`` (O-2) and
``pictures``; ``terms`` and ``options`` hold the names and rows they share.
"""

from __future__ import annotations

from bofa_studio.play.presentation import RulesetPlay
from bofa_studio.rules.bofa1984.present.board import BoardMarks
from bofa_studio.rules.bofa1984.present.clicks import Clicks
from bofa_studio.rules.bofa1984.present.decisions import Decisions
from bofa_studio.rules.bofa1984.present.options import SPELL_EFFECTS, RockOption, SpellRow
from bofa_studio.rules.bofa1984.present.pictures import Pictures
from bofa_studio.rules.bofa1984.present.seats import SeatRules, engine_seats
from bofa_studio.rules.bofa1984.present.standard import StandardDecisions
from bofa_studio.rules.bofa1984.present.terms import (
    KIND_ORDER,
    O2_NAME_INDEX,
    O2_OPTIONS,
    ROLL_KINDS,
    SIDE_COLOURS,
    SIDE_NAMES,
    result_summary,
)
from bofa_studio.rules.bofa1984.present.words import Words

__all__ = [
    "KIND_ORDER", "O2_NAME_INDEX", "O2_OPTIONS", "ROLL_KINDS", "SIDE_COLOURS", "SIDE_NAMES", "SPELL_EFFECTS",
    "Play", "RockOption", "SpellRow", "engine_seats", "result_summary",
]


class Play(SeatRules, Decisions, Clicks, StandardDecisions, BoardMarks, Words, Pictures, RulesetPlay):
    """The 1984 game's play hooks, composed with the play controller (see the module's text)."""

    split_rule = "O-2"
    roll_kinds = ROLL_KINDS
