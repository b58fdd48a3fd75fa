"""The scenario editor's Help menu opens the same rulebook and About as the other windows."""

from __future__ import annotations


def menu_titles(window) -> list[str]:
    return [a.text().replace("&", "") for a in window.menuBar().actions()]


def test_help_menu_opens_the_rulebook_and_reuses_its_window(editor, monkeypatch, tmp_path):
    book = tmp_path / "rules.txt"
    book.write_text("B-2 SETUP\nB-9 STACKING\n", encoding="utf-8")
    monkeypatch.setattr("bofa_studio.ui.help_menu.find_rulebook", lambda: book)
    assert menu_titles(editor)[-1] == "Help"
    editor.rulebook_action.trigger()
    first = editor.rulebook
    assert first is not None and first.isVisible() and "B-9 STACKING" in first.text.toPlainText()
    editor.rulebook_action.trigger()
    assert editor.rulebook is first  # one viewer, raised again, not a second window
    first.close()


def test_a_missing_rulebook_is_reported_not_raised(editor, monkeypatch):
    said = []
    monkeypatch.setattr("bofa_studio.ui.help_menu.find_rulebook", lambda: None)
    monkeypatch.setattr(editor, "show_error", lambda title, text: said.append((title, text)))
    editor.rulebook_action.trigger()
    assert said and said[0][0] == "Rulebook not found" and "bofa-1984-rulebook.txt" in said[0][1]


def test_about_names_the_version(editor, monkeypatch):
    from bofa_studio import __version__

    shown = []
    monkeypatch.setattr("bofa_studio.ui.help_menu.QMessageBox.about", lambda parent, title, text: shown.append(text))
    editor.about_action.trigger()
    assert len(shown) == 1 and __version__ in shown[0]


