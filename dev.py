#!/usr/bin/env python3
"""Set up and run BoFA Studio from a checkout, on a fresh machine, with one command.

    python3 dev.py run [ARGS...]   install into .venv, then start the app (default scenario)
    python3 dev.py test [ARGS...]  install into .venv, then run the whole test suite

It needs only Python 3.11+ and pip. On Linux, Qt needs some system libraries a
fresh machine may lack: as root with apt-get they are installed; otherwise the
exact command to install them is printed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".bofa-installed"

# Debian packages Qt needs: offscreen (tests, render) and on screen (xcb).
APT_HEADLESS = ["libegl1", "libgl1", "libfontconfig1", "libxkbcommon0", "libglib2.0-0", "libdbus-1-3"]
APT_SCREEN = [
    "libxkbcommon-x11-0", "libx11-xcb1", "libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1",
    "libxcb-image0", "libxcb-render-util0", "libxcb-randr0", "libxcb-shape0", "libxcb-xinerama0",
    "libxcb-xkb1",
]


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def ensure_venv(extras: str) -> None:
    """Create .venv and install the project when pyproject.toml or the extras changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be started by an older python3
        sys.exit("BoFA Studio needs Python 3.11 or newer; this is " + sys.version.split()[0])
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text() == digest:
        return
    if not PYTHON.exists():
        say(f"creating {VENV}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    say(f"installing bofa-studio{extras} into .venv")
    subprocess.check_call([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    subprocess.check_call([str(PYTHON), "-m", "pip", "install", "--quiet", "-e", f".{extras}"], cwd=ROOT)
    STAMP.write_text(digest)


def missing_debian_packages(names: list[str]) -> list[str]:
    if not sys.platform.startswith("linux") or shutil.which("dpkg-query") is None:
        return []
    missing = []
    for name in names:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Status}", name], capture_output=True, text=True, check=False
        )
        if "install ok installed" not in result.stdout:
            missing.append(name)
    return missing


def ensure_system_libraries(names: list[str]) -> bool:
    """Install missing Debian packages as root; otherwise say exactly what to install."""
    missing = missing_debian_packages(names)
    if not missing:
        return True
    command = ["apt-get", "install", "-y", "--no-install-recommends", *missing]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        say("installing Qt's system libraries: " + " ".join(missing))
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if subprocess.run(command + ["-qq"], env=env, check=False).returncode == 0:
            return True
    say("Qt needs these system libraries, which are missing. Install them with:")
    say("    sudo " + " ".join(command))
    return False


def run_app(args: list[str]) -> int:
    ensure_venv("")
    headless = os.environ.get("QT_QPA_PLATFORM") == "offscreen"
    ensure_system_libraries(APT_HEADLESS if headless else APT_HEADLESS + APT_SCREEN)
    if sys.platform.startswith("linux") and not headless and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        say("no display found (DISPLAY is unset): start the app from a desktop session,")
        say("or set QT_QPA_PLATFORM=offscreen for headless commands such as `render`.")
    return subprocess.call([str(BIN / "bofa-studio"), *args])


def run_tests(args: list[str]) -> int:
    ensure_venv("[test,dev]")
    ensure_system_libraries(APT_HEADLESS)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.call([str(PYTHON), "-m", "pytest", *args], cwd=ROOT, env=env)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("run", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    return run_app(rest) if command == "run" else run_tests(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
