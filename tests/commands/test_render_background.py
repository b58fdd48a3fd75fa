"""``bofa-studio render MAP --background``: the scan drawn under the map, to check a tracing."""

import json

from bofa_studio.cli import main


def _with_scan(small_map, tmp_path, colour: str):
    from PySide6.QtGui import QColor, QImage

    scan = QImage(300, 300, QImage.Format.Format_RGB32)
    scan.fill(QColor(colour))
    (tmp_path / "scans").mkdir()
    scan.save(str(tmp_path / "scans" / "sheet.png"))
    data = json.loads(small_map.read_text())
    data["version"] = 2
    # The scan covers the whole map: 300 pixels over 40 map units.
    data["background"] = {"image": "scans/sheet.png", "transform": [0.14, 0, -2, 0, 0.14, -2], "opacity": 1.0}
    target = tmp_path / "traced.json"
    target.write_text(json.dumps(data))
    return target


def _magenta_share(path) -> float:
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    pixels = [image.pixelColor(x, y).name() for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)]
    return sum(p == "#ff00ff" for p in pixels) / len(pixels)


def test_background_draws_the_scan_under_the_map_and_only_when_asked(small_map, tmp_path, qapp):
    traced = _with_scan(small_map, tmp_path, "#ff00ff")
    with_scan, without = tmp_path / "with.png", tmp_path / "without.png"
    assert main(["render", str(traced), "-o", str(with_scan), "--width", "400", "--background"]) == 0
    assert main(["render", str(traced), "-o", str(without), "--width", "400"]) == 0
    assert _magenta_share(with_scan) > 0.5  # the scan shows through every hex (opacity 1)
    assert _magenta_share(without) == 0


def test_background_of_a_map_without_one_or_with_a_missing_scan_says_so(small_map, tmp_path, capsys, qapp):
    assert main(["render", str(small_map), "-o", str(tmp_path / "a.png"), "--background"]) == 2
    assert "has no background scan" in capsys.readouterr().err
    traced = _with_scan(small_map, tmp_path, "#ff00ff")
    (tmp_path / "scans" / "sheet.png").unlink()
    assert main(["render", str(traced), "-o", str(tmp_path / "b.png"), "--background"]) == 2
    err = capsys.readouterr().err
    assert "traced.json" in err and "sheet.png" in err and "not found" in err
    assert not (tmp_path / "b.png").exists()
