"""Play one 1984 game of computer against computer and summarise what a wargamer looks at in
its replay (issue 16's review of ``normal`` against itself).

    .venv/bin/python scripts/review_ai_game.py scenarios/bofa1984-basic.json --level normal --seed 11 -o game.json
    .venv/bin/python scripts/review_ai_game.py --read game.json

The game is played through a Session with the match's player seeds and saved, so the play
window opens it for replay. The summary, read back from the saved log:

* attacks and skirmishes, with the median difference the log prints and how many were at
  odds below 0 (B-7);
* hexes attacked more than once in one phase (a planner that splits attacks, B-7: "The
  values of the attacking counters can be added together");
* leaders standing with no combat unit of their side at a turn's end, and how far the
  nearest one is (B-7: a leader adds to the stack he stands in). Thorin is a combat counter
  too (B-10) and Beorn may not stack with friends (B-9), so neither counts;
* who holds each victory location at the end (B-11).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
from collections import defaultdict
from typing import Any

from bofa_studio.ai import make_player
from bofa_studio.ai.match import game_seed
from bofa_studio.session import Session, load_session

DIFFERENCE = re.compile(r"\(difference ([+-]?\d+)\)")
PLURAL = {"Attack": "attacks", "Skirmish": "skirmishes"}


def play(scenario: str, levels: dict[str, str], seed: int, out: str) -> Session:
    """Play with the seeds ``match`` gives a game whose dice seed is ``seed``, so that game
    ``I`` of a series (dice seed ``S * 1000003 + I - 1``) is played again move for move."""
    session = Session.from_scenario_file(scenario, seed)
    game = session.game
    players = {side: make_player(levels[side], seed * 2 + k + 1, safety_net=False)
               for k, side in enumerate(sorted(game.sides))}
    while not game.is_terminal(session.state):
        side = game.current_player(session.state)
        session.apply(players[side].choose(game, session.state))
    session.save(out)
    return session


def lone_leaders(game: Any, state: Any) -> list[str]:
    out = []
    for cid, h in sorted(state.pos.items()):
        spec = game.specs[cid]
        if not spec.leader or spec.is_thorin or spec.is_beorn:
            continue
        side = game.side_of[cid]
        units = [state.pos[c] for c in state.pos if game.side_of[c] == side and not game.specs[c].leader]
        if h not in units:
            near = min((game.cb.distance(h, u) for u in units), default=-1)
            out.append(f"{spec.name} ({side}, {near} hex{'es' if near != 1 else ''} from a unit)")
    return out


def summary(session: Session) -> str:
    game = session.game
    differences: dict[str, list[int]] = {"Attack": [], "Skirmish": []}
    attacked: dict[tuple[int, str], int] = defaultdict(int)
    phase = 0
    turn = session.initial.turn
    lines = []
    state = session.initial
    for action, events, state in session.replay():
        kind = type(action).__name__
        if kind == "EndPhase":
            phase += 1
        if kind in differences:
            for event in events:
                found = DIFFERENCE.search(event.text)
                if found:
                    differences[kind].append(int(found.group(1)))
        if kind == "Attack":
            attacked[(phase, game.cb.label(game.idx(action.target)))] += 1
        if state.turn != turn:
            alone = lone_leaders(game, state)
            if alone:
                lines.append(f"  end of turn {turn}: " + "; ".join(alone))
            turn = state.turn
    result = game.result(state) if game.is_terminal(state) else {}
    head = [f"result: {result.get('summary', 'unfinished')}; {len(session.log)} actions"]
    for location, side in sorted(result.get("control", {}).items()):
        head.append(f"  {location}: {side or 'nobody'}")
    for kind, values in differences.items():
        if values:
            head.append(f"{PLURAL[kind]}: {len(values)}, median difference {statistics.median(values):+g}, "
                        f"{sum(v < 0 for v in values)} below 0")
    repeated = sorted(where for where, n in attacked.items() if n > 1)
    head.append(f"a hex attacked more than once in one phase: {len(repeated)}"
                + (" (" + ", ".join(f"{hx} in phase {p}" for p, hx in repeated) + ")" if repeated else ""))
    head.append("leaders with no unit of their side in their hex at a turn's end:" if lines else
                "every leader stood with a unit of his side at every turn's end")
    return "\n".join(head + lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", nargs="?", help="a 1984 scenario to play")
    parser.add_argument("--level", default="normal", help="both sides' level, unless one is named below")
    parser.add_argument("--free-peoples", metavar="LEVEL", help="the Free Peoples' level")
    parser.add_argument("--dark", metavar="LEVEL", help="the Dark side's level")
    parser.add_argument("--seed", type=int, default=11, help="the game's dice seed")
    parser.add_argument("--match", nargs=2, type=int, metavar=("S", "I"),
                        help="play game I of a `match --seed S` series again (its dice seed; the levels "
                             "must be the ones that game had, which --swap-sides exchanges in even games)")
    parser.add_argument("-o", "--out", help="where to save the game")
    parser.add_argument("--read", metavar="SAVE", help="summarise a saved game instead of playing one")
    args = parser.parse_args(argv)
    if args.read:
        session = load_session(args.read)
    elif args.scenario and args.out:
        levels = {"free_peoples": args.free_peoples or args.level, "dark": args.dark or args.level}
        seed = args.seed if args.match is None else game_seed(args.match[0], args.match[1] - 1)
        session = play(args.scenario, levels, seed, args.out)
    else:
        parser.error("give a SCENARIO and -o OUT to play one, or --read SAVE")
    print(summary(session))
    return 0


if __name__ == "__main__":
    sys.exit(main())
