"""``bofa-studio play [SCENARIO|SAVE]``: a hot-seat game in a window.

With a scenario, a new game starts (``--seed`` fixes the dice for a reproducible
game; without one the new-game dialog is shown). With a save file, the game
continues where it was saved. ``--advance N`` plays N seeded random actions first,
which is handy for trying the middle of a game. ``--computer SIDE=LEVEL`` (once per
side) seats the computer at that side, e.g. ``--computer dark=normal``.
"""

from __future__ import annotations

import argparse
import sys

from bofa_studio.commands import non_negative


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("play", help="play a scenario hot-seat, or continue a saved game")
    p.add_argument("file", metavar="SCENARIO|SAVE", nargs="?", help="a scenario or a saved game")
    p.add_argument("--seed", type=non_negative, default=None, help="the random seed of a new game (0 or more)")
    p.add_argument("--advance", type=non_negative, default=0, metavar="N", help="play N random actions first")
    p.add_argument("--computer", action="append", default=[], metavar="SIDE=LEVEL", type=computer_seat,
                   help="the computer plays SIDE at LEVEL (easy, normal, hard), e.g. dark=normal; once per side")
    p.set_defaults(handler=run)


def computer_seat(text: str) -> tuple[str, str]:
    """``SIDE=LEVEL`` from the command line; the side is checked against the game later."""
    from bofa_studio.ai import LEVELS

    side, sep, level = text.partition("=")
    if not sep or not side or level not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"expected SIDE=LEVEL with LEVEL one of {', '.join(LEVELS)} (e.g. dark=normal), not {text!r}")
    return side, level


def seat_computers(controller, wanted: list[tuple[str, str]]) -> str | None:
    """Seat the computer as ``--computer`` says; the problem in words, or None."""
    from dataclasses import replace

    sides = list(controller.game.sides)
    for side, _level in wanted:
        if side not in sides:
            return f"--computer {side}=...: this game's sides are {', '.join(sides)}"
    if wanted and controller.o2:
        return "--computer: a side split between seats (O-2) is played by people only"
    levels = dict(wanted)
    seats = []
    for seat in controller.seats:
        level = levels.get(seat.side)
        if level:  # a seat still named after its side is named after its level
            name = f"Computer ({level})" if seat.name.endswith(" player") else seat.name
            seat = replace(seat, name=name, computer=level)
        seats.append(seat)
    controller.set_seats(seats)
    return None


def run(args: argparse.Namespace) -> int:
    from bofa_studio.commands import fail, not_a_file
    from bofa_studio.jsonfile import DataFileError

    problem = None if args.file is None else not_a_file(args.file)
    if problem:
        return fail(problem)
    from bofa_studio.ui.app import gui_app

    app = gui_app()
    from bofa_studio.play.autoplay import random_actions
    from bofa_studio.ui.play.shot import open_controller
    from bofa_studio.ui.play.window import PlayWindow

    seed = args.seed
    resumed = resume_unfinished(args)
    if resumed is not None:
        controller = resumed
    elif seed is None and args.file is None:
        from bofa_studio.ui.play.dialogs import NewGameDialog
        from bofa_studio.ui.play.window import controller_for

        choice = NewGameDialog.ask(None)
        if choice is None:
            return 0
        try:
            controller = controller_for(choice)
        except (DataFileError, NotImplementedError, ValueError) as exc:
            return fail(str(exc).splitlines()[0])
    else:
        if seed is None:
            import random

            seed = random.randrange(1, 1_000_000)
        try:
            controller, _ = open_controller(args.file, seed)
        except (DataFileError, NotImplementedError) as exc:
            for line in str(exc).splitlines():
                print(line, file=sys.stderr)
            return fail(f"cannot open {args.file}")
        if args.advance:
            random_actions(controller, args.advance, seed=seed)
    # The launcher starts play with no command line of its own: no --computer then.
    problem = seat_computers(controller, getattr(args, "computer", []))
    if problem:
        return fail(problem)
    window = PlayWindow(controller)
    window.show()
    window.view.fit()
    return app.exec()


def resume_unfinished(args: argparse.Namespace):
    """A game the program did not close normally (a crash, a kill) is offered back when the
    program starts as players start it (no file or the default scenario, no seed): "Resume
    <scenario>, turn N?". Yes opens its autosave, which the game goes on writing."""
    from bofa_studio.jsonfile import DataFileError
    from bofa_studio.play.controller import PlayController
    from bofa_studio.play.records import autosave_title, unfinished_autosave
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.ui.play import window as play_window

    if args.seed is not None or args.advance or args.file not in (None, str(default_scenario_path())):
        return None
    path = unfinished_autosave()
    if path is None or not play_window.ask_resume(autosave_title(path)):
        return None
    try:
        return PlayController.load(path, autosave_path=path)
    except (DataFileError, OSError, ValueError) as exc:
        play_window.show_start_error("Cannot resume the last game", str(exc))
        return None
