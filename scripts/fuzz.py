"""Feed mutated maps, scenarios and saves to the loaders, then play what loads.

Every case starts from a shipped file (the 1984 map, a shipped scenario, a test save
or a short save made on the spot), changes one to three things in it (a value of
another type, a number far out of range, a label like ``0000``, a lone surrogate, a
value copied from elsewhere in the file, a missing key, deep nesting, a truncated
text...), writes it and loads it as a user's file would be loaded. A file that loads
is then played: ``--actions`` random legal actions through the game protocol.

Each case ends as one of:

* ok: it loaded and played;
* clean error: a DataFileError naming the file and the place (what the user sees);
* crash: any other exception, while loading or playing (a bug);
* hang: the case used more than ``--timeout`` seconds of CPU, or was stuck ten times
  that long by the clock without using any (a bug).

Cases run in worker subprocesses, each limited to ``--memory`` GB of address space; a
case that hangs or dies takes only its worker with it (a new one takes over). Cases
are numbered and seeded, so ``--case N`` replays one in this process with its traceback.

    .venv/bin/python scripts/fuzz.py --kind scenario --cases 10000 --jobs 2
    .venv/bin/python scripts/fuzz.py --kind save --case 417 --seed 0
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# Every case is checked in full: no verdict of an earlier run stands in for a check, and the
# mutated files' verdicts do not crowd the user's cache (workers inherit the setting).
os.environ["BOFA_STUDIO_CACHE"] = ""
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KINDS = ("map", "scenario", "save")
SHIPPED_MAP = ROOT / "maps" / "bofa1984.json"
SHIPPED_SCENARIOS = sorted((ROOT / "scenarios").glob("*.json"))
SHIPPED_SAVES = sorted((ROOT / "tests" / "data").glob("*.bofa-save.json"))

# Values a careless or hostile author might write anywhere.
ODD_VALUES: list[Any] = [
    0, -1, 1, 2, 7, 99, 100, 10**9, -(10**9), 2**63, 32.0, 0.5, -0.0, 1e308,
    "", "0000", "0101", "9999", "\ud800", "x" * 5000, "free_peoples", "dark", "/dev/zero", "..",
    None, True, False, [], {}, [None], {"": None}, ["free_peoples", "free_peoples"],
]
DEEP = 70  # deeper than the reader allows


# -- the files to start from -----------------------------------------------------------------


@cache
def base_files(kind: str) -> list[dict[str, Any]]:
    """The parsed files a case of ``kind`` mutates."""
    if kind == "map":
        return [json.loads(SHIPPED_MAP.read_text(encoding="utf-8"))]
    if kind == "scenario":
        out = []
        for path in SHIPPED_SCENARIOS:
            data = json.loads(path.read_text(encoding="utf-8"))
            data["map"] = str(SHIPPED_MAP)  # absolute: the case is written elsewhere
            out.append(data)
        return out
    return [_short_save(), *(json.loads(p.read_text(encoding="utf-8")) for p in SHIPPED_SAVES)]


def _short_save() -> dict[str, Any]:
    """A save of the Basic Game after a few dozen actions: quick to replay, so most save
    cases use it; the shipped test saves (whole games) are the others."""
    from bofa_studio.scenario import load_scenario
    from bofa_studio.session import Session

    scenario = load_scenario(ROOT / "scenarios" / "bofa1984-basic.json")
    session = Session(scenario.data, scenario.board, seed=7)
    play(session, 60, random.Random(7))
    return session.to_dict()


# -- mutations --------------------------------------------------------------------------------


def _nodes(data: Any) -> list[tuple[Any, Any]]:
    """(container, key) for every value in the tree (the root excluded)."""
    out: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                out.append((node, key))
                stack.append(value)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                out.append((node, i))
                stack.append(value)
    return out


def _odd_number(value: int | float, rnd: random.Random) -> Any:
    return rnd.choice([value + 1, value - 1, -value, value * 1000, float(value), value + 10**9])


def mutate(data: Any, rnd: random.Random) -> tuple[Any, list[str]]:
    """One to three changes to ``data`` (changed in place); returns it and what was done."""
    done: list[str] = []
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        nodes = _nodes(data)
        if not nodes:
            break
        container, key = rnd.choice(nodes)
        value = container[key]
        op = rnd.randrange(8)
        where = f"[{key!r}]"
        if op == 0:
            new = rnd.choice(ODD_VALUES)
            container[key] = json.loads(json.dumps(new))
            done.append(f"{where} = {_brief(new)}")
        elif op == 1:
            other, other_key = rnd.choice(nodes)
            container[key] = json.loads(json.dumps(other[other_key]))
            done.append(f"{where} = a copy of [{other_key!r}]")
        elif op == 2 and isinstance(container, dict):
            del container[key]
            done.append(f"del {where}")
        elif op == 2:
            container.pop(key)
            done.append(f"removed item {key}")
        elif op == 3 and isinstance(value, (int, float)) and not isinstance(value, bool):
            container[key] = _odd_number(value, rnd)
            done.append(f"{where} {value} -> {_brief(container[key])}")
        elif op == 3 and isinstance(value, list) and value:
            container[key] = value + [rnd.choice(value)] * rnd.choice([1, 1, 50])
            done.append(f"{where} repeats an item")
        elif op == 4 and isinstance(container, dict):
            new_key = rnd.choice([str(k) for _c, k in rnd.sample(nodes, min(5, len(nodes)))] + ["0000", "\ud800"])
            container[new_key] = container.pop(key)
            done.append(f"renamed {where} to {new_key!r}")
        elif op == 5:
            nested: Any = value
            for _ in range(DEEP):
                nested = [nested]
            container[key] = nested
            done.append(f"{where} nested {DEEP} deep")
        elif op == 6 and isinstance(value, str):
            container[key] = rnd.choice([value.upper(), value + "_x", value[:-1], value * 2])
            done.append(f"{where} {value!r} -> {container[key]!r}"[:120])
        elif op == 7 and isinstance(value, (dict, list)):
            container[key] = type(value)()
            done.append(f"{where} emptied")
        else:
            container[key] = rnd.choice(ODD_VALUES)
            done.append(f"{where} = {_brief(container[key])}")
    return data, done


def mutate_text(text: str, rnd: random.Random) -> tuple[str, str]:
    """Damage the text itself, as a bad copy or a hostile file would."""
    op = rnd.randrange(4)
    at = rnd.randrange(len(text) + 1)
    if op == 0:
        return text[:at], f"truncated at {at}"
    if op == 1:
        return text[:at] + rnd.choice(["\x00", "}", "]", ",", '"', "\\", "\ufeff", "NaN"]) + text[at:], f"junk at {at}"
    if op == 2:
        digits = rnd.choice([400, 4301, 10000])
        return text.replace(": 1", ": 1" + "1" * digits, 1), f"a {digits}-digit number"
    depth = rnd.choice([200, 1000, 50_000])
    return text.replace("{", "{\"deep\": " + "[" * depth + "]" * depth + ", ", 1), f"nested {depth} deep"


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- a case -----------------------------------------------------------------------------------


def play(session: Any, actions: int, rnd: random.Random) -> int:
    """Up to ``actions`` random legal actions through the protocol: a kind of action first
    (so a setup of many single placements does not take them all), then one of that kind."""
    done = 0
    while done < actions and not session.game.is_terminal(session.state):
        legal = session.legal_actions()
        if not legal:
            raise AssertionError(f"no legal action for {session.current_player()!r} in a game not over")
        kinds: dict[str, list[Any]] = {}
        for action in legal:
            kinds.setdefault(type(action).__name__, []).append(action)
        session.apply(rnd.choice(kinds[rnd.choice(sorted(kinds))]))
        done += 1
    return done


def make_case(kind: str, seed: int, index: int) -> tuple[str, str]:
    """(file text, what was changed) for case ``index`` of ``kind``."""
    rnd = random.Random(f"{seed}/{kind}/{index}")
    bases = base_files(kind)
    # Saves: mostly the short one (a whole game's replay is slow).
    base = bases[0] if kind == "save" and rnd.random() < 0.8 else rnd.choice(bases)
    data, done = mutate(json.loads(json.dumps(base)), rnd)
    text = json.dumps(data, indent=1)
    if rnd.random() < 0.1:
        text, how = mutate_text(text, rnd)
        done.append(how)
    return text, "; ".join(done)


def run_case(kind: str, text: str, folder: Path, actions: int, seed: int = 0) -> tuple[str, str]:
    """Load ``text`` as a ``kind`` file, play it if it loads: (status, detail)."""
    from bofa_studio.jsonfile import DataFileError

    path = folder / f"case.{kind}.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        session = _load(kind, path)
    except DataFileError as exc:
        return "error", str(exc.problems[0]) if exc.problems else "DataFileError"
    except Exception:
        return "crash", "loading: " + traceback.format_exc(limit=-3)
    try:
        n = play(session, actions, random.Random(seed))
    except Exception:
        return "crash", "playing: " + traceback.format_exc(limit=-3)
    return "ok", f"{n} actions"


def _load(kind: str, path: Path) -> Any:
    from bofa_studio.board import load_map
    from bofa_studio.jsonfile import DataFileError
    from bofa_studio.scenario import load_scenario, scenario_map_problems
    from bofa_studio.session import Session, load_session

    if kind == "save":
        return load_session(path)
    if kind == "scenario":
        scenario = load_scenario(path)
        return Session(scenario.data, scenario.board, seed=1)
    # A map is played with the Basic Game on it, checked as a scenario naming it would be.
    board = load_map(path)
    scenario = base_files("scenario")[0]
    problems = scenario_map_problems(scenario, board, str(path))
    if problems:
        raise DataFileError(problems)
    return Session(scenario, board, seed=1)


# -- workers ----------------------------------------------------------------------------------


def _limit_memory(gigabytes: float) -> None:
    try:
        import resource
    except ImportError:  # not POSIX: no limit
        return
    limit = int(gigabytes * 1024**3)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _worker(conn: Any, kind: str, seed: int, actions: int, memory: float) -> None:
    _limit_memory(memory)
    folder = Path(tempfile.mkdtemp(prefix="bofa-fuzz-"))
    try:
        base_files(kind)  # once, before the first case's clock starts
        conn.send("ready")
        while True:
            index = conn.recv()
            if index is None:
                return
            try:
                text, _what = make_case(kind, seed, index)
                status, detail = run_case(kind, text, folder, actions, seed + index)
            except MemoryError:
                status, detail = "crash", "MemoryError"
            conn.send((index, status, detail))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Worker:
    def __init__(self, kind: str, seed: int, actions: int, memory: float) -> None:
        self.args = (kind, seed, actions, memory)
        self.conn, child = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_worker, args=(child, *self.args), daemon=True)
        self.process.start()
        child.close()
        if not self.conn.poll(600):
            raise RuntimeError("a worker did not start")
        self.conn.recv()
        self.index: int | None = None
        self.started = 0.0
        self.cpu_at_start: float | None = None

    def give(self, index: int) -> None:
        self.index, self.started, self.cpu_at_start = index, time.monotonic(), self.cpu_seconds()
        self.conn.send(index)

    def cpu_seconds(self) -> float | None:
        """The worker's CPU time so far (Linux), or None where it cannot be read."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def hung(self, timeout: float) -> str | None:
        """Why the case counts as hung, or None. CPU time, not the clock, is what a case is
        allowed: on a busy machine (or under ``nice``) a worker can wait minutes for a core.
        A case stuck without using the CPU (a blocking read) is caught by the clock."""
        waited = time.monotonic() - self.started
        cpu, start = self.cpu_seconds(), self.cpu_at_start
        if cpu is None or start is None:
            return f"no result after {waited:.0f} s" if waited > timeout else None
        if cpu - start > timeout:
            return f"no result after {cpu - start:.0f} s of CPU"
        if waited > 10 * timeout:
            return f"no result after {waited:.0f} s ({cpu - start:.1f} s of CPU)"
        return None

    def stop(self) -> None:
        self.process.kill()
        self.process.join()


