"""The README shows one board of each game, small files made by
``python -m testkit.samples --docs``."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from renderer import RENDERERS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_the_readme_shows_a_small_board_image_of_each_game(game):
    relative = f"docs/images/{game}.png"
    path = ROOT / relative
    assert path.is_file(), f"missing {relative}: run .venv/bin/python -m testkit.samples --docs"
    assert path.stat().st_size < 120 * 1024
    with Image.open(path) as image:
        assert image.format == "PNG" and image.width >= 400
    assert f'src="{relative}"' in (ROOT / "README.md").read_text(encoding="utf-8")
