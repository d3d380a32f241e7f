"""The renderer draws with the DejaVu files shipped in the package
(renderer/dejavu, with their licence), never with the system's fonts — so a board is
the same on a host without DejaVu (macOS, Windows, Docker's slim image), and French
letters and arrows are letters and arrows there, not boxes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import ImageFont

import renderer
from renderer import fonts
from tests.renderer.without_system_fonts import SHIPPED, board_digest

ROOT = Path(__file__).resolve().parents[2]
#: Letters the French boards and arrows the boards draw.
LETTERS = "éèêàçôûœÉ→←·…×"


def test_the_package_ships_the_four_faces_and_their_licence() -> None:
    assert SHIPPED == Path(renderer.__file__).parent / "dejavu"
    names = sorted(p.name for p in SHIPPED.glob("*.ttf"))
    assert names == ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf",
                     "DejaVuSansCondensed.ttf"]
    licence = (SHIPPED / "LICENSE").read_text()
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"renderer" = ["dejavu/*.ttf", "dejavu/LICENSE"]' in pyproject


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("condensed", [False, True])
def test_every_face_is_loaded_from_the_package(bold: bool, condensed: bool) -> None:
    loaded = fonts._load(14, bold, condensed)
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    assert Path(str(loaded.path)).parent == SHIPPED, loaded.path


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("condensed", [False, True])
def test_french_letters_and_arrows_have_glyphs(bold: bool, condensed: bool) -> None:
    face = fonts._load(20, bold, condensed)
    missing = face.getmask("\U000f0000").getbbox()  # a private-use code point: no glyph
    for letter in LETTERS:
        assert face.getmask(letter).getbbox() != missing, letter


@pytest.mark.parametrize(("game", "language"), [("gwt-argentina", "fr"), ("hazienda", "fr")])
def test_a_board_is_the_same_on_a_host_without_dejavu(game: str, language: str) -> None:
    here = board_digest(game, language)
    elsewhere = subprocess.run(
        [sys.executable, "-m", "tests.renderer.without_system_fonts", game, language],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True).stdout.strip()
    assert elsewhere == here
