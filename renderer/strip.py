"""A compact text strip under a board (phone first): lines, a score table, icon rows.

The strip is laid out first (so the image's height is known), then painted at its place
with :meth:`Strip.paint_on`. No text is ever smaller than
:func:`renderer.fonts.min_size` of the strip's width: a line too long is shortened with
"…" instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from renderer.fonts import draw_on, font, min_size
from renderer.hex import hex_corners
from renderer.marks import halo_line

Run = tuple[str, int, bool, Any]  # text, size, bold, colour
#: Stands in a translated sentence for a part drawn in another style (a bold name):
#: ``slotted(_("Last move: {player} marked {cells}", player=SLOT, cells=...))``.
SLOT = "\x00"
Op = Callable[[ImageDraw.ImageDraw, float, float], None]

_MEASURE = draw_on(Image.new("RGB", (1, 1)))
HIGHLIGHT_ROW = "#ece1c2"
CHIP_OUTLINE = "#2b2620"


def slotted(text: str) -> tuple[str, str]:
    """The parts of a translated sentence before and after its :data:`SLOT`, so that the
    sentence is translated whole and only the slot is drawn in another style."""
    before, _slot, after = text.partition(SLOT)
    return before, after


def text_width(text: str, size: int, bold: bool = False) -> float:
    return _MEASURE.textlength(text, font=font(size, bold))


def shortened(text: str, size: int, bold: bool, width: float) -> str:
    """``text`` cut with "…" so that it fits ``width`` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


class Strip:
    def __init__(self, width: int, background: Any, padding: int = 16):
        self.width = width
        self.background = background
        self.padding = padding
        self.floor = min_size(width)
        self.height: float = padding // 2
        self.ops: list[Op] = []

    @property
    def total_height(self) -> int:
        return round(self.height + self.padding / 2)

    @property
    def inner(self) -> float:
        return self.width - 2 * self.padding

    def _add(self, height: float, op: Op) -> None:
        y = self.height
        self.ops.append(lambda draw, x0, y0: op(draw, x0 + self.padding, y0 + y))
        self.height += height

    def space(self, height: float) -> None:
        self.height += height

    def block(self, height: float, painter: Op) -> None:
        """A block of ``height`` pixels drawn by ``painter(draw, x, y)`` (its fonts at least
        :attr:`floor` too)."""
        self._add(height, painter)

    def line(self, runs: list[Run], swatch: tuple[str, Any] | None = None) -> None:
        """One line of text runs (the last one shortened to fit), after an optional
        swatch: ("chip", colour) a round chip, ("frame", colour) a square frame,
        ("outline", colour) a hex outline."""
        runs = [(t, max(s, self.floor), b, c) for t, s, b, c in runs]
        tallest = max(s for _, s, _, _ in runs)
        lead = tallest + 6 if swatch else 0
        fitted, room = [], self.inner - lead
        for text, size, bold, colour in runs:
            text = shortened(text, size, bold, room)
            room -= text_width(text, size, bold)
            fitted.append((text, size, bold, colour))
            if room <= 0:
                break

        def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            base = y + tallest * 0.95
            if swatch:
                paint_swatch(draw, swatch, (x + tallest / 2, y + tallest * 0.6), tallest * 0.45)
            x += lead
            for text, size, bold, colour in fitted:
                face = font(size, bold)
                draw.text((x, base), text, font=face, fill=colour, anchor="ls")
                x += draw.textlength(text, font=face)

        self._add(round(tallest * 1.3), paint)

    def table(self, headers: list[str], rows: list[tuple[Any, str, list[str], bool]],
              size: int | None = None) -> None:
        """A score table: a header line, then per row a colour chip, a name and the cells;
        highlighted rows (the player to move, the winners) on a tinted band and in bold."""
        size = max(size or self.floor + 3, self.floor)
        head = self.floor
        widths = [max(text_width(h, head, True),
                      *(text_width(r[2][i], size, True) for r in rows)) + 14
                  for i, h in enumerate(headers)]
        chip = size
        name_room = self.inner - chip - 8 - sum(widths)
        row_h = round(size * 1.45)

        def paint_head(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            right = x + self.inner
            for header, width in zip(reversed(headers), reversed(widths), strict=True):
                draw.text((right, y + head), header, font=font(head, True), fill="#6b604e",
                          anchor="rs")
                right -= width

        self._add(round(head * 1.35), paint_head)
        for colour, name, cells, highlight in rows:
            name = shortened(name, size, highlight, name_room)

            def paint_row(draw, x, y, colour=colour, name=name, cells=cells, highlight=highlight):
                if highlight:
                    draw.rectangle((x - 6, y, x + self.inner + 6, y + row_h - 2),
                                   fill=HIGHLIGHT_ROW)
                cy = y + row_h / 2 - 1
                draw.ellipse((x, cy - chip / 2, x + chip, cy + chip / 2), fill=colour,
                             outline=CHIP_OUTLINE, width=2)
                face = font(size, highlight)
                draw.text((x + chip + 8, cy), name, font=face, fill="#2b2620", anchor="lm")
                right = x + self.inner
                for cell, width in zip(reversed(cells), reversed(widths), strict=True):
                    draw.text((right, cy), cell, font=font(size, True), fill="#2b2620",
                              anchor="rm")
                    right -= width

            self._add(row_h, paint_row)
        self.space(4)

    def icons(self, label: str, items: list[Any],
              painter: Callable[[ImageDraw.ImageDraw, tuple[float, float], float, Any], None],
              words: Callable[[Any], str] = lambda item: item[0]) -> None:
        """A label, then per item a small drawn icon and its word."""
        size = self.floor
        radius = size * 0.62
        label_w = text_width(label, size, True) + 8
        step = (self.inner - label_w) / max(4, len(items))

        def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            cy = y + size * 0.75
            draw.text((x, cy), label, font=font(size, True), fill="#2b2620", anchor="lm")
            for i, item in enumerate(items):
                left = x + label_w + i * step
                painter(draw, (left + radius, cy), radius, item)
                word = shortened(words(item), size, False, step - 2 * radius - 10)
                draw.text((left + 2 * radius + 5, cy), word, font=font(size), fill="#2b2620",
                          anchor="lm")

        self._add(round(size * 1.6), paint)

    def paint_on(self, draw: ImageDraw.ImageDraw, origin: tuple[float, float]) -> None:
        for op in self.ops:
            op(draw, origin[0], origin[1])


def paint_swatch(draw: ImageDraw.ImageDraw, swatch: tuple[str, Any], centre: tuple[float, float],
                 radius: float) -> None:
    kind, colour = swatch
    x, y = centre
    if kind == "chip":
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour,
                     outline=CHIP_OUTLINE, width=2)
    elif kind == "frame":
        draw.rectangle((x - radius, y - radius, x + radius, y + radius), outline=colour,
                       width=max(3, round(radius / 3)))
    else:
        corners = hex_corners(centre, radius)
        halo_line(draw, [*corners, corners[0]], colour, max(3, round(radius / 3)))
