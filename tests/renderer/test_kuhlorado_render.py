"""The Kuhlorado board image (size and a few drawn facts; not a snapshot test)."""

from __future__ import annotations

import pytest

from games.kuhlorado import GAME
from renderer import render_png
from renderer.kuhlorado.board import HIGHLIGHT, SYMBOL_COLOURS, WIDTH, cell_box, render
from tests.games.kuhlorado.helpers import COW, MARKING_SHEET, play, situation
from tests.games.kuhlorado.render_samples import sample_states

NAMES = ["Sarah", "Tim"]


def colours_in(image, box) -> set:
    box = tuple(round(v) for v in box)
    return {colour for _, colour in image.crop(box).getcolors(maxcolors=1 << 16)}


@pytest.mark.parametrize("name", ["early", "mid_turn", "mid_game", "finished"])
def test_render_sizes(name):
    state = sample_states()[name]
    image = render(GAME.view(state, None), NAMES)
    assert image.width == WIDTH == 720
    assert image.width < image.height < image.width * 1.4  # sheet above, strip below
    assert image.mode == "RGB"


def test_marks_and_last_move_are_drawn():
    state = play(situation(MARKING_SHEET, [COW, 3]), "keep", "mark:D4", "mark:F6")
    image = render(GAME.view(state, None), NAMES)
    assert SYMBOL_COLOURS["x"] in colours_in(image, cell_box(3, 3))  # D4
    assert HIGHLIGHT in colours_in(image, cell_box(5, 5))  # F6, part of the last move
    assert SYMBOL_COLOURS["x"] not in colours_in(image, cell_box(0, 0))  # A1 is free


def test_png_through_the_renderer_registry():
    state = sample_states()["finished"]
    png = render_png("kuhlorado", GAME.view(state, None), ["A very long display name " * 3, "B"])
    assert png.startswith(b"\x89PNG")
