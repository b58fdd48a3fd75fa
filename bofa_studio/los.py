"""Line of sight for archery (S-8): exact hex geometry, vectorised over many lines.

S-8: "A ruler can be laid from the centre of the archer's hex to the target hex.
If this line passes through a hex containing any of the following, the line of
sight is blocked: Any counter, whether enemy or friendly. The town of Dale. Any
terrain level that is higher than both the target hex and the archer's hex."
Guard rooms, cliff hexes and the Front Gate never block by their terrain, and fire
into or out of the Front Gate passes only through its two plain-facing hexsides,
so crossing a ``front_gate_wall`` hexside blocks.

Exactness. Which hexes a centre-to-centre line touches is invariant under affine
maps, and both layouts (flat and pointy) are linear, orientation-preserving images
of the axial lattice. So the decision is made in axial integers, the same for
both layouts and free of float noise: with ``d = target - archer`` and
``e = hex - archer``, the line touches the hex iff ``3|cross(d, e)| <= m(d)``
(``m`` is the hexagon's support width across the line, from its corners at
``centre + (1, -2)/3`` and rotations), inside it iff strictly ``<``, and the
touch is within the segment iff ``0 < g(e, d) < g(d, d)`` with ``g`` the Euclidean
inner product in axial coordinates. Hexes are met in order of ``g(e, d)`` (the
hex grid is the Voronoi diagram of the centres). Candidates come from a walk along
the line: the hexes nearest to its points at each hex-distance step, and their
neighbours (a touched hex is never further away than that; see ``_candidates``), so
the work grows with the line's length, not with its square; integers decide.

Grazing. A line that runs exactly along a hexside, or through a corner, touches
hexes it does not enter. Shift the line sideways by an infinitesimal amount: to
one side it enters the grazed hexes on that side, to the other side those on the
other. Each such place is judged on its own (the line is cut into stretches, one
per hex it enters, and a stretch holds at most one grazing place).
``grazing="both"`` (default, the common wargame convention) blocks at a place only
if it is blocked whichever way the line is shifted there: along a hexside both
hexes must block, a hex touched only at a corner never blocks alone, and blocking
hexes on alternate sides of two different hexside runs do not add up.
``grazing="either"`` blocks if either shift is blocked. Front Gate walls follow the
same rule: a line out of the gate through the corner between a wall and an open
hexside crosses the wall only when shifted towards it.

``blocked_by`` is the hex at the first blocked place from the archer. Where both
sides of a grazing place block, it is the later of the two sides' first blockers
(the smaller hex on a tie). A Front Gate wall reports the hex the line enters
across the wall: the gate hex for fire into the gate (so possibly the target
itself), the hex outside the wall for fire out of it; ``wall`` names the hexside.
Hexes just off the map take part in the geometry but never block and are not
listed in ``crossed``. Range (B-8) is the hex distance. Whether an archer may
shoot at all (guard rooms, skirmishes) is for the rules, not for this module.

The table. Search asks "which hexes does this archer see?" thousands of times with
a different set of occupied hexes each time. Terrain, levels and walls do not change
within a map revision, so :class:`LosTable` runs the exact code above once per line
with nobody on the map and keeps, per line, what occupancy could still change: the
hexes whose occupation alone blocks, and the pairs of hex sets (one per side of a
grazing place) that block only together. A query is then a few bitmask operations.
It is built lazily, one archer's hex at a time, and thrown away with the revision.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

import numpy as np

from bofa_studio.board.model import Board, HexFeature, HexsideFeature, Terrain
from bofa_studio.hexgrid import DIRECTIONS, Hex, Hexside, distance

Grazing = Literal["both", "either"]
GRAZING_MODES: tuple[str, ...] = ("both", "either")

# Terrain that "do[es] not count as blocking obstacles" (S-8), whatever its level.
_EXEMPT_TERRAIN = frozenset({Terrain.CLIFF, Terrain.FRONT_GATE})

# A hex and its six neighbours, as axial offsets, for the walk along a line.
_NEAR = np.array([(0, 0)] + [(d.q, d.r) for d in DIRECTIONS], dtype=np.int64)

# (dq + 1) * 3 + (dr + 1) -> direction index of a neighbour step; -1 otherwise.
_DIRECTION_LUT = np.full(9, -1, dtype=np.int64)
for _i, _d in enumerate(DIRECTIONS):
    _DIRECTION_LUT[(_d.q + 1) * 3 + _d.r + 1] = _i

_NO_BLOCKER = np.iinfo(np.int64).max


@dataclass(frozen=True, slots=True)
class LosResult:
    """One line of sight. ``crossed`` lists every intermediate on-map hex the line
    touches, in order from the archer, including grazed ones; ``grazed`` maps those
    touched only along a hexside or at a corner to their side: +1 where
    cross(target - origin, hex - origin) > 0 in map coordinates, which on screen
    (y grows downwards) is the archer's right; -1 the left. ``range`` is the hex
    distance (B-8). ``wall`` is the Front Gate hexside that blocks, if one does.
    """

    origin: Hex
    target: Hex
    clear: bool
    blocked_by: Hex | None
    crossed: tuple[Hex, ...]
    grazed: dict[Hex, int]
    range: int
    wall: Hexside | None = None


@dataclass(frozen=True, slots=True)
class Visibility:
    """Every on-map hex within range of ``origin`` (not ``origin`` itself) -> ``None``
    when visible, else the hex that blocks it."""

    origin: Hex
    max_range: int
    targets: dict[Hex, Hex | None]

    @property
    def visible(self) -> frozenset[Hex]:
        return frozenset(h for h, b in self.targets.items() if b is None)

    @property
    def blocked(self) -> dict[Hex, Hex]:
        return {h: b for h, b in self.targets.items() if b is not None}


@dataclass(slots=True)
class _SideBlockers:
    """The first blocker of each stretch for one sideways shift."""

    pos: np.ndarray  # g-position along the line, _NO_BLOCKER if clear
    hex: np.ndarray  # hex index, -1 if clear
    wall_from: np.ndarray  # hex index before a blocking wall, -1 if not a wall


class LosIndex:
    """What LOS needs from one board, precomputed: numpy arrays of coordinates and
    blocking attributes indexed like ``hexes``, and a (q, r) -> index lookup.

    Geometry depends only on the grid; attributes are refreshed lazily after the
    board reports a change. Use :func:`los_index` to get the cached one.
    """

    def __init__(self, board: Board) -> None:
        self.grid = board.grid
        on_map = sorted(board.hexes())
        # A line between two hexes of the ragged offset layout can pass through a hex
        # just off the map. Such hexes never block, but they must be there so the
        # line is cut into the same stretches as anywhere else (see _touches).
        rim = sorted({n for h in on_map for n in h.neighbors()}.difference(on_map))
        self.on_map = len(on_map)
        self.hexes: list[Hex] = on_map + rim
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(on_map)}
        self.q = np.array([h.q for h in self.hexes], dtype=np.int64)
        self.r = np.array([h.r for h in self.hexes], dtype=np.int64)
        # (q, r) -> hex index, -1 beyond the rim, with a margin for the neighbours of rim hexes.
        self._q0, self._r0 = int(self.q.min()) - 1, int(self.r.min()) - 1
        self._lookup = np.full(
            (int(self.q.max()) - self._q0 + 2, int(self.r.max()) - self._r0 + 2), -1, dtype=np.int64
        )
        self._lookup[self.q - self._q0, self.r - self._r0] = np.arange(len(self.hexes))
        self._occupied_key: frozenset[Hex] | None = None
        self._last_touches: tuple[tuple[str, bytes, str, bytes], _Touches] | None = None
        self.shared = False  # read by every unedited board of the same content (los_index)
        self._occupied_mask = np.zeros(0, dtype=bool)
        self.refresh(board)

    def refresh(self, board: Board) -> None:
        """Re-read levels, terrain and walls (cheap; the geometry stays)."""
        on_map = self.hexes[: self.on_map]
        rim = len(self.hexes) - self.on_map
        self.level = np.array([board.level(h) for h in on_map] + [-1] * rim, dtype=np.int64)
        terrain = [board.terrain(h) for h in on_map]
        self.exempt = np.array(
            [
                t in _EXEMPT_TERRAIN or board.has_feature(h, HexFeature.GUARD_ROOM)
                for h, t in zip(on_map, terrain, strict=True)
            ]
            + [True] * rim,
            dtype=bool,
        )
        self.dale = np.array([t == Terrain.DALE for t in terrain] + [False] * rim, dtype=bool)
        self.dale &= ~self.exempt
        self.wallmask = np.zeros(len(self.hexes), dtype=np.int64)
        for side, features in board.featured_hexsides().items():
            if HexsideFeature.FRONT_GATE_WALL in features:
                ia, ib = self.index[side.a], self.index[side.b]
                self.wallmask[ia] |= 1 << DIRECTIONS.index(side.b - side.a)
                self.wallmask[ib] |= 1 << DIRECTIONS.index(side.a - side.b)
        self.has_walls = bool(self.wallmask.any())
        self.revision = board.revision

    # -- queries -----------------------------------------------------------------
    def require(self, h: Hex, role: str) -> int:
        try:
            return self.index[h]
        except KeyError:
            raise ValueError(f"the {role} {h} is not on the map") from None

    def occupancy(self, occupied: Iterable[Hex]) -> np.ndarray:
        """A mask of occupied on-map hexes; hexes off the map cannot block and are ignored.

        A frozenset is immutable, so the mask of the last one is reused: the rules
        ask many lines of one position, and hashing 60 hexes costs more than a line.
        """
        if occupied is self._occupied_key:
            return self._occupied_mask
        mask = np.zeros(len(self.hexes), dtype=bool)
        mask[[i for i in map(self.index.get, occupied) if i is not None]] = True
        if isinstance(occupied, frozenset):
            self._occupied_key, self._occupied_mask = occupied, mask
        return mask

    def evaluate(
        self, a: np.ndarray, b: np.ndarray, occ: np.ndarray, grazing: Grazing
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Touches]:
        """Decide many lines a[i] -> b[i] at once.

        Returns (clear, blocker hex index or -1, wall_from hex index or -1, touches).
        Each line is cut into stretches, one per hex it enters (see ``_Touches``);
        a stretch holds at most one grazing place, which is resolved on its own.
        """
        if grazing not in GRAZING_MODES:
            raise ValueError(f"grazing must be 'both' or 'either', not {grazing!r}")
        t = self._touches(a, b)
        hx = t.hex
        max_level = np.maximum(self.level[a], self.level[b])
        blocks = occ[hx] | self.dale[hx] | ((self.level[hx] > max_level[t.line]) & ~self.exempt[hx])
        n = len(a)
        clear = np.ones(n, dtype=bool)
        blocker = np.full(n, -1, dtype=np.int64)
        wall_from = np.full(n, -1, dtype=np.int64)
        wm = self.wallmask
        walls = self.has_walls and bool(wm[a].any() or wm[b].any() or wm[hx].any())
        if not walls and not blocks.any():
            return clear, blocker, wall_from, t
        plus = self._first_blockers(a, b, t, t.side >= 0, blocks, walls)
        minus = self._first_blockers(a, b, t, t.side <= 0, blocks, walls)
        if grazing == "both":
            open_ = (plus.hex < 0) | (minus.hex < 0)
            take_plus = (plus.pos > minus.pos) | ((plus.pos == minus.pos) & (plus.hex <= minus.hex))
        else:
            open_ = (plus.hex < 0) & (minus.hex < 0)
            take_plus = (plus.pos < minus.pos) | ((plus.pos == minus.pos) & (plus.hex <= minus.hex))
        stretch_hex = np.where(take_plus, plus.hex, minus.hex)
        stretch_wall = np.where(take_plus, plus.wall_from, minus.wall_from)
        # The first blocked stretch of each line; stretches are numbered along lines.
        shut = np.flatnonzero(~open_)
        if len(shut):
            lines = t.stretch_line[shut]
            first = shut[_run_starts(lines)]
            sel = t.stretch_line[first]
            clear[sel] = False
            blocker[sel] = stretch_hex[first]
            wall_from[sel] = stretch_wall[first]
        return clear, blocker, wall_from, t

    def _touches(self, a: np.ndarray, b: np.ndarray) -> _Touches:
        """What the lines a[i] -> b[i] touch: geometry alone, so the same lines asked about
        again with other counters on the map (an overlay as the game goes on, a position
        weighed after another) reuse the last answer, which is read-only for that reason."""
        key = (a.dtype.str, a.tobytes(), b.dtype.str, b.tobytes())
        last = self._last_touches
        if last is not None and last[0] == key:
            return last[1]
        t = self._touches_of(a, b)
        for array in (t.line, t.hex, t.pos, t.side, t.stretch, t.length, t.last_stretch, t.stretch_line):
            array.flags.writeable = False
        self._last_touches = (key, t)
        return t

    def _touches_of(self, a: np.ndarray, b: np.ndarray) -> _Touches:
        q, r = self.q, self.r
        aq, ar = q[a], r[a]
        dq, dr = q[b] - aq, r[b] - ar
        line, hx = self._candidates(a, b)
        eq, er = q[hx] - aq[line], r[hx] - ar[line]
        lq, lr = dq[line], dr[line]
        cross3 = 3 * (lq * er - lr * eq)
        width = np.maximum(np.maximum(np.abs(2 * lq + lr), np.abs(lq + 2 * lr)), np.abs(lq - lr))
        pos = 2 * eq * lq + eq * lr + er * lq + 2 * er * lr
        length = 2 * (dq * dq + dq * dr + dr * dr)
        keep = (np.abs(cross3) <= width) & (pos > 0) & (pos < length[line])
        line, hx, cross3, width, pos = line[keep], hx[keep], cross3[keep], width[keep], pos[keep]
        side = np.where(np.abs(cross3) == width, np.sign(cross3), 0)
        # Along a hexside both grazed hexes share a position; the +1 one goes first,
        # so that reversing the line (which flips the sides) reverses the list.
        order = np.lexsort((-side, pos, line))
        line, hx, pos, side = line[order], hx[order], pos[order], side[order]
        # Stretch k of a line runs from the k-th hex it enters (the archer's is 0th)
        # to the next one, so it holds at most one grazing place.
        n = len(a)
        inside = (side == 0).astype(np.int64)
        inside_per_line = np.bincount(line, weights=inside, minlength=n).astype(np.int64)
        inside_before_line = np.cumsum(inside_per_line) - inside_per_line
        stretches = inside_per_line + 1
        first_stretch = np.cumsum(stretches) - stretches
        before = np.cumsum(inside) - inside - inside_before_line[line]
        stretch = first_stretch[line] + before
        stretch_line = np.repeat(np.arange(n, dtype=np.int64), stretches)
        return _Touches(line, hx, pos, side, stretch, length, first_stretch + inside_per_line, stretch_line)

    def _candidates(self, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(line, hex index) pairs that include every hex each line a[i] -> b[i] touches.

        The walk: for a line of hex length n, the points at k/n of the way (k = 0..n)
        are at most half a centre spacing ``s`` from any point of the segment, so a
        hex the segment touches has its centre within 2 * s/sqrt(3) + s/2 (about
        1.65 s) of the centre of the hex nearest to some such point; the next ring
        begins at sqrt(3) s (1.73 s). So the nearest hexes and their neighbours hold
        every touched hex: about 3 per step, against a bounding-box search that grows
        with the square of the length. Which of them the line touches is decided exactly
        by the caller.
        """
        q, r = self.q, self.r
        dq, dr = q[b] - q[a], r[b] - r[a]
        steps = np.maximum((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2, 1)
        counts = steps + 1
        line = np.repeat(np.arange(len(a), dtype=np.int64), counts)
        k = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        frac = k / steps[line]
        fq = q[a][line] + dq[line] * frac
        fr = r[a][line] + dr[line] * frac
        fs = -fq - fr
        # Cube rounding: the nearest hex centre (any one of them on a tie).
        rq, rr, rs = np.rint(fq), np.rint(fr), np.rint(fs)
        eq, er, es = np.abs(rq - fq), np.abs(rr - fr), np.abs(rs - fs)
        fix_q = (eq > er) & (eq > es)
        fix_r = ~fix_q & (er > es)
        rq = np.where(fix_q, -rr - rs, rq)
        rr = np.where(fix_r, -rq - rs, rr)
        cq = (rq.astype(np.int64)[:, None] + _NEAR[:, 0]).ravel() - self._q0
        cr = (rr.astype(np.int64)[:, None] + _NEAR[:, 1]).ravel() - self._r0
        cl = np.repeat(line, len(_NEAR))
        inside = (cq >= 0) & (cq < self._lookup.shape[0]) & (cr >= 0) & (cr < self._lookup.shape[1])
        hx = np.full(len(cq), -1, dtype=np.int64)
        hx[inside] = self._lookup[cq[inside], cr[inside]]
        keep = hx >= 0
        key = np.sort(cl[keep] * len(self.hexes) + hx[keep])
        key = key[_run_starts(key)]  # each hex once per line (np.unique is far slower here)
        return key // len(self.hexes), key % len(self.hexes)

    def static_sides(self, a: np.ndarray, b: np.ndarray) -> tuple[_Touches, np.ndarray, np.ndarray]:
        """The touches of lines a[i] -> b[i], and per stretch whether terrain or a wall
        blocks it (nobody on the map) for the line shifted to the +1 side and to the -1
        side: the part of :meth:`evaluate` that occupancy cannot change."""
        t = self._touches(a, b)
        hx = t.hex
        max_level = np.maximum(self.level[a], self.level[b])
        blocks = self.dale[hx] | ((self.level[hx] > max_level[t.line]) & ~self.exempt[hx])
        wm = self.wallmask
        walls = self.has_walls and bool(wm[a].any() or wm[b].any() or wm[hx].any())
        plus = self._first_blockers(a, b, t, t.side >= 0, blocks, walls)
        minus = self._first_blockers(a, b, t, t.side <= 0, blocks, walls)
        return t, plus.hex >= 0, minus.hex >= 0

    def _first_blockers(
        self, a: np.ndarray, b: np.ndarray, t: _Touches, member: np.ndarray, blocks: np.ndarray, walls: bool
    ) -> _SideBlockers:
        """The first blocker of every stretch, for the line shifted to one side."""
        n = len(t.stretch_line)
        hit = member & blocks
        stretch, pos, hx = t.stretch[hit], t.pos[hit], t.hex[hit]
        wall_from = np.full(len(stretch), -1, dtype=np.int64)
        if walls:
            ws, wp, wh, wf = self._wall_crossings(a, b, t, member)
            if len(ws):
                stretch = np.concatenate([stretch, ws])
                pos = np.concatenate([pos, wp])
                hx = np.concatenate([hx, wh])
                wall_from = np.concatenate([wall_from, wf])
        out = _SideBlockers(
            np.full(n, _NO_BLOCKER, dtype=np.int64),
            np.full(n, -1, dtype=np.int64),
            np.full(n, -1, dtype=np.int64),
        )
        if len(stretch):
            order = np.lexsort((wall_from >= 0, pos, stretch))
            stretch, pos, hx, wall_from = stretch[order], pos[order], hx[order], wall_from[order]
            first = _run_starts(stretch)
            sel = stretch[first]
            out.pos[sel], out.hex[sel], out.wall_from[sel] = pos[first], hx[first], wall_from[first]
        return out

    def _wall_crossings(
        self, a: np.ndarray, b: np.ndarray, t: _Touches, member: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Front Gate walls crossed by the shifted line: (stretch, position, hex entered, hex left)."""
        wm = self.wallmask
        n = len(a)
        ids = np.arange(n, dtype=np.int64)
        lines = np.concatenate([ids, t.line[member], ids])
        pos = np.concatenate([np.zeros(n, dtype=np.int64), t.pos[member], t.length])
        hx = np.concatenate([a, t.hex[member], b])
        # A crossing belongs to the stretch of the hex it enters.
        stretch = np.concatenate([np.full(n, -1, dtype=np.int64), t.stretch[member], t.last_stretch])
        order = np.lexsort((pos, lines))
        lines, pos, hx, stretch = lines[order], pos[order], hx[order], stretch[order]
        prev, nxt = hx[:-1], hx[1:]
        dq, dr = self.q[nxt] - self.q[prev], self.r[nxt] - self.r[prev]
        # Only steps within one line between neighbours can cross a hexside.
        step_ok = (lines[:-1] == lines[1:]) & (np.abs(dq) <= 1) & (np.abs(dr) <= 1)
        step = np.where(step_ok, _DIRECTION_LUT[np.where(step_ok, (dq + 1) * 3 + dr + 1, 0)], -1)
        crossing = (step >= 0) & (((wm[prev] >> np.maximum(step, 0)) & 1) == 1)
        k = np.flatnonzero(crossing)
        return stretch[k + 1], pos[k + 1], nxt[k], prev[k]


@dataclass(slots=True)
class _Touches:
    """Line/hex touches, sorted by line then position along it, and the stretches."""

    line: np.ndarray
    hex: np.ndarray
    pos: np.ndarray
    side: np.ndarray  # 0 inside, +1/-1 grazed on that side (see LosResult.grazed)
    stretch: np.ndarray  # the stretch each touch belongs to (ends at the hex entered)
    length: np.ndarray  # per line: the position of the target's centre
    last_stretch: np.ndarray  # per line: the stretch that enters the target
    stretch_line: np.ndarray  # per stretch: its line


def _run_starts(keys: np.ndarray) -> np.ndarray:
    """Indexes where a run of equal values in a sorted array begins."""
    starts = np.empty(len(keys), dtype=bool)
    starts[:1] = True
    np.not_equal(keys[1:], keys[:-1], out=starts[1:])
    return np.flatnonzero(starts)


_INDEXES: weakref.WeakKeyDictionary[Board, LosIndex] = weakref.WeakKeyDictionary()


def los_index(board: Board) -> LosIndex:
    """The board's LosIndex, built on first use and refreshed after edits.

    Cached weakly per board object, so a closed map frees its index. The board's
    revision says whether it was edited since; a listener of its own would hear of an
    edit only after listeners subscribed earlier, which may already be asking.
    """
    index = _INDEXES.get(board)
    if index is None or index.grid != board.grid:
        index = _INDEXES[board] = _index_as_read(board) or LosIndex(board)
    elif index.revision != board.revision:
        if index.shared:  # others read it: an edited board gets an index of its own
            index = _INDEXES[board] = LosIndex(board)
        else:
            index.refresh(board)
    return index


# Unedited boards read from the same bytes (a scenario's map, a save's, another window's)
# hold the same hexes and attributes: they share one index, as they share the rules'
# compiled board. The newest few are kept.
_AS_READ: dict[object, LosIndex] = {}
_AS_READ_LIMIT = 8


def _index_as_read(board: Board) -> LosIndex | None:
    origin = board.origin
    if origin is None or origin[1] != board.revision:
        return None
    index = _AS_READ.get(origin[0])
    if index is None or index.grid != board.grid:
        if len(_AS_READ) >= _AS_READ_LIMIT:
            del _AS_READ[next(iter(_AS_READ))]  # the oldest
        index = _AS_READ[origin[0]] = LosIndex(board)
        index.shared = True
    return index


# One line of a LosTable: (target, distance, blocked whatever the occupancy, the hexes any
# one of which blocks when occupied, pairs of hex sets that block when both have one).
_Row = tuple[int, int, bool, int, tuple[tuple[int, int], ...]]


class LosTable:
    """Per archer's hex, every line within a range reduced to what occupancy can change.

    Built from :meth:`LosIndex.static_sides`, the exact code, for one map revision and
    one grazing mode. Occupied hexes are a bitmask of on-map hex indexes (the indexes of
    ``sorted(board.hexes())``, which the rules' compiled board shares). Rows are built
    for an origin on its first query, for at least the range asked.
    """

    def __init__(self, index: LosIndex, grazing: Grazing) -> None:
        if grazing not in GRAZING_MODES:
            raise ValueError(f"grazing must be 'both' or 'either', not {grazing!r}")
        self.index = index
        self.grazing = grazing
        self.revision = index.revision
        # origin -> (range built, rows sorted by distance: (target, distance, always, singles, pairs))
        self._rows: dict[int, tuple[int, list[_Row]]] = {}
        self._by_target: dict[int, dict[int, _Row]] = {}
        # (origin, target) -> its row, for lines asked about one by one (``clear``).
        self._lines: dict[tuple[int, int], _Row] = {}
        self._bits: dict[Hex, int] | None = None

    def mask(self, occupied: Iterable[int]) -> int:
        """The bitmask of these on-map hex indexes."""
        m = 0
        for i in occupied:
            m |= 1 << i
        return m

    def hex_mask(self, occupied: Iterable[Hex]) -> int:
        """The bitmask of these hexes; hexes off the map cannot block and are ignored."""
        bits = self._bits
        if bits is None:
            bits = self._bits = {h: 1 << i for i, h in enumerate(self.index.hexes[: self.index.on_map])}
        m = 0
        for h in occupied:
            m |= bits.get(h, 0)
        return m

    def rows(self, origin: int, max_range: int) -> list[_Row]:
        built = self._rows.get(origin)
        if built is None or built[0] < max_range:
            built = (max_range, self._build(origin, max_range))
            self._rows[origin] = built
            self._by_target[origin] = {row[0]: row for row in built[1]}
        return built[1]

    def visible(self, origin: int, max_range: int, occupied: int) -> list[int]:
        """On-map hexes within ``max_range`` of ``origin`` that it sees, nearest first."""
        out = []
        for target, dist, always, singles, pairs in self.rows(origin, max_range):
            if dist > max_range:
                break
            if always or singles & occupied:
                continue
            if pairs and any(p & occupied and m & occupied for p, m in pairs):
                continue
            out.append(target)
        return out

    def clear(self, origin: int, target: int, occupied: int) -> bool:
        """Whether the line ``origin`` -> ``target`` is clear (the same as ``line_of_sight``)."""
        row = self._by_target.get(origin, {}).get(target) or self._lines.get((origin, target))
        if row is None:
            self.prepare_lines([(origin, target)])
            row = self._lines[(origin, target)]
        _, _, always, singles, pairs = row
        return not (always or singles & occupied or any(p & occupied and m & occupied for p, m in pairs))

    def prepare_lines(self, lines: Iterable[tuple[int, int]]) -> None:
        """Build the rows of these (origin, target) lines that are not built yet, in one pass.

        An archer asks about a handful of targets, not about every hex in range: a FIRE
        phase of the Standard Game needs a few thousand lines a game, against tens of
        thousands in the rows of every hex its archers stood in. The exact geometry works
        on arrays, so the lines one listing needs are built together."""
        by_target = self._by_target
        todo = sorted({(o, t) for o, t in lines
                       if (o, t) not in self._lines and t not in by_target.get(o, ())})
        if not todo:
            return
        on_map = self.index.on_map
        for o, t in todo:
            if not (0 <= t < on_map and 0 <= o < on_map) or o == t:
                raise ValueError(f"hex index {t} is not on the map or is the archer's own hex")
        a = np.array([o for o, _ in todo], dtype=np.int64)
        b = np.array([t for _, t in todo], dtype=np.int64)
        for key, row in zip(todo, self._build_lines(a, b), strict=True):
            self._lines[key] = row

    def _distance(self, a: int, b: int) -> int:
        dq = int(self.index.q[a] - self.index.q[b])
        dr = int(self.index.r[a] - self.index.r[b])
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def _build(self, origin: int, max_range: int) -> list[_Row]:
        index = self.index
        on_map = index.on_map
        dq, dr = index.q[:on_map] - index.q[origin], index.r[:on_map] - index.r[origin]
        dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        targets = np.flatnonzero((dist > 0) & (dist <= max_range))
        targets = targets[np.argsort(dist[targets], kind="stable")]
        if len(targets) == 0:
            return []
        return self._build_lines(np.full(len(targets), origin, dtype=np.int64), targets)

    def _build_lines(self, a: np.ndarray, b: np.ndarray) -> list[_Row]:
        """The row of each line a[i] -> b[i] (on-map hexes, a[i] != b[i]); each line's row
        depends on that line alone, whichever lines are built with it."""
        index = self.index
        on_map = index.on_map
        t, plus_static, minus_static = index.static_sides(a, b)
        n_stretch = len(t.stretch_line)
        entered, plus, minus = [0] * n_stretch, [0] * n_stretch, [0] * n_stretch
        for stretch, h, side in zip(t.stretch.tolist(), t.hex.tolist(), t.side.tolist(), strict=True):
            if h >= on_map:  # off the map: never occupied
                continue
            if side == 0:
                entered[stretch] |= 1 << h
            elif side > 0:
                plus[stretch] |= 1 << h
            else:
                minus[stretch] |= 1 << h
        n = len(a)
        always, singles = [False] * n, [0] * n
        pairs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        both = self.grazing == "both"
        for stretch, (line, sp, sm) in enumerate(
            zip(t.stretch_line.tolist(), plus_static.tolist(), minus_static.tolist(), strict=True)
        ):
            e, p, m = entered[stretch], plus[stretch], minus[stretch]
            if not both:  # blocked where either shift is blocked
                if sp or sm:
                    always[line] = True
                singles[line] |= e | p | m
            elif sp and sm:
                always[line] = True
            elif sp:  # the +1 shift is blocked already: the -1 one decides
                singles[line] |= e | m
            elif sm:
                singles[line] |= e | p
            else:
                singles[line] |= e
                if p and m:
                    pairs[line].append((p, m))
        dq, dr = index.q[b] - index.q[a], index.r[b] - index.r[a]
        d = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).tolist()
        return [(tg, d[i], always[i], singles[i], tuple(pairs[i])) for i, tg in enumerate(b.tolist())]


_TABLES: weakref.WeakKeyDictionary[Board, dict[str, LosTable]] = weakref.WeakKeyDictionary()


def los_table(board: Board, grazing: Grazing = "both") -> LosTable:
    """The board's LosTable for ``grazing``, new after every edit of the board."""
    index = los_index(board)
    tables = _TABLES.get(board)
    if tables is None:
        tables = _TABLES[board] = {}
    table = tables.get(grazing)
    if table is None or table.revision != board.revision or table.index is not index:
        table = tables[grazing] = LosTable(index, grazing)
    return table


def visible_hexes(
    board: Board, a: Hex, max_range: int, occupied: Iterable[Hex] = frozenset(), *, grazing: Grazing = "both"
) -> frozenset[Hex]:
    """The hexes within ``max_range`` of ``a`` that it sees: ``visible_from(...).visible``, from the table."""
    table = los_table(board, grazing)
    index = table.index
    ia = index.require(a, "archer's hex")
    hexes = index.hexes
    return frozenset([hexes[t] for t in table.visible(ia, max_range, table.hex_mask(occupied))])


def los_clear(
    board: Board, a: Hex, b: Hex, occupied: Iterable[Hex] = frozenset(), *, grazing: Grazing = "both"
) -> bool:
    """``line_of_sight(...).clear``, from the table."""
    table = los_table(board, grazing)
    index = table.index
    ia, ib = index.require(a, "archer's hex"), index.require(b, "target hex")
    if ia == ib:
        return True
    return table.clear(ia, ib, table.hex_mask(occupied))


def line_of_sight(
    board: Board, a: Hex, b: Hex, occupied: Iterable[Hex] = frozenset(), *, grazing: Grazing = "both"
) -> LosResult:
    """The S-8 line of sight from the archer's hex ``a`` to the target hex ``b``."""
    index = los_index(board)
    ia, ib = index.require(a, "archer's hex"), index.require(b, "target hex")
    clear, blocker, wall_from, t = index.evaluate(
        np.array([ia]), np.array([ib]), index.occupancy(occupied), grazing
    )
    hexes, on_map = index.hexes, index.on_map
    touched = [(i, s) for i, s in zip(t.hex.tolist(), t.side.tolist(), strict=True) if i < on_map]
    crossed = tuple(hexes[i] for i, _ in touched)
    grazed = {hexes[i]: s for i, s in touched if s}
    hb, wf = int(blocker[0]), int(wall_from[0])
    return LosResult(
        origin=a,
        target=b,
        clear=bool(clear[0]),
        blocked_by=hexes[hb] if hb >= 0 else None,
        crossed=crossed,
        grazed=grazed,
        range=distance(a, b),
        wall=Hexside.between(hexes[wf], hexes[hb]) if wf >= 0 else None,
    )


def visible_from(
    board: Board,
    a: Hex,
    max_range: int,
    occupied: Iterable[Hex] = frozenset(),
    *,
    grazing: Grazing = "both",
) -> Visibility:
    """Every on-map hex within ``max_range`` of ``a``: visible, or which hex blocks it.

    All lines are decided in one vectorised pass (one STRtree query for all of them).
    """
    index = los_index(board)
    ia = index.require(a, "archer's hex")
    dq, dr = index.q[: index.on_map] - a.q, index.r[: index.on_map] - a.r
    dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    targets = np.flatnonzero((dist > 0) & (dist <= max_range))
    if len(targets) == 0:
        return Visibility(a, max_range, {})
    _, blocker, _, _ = index.evaluate(
        np.full(len(targets), ia, dtype=np.int64), targets, index.occupancy(occupied), grazing
    )
    hexes = index.hexes
    return Visibility(
        a,
        max_range,
        {
            hexes[t]: (hexes[k] if k >= 0 else None)
            for t, k in zip(targets.tolist(), blocker.tolist(), strict=True)
        },
    )


__all__ = [
    "GRAZING_MODES",
    "Grazing",
    "LosIndex",
    "LosResult",
    "LosTable",
    "Visibility",
    "line_of_sight",
    "los_clear",
    "los_index",
    "los_table",
    "visible_from",
    "visible_hexes",
]
