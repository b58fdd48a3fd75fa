"""Interchange exports of the board graph: networkx node-link JSON and GraphML.

Node attributes: ``label``, ``terrain``, ``level``, ``features`` (comma-separated,
sorted), ``entry_group`` (empty when none), ``areas`` and ``x``, ``y`` (the hex
centre in map units). Edge attributes: one boolean per hexside feature, plus
``features`` as a comma-separated list. Nodes are keyed by their label in the map's
scheme (``0712``, ``F-11``; off-board spaces by name, ``Tunnel-1``, joined only by their
links), so the files are readable outside BoFA Studio.
"""

from __future__ import annotations

import json
import os

import networkx as nx

from bofa_studio.board.model import Board, HexsideFeature
from bofa_studio.jsonfile import write_atomic


def interchange_graph(board: Board) -> nx.Graph:
    """A copy of the board graph with plain string/number attributes only."""
    out = nx.Graph(name=board.meta.name, source=board.meta.source, provenance=board.meta.provenance)
    for h in sorted(board.hexes()):
        data = board.hex_data(h)
        x, y = board.grid.center(h)
        out.add_node(
            board.label(h),
            label=board.label(h),
            terrain=str(data.terrain),
            level=data.level,
            features=",".join(sorted(str(f) for f in data.features)),
            entry_group=data.entry_group or "",
            areas=",".join(board.areas_of(h)),
            x=round(x, 6),
            y=round(y, 6),
        )
    # The printed hexsides, then the links of off-board spaces (the only way into them).
    pairs = [(side.a, side.b) for side in sorted(board.hexsides(), key=lambda s: (s.a, s.b))]
    for a, b in pairs + list(board.links()):
        features = board.hexside_features(a, b)
        attrs: dict[str, object] = {str(f): f in features for f in HexsideFeature}
        attrs["features"] = ",".join(sorted(str(f) for f in features))
        out.add_edge(board.label(a), board.label(b), **attrs)
    return out


def export_node_link(board: Board, path: str | os.PathLike[str]) -> None:
    # networkx's current key for the edge list is "edges" (the older "links" is deprecated), so
    # a plain ``nx.node_link_graph(json.load(f))`` reads the file back with no arguments.
    data = nx.node_link_data(interchange_graph(board), edges="edges")
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def export_graphml(board: Board, path: str | os.PathLike[str]) -> None:
    text = "\n".join(nx.generate_graphml(interchange_graph(board), prettyprint=True)) + "\n"
    write_atomic(path, text)
