"""The archer overlay's tags (issue 17, item 4): a tag is wider than a hex, and the tags of two
targets in the same row ran into each other ("fire 3, column 2-3fire 4, column 4-5"). Each
target's tag must stand clear of the others, next to its own hex."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from bofa_studio.ui import style
from tests.ui.play.conftest import controller_at

# Four goblins in a row of the map, all within the archer's range: neighbours of each other.
TARGETS = ("0913", "1013", "1113", "1213")


def test_the_tags_of_adjacent_archer_targets_do_not_overlap(qtbot, window_for):
    c = controller_at({"1016": ["elf_archer_1"], "0913": ["azug_goblin_spearman_2"],
                       "1013": ["azug_goblin_scimitar_1"], "1113": ["azug_goblin_scimitar_2"],
                       "1213": ["azug_goblin_spearman_1"]}, player="free_peoples", stage="fire")
    w = window_for(c)
    board = c.game.board
    archer = board.hex_at("1016")
    w.board.click(w.scene.hex_center(archer), archer)
    QApplication.processEvents()
    shots = next(m for m in c.marks() if m.key == "fire_targets")
    assert {board.label(h) for h in shots.tags} == set(TARGETS)
    tags = [poly.boundingRect() for poly in w.board.labels["fire_strengths.tag"].path().toSubpathPolygons()]
    assert len(tags) == len(TARGETS)
    for i, a in enumerate(tags):
        for b in tags[i + 1:]:
            assert not a.intersects(b), f"tags overlap: {a} and {b}"
    # Each tag stays over its own target's hex: its centre within the hex's width, and no more
    # than a hex's height above or below.
    for label in TARGETS:
        centre = w.scene.hex_center(board.hex_at(label))
        assert any(abs(t.center().x() - centre.x()) < 1 and abs(t.center().y() - centre.y()) < style.HEX_PX * 1.8
                   for t in tags), label
