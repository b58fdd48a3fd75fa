"""Test-wide setup: Qt runs headless, and hypothesis is deterministic in CI."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import pytest  # noqa: E402
from board_fixtures import build_small_board  # noqa: E402


@pytest.fixture
def small_board():
    """A 12x10 board that passes every map validation check."""
    return build_small_board()


@pytest.fixture
def small_map(tmp_path, small_board):
    """The small board saved as a map file."""
    from bofa_studio.board import save_map

    path = tmp_path / "small.json"
    save_map(small_board, path)
    return path
