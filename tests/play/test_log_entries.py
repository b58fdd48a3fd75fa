"""The game log's entries, made from the engine's events: rolls set apart, table rows
sourced, phases coloured by their player."""

from __future__ import annotations


def test_only_rolls_are_bold_in_the_log():
    """The log sets die rolls in bold; S-3's 'the Dark player regroups' opens a phase, no roll."""
    from bofa_studio.play.records import LogEntry

    assert not LogEntry(0, "regroup", "turn 1: the Dark player regroups").is_roll
    assert LogEntry(0, "regroup_roll", "Wolf 1 (wolves) rolls 3 (needs 4): back to full strength").is_roll


def test_the_log_says_what_reconstructed_means_and_colours_a_phase_by_its_player():
    from bofa_studio.play.records import entries_from_events
    from bofa_studio.rules.core import Event

    roll, printed, phase = entries_from_events(3, [
        Event("combat_result", "column +1/+2, roll 10", {"provenance": "reconstructed"}),
        Event("fire_result", "fire 2 rolls 3", {"provenance": "rulebook Tables, Fire Table row 3"}),
        Event("phase", "phase 3: the Free Peoples player's COMBAT phase",
              {"phase": 3, "player": "free_peoples", "kind": "combat"}),
    ], "dark")
    assert roll.text.endswith("[table row reconstructed, not printed in the rulebook]")
    assert printed.text.endswith("[rulebook Tables, Fire Table row 3]")
    assert phase.side == "free_peoples" and roll.side == "dark"
