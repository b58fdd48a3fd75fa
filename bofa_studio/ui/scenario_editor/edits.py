"""What an author can do to a scenario, each as one undoable step with a readable label.

Widgets, tools and tests call these functions; none of them touches the data
directly, so every edit is on the undo stack and every view hears of it.
"""

from __future__ import annotations

from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.jsonfile import copy_json
from bofa_studio.ui.scenario_editor.commands import push
from bofa_studio.ui.scenario_editor.model import ScenarioModel, counter_name
from bofa_studio.ui.scenario_editor.wording import (
    groups_text,
    level_text,
    option_order,
    option_text,
    victory_text,
    weapon_text,
    zone_text,
)

EDITED = "edited in the scenario editor"


def edited_provenance(old: str) -> str:
    """The provenance of a value an author changed.

    The file format admits only ``rulebook ...`` or ``reconstructed ...``; an
    author's value is not printed in the rulebook, so it is a reconstruction,
    marked as edited and keeping what it replaced.
    """
    if EDITED in old:
        return old
    return f"reconstructed ({EDITED}; was: {old or 'unknown'})"
SIDE_NAMES = {"free_peoples": "Free Peoples", "dark": "Dark"}
VALUE_NAMES = {"strength": "strength", "movement": "movement", "bow": "bow value"}


# -- placement (B-2) ---------------------------------------------------------------
def place(model: ScenarioModel, cid: str, h: Hex) -> None:
    """Put ``cid`` in hex ``h`` (a drop from a tray, or a move on the map)."""
    label = model.board.label(h)
    before = model.placement_hex(cid)
    name = counter_name(model, cid)
    if before is None:
        text = f"Place {name} in {label}"
    elif before == h:
        return
    else:
        text = f"Move {name} from {model.board.label(before)} to {label}"
    push(model, text, [(("default_placement", cid), label)])


def place_many(model: ScenarioModel, moves: dict[str, Hex]) -> None:
    """Move a whole stack in one step."""
    changes = [(("default_placement", cid), model.board.label(h)) for cid, h in moves.items()]
    if changes:
        push(model, f"Move {len(changes)} counters to {changes[0][1]}", changes)


def unplace(model: ScenarioModel, cids: list[str]) -> None:
    """Take counters off the map (dragged back to their tray)."""
    placed = [c for c in cids if c in model.data.get("default_placement", {})]
    if not placed:
        return
    text = (f"Remove {counter_name(model, placed[0])} from the map" if len(placed) == 1
            else f"Remove {len(placed)} counters from the map")
    push(model, text, [(("default_placement", c), None) for c in placed])


# -- order of battle -----------------------------------------------------------------
def set_assignment(model: ScenarioModel, cid: str, key: str) -> None:
    """Move ``cid`` to another setup zone, reinforcement, the removed list, or out of the order of battle."""
    current = model.assignment(cid)
    if current == key:
        return
    oob = copy_json(model.data["order_of_battle"])
    for entry in [*oob["setup"], *oob.get("reinforcements", [])]:
        if cid in entry["counters"]:
            entry["counters"].remove(cid)
    removed = oob.setdefault("removed", {"counters": []})
    if cid in removed["counters"]:
        removed["counters"].remove(cid)
    kind, _, index = key.partition(":")
    if kind == "setup":
        oob["setup"][int(index)]["counters"].append(cid)
    elif kind == "reinforcement":
        oob["reinforcements"][int(index)]["counters"].append(cid)
    elif kind == "removed":
        removed["counters"].append(cid)
    changes: list[tuple[tuple, Any]] = [(("order_of_battle",), oob)]
    if kind != "setup" and cid in model.data.get("default_placement", {}):
        # Only counters set up at the start stand on the map before turn 1.
        changes.append((("default_placement", cid), None))
    push(model, f"Assign {counter_name(model, cid)}: {_label_after(model, oob, key)}", changes)


