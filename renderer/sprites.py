"""Pieces drawn once and pasted: a board shows the same land tile, disc, marked cell or
die face again and again, and pasting a small image costs a few µs where the handful of
Pillow calls that draw it cost tens (each runs Python code around a little C).

:func:`stamp` draws ``painter(draw, centre, *args)`` on a small transparent canvas the
first time, with the centre at the same fraction of a pixel as on the board (rounded to
1/:data:`SUBPIXEL` px), keeps it, and pastes it through its own shape every time after.
A piece is thus where it was drawn before to within 1/4 px (a few edge pixels move), in
the same colours. A painter draws only with opaque shapes (Pillow's shapes are not
anti-aliased) and puts any text on them, never on the transparent canvas.

The text sizes a sprite was drawn with are noted on every use (see
:func:`renderer.fonts.note`), as for a cached layer; stamp outside
:func:`renderer.fonts.scaled` (the sizes would be scaled twice).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, ImageDraw

from renderer.fonts import draw_on, note, recording
from renderer.kept import core_bytes, lru_by_bytes

#: positions are kept to this fraction of a pixel (2: within 1/4 px of the exact one)
SUBPIXEL = 2
#: at most this many sprites are kept, and at most this many bytes of them. A worker
#: drawing the decision images and boards of 200 Hazienda games taking turns uses ~3,000
#: sprites, 33 MB (marks numbered up to 150 in six sizes, land tiles at each zoom, hex
#: names, each at up to four half-pixel offsets): kept to 512 sprites, a third of the
#: stamps drew theirs again; to 4,096 and 24 MB, 2 % (with hex names stamped too, a
#: decision image took 3.7 ms instead of 5.3).
#: A row of Llama Land's ground is ~150 KB.
SPRITES = 4096
SPRITE_BYTES = 24 << 20

Painter = Callable[..., None]


def stamp(draw: ImageDraw.ImageDraw, painter: Painter, centre: tuple[float, float],
          reach: float | tuple[float, float], *args: Hashable) -> None:
    """What ``painter(draw, centre, *args)`` draws, all of it within ``reach`` px of
    ``centre`` (or (x, y) px: a box), onto the RGB image of ``draw``. ``painter`` and
    ``args`` are the sprite's key: they must hold everything that changes its pixels
    (colours, sizes, the text drawn, not the language it came from)."""
    rx, ry = reach if isinstance(reach, tuple) else (reach, reach)
    qx, qy = round(centre[0] * SUBPIXEL), round(centre[1] * SUBPIXEL)
    ix, fx = divmod(qx, SUBPIXEL)
    iy, fy = divmod(qy, SUBPIXEL)
    pixels, mask, (left, top, right, bottom), sizes = _sprite(
        painter, args, math.ceil(rx), math.ceil(ry), fx, fy)
    if sizes:
        note(sizes)
    box = (ix + left, iy + top, ix + right, iy + bottom)
    if mask is None:
        draw.im.paste(pixels, box)  # the core's: clips, no checks
    else:
        draw.im.paste(pixels, box, mask)


def _weight(sprite: tuple) -> int:
    pixels, mask, _box, _sizes = sprite
    return core_bytes(pixels, mask)


@lru_by_bytes(SPRITES, SPRITE_BYTES, _weight)
def _sprite(painter: Painter, args: tuple, rx: int, ry: int, fx: int, fy: int,
            ) -> tuple[Any, Any, tuple[int, int, int, int], list]:
    """The sprite's pixels and mask (Pillow's core images; no mask when every pixel is
    drawn), the box they cover around the whole pixel of the centre, and the text
    sizes it was drawn with."""
    hx, hy = rx + 2, ry + 2
    canvas = Image.new("RGBA", (2 * hx + 1, 2 * hy + 1))
    with recording() as log:
        painter(draw_on(canvas), (hx + fx / SUBPIXEL, hy + fy / SUBPIXEL), *args)
    alpha = canvas.getchannel("A")
    bbox = alpha.getbbox() or (0, 0, 1, 1)
    alpha = alpha.crop(bbox)
    pixels = canvas.crop(bbox).convert("RGB").im
    left, top, right, bottom = bbox
    box = (left - hx, top - hy, right - hx, bottom - hy)
    if alpha.getextrema() == (255, 255):
        return pixels, None, box, log.sizes
    mask = alpha.convert("1", dither=Image.Dither.NONE)  # 0 or 255: pastes unblended
    return pixels, mask.im, box, log.sizes


# -- parts drawn on two sheets (renderer.gwt_argentina.layers, renderer.llama_land.cards) --
#: two sheets no drawing is likely to use: the pixels a drawing leaves alike on both are
#: its own (:func:`drawn_mask`)
SHEETS = ((1, 2, 3), (254, 251, 252))

#: per band of the difference of the two sheets: drawn (0) -> 255, else 0
_ALIKE = [255] + [0] * 255
#: per band of that difference: drawn (0) or untouched (the sheets' own difference) -> 0,
#: blended -> 255
_BLENDED = [0 if v in (0, abs(SHEETS[0][band] - SHEETS[1][band])) else 255
            for band in range(3) for v in range(256)]
#: on their grey mix: bands partly alike -> 255
_MIXED = [0] + [255] * 254 + [0]
#: on their grey mix: all alike -> 1
_ALL = [0] * 255 + [255]


def drawn_mask(a: Image.Image, b: Image.Image) -> Any:
    """The 1-bit mask (Pillow's core image) of the pixels a drawing made alike on its two
    sheets ``a`` and ``b``; None if it blended a pixel with the sheet (neither alike nor
    untouched). Pillow's core calls: ``Image.point`` rounds its table in Python first."""
    difference = a.im.chop_difference(b.im)
    if difference.point(_BLENDED, None).getbbox(False) is not None:
        return None
    # 255 in all three bands (drawn) mixes to 255, in none (untouched) to 0
    grey = difference.point(_ALIKE * 3, None).convert("L")
    if grey.point(_MIXED, None).getbbox(False) is not None:
        return None  # some bands alike, others not: blended after all
    return grey.point(_ALL, "1")
