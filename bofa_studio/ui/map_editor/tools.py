"""Editor tools: objects that receive the scene's mouse events and push undo commands.

Each tool has ``activate``/``deactivate`` and ``press``/``move``/``release``
(see ``MapScene.tool``). Tools know nothing of widgets, so tests drive them with
``ToolEvent``s; their options (terrain, brush size, ...) are plain attributes that
the tool dock edits. Right-button drags do the opposite where that makes sense
(paint plain, lower, remove).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen

from bofa_studio.board.levels import describe_level_changes, levels_by_terrain
from bofa_studio.board.model import (
    DEFAULT_LEVEL,
    MAX_LEVEL,
    Board,
    HexData,
    HexFeature,
    HexsideFeature,
    SlopeLine,
    Terrain,
    is_area_name,
    suggest_area_name,
)
from bofa_studio.hexgrid import DIRECTIONS, Hex, Hexside, hex_line, hex_range
from bofa_studio.rules.maps import levels_by_terrain as ruleset_levels
from bofa_studio.ui import style
from bofa_studio.ui.map.scene import MapScene, ToolEvent
from bofa_studio.ui.map_editor.commands import (
    AreaEditCommand,
    HexEditCommand,
    HexsideEditCommand,
    RenameAreaCommand,
    SlopeLinesCommand,
    new_stroke,
)
from bofa_studio.ui.map_editor.document import MapDocument
from bofa_studio.ui.style import round_pen

HOVER_KEY = "tool.hover"
PREVIEW_KEY = "tool.preview"
HOVER_PEN = QPen(style.HIGHLIGHT, 3.0)
HOVER_BRUSH = QBrush(QColor(255, 152, 0, 50))


@dataclass
class EditorContext:
    """What a tool works on: the document (board + undo stack) and the scene it draws on."""

    document: MapDocument
    scene: MapScene
    message: Callable[[str], None] = lambda text: None

    @property
    def board(self) -> Board:
        return self.document.board

    def push(self, command) -> None:
        self.document.undo_stack.push(command)


class Tool:
    """Base tool: does nothing, clears its overlay when put away."""

    name = "Tool"
    key = "tool"
    shortcut = ""
    hint = ""

    def __init__(self, ctx: EditorContext) -> None:
        self.ctx = ctx

    @property
    def board(self) -> Board:
        return self.ctx.board

    def activate(self) -> None:
        self.ctx.message(self.hint)

    def deactivate(self) -> None:
        overlay = self.ctx.scene.overlay
        for key in overlay.keys():
            if key.startswith("tool."):
                overlay.clear(key)

    def press(self, event: ToolEvent) -> None:
        pass

    def move(self, event: ToolEvent) -> None:
        pass

    def release(self, event: ToolEvent) -> None:
        pass


class HexStrokeTool(Tool):
    """A tool that edits hexes under a drag; each hex is edited once per stroke."""

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self._stroke: int | None = None
        self._touched: set[Hex] = set()
        self._last: Hex | None = None
        self._alt = False

    # Subclasses say which hexes a cursor position covers and what each becomes.
    def footprint(self, h: Hex) -> list[Hex]:
        return [h]

    def edit(self, h: Hex, data: HexData) -> HexData:
        raise NotImplementedError

    def verb(self) -> str:
        raise NotImplementedError

    def begin(self, h: Hex) -> None:
        """Called once at the start of a stroke (e.g. to decide add or remove)."""

    def press(self, event: ToolEvent) -> None:
        if event.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton) or event.hex is None:
            return
        self._alt = event.button == Qt.MouseButton.RightButton
        self._stroke = new_stroke()
        self._touched = set()
        self._last = event.hex
        self.begin(event.hex)
        self.apply(self.footprint(event.hex))

    def move(self, event: ToolEvent) -> None:
        self.show_hover(event.hex)
        if self._stroke is None or event.hex is None:
            return
        # A fast drag skips hexes between two events; fill the gap along a line.
        path = hex_line(self._last, event.hex) if self._last is not None else [event.hex]
        self._last = event.hex
        covered: list[Hex] = []
        for h in path:
            if h in self.board:
                covered.extend(self.footprint(h))
        self.apply(covered)

    def release(self, event: ToolEvent) -> None:
        self._stroke = None
        self._last = None

    def stroke_hexes(self, hexes: Iterable[Hex]) -> None:
        """Edit these hexes as one stroke: what a click-and-drag over them does."""
        self._stroke = new_stroke()
        self._touched = set()
        self._alt = False
        hexes = list(hexes)
        if hexes:
            self.begin(hexes[0])
        for h in hexes:
            self.apply(self.footprint(h))
        self._stroke = None

    def apply(self, hexes: Iterable[Hex]) -> None:
        board = self.board
        changes = {}
        for h in hexes:
            if h in self._touched or h not in board:
                continue
            self._touched.add(h)
            before = board.hex_data(h)
            after = self.edit(h, before)
            if after != before:
                changes[h] = (before, after)
        if changes:
            self.ctx.push(HexEditCommand(board, self.verb(), changes, self._stroke))

    def show_hover(self, h: Hex | None) -> None:
        overlay = self.ctx.scene.overlay
        if h is None:
            overlay.clear(HOVER_KEY)
        else:
            overlay.set_hexes(HOVER_KEY, self.footprint(h), HOVER_BRUSH, HOVER_PEN)


class PaintTool(HexStrokeTool):
    """Paint terrain with a brush of radius 0, 1 or 2 (1, 7 or 19 hexes)."""

    name = "Paint terrain"
    key = "paint"
    shortcut = "B"
    hint = "Paint terrain: drag to paint; right-drag paints plain. [ and ] change the brush size."

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self.terrain = Terrain.MOUNTAIN
        self.radius = 0

    def paint_terrain(self) -> Terrain:
        return Terrain.PLAIN if self._alt else self.terrain

    def footprint(self, h: Hex) -> list[Hex]:
        return [n for n in hex_range(h, self.radius) if n in self.board]

    def edit(self, h: Hex, data: HexData) -> HexData:
        return retype(data, self.paint_terrain())

    def verb(self) -> str:
        return f"Paint {terrain_name(self.paint_terrain())}"


class FillTool(PaintTool):
    """Flood fill: every hex joined to the clicked one with the same terrain and level."""

    name = "Fill terrain"
    key = "fill"
    shortcut = "F"
    hint = "Fill: click to repaint the connected region of the same terrain and level."

    WITHIN = {"same": "the same terrain and level", "boundary": "rivers and level changes"}

    def __init__(self, ctx: EditorContext, paint: PaintTool) -> None:
        super().__init__(ctx)
        self.paint = paint  # the terrain choice is shared with the brush
        self.within = "same"

    @property  # type: ignore[override]
    def terrain(self) -> Terrain:
        return self.paint.terrain

    @terrain.setter
    def terrain(self, value: Terrain) -> None:
        if hasattr(self, "paint"):
            self.paint.terrain = value

    def footprint(self, h: Hex) -> list[Hex]:
        return [h]

    def press(self, event: ToolEvent) -> None:
        if event.hex is None or event.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        self._alt = event.button == Qt.MouseButton.RightButton
        self._stroke = None
        self._touched = set()
        self.apply(flood_region(self.board, event.hex, self.within))

    def move(self, event: ToolEvent) -> None:
        self.show_hover(event.hex)

    def verb(self) -> str:
        return f"Fill {terrain_name(self.paint_terrain())}"


def flood_region(board: Board, start: Hex, within: str = "same") -> list[Hex]:
    """Hexes connected to ``start``.

    ``within="same"``: through neighbours of the same terrain and level.
    ``within="boundary"``: through any neighbour at the same level, not across a
    river or Front Gate wall, so a valley between its rivers and contour lines
    fills in one click whatever is painted there yet.
    """
    key = (board.terrain(start), board.level(start))
    seen, queue = {start}, deque([start])
    while queue:
        h = queue.popleft()
        for n in board.neighbors(h):
            if n in seen:
                continue
            if within == "boundary":
                joined = board.level(n) == key[1] and not board.hexside_features(h, n)
            else:
                joined = (board.terrain(n), board.level(n)) == key
            if joined:
                seen.add(n)
                queue.append(n)
    return sorted(seen)


def retype(data: HexData, terrain: Terrain) -> HexData:
    """New terrain; the level follows the terrain unless it is the same terrain."""
    if data.terrain == terrain:
        return data
    return replace(data, terrain=terrain, level=DEFAULT_LEVEL[terrain])


def terrain_name(terrain: Terrain) -> str:
    return str(terrain).replace("_", " ")


def feature_name(feature: HexFeature) -> str:
    """A feature as the map shows it: the ``victory`` feature is the victory star."""
    return "victory star" if feature == HexFeature.VICTORY else str(feature).replace("_", " ")


# The entry groups of the shipped map and scenarios are spelt like this; a group
# typed as "south-west" would be another group that no scenario names.
DEFAULT_ENTRY_GROUP = "south_west"


class LevelTool(HexStrokeTool):
    """Set the level of hexes, or raise or lower it by one."""

    name = "Level"
    key = "level"
    shortcut = "L"
    hint = ("Level: drag to set the level (or raise/lower); right-drag does the opposite of raise/lower. "
            "[ and ] change the brush; Fill sets a whole region of one terrain and level.")
    MODES = ("set", "raise", "lower", "fill")

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self.mode = "set"
        self.level = 1
        self.radius = 0

    def footprint(self, h: Hex) -> list[Hex]:
        return [n for n in hex_range(h, self.radius) if n in self.board]

    def press(self, event: ToolEvent) -> None:
        if self.mode != "fill":
            super().press(event)
            return
        if event.hex is None or event.button != Qt.MouseButton.LeftButton:
            return
        self._alt, self._stroke, self._touched = False, None, set()
        self.apply(flood_region(self.board, event.hex))
        self.warn_flat_ground(self._touched)

    def _mode(self) -> str:
        if self.mode == "fill":
            return "set"
        if self._alt and self.mode != "set":
            return "lower" if self.mode == "raise" else "raise"
        return self.mode

    def edit(self, h: Hex, data: HexData) -> HexData:
        mode = self._mode()
        if mode == "set":
            level = self.level
        else:
            level = data.level + (1 if mode == "raise" else -1)
        return replace(data, level=max(0, min(MAX_LEVEL, level)))

    def verb(self) -> str:
        if self.mode == "fill":
            return f"Fill level {self.level}"
        mode = self._mode()
        return f"Set level {self.level}" if mode == "set" else f"{mode.capitalize()} level"

    def release(self, event: ToolEvent) -> None:
        super().release(event)
        self.warn_flat_ground(self._touched)

    def set_by_terrain(self) -> bool:
        """Every hex to the nearest level its terrain allows under the map's ruleset, as one undo step."""
        board = self.board
        rule = ruleset_levels(board)
        if rule is None:
            meant = f"ruleset {board.meta.ruleset}" if board.meta.ruleset else "no ruleset"
            self.ctx.message(
                f"Set level by terrain: this map is meant for {meant}, which says nothing of the levels "
                "each terrain stands at. Choose the ruleset under Map properties, or set levels with this tool.")
            return False
        changes = levels_by_terrain(board, rule)
        self.ctx.message(describe_level_changes(board, changes))
        if not changes:
            return False
        edits = {}
        for h, (_, level) in changes.items():
            before = board.hex_data(h)
            edits[h] = (before, replace(before, level=level))
        self.ctx.push(HexEditCommand(board, "Set level by terrain", edits))
        return True

    def warn_flat_ground(self, hexes: Iterable[Hex]) -> None:
        """A level on ground that lies at plain height is a mistake the author should hear of now."""
        board = self.board
        flat = sorted(h for h in hexes if h in board and board.level(h) > 0
                      and board.terrain(h) not in (Terrain.MOUNTAIN, Terrain.SUMMIT))
        if flat:
            kinds = sorted({terrain_name(board.terrain(h)) for h in flat})
            shown = ", ".join(board.label(h) for h in flat[:4]) + (", ..." if len(flat) > 4 else "")
            self.ctx.message(
                f"{len(flat)} {' and '.join(kinds)} hex{'es' if len(flat) > 1 else ''} ({shown}) now above level 0: "
                "only mountain and summit hexes stand above the plain. Paint the terrain first.")


