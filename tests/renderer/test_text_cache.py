"""Texts drawn through the mask cache (renderer.fonts.TextDraw) are the same pixels as
Pillow's own ImageDraw.text, wherever they start (sub-pixel positions) and however they
are anchored, drawn once or again from the cache."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderer.fonts import TextDraw, draw_on, font

TEXTS = ["Ana 12", "Score · 3 · 1", "R25", "…", "Llamas — 4"]
PLACES = [(10, 12), (10.25, 30.5), (33.7, 55.9), (120.5, 80.0)]
ANCHORS = [None, "la", "ls", "mm", "rm", "ra", "lm", "rs"]


def drawn(draw_of, repeat: int) -> bytes:
    image = Image.new("RGB", (240, 120), "#f7f3e8")
    draw = draw_of(image)
    for _ in range(repeat):
        for i, text in enumerate(TEXTS):
            for (x, y), anchor in zip(PLACES, ANCHORS[i:] + ANCHORS[:i], strict=False):
                draw.text((x, y), text, fill=("#2b2620", (160, 30, 40))[i % 2],
                          font=font(14 + 3 * i, bold=i % 2 == 1), anchor=anchor)
    return image.tobytes()


def test_cached_text_is_the_same_pixels_as_pillows() -> None:
    reference = drawn(ImageDraw.Draw, 1)
    assert drawn(draw_on, 1) == reference
    assert drawn(draw_on, 2) == drawn(ImageDraw.Draw, 2)  # the second time from the cache


def test_lengths_are_pillows() -> None:
    image = Image.new("RGB", (10, 10))
    cached, plain = draw_on(image), ImageDraw.Draw(image)
    assert isinstance(cached, TextDraw)
    for text in TEXTS:
        for _ in range(2):
            assert cached.textlength(text, font=font(18)) == plain.textlength(text, font=font(18))


def test_several_lines_and_strokes_go_to_pillow() -> None:
    def lines(draw_of) -> bytes:
        image = Image.new("RGB", (200, 80), "white")
        draw_of(image).text((5.5, 5), "two\nlines", fill="black", font=font(16))
        draw_of(image).text((90, 40), "stroke", fill="black", font=font(16), stroke_width=2,
                            stroke_fill="white")
        return image.tobytes()

    assert lines(draw_on) == lines(ImageDraw.Draw)
