"""The board: a ``networkx.Graph`` of hexes, plus slope lines and named areas.

Nodes are :class:`~bofa_studio.hexgrid.Hex` keys with the attributes ``terrain``,
``level``, ``features`` (a frozenset of :class:`HexFeature` values), ``entry_group``
(or ``None``) and ``label``. Every pair of adjacent on-map hexes is joined by an
edge whose ``features`` attribute holds the hexside's :class:`HexsideFeature` values.

A board may also hold *off-board spaces*: named nodes (``Tunnel-1``) that the rules
treat as terrain but that the printed map draws beside the board (Helm's Deep's road
tunnel and culvert under the Hornburg). A space sits at a hex position outside the
grid, so it is drawn there, and is joined only by the links the map lists, never by
adjacency; its links are not hexsides of the printed grid (see :meth:`Board.links`).

The editor, the rules, line of sight and rendering all read this one model. It
changes only through the mutator methods below, which tell subscribers what
changed, so views can redraw without keeping a copy of the map.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

import networkx as nx

from bofa_studio.board.background import Background
from bofa_studio.hexgrid import GridSpec, Hex, Hexside, are_adjacent


class Terrain(StrEnum):
    """Terrain types of the 1984 Terrain Table, then those Helm's Deep adds."""

    PLAIN = "plain"
    MOUNTAIN = "mountain"  # levels 1-4
    SLOPE = "mountain_slope"  # around the summit, at plain height (S-6)
    SUMMIT = "summit"
    DALE = "dale"
    CLIFF = "cliff"
    FRONT_GATE = "front_gate"
    # Helm's Deep (its rulebook IV, V-5.1): castle walls, the Hornburg's towers and the spaces under them.
    MOAT = "moat"
    STREAM = "stream"  # the Klammbach
    RAMP = "ramp"  # hex F-4 before the outer wall's passage: -3 to attack from (V 5.1)
    WALL = "wall"
    HORNBURG = "hornburg"
    TUNNEL = "tunnel"
    CULVERT = "culvert"


# Default height of each terrain, per board-notes.md "Levels": mountains carry their
# own level 1-4, the summit is one above the slopes, everything else is the plain.
DEFAULT_LEVEL = {
    Terrain.PLAIN: 0,
    Terrain.MOUNTAIN: 1,
    Terrain.SLOPE: 0,
    Terrain.SUMMIT: 1,
    Terrain.DALE: 0,
    Terrain.CLIFF: 0,
    Terrain.FRONT_GATE: 0,
    Terrain.MOAT: 0,
    Terrain.STREAM: 0,
    Terrain.RAMP: 0,
    Terrain.WALL: 2,
    Terrain.HORNBURG: 2,
    Terrain.TUNNEL: 1,
    Terrain.CULVERT: 0,
}

MAX_LEVEL = 4


class HexFeature(StrEnum):
    PATH = "path"
    BOULDER_PILE = "boulder_pile"
    GUARD_ROOM = "guard_room"
    ENTRY_TRIANGLE = "entry_triangle"
    ENTRY_CIRCLE = "entry_circle"
    DALE_STAR = "dale_star"
    DESTROYED_BRIDGE = "destroyed_bridge"
    VICTORY = "victory"
    ROAD = "road"  # Helm's Deep IV: half a point from road to road
    EXIT = "exit"  # Helm's Deep 8.2: E-17, where units are pushed off the board


class HexsideFeature(StrEnum):
    RIVER = "river"
    FRONT_GATE_WALL = "front_gate_wall"
    LIGHT_GATE = "light_gate"  # Helm's Deep VI: the outer courtyard's four gates
    BIG_GATE = "big_gate"  # Helm's Deep VI: the road tunnel's gates, opened only by bombs


# Hexside features that nothing may move, fight or shoot across (B-6, B-7).
IMPASSABLE_HEXSIDES = frozenset({HexsideFeature.FRONT_GATE_WALL})

