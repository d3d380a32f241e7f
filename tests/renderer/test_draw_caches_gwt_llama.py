"""The parts of the Great Western Trail: Argentina and Llama Land boards drawn once and
pasted after that (``renderer/gwt_argentina_layers.py``, ``renderer/llama_land_layers.py``)
change no pixel: boards, seated boards and decision images, in English and in French."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from games.i18n import using
from renderer import fonts, gwt_argentina_layers, llama_land_layers, render_image
from renderer.gwt_argentina import render_decision as gwt_decision
from renderer.gwt_argentina_base import Canvas
from renderer.llama_land import render_decision as llama_decision
from tests.renderer.samples import board_samples, decision_samples

LAYERS = {"gwt-argentina": gwt_argentina_layers, "llama-land": llama_land_layers}
DECISIONS = {"gwt-argentina": gwt_decision, "llama-land": llama_decision}


def _pixels(image: Image.Image | None) -> tuple | None:
    return None if image is None else (image.size, image.tobytes())


def _drawn(game: str, keep: bool, monkeypatch) -> list:
    """Every sample board and decision image, in English then French, then English again
    (a French part must not be pasted on an English board)."""
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
    LAYERS[game]._layer.cache_clear()
    kept = _drawn(game, True, monkeypatch)
    info = LAYERS[game]._layer.cache_info()
    assert info.hits > 0 and info.currsize > 0  # parts were pasted, not only drawn
    again = _drawn(game, True, monkeypatch)  # every part pasted from the cache now
    assert _drawn(game, False, monkeypatch) == kept == again


@pytest.mark.parametrize("game", list(LAYERS))
def test_the_parts_kept_are_bounded(game):
    assert LAYERS[game]._layer.cache_info().maxsize == LAYERS[game].LAYERS <= 512


def test_a_part_blending_with_what_lies_under_it_is_drawn_in_place():
    """Anti-aliased text straight on the background would take the colour of the sheet it
    was drawn on: such a part is never kept, and drawn where it belongs."""
    def text_alone(canvas, x, y):
        canvas.text((x, y), "Buenos Aires", size=22)

    def text_on_a_box(canvas, x, y):
        canvas.rect((x, y, x + 170, y + 34), "#d8ccb0")
        canvas.text((x + 4, y + 4), "Buenos Aires", size=22)

    for paint in (text_alone, text_on_a_box):
        gwt_argentina_layers._layer.cache_clear()
        pasted, drawn = Canvas(80, 240, (40, 90, 160)), Canvas(80, 240, (40, 90, 160))
        pasted.paste_drawn((13.5, 21.25), (174, 36), paint)
        paint(drawn, 13.5, 21.25)
        assert pasted.image.tobytes() == drawn.image.tobytes()
        kept = gwt_argentina_layers._layer(Canvas, paint, (), (1.5, 1.25), (190, 60), "en")
        assert (kept is None) == (paint is text_alone)


def test_llama_land_parts_replay_their_text_sizes():
    """A pasted part notes the text sizes it was drawn with (the phone rule's record)."""
    def number(draw, x, y):
        draw.rectangle((x, y, x + 40, y + 40), fill=(222, 238, 186))
        draw.text((x + 3, y + 1), "7", font=fonts.font(24, True), fill=(38, 34, 30))

    llama_land_layers._layer.cache_clear()
    image = Image.new("RGB", (100, 100), (247, 243, 232))
    for _ in range(2):
        with fonts.recording() as log:
            llama_land_layers.paste_drawn(fonts.draw_on(image), (10, 10), (0, 0, 40, 40),
                                          number)
        assert log.smallest() == 24
    assert llama_land_layers._layer.cache_info().hits == 1
    drawn = Image.new("RGB", (100, 100), (247, 243, 232))
    number(ImageDraw.Draw(drawn), 10, 10)
    assert drawn.tobytes() == image.tobytes()


def test_large_llama_land_cards_are_pillows_rounded_rectangles():
    """:func:`llama_land_layers.rounded_box` against ``ImageDraw.rounded_rectangle``:
    cards of every size (down to those it leaves to Pillow), radius, outline and width."""
    import random

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
        llama_land_layers.rounded_box(fonts.draw_on(ours), box, **args)
        assert pillow.tobytes() == ours.tobytes(), (box, args)
    assert llama_land_layers._card_plan.cache_info().currsize > 0  # the fast way was taken


def test_a_card_leaves_its_hole_unfilled():
    box, hole = (10, 10, 200, 150), (40, 50, 120, 130)
    card = Image.new("RGB", (220, 170), (1, 2, 3))
    llama_land_layers.rounded_box(fonts.draw_on(card), box, 12, (255, 253, 246),
                                  (60, 60, 60), 4, hole=hole)
    full = Image.new("RGB", (220, 170), (1, 2, 3))
    ImageDraw.Draw(full).rounded_rectangle(box, 12, (255, 253, 246), (60, 60, 60), 4)
    assert card.crop((hole[0], hole[1], hole[2] + 1, hole[3] + 1)).getcolors() == [
        ((hole[2] - hole[0] + 1) * (hole[3] - hole[1] + 1), (1, 2, 3))]
    card.paste((9, 9, 9), (hole[0], hole[1], hole[2] + 1, hole[3] + 1))
    full.paste((9, 9, 9), (hole[0], hole[1], hole[2] + 1, hole[3] + 1))
    assert card.tobytes() == full.tobytes()


def _estate_like(draw, x, y, ink):
    """A box covering (x, y)–(x + 30, y + 30) and a line standing 2 px out of it."""
    draw.rectangle((x, y, x + 30, y + 30), fill=(222, 238, 186), outline=(92, 84, 70))
    draw.line([(x + 30, y + 5), (x + 30, y + 25)], fill=ink, width=5)


def test_llama_land_parts_look_at_what_lies_under_them():
    """A kept part is pasted only where its margin holds the colour it was kept on; a part
    first drawn on anything else than it was told is not kept."""
    card = (255, 253, 246)
    llama_land_layers._layer.cache_clear()

    def both(setup):
        images = []
        for keep in (True, False):
            image = Image.new("RGB", (80, 80), card)
            setup(image)
            llama_land_layers.KEEP = keep
            try:
                llama_land_layers.paste_drawn(fonts.draw_on(image), (20, 20), (-2, -2, 32, 32),
                                              _estate_like, (38, 34, 30), under=card,
                                              covered=(0, 0, 30, 30))
            finally:
                llama_land_layers.KEEP = True
            images.append(image.tobytes())
        return images

    def nothing(image):
        pass

    def a_mark_in_the_margin(image):
        image.putpixel((19, 19), (200, 0, 0))  # in the margin, where nothing is drawn

    assert len(set(both(nothing))) == 1
    assert llama_land_layers._layer.cache_info().currsize == 1  # kept
    for _ in range(2):  # kept, but the margin holds a mark this time: drawn in place
        assert len(set(both(a_mark_in_the_margin))) == 1
    assert llama_land_layers._layer.cache_info().hits == 0
    assert len(set(both(nothing))) == 1
    assert llama_land_layers._layer.cache_info().hits == 1

    def objective(draw, x, y):
        draw.rounded_rectangle((x, y, x + 40, y + 30), 8, fill=card, outline=(70, 120, 200))

    llama_land_layers._layer.cache_clear()
    image = Image.new("RGB", (80, 80), (247, 243, 232))
    image.putpixel((11, 11), (0, 0, 0))  # not the background it is told: not kept
    llama_land_layers.paste_drawn(fonts.draw_on(image), (10, 10), (0, 0, 40, 30), objective,
                                  under=(247, 243, 232))
    assert llama_land_layers._layer.cache_info().currsize == 0


def test_llama_land_parts_kept_stay_under_their_bytes():
    """Llama Land's kept parts are bounded by bytes too: the largest estates would
    otherwise fill 48 parts with 120 MB."""
    from PIL import Image

    kept = llama_land_layers._Kept(maxsize=48, max_bytes=10 * 2**20)
    for n in range(8):
        kept.put(("estate", n), (Image.new("RGB", (760, 800)).im, []))
        assert kept.bytes <= kept.max_bytes
    assert kept.cache_info().currsize == 4  # 2.3 MB each
    assert kept.get(("estate", 7)) is not None and kept.get(("estate", 0)) is None
    kept.put(("estate", 7), (Image.new("RGB", (10, 10)).im, []))  # replaced, not counted twice
    assert kept.bytes == 3 * 4 * 760 * 800 + 400