def _label_after(model: ScenarioModel, oob: dict[str, Any], key: str) -> str:
    kind, _, index = key.partition(":")
    if kind == "setup":
        return f"set up in {zone_text(oob['setup'][int(index)]['zone'])}"
    if kind == "reinforcement":
        r = oob["reinforcements"][int(index)]
        return f"turn {r['turn']} {r.get('name', '')}".strip()
    return "removed" if kind == "removed" else "not used"


# -- counter values ------------------------------------------------------------------
def set_counter_value(model: ScenarioModel, cid: str, side: str, key: str, value: int) -> None:
    """Change a printed value (``side`` is ``full`` or ``reduced``); its provenance becomes 'edited'."""
    i = model.counter_index(cid)
    c = model.counters()[i]
    if c[side].get(key) == value:
        return
    prov = c.get("provenance", {}).get(side, "")
    changes: list[tuple[tuple, Any]] = [(("counters", i, side, key), value)]
    if EDITED not in prov:
        changes.append((("counters", i, "provenance", side), edited_provenance(prov)))
    push(model, f"Set {side} {VALUE_NAMES.get(key, key)} of {c['name']} to {value}", changes,
         merge=f"counter:{cid}:{side}:{key}")


def set_counter_field(model: ScenarioModel, cid: str, key: str, value: Any) -> None:
    """Weapon, command, name, kind or flags of a counter."""
    i = model.counter_index(cid)
    c = model.counters()[i]
    if key == "name":
        text = f"Rename {c['name']} to {value}"
    elif key == "weapon":
        text = f"Set the weapon of {c['name']} to {weapon_text(value)}"
    elif key == "command":
        text = f"Put {c['name']} in group {value}"
    else:
        text = f"Set {key} of {c['name']} to {value}"
    push(model, text, [(("counters", i, key), value)])


# -- rules, turns and chips --------------------------------------------------------------
def set_option(model: ScenarioModel, name: str, on: bool) -> None:
    # The whole note up to its parenthesis: "Turn on S-7" would not say which of four S-7 options.
    note = model.get(("rules", "option_notes", name), name).split(" (")[0]
    push(model, f"{'Turn on' if on else 'Turn off'} {note}", [(("rules", "options", name), on)])


def set_level(model: ScenarioModel, level: str) -> None:
    """Change the rule level and, in the same step, the Standard Game's rules (S-3 ... S-11) to match.

    The file names every option, and a named option overrides the level: a Basic Game
    turned "standard" would keep all its S- rules off and play as the Basic Game. So
    Standard ticks them and Basic clears them; the author then unticks any one to leave out.
    """
    options = dict(model.get(("rules", "options"), {}) or {})
    standard = [k for k in options if option_order(k)[0] == 0]
    for k in standard:
        options[k] = level == "standard"
    changes: list[tuple[tuple, Any]] = [(("rules", "level"), level), (("rules", "options"), options)]
    turned = "on" if level == "standard" else "off"
    push(model, f"Rule level: {level_text(level)} (the Standard Game's S- rules {turned})", changes)


def set_turns(model: ScenarioModel, turns: int) -> None:
    push(model, f"Number of turns: {turns}", [(("turns",), turns)], merge="turns")


def set_meta(model: ScenarioModel, key: str, value: str) -> None:
    text = f"Rename the scenario to {value}" if key == "name" else f"Edit the scenario {key}"
    push(model, text, [(("meta", key), value)], merge=f"meta:{key}")


def set_chip_mix(model: ScenarioModel, mix: list[dict[str, Any]], label: str) -> None:
    push(model, label, [(("chips", "mix"), mix)], merge=f"chips:{label}")


# -- reinforcements (B-5) --------------------------------------------------------------
def set_reinforcement(model: ScenarioModel, index: int, key: str, value: Any, label: str | None = None) -> None:
    """Set one field of a B-5 entry; only a run of turn-spin clicks merges into one undo step."""
    label = label or reinforcement_label(model, index, key, value)
    push(model, label, [(("order_of_battle", "reinforcements", index, key), value)],
         merge=f"reinf:{index}:{key}" if key == "turn" else None)


