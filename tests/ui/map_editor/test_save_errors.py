"""The map editor writing to a place that cannot be written: an error box, the map kept, still dirty."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_window import paint_one


def blocked(tmp_path: Path, name: str) -> Path:
    """A path inside a "folder" that is a file."""
    (tmp_path / "not-a-folder").write_text("x")
    return tmp_path / "not-a-folder" / name


@pytest.mark.parametrize("what", ["save_as", "png", "graphml"])
def test_map_editor_write_failure_keeps_the_document(window, tmp_path, monkeypatch, what):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append((title, text)))
    paint_one(window)
    board = window.document.board
    suffix = {"save_as": ".json", "png": ".png", "graphml": ".graphml"}[what]
    bad = blocked(tmp_path, "out" + suffix)
    monkeypatch.setattr(window, "ask_save_path", lambda *a: str(bad))
    ok = {"save_as": window.save_as, "png": window.export_png, "graphml": window.export_graphml}[what]()
    assert ok is False
    assert len(shown) == 1 and str(bad) in shown[0][1] and "not a folder" in shown[0][1]
    assert window.document.board is board and window.document.is_modified()
    assert window.document.path != bad


def test_export_png_onto_a_folder_leaves_no_temporary_file(window, tmp_path, monkeypatch):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append((title, text)))
    folder = tmp_path / "map.png"
    folder.mkdir()
    assert window.export_png(str(folder)) is False
    assert len(shown) == 1 and str(folder) in shown[0][1]
    assert folder.is_dir() and [p.name for p in tmp_path.iterdir()] == ["map.png"]
