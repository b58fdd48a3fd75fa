"""Map files: JSON with ``format`` and ``version``, documented in docs/map-format.md.

Loading checks the shipped JSON Schema first, then what a schema cannot say
(labels on the map, hexsides between adjacent hexes), and reports every problem
at once. Saving is atomic and writes sorted, stable output, so that maps diff
well and load -> save -> load is the identity.
"""

from __future__ import annotations

import os
from typing import Any

from bofa_studio.board.model import (
    DEFAULT_LEVEL,
    Board,
    HexData,
    HexFeature,
    HexsideFeature,
    MapMeta,
    SlopeLine,
    Terrain,
)
from bofa_studio.hexgrid import GridSpec, Hex, Orientation, Shifted, are_adjacent
from bofa_studio.jsonfile import (
    DataFileError,
    FileProblem,
    dumps_stable,
    load_schema,
    read_json,
    schema_problems,
    write_atomic,
)

MAP_FORMAT = "bofa-studio.map"
MAP_VERSION = 1


def map_schema() -> dict[str, Any]:
    return load_schema("bofa_studio.board", "map.schema.json")


def load_map(path: str | os.PathLike[str]) -> Board:
    """Read a map file. Raises DataFileError listing every problem found."""
    data = read_json(path, MAP_FORMAT)
    return board_from_dict(data, str(path))


def board_from_dict(data: dict[str, Any], file: str = "<map>") -> Board:
    problems = schema_problems(file, data, map_schema())
    if problems:
        raise DataFileError(problems)

    g = data["grid"]
    grid = GridSpec(Orientation(g["orientation"]), g["columns"], g["rows"], Shifted(g["shifted"]))
    meta = MapMeta(**data.get("meta", {}), ruleset=data.get("ruleset"))
    board = Board(grid, meta)
    problems = []

    def hex_of(label: str, where: str) -> Hex | None:
        h = grid.parse_label(label)
        if h not in board:
            problems.append(
                FileProblem(file, where, f"hex {label} is off the map ({grid.columns}x{grid.rows})")
            )
            return None
        return h

    for label, spec in data.get("hexes", {}).items():
        where = f"$.hexes.{label}"
        h = hex_of(label, where)
        if h is None:
            continue
        terrain = Terrain(spec.get("terrain", Terrain.PLAIN))
        features = frozenset(HexFeature(f) for f in spec.get("features", []))
        group = spec.get("entry_group")
        if group is not None and HexFeature.ENTRY_TRIANGLE not in features:
            problems.append(
                FileProblem(file, where + ".entry_group", "an entry group needs the entry_triangle feature")
            )
        level = spec.get("level", DEFAULT_LEVEL[terrain])
        board.graph.nodes[h].update(
            terrain=terrain, level=level, features=features, entry_group=group
        )

    for key, features in data.get("hexsides", {}).items():
        where = f"$.hexsides.{key}"
        first, second = key.split("/")
        a, b = hex_of(first, where), hex_of(second, where)
        if a is None or b is None:
            continue
        if not are_adjacent(a, b):
            problems.append(
                FileProblem(file, where, f"hexes {first} and {second} are not adjacent, so share no hexside")
            )
            continue
        board.graph.edges[a, b]["features"] = frozenset(HexsideFeature(f) for f in features)

    lines = []
    for i, labels in enumerate(data.get("slope_lines", [])):
        found = [hex_of(label, f"$.slope_lines[{i}][{j}]") for j, label in enumerate(labels)]
        on_map = [h for h in found if h is not None]
        if len(on_map) == len(found):
            lines.append(SlopeLine(tuple(on_map)))
    board.slope_lines = lines

    for name, labels in data.get("areas", {}).items():
        hexes = [hex_of(label, f"$.areas.{name}[{j}]") for j, label in enumerate(labels)]
        board.areas[name] = frozenset(h for h in hexes if h is not None)

    if problems:
        raise DataFileError(problems)
    return board


def board_to_dict(board: Board) -> dict[str, Any]:
    """The file form of a board: only hexes that differ from plain ground are listed."""
    label = board.label
    hexes: dict[str, Any] = {}
    for h in board.hexes():
        data = board.hex_data(h)
        if data == HexData():
            continue
        spec: dict[str, Any] = {"terrain": str(data.terrain), "level": data.level}
        if data.features:
            spec["features"] = sorted(str(f) for f in data.features)
        if data.entry_group is not None:
            spec["entry_group"] = data.entry_group
        hexes[label(h)] = spec

    hexsides = {}
    for side, features in board.featured_hexsides().items():
        first, second = sorted((label(side.a), label(side.b)))
        hexsides[f"{first}/{second}"] = sorted(str(f) for f in features)

    m = board.meta
    ruleset = {} if m.ruleset is None else {"ruleset": m.ruleset}
    return {
        "format": MAP_FORMAT,
        "version": MAP_VERSION,
        **ruleset,
        "meta": {"name": m.name, "source": m.source, "provenance": m.provenance, "notes": m.notes},
        "grid": {
            "orientation": str(board.grid.orientation),
            "columns": board.grid.columns,
            "rows": board.grid.rows,
            "shifted": str(board.grid.shifted),
        },
        "hexes": hexes,
        "hexsides": hexsides,
        # Slope lines keep their order (pile first); the list is sorted by pile.
        "slope_lines": sorted([label(h) for h in line.hexes] for line in board.slope_lines),
        "areas": {name: sorted(label(h) for h in hs) for name, hs in board.areas.items()},
    }


def dumps_map(board: Board) -> str:
    return dumps_stable(board_to_dict(board))


def save_map(board: Board, path: str | os.PathLike[str]) -> None:
    write_atomic(path, dumps_map(board))
