"""Colours and sizes of the map drawing, in one place so every view agrees.

The palette follows the printed 1984 board's conventions where the rulebook
names them (red Front Gate hexsides, red victory stars) and otherwise aims for
legibility: mountain levels darken with height, water is the one strong blue.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

from bofa_studio.board.model import Terrain

# Scene units per map unit (a hex's corner radius): the scene is drawn at this
# scale, and the view zooms from there.
HEX_PX = 40.0

TERRAIN_COLORS = {
    Terrain.PLAIN: QColor("#dfe6b8"),
    Terrain.MOUNTAIN: QColor("#c9b48a"),
    Terrain.SLOPE: QColor("#d6c796"),
    Terrain.SUMMIT: QColor("#b0925e"),
    Terrain.DALE: QColor("#dcc3a8"),
    Terrain.CLIFF: QColor("#5b534c"),
    Terrain.FRONT_GATE: QColor("#8c8c8c"),
    # Helm's Deep
    Terrain.MOAT: QColor("#9fb7a8"),
    Terrain.STREAM: QColor("#a9c8e8"),
    Terrain.RAMP: QColor("#cbbf95"),
    Terrain.WALL: QColor("#a39d92"),
    Terrain.HORNBURG: QColor("#7d766b"),
    Terrain.TUNNEL: QColor("#b7a58a"),
    Terrain.CULVERT: QColor("#8fb0c9"),
}

# Mountain levels 1-4, lightest to darkest (4 is the crest).
MOUNTAIN_LEVEL_COLORS = {
    1: QColor("#d2c094"),
    2: QColor("#bba173"),
    3: QColor("#a08457"),
    4: QColor("#7f6540"),
}

GRID_LINE = QColor("#7a7a6a")
LABEL_TEXT = QColor("#3a3a30")
LEVEL_TEXT = QColor("#2b2015")
LEVEL_TEXT_ON_DARK = QColor("#f5eddc")
LABEL_TEXT_ON_DARK = QColor("#ece4d4")
RIVER = QColor("#2f6fd6")
GATE = QColor("#7a4a1c")  # Helm's Deep's light and big gates
FRONT_GATE_WALL = QColor("#d0202a")
ROAD = QColor("#8a5a2b")
SLOPE_LINE = QColor("#3b2a1a")
VICTORY_STAR = QColor("#d0202a")
BOULDER = QColor("#6d6d6d")
GUARD_ROOM = QColor("#2e2a26")
ENTRY_TRIANGLE_DARK = QColor("#2a2a2a")
ENTRY_TRIANGLE_FILL = QColor("#f4f0e0")
ENTRY_CIRCLE = QColor("#2a2a2a")
BRIDGE = QColor("#6b4423")
HIGHLIGHT = QColor("#ff9800")

# Area overlays cycle through these translucent colours.
AREA_COLORS = [
    QColor(33, 150, 243, 70),
    QColor(233, 30, 99, 70),
    QColor(76, 175, 80, 70),
    QColor(255, 152, 0, 70),
    QColor(156, 39, 176, 70),
    QColor(0, 150, 136, 70),
]


def hex_fill(terrain: Terrain, level: int) -> QColor:
    if terrain == Terrain.MOUNTAIN:
        return MOUNTAIN_LEVEL_COLORS.get(max(1, min(4, level)), TERRAIN_COLORS[Terrain.MOUNTAIN])
    return TERRAIN_COLORS[terrain]
PROBLEM = QColor("#e040fb")  # validation problems: a colour no terrain uses


def round_pen(color: QColor, width: float, dashed: bool = False) -> QPen:
    """A pen with round caps: lines on the map end softly and join hex centres cleanly."""
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen
