"""Parts of the Llama Land board drawn once and pasted after that.

An estate changes only when its owner lays a tile, a player's lines only with their stock,
a character or an objective card never: :func:`paste_drawn` draws such a part in place the
first time, keeps its pixels (for its arguments, the active language and where it falls
within two pixels) and pastes them on the boards after that: the same pixels, as long as
what lies under the part is the same. The caller says what that is (the card's colour,
the board's background, or nothing when the part covers all of its region), and a part
found on anything else is drawn in place, not kept.

A part is drawn once in place, not on sheets of its own: keeping it costs little more than
drawing it, so boards of many games that push each other's parts out of the cache cost
what drawing them would.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict, namedtuple
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.i18n import current
from renderer.fonts import draw_on, note, recording
from renderer.sprites import SHEETS, drawn_mask

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]

#: parts kept drawn (4 bytes a pixel): a 4-player board has about 20 — four estates of
#: ~1 MB, the players' lines, characters and objectives of 0.1–0.3 MB — about 7 MB, so
#: about 20 MB when full; and never more than LAYER_BYTES (48 of the largest estates,
#: 760 × 800 px, would take 120 MB)
LAYERS = 48
LAYER_BYTES = 16 * 2**20

#: False: every part drawn in place (tests compare the two)
KEEP = True

CacheInfo = namedtuple("CacheInfo", "hits misses maxsize currsize")


class _Kept:
    """The parts kept: key -> (pixels, text sizes), the least recently used dropped first."""

    def __init__(self, maxsize: int, max_bytes: int = LAYER_BYTES) -> None:
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self.bytes = 0
        self.parts: OrderedDict[tuple, tuple[Any, list]] = OrderedDict()
        self.hits = self.misses = 0
        self.lock = threading.Lock()  # boards may be drawn in several threads

    def get(self, key: tuple) -> tuple[Any, list] | None:
        with self.lock:
            found = self.parts.get(key)
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
                self.parts.move_to_end(key)
            return found

    def put(self, key: tuple, part: tuple[Any, list]) -> None:
        with self.lock:
            if key in self.parts:
                self.bytes -= _size(self.parts.pop(key)[0])
            self.parts[key] = part
            self.bytes += _size(part[0])
            while len(self.parts) > self.maxsize or (self.bytes > self.max_bytes
                                                     and len(self.parts) > 1):
                self.bytes -= _size(self.parts.popitem(last=False)[1][0])

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, self.maxsize, len(self.parts))

    def cache_clear(self) -> None:
        with self.lock:
            self.parts.clear()
            self.hits = self.misses = self.bytes = 0


def _size(pixels: Any) -> int:
    """Bytes of a kept part's pixels (Pillow's core image: 4 bytes a pixel)."""
    width, height = pixels.size
    return 4 * width * height


_layer = _Kept(LAYERS)


def paste_drawn(draw: ImageDraw.ImageDraw, at: tuple[float, float], extent: Box,
                paint: Callable[..., None], *args: Any, under: RGB | None = None,
                covered: Box | None = None) -> None:
    """``paint(draw, x, y, *args)`` drawn in place once, then pasted at ``at`` = (x, y).

    ``paint`` must be a module-level function whose drawing depends only on ``args``, the
    active language and ``(x, y)``, and which draws only within ``extent`` (left, top,
    right, bottom, from ``(x, y)``). What lies there before it is drawn:

    - ``under`` None: nothing that shows, ``paint`` covers the whole region;
    - ``under`` alone: that colour, all over the region (looked at when the part is first
      drawn: the background of a section, the same wherever the part goes);
    - ``under`` and ``covered`` (a box like ``extent``): ``paint`` covers that box, and
      leaves the margin around it ``under`` where it draws nothing (looked at every time,
      a thin margin: e.g. the lines standing out of an estate, on its player's card).

    Pasted by Pillow's core: RGB only.
    """
    x, y = at
    image = getattr(draw, "_image", None)
    if not KEEP or image is None or image.mode != "RGB" or draw.mode != "RGB":
        paint(draw, x, y, *args)
        return
    left, top, right, bottom = extent
    region = (math.floor(x + left), math.floor(y + top), math.ceil(x + right) + 1,
              math.ceil(y + bottom) + 1)
    if region[0] < 0 or region[1] < 0 or region[2] > image.width or region[3] > image.height:
        paint(draw, x, y, *args)
        return
    if covered is not None and under is not None and not _only(image, region, under,
                                                               covered, (x, y)):
        # its margin, looked at every time (thin: cheap), holds something else this time
        paint(draw, x, y, *args)
        return
    # moved by an even number of pixels, a drawing keeps its pixels (Pillow rounds halves
    # to even): the key holds where the part falls within two pixels
    key = (paint, args, x - 2 * math.floor(x / 2), y - 2 * math.floor(y / 2), extent, under,
           covered, current())
    found = _layer.get(key)
    if found is not None:
        patch, sizes = found
        note(sizes)
        image.im.paste(patch, region)
        return
    keep = under is None or covered is not None or _only(image, region, under, None, (x, y))
    with recording() as log:
        paint(draw, x, y, *args)
    note(log.sizes)
    if keep:
        _layer.put(key, (image.im.crop(region), log.sizes))


def _only(image: Image.Image, region: tuple[int, int, int, int], colour: RGB,
          covered: Box | None, at: tuple[float, float]) -> bool:
    """Whether ``region`` of ``image`` holds only ``colour`` outside ``covered`` (a box from
    ``at``, whose pixels the part draws over)."""
    parts = [region]
    if covered is not None:
        x, y = at
        parts = _around(region, (math.ceil(x + covered[0]), math.ceil(y + covered[1]),
                                 math.floor(x + covered[2]), math.floor(y + covered[3])))
    for part in parts:
        strip = image.crop(part)
        if strip.getcolors(1) != [(strip.width * strip.height, colour)]:
            return False
    return True




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
    if (KEEP and image is not None and image.mode == "RGB" and draw.mode == "RGB"
            and all(isinstance(v, int) for v in box) and radius >= 1
            and (outline is None or width <= int(radius))):
        plan = _card_plan(radius, fill, outline, width)
    if plan is None or x1 - x0 < 2 * plan[0] + 4 or y1 - y0 < 2 * plan[0] + 4 \
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
