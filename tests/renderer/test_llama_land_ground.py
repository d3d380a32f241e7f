"""Llama Land estates: the ground of a row drawn in one piece, the terrain cells stamped
over it (``renderer.llama_land.estate.draw_estate``), gives the pixels of every ground
cell stamped alone."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renderer.fonts import draw_on
from renderer.llama_land import board as llama_board
from renderer.llama_land.estate import (
    _axis_line,
    draw_estate,
    draw_tile_lines,
    paint_cell,
    paint_ground,
)
from renderer.llama_land.table import table_of_view
from renderer.sprites import stamp
from tests.renderer.llama_land_samples import NAMES, end_view, mid_view


def each_ground_cell_alone(draw, estate, frame, rows, cols):
    """How draw_estate drew before: a stamp per cell without terrain."""
    s = frame.size
    reach = s / 2 + 1
    for r in range(frame.top, frame.top + rows):
        for c in range(frame.left, frame.left + cols):
            if (r, c) not in estate.cells:
                stamp(draw, paint_ground, frame.centre((r, c)), reach, s)
    for cell, stack in estate.cells.items():
        stamp(draw, paint_cell, frame.centre(cell), reach, s, stack.height, stack.top,
              stack.foundation, 0.0, False)
    draw_tile_lines(draw, estate, frame)


@pytest.mark.parametrize("view", [mid_view(2), mid_view(4), end_view(3)])
def test_rows_of_ground_are_the_cells_stamped_alone(view):
    names = NAMES[:len(view["players"])]
    table = table_of_view(view, names)
    blocks = [(section, y) for key, _name in llama_board.parts(view, names)
              for section, y in llama_board.part_layout(table, key) or []
              if isinstance(section, llama_board.PlayerBlock) and section.p.estate.cells]
    assert blocks
    for section, y in blocks:
        frame = section.frame(y)
        images = []
        for painter in (draw_estate, each_ground_cell_alone):
            image = Image.new("RGB", (llama_board.WIDTH, y + section.height + 40), (9, 99, 199))
            painter(draw_on(image), section.p.estate, frame, section.rows, section.cols)
            images.append(image.tobytes())
        assert images[0] == images[1]


@pytest.mark.parametrize("width", range(1, 9))
def test_tile_lines_filled_are_pillows_lines(width):
    """``_axis_line`` against ``ImageDraw.line``: horizontal and vertical, either way
    round, on odd and even pixels, at the edge of the image."""
    for a, b in (((10, 20), (50, 20)), ((50, 21), (11, 21)), ((30, 5), (30, 60)),
                 ((31, 60), (31, 4)), ((0, 0), (0, 40)), ((0, 0), (40, 0)),
                 ((79, 10), (79, 70)), ((20, 79), (70, 79))):
        pillow = Image.new("RGB", (80, 80), (200, 190, 170))
        ours = pillow.copy()
        ImageDraw.Draw(pillow).line((a, b), fill=(38, 34, 30), width=width)
        _axis_line(draw_on(ours), (a, b), (38, 34, 30), width)
        assert ours.tobytes() == pillow.tobytes(), (a, b, width)
