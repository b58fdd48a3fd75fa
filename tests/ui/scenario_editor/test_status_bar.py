"""Scenario editor (issue 18): a status bar naming the hovered hex and what is on it; zoom steps."""

from __future__ import annotations


def test_hovering_a_hex_names_it_its_counters_and_its_setup_zone(editor):
    model = editor.model
    stacks = model.stacks()
    h, counters = next(iter(sorted(stacks.items())))
    editor.view.hex_hovered.emit(h)
    text = editor.hex_info.text()
    assert text.startswith(model.board.label(h))
    from bofa_studio.ui.scenario_editor.model import counter_name

    assert all(counter_name(model, cid) in text for cid in counters)
    zones = [a for a in model.board.areas_of(h) if a.startswith("setup.")]
    assert all(z in text for z in zones)
    editor.view.hex_hovered.emit(None)
    assert editor.hex_info.text() == ""


def test_zoom_in_out_and_actual_size_update_the_zoom_figure(editor):
    editor.fit_action.trigger()
    fitted = editor.view.current_scale()
    editor.zoom_in_action.trigger()
    assert editor.view.current_scale() > fitted
    assert editor.zoom_info.text() == f"{editor.view.current_scale() * 100:.0f}%"
    editor.actual_size_action.trigger()
    assert abs(editor.view.current_scale() - 1.0) < 1e-9
    assert editor.zoom_info.text() == "100%"
    editor.zoom_out_action.trigger()
    assert editor.view.current_scale() < 1.0


def test_at_1280x800_the_tables_show_their_rows(editor, qtbot):
    """Issue 18: at 1500x950 the order of battle showed 3-5 rows and the die-roll table was clipped."""
    editor.resize(1280, 800)
    editor.show()
    qtbot.waitExposed(editor)
    editor.bottom_tabs.setCurrentWidget(editor.oob)
    qtbot.wait(50)
    row = editor.oob.verticalHeader().defaultSectionSize()
    visible = editor.oob.viewport().height() // row
    assert visible >= 8, f"the order of battle shows {visible} rows"
    rolls = editor.reinforcements.rolls
    assert rolls.minimumHeight() >= rolls.horizontalHeader().sizeHint().height() + 3 * row
    mix = editor.rules.mix
    assert mix.minimumHeight() >= mix.horizontalHeader().sizeHint().height() + 4 * row
