"""Make the shipped variant scenarios with the editor's own model, edits and save function.

The variants are authored the way a user would in the editor (every change an
edit on a ScenarioModel, saved by ``save_scenario``), so this script doubles as
a check that the editor can make them; it only spares clicking them again when
the Basic Game file is regenerated.

Run: ``python scripts/build_variants.py [BASIC.json] [OUTDIR]``.

The variants keep the Basic Game's own map reference (``../maps/bofa1984.json``):
they ship beside it. Writing them with the absolute path of the map the Basic
Game was read from instead made the reference depend on where the script ran
(a scratch copy once shipped ``../../../tmp/se/maps/...``) and on OUTDIR, so
output in a scratch directory could not be compared with the shipped files.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from bofa_studio.scenario import resolve_map  # noqa: E402
from bofa_studio.scenario.editing import open_scenario, save_scenario  # noqa: E402
from bofa_studio.ui.scenario_editor import edits  # noqa: E402
from bofa_studio.ui.scenario_editor.model import ScenarioModel  # noqa: E402

VARIANTS = {
    "bofa1984-extended.json": "extended",
    "bofa1984-variable-reinforcements.json": "variable",
    "bofa1984-mountain-road.json": "mountain_road",
}


def _model(basic: str) -> ScenarioModel:
    data, board, map_path = open_scenario(basic)
    return ScenarioModel(data, board, map_path)


def extended(m: ScenarioModel) -> None:
    edits.set_meta(m, "name", "The Battle of Five Armies - Extended Game (O-9)")
    edits.set_meta(m, "description", "The Basic Game played over 16 turns: O-9 adds 4 turns to the 12 of B-3, "
                   "for when games keep ending neck and neck. The chip mix of turns 4-12 goes on to turn 16.")
    edits.set_option(m, "o9_extra_turns", True)


def variable(m: ScenarioModel) -> None:
    edits.set_meta(m, "name", "The Battle of Five Armies - Variable Reinforcements (O-6)")
    edits.set_meta(m, "description", "The Basic Game with O-6: after the Free Peoples have set up, the Dark "
                   "player decides which 2 of his 5 units come over the mountain in turn 4; units the entry "
                   "triangles cannot hold come in the turn after.")
    edits.set_option(m, "o6_variable_reinforcements", True)


def mountain_road(m: ScenarioModel) -> None:
    """Our own variant: the armies trade sides of the mountain and the goblins come round the other way."""
    edits.set_meta(m, "name", "The Mountain Road (variant)")
    edits.set_meta(m, "description", (
        "A Basic Game variant that uses the map the other way round. The Elves hold the north-eastern ridge "
        "and Bard's Men with Dain's Dwarves the north-western one. The Second Wave (Gurash and Osag) does not "
        "climb the mountain: it marches up the valley and enters from the southern triangles in turn 3. Bolg, "
        "his bodyguard and the wargs take the mountain road instead and come over the ridges in turn 5, onto "
        "the defenders if need be. The Giant Eagles, seeing the danger from the south, come in there in turn 7."))
    edits.set_meta(m, "provenance", "Variant by BoFA Studio, made in the scenario editor from the Basic Game.")
    setup = m.data["order_of_battle"]["setup"]
    zone = {e["zone"]: i for i, e in enumerate(setup)}
    nw, ne = zone["setup.free_peoples.nw"], zone["setup.free_peoples.ne"]
    for cid in list(setup[nw]["counters"]):
        edits.set_assignment(m, cid, f"setup:{ne}")
    for cid in [c for c in m.data["order_of_battle"]["setup"][ne]["counters"] if m.counter(c)["command"] != "elves"
                and m.counter(c)["command"] not in ("free_peoples",) and c != "bilbo"]:
        edits.set_assignment(m, cid, f"setup:{nw}")
    reinforcements = m.data["order_of_battle"]["reinforcements"]
    for i, r in enumerate(reinforcements):
        if r["name"] == "Second Wave":
            edits.set_reinforcement(m, i, "turn", 3, "Second Wave on turn 3")
            edits.set_reinforcement(m, i, "entry", {"groups": ["south_west", "south_east"], "onto_enemy": False},
                                    "Second Wave from the south")
            edits.set_reinforcement(m, i, "alternatives", None, "No S-5 roll: the Second Wave comes by the valley")
        elif r["name"] == "Third Attack":
            edits.set_reinforcement(m, i, "entry", {"groups": ["north_west", "north_east"], "onto_enemy": True},
                                    "Third Attack over the mountain")
        elif r["name"] == "Giant Eagles":
            edits.set_reinforcement(m, i, "entry", {"groups": ["south_west", "south_east"], "onto_enemy": False},
                                    "Eagles from the south")
    _place_all(m)


def _place_all(m: ScenarioModel) -> None:
    """A legal B-2 placement for the new zones, as one edit: each unit in the free zone hex
    nearest the Front Gate that the engine's B-9 rule accepts, then the leaders on top.

    (``scenario.placement.default_placement`` does the same for the Basic Game; this
    one goes through the editor's own stacking check and edit functions.)
    """
    from types import SimpleNamespace

    from bofa_studio.rules.bofa1984.counters import spec_from_dict
    from bofa_studio.rules.bofa1984.stacking import stacking_problem
    from bofa_studio.ui.scenario_editor.checks import _StackingConfig

    specs = {c["id"]: spec_from_dict(c) for c in m.counters()}
    game = _StackingConfig(specs, m.data["rules"]["options"])
    state = SimpleNamespace(steps={cid: 2 for cid in specs})
    gate = sorted(m.board.area("setup.thorin"))[0]
    removed = m.removed()
    occupants: dict = {}
    moves = {}
    for entry in m.data["order_of_battle"]["setup"]:
        zone = sorted(m.board.area(entry["zone"]), key=lambda h: (h.distance(gate), h))
        ids = [c for c in entry["counters"] if c not in removed]
        units = [c for c in ids if not specs[c].leader or specs[c].is_thorin]
        leaders = [c for c in ids if c not in units]
        for cid in units + leaders:
            h = next(h for h in zone if stacking_problem(game, state, occupants.get(h, []) + [cid]) is None)  # type: ignore[arg-type]
            occupants.setdefault(h, []).append(cid)
            moves[cid] = h
    edits.unplace(m, list(m.placements()))
    edits.place_many(m, moves)


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QCoreApplication

    _app = QCoreApplication.instance() or QCoreApplication([])
    basic = argv[1] if len(argv) > 1 else "scenarios/bofa1984-basic.json"
    out = Path(argv[2]) if len(argv) > 2 else Path(basic).parent
    for name, recipe in VARIANTS.items():
        m = _model(basic)
        globals()[recipe](m)
        target = out / name
        # The Basic Game's reference read from the target: save_scenario writes it back as it was.
        save_scenario(m.data, resolve_map({"map": m.data["map"]}, str(target)), target)
        print(f"wrote {target} ({m.undo_stack.count()} edits)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
