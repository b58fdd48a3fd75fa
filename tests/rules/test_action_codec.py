"""The JSON form of actions that saves hold (``rules.codec``), on the 1984 game's actions:
what a save written by hand or by an older version gets back."""

from __future__ import annotations

import pytest

from bofa_studio.rules.bofa1984 import actions as A
from tests.rules.bofa_helpers import plain_board

BOARD = plain_board(4, 4)
at = BOARD.hex_at


@pytest.fixture(scope="module")
def codec():
    return A.codec(BOARD.label, BOARD.hex_at)


def test_hexes_are_written_as_labels_and_tuples_as_lists(codec):
    move = A.Move(("elf_spear_1", "thranduil"), at("0102"), (at("0101"), at("0102")))
    data = codec.encode(move)
    assert data == {"type": "Move", "counters": ["elf_spear_1", "thranduil"], "to": "0102",
                    "path": ["0101", "0102"]}
    assert codec.decode(data) == move


def test_a_field_with_a_default_may_be_left_out_as_older_saves_do(codec):
    """A Move without a path asks for the cheapest one (B-6)."""
    assert codec.decode({"type": "Move", "counters": ["elf_spear_1"], "to": "0202"}) == \
        A.Move(("elf_spear_1",), at("0202"))


@pytest.mark.parametrize(("data", "says"), [
    ({"type": "Teleport"}, "unknown action type 'Teleport': not a Battle of Five Armies action"),
    (["Move"], "expected a Battle of Five Armies action (an object), found list"),
    ({"to": "0101"}, "unknown action type None"),
    ({"type": "Move", "to": "0101"}, "Move needs 'counters'"),
    ({"type": "EndPhase", "hex": "0101"}, "EndPhase has unexpected key(s) hex"),
    ({"type": "Move", "counters": ["x"], "to": "0101", "path": "0101"}, "'path' must be a list of hexes"),
])
def test_a_malformed_action_is_refused_saying_what_is_wrong(codec, data, says):
    with pytest.raises(ValueError) as caught:
        codec.decode(data)
    assert says in str(caught.value)