class FeatureTool(HexStrokeTool):
    """Toggle a hex feature; the first hex of a drag decides add or remove."""

    name = "Features"
    key = "feature"
    shortcut = "T"
    hint = "Features: click to toggle the chosen feature; drag to do the same to more hexes."

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self.feature = HexFeature.VICTORY
        self.entry_group = DEFAULT_ENTRY_GROUP
        self._adding = True

    def begin(self, h: Hex) -> None:
        self._adding = not self._alt and self.feature not in self.board.features(h)

    def edit(self, h: Hex, data: HexData) -> HexData:
        features = set(data.features)
        group = data.entry_group
        if self._adding:
            features.add(self.feature)
            if self.feature == HexFeature.ENTRY_TRIANGLE:
                group = self.entry_group.strip() or None
        else:
            features.discard(self.feature)
        if HexFeature.ENTRY_TRIANGLE not in features:
            group = None
        return replace(data, features=frozenset(features), entry_group=group)

    def verb(self) -> str:
        name = feature_name(self.feature)
        if self._adding and self.feature == HexFeature.ENTRY_TRIANGLE:
            return f"Add entry triangle ({self.entry_group})"
        return f"{'Add' if self._adding else 'Remove'} {name}"


HEXSIDE_NAMES = {HexsideFeature.FRONT_GATE_WALL: "Front Gate wall"}


