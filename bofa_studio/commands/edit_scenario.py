"""``bofa-studio edit-scenario [SCENARIO]``: open the scenario editor on a file, or on a new scenario."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("edit-scenario", help="open the scenario editor (on SCENARIO, or on a new scenario)")
    p.add_argument("scenario", metavar="SCENARIO", nargs="?")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from bofa_studio.commands import EXIT_USAGE, fail
    from bofa_studio.jsonfile import DataFileError
    from bofa_studio.scenario.editing import open_scenario

    if args.scenario is not None:
        # A broken file is a short error here, before any window opens, never a traceback.
        try:
            if _has_form(args.scenario):
                from bofa_studio.scenario.form import FormDocument

                FormDocument.open(args.scenario)
            else:
                open_scenario(args.scenario)
        except DataFileError as exc:
            for problem in exc.problems:
                print(str(problem), file=sys.stderr)
            return fail(f"cannot open {args.scenario}", EXIT_USAGE)
        except OSError as exc:
            return fail(f"cannot open {args.scenario}: {exc}", EXIT_USAGE)
    from bofa_studio.ui.app import gui_app

    app = gui_app()
    from bofa_studio.ui.scenario_editor.form_window import editor_for

    window = editor_for(args.scenario)
    window.show()
    if hasattr(window, "view"):
        window.view.fit()
    return app.exec()


def _has_form(path: str) -> bool:
    """Whether the file's ruleset declares a scenario form (its own editor) instead of the 1984 one."""
    from bofa_studio.jsonfile import read_json_object
    from bofa_studio.scenario.form import scenario_form

    return scenario_form(read_json_object(path).get("ruleset")) is not None


def shoot(path: str | None, width: int, height: int):
    """The scenario editor on ``path`` (or a new scenario), for ``screenshot --mode edit-scenario``."""
    if path is not None and _has_form(path):
        from bofa_studio.ui.scenario_editor.form_window import shoot_form

        return shoot_form(path, width, height)
    from bofa_studio.ui.scenario_editor.window import ScenarioEditorWindow
    from bofa_studio.ui.window_grab import grab_window

    def prepare(window: ScenarioEditorWindow) -> None:
        # Show a counter's details and its values: the panel an author works in most.
        first = next((c["id"] for c in window.model.counters() if c["id"] in window.model.placements()), None)
        window.select(first)
        window.problems.refresh()
        window.view.fit()
        window.view.settle()

    return grab_window(
        lambda settings: ScenarioEditorWindow(path, settings=settings),
        width,
        height,
        prepare,
        lambda window: window.model.undo_stack,
    )
