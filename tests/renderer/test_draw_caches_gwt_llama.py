"""The parts of the Great Western Trail: Argentina board drawn once and pasted after that
(``renderer/gwt_argentina/layers.py``) and Llama Land's fast cards
(``renderer/llama_land/cards.py``) change no pixel: boards, seated boards and decision
images, in English and in French."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from games.i18n import using
from renderer import fonts, render_image
from renderer.gwt_argentina import layers as gwt_layers
from renderer.gwt_argentina import render_decision as gwt_decision
from renderer.gwt_argentina.canvas import Canvas
from renderer.llama_land import board as llama_board
from renderer.llama_land import cards as llama_cards
from renderer.llama_land import render_decision as llama_decision
from testkit.samples import board_samples, decision_samples

LAYERS = {"gwt-argentina": gwt_layers}
DECISIONS = {"gwt-argentina": gwt_decision, "llama-land": llama_decision}


def _pixels(image: Image.Image | None) -> tuple | None:
    return None if image is None else (image.size, image.tobytes())


def _drawn(game: str, keep: bool, monkeypatch) -> list:
    """Every sample board and decision image, in English then French, then English again
    (a French part must not be pasted on an English board)."""
    if game in LAYERS:
        monkeypatch.setattr(LAYERS[game], "KEEP", keep)
    images = []
    for language in ("en", "fr", "en"):
        with using(language):
            for sample in board_samples(game):
                images.append(_pixels(render_image(game, sample.view, sample.names)))
            for sample in decision_samples(game, per_game=4):
                images.append(_pixels(DECISIONS[game](sample.view, sample.names,
                                                      sample.marks)))
    return images


@pytest.mark.parametrize("game", list(LAYERS))
def test_boards_are_the_same_without_the_layers(game, monkeypatch):
    store = LAYERS[game].KEPT
    store.clear()
    kept = _drawn(game, True, monkeypatch)  # each part drawn in place first, then built
    assert store.hits > 0 and len(store) > 0  # parts were pasted, not only drawn
    again = _drawn(game, True, monkeypatch)  # every part pasted from the store now
    assert _drawn(game, False, monkeypatch) == kept == again


@pytest.mark.parametrize("game", list(LAYERS))
def test_the_parts_kept_are_bounded(game):
    """By bytes: a few tens of MB at most in a worker (see ``renderer/kept.py``)."""
    assert LAYERS[game].KEPT.budget == LAYERS[game].LAYER_BYTES <= 40 << 20
    assert LAYERS[game].KEPT.bytes <= LAYERS[game].KEPT.budget


def test_a_part_blending_with_what_lies_under_it_is_drawn_in_place():
    """Anti-aliased text straight on the background would take the colour of the sheet it
    was drawn on: such a part is never kept, and drawn where it belongs."""
    def text_alone(canvas, x, y):
        canvas.text((x, y), "Buenos Aires", size=22)

    def text_on_a_box(canvas, x, y):
        canvas.rect((x, y, x + 170, y + 34), "#d8ccb0")
        canvas.text((x + 4, y + 4), "Buenos Aires", size=22)

    for paint in (text_alone, text_on_a_box):
        gwt_layers.KEPT.clear()
        pasted, drawn = Canvas(80, 240, (40, 90, 160)), Canvas(80, 240, (40, 90, 160))
        for _ in range(3):  # noted, then built and kept (or not), then pasted
            pasted.paste_drawn((13.5, 21.25), (174, 36), paint)
            paint(drawn, 13.5, 21.25)
            assert pasted.image.tobytes() == drawn.image.tobytes()
        kept = gwt_layers._layer(Canvas, paint, (), (1.5, 1.25), (190, 60), "en")
        assert (kept is None) == (paint is text_alone)


def test_large_llama_land_cards_are_pillows_rounded_rectangles():
    """:func:`llama_cards.rounded_box` against ``ImageDraw.rounded_rectangle``:
    cards of every size (down to those it leaves to Pillow), radius, outline and width."""
    rng = random.Random(7)
    for _ in range(300):
        x0, y0 = rng.randint(0, 60), rng.randint(0, 60)
        box = (x0, y0, x0 + rng.randint(0, 180), y0 + rng.randint(0, 180))
        args = dict(radius=rng.choice([0, 1, 2.5, 6, 8, 12, 30]),
                    fill=rng.choice([(255, 253, 246), (255, 241, 196), (1, 2, 3)]),
                    outline=rng.choice([None, (60, 60, 60), (255, 253, 246)]),
                    width=rng.choice([1, 2, 3, 4, 7]))
        pillow = Image.new("RGB", (260, 260), (247, 243, 232))
        ImageDraw.Draw(pillow).rounded_rectangle(box, **args)
        ours = Image.new("RGB", (260, 260), (247, 243, 232))
        llama_cards.rounded_box(fonts.draw_on(ours), box, **args)
        assert pillow.tobytes() == ours.tobytes(), (box, args)
    assert llama_cards._card_plan.cache_info().currsize > 0  # the fast way was taken


def test_a_card_leaves_its_hole_unfilled():
    box, hole = (10, 10, 200, 150), (40, 50, 120, 130)
    card = Image.new("RGB", (220, 170), (1, 2, 3))
    llama_cards.rounded_box(fonts.draw_on(card), box, 12, (255, 253, 246),
                                  (60, 60, 60), 4, hole=hole)
    full = Image.new("RGB", (220, 170), (1, 2, 3))
    ImageDraw.Draw(full).rounded_rectangle(box, 12, (255, 253, 246), (60, 60, 60), 4)
    assert card.crop((hole[0], hole[1], hole[2] + 1, hole[3] + 1)).getcolors() == [
        ((hole[2] - hole[0] + 1) * (hole[3] - hole[1] + 1), (1, 2, 3))]
    card.paste((9, 9, 9), (hole[0], hole[1], hole[2] + 1, hole[3] + 1))
    full.paste((9, 9, 9), (hole[0], hole[1], hole[2] + 1, hole[3] + 1))
    assert card.tobytes() == full.tobytes()


def test_llama_land_boards_with_fast_cards_are_pillows(monkeypatch):
    """Boards and decision images drawn with :func:`llama_cards.rounded_box` (an
    estate's window left unfilled, then covered by the estate) are the pixels of the same
    boards with Pillow's own rounded rectangles."""
    fast = _drawn("llama-land", True, monkeypatch)

    def pillows(draw, box, radius, fill, outline=None, width=1, hole=None):
        draw.rounded_rectangle(box, radius, fill, outline, width)

    monkeypatch.setattr(llama_board, "rounded_box", pillows)
    assert _drawn("llama-land", True, monkeypatch) == fast