def next_hexside_state(current: frozenset[HexsideFeature],
                       cycle: tuple[HexsideFeature, ...] = (HexsideFeature.RIVER, HexsideFeature.FRONT_GATE_WALL),
                       ) -> frozenset[HexsideFeature]:
    """none -> each feature of ``cycle`` in turn -> none (the 1984 map: river, Front Gate wall)."""
    for i, feature in enumerate(cycle):
        if feature in current:
            return frozenset({cycle[i + 1]}) if i + 1 < len(cycle) else frozenset()
    return frozenset({cycle[0]}) if cycle else frozenset()


def hexside_state_name(features: frozenset[HexsideFeature]) -> str:
    if not features:
        return "no feature"
    return " and ".join(HEXSIDE_NAMES.get(f, str(f).replace("_", " ")) for f in sorted(features))


Vertex = tuple[float, float]


def _vertex_key(x: float, y: float) -> Vertex:
    return (round(x, 3), round(y, 3))


class HexsideNet:
    """The grid's hexside corners as a graph: two corners are joined by the hexside between them.

    A river drawn by dragging follows this graph from corner to corner, so it is one
    connected line: it cannot branch into the third hexside at a corner.
    """

    def __init__(self, board: Board) -> None:
        self.grid = board.grid
        self.links: dict[Vertex, dict[Vertex, Hexside]] = {}
        for side in board.hexsides():
            (ax, ay), (bx, by) = board.grid.hexside_segment(side)
            a, b = _vertex_key(ax, ay), _vertex_key(bx, by)
            self.links.setdefault(a, {})[b] = side
            self.links.setdefault(b, {})[a] = side

    def nearest(self, board: Board, x: float, y: float) -> tuple[Vertex | None, float]:
        """The inner corner nearest a point (map units) and its distance."""
        h = board.grid.pixel_to_hex(x, y)
        best, best_d = None, math.inf
        for cx, cy in board.grid.corners(h):
            v = _vertex_key(cx, cy)
            d = math.dist(v, (x, y))
            if v in self.links and d < best_d:
                best, best_d = v, d
        return best, best_d

    def route(self, start: Vertex, end: Vertex, max_steps: int = 6) -> list[Hexside]:
        """The hexsides of a shortest corner-to-corner route, or [] when none is that short."""
        if start == end:
            return []
        previous: dict[Vertex, Vertex] = {start: start}
        frontier = [start]
        for _ in range(max_steps):
            nxt = []
            for v in frontier:
                for w in self.links.get(v, {}):
                    if w not in previous:
                        previous[w] = v
                        nxt.append(w)
            if end in previous:
                sides, v = [], end
                while v != start:
                    sides.append(self.links[previous[v]][v])
                    v = previous[v]
                return sides[::-1]
            frontier = nxt
        return []


