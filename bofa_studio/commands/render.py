"""``bofa-studio render MAP -o OUT.png [--width PX] [--background]``: a headless image of a map."""

from __future__ import annotations

import argparse

from bofa_studio.commands import CommandError, load_map_arg, missing_folder


def positive_width(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of pixels, got {text!r}") from None
    if not 100 <= value <= 20000:
        raise argparse.ArgumentTypeError(f"width must be between 100 and 20000 pixels, got {value}")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("render", help="draw a map to a PNG file, headless")
    p.add_argument("map", metavar="MAP")
    p.add_argument("-o", "--output", required=True, metavar="OUT.png")
    p.add_argument("--width", type=positive_width, default=1600, metavar="PX")
    p.add_argument("--areas", action="store_true", help="shade the named areas too")
    p.add_argument("--background", action="store_true",
                   help="draw the map's background scan under it, to check a tracing")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    problem = missing_folder(args.output)
    if problem:
        raise CommandError(problem)
    board = load_map_arg(args.map)
    from bofa_studio.ui.files import write_error
    from bofa_studio.ui.map.render import BackgroundError, render_board, save_image

    try:
        image = render_board(board, args.width, background=args.background, areas=args.areas)
    except BackgroundError as exc:
        raise CommandError(f"{args.map}: {exc}") from None
    try:
        save_image(image, args.output)
    except OSError as exc:
        raise CommandError(write_error(args.output, exc)) from None
    print(f"wrote {args.output} ({image.width()}x{image.height()})")
    return 0
