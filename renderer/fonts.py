"""Fonts for the renderers, and the record of the text sizes a render draws with.

DejaVu when the system has it, Pillow's own scalable font otherwise.

**Phone rule.** Players look at the images in a phone's chat, about :data:`PHONE_WIDTH`
pixels wide. Every text that carries information must then be at least
:data:`MIN_PHONE_TEXT` pixels tall. A renderer drawing on a canvas ``width`` pixels wide
therefore never asks for a font below :func:`min_size` ``(width)``; it shortens a text
("…") rather than shrink it further.

**How it is checked.** :func:`font` notes every size it hands out while a
:func:`recording` is open (a renderer must fetch its fonts at draw time, never keep one
from module import). ``tests/renderer/test_text_size.py`` renders representative views of
every registered game inside a recording and compares the smallest size, scaled to the
phone, with :data:`MIN_PHONE_TEXT`. A renderer that draws a board once and shrinks it
(e.g. a decision image cut from the full board and resized) wraps that drawing in
:func:`scaled` with the resize factor, so the sizes noted are those of the final image.
A cached layer replays the sizes it was drawn with through :func:`note`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

#: the width (px) at which a phone's chat shows an image
PHONE_WIDTH = 400
#: the smallest text height (px, the font size) that carries information on that phone
MIN_PHONE_TEXT = 9

_CANDIDATES = {
    (False, False): ["DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
    (True, False): ["DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
    (False, True): [
        "DejaVuSansCondensed.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    ],
    (True, True): [
        "DejaVuSansCondensed-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    ],
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass
class TextLog:
    """The sizes (px on the final image) of the fonts fetched while recording, by tag."""

    sizes: list[tuple[float, str]] = field(default_factory=list)

    def smallest(self, tag: str | None = None) -> float:
        chosen = [size for size, t in self.sizes if tag is None or t == tag]
        if not chosen:
            raise ValueError(f"no text was drawn{'' if tag is None else f' with tag {tag!r}'}")
        return min(chosen)


_LOG: ContextVar[TextLog | None] = ContextVar("renderer_text_log", default=None)
_SCALE: ContextVar[float] = ContextVar("renderer_text_scale", default=1.0)
_TAG: ContextVar[str] = ContextVar("renderer_text_tag", default="text")


def min_size(canvas_width: float) -> int:
    """The smallest font size (px) allowed on a canvas that a phone shows ``PHONE_WIDTH`` wide."""
    return math.ceil(MIN_PHONE_TEXT * max(canvas_width, PHONE_WIDTH) / PHONE_WIDTH)


def phone_px(size: float, canvas_width: float) -> float:
    """How tall text of ``size`` px looks on the phone (an image narrower than the phone
    is shown at its own size, never enlarged)."""
    return size * min(1.0, PHONE_WIDTH / canvas_width)


def font(size: int, bold: bool = False, condensed: bool = False) -> Font:
    log = _LOG.get()
    if log is not None:
        log.sizes.append((size * _SCALE.get(), _TAG.get()))
    return _load(size, bold, condensed)


def note(sizes: list[tuple[float, str]]) -> None:
    """Note sizes drawn earlier (by a cached layer) as if drawn now."""
    log = _LOG.get()
    if log is not None:
        scale = _SCALE.get()
        log.sizes.extend((size * scale, tag) for size, tag in sizes)


@contextmanager
def recording() -> Iterator[TextLog]:
    """Collect the font sizes fetched inside the block (this thread or task only)."""
    log = TextLog()
    token = _LOG.set(log)
    try:
        yield log
    finally:
        _LOG.reset(token)


@contextmanager
def scaled(factor: float) -> Iterator[None]:
    """Inside, sizes are noted multiplied by ``factor`` (the drawing will be resized so)."""
    token = _SCALE.set(_SCALE.get() * factor)
    try:
        yield
    finally:
        _SCALE.reset(token)


@contextmanager
def tagged(tag: str) -> Iterator[None]:
    """Inside, sizes are noted with ``tag`` (e.g. "mark" for decision marks)."""
    token = _TAG.set(tag)
    try:
        yield
    finally:
        _TAG.reset(token)


@lru_cache(maxsize=128)
def _load(size: int, bold: bool, condensed: bool) -> Font:
    for name in _CANDIDATES[bold, condensed]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    # Pillow >= 10.1 ships a scalable default font when FreeType is available.
    return ImageFont.load_default(size=size)


# -- drawing text once ------------------------------------------------------------------
#: Text masks and lengths kept per process (a worker draws the same names, headers and
#: numbers on board after board): at most this many of each.
TEXT_CACHE = 4096


class TextDraw(ImageDraw.ImageDraw):
    """``ImageDraw`` whose one-line texts are rasterised once per (font, text, anchor,
    sub-pixel start) and pasted afterwards, and whose text lengths are measured once:
    the same pixels as ``ImageDraw.text``, which redoes FreeType's work on every call
    (text is most of a board's drawing). Anything else (several lines, a stroke, colour
    fonts, keyword options) is drawn by ``ImageDraw`` itself."""

    def text(self, xy: tuple[float, float], text: Any, fill: Any = None,  # type: ignore[override]
             font: Any = None, anchor: str | None = None, *args: Any, **kwargs: Any) -> None:
        if (args or kwargs or not isinstance(text, str) or "\n" in text
                or not isinstance(font, ImageFont.FreeTypeFont) or self.fontmode != "L"):
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        ink, fill_ink = self._getink(fill)
        if ink is None:
            ink = fill_ink
        if ink is None:
            return
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, (dx, dy) = _mask(font, text, anchor or "la", ink, start)
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)

    def textlength(self, text: Any, font: Any = None, *args: Any,  # type: ignore[override]
                   **kwargs: Any) -> float:
        if args or kwargs or not isinstance(text, str) or font is None:
            return super().textlength(text, font, *args, **kwargs)
        return _length(font, text, self.mode, self)


@lru_cache(maxsize=TEXT_CACHE)
def _mask(face: ImageFont.FreeTypeFont, text: str, anchor: str, ink: int,
          start: tuple[float, float]) -> tuple[Any, tuple[int, int]]:
    # The call ImageDraw.text makes for one line of text in mode "L" (Pillow 10–13).
    return face.getmask2(text, "L", None, None, None, 0, anchor, ink, start,
                         stroke_filled=True)


def _length(face: Any, text: str, mode: str, draw: ImageDraw.ImageDraw) -> float:
    key = (face, text, mode)
    found = _LENGTHS.get(key)
    if found is None:
        found = _LENGTHS[key] = ImageDraw.ImageDraw.textlength(draw, text, face)
        if len(_LENGTHS) > TEXT_CACHE:
            del _LENGTHS[next(iter(_LENGTHS))]
    return found


_LENGTHS: dict[tuple[Any, str, str], float] = {}


def draw_on(image: Image.Image) -> TextDraw:
    """A :class:`TextDraw` on ``image`` (what ``ImageDraw.Draw(image)`` gives, faster text)."""
    return TextDraw(image)
