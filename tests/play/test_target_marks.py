"""Target marks (issue 17, item 2), headless: what selected archers reach and see, and whom
selected attackers may attack and on which column."""

from __future__ import annotations

from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import preview
from tests.play.conftest import controller_at


def _marks(c):
    return {m.key: m for m in c.marks()}


def archer_behind_a_friend():
    # Elf archer in 1016; a friend in 1017 stands on the line to the goblin in 1018; the
    # goblin in 1014 is in the open.
    return controller_at({"1016": ["elf_archer_1"], "1017": ["elf_spearman_1"],
                          "1018": ["azug_goblin_scimitar_1"], "1014": ["azug_goblin_scimitar_2"]},
                         player="free_peoples", stage="fire")


def test_a_selected_archer_shades_its_range_and_marks_targets_seen_and_hidden():
    c = archer_behind_a_friend()
    b = c.game.board
    c.click(b.hex_at("1016"))
    assert c.selection == ("elf_archer_1",)
    marks = _marks(c)
    bow = c.game.specs["elf_archer_1"].bow[1]
    rng = set(marks["archer_range"].hexes)
    # B-8: "Range is regarded as the number of hexes between the archer and his target,
    # including the target's hex but excluding the shooter's hex."
    assert all(0 < h.distance(b.hex_at("1016")) <= bow for h in rng)
    assert b.hex_at("1016") not in rng
    assert b.hex_at(f"10{16 + bow}") in rng and b.hex_at(f"10{16 + bow + 1}") not in rng
    # The open goblin is a target, with its fire strength and column before any roll.
    seen = marks["fire_targets"]
    assert seen.hexes == (b.hex_at("1014"),)
    col = preview.declared_column(c.game, c.state, A.Fire(("elf_archer_1",), b.hex_at("1014")))
    assert seen.tags[b.hex_at("1014")] == f"fire {col[1]}, column {col[0]}"
    assert col[1] == bow - 1  # "counted down by subtracting 1 for each hex further away" (B-8)
    # S-8: "If this line passes through a hex containing any of the following, the line of
    # sight is blocked: Any counter, whether enemy or friendly."
    assert marks["fire_blocked"].hexes == (b.hex_at("1018"),)
    assert marks["fire_blocked"].tags[b.hex_at("1018")] == "no line of sight"


def test_selected_attackers_ring_the_hexes_they_may_attack_with_the_column():
    c = controller_at({"1016": ["azug_goblin_scimitar_1"], "1017": ["man_spearman_1"],
                       "1019": ["man_spearman_2"]}, player="dark", stage="combat")
    b = c.game.board
    c.click(b.hex_at("1016"))
    assert c.selection == ("azug_goblin_scimitar_1",)
    rings = _marks(c)["attack_targets"]
    # B-7: only an adjacent hex may be attacked; 1019 is three hexes off.
    assert rings.hexes == (b.hex_at("1017"),)
    att, dfn = c.game.specs["azug_goblin_scimitar_1"].strength[1], c.game.specs["man_spearman_1"].strength[1]
    label = next(x["label"] for x in c.game.tables.combat_columns[c.game.tables.combat_column(att - dfn):])
    assert rings.tags[b.hex_at("1017")] == f"column {label}"


def test_nothing_is_ringed_before_a_selection():
    c = archer_behind_a_friend()
    assert not {"archer_range", "fire_targets", "fire_blocked", "attack_targets"} & set(_marks(c))
