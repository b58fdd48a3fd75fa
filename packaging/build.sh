#!/usr/bin/env bash
# Build the standalone BoFA Studio (PyInstaller, one folder), archive it, and check it headless.
#
#   bash packaging/build.sh [--dist DIR] [--work DIR] [--no-check] [--quick-archive]
#
# Output (defaults): dist/bofa-studio/ (the app folder) and
# dist/bofa-studio-<version>-<platform>-<arch>.tar.gz (.zip on Windows and macOS).
#
# It needs only Python 3.11+ and pip: with no usable .venv it creates one and
# installs the project with the dev extra (which pins PyInstaller), through
# dev.py, as `python3 dev.py test` does. An existing .venv that already has
# PyInstaller and the app is reused as it is. BOFA_PYTHON=/path/to/python builds
# with that interpreter instead (the slow test uses its own).
#
# --quick-archive compresses the Linux tar.gz at gzip level 1 (10% larger, a third of the
# time): for tests and local builds that check the archive, not for releases.
#
# Runs on Linux and macOS, and on Windows from Git Bash; see packaging/README.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
WORK="$ROOT/build"
CHECK=1
GZIP_LEVEL=6

while [ $# -gt 0 ]; do
    case "$1" in
        --dist) DIST="$2"; shift 2 ;;
        --work) WORK="$2"; shift 2 ;;
        --no-check) CHECK=0; shift ;;
        --quick-archive) GZIP_LEVEL=1; shift ;;
        -h|--help) sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build.sh: unknown argument: $1 (try --help)" >&2; exit 2 ;;
    esac
done
mkdir -p "$DIST" "$WORK"
DIST="$(cd "$DIST" && pwd)"
WORK="$(cd "$WORK" && pwd)"
say() { echo "[build.sh] $*"; }

# --- the Python that builds ---------------------------------------------------
case "$(uname -s)" in
    MINGW*|MSYS*|CYGWIN*) VENV_PY="$ROOT/.venv/Scripts/python.exe"; EXE_SUFFIX=".exe" ;;
    *) VENV_PY="$ROOT/.venv/bin/python"; EXE_SUFFIX="" ;;
esac
usable() { "$1" -c "import PyInstaller, bofa_studio" >/dev/null 2>&1; }

if [ -n "${BOFA_PYTHON:-}" ]; then
    PY="$BOFA_PYTHON"
    usable "$PY" || { echo "build.sh: $PY cannot import PyInstaller and bofa_studio" >&2; exit 2; }
else
    PY="$VENV_PY"
    if ! { [ -x "$PY" ] && usable "$PY"; }; then
        BOOT="$(command -v python3 || command -v python || true)"
        [ -n "$BOOT" ] || { echo "build.sh: needs Python 3.11+ (python3) on PATH" >&2; exit 2; }
        say "setting up .venv with bofa-studio[dev] (PyInstaller) via dev.py"
        (cd "$ROOT" && "$BOOT" -c 'import dev; dev.ensure_venv("[dev]")')
    fi
fi
say "python: $("$PY" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

# --- build --------------------------------------------------------------------
start=$(date +%s)
# --clean: a stale cache must never leak a removed module or plugin into a release.
(cd "$ROOT" && "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" packaging/bofa-studio.spec)
APP="$DIST/bofa-studio"
say "built $APP in $(( $(date +%s) - start )) s"

# --- archive ------------------------------------------------------------------
ARCHIVE="$("$PY" - "$ROOT" "$DIST" "$GZIP_LEVEL" <<'PY'
"""Archive the build as bofa-studio-<version>-<platform>-<arch>: tar.gz on Linux,
zip on Windows (what Explorer opens) and on macOS (what notarisation accepts; the
.app bundle, made with ditto so that signatures and symlinks survive)."""
import platform
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

root, dist, gzip_level = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
version = re.search(r'^__version__\s*=\s*["\']([^"\']+)', (root / "bofa_studio" / "__init__.py").read_text(), re.M)[1]
system = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
machine = {"amd64": "x86_64", "x64": "x86_64"}.get(platform.machine().lower(), platform.machine().lower())
base = dist / f"bofa-studio-{version}-{system}-{machine}"
if system == "macos" and (dist / "BoFA Studio.app").is_dir() and shutil.which("ditto"):
    out = base.with_suffix(".zip")
    out.unlink(missing_ok=True)
    subprocess.run(["ditto", "-c", "-k", "--keepParent", str(dist / "BoFA Studio.app"), str(out)], check=True)
elif system in ("windows", "macos"):
    out = Path(shutil.make_archive(str(base), "zip", root_dir=dist, base_dir="bofa-studio"))
else:
    # gzip's own default level (6): 0.5% larger than make_archive's level 9, and a third of its
    # time (4 s against 11 for the 108 MB folder). --quick-archive: level 1, 1.3 s, 10% larger.
    out = base.with_name(base.name + ".tar.gz")
    with tarfile.open(out, "w:gz", compresslevel=gzip_level) as archive:
        archive.add(dist / "bofa-studio", arcname="bofa-studio")
print(out)
PY
)"

size_mb() { "$PY" -c 'import os, sys
p = sys.argv[1]
n = os.path.getsize(p) if os.path.isfile(p) else sum(os.lstat(os.path.join(d, f)).st_size for d, _, fs in os.walk(p) for f in fs)
print(f"{n / 1e6:.1f} MB")' "$1"; }
say "archive: $ARCHIVE ($(size_mb "$ARCHIVE"); unpacked $(size_mb "$APP"))"

# --- check, headless ------------------------------------------------------------
if [ "$CHECK" = 1 ]; then
    # The console executable: on Windows and macOS the GUI one is windowed and cannot print.
    CLI="$APP/bofa-studio-cli$EXE_SUFFIX"
    [ -e "$CLI" ] || CLI="$APP/bofa-studio$EXE_SUFFIX"
    say "checking $CLI with no display"
    env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$CLI" --version
    env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$CLI" --self-test
fi
