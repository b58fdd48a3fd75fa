"""The scenario editor on Helm's Deep: the tables its ruleset declares, edited in their cells,
refused with the reason, and saved (never over the shipped file) to a scenario that validates."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from bofa_studio.scenario import load_scenario
from bofa_studio.ui.scenario_editor.form_window import FormEditorWindow, editor_for

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "scenarios" / "helms-deep.json"


@pytest.fixture
def form(qtbot, settings, monkeypatch):
    window = editor_for(SHIPPED, settings=settings)
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(window, "show_error", lambda title, text: pytest.fail(f"unexpected error: {title}: {text}"))
    return window


def cell(window, tab: int, row_id: str, header: str):
    grid = window.grids[tab]
    headers = [grid.horizontalHeaderItem(c).text() for c in range(grid.columnCount())]
    row = next(r for r in range(grid.rowCount()) if grid.item(r, 0).text() == row_id)
    return grid.item(row, headers.index(header))


def test_the_editor_shows_the_tables_helms_deep_declares(form):
    assert isinstance(form, FormEditorWindow)
    tabs = [form.tabs.tabText(i) for i in range(form.tabs.count())]
    assert tabs == ["Order of battle (VII)", "Reinforcements (VII)", "Victory points (8.2)", "Victory levels (8.3)",
                    "Time table (III, VI)"]
    assert cell(form, 0, "roh-theoden", "Name").text() == "Theoden"
    assert form.problems.item(0).text() == "No problems: the scenario validates."


def test_cells_edited_in_the_window_and_saved_as_a_variant_that_validates(form, tmp_path, monkeypatch):
    (tmp_path / "scenarios").mkdir()
    cell(form, 0, "roh-sword-1", "Strength").setText("5")
    cell(form, 1, "uruk-sword-44-4", "Round").setText("6")
    assert form.windowTitle().startswith("helms-deep.json *")
    cell(form, 0, "roh-sword-1", "Kind").setText("pike")
    assert "is not one of sword, archer" in form.refusal.text()
    assert cell(form, 0, "roh-sword-1", "Kind").text() == "sword"  # the table shows the data again
    target = tmp_path / "scenarios" / "variant.json"
    monkeypatch.setattr(form, "ask_save_path", lambda: str(target))
    assert form.save()  # a shipped file is never overwritten: Save asks where
    scenario = load_scenario(target)
    data = scenario.data
    assert next(u for u in data["units"] if u["id"] == "roh-sword-1")["strength"] == 5
    assert {"round": 6, "units": ["uruk-sword-44-4"]} in data["reinforcements"]
    assert Path(scenario.map_path) == ROOT / "maps" / "helms-deep.json"  # the file names the same map
    form.undo()
    assert cell(form, 1, "uruk-sword-44-4", "Round").text() == "8"
