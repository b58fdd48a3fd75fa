"""The layering of DESIGN.md, read off the sources: the parts of the program that serve every
ruleset never name one, and nothing below ``ui/`` uses Qt (the headless layers run where
there is no display: tests, ``simulate``, ``match``, the balance report)."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bofa_studio"
QT_IMPORT = re.compile(r"^\s*(?:from|import)\s+(?:PySide6|shiboken6)\b", re.MULTILINE)


def _sources(*parts: str) -> list[Path]:
    found: list[Path] = []
    for part in parts:
        path = PACKAGE / part
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def test_the_session_and_the_play_layers_never_name_the_1984_ruleset():
    """Issue 12's acceptance: ``grep -rn bofa1984 bofa_studio/session.py bofa_studio/play
    bofa_studio/ui/play`` finds nothing (comments included: they are read as the design)."""
    named = [f"{path.relative_to(PACKAGE)}:{n}" for path in _sources("session.py", "play", "ui/play")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "bofa1984" in line]
    assert named == []


def test_nothing_below_ui_imports_qt():
    headless = [p for p in _sources(".") if "ui" not in p.relative_to(PACKAGE).parts[:1]]
    assert len(headless) > 50
    assert [str(p.relative_to(PACKAGE)) for p in headless if QT_IMPORT.search(p.read_text(encoding="utf-8"))] == []
