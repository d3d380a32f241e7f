"""Great Western Trail: Argentina images: colours, the canvas and small drawing helpers
shared by the board's sections (``trail``, ``railway``, ``market``, ``players`` in
``renderer/gwt_argentina/``).

Every section paints on a :class:`Canvas` from a top ``y`` and returns the ``y`` below it;
a section registers the pixel box of every place a decision may name (``Option.at``, see
``games/gwt_argentina/NOTATION.md``) so :func:`renderer.gwt_argentina.board.render_decision`
can cut the region holding a decision's places.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image

from games.i18n import _
from renderer.colours import readable_ink
from renderer.fonts import TextDraw, draw_on, font, min_size
from renderer.gwt_argentina.layers import paste_drawn
from renderer.marks import Box

#: the board image's width; its height follows the sections drawn
WIDTH = 800
#: the smallest font size on the board (9 px on a 400 px wide phone)
FLOOR = min_size(WIDTH)
MARGIN = 8

BACKGROUND = "#f4eedf"
PANEL = "#ebe2cb"
INK = "#2b2620"
MUTED_INK = "#6b604e"
LINE = "#b9a987"

#: players' pieces: saturated or dark, apart from the pale tints of the board
PLAYER_FILL = ("#d42a1c", "#1f4fbf", "#1c1c1c", "#9a3fc0")

#: pale tints of the farmer areas and the farmer tiles' colours
FARMER_FILL = {"green": "#cfe6b8", "blue": "#c4d8ee", "orange": "#f4d2a8", "yellow": "#f3e7a2"}
HAND_FILL = {"green": "#2e8b3a", "black": "#1a1a1a"}
WORKER_FILL = {"gaucho": "#b5702d", "carpintero": "#3f6fa8", "maquinista": "#5a5f69",
               "granjero": "#5f8f3a"}
WORKER_LETTER = {"gaucho": "G", "carpintero": "C", "maquinista": "M", "granjero": "F"}
BREED_FILL = {"grey": "#9a9a9a", "green": "#4d9a45", "black": "#2a2a2a", "white": "#fbfbf7",
              "orange": "#e98b2a", "yellow": "#ecc531", "red": "#cf3b2e", "blue": "#3d6fc4",
              "brown": "#8a5a34", "purple": "#7c4aa6"}


class Canvas:
    """A tall sheet the sections paint on (cut to the height used), with the boxes of the
    places drawn (place id of ``Option.at`` -> pixel box)."""

    def __init__(self, height: int = 4000, width: int = WIDTH,
                 background: str | tuple[int, int, int] = BACKGROUND):
        self.image = Image.new("RGB", (width, height), background)
        self.draw = draw_on(self.image)
        self.places: dict[str, Box] = {}

    def paste_drawn(self, at: tuple[float, float], extent: tuple[float, float],
                    paint: Callable[..., None], *args: Any) -> None:
        """``paint(canvas, x, y, *args)``, a part that seldom changes, drawn once and
        pasted at ``at`` (see :func:`renderer.gwt_argentina.layers.paste_drawn`)."""
        paste_drawn(self, at, extent, paint, *args)

    def place(self, place: str, box: tuple[float, float, float, float]) -> None:
        self.places[place] = Box(*box)

    def text(self, xy: tuple[float, float], text: str, size: int = FLOOR, bold: bool = False,
             fill: str = INK, anchor: str = "la", condensed: bool = False,
             width: float | None = None) -> float:
        """Draw ``text`` (shortened with "…" to ``width`` px); returns its width."""
        size = max(size, FLOOR)
        face = font(size, bold, condensed)
        if width is not None and self.draw.textlength(text, font=face) > width:
            while text and self.draw.textlength(text + "…", font=face) > width:
                text = text[:-1]
            text += "…"
        self.draw.text(xy, text, font=face, fill=fill, anchor=anchor)
        return self.draw.textlength(text, font=face)

    def text_length(self, text: str, size: int = FLOOR, bold: bool = False,
                    condensed: bool = False) -> float:
        """How wide :meth:`text` draws ``text`` (never shortened), without drawing it."""
        return self.draw.textlength(text, font=font(max(size, FLOOR), bold, condensed))

    def title(self, y: float, text: str, right: str = "") -> float:
        """A section's title line; returns the y below it."""
        self.text((MARGIN, y + 4), text, size=FLOOR + 4, bold=True)
        if right:
            self.text((WIDTH - MARGIN, y + 8), right, fill=MUTED_INK, anchor="ra",
                      condensed=True)
        return y + FLOOR + 14

    def disc(self, centre: tuple[float, float], radius: float, seat: int,
             letter: str = "") -> None:
        """A player's piece: a disc of the player's colour ringed in white."""
        x, y = centre
        fill = player_fill(seat)
        self.draw.ellipse((x - radius - 2, y - radius - 2, x + radius + 2, y + radius + 2),
                          fill="white")
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
        if letter:
            self.text((x, y + 1), letter, size=FLOOR, bold=True, fill=readable_ink(fill),
                      anchor="mm", condensed=True)

    def discs(self, left: float, cy: float, seats: list[int], radius: float = 9,
              right: float | None = None) -> None:
        """A row of discs from ``left``; squeezed (overlapping) to end before ``right``."""
        if not seats:
            return
        step = 2 * radius + 5
        if right is not None and len(seats) > 1:
            step = min(step, (right - left - 2 * radius) / (len(seats) - 1))
        for i, seat in enumerate(seats):
            self.disc((left + radius + i * step, cy), radius, seat)

    def rect(self, box: tuple[float, float, float, float], fill: str, outline: str = LINE,
             width: int = 2, radius: float = 6) -> None:
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)

    def crop(self, bottom: float) -> Image.Image:
        return self.image.crop((0, 0, WIDTH, round(bottom)))


class _Blind(TextDraw):
    """A draw that measures text and draws nothing."""

    def _nothing(self, *args: Any, **kwargs: Any) -> None:
        return None

    text = rounded_rectangle = rectangle = ellipse = line = polygon = _nothing  # type: ignore[assignment]
    pieslice = arc = chord = point = bitmap = regular_polygon = _nothing  # type: ignore[assignment]


class Layout(Canvas):
    """A canvas that draws nothing: the sections painted on it only measure their text and
    register their places, so that a decision image knows where they fall and draws only
    the sections it shows."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (1, 1))
        self.draw = _Blind(self.image)
        self.places = {}

    def paste_drawn(self, at: tuple[float, float], extent: tuple[float, float],
                    paint: Callable[..., None], *args: Any) -> None:
        return None  # a part registers no place


def player_fill(seat: int) -> str:
    return PLAYER_FILL[seat % len(PLAYER_FILL)]


def initial(names: list[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else ""
    return (name.strip()[:1] or str(seat + 1)).upper()


def name_of(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else _("Seat {n}", n=seat + 1)
