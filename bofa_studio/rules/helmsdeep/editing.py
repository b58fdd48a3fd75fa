"""Helm's Deep's scenario form (``scenario.form``): what an author edits in a Helm's Deep
scenario, as tables: VII's order of battle and the first player's reinforcement rounds,
8.2's victory points and 8.3's levels, and III's time table with VI's bomb rounds.

Every setter changes the data in place and keeps it whole: a renamed or removed unit is
renamed or removed wherever the scenario names it (reinforcements, set-up).
"""

from __future__ import annotations

from typing import Any

from bofa_studio.scenario.form import Column, FormTable

KINDS = ["sword", "archer"]
UNIT_FIELDS = ("id", "side", "group", "kind", "strength", "movement", "range", "name")


def _sides(data: dict[str, Any]) -> list[str]:
    return [data["sides"]["first"], data["sides"]["second"]]


def _winners(data: dict[str, Any]) -> list[str]:
    return ["", *_sides(data)]


# -- VII: the order of battle ------------------------------------------------------------------------
def _unit_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: u.get(k, 0 if k == "range" else "") for k in UNIT_FIELDS} for u in data["units"]]


def _rename(data: dict[str, Any], old: str, new: str) -> None:
    for r in data["reinforcements"]:
        r["units"] = [new if u == old else u for u in r["units"]]
    setup = data["setup"]
    for key in ("required", "default"):
        if old in setup.get(key, {}):
            setup[key][new] = setup[key].pop(old)
    if old in setup.get("immobile", []):
        setup["immobile"] = [new if u == old else u for u in setup["immobile"]]
    if setup.get("commander") == old:
        setup["commander"] = new


def _forget(data: dict[str, Any], uid: str) -> None:
    for r in data["reinforcements"]:
        r["units"] = [u for u in r["units"] if u != uid]
    data["reinforcements"] = [r for r in data["reinforcements"] if r["units"]]
    setup = data["setup"]
    for key in ("required", "default"):
        setup.get(key, {}).pop(uid, None)
    if uid in setup.get("immobile", []):
        setup["immobile"] = [u for u in setup["immobile"] if u != uid]
    if setup.get("commander") == uid:
        del setup["commander"]


def _set_unit(data: dict[str, Any], row: int, key: str, value: Any) -> None:
    unit = data["units"][row]
    if key == "id":
        if not value:
            raise ValueError("a unit needs an id")
        if any(u["id"] == value for i, u in enumerate(data["units"]) if i != row):
            raise ValueError(f"the id {value!r} is taken")
        _rename(data, unit["id"], value)
    elif key in ("strength", "movement") and value < 0:
        raise ValueError(f"{key} is 0 or more, not {value}")
    elif key == "side" and value != unit["side"]:
        first = data["sides"]["first"]
        if value == first:  # VII: every first-player unit arrives on a round
            _forget(data, unit["id"])
            _set_arrival(data, unit["id"], 1)
        else:
            _forget(data, unit["id"])
    if key == "range" and unit.get("kind") != "archer":
        if not value:
            return  # a sword's empty range
        raise ValueError("only archers have a range (II: the small number in the middle at the bottom)")
    if key in ("name", "group") and not value:
        unit.pop(key, None)
        return
    if key == "kind" and value == "sword":
        unit.pop("range", None)
    if key == "kind" and value == "archer":
        unit.setdefault("range", 3)
    unit[key] = value


def _add_unit(data: dict[str, Any]) -> None:
    taken = {u["id"] for u in data["units"]}
    n = 1
    while f"unit-{n}" in taken:
        n += 1
    second = data["sides"]["second"]
    data["units"].append({"id": f"unit-{n}", "side": second, "group": second, "kind": "sword", "strength": 3,
                          "movement": 4})


def _remove_unit(data: dict[str, Any], row: int) -> None:
    unit = data["units"].pop(row)
    _forget(data, unit["id"])


# -- VII: reinforcement rounds -----------------------------------------------------------------------
def _arrival_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    when = {u: r["round"] for r in data["reinforcements"] for u in r["units"]}
    first = data["sides"]["first"]
    return [{"unit": u["id"], "round": when.get(u["id"], 0)} for u in data["units"] if u["side"] == first]