def reinforcement_label(model: ScenarioModel, index: int, key: str, value: Any) -> str:
    """The Edit menu's words for a reinforcement edit, e.g. "Second Wave: enter by north-east, north-west"."""
    r = model.get(("order_of_battle", "reinforcements", index), {}) or {}
    name = r.get("name") or f"reinforcement {index + 1}"
    if key == "name":
        return f"Rename reinforcement {name} to {value}"
    if key == "turn":
        return f"{name}: arrive on turn {value}"
    if key == "side":
        return f"{name}: side {SIDE_NAMES.get(value, value)}"
    if key == "entry":
        value = value or {}
        ways = [f"by {groups_text(value['groups'])}"] if value.get("groups") else []
        if value.get("circle"):
            ways.append("by the entry circle")
        text = f"{name}: enter {' or '.join(ways) or 'nowhere'}"
        return text + (", onto enemy counters if need be" if value.get("onto_enemy") else "")
    if key == "alternatives":
        if not value:
            return f"{name}: no die-roll alternative"
        rolls = "; ".join(f"{roll['min']}-{roll['max']} {groups_text(roll['groups']) or 'nowhere'}"
                          for roll in value.get("rolls", []))
        option = option_text(value.get("option", ""), model.get(("rules", "option_notes"), {}) or {})
        return f"{name}: die roll {rolls or '(no rolls yet)'} under {option.split(':')[0]}"
    return f"{name}: set {key}"


def add_reinforcement(model: ScenarioModel, side: str, turn: int) -> None:
    reinforcements = copy_json(model.get(("order_of_battle", "reinforcements"), []))
    reinforcements.append({"turn": turn, "side": side, "name": f"New reinforcement {len(reinforcements) + 1}",
                           "rule": "B-5", "counters": [],
                           "entry": {"groups": [], "onto_enemy": False}})
    push(model, f"Add a reinforcement on turn {turn}", [(("order_of_battle", "reinforcements"), reinforcements)])


def remove_reinforcement(model: ScenarioModel, index: int) -> None:
    reinforcements = copy_json(model.get(("order_of_battle", "reinforcements"), []))
    gone = reinforcements.pop(index)
    push(model, f"Delete reinforcement {gone.get('name', index)} (its units become unassigned)",
         [(("order_of_battle", "reinforcements"), reinforcements)])


# -- tables -------------------------------------------------------------------------
def set_table_cell(model: ScenarioModel, table: str, row: int, col: int, cell: dict[str, Any]) -> None:
    """Replace one Combat or Fire Table cell; the caller sets its provenance."""
    heading = model.data["tables"][table]["columns"][col]["label"]
    roll = model.data["tables"][table]["rows"][row]["roll"]
    push(model, f"Edit {table.title()} Table, roll {roll}, column {heading}",
         [(("tables", table, "rows", row, "cells", col), cell)])


def reset_table(model: ScenarioModel, table: str, default: dict[str, Any]) -> None:
    push(model, f"Reset the {table.title()} Table to the default", [(("tables", table), default)])


# -- victory (B-11) ----------------------------------------------------------------
def set_victory_location(model: ScenarioModel, area: str, on: bool) -> None:
    """Make a map area one of the scenario's victory locations, or drop it (one undo step each).

    A new location goes last, so the order players read in the result stays the author's.
    """
    locations = list(model.get(("victory", "locations"), []) or [])
    if on == (area in locations):
        return
    if on:
        locations.append(area)
        text = f"Make {victory_text(area)} a victory location"
    else:
        locations.remove(area)
        text = f"Drop {victory_text(area)} from the victory locations"
    push(model, text, [(("victory", "locations"), locations)])
