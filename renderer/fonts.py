"""Fonts for the renderers, and the record of the text sizes a render draws with.

DejaVu, from the files shipped in the package (``renderer/dejavu``, with their licence):
never the system's, so a board is drawn the same on every host (Docker's slim image,
macOS and Windows have no DejaVu, and another font would draw boxes for é, ç or →).

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
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

#: the width (px) at which a phone's chat shows an image
PHONE_WIDTH = 400
#: the smallest text height (px, the font size) that carries information on that phone
MIN_PHONE_TEXT = 9

#: The font files shipped with the package (see ``renderer/dejavu/README.md``).
FONT_DIR = Path(__file__).resolve().parent / "dejavu"
#: (bold, condensed) -> the file of that face
FACES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
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
    path = FONT_DIR / FACES[bold, condensed]
    try:
        return ImageFont.truetype(str(path), size)
    except OSError as why:  # a broken install: say so rather than draw boxes
        raise OSError(f"the font {path} shipped with Estancia cannot be read ({why}): "
                      "reinstall Estancia") from None


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

    def text(self, xy: tuple[float, float], text: Any, fill: Any = None,
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
        mask, (dx, dy) = _mask(font, text, anchor or "la", ink, start, x >= 0)
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)

    def rounded_rectangle(self, xy: Any, radius: float = 0,
                          fill: Any = None, outline: Any = None, width: int = 1, *,
                          corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        """``ImageDraw.rounded_rectangle`` (Python code, tens of µs a call) drawn once per
        shape and pasted: the same pixels, as the shape is moved by an even number of
        pixels (Pillow rounds the corners half to even) and has no anti-aliasing. Shapes
        Pillow draws as a plain rectangle or an ellipse (from unrounded corners) are not
        kept, nor outlines wider than half the shape (drawn outside it), nor large
        shapes, nor any but RGB."""
        (x0, y0), (x1, y1) = self._normalize_coords(xy)
        try:
            key_inks = hash((fill, outline, corners))
        except TypeError:
            key_inks = None
        if (self.mode != "RGB" or self._image.mode != "RGB" or key_inks is None
                or corners is not None or (fill is None and outline is None)
                or not _cornered(x0, y0, x1, y1, radius)
                or (outline is not None and 2 * width > min(x1 - x0, y1 - y0))
                or x0 < 0 or y0 < 0 or x1 < x0 or y1 < y0
                or (x1 - x0 + 3) * (y1 - y0 + 3) > SHAPE_AREA):
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        ox, oy = 2 * int(x0 // 2), 2 * int(y0 // 2)
        patch, mask, (w, h) = _rounded(x0 - ox, y0 - oy, x1 - ox, y1 - oy, radius, fill,
                                       outline, width, corners)
        self.im.paste(patch, (ox, oy, ox + w, oy + h), mask)  # the core's: clips, no checks

    def textlength(self, text: Any, font: Any = None, *args: Any,
                   **kwargs: Any) -> float:
        if args or kwargs or not isinstance(text, str) or font is None:
            return super().textlength(text, font, *args, **kwargs)
        return _length(font, text, self.mode, self)


@lru_cache(maxsize=TEXT_CACHE)
def _mask(face: ImageFont.FreeTypeFont, text: str, anchor: str, ink: int,
          start: tuple[float, float], words: bool = False) -> tuple[Any, tuple[int, int]]:
    """The mask of ``text`` and where it goes from the whole pixel of its start; with
    ``words`` (a text drawn from x ≥ 0) put together from its words' masks when it can."""
    if words and anchor in _BY_WORDS and " " in text.strip(" "):
        found = _from_words(face, text, anchor, ink, start)
        if found is not None:
            return found
    # The call ImageDraw.text makes for one line of text in mode "L" (Pillow 10–13).
    return face.getmask2(text, "L", None, None, None, 0, anchor, ink, start,
                         stroke_filled=True)


#: anchors whose pieces stand where they stand in the whole text: from its left, at a
#: height set by the font, not by the text's ink
_BY_WORDS = frozenset({"la", "ls", "lm", "ld"})


