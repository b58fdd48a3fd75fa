"""Frames per second of the map view scrolling and zooming the 1984 map, and time to open it.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/view_bench.py [MAP] [--frames N]

Each frame moves the camera (a pan step or a zoom step) and repaints the
whole viewport synchronously (``repaint`` + ``processEvents``), so the time is
the real paint cost. "Still frame" repaints an unchanged view; "zoom step, full
detail" zooms and settles before painting, so every frame paints all hexes
anew (the cost of the first full-detail frame after a zoom); "edit a hex"
repaints after the model changes one hex's terrain. Opening is ``load_map`` +
scene build + first paint; opening the same map again takes the picture the first
window painted (``ui/map/pictures.py``), against painting it anew. Every figure is a
median over repeats, and each variant is compared with the baseline in the same run. Targets (issue 6):
>= 30 fps, open <= 1 s. Play mode (issue 17): pan and zoom with every counter of a
mid-game position on the map; target >= 60 fps. ``--baseline DIR`` runs the same play-mode
bench from another checkout (a git worktree of main) in the same run, taking turns with this one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bofa_studio import ui  # noqa: E402,F401  (PySide6 workaround first)
from bofa_studio.board.mapfile import load_map  # noqa: E402
from bofa_studio.resources import default_map_path  # noqa: E402
from bofa_studio.ui.map.render import ensure_app  # noqa: E402

VIEW_SIZE = (1100, 820)  # the map area of a 1400x900 editor window


def make_view(board, fast: bool, cached: bool = True, share: bool = True):
    from PySide6.QtWidgets import QGraphicsView

    from bofa_studio.ui.map.view import MapView

    view = MapView(board, fast=fast)
    view.map_scene.share_pictures = share  # False: paint what another window on the map painted
    if not cached:  # the view before the background cache: every frame from scratch
        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        view.map_scene.use_tiles = False
    view.resize(*VIEW_SIZE)
    view.show()
    return view


def paint(app, view) -> None:
    view.viewport().repaint()
    app.processEvents()


def frames(app, view, n: int) -> dict[str, float]:
    """Median frames per second for each camera move, and for a still, full-detail frame."""
    results = {}

    def run(step) -> float:
        times = []
        for i in range(n):
            t0 = time.perf_counter()
            step(i)
            paint(app, view)
            times.append(time.perf_counter() - t0)
        return 1.0 / statistics.median(times)

    def scroll(bar, px):
        return lambda i: bar.setValue(bar.value() + (px if (i // 20) % 2 else -px))

    for zoom in (1.5, 3.0):
        view.fit()
        view.zoom_by(zoom)
        paint(app, view)
        results[f"pan, zoom {zoom}x fit"] = run(scroll(view.horizontalScrollBar(), 14))
    view.fit()
    paint(app, view)
    results["zoom in/out, from fit"] = run(lambda i: view.zoom_by(1.05 if (i // 20) % 2 == 0 else 1 / 1.05))

    def still(i):
        if hasattr(view, "settle"):
            view.settle()
        view.viewport().update()

    view.fit()
    results["still frame, full detail"] = run(still)

    def zoom_settled(i):
        view.zoom_by(1.05 if (i // 20) % 2 == 0 else 1 / 1.05)
        view.settle()

    view.fit()
    paint(app, view)
    results["zoom step, full detail"] = run(zoom_settled)

    from bofa_studio.board.model import Terrain

    board = view.map_scene.board
    target = next(h for h in board.hexes() if board.terrain(h) == Terrain.PLAIN)

    def edit(i):
        board.set_terrain(target, Terrain.SUMMIT if i % 2 == 0 else Terrain.PLAIN)

    view.fit()
    view.settle()
    paint(app, view)
    results["edit a hex, full detail"] = run(edit)
    board.set_terrain(target, Terrain.PLAIN)
    return results


def open_time(app, path: Path, fast: bool, cached: bool = True, share: bool = True) -> float:
    t0 = time.perf_counter()
    board = load_map(path)
    view = make_view(board, fast, cached, share)
    view.fit()
    if fast:
        view.settle()  # count the first full-detail frame, not the draft
    paint(app, view)
    elapsed = time.perf_counter() - t0
    view.close()
    view.map_scene.detach()  # the board must not keep the old scene alive
    view.deleteLater()
    app.processEvents()
    return elapsed


PLAY_VIEW_SIZE = (1640, 968)  # the play window's map at 1920x1080 (see tests/ui/play/test_layout.py)
MIDGAME_BATCHES = 18  # random actions after set-up, 25 at a time: turn 5, reinforcements on the map


def play_view():
    """Play mode's board in a mid-game position of the Standard Game: set up, then seeded random
    play into turn 5, when the first reinforcements have come on (about 130 counters on the map)."""
    from bofa_studio.play.autoplay import random_actions
    from bofa_studio.play.controller import PlayController
    from bofa_studio.resources import scenarios_dir
    from bofa_studio.ui.map.scene import MapScene
    from bofa_studio.ui.map.view import MapView
    from bofa_studio.ui.play.board import PlayBoard

    c = PlayController.new_game(scenarios_dir() / "bofa1984-standard.json", 1)
    while c.state.stage == "setup":
        random_actions(c, 1, seed=1)
    for batch in range(MIDGAME_BATCHES):
        random_actions(c, 25, seed=batch + 2)
    scene = MapScene(c.game.board)
    scene.set_lines_in_background(True)  # as the play window does
    view = MapView(scene, fast=True)
    board = PlayBoard(scene, c)
    view.resize(*PLAY_VIEW_SIZE)
    view.show()
    counters = sum(len(stack) for stack in board.counters.stacks.values())
    return view, board, counters, c.state.turn


def without_tiles(view, board) -> None:
    view.map_scene.use_tiles = False


def style_scroll_bars(view, board) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollBar

    view.setHorizontalScrollBar(QScrollBar(Qt.Orientation.Horizontal))
    view.setVerticalScrollBar(QScrollBar(Qt.Orientation.Vertical))


PLAY_VARIANTS = (
    (None, "this checkout, as a player gets it"),
    (without_tiles, "this checkout without the board tiles: each pan paints its exposed strip's hexes anew"),
    (style_scroll_bars, "this checkout with the style's scroll bars instead of the flat ones"),
)


def play_frames(app, n: int, variants=PLAY_VARIANTS) -> None:
    """Play mode: pan and zoom with every counter drawn. Every frame moves the camera, then
    repaints the whole viewport (a 1640x968 device) synchronously, counters included, and lets
    Qt finish the frame (scroll bars). Wall time is what a player sees; CPU time (this
    process's, Qt's painting threads included) is the same frame without the waits for the
    other processes of a shared machine."""
    for tweak, name in variants:
        view, board, count, turn = play_view()
        if tweak is not None:
            tweak(view, board)
        moves = {}
        for move, step in (("pan, zoom 2x fit", "pan"), ("pan, fit", "pan"), ("zoom in/out, from fit", "zoom")):
            view.fit()
            if move == "pan, zoom 2x fit":
                view.zoom_by(2.0)
            elif move == "pan, fit":
                view.zoom_by(1.1)  # just enough to scroll
            view.settle()
            paint(app, view)
            walls, cpus = [], []
            for i in range(n):
                t0, c0 = time.perf_counter(), time.process_time()
                if step == "pan":
                    bar = view.horizontalScrollBar()
                    bar.setValue(bar.value() + (14 if (i // 20) % 2 else -14))
                else:
                    view.zoom_by(1.05 if (i // 20) % 2 == 0 else 1 / 1.05)
                paint(app, view)
                walls.append(time.perf_counter() - t0)
                cpus.append(time.process_time() - c0)
            moves[move] = (statistics.median(walls), statistics.median(cpus))
        print(f"\nplay mode, Standard Game turn {turn}, {count} counters on the map, "
              f"viewport {PLAY_VIEW_SIZE[0]}x{PLAY_VIEW_SIZE[1]} — {name}")
        for move, (wall, cpu) in moves.items():
            print(f"  {move:<24} median {1 / wall:6.1f} fps {wall * 1000:6.1f} ms   CPU {1 / cpu:6.1f} fps {cpu * 1000:6.1f} ms")
        view.close()
        sys.stdout.flush()


def baseline_play_frames(checkout: Path, n: int) -> None:
    """The same play-mode bench run by another checkout (e.g. a git worktree of main), in a
    process of its own: its last variant is what a player of that checkout gets."""
    script = checkout / "bench" / "view_bench.py"
    if not script.is_file():
        raise SystemExit(f"--baseline {checkout}: no bench/view_bench.py there (expected a checkout of this project)")
    done = subprocess.run([sys.executable, str(script), "--play-only", "--frames", str(n)], cwd=checkout,
                          capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    if done.returncode != 0:
        raise SystemExit(f"--baseline {checkout}: its bench failed:\n{done.stderr[-2000:]}")
    blocks = done.stdout.split("\nplay mode, ")
    print(f"\nbaseline {checkout} (its last variant) — play mode, " + blocks[-1].rstrip())
    sys.stdout.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", nargs="?", default=str(default_map_path()))
    parser.add_argument("--frames", type=int, default=80)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--play-only", action="store_true", help="only play mode's pan and zoom with counters")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="another checkout whose play-mode figures to print beside these, in the same run")
    parser.add_argument("--rounds", type=int, default=2, help="with --baseline: runs of each, taking turns")
    args = parser.parse_args()
    app = ensure_app()
    if args.baseline is not None:
        for _ in range(args.rounds):  # taking turns, so a busy spell of the machine hits both
            baseline_play_frames(args.baseline.resolve(), args.frames)
            play_frames(app, args.frames, PLAY_VARIANTS[:1])
        return 0
    if args.play_only:
        play_frames(app, args.frames)
        return 0
    path = Path(args.map)
    print(f"map {path.name}, viewport {VIEW_SIZE[0]}x{VIEW_SIZE[1]}, {args.frames} frames per move")
    open_time(app, path, True)  # warm up imports and font caches
    variants = (
        (False, False, "baseline: every frame painted from scratch in full detail"),
        (False, True, "cached: full detail always, hexes in the view's background cache"),
        (True, True, "editor: cached, plus draft frames while zooming, full detail when still"),
    )
    for fast, cached, name in variants:
        opens = [open_time(app, path, fast, cached) for _ in range(args.repeats)]
        view = make_view(load_map(path), fast, cached)
        fps = frames(app, view, args.frames)
        view.close()
        print(f"\n{name}")
        print(f"  open (load + scene + first paint): median {statistics.median(opens) * 1000:.0f} ms")
        for move, value in fps.items():
            print(f"  {move:<24} median {value:6.1f} fps  {1000 / value:6.1f} ms")
    # Opening a map a window has shown before (a new game, an opened save, another window): the
    # first frame is the picture that window painted (ui/map/pictures.py), or, as before, painted anew.
    again: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(args.repeats):
        for share in (False, True):  # taking turns, so a busy spell of the machine hits both
            again[share].append(open_time(app, path, True, True, share))
    print("\nopening the same map again (load + scene + first paint)")
    print(f"  painted anew (baseline):        median {statistics.median(again[False]) * 1000:.0f} ms")
    print(f"  the first window's picture:     median {statistics.median(again[True]) * 1000:.0f} ms")
    play_frames(app, args.frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
