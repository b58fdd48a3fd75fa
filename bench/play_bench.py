"""How fast play mode answers a click, on the shipped 1984 scenario.

1. Reach: from a left click on a counter (through the scene tool, as a mouse
   press arrives) to its reachable hexes and costs drawn on the viewport. The
   engine's legal-action cache is cold, as it is after every action.
2. LOS: from a click on the target hex in a fire phase to the line of sight (and
   the odds) drawn on the viewport.

Each prints its median and the baseline measured in the same run: the engine or
LOS call alone, so what the UI adds is visible. Targets: <= 50 ms each.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python bench/play_bench.py [--scenario PATH]
(the Standard scenario adds the S-6 morale-check chances and S-7 dive marks to a click).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGET_MS = 50.0


def ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", help="scenario to play (default: the shipped one)")
    args = parser.parse_args(argv)
    from bofa_studio import ui  # noqa: F401
    from bofa_studio.ui.map.render import ensure_app

    app = ensure_app()
    import tempfile

    from PySide6.QtCore import QSettings

    from bofa_studio.los import line_of_sight
    from bofa_studio.play.controller import PlayController
    from bofa_studio.resources import default_scenario_path
    from bofa_studio.rules.bofa1984 import actions as A
    from bofa_studio.rules.bofa1984 import movement
    from bofa_studio.rules.bofa1984.players import random_player
    from bofa_studio.rules.core import seed_state
    from bofa_studio.ui.play.window import PlayWindow

    tmp = tempfile.mkdtemp()
    c = PlayController.new_game(args.scenario or default_scenario_path(), seed=3, autosave_path=Path(tmp) / "auto.json")
    window = PlayWindow(c, settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
    window.ask_unsaved = lambda: "discard"
    window.show_end = lambda r, p: None
    window.resize(1500, 950)
    window.show()
    app.processEvents()
    window.view.fit()
    viewport = window.view.viewport()

    def play_until(pred, seed):
        rng = seed_state(seed)
        while not pred():
            action, rng = random_player(c.game, c.state, rng)
            c.act(action)
            c.handover_to = None

    # -- reach ------------------------------------------------------------------
    reach_ui, reach_base = [], []
    for seed in range(1, 6):
        play_until(lambda: c.state.stage == "move" and c.state.turn >= 2
                   and any(isinstance(a, A.Move) for a in c.legal()), seed)
        groups = sorted({a.counters for a in c.legal() if isinstance(a, A.Move) and len(a.counters) == 1})[:8]
        for group in groups:
            h = c.hex_of(group[0])
            pos = window.scene.hex_center(h)
            t0 = time.perf_counter()
            movement.legal_moves(c.game, c.state, group)
            reach_base.append(ms(t0))
            c.clear_selection()
            c.version += 1  # cold cache, as after an action
            app.processEvents()
            t0 = time.perf_counter()
            window.board.click(pos, h)
            viewport.repaint()
            reach_ui.append(ms(t0))
            assert c.reach is not None
        c.act(A.EndPhase())
        c.handover_to = None

    # -- line of sight ----------------------------------------------------------------
    los_ui, los_base = [], []
    for seed in range(1, 30):
        if len(los_ui) >= 30 or c.is_over:
            break
        play_until(lambda: c.is_over or (c.state.stage == "fire" and any(isinstance(a, A.Fire) for a in c.legal())),
                   seed)
        if c.is_over:
            break
        shots = [a for a in c.legal() if isinstance(a, A.Fire) and len({c.hex_of(x) for x in a.archers}) == 1][:10]
        occupied = {c.game.hex(i) for i in c.state.stacks}
        for shot in shots:
            origin = c.hex_of(shot.archers[0])
            t0 = time.perf_counter()
            line_of_sight(c.game.board, origin, shot.target, occupied)
            los_base.append(ms(t0))
            c.clear_selection()
            c.selection = tuple(shot.archers)
            app.processEvents()
            t0 = time.perf_counter()
            window.board.click(window.scene.hex_center(shot.target), shot.target)
            viewport.repaint()
            los_ui.append(ms(t0))
            assert "play.los_clear" in window.scene.overlay.keys()
        c.act(A.EndPhase())
        c.handover_to = None

    def report(name: str, ui_times: list[float], base: list[float], base_name: str) -> bool:
        med = statistics.median(ui_times)
        ok = med <= TARGET_MS
        print(f"{name}: median {med:.1f} ms over {len(ui_times)} clicks (max {max(ui_times):.1f}); "
              f"baseline {base_name} {statistics.median(base):.2f} ms; target <= {TARGET_MS:.0f} ms "
              f"{'OK' if ok else 'MISSED'}")
        return ok

    ok = report("click counter -> reachable hexes drawn", reach_ui, reach_base, "engine legal_moves alone")
    ok &= report("click target -> line of sight drawn", los_ui, los_base, "los.line_of_sight alone")
    window._autosave.stop()
    window.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
