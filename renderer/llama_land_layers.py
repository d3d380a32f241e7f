"""Parts of the Llama Land board drawn once and pasted after that.

An estate changes only when its owner lays a tile, a character or an objective card never:
:func:`paste_drawn` draws such a part once per process (for its arguments, the active
language and where it falls within two pixels) and pastes the same pixels on the boards
after that. A part is kept only when it covers each pixel it touches (a card, a cell, a
line); one that blends a pixel with what lies under it (anti-aliased text on the
background) is drawn in place every time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from games.i18n import current
from renderer.fonts import draw_on, note, recording

Box = tuple[float, float, float, float]

#: parts kept drawn: four estates and a few cards a board, one faded estate a decision
#: (each at most a few hundred KB)
LAYERS = 96

#: False: every part drawn in place (tests compare the two)
KEEP = True

#: two sheets no drawing is likely to use: the pixels a drawing leaves alike on both are
#: its own
_SHEETS = ((1, 2, 3), (254, 251, 252))


def paste_drawn(draw: ImageDraw.ImageDraw, at: tuple[float, float], extent: Box,
                paint: Callable[..., None], *args: Any) -> None:
    """``paint(draw, x, y, *args)`` drawn once and pasted at ``at`` = (x, y).

    ``paint`` must be a module-level function whose drawing depends only on ``args``, the
    active language and ``(x, y)``, and which draws only within ``extent`` (left, top,
    right, bottom) from ``(x, y)``. Pasted by Pillow's core, so only on RGB images.
    """
    x, y = at
    image = getattr(draw, "_image", None)
    if not KEEP or image is None or image.mode != "RGB" or draw.mode != "RGB":
        paint(draw, x, y, *args)
        return
    left, top, right, bottom = extent
    # moved by an even number of pixels, a drawing keeps its pixels (Pillow rounds halves
    # to even)
    ox, oy = 2 * math.floor((x + left) / 2), 2 * math.floor((y + top) / 2)
    size = (math.ceil(x + right) - ox + 1, math.ceil(y + bottom) - oy + 1)
    layer = _layer(paint, args, (x - ox, y - oy), size, current())
    if layer is None:
        paint(draw, x, y, *args)
        return
    patch, mask, sizes = layer
    note(sizes)
    image.im.paste(patch, (ox, oy, ox + size[0], oy + size[1]), mask)


@lru_cache(maxsize=LAYERS)
def _layer(paint: Callable[..., None], args: tuple, at: tuple[float, float],
           size: tuple[int, int], language: str) -> tuple[Any, Any, list] | None:
    return drawn_once(size, lambda draw: paint(draw, *at, *args))


def drawn_once(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw], None]
               ) -> tuple[Any, Any, list] | None:
    """``paint`` on a sheet of ``size``: its pixels (Pillow's core image), the 1-bit mask of
    those it drew and the text sizes it drew with; None when it blends a pixel with the
    sheet (e.g. anti-aliased text off a card), which only drawing in place gets right."""
    sheets = []
    with recording() as log:
        for colour in _SHEETS:
            sheet = Image.new("RGB", size, colour)
            paint(draw_on(sheet))
            sheets.append(sheet)
    a, b = sheets
    differ = _nonzero(ImageChops.difference(a, b))
    for sheet, colour in zip(sheets, _SHEETS, strict=True):
        touched = _nonzero(ImageChops.difference(sheet, Image.new("RGB", size, colour)))
        if ImageChops.multiply(differ, touched).getbbox() is not None:
            return None
    return a.im, ImageChops.invert(differ).convert("1").im, log.sizes[:len(log.sizes) // 2]


def _nonzero(image: Image.Image) -> Image.Image:
    """255 where any band of ``image`` is not 0, else 0 (mode L)."""
    r, g, b = image.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v else 0)