VICTORY_AREA_PREFIX = "victory."

# What a map file accepts as an area name (map.schema.json says the same):
# lowercase words of letters, digits and _, joined by dots ("setup.free_peoples.nw").
AREA_NAME = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)*")


def is_area_name(name: str) -> bool:
    """True when a map file can hold an area of this name (so the map can be reopened)."""
    return AREA_NAME.fullmatch(name) is not None


# First words that scenarios read as a namespace ("setup.dark", "victory.summit").
AREA_NAMESPACES = ("setup", "victory")


def suggest_area_name(text: str) -> str:
    """The nearest valid area name: "Dale Town" -> "dale_town", "Setup Dark" -> "setup.dark"."""
    words = [re.sub(r"[^a-z0-9_]+", "_", part.strip().lower()).strip("_") for part in text.split(".")]
    name = ".".join(w for w in words if w)
    head, _, rest = name.partition("_")
    if head in AREA_NAMESPACES and rest and "." not in name:
        name = f"{head}.{rest}"
    return name


@dataclass(frozen=True, slots=True)
class SlopeLine:
    """A straight line of hexes down which rocks roll (S-7); ``hexes[0]`` is the boulder pile."""

    hexes: tuple[Hex, ...]

    @property
    def pile(self) -> Hex:
        return self.hexes[0]


@dataclass(frozen=True, slots=True)
class PathLine:
    """A path or road as the author drew it: hexes in order, each next to the one before.

    Two parallel paths stay two lines, however close they run; the hexes of a line
    are path hexes for the rules (``HexFeature.PATH``).
    """

    hexes: tuple[Hex, ...]

    def steps(self) -> Iterator[tuple[Hex, Hex]]:
        return zip(self.hexes, self.hexes[1:], strict=False)


@dataclass(frozen=True, slots=True)
class MapMeta:
    """What a map is and whom it is for. ``ruleset`` names the ruleset the map is meant for
    (``bofa1984``), whose own map requirements validation then adds; ``None`` means any."""

    name: str = "Untitled map"
    source: str = ""
    provenance: str = ""
    notes: str = ""
    ruleset: str | None = None


@dataclass(frozen=True, slots=True)
class BoardChange:
    """What a mutation touched, so observers redraw only that."""

    kind: str  # "hex", "hexside", "slope_lines", "paths", "areas", "meta", "background"
    hexes: tuple[Hex, ...] = ()
    hexsides: tuple[Hexside, ...] = ()
    area: str | None = None


@dataclass(frozen=True, slots=True)
class HexData:
    """A snapshot of one hex's attributes, used by editor undo commands."""

    terrain: Terrain = Terrain.PLAIN
    level: int = 0
    features: frozenset[HexFeature] = frozenset()
    entry_group: str | None = None


