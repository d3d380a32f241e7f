"""Shared drawing for decision images and board highlights (every game's renderer uses it).

A *decision image* (``render_decision(view, names, marks)`` of a renderer module, see
:func:`renderer.render_decision_png`) shows just the part of the board holding the places
of the pending decision, each place marked with the number or letter its button or select
option carries. The recipe every renderer follows:

1. Find each marked place's box in the board's own units (cells, hexes, …), take their
   union and add a little context: :func:`region_around`.
2. Choose the scale: :func:`zoom_to_fit` gives pixels per board unit so that the region
   fills :data:`DECISION_WIDTH` without growing past ``max_zoom`` (a single place must not
   become a poster). Draw the board at that scale on a canvas of the region's size (or draw
   the whole board and cut it: then wrap the drawing in :func:`renderer.fonts.scaled` with
   the resize factor so the text-size check sees the final sizes).
3. Draw each mark with :func:`draw_mark` at :func:`mark_size` (big and high contrast: a
   near-black disc, a white ring, white bold text — readable on any colour of the board).
4. Keep every text at least :func:`renderer.fonts.min_size` of the canvas width
   (``tests/renderer/test_text_size.py`` checks every registered renderer).

:func:`outline_cells` draws the outline of a group of cells (a herd, the last turn's
changes) with a halo that keeps it visible on a tile of its own colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from PIL import ImageDraw

from renderer.colours import readable_ink
from renderer.fonts import PHONE_WIDTH, Font, font, length, min_size, tagged
from renderer.sprites import stamp

#: the width (px) of a decision image when its region is big enough to fill it
DECISION_WIDTH = 800
#: a decision mark's text on the phone (px): well above the 9 px of any other text
MARK_PHONE_TEXT = 14
MARK_FILL = "#141414"
MARK_TEXT = "#ffffff"
MARK_RING = "#ffffff"
#: the outline of a legal place in a decision image (light ring under a dark one)
PLACE_OUTLINE = "#141414"

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in any unit (board units or pixels)."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    def union(self, other: Box) -> Box:
        return Box(
            min(self.left, other.left),
            min(self.top, other.top),
            max(self.right, other.right),
            max(self.bottom, other.bottom),
        )

    def grown(self, by: float) -> Box:
        return Box(self.left - by, self.top - by, self.right + by, self.bottom + by)

    def clamped(self, bounds: Box) -> Box:
        """Moved (not shrunk, unless it is larger) so that it lies inside ``bounds``."""
        width, height = min(self.width, bounds.width), min(self.height, bounds.height)
        left = min(max(self.left, bounds.left), bounds.right - width)
        top = min(max(self.top, bounds.top), bounds.bottom - height)
        return Box(left, top, left + width, top + height)

    def widened(self, width: float, height: float) -> Box:
        """At least ``width`` × ``height``, grown evenly around its centre."""
        cx, cy = (self.left + self.right) / 2, (self.top + self.bottom) / 2
        w, h = max(self.width, width), max(self.height, height)
        return Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def region_around(boxes: Iterable[Box], context: float, bounds: Box,
                  min_width: float = 0.0, min_height: float = 0.0) -> Box:
    """The union of ``boxes`` with ``context`` around it, at least the minimum size,
    moved inside ``bounds`` (the whole board)."""
    boxes = list(boxes)
    if not boxes:
        raise ValueError("a decision region needs at least one marked place")
    region = boxes[0]
    for box in boxes[1:]:
        region = region.union(box)
    return region.grown(context).widened(min_width, min_height).clamped(bounds)


def zoom_to_fit(region: Box, max_zoom: float, width: float = DECISION_WIDTH,
                max_height: float = DECISION_WIDTH * 1.25) -> float:
    """Pixels per board unit so that ``region`` fits ``width`` × ``max_height``."""
    return min(max_zoom, width / region.width, max_height / region.height)


def mark_size(canvas_width: float) -> int:
    """The font size of a decision mark on a canvas shown ``PHONE_WIDTH`` wide on a phone."""
    return max(min_size(canvas_width),
               math.ceil(MARK_PHONE_TEXT * max(canvas_width, PHONE_WIDTH) / PHONE_WIDTH))


def draw_mark(draw: ImageDraw.ImageDraw, centre: Point, text: str, size: int) -> Box:
    """A decision mark: ``text`` in white bold on a near-black disc (a pill for longer
    text) ringed in white. Returns the box it covers. Drawn once per text and size, then
    pasted (:func:`renderer.sprites.stamp`): a decision image shows a dozen of them."""
    half_w, radius, ring = _mark_shape(text, size)
    x, y = centre
    stamp(draw, _paint_mark, centre, (half_w + ring + 1, radius + ring + 1), text, size)
    return Box(x - half_w - ring, y - radius - ring, x + half_w + ring, y + radius + ring)


def mark_extent(text: str, size: int) -> float:
    """How wide :func:`draw_mark` draws ``text`` at ``size``, its ring included."""
    half_w, _radius, ring = _mark_shape(text, size)
    return 2 * (half_w + ring)


def _mark_face(text: str, size: int) -> Font:
    with tagged("mark"):
        return font(size, bold=True, condensed=len(text) > 2)


def _mark_shape(text: str, size: int) -> tuple[float, float, int]:
    """(half the disc's width, its radius, the ring's width) of a mark."""
    radius = size * 0.78
    half_w = max(radius, length(_mark_face(text, size), text) / 2 + size * 0.3)
    return half_w, radius, max(2, round(size / 9))


def _paint_mark(draw: ImageDraw.ImageDraw, centre: Point, text: str, size: int) -> None:
    half_w, radius, ring = _mark_shape(text, size)
    x, y = centre
    draw.rounded_rectangle((x - half_w - ring, y - radius - ring, x + half_w + ring,
                            y + radius + ring), radius=radius + ring, fill=MARK_RING)
    draw.rounded_rectangle(
        (x - half_w, y - radius, x + half_w, y + radius), radius=radius, fill=MARK_FILL
    )
    draw.text((x, y), text, font=_mark_face(text, size), fill=MARK_TEXT, anchor="mm")


def halo_line(draw: ImageDraw.ImageDraw, points: list[Point], colour: str, width: int) -> None:
    """A line in ``colour`` over a wider line in the contrasting ink (white or black)."""
    draw.line(points, fill=readable_ink(colour), width=width + max(2, width // 2) * 2)
    draw.line(points, fill=colour, width=width)


C = TypeVar("C", bound=Hashable)
#: A side of a cell: its two ends and the cell across it (None: off the board).
Edge = tuple[Point, Point, C | None]


def outline_cells(
    draw: ImageDraw.ImageDraw,
    cells: Iterable[C],
    edges_of: Callable[[C], Iterable[Edge[C]]],
    colour: str,
    width: int,
    halo: bool = True,
) -> None:
    """Outline the group ``cells``: each cell's edge is drawn unless the cell across it
    (the third item of each edge given by ``edges_of``) is in the group too."""
    inside = set(cells)
    segments = [
        (start, end)
        for cell in inside
        for start, end, across in edges_of(cell)
        if across is None or across not in inside
    ]
    if halo:
        under = readable_ink(colour)
        wide = width + max(2, width // 2) * 2
        for start, end in segments:
            draw.line([start, end], fill=under, width=wide)
            _cap(draw, start, wide, under)
            _cap(draw, end, wide, under)
    for start, end in segments:
        draw.line([start, end], fill=colour, width=width)
        _cap(draw, start, width, colour)
        _cap(draw, end, width, colour)


def _cap(draw: ImageDraw.ImageDraw, at: Point, width: int, colour: str) -> None:
    """A round end, so that segments meeting at an angle leave no notch."""
    r = width / 2
    draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), fill=colour)