def _from_words(face: ImageFont.FreeTypeFont, text: str, anchor: str, ink: int,
                start: tuple[float, float]) -> tuple[Any, tuple[int, int]] | None:
    """The mask of ``text`` pasted together from the masks of its words (each with the
    spaces after it), each where the text's layout puts it (its start plus the length of
    the words before it), when no word's ink reaches a later word's box: the same pixels
    as the text drawn whole, for a fraction of FreeType's work when a board shows a line
    that changed (a turn number, a count) among words drawn before. None otherwise."""
    pieces = _WORDS.findall(text)
    placed: list[tuple[Any, int, int]] = []
    offset = start[0]
    for piece in pieces:
        fraction, whole = math.modf(offset)
        mask, (dx, dy) = _mask(face, piece, anchor, ink, (fraction, start[1]))
        placed.append((mask, int(whole) + dx, dy))
        offset += _advance(face, piece)
    for i, (mask, x, _y) in enumerate(placed):
        ink_box = mask.getbbox()
        if ink_box is None:
            continue
        ink_right = x + ink_box[2]
        if any(later_x < ink_right for _m, later_x, _ly in placed[i + 1:]):
            return None  # this word's ink would be pasted over
    left = min(x for _m, x, _y in placed)
    top = min(y for _m, _x, y in placed)
    right = max(x + mask.size[0] for mask, x, _y in placed)
    bottom = max(y + mask.size[1] for mask, _x, y in placed)
    combined = Image.core.fill("L", (right - left, bottom - top), 0)
    for mask, x, y in placed:
        combined.paste(mask, (x - left, y - top, x - left + mask.size[0],
                              y - top + mask.size[1]))
    return combined, (left, top)


def _cornered(x0: float, y0: float, x1: float, y1: float, radius: float) -> bool:
    """Whether Pillow draws this rounded rectangle from its corners rounded to whole
    pixels, not as a plain rectangle or an ellipse from the unrounded box (Pillow 10–13's
    own test in ``ImageDraw.rounded_rectangle``)."""
    d = min(x1 - x0, y1 - y0, radius * 2)
    width, height = round(x1) - round(x0), round(y1) - round(y0)
    full_x = d >= width - 1
    if full_x:
        d = width
    full_y = d >= height - 1
    return d != 0 and not (full_x and full_y)


#: shapes larger than this (px) are drawn each time, not kept; at most SHAPES are kept
#: (≤ 5 bytes a pixel: at worst ~30 MB, a few MB on the boards drawn today)
SHAPE_AREA = 128 * 128
SHAPES = 384


@lru_cache(maxsize=SHAPES)
def _rounded(x0: float, y0: float, x1: float, y1: float, radius: float, fill: Any,
             outline: Any, width: int, corners: tuple[bool, bool, bool, bool] | None,
             ) -> tuple[Any, Any, tuple[int, int]]:
    """A rounded rectangle drawn near the origin: its pixels and the mask of those drawn
    (Pillow's core images) and their size."""
    size = (int(x1) + 3, int(y1) + 3)
    patch = Image.new("RGB", size)
    ImageDraw.ImageDraw(patch).rounded_rectangle((x0, y0, x1, y1), radius, fill, outline,
                                                 width, corners=corners)
    mask = Image.new("L", size)
    ImageDraw.ImageDraw(mask).rounded_rectangle(
        (x0, y0, x1, y1), radius, None if fill is None else 255,
        None if outline is None else 255, width, corners=corners)
    return patch.im, mask.convert("1").im, size  # a 1-bit mask pastes without blending


def _length(face: Any, text: str, mode: str, draw: ImageDraw.ImageDraw) -> float:
    key = (face, text, mode)
    found = _LENGTHS.get(key)
    if found is None:
        if isinstance(face, ImageFont.FreeTypeFont) and " " in text.strip(" "):
            found = _LENGTHS[key] = _words_length(face, text)
        else:
            found = _LENGTHS[key] = ImageDraw.ImageDraw.textlength(draw, text, face)
        if len(_LENGTHS) > TEXT_CACHE:
            del _LENGTHS[next(iter(_LENGTHS))]
    return found


_LENGTHS: dict[tuple[Any, str, str], float] = {}


def _words_length(face: ImageFont.FreeTypeFont, text: str) -> float:
    """A line's length as the sum of its words' (each with the spaces after it), which
    are kept: what FreeType measures for the whole line (no kerning across a space), for
    less work when a line changed in one word."""
    return sum(_advance(face, piece) for piece in _WORDS.findall(text))


#: a text's words, each with the spaces after it (and any spaces it starts with)
_WORDS = re.compile(r"\S+ *|^ +")


def _advance(face: ImageFont.FreeTypeFont, text: str) -> float:
    """How far ``text`` moves the pen (what ``ImageDraw.textlength`` measures), kept."""
    key = (face, text, "advance")
    found = _LENGTHS.get(key)
    if found is None:
        found = _LENGTHS[key] = face.getlength(text, "L")
        if len(_LENGTHS) > TEXT_CACHE:
            del _LENGTHS[next(iter(_LENGTHS))]
    return found


def length(face: Font, text: str) -> float:
    """``face.getlength(text)``, measured once per process (kept like :func:`TextDraw.textlength`)."""
    key = (face, text, "")
    found = _LENGTHS.get(key)
    if found is None:
        found = _LENGTHS[key] = face.getlength(text)
        if len(_LENGTHS) > TEXT_CACHE:
            del _LENGTHS[next(iter(_LENGTHS))]
    return found


def draw_on(image: Image.Image) -> TextDraw:
    """A :class:`TextDraw` on ``image`` (what ``ImageDraw.Draw(image)`` gives, faster text)."""
    return TextDraw(image)