class Board:
    """The game board. See the module docstring for the graph's attributes."""

    def __init__(self, grid: GridSpec, meta: MapMeta | None = None) -> None:
        self.grid = grid
        self.meta = meta or MapMeta()
        self.graph = nx.Graph()
        self.slope_lines: list[SlopeLine] = []
        self.areas: dict[str, frozenset[Hex]] = {}
        self.paths: list[PathLine] = []
        self.background: Background | None = None
        self.spaces: dict[Hex, str] = {}  # off-board space -> its name (its label)
        self._space_names: dict[str, Hex] = {}
        self._listeners: list[Callable[[BoardChange], None]] = []
        # Bumped by every mutation before any listener hears of it, so a cache keyed on it
        # (los_index) is never stale, even when asked from inside another listener.
        self.revision = 0
        # Where the content came from, if a file: (a key of the file's bytes, the revision then).
        # While the revision is still that one, the board holds exactly what the file says, so
        # what was worked out from one such board holds for all (the rules' compiled board).
        self.origin: tuple[object, int] | None = None
        self._build_graph()

    def _build_graph(self) -> None:
        # A new board is a few thousand dict entries; networkx's add_node/add_edge checks cost
        # ten times that, and every test, scenario load and editor resize builds one. The
        # graph is filled directly, with the same nodes, edges and attribute dicts, in the
        # same order, as adding each hex and then joining it to its later neighbours.
        graph = nx.Graph()
        labelled, pairs = _grid_layout(self.grid)
        nodes, adjacency = graph._node, graph._adj
        for h, label in labelled:
            nodes[h] = {"label": label, "terrain": Terrain.PLAIN, "level": 0,
                        "features": _NO_FEATURES, "entry_group": None}
            adjacency[h] = {}
        for a, b in pairs:
            edge = {"features": _NO_FEATURES}
            adjacency[a][b] = edge
            adjacency[b][a] = edge
        self.graph = graph

    # -- observers ----------------------------------------------------------
    def subscribe(self, listener: Callable[[BoardChange], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[BoardChange], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, change: BoardChange) -> None:
        self.revision += 1
        for listener in list(self._listeners):
            listener(change)

    # -- hex queries -----------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self.graph

    def hexes(self) -> Iterator[Hex]:
        return iter(self.graph.nodes)

    def __len__(self) -> int:
        n: int = self.graph.number_of_nodes()
        return n

    def label(self, h: Hex) -> str:
        name = self.spaces.get(h)
        return name if name is not None else self.grid.label(h)

    def hex_at(self, label: str) -> Hex:
        """The hex or off-board space with this label (in the map's scheme); ValueError if none."""
        space = self._space_names.get(label.strip())
        if space is not None:
            return space
        h = self.grid.parse_label(label)
        if h not in self.graph or h in self.spaces:
            raise ValueError(
                f"hex {label} is off the map ({self.grid.columns} columns x {self.grid.rows} rows)"
            )
        return h

    # -- off-board spaces ----------------------------------------------------
    def is_space(self, h: Hex) -> bool:
        return h in self.spaces

    def add_space(self, name: str, at: Hex, data: HexData | None = None) -> Hex:
        """Add an off-board space drawn at ``at`` (outside the grid); it has no links yet."""
        if name in self._space_names:
            raise ValueError(f"the map already has a space named {name!r}")
        if self.grid.contains(at) or at in self.graph:
            raise ValueError(f"space {name!r} would sit on {self.grid.label(at)}, which is taken")
        try:
            self.grid.parse_label(name)
        except ValueError:
            pass
        else:
            raise ValueError(f"space name {name!r} reads as a hex label; name it in words (Tunnel-1)")
        self.graph.add_node(at, label=name, **_node_attrs(data or HexData()))
        self.spaces[at] = name
        self._space_names[name] = at
        self._notify(BoardChange("hex", hexes=(at,)))
        return at

    def link(self, a: Hex, b: Hex, features: Iterable[HexsideFeature] = ()) -> None:
        """Join an off-board space to a hex or another space (the only way into a space)."""
        self._require(a)
        self._require(b)
        if a not in self.spaces and b not in self.spaces:
            raise ValueError(f"{self.label(a)} and {self.label(b)}: links join off-board spaces; hexes join by adjacency")
        if a == b:
            raise ValueError(f"{self.label(a)} cannot be linked to itself")
        self.graph.add_edge(a, b, features=frozenset(HexsideFeature(f) for f in features))
        self._notify(BoardChange("hexside", hexes=(a, b)))

    def links(self) -> dict[tuple[Hex, Hex], frozenset[HexsideFeature]]:
        """Every link of an off-board space, as (a, b) with a < b, and its features."""
        result = {}
        for a, b, fs in self.graph.edges(data="features"):
            if a in self.spaces or b in self.spaces:
                result[(a, b) if a < b else (b, a)] = fs
        return dict(sorted(result.items()))

    # networkx is untyped: each attribute is read into a typed name, which costs nothing at run time.
    def terrain(self, h: Hex) -> Terrain:
        terrain: Terrain = self.graph.nodes[h]["terrain"]
        return terrain

    def level(self, h: Hex) -> int:
        level: int = self.graph.nodes[h]["level"]
        return level

    def features(self, h: Hex) -> frozenset[HexFeature]:
        features: frozenset[HexFeature] = self.graph.nodes[h]["features"]
        return features

    def has_feature(self, h: Hex, feature: HexFeature) -> bool:
        return feature in self.graph.nodes[h]["features"]

    def entry_group(self, h: Hex) -> str | None:
        group: str | None = self.graph.nodes[h]["entry_group"]
        return group

    def hex_data(self, h: Hex) -> HexData:
        node = self.graph.nodes[h]
        return HexData(node["terrain"], node["level"], node["features"], node["entry_group"])

    def hexes_with(self, feature: HexFeature) -> list[Hex]:
        return sorted(h for h, fs in self.graph.nodes(data="features") if feature in fs)

    def hexes_of(self, terrain: Terrain) -> list[Hex]:
        return sorted(h for h, t in self.graph.nodes(data="terrain") if t == terrain)

    def entry_groups(self) -> dict[str, list[Hex]]:
        groups: dict[str, list[Hex]] = {}
        for h, group in self.graph.nodes(data="entry_group"):
            if group is not None:
                groups.setdefault(group, []).append(h)
        return {name: sorted(hs) for name, hs in sorted(groups.items())}

    def path_steps(self) -> frozenset[frozenset[Hex]]:
        """Each pair of hexes a drawn path joins: moving along a path, not merely between
        two path hexes (two parallel paths are not joined across)."""
        return frozenset(frozenset(step) for line in self.paths for step in line.steps())

    def area(self, name: str) -> frozenset[Hex]:
        try:
            return self.areas[name]
        except KeyError:
            raise KeyError(f"the map has no area named {name!r}") from None

    def areas_of(self, h: Hex) -> list[str]:
        return sorted(name for name, hexes in self.areas.items() if h in hexes)

    def victory_locations(self) -> dict[str, frozenset[Hex]]:
        """Each ``victory.*`` area is one location; a victory hex in none is its own."""
        locations = {
            name: hexes for name, hexes in self.areas.items() if name.startswith(VICTORY_AREA_PREFIX)
        }
        covered = set().union(*locations.values()) if locations else set()
        for h in self.hexes_with(HexFeature.VICTORY):
            if h not in covered:
                locations[f"{VICTORY_AREA_PREFIX}{self.label(h)}"] = frozenset({h})
        return dict(sorted(locations.items()))

    # -- hexside queries -------------------------------------------------------
    def hexsides(self) -> Iterator[Hexside]:
        """The printed grid's hexsides (a space's links are not hexsides: see :meth:`links`)."""
        for a, b in self.graph.edges:
            if a not in self.spaces and b not in self.spaces:
                yield Hexside.between(a, b)

    def hexside_features(self, a: Hex, b: Hex) -> frozenset[HexsideFeature]:
        """Features of the hexside (or space link) between two joined nodes."""
        features: frozenset[HexsideFeature] = self.graph.edges[a, b]["features"]
        return features

    def featured_hexsides(self) -> dict[Hexside, frozenset[HexsideFeature]]:
        return {
            Hexside.between(a, b): fs for a, b, fs in self.graph.edges(data="features")
            if fs and a not in self.spaces and b not in self.spaces
        }

    def neighbors(self, h: Hex) -> list[Hex]:
        """On-map neighbours, whatever lies between."""
        return list(self.graph.neighbors(h))

    def passable_neighbors(self, h: Hex) -> list[Hex]:
        """Neighbours reachable across the hexside and not barred by terrain.

        Front Gate walls (B-6) and cliffs ("cannot be entered") bar a ground unit;
        the rules engine adds mover-specific costs on top.
        """
        result = []
        for n, fs in self.graph[h].items():
            if fs["features"] & IMPASSABLE_HEXSIDES:
                continue
            if self.terrain(n) == Terrain.CLIFF:
                continue
            result.append(n)
        return result

    def is_on_edge(self, h: Hex) -> bool:
        return self.grid.is_on_edge(h)

    # -- mutators (each notifies observers) ------------------------------------
    def set_hex(self, h: Hex, data: HexData) -> None:
        self._require(h)
        self.graph.nodes[h].update(_node_attrs(data))
        self._notify(BoardChange("hex", hexes=(h,)))

    def set_hexes(self, changes: dict[Hex, HexData]) -> None:
        """Set many hexes, with one notification (a paste or a fill of 100 hexes)."""
        for h in changes:
            self._require(h)
        for h, data in changes.items():
            self.graph.nodes[h].update(_node_attrs(data))
        if changes:
            self._notify(BoardChange("hex", hexes=tuple(changes)))

    def set_terrain(self, h: Hex, terrain: Terrain, level: int | None = None) -> None:
        data = self.hex_data(h)
        new_level = DEFAULT_LEVEL[terrain] if level is None else level
        if terrain == data.terrain and level is None:
            new_level = data.level
        self.set_hex(h, replace(data, terrain=terrain, level=new_level))

    def set_level(self, h: Hex, level: int) -> None:
        self.set_hex(h, replace(self.hex_data(h), level=level))

    def set_feature(self, h: Hex, feature: HexFeature, present: bool) -> None:
        data = self.hex_data(h)
        features = data.features | {feature} if present else data.features - {feature}
        group = data.entry_group if HexFeature.ENTRY_TRIANGLE in features else None
        self.set_hex(h, replace(data, features=frozenset(features), entry_group=group))

    def set_entry_group(self, h: Hex, group: str | None) -> None:
        data = self.hex_data(h)
        features = set(data.features)
        if group is None:
            features.discard(HexFeature.ENTRY_TRIANGLE)
        else:
            features.add(HexFeature.ENTRY_TRIANGLE)
        self.set_hex(h, replace(data, features=frozenset(features), entry_group=group))

    def set_hexside_features(self, a: Hex, b: Hex, features: Iterable[HexsideFeature]) -> None:
        self._require(a)
        self._require(b)
        if not self.graph.has_edge(a, b):
            raise ValueError(f"{self.label(a)} and {self.label(b)} are not adjacent")
        self.graph.edges[a, b]["features"] = frozenset(HexsideFeature(f) for f in features)
        self._notify(BoardChange("hexside", hexsides=(Hexside.between(a, b),)))

    def set_hexsides(self, changes: dict[Hexside, frozenset[HexsideFeature]]) -> None:
        """Set many hexsides' features, with one notification."""
        for side in changes:
            self._require(side.a)
            self._require(side.b)
        for side, features in changes.items():
            self.graph.edges[side.a, side.b]["features"] = frozenset(HexsideFeature(f) for f in features)
        if changes:
            self._notify(BoardChange("hexside", hexsides=tuple(changes)))

    def set_paths(self, lines: Iterable[PathLine]) -> None:
        """Replace the drawn paths; their hexes become path hexes, and hexes left off lose it."""
        lines = list(lines)
        for line in lines:
            for h in line.hexes:
                self._require(h)
            for a, b in line.steps():
                if not are_adjacent(a, b):
                    raise ValueError(f"a path goes from {self.label(a)} to {self.label(b)}, which are not adjacent")
        was = {h for line in self.paths for h in line.hexes}
        now = {h for line in lines for h in line.hexes}
        self.paths = lines
        touched = []
        for h in sorted(was | now):
            features = self.graph.nodes[h]["features"]
            want = features | {HexFeature.PATH} if h in now else features - {HexFeature.PATH}
            if want != features:
                self.graph.nodes[h]["features"] = frozenset(want)
                touched.append(h)
        if touched:
            self._notify(BoardChange("hex", hexes=tuple(touched)))
        self._notify(BoardChange("paths"))

    def set_background(self, background: Background | None) -> None:
        self.background = background
        self._notify(BoardChange("background"))

    def set_slope_lines(self, lines: Iterable[SlopeLine]) -> None:
        self.slope_lines = list(lines)
        self._notify(BoardChange("slope_lines"))

    def set_area(self, name: str, hexes: Iterable[Hex] | None) -> None:
        """Create, replace or (with ``None``) delete an area."""
        if hexes is None:
            self.areas.pop(name, None)
        else:
            self.areas[name] = frozenset(hexes)
        self._notify(BoardChange("areas", area=name))

    def rename_area(self, old: str, new: str) -> None:
        if new in self.areas:
            raise ValueError(f"an area named {new!r} already exists")
        self.areas = {(new if k == old else k): v for k, v in self.areas.items()}
        self._notify(BoardChange("areas", area=new))

    def set_meta(self, meta: MapMeta) -> None:
        self.meta = meta
        self._notify(BoardChange("meta"))

    def resized(self, columns: int, rows: int) -> Board:
        """A copy on a grid of another size; what falls off the map is dropped."""
        grid = replace(self.grid, columns=columns, rows=rows)
        board = Board(grid, self.meta)
        for h in self.graph.nodes:
            if h in board.graph:
                board.graph.nodes[h].update(_node_attrs(self.hex_data(h)))
        for a, b, fs in self.graph.edges(data="features"):
            if fs and board.graph.has_edge(a, b):
                board.graph.edges[a, b]["features"] = fs
        for at, name in self.spaces.items():
            if not board.grid.contains(at):
                board.add_space(name, at, self.hex_data(at))
        for (a, b), fs in self.links().items():
            if a in board.graph and b in board.graph:
                board.graph.add_edge(a, b, features=fs)
        board.slope_lines = [s for s in self.slope_lines if all(h in board.graph for h in s.hexes)]
        board.areas = {k: frozenset(h for h in v if h in board.graph) for k, v in self.areas.items()}
        board.paths = clip_paths(self.paths, board.graph)
        board.background = self.background
        return board

    def copy(self) -> Board:
        return self.resized(self.grid.columns, self.grid.rows)

    def replica(self) -> Board:
        """An independent board the same as this one attribute for attribute, its nodes and
        each node's edges in the same order, its revision the same, and no listeners: what
        reading the same map file again gives, without reading it (see ``load_map``)."""
        twin = Board.__new__(Board)
        twin.grid, twin.meta, twin.background = self.grid, self.meta, self.background
        graph = nx.Graph()
        graph.graph.update(self.graph.graph)
        graph._node.update((h, attrs.copy()) for h, attrs in self.graph._node.items())
        twins: dict[int, dict[str, Any]] = {}  # one attribute dict per edge, shared by both ends
        for h, row in self.graph._adj.items():
            twin_row = {}
            for n, edge in row.items():
                twin_edge = twins.get(id(edge))
                if twin_edge is None:
                    twin_edge = twins[id(edge)] = edge.copy()
                twin_row[n] = twin_edge
            graph._adj[h] = twin_row
        twin.graph = graph
        twin.slope_lines = list(self.slope_lines)
        twin.areas = dict(self.areas)
        twin.paths = list(self.paths)
        twin.spaces = dict(self.spaces)
        twin._space_names = dict(self._space_names)
        twin._listeners = []
        twin.revision = self.revision
        twin.origin = self.origin
        return twin

    def _require(self, h: Hex) -> None:
        if h not in self.graph:
            raise ValueError(f"{h} is not on the map")

    # -- comparisons -----------------------------------------------------------
    def content_equals(self, other: Board) -> bool:
        """Same grid, metadata, hexes, hexsides, slope lines and areas."""
        return (
            self.grid == other.grid
            and self.meta == other.meta
            and all(h in other and self.hex_data(h) == other.hex_data(h) for h in self.hexes())
            and self.spaces == other.spaces
            and self.featured_hexsides() == other.featured_hexsides()
            and self.links() == other.links()
            and sorted(s.hexes for s in self.slope_lines) == sorted(s.hexes for s in other.slope_lines)
            and self.areas == other.areas
            and sorted(p.hexes for p in self.paths) == sorted(p.hexes for p in other.paths)
            and self.background == other.background
        )


def clip_paths(lines: Iterable[PathLine], keep: Container[Hex]) -> list[PathLine]:
    """Each line cut where it leaves ``keep``; pieces shorter than two hexes go."""
    result = []
    for line in lines:
        piece: list[Hex] = []
        for h in [*line.hexes, None]:
            if h is not None and h in keep:
                piece.append(h)
                continue
            if len(piece) >= 2:
                result.append(PathLine(tuple(piece)))
            piece = []
    return result


def path_lines_from_hexes(path_hexes: Iterable[Hex]) -> list[PathLine]:
    """Lines that join every pair of adjacent path hexes: how maps before drawn paths read.

    Each adjacency becomes a step of exactly one line, so an old map draws as it
    always did; chains run between ends and junctions, and a closed loop comes back
    to its first hex.
    """
    hexes = set(path_hexes)
    graph = nx.Graph()
    graph.add_nodes_from(hexes)
    graph.add_edges_from((h, n) for h in hexes for n in h.neighbors() if n in hexes)
    used: set[frozenset[Hex]] = set()
    lines: list[PathLine] = []

    def walk(start: Hex, nxt: Hex) -> None:
        line = [start]
        prev, cur = start, nxt
        used.add(frozenset((prev, cur)))
        line.append(cur)
        while graph.degree(cur) == 2 and cur != start:
            step = next((n for n in sorted(graph[cur]) if frozenset((cur, n)) not in used), None)
            if step is None:
                break
            used.add(frozenset((cur, step)))
            line.append(step)
            prev, cur = cur, step
        lines.append(PathLine(tuple(line)))

    for h in sorted(hexes, key=lambda h: (graph.degree(h) == 2, h)):
        for n in sorted(graph[h]):
            if frozenset((h, n)) not in used:
                walk(h, n)
    return lines


_NO_FEATURES: frozenset[Any] = frozenset()


@lru_cache(maxsize=32)
def _grid_layout(grid: GridSpec) -> tuple[tuple[tuple[Hex, str], ...], tuple[tuple[Hex, Hex], ...]]:
    """The grid's hexes with their labels, in the grid's order, and each adjacent pair once, as
    (earlier hex, later hex) in the order the earlier hex's neighbours run (GridSpec is frozen)."""
    labelled = tuple((h, grid.label(h)) for h in grid.hexes())
    order = {h: i for i, (h, _) in enumerate(labelled)}
    # The pairs hold the very Hex objects of the node list, so a dict finds them by identity.
    pairs = tuple((h, labelled[order[n]][0]) for i, (h, _) in enumerate(labelled)
                  for n in h.neighbors() if order.get(n, -1) > i)
    return labelled, pairs


def _node_attrs(data: HexData) -> dict[str, Any]:
    return {
        "terrain": Terrain(data.terrain),
        "level": int(data.level),
        "features": frozenset(HexFeature(f) for f in data.features),
        "entry_group": data.entry_group,
    }


__all__ = [
    "Board",
    "BoardChange",
    "DEFAULT_LEVEL",
    "HexData",
    "HexFeature",
    "HexsideFeature",
    "IMPASSABLE_HEXSIDES",
    "MAX_LEVEL",
    "MapMeta",
    "PathLine",
    "SlopeLine",
    "Terrain",
    "VICTORY_AREA_PREFIX",
    "clip_paths",
    "path_lines_from_hexes",
]
