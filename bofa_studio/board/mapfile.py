"""Map files: JSON with ``format`` and ``version``, documented in docs/map-format.md.

Loading checks the shipped JSON Schema first, then what a schema cannot say
(labels on the map, hexsides between adjacent hexes), and reports every problem
at once. Saving is atomic and writes sorted, stable output, so that maps diff
well and load -> save -> load is the identity.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bofa_studio.board.background import Background
from bofa_studio.board.model import (
    DEFAULT_LEVEL,
    Board,
    HexData,
    HexFeature,
    HexsideFeature,
    MapMeta,
    PathLine,
    SlopeLine,
    Terrain,
    path_lines_from_hexes,
)
from bofa_studio.hexgrid import GridSpec, Hex, LabelScheme, Orientation, Shifted, are_adjacent
from bofa_studio.jsonfile import (
    DataFileError,
    FileProblem,
    dumps_stable,
    json_of_format,
    load_schema,
    read_json_bytes,
    schema_problems,
    write_atomic,
)

MAP_FORMAT = "bofa-studio.map"
# Version 2 adds paths drawn as ordered lines, a background scan, the grid's label scheme
# and off-board spaces (Helm's Deep). A version 1 file is read as version 2 with CCRR
# labels, no spaces, and path hexes joined to every neighbour (``_paths_of_version_1``).
MAP_VERSION = 2
READABLE_MAP_VERSIONS = (1, 2)


def map_schema() -> dict[str, Any]:
    return load_schema("bofa_studio.board", "map.schema.json")


def load_map(path: str | os.PathLike[str]) -> Board:
    """Read a map file. Raises DataFileError listing every problem found."""
    raw = read_json_bytes(path, MAP_FORMAT)
    name, folder = str(path), Path(path).resolve().parent
    # Only a background image, named relative to the file, makes the board depend on where the
    # file is: any other map is the same board from any copy of the file (an author's copy
    # beside a variant scenario, a test's temporary folder).
    where = folder if b'"background"' in raw else None
    key = ("file", where, hashlib.sha256(raw).digest())
    return _kept_or_built(key, lambda: board_from_dict(json_of_format(raw, name, MAP_FORMAT), name, folder))


def board_from_saved_dict(data: dict[str, Any], file: str = "<map>", folder: Path | None = None) -> Board:
    """``board_from_dict`` for a map held inside another file (a save's copy of its map): the
    same content read before, from any file, is handed out again as a replica, and the board
    knows it holds that content until edited (``Board.origin``), as a map file's board does."""
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return board_from_dict(data, file, folder)  # not JSON at all: let the checks say why
    key = ("saved", folder, hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest())
    return _kept_or_built(key, lambda: board_from_dict(data, file, folder))


def _kept_or_built(key: tuple[object, ...], build: Callable[[], Board]) -> Board:
    """A replica of the board kept under ``key``, built (and kept) if there is none; a board
    that fails to build raises and nothing is kept."""
    with _LOADED_LOCK:
        kept = _LOADED.get(key)
    if kept is None:
        kept = build()
        with _LOADED_LOCK:
            if len(_LOADED) >= _LOADED_LIMIT:
                del _LOADED[next(iter(_LOADED))]  # the oldest
            _LOADED[key] = kept
    board = kept.replica()
    board.origin = (key, board.revision)
    return board


# The shipped map is read by every new game, scenario check and editor: a board read from the
# same bytes (and, for a map with a background, from the same folder: its path is relative to
# the file) is handed out again as a replica, a fifth of the time of building it; so is a board of a save's map
# (every save holds a copy of its map) read from the same content before. The kept board is
# never handed out.
_LOADED: dict[tuple[object, ...], Board] = {}
_LOADED_LIMIT = 8
_LOADED_LOCK = threading.Lock()  # maps may also be read off the GUI thread


def board_from_dict(data: dict[str, Any], file: str = "<map>", folder: Path | None = None) -> Board:
    """A board from a map file's JSON; ``folder`` is where a relative background path starts."""
    problems = schema_problems(file, data, map_schema())
    if problems:
        raise DataFileError(problems)

    g = data["grid"]
    if data["version"] == 1:
        newer = [f"$.{k}" for k in ("spaces",) if k in data] + (["$.grid.labels"] if "labels" in g else [])
        if newer:
            raise DataFileError([FileProblem(file, where, "needs map version 2 (label schemes and off-board "
                                                          "spaces came with it)") for where in newer])
    labels = LabelScheme(g.get("labels", LabelScheme.CCRR))
    grid = GridSpec(Orientation(g["orientation"]), g["columns"], g["rows"], Shifted(g["shifted"]), labels)
    meta = MapMeta(**data.get("meta", {}), ruleset=data.get("ruleset"))
    board = Board(grid, meta)
    problems = []

    def hex_of(label: str, where: str) -> Hex | None:
        try:
            return board.hex_at(label)
        except ValueError as exc:
            problems.append(FileProblem(file, where, str(exc)))
            return None

    _add_spaces(board, data.get("spaces", {}), file, problems)

    for label, spec in data.get("hexes", {}).items():
        where = f"$.hexes.{label}"
        h = hex_of(label, where)
        if h is None:
            continue
        if board.is_space(h):
            problems.append(FileProblem(file, where, f"{label} is an off-board space: describe it under $.spaces"))
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
        if board.is_space(a) or board.is_space(b):
            problems.append(FileProblem(file, where, "a link of an off-board space belongs under $.spaces.*.links"))
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

    if data["version"] == 1:
        board.paths = _paths_of_version_1(board)
    for i, labels in enumerate(data.get("paths", [])):
        found_hexes = [hex_of(label, f"$.paths[{i}][{j}]") for j, label in enumerate(labels)]
        hexes = [h for h in found_hexes if h is not None]
        if len(hexes) != len(found_hexes):
            continue
        gaps = [f"{labels[j]} to {labels[j + 1]}" for j in range(len(hexes) - 1) if not are_adjacent(hexes[j], hexes[j + 1])]
        if gaps:
            problems.append(FileProblem(file, f"$.paths[{i}]", "each hex of a path must be next to the one before; "
                                        f"it jumps from {', '.join(gaps)}"))
            continue
        board.paths.append(PathLine(tuple(hexes)))
        for h in hexes:  # a hex on a drawn path is a path hex, listed or not
            board.graph.nodes[h]["features"] = board.graph.nodes[h]["features"] | {HexFeature.PATH}

    if "background" in data:
        spec = data["background"]
        image = Path(spec["image"])
        if not image.is_absolute() and folder is not None:
            image = Path(os.path.normpath(folder / image))
        transform = tuple(float(v) for v in spec["transform"])
        ta, tb, _, td, te, _ = transform
        if abs(ta * te - tb * td) < 1e-12:
            problems.append(FileProblem(file, "$.background.transform",
                                        "the transform squashes the image to a line; calibrate the scan again"))
        else:
            board.background = Background(image, transform, spec.get("opacity", 0.5))  # type: ignore[arg-type]

    for name, labels in data.get("areas", {}).items():
        area = [hex_of(label, f"$.areas.{name}[{j}]") for j, label in enumerate(labels)]
        board.areas[name] = frozenset(h for h in area if h is not None)

    _link_spaces(board, data.get("spaces", {}), file, problems)
    if problems:
        raise DataFileError(problems)
    return board


def _add_spaces(board: Board, spaces: dict[str, Any], file: str, problems: list[FileProblem]) -> None:
    for name, spec in spaces.items():
        where = f"$.spaces.{name}"
        try:
            at = board.grid.parse_label(spec["at"])
        except ValueError as exc:
            problems.append(FileProblem(file, where + ".at", str(exc)))
            continue
        terrain = Terrain(spec.get("terrain", Terrain.PLAIN))
        data = HexData(terrain, spec.get("level", DEFAULT_LEVEL[terrain]),
                       frozenset(HexFeature(f) for f in spec.get("features", [])))
        try:
            board.add_space(name, at, data)
        except ValueError as exc:
            problems.append(FileProblem(file, where, f"{exc} (a space is drawn outside the grid)"))


def _link_spaces(board: Board, spaces: dict[str, Any], file: str, problems: list[FileProblem]) -> None:
    seen: dict[frozenset[Hex], str] = {}
    for name, spec in spaces.items():
        if name not in board.spaces.values():
            continue
        space = board.hex_at(name)
        for other, features in spec.get("links", {}).items():
            where = f"$.spaces.{name}.links.{other}"
            try:
                target = board.hex_at(other)
            except ValueError as exc:
                problems.append(FileProblem(file, where, str(exc)))
                continue
            pair = frozenset((space, target))
            if pair in seen:
                problems.append(FileProblem(file, where, f"this link is also listed at {seen[pair]}"))
                continue
            seen[pair] = where
            try:
                board.link(space, target, features)
            except ValueError as exc:
                problems.append(FileProblem(file, where, str(exc)))


def _paths_of_version_1(board: Board) -> list[PathLine]:
    """Version 1 drew a road between every two adjacent path hexes: keep that drawing."""
    return path_lines_from_hexes(board.hexes_with(HexFeature.PATH))


def board_to_dict(board: Board, folder: Path | None = None) -> dict[str, Any]:
    """The file form of a board: only hexes that differ from plain ground are listed.

    ``folder`` is where the map file goes: the background image is written relative to it.
    """
    label = board.label
    hexes: dict[str, Any] = {}
    for h in board.hexes():
        data = board.hex_data(h)
        if data == HexData() or board.is_space(h):
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

    spaces = _spaces_to_dict(board)
    grid = {
        "orientation": str(board.grid.orientation),
        "columns": board.grid.columns,
        "rows": board.grid.rows,
        "shifted": str(board.grid.shifted),
    }
    if board.grid.labels != LabelScheme.CCRR:
        grid["labels"] = str(board.grid.labels)
    m = board.meta
    ruleset = {} if m.ruleset is None else {"ruleset": m.ruleset}
    result: dict[str, Any] = {
        "format": MAP_FORMAT,
        "version": MAP_VERSION,
        **ruleset,
        "meta": {"name": m.name, "source": m.source, "provenance": m.provenance, "notes": m.notes},
        "grid": grid,
        "hexes": hexes,
        "hexsides": hexsides,
        # Slope lines keep their order (pile first); the list is sorted by pile.
        "slope_lines": sorted([label(h) for h in line.hexes] for line in board.slope_lines),
        "areas": {name: sorted(label(h) for h in hs) for name, hs in board.areas.items()},
        # Paths keep the order they were drawn in; the list is sorted for stable diffs.
        "paths": sorted([label(h) for h in line.hexes] for line in board.paths),
    }
    if spaces:
        result["spaces"] = spaces
    if board.background is not None:
        result["background"] = {
            "image": _relative(board.background.image, folder),
            "transform": [round(v, 9) for v in board.background.transform],
            "opacity": round(board.background.opacity, 3),
        }
    return result


def _spaces_to_dict(board: Board) -> dict[str, Any]:
    """Each space with its links; a link between two spaces is listed under the first by name."""
    spaces: dict[str, Any] = {}
    for at, name in board.spaces.items():
        d = board.hex_data(at)
        spec: dict[str, Any] = {"at": board.grid.label(at), "terrain": str(d.terrain), "level": d.level}
        if d.features:
            spec["features"] = sorted(str(f) for f in d.features)
        spec["links"] = {}
        spaces[name] = spec
    for (a, b), features in board.links().items():
        owner, other = (a, b) if board.is_space(a) else (b, a)
        if board.is_space(other) and board.label(other) < board.label(owner):
            owner, other = other, owner
        spaces[board.label(owner)]["links"][board.label(other)] = sorted(str(f) for f in features)
    return spaces


def _relative(image: Path, folder: Path | None) -> str:
    """The image path as the map file stores it: relative to the map, with forward slashes."""
    if folder is None:
        return image.as_posix()
    try:
        return Path(os.path.relpath(image, folder)).as_posix()
    except ValueError:  # another drive on Windows: no relative path exists
        return image.as_posix()


def dumps_map(board: Board, folder: Path | None = None) -> str:
    return dumps_stable(board_to_dict(board, folder))


def save_map(board: Board, path: str | os.PathLike[str]) -> None:
    write_atomic(path, dumps_map(board, Path(path).resolve().parent))
