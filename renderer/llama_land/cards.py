"""Large rounded cards of the Llama Land board drawn faster than Pillow draws them, with
the same pixels: a card's corners are pasted from a small card Pillow draws once, its
straight parts filled by Pillow's core (:func:`rounded_box`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.fonts import draw_on, recording
from renderer.sprites import SHEETS, drawn_mask


def drawn_once(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw], None]
               ) -> tuple[Any, Any, list] | None:
    """``paint`` on a sheet of ``size``: its pixels (Pillow's core image), the 1-bit mask of
    those it drew and the text sizes it drew with; None when it blends a pixel with the
    sheet (e.g. anti-aliased text off a card), which only drawing in place gets right."""
    sheets = []
    with recording() as log:
        for colour in SHEETS:
            sheet = Image.new("RGB", size, colour)
            paint(draw_on(sheet))
            sheets.append(sheet)
    a, b = sheets
    mask = drawn_mask(a, b)
    if mask is None:
        return None
    return a.im, mask, log.sizes[:len(log.sizes) // 2]


# -- large cards ---------------------------------------------------------------------------
def rounded_box(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: float,
                fill: tuple[int, int, int], outline: tuple[int, int, int] | None = None,
                width: int = 1, hole: tuple[int, int, int, int] | None = None) -> None:
    """``draw.rounded_rectangle(box, radius, fill, outline, width)``, the same pixels, for
    a large card: its corners pasted from a small one Pillow draws once, its straight
    parts filled by Pillow's core (ImageDraw fills rectangles several times slower).

    ``hole`` (inclusive pixel box, inside the card) is left unfilled: the caller covers
    each of its pixels right after (e.g. with an estate).
    """
    image = getattr(draw, "_image", None)
    x0, y0, x1, y1 = box
    plan = None
    if (image is not None and image.mode == "RGB" and draw.mode == "RGB"
            and all(isinstance(v, int) for v in box) and radius >= 1
            and (outline is None or width <= int(radius))):
        plan = _card_plan(radius, fill, outline, width)
    if image is None or plan is None or x1 - x0 < 2 * plan[0] + 4 or y1 - y0 < 2 * plan[0] + 4 \
            or min(x1 - x0, y1 - y0) < 2 * radius:
        draw.rounded_rectangle(box, radius, fill, outline, width)
        return
    k, corners, top, bottom, left, right, centre = plan
    core = image.im
    for (patch, mask), (cx, cy) in zip(corners, ((x0, y0), (x1 - k, y0), (x0, y1 - k),
                                                 (x1 - k, y1 - k)), strict=True):
        core.paste(patch, (cx, cy, cx + k + 1, cy + k + 1), mask)
    for runs, y in ((top, y0), (bottom, y1 - k)):
        for start, end, colour in runs:
            core.paste(colour, (x0 + k + 1, y + start, x1 - k, y + end + 1))
    for runs, x in ((left, x0), (right, x1 - k)):
        for start, end, colour in runs:
            core.paste(colour, (x + start, y0 + k + 1, x + end + 1, y1 - k))
    inside = (x0 + k + 1, y0 + k + 1, x1 - k, y1 - k)  # exclusive right and bottom
    for part in _around(inside, hole):
        core.paste(centre, part)


def _around(inside: tuple[int, int, int, int], hole: tuple[int, int, int, int] | None
            ) -> list[tuple[int, int, int, int]]:
    """``inside`` (exclusive right, bottom) less the inclusive box ``hole``, in boxes."""
    left, top, right, bottom = inside
    if hole is None:
        return [inside]
    hx0, hy0, hx1, hy1 = max(hole[0], left), max(hole[1], top), min(hole[2] + 1, right), \
        min(hole[3] + 1, bottom)
    if hx0 >= hx1 or hy0 >= hy1:
        return [inside]
    parts = [(left, top, right, hy0), (left, hy1, right, bottom), (left, hy0, hx0, hy1),
             (hx1, hy0, right, hy1)]
    return [p for p in parts if p[0] < p[2] and p[1] < p[3]]


@lru_cache(maxsize=32)
def _card_plan(radius: float, fill: tuple[int, int, int], outline: tuple[int, int, int] | None,
               width: int) -> tuple | None:
    """How :func:`rounded_box` draws a card of these looks, read off a small one Pillow
    draws: the corner side ``k`` + 1, the four corners (pixels, mask), the colour runs
    (first, last, colour) across the top and bottom bands and along the left and right
    ones, and the colour inside. None when the small card leaves a pixel inside unfilled."""
    r = int(radius * 2 // 2)
    k = r + 2  # beyond the quarter circles Pillow draws in the corners
    side = 2 * k + 4
    layer = drawn_once((side + 1, side + 1), lambda draw: draw.rounded_rectangle(
        (0, 0, side, side), radius, fill, outline, width))
    if layer is None:
        return None
    small = Image.new("RGB", (side + 1, side + 1))
    small.im.paste(layer[0], (0, 0, side + 1, side + 1))
    mask = Image.new("1", (side + 1, side + 1))
    mask.im.paste(layer[1], (0, 0, side + 1, side + 1))
    middle = k + 1
    if not all(mask.getpixel((middle, j)) and mask.getpixel((j, middle))
               for j in range(side + 1)):
        return None
    corners = []
    for cx, cy in ((0, 0), (side - k, 0), (0, side - k), (side - k, side - k)):
        crop = (cx, cy, cx + k + 1, cy + k + 1)
        corners.append((small.crop(crop).im, mask.crop(crop).im))

    def runs(pixels: list[tuple[int, int, int]]) -> tuple[tuple[int, int, tuple], ...]:
        found: list[tuple[int, int, tuple]] = []
        for j, colour in enumerate(pixels):
            if found and found[-1][2] == colour:
                found[-1] = (found[-1][0], j, colour)
            else:
                found.append((j, j, colour))
        return tuple(found)

    def column(x: int, y: int) -> list:
        return [small.getpixel((x, y + j)) for j in range(k + 1)]

    def row(x: int, y: int) -> list:
        return [small.getpixel((x + j, y)) for j in range(k + 1)]

    return (k, tuple(corners), runs(column(middle, 0)), runs(column(middle, side - k)),
            runs(row(0, middle)), runs(row(side - k, middle)), small.getpixel((middle, middle)))
