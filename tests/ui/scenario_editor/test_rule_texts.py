"""Every rule option a scenario can name carries the rulebook's own words as its tooltip."""

from bofa_studio.scenario import scenario_schema
from bofa_studio.ui.scenario_editor.rules_panel import option_tooltip, rule_texts


def test_every_option_in_the_schema_has_its_rule_text():
    options = scenario_schema()["properties"]["rules"]["properties"]["options"]["properties"]
    texts = rule_texts()["options"]
    assert sorted(options) == sorted(texts)


def test_part_of_a_long_section_quotes_only_that_part():
    """S-7 covers dive attacks, eagles in skirmishes, rolling rocks and modifiers: each option quotes its own part."""
    dive = rule_texts()["options"]["s7_dive_attacks"]["text"]
    assert dive.startswith("DIVE ATTACKS:") and "ROLLING ROCKS" not in dive
    rocks = option_tooltip("s7_rolling_rocks")
    assert "S-7" in rocks and "At a distance of 2 hexes it suffers a hit only on a die result of 1-3" in rocks
