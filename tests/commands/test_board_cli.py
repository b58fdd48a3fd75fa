"""bofa-studio validate / export / render / --version, as a user runs them."""

import json

import networkx as nx
import pytest

from bofa_studio import __version__
from bofa_studio.board import load_map
from bofa_studio.cli import main


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"bofa-studio {__version__}"


def test_validate_a_valid_map(small_map, capsys):
    assert main(["validate", str(small_map)]) == 0
    assert capsys.readouterr().out == ""


def test_validate_reports_map_problems_one_per_line(small_map, capsys):
    data = json.loads(small_map.read_text())
    data["ruleset"] = "bofa1984"
    data["hexes"]["0306"]["level"] = 0  # summit no higher than its slopes
    small_map.write_text(json.dumps(data))
    assert main(["validate", str(small_map)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith(f"{small_map}: ") for line in lines)
    assert any("0306: the summit must be higher" in line for line in lines)


def test_validate_applies_the_ruleset_the_map_names(small_map, capsys):
    """A map with four victory locations is sound; marked for bofa1984 it misses one (B-11)."""
    data = json.loads(small_map.read_text())
    data["hexes"]["0907"]["features"].remove("victory")
    small_map.write_text(json.dumps(data))
    assert main(["validate", str(small_map)]) == 0
    data["ruleset"] = "bofa1984"
    small_map.write_text(json.dumps(data))
    assert main(["validate", str(small_map)]) == 1
    assert f"{small_map}: map: expected 5 victory locations (B-11), found 4" in capsys.readouterr().out


def test_validate_non_adjacent_hexside_exits_1_naming_the_hexes(small_map, capsys):
    data = json.loads(small_map.read_text())
    data["hexsides"]["0101/0303"] = ["river"]
    small_map.write_text(json.dumps(data))
    assert main(["validate", str(small_map)]) == 1
    out = capsys.readouterr().out
    assert f"{small_map}: $.hexsides.0101/0303: hexes 0101 and 0303 are not adjacent" in out


@pytest.mark.parametrize(
    ("content", "expected"),
    [(None, "file not found"), ("{not json", "invalid JSON"), ('{"format": "other"}', "$.format"), ("[1, 2]", "JSON object")],
)
def test_validate_unreadable_files_exit_2(tmp_path, capsys, content, expected):
    path = tmp_path / "f.json"
    if content is not None:
        path.write_text(content)
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert expected in captured.out + captured.err
    assert "Traceback" not in captured.out + captured.err


def test_validate_several_files_exits_with_the_worst(small_map, tmp_path):
    assert main(["validate", str(small_map), str(tmp_path / "missing.json")]) == 2


def test_export_node_link_loads_back_in_networkx(small_map, tmp_path, capsys):
    out = tmp_path / "g.json"
    assert main(["export", str(small_map), "--format", "node-link", "-o", str(out)]) == 0
    graph = nx.node_link_graph(json.loads(out.read_text()))  # networkx defaults, no arguments
    board = load_map(small_map)
    assert graph.number_of_nodes() == len(board)
    assert graph.number_of_edges() == board.graph.number_of_edges()
    gate = graph.nodes["0602"]
    assert gate["terrain"] == "front_gate" and gate["level"] == 0 and "victory" in gate["features"]
    assert {"x", "y", "label"} <= set(gate)
    assert graph.edges["0602", "0603"]["front_gate_wall"] is True
    assert graph.edges["0602", "0603"]["river"] is False


def test_export_graphml(small_map, tmp_path):
    out = tmp_path / "g.graphml"
    assert main(["export", str(small_map), "--format", "graphml", "-o", str(out)]) == 0
    graph = nx.read_graphml(out)
    assert graph.nodes["0302"]["terrain"] == "mountain"
    assert graph.nodes["0302"]["level"] == 3


def test_export_rejects_an_unknown_format(small_map, tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        main(["export", str(small_map), "--format", "csv", "-o", str(tmp_path / "x")])
    assert info.value.code == 2
    assert "invalid choice: 'csv'" in capsys.readouterr().err


def test_render_writes_a_png_of_the_requested_width(small_map, tmp_path):
    from PySide6.QtGui import QImage

    out = tmp_path / "map.png"
    assert main(["render", str(small_map), "-o", str(out), "--width", "640"]) == 0
    image = QImage(str(out))
    assert image.width() == 640 and image.height() > 300


def test_render_draws_the_river_and_the_front_gate_walls(small_map, tmp_path):
    """The picture must carry the rules' hexside features: blue river, red Front Gate walls."""
    from PySide6.QtGui import QImage

    from tests.ui.pixels import colour_names

    out = tmp_path / "map.png"
    assert main(["render", str(small_map), "-o", str(out), "--width", "800"]) == 0
    image = QImage(str(out))
    colors = colour_names(image, step=2)
    assert "#2f6fd6" in colors  # river
    assert "#d0202a" in colors  # walls and stars


@pytest.mark.parametrize("width", ["abc", "5", "-3"])
def test_render_rejects_a_bad_width(small_map, tmp_path, capsys, width):
    with pytest.raises(SystemExit) as info:
        main(["render", str(small_map), "-o", str(tmp_path / "x.png"), "--width", width])
    assert info.value.code == 2
    assert "--width" in capsys.readouterr().err


def test_render_of_a_missing_map_exits_2(tmp_path, capsys):
    assert main(["render", str(tmp_path / "none.json"), "-o", str(tmp_path / "x.png")]) == 2
    assert "file not found" in capsys.readouterr().err