class HexsideTool(Tool):
    """Click near a hexside to cycle it; drag to draw a line of hexsides from corner to corner."""

    name = "Hexsides"
    key = "hexside"
    shortcut = "H"
    hint = ("Hexsides: click near a hexside to cycle the features the map's rules draw (river, Front Gate wall, "
            "or gates...), then none; drag along hex edges to draw; right-click clears.")
    # While dragging, the line moves on to a corner once the pointer is this close to it (hex radii):
    # a hand that wobbles across the middle of a hexside does not add a spur.
    CORNER_REACH = 0.45

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self._stroke: int | None = None
        self._state: frozenset[HexsideFeature] = frozenset()
        self._hover_side: Hexside | None = None
        self._corner: Vertex | None = None
        self._pressed: Hexside | None = None
        self._drew = False
        self._net: HexsideNet | None = None

    def net(self) -> HexsideNet:
        if self._net is None or self._net.grid != self.board.grid:
            self._net = HexsideNet(self.board)
        return self._net

    def press(self, event: ToolEvent) -> None:
        side = self.ctx.scene.nearest_hexside(event.pos)
        if side is None or event.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        current = self.board.hexside_features(side.a, side.b)
        self._state = frozenset() if event.button == Qt.MouseButton.RightButton else self._next(current)
        self._stroke = new_stroke()
        # Set on release if the pointer never reaches another corner (a click): pressed
        # near a corner, the nearest hexside may be one the drag then leaves, a spur.
        self._pressed, self._drew = side, False
        # The line goes on from the end of the pressed hexside nearer the pointer.
        x, y = event.pos.x() / style.HEX_PX, event.pos.y() / style.HEX_PX
        (ax, ay), (bx, by) = self.board.grid.hexside_segment(side)
        ends = [_vertex_key(ax, ay), _vertex_key(bx, by)]
        self._corner = min(ends, key=lambda v: math.dist(v, (x, y)))

    def move(self, event: ToolEvent) -> None:
        side = self.ctx.scene.nearest_hexside(event.pos)
        self._show_hover(side)
        if self._stroke is None or self._corner is None:
            return
        x, y = event.pos.x() / style.HEX_PX, event.pos.y() / style.HEX_PX
        corner, distance = self.net().nearest(self.board, x, y)
        if corner is None or corner == self._corner or distance > self.CORNER_REACH:
            return
        route = self.net().route(self._corner, corner)
        for step in route:
            self.set_side(step)
        if route:
            self._corner, self._drew = corner, True

    def release(self, event: ToolEvent) -> None:
        if self._stroke is not None and not self._drew and self._pressed is not None:
            self.set_side(self._pressed)
        self._stroke = None
        self._corner = None
        self._pressed = None
        # What the hexside under the pointer is now: the line said before the click is stale.
        side = self.ctx.scene.nearest_hexside(event.pos)
        if side is not None:
            self._say(side)

    def double_click(self, event: ToolEvent) -> None:
        """Qt turns a quick second click into a double-click: it is still a click."""
        self.press(event)

    def set_side(self, side: Hexside, state: frozenset[HexsideFeature] | None = None, stroke: int | None = None) -> None:
        state = self._state if state is None else state
        before = self.board.hexside_features(side.a, side.b)
        if before == state:
            return
        verb = "Clear hexside" if not state else f"Draw {hexside_state_name(state)}"
        self.ctx.push(HexsideEditCommand(self.board, verb, {side: (before, state)}, stroke or self._stroke))

    def cycle(self, side: Hexside) -> None:
        """What a click on the hexside does."""
        self.set_side(side, self._next(self.board.hexside_features(side.a, side.b)))

    def _next(self, current: frozenset[HexsideFeature]) -> frozenset[HexsideFeature]:
        # The map's ruleset declares which hexside features its maps draw (gates for Helm's Deep).
        from bofa_studio.rules.maps import hexside_features

        return next_hexside_state(current, hexside_features(self.board))

    def _say(self, side: Hexside) -> None:
        # What the hexside is now and what a click makes it: a wall and a river look alike
        # at low zoom, and the cycle order is not obvious.
        current = self.board.hexside_features(side.a, side.b)
        self.ctx.message(f"Hexside {self.board.label(side.a)}/{self.board.label(side.b)}: "
                         f"{hexside_state_name(current)}; a click makes it "
                         f"{hexside_state_name(self._next(current))}")

    def _show_hover(self, side: Hexside | None) -> None:
        overlay = self.ctx.scene.overlay
        if side != self._hover_side and side is not None and self._stroke is None:
            self._say(side)
        self._hover_side = side
        if side is None:
            overlay.clear(HOVER_KEY)
            return
        a, b = self.ctx.scene.hexside_points(side)
        path = QPainterPath(a)
        path.lineTo(b)
        overlay.set_path(HOVER_KEY, path, round_pen(style.HIGHLIGHT, style.HEX_PX * 0.14))


