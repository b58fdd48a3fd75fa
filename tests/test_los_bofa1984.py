"""Line of sight (S-8) on the shipped 1984 map, checked by hand against the map file.

Each case first asserts the terrain it relies on, so when the reconstructed map
is corrected a failure says which premise changed rather than only "blocked".
On this map the guard rooms (level 2) are never higher than both ends of a line
through them and the cliffs are at plain level, so their exemption never changes
an answer here; the hand-built boards in test_los_rules.py cover it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.board import Board, Terrain, load_map
from bofa_studio.cli import main
from bofa_studio.hexgrid import Hexside
from bofa_studio.los import line_of_sight, visible_from

MAP = Path(__file__).resolve().parent.parent / "maps" / "bofa1984.json"

pytestmark = pytest.mark.skipif(not MAP.exists(), reason="maps/bofa1984.json is not there yet")


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map(MAP)


def los(board: Board, a: str, b: str, grazing: str = "both", occupied: tuple[str, ...] = ()):
    return line_of_sight(
        board, board.hex_at(a), board.hex_at(b), {board.hex_at(o) for o in occupied}, grazing=grazing
    )


def labels(board: Board, hexes) -> list[str]:
    return [board.label(h) for h in hexes]


def terrain(board: Board, label: str) -> tuple[Terrain, int]:
    h = board.hex_at(label)
    return board.terrain(h), board.level(h)


def test_over_dale(board: Board) -> None:
    'S-8: "The town of Dale" blocks: straight down column 17 through the town.'
    assert [terrain(board, x)[0] for x in ("1714", "1715", "1716", "1717", "1718")] == [
        Terrain.PLAIN,
        Terrain.DALE,
        Terrain.DALE,
        Terrain.DALE,
        Terrain.PLAIN,
    ]
    result = los(board, "1714", "1718")
    assert not result.clear and board.label(result.blocked_by) == "1715"
    assert labels(board, result.crossed) == ["1715", "1716", "1717"]
    assert board.label(los(board, "1718", "1714").blocked_by) == "1717"


def test_beside_dale(board: Board) -> None:
    'S-8: only Dale hexes "the line passes through" block: column 14 runs west of the town.'
    assert los(board, "1414", "1418").clear


def test_over_the_north_west_ridge(board: Board) -> None:
    'S-8: "Any terrain level that is higher than both the target hex and the archer\'s hex."'
    assert [terrain(board, f"10{r:02d}")[1] for r in range(1, 9)] == [1, 2, 3, 4, 4, 3, 2, 1]
    result = los(board, "1001", "1008")
    assert not result.clear and board.label(result.blocked_by) == "1002"


def test_down_from_the_crest(board: Board) -> None:
    "S-8: a level higher than only one end (here the archer's level 4 crest) does not block."
    assert los(board, "1004", "1008").clear
    assert los(board, "1008", "1004").clear


def test_along_the_valley(board: Board) -> None:
    'S-8: down the valley below the Front Gate nothing "the line passes through" blocks.'
    result = los(board, "1607", "1614")
    assert result.clear and result.range == 7
    assert labels(board, result.crossed) == ["1608", "1609", "1610", "1611", "1612", "1613"]


def test_into_the_gate_through_its_south_west_side(board: Board) -> None:
    'S-8: fire "can only penetrate through the two hexsides that face the plain" - here the SW one.'
    assert terrain(board, "1606")[0] == Terrain.FRONT_GATE
    result = los(board, "1308", "1606")
    assert result.clear and labels(board, result.crossed) == ["1407", "1507"]


def test_out_of_the_gate_through_its_south_east_side(board: Board) -> None:
    'S-8: fire "can only penetrate through the two hexsides that face the plain" - here the SE one.'
    result = los(board, "1606", "1908")
    assert result.clear and labels(board, result.crossed) == ["1707", "1807"]


def test_into_the_gate_through_its_south_wall(board: Board) -> None:
    "S-8 / B-7: the red hexsides of the Front Gate stop fire; from straight south the line meets one."
    result = los(board, "1609", "1606")
    assert not result.clear and board.label(result.blocked_by) == "1606"
    assert result.wall == Hexside.between(board.hex_at("1606"), board.hex_at("1607"))


def test_out_of_the_gate_over_the_cliff(board: Board) -> None:
    "S-8: out of the Front Gate northwards the wall stops the line; the cliff beyond is named."
    result = los(board, "1606", "1604")
    assert not result.clear and board.label(result.blocked_by) == "1605"
    assert result.wall == Hexside.between(board.hex_at("1606"), board.hex_at("1605"))


@pytest.mark.parametrize("grazing, clear", [("both", True), ("either", False)])
def test_out_of_the_gate_through_its_south_east_corner(board: Board, grazing: str, clear: bool) -> None:
    "S-8: 1606 -> 1708 leaves the gate through the corner between its open SE side and its S wall."
    result = los(board, "1606", "1708", grazing)
    assert set(labels(board, result.crossed)) == {"1607", "1707"} and len(result.grazed) == 2
    assert result.clear is clear
    if not clear:
        assert board.label(result.blocked_by) == "1607"


def test_cliffs_do_not_block(board: Board) -> None:
    'S-8: "cliff hexes ... do not count as blocking obstacles".'
    assert terrain(board, "1506")[0] == terrain(board, "1706")[0] == Terrain.CLIFF
    assert los(board, "1407", "1605").clear
    assert los(board, "1605", "1807").clear


def test_guard_room_does_not_block(board: Board) -> None:
    'S-8: "the guard rooms ... do not count as blocking obstacles": 0908 -> 1306 passes the west one.'
    result = los(board, "0908", "1306")
    assert "1206" in labels(board, result.crossed) and result.clear


def test_from_the_gate_only_the_plain_is_in_sight(board: Board) -> None:
    "S-8: from the Front Gate archers see only out of its two plain-facing hexsides."
    gate = board.hex_at("1606")
    vis = visible_from(board, gate, 3)
    assert {"1507", "1707", "1607"} - set(labels(board, vis.visible)) == {"1607"}
    north = [h for h in vis.targets if board.grid.to_offset(h)[1] < board.grid.to_offset(gate)[1]]
    assert north and not any(h in vis.visible for h in north)


def test_command_line_on_the_1984_map(capsys: pytest.CaptureFixture[str]) -> None:
    'S-8: "The town of Dale" blocks, asked from the command line.'
    assert main(["los", str(MAP), "1714", "1718"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "clear": False,
        "blocked_by": "1715",
        "crossed": ["1715", "1716", "1717"],
        "range": 4,
    }
