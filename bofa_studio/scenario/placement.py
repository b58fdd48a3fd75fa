"""Generate a legal default B-2 placement for a scenario on a given map.

Used once per map revision by ``scripts/build_bofa1984.py`` so that a new game can start at
once; players can still place every counter themselves. The Free Peoples hold
the Front Gate (Thorin) and both guard rooms at the start, as the B-11 author's
note says ("at the start of the game he holds 3 victory hexes/areas").
"""

from __future__ import annotations

from typing import Any

from bofa_studio.board.model import Board, HexFeature


def default_placement(scenario: dict[str, Any], board: Board) -> dict[str, str]:
    from bofa_studio.rules.bofa1984.counters import spec_from_dict
    from bofa_studio.rules.bofa1984.stacking import stacking_problem

    removed = set(scenario["order_of_battle"].get("removed", {}).get("counters", ()))
    specs = {c["id"]: spec_from_dict(c) for c in scenario["counters"] if c["id"] not in removed}
    guard_rooms = set(board.hexes_with(HexFeature.GUARD_ROOM))
    gate = sorted(board.area("setup.thorin"))[0]

    class _Steps:  # stacking_problem reads only these two attributes
        def __init__(self) -> None:
            self.steps = {cid: 2 for cid in specs}

    class _Game:
        # The Basic Game's stacking (B-9): no optional rule changes the setup.
        o7 = False

        def option(self, name: str) -> bool:
            return False

    game = _Game()
    game.specs = specs  # type: ignore[attr-defined]
    st = _Steps()
    occupants: dict[Any, list[str]] = {}
    placement: dict[str, str] = {}
    for entry in scenario["order_of_battle"]["setup"]:
        zone = board.area(entry["zone"])
        counters = [c for c in entry["counters"] if c not in removed]
        units = [c for c in counters if not specs[c].leader or specs[c].is_thorin]
        leaders = [c for c in counters if specs[c].leader and not specs[c].is_thorin]
        # Guard rooms first, then the hexes nearest the Front Gate: the defenders
        # stand where the fight will come, not against the back edge.
        order = sorted(zone, key=lambda h: (h not in guard_rooms, h.distance(gate), h))
        if entry["zone"] == "setup.dark":
            # The Dark army fills its triangles from the inner row outwards.
            order = sorted(zone, key=lambda h: (board.grid.edge_distance(h) * -1, h))
        for group in (units, leaders):
            for cid in group:
                for h in order:
                    if stacking_problem(game, st, occupants.get(h, []) + [cid]) is None:  # type: ignore[arg-type]
                        occupants.setdefault(h, []).append(cid)
                        placement[cid] = board.label(h)
                        break
                else:
                    raise ValueError(f"no room for {cid} in {entry['zone']}")
    return placement
