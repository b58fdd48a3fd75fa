"""The command line: screenshot --mode play headless, and play's argument checks."""

from __future__ import annotations

from PySide6.QtGui import QImage

from bofa_studio.cli import main


def test_screenshot_of_a_mid_game_position(tmp_path, scenario):
    out = tmp_path / "play.png"
    code = main(["screenshot", "--mode", "play", str(scenario), "-o", str(out), "--size", "800x600",
                 "--advance", "120", "--seed", "2"])
    assert code == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 600)


def test_screenshot_of_a_save_file(tmp_path, controller):
    from bofa_studio.play.autoplay import random_actions

    random_actions(controller, 80, seed=3)
    save = tmp_path / "game.json"
    controller.save(save)
    out = tmp_path / "saved.png"
    assert main(["screenshot", "--mode", "play", str(save), "-o", str(out), "--size", "640x480"]) == 0
    assert out.is_file()


def test_play_options_belong_to_play_mode(tmp_path, capsys):
    assert main(["screenshot", "--mode", "edit-map", "-o", str(tmp_path / "x.png"), "--advance", "3"]) == 2
    assert "--advance" in capsys.readouterr().err


def test_play_refuses_a_missing_file(tmp_path, capsys):
    assert main(["play", str(tmp_path / "nothing.json")]) == 2
    assert "not found" in capsys.readouterr().err
