"""Pieces drawn once and pasted (renderer/sprites.py) look as if drawn in place."""

from __future__ import annotations

import random

from PIL import Image, ImageChops

import renderer
from games.i18n import using
from renderer import marks, sprites
from renderer.fonts import draw_on, font, recording
from renderer.hex import draw_hex, hex_corners
from renderer.llama_land import estate as llama_estate
from renderer.llama_land.estate import EstateGrid, GridFrame, StackCell
from renderer.sprites import stamp
from testkit.positions import mid_game_view


def tile(draw, centre, size, fill, letter):
    """A hex with its outline, a disc and a letter: the kinds of shapes pieces use."""
    x, y = centre
    draw_hex(draw, hex_corners(centre, size), fill, "#a89a7a", 1)
    r = size * 0.6
    draw.ellipse((x - r, y - r, x + r, y + r), fill="#ffffff", outline="#2b2620", width=2)
    draw.text(centre, letter, font=font(round(size), True), fill="#2b2620", anchor="mm")


def both(centre, *args, drawn_at=None) -> tuple[Image.Image, Image.Image]:
    """The tile drawn at ``drawn_at`` (default ``centre``) and stamped at ``centre``."""
    drawn = Image.new("RGB", (90, 90), "#f7f3e8")
    stamped = drawn.copy()
    tile(draw_on(drawn), drawn_at or centre, *args)
    stamp(draw_on(stamped), tile, centre, args[0] + 1, *args)
    return drawn, stamped


def differing(first: Image.Image, second: Image.Image) -> int:
    histogram = ImageChops.difference(first, second).convert("L").histogram()
    return sum(histogram) - histogram[0]


def test_a_sprite_is_what_the_painter_draws_at_the_nearest_half_pixel():
    """The same pixels but for a few along the edges (Pillow rounds the corners of a
    shape moved by whole pixels half to even); a tile 1/2 px off differs far more."""
    rng = random.Random(3)
    sprites._sprite.cache_clear()
    for _ in range(80):
        centre = (rng.uniform(20, 70), rng.uniform(20, 70))
        nearest = (round(centre[0] * 2) / 2, round(centre[1] * 2) / 2)
        args = (rng.choice([12, 17.02, 20.5]), rng.choice(["#d42a1c", "#0d7a35"]),
                rng.choice(["C", "H", "Ch"]))
        drawn, stamped = both(centre, *args, drawn_at=nearest)
        assert differing(drawn, stamped) <= 16, (centre, args)
    assert sprites._sprite.cache_info().hits > 0
    drawn, stamped = both((40, 40), 17.02, "#1f4fbf", "S", drawn_at=(40.5, 40))
    assert differing(drawn, stamped) > 60


def test_what_changes_the_pixels_makes_another_sprite():
    sprites._sprite.cache_clear()
    red = both((40, 40), 17.02, "#d42a1c", "C")[1]
    green = both((40, 40), 17.02, "#0d7a35", "C")[1]
    other_letter = both((40, 40), 17.02, "#d42a1c", "Ch")[1]
    assert len({red.tobytes(), green.tobytes(), other_letter.tobytes()}) == 3
    assert sprites._sprite.cache_info().currsize == 3


def test_text_sizes_are_noted_each_time_a_sprite_is_used():
    sprites._sprite.cache_clear()
    with recording() as log:
        both((40, 40), 17.02, "#d42a1c", "C")
        both((40.5, 30), 17.02, "#d42a1c", "C")
    # drawn twice directly and stamped twice (one sprite drawn, then reused)
    assert [size for size, _tag in log.sizes] == [17] * 4


def test_the_boards_keep_few_sprites_and_the_language_of_their_letters():
    sprites._sprite.cache_clear()
    for game in ("kuhlorado", "hazienda"):
        for steps in (0, 40, 120, 400):
            renderer.render_image(game, *mid_game_view(game, steps))
    info = sprites._sprite.cache_info()
    # eight boards of two games: a few pieces each, not a sprite per place (153 today)
    assert info.maxsize == sprites.SPRITES and info.currsize < 256
    view, names = mid_game_view("hazienda", 120)
    english = renderer.render_image("hazienda", view, names).tobytes()
    with using("fr"):
        french = renderer.render_image("hazienda", view, names).tobytes()
    assert french != english
    assert renderer.render_image("hazienda", view, names).tobytes() == english


def test_decision_marks_are_pasted_as_painted_at_the_nearest_half_pixel():
    """A decision mark (renderer.marks.draw_mark) is its painting, pasted: the same pixels
    as painting it in place at the nearest half pixel, the same box, its size noted as a
    mark's on every use."""
    for text, size, centre in (("7", 18, (40.25, 41.0)), ("10-12", 24, (44.5, 40.75)),
                               ("3/4", 20, (45.0, 45.0))):
        painted = Image.new("RGB", (90, 90), "#f7f3e8")
        pasted = painted.copy()
        snapped = tuple(round(v * sprites.SUBPIXEL) / sprites.SUBPIXEL for v in centre)
        marks._paint_mark(draw_on(painted), snapped, text, size)
        for _ in range(2):  # drawn, then from the cache
            with recording() as log:
                box = marks.draw_mark(draw_on(pasted), centre, text, size)
            assert log.smallest("mark") == size
        assert differing(painted, pasted) == 0
        half_w, radius, ring = marks._mark_shape(text, size)
        assert box.width == 2 * (half_w + ring) and box.height == 2 * (radius + ring)


def test_llama_land_estate_cells_are_pasted_as_painted():
    """An estate's cells (renderer.llama_land.estate) are their paintings, pasted: the
    same cells and tile lines as painting each in place, but for edge pixels of their
    glyphs moved by the half-pixel rounding (see the module docstring)."""
    estate = EstateGrid({(0, 0): StackCell(1, "L", False, 1), (0, 1): StackCell(2, "-", True, 2),
                         (1, 1): StackCell(3, "c", False, 2)})
    frame = GridFrame(10.25, 12.5, 61.5, 0, 0)
    pasted = Image.new("RGB", (160, 160), "#f7f3e8")
    painted = pasted.copy()
    llama_estate.draw_estate(draw_on(pasted), estate, frame, 2, 2)
    draw = draw_on(painted)
    llama_estate.paint_ground(draw, frame.centre((1, 0)), frame.size)
    for cell, stack in estate.cells.items():
        llama_estate.paint_cell(draw, frame.centre(cell), frame.size, stack.height, stack.top,
                                 stack.foundation, 0.0, False)
    llama_estate.draw_tile_lines(draw, estate, frame)
    # glyph edges only: painting the cells half a pixel off moves twice as many (942)
    assert differing(painted, pasted) < 0.045 * (2 * 61.5) ** 2
    for cell in [(1, 0), *estate.cells]:  # every cell where it belongs, in its colour
        x, y = frame.box(cell)[:2]
        assert painted.getpixel((round(x + 30), round(y + 5))) == pasted.getpixel(
            (round(x + 30), round(y + 5)))