class SlopeLineTool(Tool):
    """Drag from a boulder pile to draw a straight slope line; right-click a pile removes its lines."""

    name = "Slope lines"
    key = "slope"
    shortcut = "S"
    hint = "Slope lines: drag from a boulder pile downhill; right-click a pile to remove its lines."
    MAX_LENGTH = 6

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self._pile: Hex | None = None
        self._preview: list[Hex] = []

    def press(self, event: ToolEvent) -> None:
        h = event.hex
        if h is None:
            return
        if event.button == Qt.MouseButton.RightButton:
            self.remove_lines_from(h)
            return
        if event.button != Qt.MouseButton.LeftButton:
            return
        if not self.board.has_feature(h, HexFeature.BOULDER_PILE):
            self.ctx.message(f"{self.board.label(h)} has no boulder pile: a slope line starts at one (S-7).")
            return
        self._pile = h
        self._preview = [h]

    def move(self, event: ToolEvent) -> None:
        if self._pile is None:
            return
        self._preview = self.line_towards(self._pile, event.pos)
        centers = [self.ctx.scene.hex_center(h) for h in self._preview]
        path = QPainterPath()
        if len(centers) > 1:
            path.moveTo(centers[0])
            for c in centers[1:]:
                path.lineTo(c)
        self.ctx.scene.overlay.set_path(
            PREVIEW_KEY, path, QPen(style.HIGHLIGHT, style.HEX_PX * 0.1, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        )

    def release(self, event: ToolEvent) -> None:
        if self._pile is None:
            return
        if event.hex is not None:
            self._preview = self.line_towards(self._pile, event.pos)
        line, self._pile, self._preview = self._preview, None, []
        self.ctx.scene.overlay.clear(PREVIEW_KEY)
        if len(line) >= 2:
            self.add_line(line)

    def line_towards(self, pile: Hex, pos: QPointF) -> list[Hex]:
        """The straight line from the pile in the hex direction closest to ``pos``."""
        c = self.ctx.scene.hex_center(pile)
        dx, dy = pos.x() - c.x(), pos.y() - c.y()
        dist = math.hypot(dx, dy)
        step = math.sqrt(3) * style.HEX_PX  # centre-to-centre distance
        n = min(self.MAX_LENGTH, round(dist / step))
        if n == 0:
            return [pile]
        best, best_dot = 0, -math.inf
        for i, d in enumerate(DIRECTIONS):
            p = self.ctx.scene.hex_center(pile + d)
            vx, vy = p.x() - c.x(), p.y() - c.y()
            dot = (vx * dx + vy * dy) / math.hypot(vx, vy)
            if dot > best_dot:
                best, best_dot = i, dot
        line = [pile]
        for k in range(1, n + 1):
            h = pile + DIRECTIONS[best].scaled(k)
            if h not in self.board:
                break
            line.append(h)
        return line

    def add_line(self, hexes: list[Hex]) -> None:
        board = self.board
        labels = f"{board.label(hexes[0])}-{board.label(hexes[-1])}"
        levels = [board.level(h) for h in hexes]
        if any(b > a for a, b in zip(levels, levels[1:], strict=False)) or levels[-1] >= levels[0]:
            self.ctx.message(f"Slope line {labels} does not run downhill (levels {levels}); see the Problems panel.")
        self.ctx.push(SlopeLinesCommand(board, f"Add slope line {labels}", [*board.slope_lines, SlopeLine(tuple(hexes))]))

    def remove_lines_from(self, pile: Hex) -> None:
        board = self.board
        keep = [s for s in board.slope_lines if s.pile != pile]
        removed = len(board.slope_lines) - len(keep)
        if removed:
            self.ctx.push(
                SlopeLinesCommand(board, f"Remove {removed} slope line{'s' if removed > 1 else ''} from {board.label(pile)}", keep)
            )


class AreaTool(Tool):
    """Add hexes to, or remove them from, the chosen area; create, rename and delete areas."""

    name = "Areas"
    key = "area"
    shortcut = "A"
    hint = "Areas: click or drag to add hexes to the chosen area (remove if the first hex is in it); right-drag removes."
    AREA_KEY = "tool.area"

    def __init__(self, ctx: EditorContext) -> None:
        super().__init__(ctx)
        self.area: str | None = None
        self.radius = 0
        self.fill = False  # a click adds (or removes) the whole region of one terrain and level
        self._stroke: int | None = None
        self._last: Hex | None = None
        self._adding = True
        self.listeners: list[Callable[[str | None], None]] = []  # told when the chosen area changes

    def activate(self) -> None:
        super().activate()
        if self.area is None and self.board.areas:
            self.area = sorted(self.board.areas)[0]
        self.show_area()

    def select(self, name: str | None) -> None:
        self.area = name
        self.show_area()
        for listener in list(self.listeners):
            listener(name)

    def show_area(self) -> None:
        hexes = self.board.areas.get(self.area, frozenset()) if self.area else frozenset()
        self.ctx.scene.overlay.set_hexes(self.AREA_KEY, hexes, QColor(33, 120, 243, 90), QPen(QColor(20, 80, 200), 2.0))

    def press(self, event: ToolEvent) -> None:
        if event.hex is None or event.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        if self.area is None or self.area not in self.board.areas:
            self.ctx.message("Choose or create an area first.")
            return
        self._stroke = new_stroke()
        self._last = event.hex
        in_area = event.hex in self.board.areas[self.area]
        self._adding = event.button == Qt.MouseButton.LeftButton and not in_area
        if self.fill:
            self.toggle(flood_region(self.board, event.hex))
            self._stroke = None
            return
        self.toggle(self.footprint(event.hex))

    def footprint(self, h: Hex) -> list[Hex]:
        return [n for n in hex_range(h, self.radius) if n in self.board]

    def move(self, event: ToolEvent) -> None:
        overlay = self.ctx.scene.overlay
        if event.hex is None:
            overlay.clear(HOVER_KEY)
        else:
            overlay.set_hexes(HOVER_KEY, self.footprint(event.hex), HOVER_BRUSH, HOVER_PEN)
        if self._stroke is not None and event.hex is not None:
            # A fast drag skips hexes between two events; take the line between them.
            last, self._last = self._last, event.hex
            path = hex_line(last, event.hex) if last is not None else [event.hex]
            self.toggle([n for h in path if h in self.board for n in self.footprint(h)])

    def release(self, event: ToolEvent) -> None:
        self._stroke = None
        self._last = None

    def toggle(self, hexes: Iterable[Hex]) -> None:
        current = self.board.areas[self.area]
        after = current | set(hexes) if self._adding else current - set(hexes)
        if after != current:
            self.ctx.push(AreaEditCommand(self.board, self.area, frozenset(after), stroke=self._stroke))
        self.show_area()

    def add_hexes(self, hexes: Iterable[Hex], adding: bool = True) -> None:
        """What one drag over ``hexes`` does, for scripts and tests."""
        self._stroke, self._adding = new_stroke(), adding
        self.toggle(hexes)
        self._stroke = None

    def name_problem(self, name: str) -> str | None:
        """Why ``name`` cannot be a new area's name, in words; None when it can.

        A map file accepts only dotted lowercase words, so a name like "Dale Town"
        would save but the map could never be opened again.
        """
        name = name.strip()
        if not name:
            return "An area needs a name."
        if name in self.board.areas:
            return f"There is already an area called {name}."
        if not is_area_name(name):
            hint = suggest_area_name(name)
            return (
                f"{name!r} cannot be an area name: use lowercase letters, digits and _, "
                "with dots between words (like dale or setup.free_peoples.nw)"
                + (f"; for example {hint}." if hint and hint not in self.board.areas else ".")
            )
        return None

    def create_area(self, name: str) -> bool:
        name = name.strip()
        problem = self.name_problem(name)
        if problem:
            self.ctx.message(problem)
            return False
        self.ctx.push(AreaEditCommand(self.board, name, frozenset(), text=f"Create area {name}"))
        self.select(name)
        return True

    def rename_area(self, old: str, new: str) -> bool:
        new = new.strip()
        if old not in self.board.areas:
            return False
        problem = self.name_problem(new)
        if problem:
            self.ctx.message(f"Cannot rename {old}: {problem}")
            return False
        self.ctx.push(RenameAreaCommand(self.board, old, new))
        self.select(new)
        return True

    def delete_area(self, name: str) -> None:
        if name in self.board.areas:
            self.ctx.push(AreaEditCommand(self.board, name, None, text=f"Delete area {name}"))
        if self.area == name:
            self.select(None)


def create_tools(ctx: EditorContext) -> list[Tool]:
    """The editor's tools, in toolbar order. The LOS probe is added by the window."""
    paint = PaintTool(ctx)
    return [
        paint,
        FillTool(ctx, paint),
        LevelTool(ctx),
        FeatureTool(ctx),
        HexsideTool(ctx),
        SlopeLineTool(ctx),
        AreaTool(ctx),
    ]