def run(kind: str, cases: range, seed: int, jobs: int, timeout: float, actions: int, memory: float,
        report: Callable[[str], None]) -> dict[str, int]:
    counts = {"ok": 0, "error": 0, "crash": 0, "hang": 0}
    todo = list(cases)
    todo.reverse()
    workers = [Worker(kind, seed, actions, memory) for _ in range(min(jobs, len(todo)))]
    for w in workers:
        if todo:
            w.give(todo.pop())
    busy = [w for w in workers if w.index is not None]
    while busy:
        for w in list(busy):
            finished = None
            if w.conn.poll(0.05):
                try:
                    finished = w.conn.recv()
                except EOFError:
                    finished = (w.index, "crash", f"the worker died (exit code {w.process.exitcode})")
            elif not w.process.is_alive():
                finished = (w.index, "crash", f"the worker died (exit code {w.process.exitcode})")
            elif (why := w.hung(timeout)) is not None:
                finished = (w.index, "hang", why)
            if finished is None:
                continue
            index, status, detail = finished
            counts[status] += 1
            if status in ("crash", "hang"):
                _text, what = make_case(kind, seed, index)
                report(f"{kind} case {index}: {status.upper()}: {what}\n    {detail.strip()}")
                if not w.process.is_alive() or status == "hang":
                    w.stop()
                    busy.remove(w)
                    workers.remove(w)
                    w = Worker(kind, seed, actions, memory)
                    workers.append(w)
                    busy.append(w)
                    w.index = None
            if todo:
                w.give(todo.pop())
            else:
                w.index = None
                busy.remove(w)
    for w in workers:
        w.conn.send(None)
        w.process.join(5)
        if w.process.is_alive():
            w.stop()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=[*KINDS, "all"], default="all")
    parser.add_argument("--cases", type=int, default=1000, help="cases per kind (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="the first case number")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds a case may take")
    parser.add_argument("--actions", type=int, default=100, help="random actions played on a file that loads")
    parser.add_argument("--memory", type=float, default=2.0, help="GB of address space a worker may use")
    parser.add_argument("--case", type=int, help="run this one case here, with its traceback")
    args = parser.parse_args(argv)
    kinds = KINDS if args.kind == "all" else (args.kind,)

    if args.case is not None:
        for kind in kinds:
            text, what = make_case(kind, args.seed, args.case)
            with tempfile.TemporaryDirectory() as folder:
                status, detail = run_case(kind, text, Path(folder), args.actions, args.seed + args.case)
            print(f"{kind} case {args.case}: {what}\n  {status}: {detail}")
        return 0

    failed = False
    for kind in kinds:
        start = time.monotonic()
        counts = run(kind, range(args.first, args.first + args.cases), args.seed, args.jobs, args.timeout,
                     args.actions, args.memory, lambda line: print(line, flush=True))
        elapsed = time.monotonic() - start
        print(f"{kind}: {args.cases} cases (seed {args.seed}, from {args.first}): {counts['ok']} loaded and "
              f"played, {counts['error']} clean errors, {counts['crash']} crashes, {counts['hang']} hangs "
              f"[{elapsed:.0f} s, {args.jobs} jobs, {args.memory:g} GB limit, {args.timeout:g} s timeout]",
              flush=True)
        failed = failed or bool(counts["crash"] or counts["hang"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
