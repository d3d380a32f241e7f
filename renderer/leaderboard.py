"""A server's leaderboard for one game, as an image that reads on a phone.

Portrait and narrow (720 px wide), so the chat preview (~400 px) shrinks it by less than
half: the smallest text (26 px) stays above 14 px on the phone. Its words are in the
active language (:mod:`games.i18n`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.i18n import _, using
from renderer import encode_png
from renderer.fonts import draw_on, font

WIDTH = 720
ROW = 64
TOP = 120
MARGIN = 28

BACKGROUND = (250, 246, 236)
INK = (40, 34, 28)
MUTED = (112, 100, 88)
STRIPE = (238, 230, 212)
MEDALS = ((212, 168, 40), (160, 160, 168), (176, 112, 64))


@dataclass(frozen=True)
class Line:
    name: str
    rating: float
    games: int
    wins: int


def fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it fits ``width`` pixels."""
    face = font(size, bold)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def render(title: str, lines: Sequence[Line]) -> Image.Image:
    height = TOP + ROW * max(1, len(lines)) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = draw_on(image)
    draw.text((MARGIN, 24), fit(draw, title, 44, WIDTH - 2 * MARGIN, bold=True), fill=INK,
              font=font(44, bold=True))
    draw.text((WIDTH - MARGIN, 80), _("rating · games · wins"), fill=MUTED, font=font(26),
              anchor="ra")
    if not lines:
        draw.text((MARGIN, TOP + 14), _("No rated game yet."), fill=MUTED, font=font(30))
        return image
    for index, line in enumerate(lines):
        y = TOP + index * ROW
        if index % 2 == 0:
            draw.rectangle((0, y, WIDTH, y + ROW - 1), fill=STRIPE)
        middle = y + ROW // 2
        if index < len(MEDALS):
            draw.ellipse((MARGIN, middle - 20, MARGIN + 40, middle + 20), fill=MEDALS[index])
        draw.text((MARGIN + 20, middle), str(index + 1), fill=INK, font=font(30, bold=True),
                  anchor="mm")
        figures = f"{line.rating:.1f} · {line.games} · {line.wins}"
        figures_width = draw.textlength(figures, font=font(30))
        draw.text((WIDTH - MARGIN, middle), figures, fill=INK, font=font(30), anchor="rm")
        name_width = int(WIDTH - 2 * MARGIN - 64 - figures_width - 24)
        draw.text((MARGIN + 64, middle), fit(draw, line.name, 30, name_width, bold=True), fill=INK,
                  font=font(30, bold=True), anchor="lm")
    return image


def render_png(title: str, lines: Sequence[Line], locale: str = "en") -> bytes:
    """:func:`render`, encoded (a top-level function: the bot draws it in its CPU pool),
    its words in ``locale`` (a worker process has no active language of its own)."""
    with using(locale):
        return encode_png(render(title, lines))
