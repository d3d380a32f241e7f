"""The end-of-game recap image: who won, points by category, and the race turn by turn.

Portrait, 720 px wide, so a phone (~400 px) shows it at more than half size: the smallest
text (22 px) stays above 12 px there. Every seat has one colour throughout: legend,
table column and chart line. Its words are in the active language (:mod:`games.i18n`);
score categories are the engines' keys, translated with the catalogue context
"score category" (:func:`category_name`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.base import Game
from games.i18n import _, _n, _p
from renderer.fonts import draw_on, font
from renderer.leaderboard import fit

WIDTH = 720
MARGIN = 28

BACKGROUND = (250, 246, 236)
INK = (40, 34, 28)
MUTED = (112, 100, 88)
GRID = (222, 214, 196)
STRIPE = (238, 230, 212)
#: Seat colours (colour-blind-safe Okabe–Ito hues, dark enough on the light background).
SEAT_COLOURS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (86, 70, 20),
                (230, 159, 0))

LEGEND_ROW = 40
TABLE_ROW = 40
CHART_HEIGHT = 340


@dataclass(frozen=True)
class Recap:
    title: str
    names: tuple[str, ...]
    #: Final points per seat by category (with "total"), as ``Game.scores`` gives them.
    scores: dict[int, dict[str, int]]
    winners: tuple[int, ...]
    forfeits: tuple[int, ...]
    #: Each seat's total at the start and after turns, evenly sampled when long.
    history: tuple[tuple[int, ...], ...]
    #: How many turns were played (the chart's span).
    turns: int
    #: Each category's name as players read it (default: :func:`category_name`).
    labels: dict[str, str] | None = None


def category_name(category: str, game: object | None = None) -> str:
    """A score category (an engine's key such as "meadows" or "total") as players read it,
    in the active language: the game's own name for it (``Game.score_label``, when the
    game names it), else the platform's catalogue (context "score category"), else the
    key itself."""
    if isinstance(game, Game):
        label = game.score_label(category)
        if label != category:
            return label
    return _p("score category", category.replace("_", " "))


def colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def render(recap: Recap) -> Image.Image:
    seats = len(recap.names)
    categories = [c for c in next(iter(recap.scores.values()), {}) if c != "total"]
    height = (MARGIN + 56 + 44 + LEGEND_ROW * seats + 24 + TABLE_ROW * (len(categories) + 2)
              + 40 + CHART_HEIGHT + MARGIN)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = draw_on(image)
    y = MARGIN
    title = _("{title} — final scores", title=recap.title)
    size = next((n for n in range(40, 24, -2)  # a long title: smaller before shortened
                 if draw.textlength(title, font=font(n, bold=True)) <= WIDTH - 2 * MARGIN), 26)
    draw.text((MARGIN, y + (40 - size) // 2), fit(draw, title, size, WIDTH - 2 * MARGIN,
                                                  bold=True), fill=INK, font=font(size, bold=True))
    y += 56
    draw.text((MARGIN, y), fit(draw, verdict(recap), 28, WIDTH - 2 * MARGIN), fill=INK,
              font=font(28))
    y += 44
    y = _legend(draw, recap, y)
    y = _table(draw, recap, categories, y + 24)
    _chart(draw, recap, y + 40)
    return image


def verdict(recap: Recap) -> str:
    names = [recap.names[s] for s in recap.winners]
    if not names:
        return _("No winner.")
    if len(names) == 1:
        return _("Winner: {name}", name=names[0])
    return _("Winners: {names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _legend(draw: ImageDraw.ImageDraw, recap: Recap, y: int) -> int:
    for seat, name in enumerate(recap.names):
        middle = y + LEGEND_ROW // 2
        draw.rounded_rectangle((MARGIN, middle - 12, MARGIN + 40, middle + 12), 6,
                               fill=colour(seat))
        draw.text((MARGIN + 20, middle), str(seat + 1), fill=(255, 255, 255),
                  font=font(22, bold=True), anchor="mm")
        total = recap.scores.get(seat, {}).get("total", 0)
        shown = _("{name} (forfeited)", name=name) if seat in recap.forfeits else name
        label = fit(draw, shown, 28, WIDTH - 2 * MARGIN - 60 - 120,
                    bold=seat in recap.winners)
        draw.text((MARGIN + 56, middle), label, fill=INK,
                  font=font(28, bold=seat in recap.winners), anchor="lm")
        draw.text((WIDTH - MARGIN, middle), str(total), fill=INK, font=font(28, bold=True),
                  anchor="rm")
        y += LEGEND_ROW
    return y


def _table(draw: ImageDraw.ImageDraw, recap: Recap, categories: list[str], y: int) -> int:
    seats = len(recap.names)
    label_width = 260
    column = (WIDTH - 2 * MARGIN - label_width) // max(1, seats)
    for seat in range(seats):  # column heads: the seat's colour and number
        x = MARGIN + label_width + seat * column + column // 2
        draw.rounded_rectangle((x - 20, y + 8, x + 20, y + TABLE_ROW - 8), 6, fill=colour(seat))
        draw.text((x, y + TABLE_ROW // 2), str(seat + 1), fill=(255, 255, 255),
                  font=font(22, bold=True), anchor="mm")
    y += TABLE_ROW
    for index, category in enumerate([*categories, "total"]):
        if index % 2 == 0:
            draw.rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + TABLE_ROW - 1), fill=STRIPE)
        bold = category == "total"
        middle = y + TABLE_ROW // 2
        draw.text((MARGIN, middle), fit(draw, (recap.labels or {}).get(category) or category_name(category), 24,
                                        label_width - 8,
                                        bold=bold), fill=INK, font=font(24, bold=bold),
                  anchor="lm")
        for seat in range(seats):
            x = MARGIN + label_width + seat * column + column // 2
            points = recap.scores.get(seat, {}).get(category, 0)
            draw.text((x, middle), str(points), fill=INK, font=font(24, bold=bold), anchor="mm")
        y += TABLE_ROW
    return y


def _chart(draw: ImageDraw.ImageDraw, recap: Recap, y: int) -> None:
    draw.text((MARGIN, y - 34), _("Score after each turn"), fill=MUTED, font=font(24))
    left, right = MARGIN + 56, WIDTH - MARGIN
    top, bottom = y + 8, y + CHART_HEIGHT - 36
    history = recap.history or ((0,) * len(recap.names),)
    low = min(0, *(min(p) for p in history))
    high = max(1, *(max(p) for p in history))
    for fraction in (0.0, 0.5, 1.0):
        value = low + (high - low) * fraction
        gy = bottom - (bottom - top) * fraction
        draw.line((left, gy, right, gy), fill=GRID, width=2)
        draw.text((left - 8, gy), f"{value:.0f}", fill=MUTED, font=font(22), anchor="rm")
    draw.text(((left + right) // 2, bottom + 8), _n("{n} turn", "{n} turns", recap.turns), fill=MUTED,
              font=font(22), anchor="ma")
    span = max(1, len(history) - 1)

    def point(moment: int, value: int) -> tuple[float, float]:
        return (left + (right - left) * moment / span,
                bottom - (bottom - top) * (value - low) / (high - low))

    for seat in range(len(recap.names)):
        line = [point(i, totals[seat]) for i, totals in enumerate(history)]
        if len(line) > 1:
            draw.line(line, fill=colour(seat), width=5, joint="curve")
        x, yy = line[-1]
        draw.ellipse((x - 7, yy - 7, x + 7, yy + 7), fill=colour(seat))
