"""The board: hexes, hexsides, slope lines and areas over a networkx graph (see DESIGN.md)."""

from bofa_studio.board.mapfile import (
    MAP_FORMAT,
    MAP_VERSION,
    board_from_dict,
    board_from_saved_dict,
    board_to_dict,
    load_map,
    save_map,
)
from bofa_studio.board.model import (
    Board,
    BoardChange,
    HexData,
    HexFeature,
    HexsideFeature,
    MapMeta,
    SlopeLine,
    Terrain,
)
from bofa_studio.board.validate import MapProblem, validate_board

__all__ = [
    "MAP_FORMAT",
    "MAP_VERSION",
    "Board",
    "BoardChange",
    "HexData",
    "HexFeature",
    "HexsideFeature",
    "MapMeta",
    "MapProblem",
    "SlopeLine",
    "Terrain",
    "board_from_dict",
    "board_from_saved_dict",
    "board_to_dict",
    "load_map",
    "save_map",
    "validate_board",
]
