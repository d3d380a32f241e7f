"""Hand images (« your hand always in view »): the faces of a seat's cards, drawn
from its view for its private panel, readable on a phone — every text at least 9 px at
400 px wide, never more than twice as tall as wide — and the same colours as the game's
board (posted on its palette)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import renderer
from games.gwt_argentina import GAME as GWT
from games.hazienda import GAME as HAZIENDA
from renderer import gwt_argentina, hazienda
from renderer.fonts import MIN_PHONE_TEXT, phone_px, recording
from tests.games.gwt_argentina.positions import situation
from tests.renderer.test_palettes import FAR

NAMES = ["Alice", "Bob", "Chen", "Dolores", "Eik"]
#: The biggest hand a GWT:A seat holds: the hand limit of 6 + 2 (cleared slots) and 2
#: drawn with an exchange token, with the longest breed names.
BIG_HAND = "1:HO1 1:HO2 BO1 BO2 AA1 AA2 1:NI1 EX OB07 OB12"


def readable(draw, view) -> Image.Image:
    with recording() as log:
        image = draw(view, NAMES)
    assert image is not None
    assert phone_px(log.smallest(), image.width) >= MIN_PHONE_TEXT
    assert image.height <= 2 * image.width
    return image


def test_gwt_hand_faces_every_card_readable():
    state = situation(3, first_turn="-", p1_hand=BIG_HAND)
    image = readable(gwt_argentina.RENDERER.render_hand, GWT.view(state, 1))
    assert image.width == 600 and image.height < image.width


def test_gwt_no_hand_image_without_a_seat_or_cards():
    state = situation(3, first_turn="-", p1_hand="-")
    assert gwt_argentina.RENDERER.render_hand(GWT.view(state, 1), NAMES) is None
    assert gwt_argentina.RENDERER.render_hand(GWT.view(state, None), NAMES) is None
    assert renderer.render_hand_png("gwt-argentina", GWT.view(state, None), NAMES) is None


@pytest.mark.parametrize("seats", [2, 5])
def test_hazienda_hand_faces_readable(seats):
    state = HAZIENDA.setup(seats, HAZIENDA.parse_options(None), 4)
    readable(hazienda.RENDERER.render_hand, HAZIENDA.view(state, 1))


def test_hand_images_post_on_the_games_palette():
    """The cards use the board's colours: mapped onto the kept palette, no pixel moves
    visibly from what was drawn."""
    state = situation(3, first_turn="-", p1_hand=BIG_HAND)
    for game, view, draw in (("gwt-argentina", GWT.view(state, 1),
                              gwt_argentina.RENDERER.render_hand),
                             ("hazienda", HAZIENDA.view(
                                 HAZIENDA.setup(3, HAZIENDA.parse_options(None), 4), 1),
                              hazienda.RENDERER.render_hand)):
        drawn = draw(view, NAMES).convert("RGB")
        sent = Image.open(io.BytesIO(renderer.render_hand_png(game, view, NAMES))).convert("RGB")
        assert sent.size == drawn.size
        red, green, blue = ImageChops.difference(drawn, sent).split()
        moved = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()
        assert sum(moved[FAR + 1:]) == 0, f"{game}: a colour of the hand is not on the palette"
