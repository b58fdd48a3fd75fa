"""What every window's Help menu opens: the 1984 rulebook (at a section, when asked) and About.

One place, so the map editor, the scenario editor and play mode say the same thing and
find the rulebook the same way; each window reports a missing rulebook in its own way.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QMessageBox

from bofa_studio import __version__
from bofa_studio.ui.dialogs import TextViewer, find_rulebook

RULEBOOK_MISSING = (
    "The 1984 rulebook text is not part of this installation. In a source checkout it is "
    "../shared/rulebooks/bofa-1984-rulebook.txt beside the repository."
)

ABOUT_HTML = (
    f"<b>BoFA Studio {__version__}</b><p>Author, play and share hex-and-counter battles of "
    "Middle-earth, starting with <i>The Battle of Five Armies</i> (ICE, 1984).</p>"
    "<p>The shipped 1984 map is reconstructed from the rulebook text, not copied from the printed board.</p>"
)


def show_about(parent: QMainWindow) -> None:
    QMessageBox.about(parent, "About BoFA Studio", ABOUT_HTML)


def open_rulebook(parent: QMainWindow, viewer: TextViewer | None, rule: str = "") -> TextViewer | None:
    """Show the rulebook (reusing ``viewer`` if there is one), at ``rule`` (e.g. "B-9") when
    given. None when this installation has no rulebook text."""
    path = find_rulebook()
    if path is None:
        return None
    if viewer is None:
        viewer = TextViewer("The Battle of Five Armies (1984): rulebook", path.read_text(encoding="utf-8"), parent)
    viewer.show()
    viewer.raise_()
    if rule:
        viewer.search.setText(f"{rule} ")
        viewer._wrap_and_find(f"\n{rule} ") or viewer.find_next()
    return viewer