def _set_arrival(data: dict[str, Any], uid: str, round_: int) -> None:
    if not 1 <= round_ <= data["turns"]:
        raise ValueError(f"round {round_} is not in the time table (1 to {data['turns']})")
    for r in data["reinforcements"]:
        r["units"] = [u for u in r["units"] if u != uid]
    target = next((r for r in data["reinforcements"] if r["round"] == round_), None)
    if target is None:
        target = {"round": round_, "units": []}
        data["reinforcements"].append(target)
    target["units"].append(uid)
    data["reinforcements"] = sorted((r for r in data["reinforcements"] if r["units"]), key=lambda r: r["round"])


def _set_arrival_cell(data: dict[str, Any], row: int, key: str, value: Any) -> None:
    _set_arrival(data, _arrival_rows(data)[row]["unit"], value)


# -- 8.2 and 8.3: victory --------------------------------------------------------------------------
POINTS = {"ladder_storm": "a successful ladder storm", "theoden": "Theoden destroyed",
          "all_destroyed": "every unit of the second player destroyed", "per_exit": "each unit pushed off at the exit"}


def _point_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"for": POINTS.get(k, k), "points": v} for k, v in data["victory"]["points"].items()]


def _set_points(data: dict[str, Any], row: int, key: str, value: Any) -> None:
    if value < 0:
        raise ValueError(f"points are 0 or more, not {value}")
    data["victory"]["points"][list(data["victory"]["points"])[row]] = value


def _level_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"min_points": lv["min_points"], "name": lv["name"], "winner": lv.get("winner") or ""}
            for lv in data["victory"]["levels"]]


def _set_level(data: dict[str, Any], row: int, key: str, value: Any) -> None:
    level = data["victory"]["levels"][row]
    if key == "winner":
        if value:
            level["winner"] = value
        else:
            level.pop("winner", None)
        return
    if key == "name" and not value:
        raise ValueError("a level needs a name")
    level[key] = value


# -- III and VI: the time table ---------------------------------------------------------------------
def _time_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"turns": data["turns"], "bombs": ", ".join(map(str, data["bombs"]["rounds"]))}]


def _set_time(data: dict[str, Any], row: int, key: str, value: Any) -> None:
    if key == "turns":
        late = [r["round"] for r in data["reinforcements"] if r["round"] > value]
        if value < 1 or late:
            raise ValueError(f"the game needs at least {max([1, *late])} rounds (reinforcements arrive on round "
                             f"{max(late)})" if late else "the game needs at least 1 round")
        data["turns"] = value
        return
    try:
        rounds = sorted(int(x) for x in str(value).replace(";", ",").split(",") if x.strip())
    except ValueError:
        raise ValueError(f"bomb rounds: {value!r} is not a list of rounds such as 8, 10, 12, 14") from None
    if any(not 1 <= r <= data["turns"] for r in rounds):
        raise ValueError(f"bomb rounds lie in the time table, 1 to {data['turns']}")
    data["bombs"]["rounds"] = rounds


def form() -> list[FormTable]:
    return [
        FormTable("Order of battle", "VII", (
            Column("id", "Id"), Column("side", "Side", "choice", _sides), Column("group", "Group"),
            Column("kind", "Kind", "choice", lambda d: KINDS), Column("strength", "Strength", "int"),
            Column("movement", "Movement", "int"), Column("range", "Range", "int"), Column("name", "Name")),
            _unit_rows, _set_unit, _add_unit, _remove_unit,
            "Archers: the strength is the shooting strength and melee defence (II)."),
        FormTable("Reinforcements", "VII", (Column("unit", "Unit", editable=False), Column("round", "Round", "int")),
                  _arrival_rows, _set_arrival_cell,
                  note="The first player's units come in at the northern edge on their round."),
        FormTable("Victory points", "8.2", (Column("for", "For", editable=False), Column("points", "Points", "int")),
                  _point_rows, _set_points),
        FormTable("Victory levels", "8.3", (Column("min_points", "From points", "int"), Column("name", "Level"),
                                            Column("winner", "Winner", "choice", _winners)),
                  _level_rows, _set_level),
        FormTable("Time table", "III, VI", (Column("turns", "Rounds", "int"), Column("bombs", "Bomb rounds")),
                  _time_rows, _set_time),
    ]
