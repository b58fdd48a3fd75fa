"""Standard Game decisions the Dark or the regrouping player answers get words, not field dumps."""

from bofa_studio.play.controller import PlayController
from bofa_studio.rules.bofa1984 import actions as A


def test_grounding_eagles_and_regroup_shifts_read_as_sentences(tmp_path, monkeypatch):
    """S-7: "If the enemy player wants a skirmish ... the eagles must be placed under the enemy counter";
    S-1: "1 unit may be shifted (e.g. by moving it to another hex to make room)"."""
    monkeypatch.setenv("BOFA_STUDIO_DATA_DIR", str(tmp_path))
    controller = PlayController.new_game("scenarios/bofa1984-standard.json", 1)
    game = controller.game
    gate = game.board.hex_at("1606")
    assert controller.label(A.GroundEagles(gate, True)) == "Skirmish with the Eagles in 1606"
    assert controller.label(A.GroundEagles(gate, False)) == "Leave the Eagles over 1606 in the air"
    shift = A.RegroupShift("thorin", gate, "dain", game.board.hex_at("1507"))
    assert controller.label(shift) == "Shift Dain Ironfoot to 1507, then Thorin Oakenshield into 1606"
