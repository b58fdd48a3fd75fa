"""How big the frozen build is and how fast it starts, next to the same commands from the venv.

    .venv/bin/python bench/frozen_bench.py [--app dist/bofa-studio] [--runs 7]

Build first (``bash packaging/build.sh``). Prints the unpacked size of the app
folder, then the median wall time of ``--self-test`` and ``--version`` over
``--runs`` runs, for the frozen executable and for ``python -m bofa_studio``
from the interpreter running this script, in the same session so that both see
the same machine load and disk cache. The first run of each is reported apart:
it is the closest to a cold start this script can measure without root (a true
cold start needs the page cache dropped). Every run is headless: DISPLAY,
WAYLAND_DISPLAY and QT_QPA_PLATFORM are removed, as on a CI machine.

Targets for Linux (issue 9): at most 120 MB unpacked, ``--self-test`` at most 3 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE_TARGET_MB = 120.0
SELF_TEST_TARGET_S = 3.0


def unpacked_size(folder: Path) -> int:
    """Bytes of every file under ``folder``; symlinks count as links, as an unpacked archive has them."""
    return sum(os.lstat(Path(d) / f).st_size for d, _, files in os.walk(folder) for f in files)


def headless_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        env.pop(name, None)
    return env


def time_runs(command: list[str], runs: int) -> tuple[float, float, int]:
    """(first run, median of all runs, exit code of the last run), in seconds."""
    times, code = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, env=headless_env(), cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
        code = result.returncode
        if code != 0:
            sys.stderr.write(f"{' '.join(command)} exited {code}:\n{result.stdout.decode()}{result.stderr.decode()}\n")
            break
    return times[0], statistics.median(times), code


def find_executable(app: Path) -> Path:
    """The console executable: bofa-studio-cli on Windows and macOS, bofa-studio on Linux."""
    suffix = ".exe" if os.name == "nt" else ""
    for name in (f"bofa-studio-cli{suffix}", f"bofa-studio{suffix}"):
        if (app / name).exists():
            return app / name
    raise SystemExit(f"no executable in {app}; build it first with: bash packaging/build.sh")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "bofa-studio", help="the one-folder build")
    parser.add_argument("--runs", type=int, default=7, help="runs per command (median reported)")
    args = parser.parse_args(argv)

    exe = find_executable(args.app)
    size_mb = unpacked_size(args.app) / 1e6
    print(f"frozen build: {args.app}")
    print(f"unpacked size: {size_mb:.1f} MB (target <= {SIZE_TARGET_MB:.0f} MB on Linux)"
          f"{'' if size_mb <= SIZE_TARGET_MB else '  OVER TARGET'}")
    print(f"wall time, {args.runs} runs each, headless (seconds):")
    print(f"  {'command':<42} {'first':>7} {'median':>7}  exit")
    rows = [
        ("frozen --self-test", [str(exe), "--self-test"]),
        ("frozen --version", [str(exe), "--version"]),
        ("venv python -m bofa_studio --self-test", [sys.executable, "-m", "bofa_studio", "--self-test"]),
        ("venv python -m bofa_studio --version", [sys.executable, "-m", "bofa_studio", "--version"]),
    ]
    failed = False
    frozen_self_test = None
    for label, command in rows:
        first, median, code = time_runs(command, args.runs)
        failed |= code != 0
        if label == "frozen --self-test":
            frozen_self_test = median
        print(f"  {label:<42} {first:7.2f} {median:7.2f}  {code}")
    if frozen_self_test is not None:
        verdict = "ok" if frozen_self_test <= SELF_TEST_TARGET_S else "OVER TARGET"
        print(f"frozen --self-test median {frozen_self_test:.2f} s (target <= {SELF_TEST_TARGET_S:.0f} s): {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
