"""Save-file migration: the digests that older saves carry.

Version 1 saves hashed a hand-written list of State fields (13 were missing, among them
``phase_start``, ``variable_tribes`` and ``extra_elves``). Version 2 hashed every field
(:func:`bofa_studio.rules.core.state_digest`) of a State that still kept what a die was
rolled for in five loose fields (``roll_for`` and the tuples ``morale``, ``dive``, ``rock``,
``spell``) and queued its automatic steps as tuples. Version 3 hashes the typed die wait
(``State.die``) and steps. An older save is checked against the digest it was written with,
computed from the state as that version laid it out, so old games keep loading.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from bofa_studio.rules.core import canonical

# Version 2's ``roll_for`` and the field that held the wait's data, by digest tag. A combat
# or shot (and an S-5 entry roll, told apart by its stage) left ``roll_for`` empty.
_V2_WAITS = {"morale": ("morale", "morale"), "dive": ("dive", "dive"), "rocks": ("rocks", "rock"),
             "spell": ("spell", "spell"), "extra_elves": ("extra_elves", None)}


def _fields(value: Any) -> list[Any]:
    return [getattr(value, f.name) for f in dataclasses.fields(value)]


def version_2_waits(state: Any) -> dict[str, Any]:
    """The die wait and the step queue as version 2 kept them."""
    old: dict[str, Any] = {"roll_for": None, "morale": None, "dive": None, "rock": None, "spell": None}
    die = state.die
    tag = getattr(die, "digest_tag", None)
    if die is not None and die in state.todo[:1]:
        old["roll_for"] = "todo"
    elif tag in _V2_WAITS:
        roll_for, field = _V2_WAITS[tag]
        old["roll_for"] = roll_for
        if field is not None:
            old[field] = tuple(_fields(die))
    old["todo"] = [(step.digest_tag, *_fields(step)) for step in state.todo]
    return old


def digest_v2(state: Any) -> str:
    doc = canonical(state)
    del doc["die"]
    doc.update(canonical(version_2_waits(state)))
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest_v1(game: Any, state: Any) -> str:
    label = game.cb.label
    p = state.pending
    waits = version_2_waits(state)  # version 1 kept them the same way
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
        "todo": [list(t) for t in waits["todo"]], "after_todo": state.after_todo, "roll_for": waits["roll_for"],
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
