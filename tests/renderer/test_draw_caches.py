"""What renderers keep between boards (shapes, lengths, canvas heights) changes no pixel."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

import renderer
from games import get_game
from renderer import fonts, sprites
from renderer.fonts import draw_on, font, length
from renderer.gwt_argentina import board as gwt_board
from renderer.hazienda import board as hazienda_board
from renderer.hazienda.board import DECISION_ZOOMS, decision_zoom
from testkit.positions import mid_game_view


def _both(box, **args) -> tuple[bytes, bytes]:
    pillow = Image.new("RGB", (140, 140), "#f4eedf")
    cached = pillow.copy()
    ImageDraw.Draw(pillow).rounded_rectangle(box, **args)
    draw_on(cached).rounded_rectangle(box, **args)
    return pillow.tobytes(), cached.tobytes()


def test_rounded_rectangles_are_pillows_pixels():
    """Whole, half and fractional corners, shapes cut by the image's edge, fill and/or
    outline, and the shapes the cache leaves to Pillow (tiny, no ink, partial corners)."""
    rng = random.Random(5)
    fonts._rounded.cache_clear()
    for _ in range(1500):
        x0 = rng.choice([rng.uniform(0, 110), rng.randint(0, 110), rng.randint(0, 110) + 0.5])
        y0 = rng.choice([rng.uniform(0, 110), rng.randint(0, 110), rng.randint(0, 110) + 0.5])
        w = rng.choice([rng.uniform(0, 60), rng.randint(0, 20) + rng.choice([0, 0.5])])
        h = rng.choice([rng.uniform(0, 60), rng.randint(0, 20) + rng.choice([0, 0.5])])
        args = dict(radius=rng.choice([0, 2, 2.3, 6, 10, 30]),
                    fill=rng.choice([None, "#123456", (1, 2, 3)]),
                    outline=rng.choice([None, "white", "#654321"]),
                    width=rng.choice([1, 2, 3, 6]),
                    corners=rng.choice([None, None, (True, False, True, False)]))
        try:
            pillow, cached = _both((x0, y0, x0 + w, y0 + h), **args)
        except ValueError:  # a shape Pillow itself refuses
            continue
        assert pillow == cached, ((x0, y0, w, h), args)
    assert fonts._rounded.cache_info().currsize > 100  # most shapes went through the cache


def test_shapes_kept_are_bounded():
    fonts._rounded.cache_clear()
    _both((2, 2, 300, 300), radius=6, fill="#123456", outline="white", width=2)
    assert fonts._rounded.cache_info().currsize == 0  # larger than SHAPE_AREA: not kept
    _both((2.5, 3, 40, 30.25), radius=6, fill="#123456", outline="white", width=2)
    _both((20.5, 43, 58, 70.25), radius=6, fill="#123456", outline="white", width=2)
    info = fonts._rounded.cache_info()
    assert (info.currsize, info.hits) == (1, 1)  # moved by an even number of px: reused
    assert info.maxsize * fonts.SHAPE_AREA * 5 <= 32 * 2**20  # at most 32 MB of shapes


@pytest.mark.parametrize("game", list(renderer.RENDERERS))
def test_boards_are_the_same_without_the_shape_cache(game, monkeypatch):
    view, names = mid_game_view(game, steps=60)
    cached = renderer.render_image(game, view, names).tobytes()
    monkeypatch.setattr(fonts, "SHAPE_AREA", 0)
    assert renderer.render_image(game, view, names).tobytes() == cached


def test_length_is_the_fonts_own():
    face = font(22, True)
    for text in ("Llama", "Llama", "Pérou 12", ""):
        assert length(face, text) == face.getlength(text)


def test_gwt_boards_are_the_same_whatever_height_was_drawn_before(monkeypatch):
    """A board drawn on a canvas of the last height (exactly filled, shorter or taller) is
    the board drawn on a fresh canvas, cut to its height."""
    views = [mid_game_view("gwt-argentina", steps) for steps in (0, 150, 3, 150)]
    fresh = []
    for view, names in views:
        monkeypatch.setattr(gwt_board, "_HEIGHTS", {})
        fresh.append(renderer.render_image("gwt-argentina", view, names))
    heights = {image.height for image in fresh}
    assert len(heights) > 1  # boards of different heights, one after the other
    monkeypatch.setattr(gwt_board, "_HEIGHTS", {})
    for (view, names), image in zip(views, fresh, strict=True):
        again = renderer.render_image("gwt-argentina", view, names)
        assert (again.size, again.tobytes()) == (image.size, image.tobytes())


def test_hazienda_decision_images_cut_one_drawing_of_the_empty_map():
    """Decision images at one zoom cut their regions from one drawing of the empty map,
    and a cut image is the same whether that drawing was cached or made for it."""
    game = get_game("hazienda")
    view = game.view(game.setup(2, game.parse_options(None), 4), None)
    left, right = {"B3": "1", "C3": "2"}, {"B9": "1", "C10": "2/3"}
    hazienda_board.decision_layer.cache_clear()
    first = hazienda_board.render_decision(view, ["Ana", "Bo"], left).tobytes()
    hazienda_board.render_decision(view, ["Ana", "Bo"], right)
    assert hazienda_board.decision_layer.cache_info().misses == 1
    assert hazienda_board.decision_layer.cache_info().hits == 1
    hazienda_board.decision_layer.cache_clear()
    assert hazienda_board.render_decision(view, ["Ana", "Bo"], left).tobytes() == first


def test_hazienda_hex_names_are_drawn_once_and_pasted():
    """The names of a decision image's hexes are sprites (renderer.sprites): a second
    image of the same region draws none of them again and comes out the same."""
    game = get_game("hazienda")
    view = game.view(game.setup(2, game.parse_options(None), 4), None)
    sprites._sprite.cache_clear()
    first = hazienda_board.render_decision(view, ["Ana", "Bo"], {"B3": "1", "C3": "2"}).tobytes()
    drawn = sprites._sprite.cache_info().misses
    assert drawn > 20  # a name per unmarked hex, among the pieces
    again = hazienda_board.render_decision(view, ["Ana", "Bo"], {"B3": "1", "C3": "2"}).tobytes()
    assert sprites._sprite.cache_info().misses == drawn
    assert again == first


def test_hazienda_decision_zooms_are_the_largest_that_fits():
    assert decision_zoom(100) == DECISION_ZOOMS[0]
    assert decision_zoom(DECISION_ZOOMS[3] + 0.01) == DECISION_ZOOMS[3]
    assert decision_zoom(1.5) == 1.5  # below them all: drawn at the zoom that fits
