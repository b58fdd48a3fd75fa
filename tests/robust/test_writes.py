"""Writing files: atomic, with the permissions a user expects, through symlinks, into
folders that exist, cleaning up after a killed save, and never half-written."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from bofa_studio.board import load_map, save_map
from bofa_studio.jsonfile import STALE_TEMP_SECONDS, write_atomic

ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes and links")


@pytest.fixture
def umask():
    def set_mask(mask: int) -> None:
        os.umask(mask)

    old = os.umask(0o022)
    yield set_mask
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@posix_only
@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_umasks_permissions_not_0600(tmp_path, umask, mask, expected):
    umask(mask)
    write_atomic(tmp_path / "map.json", "{}\n")
    assert mode(tmp_path / "map.json") == expected


@posix_only
def test_a_file_saved_over_keeps_its_mode(tmp_path, umask):
    umask(0o077)
    target = tmp_path / "shared.json"
    target.write_text("{}\n")
    os.chmod(target, 0o644)
    write_atomic(target, '{"new": 1}\n')
    assert mode(target) == 0o644 and target.read_text() == '{"new": 1}\n'


@posix_only
def test_saving_to_a_symlink_writes_the_file_it_points_to(tmp_path):
    real = tmp_path / "maps" / "real.json"
    real.parent.mkdir()
    save_map(load_map(ROOT / "maps" / "bofa1984.json"), real)
    before = real.read_text(encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    board = load_map(link)
    board.meta = type(board.meta)(name="Renamed", source="", provenance="", notes="")
    save_map(board, link)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8") != before and load_map(real).meta.name == "Renamed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "maps"]


def test_stale_temporary_files_of_a_killed_save_are_removed(tmp_path):
    target = tmp_path / "game.json"
    stale = tmp_path / ".game.json.abc123.tmp"
    fresh = tmp_path / ".game.json.def456.tmp"  # another save in progress right now
    someone_elses = tmp_path / ".other.json.abc123.tmp"
    for path in (stale, fresh, someone_elses):
        path.write_text("half")
    old = time.time() - STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    os.utime(someone_elses, (old, old))
    write_atomic(target, "{}\n")
    assert not stale.exists()
    assert fresh.exists() and someone_elses.exists()


def test_a_missing_folder_is_an_error_and_is_not_created(tmp_path):
    target = tmp_path / "no" / "such" / "map.json"
    with pytest.raises(FileNotFoundError):
        write_atomic(target, "{}\n")
    assert list(tmp_path.iterdir()) == []


def test_text_that_cannot_be_encoded_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "map.json"
    target.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(target, "bad \ud800 text")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["map.json"]
