"""``bofa-studio screenshot --mode MODE [FILE] -o OUT.png [--size WxH]``: the app, offscreen.

For documentation and bug reports: the window is built exactly as a user sees
it, rendered with the offscreen platform, and saved. Each mode is one function
in ``MODES`` (mode name -> function(file, width, height) -> QImage), so the
scenario editor and play mode can add theirs later.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable

from bofa_studio.commands import non_negative

SIZE_RE = re.compile(r"^(\d{2,5})[xX](\d{2,5})$")
MIN_SIZE, MAX_SIZE = 320, 8000


def parse_size(text: str) -> tuple[int, int]:
    match = SIZE_RE.match(text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in pixels (e.g. 1400x900), got {text!r}")
    w, h = int(match.group(1)), int(match.group(2))
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise argparse.ArgumentTypeError(f"width and height must be {MIN_SIZE}-{MAX_SIZE} pixels, got {w}x{h}")
    return w, h


def shoot_edit_map(path: str | None, width: int, height: int):
    """The map editor on ``path`` (or a new map), fitted to the window, as a QImage."""
    from bofa_studio.board import load_map
    from bofa_studio.ui.map_editor.window import MainWindow
    from bofa_studio.ui.window_grab import grab_window

    board = load_map(path) if path else None

    def prepare(window: MainWindow) -> None:
        window.view.fit()
        window.view.settle()  # full detail, not the draft drawn while the camera moves

    return grab_window(
        lambda settings: MainWindow(board, path, settings=settings),
        width,
        height,
        prepare,
        lambda window: window.document.undo_stack,
    )


def shoot_play(path: str | None, width: int, height: int, **options):
    """Play mode on a save, or on a scenario after ``--advance`` seeded random actions."""
    from bofa_studio.ui.play.shot import shoot_play as shoot

    return shoot(path, width, height, **options)


def shoot_edit_scenario(path: str | None, width: int, height: int, **_options):
    """The scenario editor on ``path`` (or a new scenario based on the Basic Game)."""
    from bofa_studio.commands.edit_scenario import shoot

    return shoot(path, width, height)


# mode -> function(file or None, width, height, **mode options) -> QImage
MODES: dict[str, Callable] = {
    "edit-map": shoot_edit_map,
    "edit-scenario": shoot_edit_scenario,
    "play": shoot_play,
}
# Options only some modes take: (option, mode) pairs; run() passes those given.
MODE_OPTIONS = {"advance": "play", "seed": "play", "select": "play", "hover": "play"}


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("screenshot", help="render a window of the app offscreen to a PNG")
    p.add_argument("--mode", required=True, choices=sorted(MODES), help="which window to show")
    p.add_argument("file", metavar="FILE", nargs="?", help="the map (or scenario, save) to open")
    p.add_argument("-o", "--output", required=True, metavar="OUT.png")
    p.add_argument("--size", type=parse_size, default=(1400, 900), metavar="WxH")
    p.add_argument("--advance", type=non_negative, metavar="N", help="play mode: play N seeded random actions first")
    p.add_argument("--seed", type=non_negative, metavar="S", help="play mode: the game's seed and the random players'")
    p.add_argument("--select", metavar="HEX", help="play mode: click this hex first (its counters are selected,"
                   " their overlays drawn, the Hex panel shows it)")
    p.add_argument("--hover", metavar="HEX", help="play mode: rest the pointer on this hex (its tooltip is drawn)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.commands import fail, missing_folder, not_a_file
    from bofa_studio.jsonfile import DataFileError

    problem = (None if args.file is None else not_a_file(args.file)) or missing_folder(args.output)
    if problem:
        return fail(problem)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bofa_studio.ui.map.render import ensure_app, save_image
    from bofa_studio.ui.play.shot import BadHexOption

    ensure_app()
    width, height = args.size
    options = {k: getattr(args, k) for k in MODE_OPTIONS if getattr(args, k, None) is not None}
    wrong = [k for k in options if MODE_OPTIONS[k] != args.mode]
    if wrong:
        return fail(f"--{wrong[0]} is an option of --mode {MODE_OPTIONS[wrong[0]]}")
    try:
        image = MODES[args.mode](args.file, width, height, **options)
    except BadHexOption as exc:
        return fail(str(exc))
    except DataFileError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return fail(f"cannot open {args.file}")
    try:
        save_image(image, args.output)
    except OSError as exc:
        return fail(str(exc))
    print(f"wrote {args.output} ({image.width()}x{image.height()})")
    return 0
