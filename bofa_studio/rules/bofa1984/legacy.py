"""Save-file migration: the digest that version 1 saves carry.

Version 1 saves hashed a hand-written list of State fields (13 were missing, among them
``phase_start``, ``variable_tribes`` and ``extra_elves``). Version 2 hashes every field
(:func:`bofa_studio.rules.core.state_digest`); a version 1 save is still checked against
the digest it was written with, so old games keep loading.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def digest_v1(game: Any, state: Any) -> str:
    label = game.cb.label
    p = state.pending
    doc = {
        "turn": state.turn, "stage": str(state.stage), "setup_side": state.setup_side, "phase_no": state.phase_no,
        "phase_player": state.phase_player, "phase_kind": state.phase_kind, "first_chooser": state.first_chooser,
        "first_chip": state.first_chip, "cup": state.cup, "held": state.held, "rng": str(state.rng),
        "stacks": {label(h): list(s) for h, s in sorted(state.stacks.items())},
        "steps": state.steps, "entered": sorted(state.entered), "eliminated": state.eliminated,
        "moved": sorted(state.moved), "fought": sorted(state.fought), "fired": sorted(state.fired),
        "attack_dir": {label(a): label(b) for a, b in sorted(state.attack_dir.items())},
        "skirmished": sorted(label(h) for h in state.skirmished),
        "pending": None if p is None else [p.kind, list(p.attackers), label(p.target), p.att_hits, p.def_hits],
        "result": state.result,
        "entry_rolls": {k: list(v) for k, v in sorted(state.entry_rolls.items())},
    }
    # The Standard Game's and the optional rules' state, only when there is some, so that
    # the digests of Basic Game saves stayed what they were.
    extra = {
        "hits": dict(sorted(state.hits.items())), "hysteric": sorted(state.hysteric),
        "todo": [list(t) for t in state.todo], "after_todo": state.after_todo, "roll_for": state.roll_for,
        "morale_failed": sorted(state.morale_failed), "escapes": list(state.escapes), "dived": sorted(state.dived),
        "rocks_used": sorted(label(h) for h in state.rocks_used), "spells_used": list(state.spells_used),
        "spell_tried": state.spell_tried, "thorin_left": state.thorin_left, "returning": list(state.returning),
        "regroup_place": state.regroup_place,
        "grounded": {cid: label(h) for cid, h in sorted(state.grounded.items())},
        "eagle_offers": [label(h) for h in state.eagle_offers],
    }
    extra = {k: v for k, v in extra.items() if v}
    if extra:
        doc["standard"] = extra
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
