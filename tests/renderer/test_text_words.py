"""A line of text put together from its words' masks (``renderer.fonts._from_words``)
gives the same pixels as Pillow drawing it whole: sizes, weights, anchors, fractional
starts, several spaces, accents and kerned pairs."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from renderer import fonts
from renderer.fonts import _load, draw_on

WORDS = ["free:", "5", "cows,", "11", "numbers", "·", "sheet", "Turn", "41:", "Player",
         "délivre", "bovins", "à", "Buenos", "Aires", "AVA", "To", "Ty", "Yo", "fj", "ff",
         "(o)", "—", "«", "»", "VP", "W.", "j'ai", "f", "y,", "Tj", "$6"]


def _texts(count: int) -> list[tuple]:
    rng = random.Random(7)
    cases = []
    for _ in range(count):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 8)))
        if rng.random() < 0.2:
            text = text.replace(" ", "  ", 1)
        if rng.random() < 0.1:
            text += " "
        cases.append((text, rng.choice([9, 13, 17, 22, 28]), rng.random() < 0.5,
                      rng.random() < 0.5, rng.choice(["la", "ls", "lm", "ld", None]),
                      (rng.choice([0, 10.25, 10.5, 13.7, 100.15]),
                       rng.choice([20, 20.15, 30.5, 33.33]))))
    return cases


def test_lines_put_together_from_words_are_drawn_whole(monkeypatch):
    composed = []
    original = fonts._from_words

    def spy(*args):
        found = original(*args)
        composed.append(found is not None)
        return found

    monkeypatch.setattr(fonts, "_from_words", spy)
    fonts._mask.cache_clear()
    for text, size, bold, condensed, anchor, xy in _texts(300):
        face = _load(size, bold, condensed)
        whole = Image.new("RGB", (900, 80), (240, 235, 220))
        ours = whole.copy()
        ImageDraw.ImageDraw(whole).text(xy, text, font=face, fill=(40, 30, 20), anchor=anchor)
        draw_on(ours).text(xy, text, font=face, fill=(40, 30, 20), anchor=anchor)
        assert ours.tobytes() == whole.tobytes(), (text, size, bold, condensed, anchor, xy)
    assert sum(composed) > 200  # most lines were put together, not drawn by FreeType


def test_a_line_from_a_negative_x_is_drawn_as_pillow_draws_it():
    """``int`` rounds towards zero: a line cut off on the left is drawn whole."""
    face = _load(17, False, False)
    fonts._mask.cache_clear()
    for x in (-3.0, -2.5, -40.25):
        whole = Image.new("RGB", (300, 40), "white")
        ours = whole.copy()
        ImageDraw.ImageDraw(whole).text((x, 12), "Turn 41: Player 2 (o)", font=face, fill="black")
        draw_on(ours).text((x, 12), "Turn 41: Player 2 (o)", font=face, fill="black")
        assert ours.tobytes() == whole.tobytes()


def test_a_lines_length_from_its_words_is_pillows():
    """``TextDraw.textlength`` of a line not measured before adds its words' lengths:
    what Pillow measures for the whole line."""
    fonts._LENGTHS.clear()
    image = Image.new("RGB", (1, 1))
    pillow, ours = ImageDraw.ImageDraw(image), draw_on(image)
    for text, size, bold, condensed, _anchor, _xy in _texts(400):
        face = _load(size, bold, condensed)
        assert ours.textlength(text, font=face) == pillow.textlength(text, font=face), text
