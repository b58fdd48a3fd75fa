"""Helm's Deep scenario files: the ruleset's own schema and the checks against its map."""

from __future__ import annotations

from typing import Any

from bofa_studio.board import Board
from bofa_studio.jsonfile import FileProblem, load_schema, schema_problems


def scenario_problems(data: dict[str, Any], file: str) -> list[FileProblem]:
    """Everything wrong with a Helm's Deep scenario that needs no map: schema, then references."""
    problems = schema_problems(file, data, load_schema("bofa_studio.rules.helmsdeep", "scenario.schema.json"))
    if problems:
        return problems
    ids = [u["id"] for u in data["units"]]
    known = set(ids)
    for i, uid in enumerate(ids):
        if ids.index(uid) != i:
            problems.append(FileProblem(file, f"$.units[{i}].id", f"unit id {uid!r} is used twice"))
    sides = {data["sides"]["first"], data["sides"]["second"]}
    for i, u in enumerate(data["units"]):
        if u["side"] not in sides:
            problems.append(FileProblem(file, f"$.units[{i}].side", f"{u['side']!r} is not one of {sorted(sides)}"))
        if u["kind"] == "archer" and u.get("range", 0) < 2:
            problems.append(FileProblem(file, f"$.units[{i}].range", "an archer needs a range of 2 or more"))
    side_of = {u["id"]: u["side"] for u in data["units"]}
    seen: set[str] = set()
    for i, r in enumerate(data["reinforcements"]):
        if r["round"] > data["turns"]:
            problems.append(FileProblem(file, f"$.reinforcements[{i}].round",
                                        f"round {r['round']} is after the last round ({data['turns']})"))
        for j, uid in enumerate(r["units"]):
            where = f"$.reinforcements[{i}].units[{j}]"
            if uid not in known:
                problems.append(FileProblem(file, where, f"no unit with id {uid!r} in $.units"))
            elif side_of[uid] != data["sides"]["first"] or uid in seen:
                problems.append(FileProblem(file, where, f"{uid!r} is not a first-player unit arriving once (VII)"))
            seen.add(uid)
    missing = [u for u, s in side_of.items() if s == data["sides"]["first"] and u not in seen]
    if missing:
        problems.append(FileProblem(file, "$.reinforcements", f"first-player units that never arrive: {missing}"))
    setup = data["setup"]
    for key in ("required", "default"):
        for uid in setup.get(key, {}):
            if side_of.get(uid) != data["sides"]["second"]:
                problems.append(FileProblem(file, f"$.setup.{key}.{uid}", "not a second-player unit (VII)"))
    for uid in setup.get("immobile", []) + ([setup["commander"]] if "commander" in setup else []):
        if uid not in known:
            problems.append(FileProblem(file, "$.setup", f"no unit with id {uid!r}"))
    table = data["tables"]["combat"]
    rolls = sorted(r["roll"] for r in table["rows"])
    if rolls != list(range(1, 7)):
        problems.append(FileProblem(file, "$.tables.combat.rows", f"rows for rolls 1-6 expected, found {rolls}"))
    for i, row in enumerate(table["rows"]):
        if len(row["results"]) != len(table["columns"]):
            problems.append(FileProblem(file, f"$.tables.combat.rows[{i}].results",
                                        f"{len(table['columns'])} results expected (one per column)"))
    return problems


def scenario_map_problems(data: dict[str, Any], board: Board) -> list[str]:
    """What the scenario names that its map lacks."""
    problems = []
    if board.meta.ruleset not in (None, data["ruleset"]):
        problems.append(f"$.map: the map is for the {board.meta.ruleset} rules, not {data['ruleset']}")
    for where, name in (("$.setup.zone", data["setup"]["zone"]), ("$.entry", data["entry"])):
        if name not in board.areas:
            problems.append(f"{where}: the map has no area {name!r}")
    for key in ("required", "default"):
        for uid, label in data["setup"].get(key, {}).items():
            try:
                board.hex_at(label)
            except ValueError as exc:
                problems.append(f"$.setup.{key}.{uid}: {exc}")
    if problems:
        return problems
    from bofa_studio.rules.helmsdeep.game import HelmsDeepGame

    try:  # the set-up must offer its first step on this map
        game = HelmsDeepGame(data, board)
        if not game.legal_actions(game.new_initial_state(0)):
            problems.append("$.setup: the second player has nowhere to set up on this map (VII)")
    except (KeyError, ValueError) as exc:
        problems.append(f"$: a game cannot start from this scenario on this map: {exc}")
    return problems
