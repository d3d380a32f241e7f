"""Drawing one Llama Land estate: a grid of stacked cells, shaded by height.

Each cell shows its height as a shade (pale green at level 1, through browns, to grey and
snow) and as a number in its top-left corner; its top as an icon on a light plate or as a
llama; a brick in its bottom-left corner when a foundation lies in its stack. Thick lines
separate different tiles, thin ones the cells of one tile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from PIL import ImageDraw

from renderer.fonts import font, length
from renderer.llama_land.glyphs import INK, draw_brick, draw_icon, draw_llama
from renderer.sprites import stamp

Cell = tuple[int, int]  # (row, column) in the estate's own grid
RGB = tuple[int, int, int]

#: Level n is shaded SHADES[n - 1]; higher levels use the last shade.
SHADES: list[RGB] = [
    (222, 238, 186),  # 1 pale meadow
    (176, 214, 124),  # 2 green
    (122, 170, 84),   # 3 dark green
    (214, 190, 118),  # 4 khaki
    (176, 136, 80),   # 5 tan
    (132, 92, 58),    # 6 brown
    (96, 72, 60),     # 7 dark brown
    (150, 150, 156),  # 8 rock
    (236, 238, 246),  # 9 snow
]
GROUND = (250, 247, 238)  # a cell without terrain
GROUND_LINE = (222, 214, 196)
THIN_LINE = (92, 84, 70)
#: The smallest font drawn in an estate (native pixels); see MIN_TEXT in renderer.llama_land.board.
MIN_FONT = 20
#: Cells smaller than this (a very wide estate) show their height by shade only.
NUMBER_CELL = 40


def shade(height: int) -> RGB:
    return SHADES[min(max(height, 1), len(SHADES)) - 1]


def number_ink(height: int) -> RGB:
    """White numbers on the dark shades, dark ones on the light shades."""
    r, g, b = shade(height)
    return (255, 255, 255) if 0.299 * r + 0.587 * g + 0.114 * b < 150 else INK


@dataclass
class StackCell:
    height: int
    top: str = "-"  # "-" nothing, c k p $ h an icon, L a llama
    foundation: bool = False
    tile: str | None = None  # which tile shows on top (None: the start board)


@dataclass
class EstateGrid:
    cells: dict[Cell, StackCell] = field(default_factory=dict)

    def bounds(self, extra: Iterable[Cell] = ()) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) inclusive, over the terrain and ``extra`` cells."""
        points = list(self.cells) + list(extra)
        if not points:
            return 0, 0, 0, 0
        rows = [r for r, _ in points]
        cols = [c for _, c in points]
        return min(rows), min(cols), max(rows), max(cols)


@dataclass
class GridFrame:
    """Where a window of estate cells lands on the image."""

    x: float
    y: float
    size: float  # cell side in pixels
    top: int
    left: int

    def box(self, cell: Cell) -> tuple[float, float, float, float]:
        r, c = cell
        x0 = self.x + (c - self.left) * self.size
        y0 = self.y + (r - self.top) * self.size
        return x0, y0, x0 + self.size, y0 + self.size

    def centre(self, cell: Cell) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(cell)
        return (x0 + x1) / 2, (y0 + y1) / 2


def draw_estate(draw: ImageDraw.ImageDraw, estate: EstateGrid, frame: GridFrame,
                rows: int, cols: int, faded: float = 0.0, corner_free: bool = False) -> None:
    """The window ``rows`` × ``cols`` of ``estate`` at ``frame``; ``faded`` lightens it (0–1).

    ``corner_free`` draws the tops smaller, towards the bottom-left, to leave the top-right
    corner of each cell to a mark.
    """
    s = frame.size
    reach = s / 2 + 1
    for r in range(frame.top, frame.top + rows):
        if all((r, c) in estate.cells for c in range(frame.left, frame.left + cols)):
            continue
        # the row's ground in one piece: each terrain cell, stamped after, covers its own
        (x, y), width = frame.centre((r, frame.left)), (cols - 1) * s
        stamp(draw, paint_ground_row, (x + width / 2, y), (width / 2 + reach, reach), s, cols)
    # a cell's look is one of a few dozen: drawn once each, pasted (renderer.sprites)
    for cell, stack in estate.cells.items():
        stamp(draw, paint_cell, frame.centre(cell), reach, s, stack.height, stack.top,
              stack.foundation, faded, corner_free)
    draw_tile_lines(draw, estate, frame)


def paint_ground_row(draw: ImageDraw.ImageDraw, centre: tuple[float, float], s: float,
                     cols: int) -> None:
    """``cols`` cells without terrain side by side, ``s`` px wide, around ``centre``."""
    x, y = centre
    for k in range(cols):
        paint_ground(draw, (x + (k - (cols - 1) / 2) * s, y), s)


def paint_ground(draw: ImageDraw.ImageDraw, centre: tuple[float, float], s: float) -> None:
    """A cell without terrain, ``s`` px wide, around ``centre``."""
    x, y = centre
    draw.rectangle((x - s / 2, y - s / 2, x + s / 2, y + s / 2), fill=GROUND, outline=GROUND_LINE)


def paint_cell(draw: ImageDraw.ImageDraw, centre: tuple[float, float], s: float, height: int,
               top: str, foundation: bool, faded: float, corner_free: bool) -> None:
    """A terrain cell ``s`` px wide around ``centre``: its height's shade, its top (a
    llama, an icon or nothing), a foundation's brick and the height's number."""
    x0, y0, x1, y1 = centre[0] - s / 2, centre[1] - s / 2, centre[0] + s / 2, centre[1] + s / 2
    draw.rectangle((x0, y0, x1, y1), fill=lighten(shade(height), faded))
    if foundation:
        k = s * 0.24
        draw_brick(draw, (x0 + 3, y1 - 3 - k, x0 + 3 + k, y1 - 3))
    if top == "L":
        if corner_free:
            draw_llama(draw, (x0 + s * 0.4, y0 + s * 0.66), s * 0.56)
        else:
            draw_llama(draw, (x0 + s * 0.5, y0 + s * 0.6), s * 0.72)
    elif top != "-":
        if corner_free:
            draw_icon(draw, top, (x0 + s * 0.36, y0 + s * 0.64), s * 0.5)
        else:
            draw_icon(draw, top, (x0 + s * 0.58, y0 + s * 0.58), s * 0.62)
    if s < NUMBER_CELL:
        return  # too small for a readable number: the shade alone tells the height
    draw.text((x0 + s * 0.06, y0 + s * 0.02), str(height), font=font(number_size(s), True),
              fill=lighten(number_ink(height), faded * 0.5))


def number_size(cell: float) -> int:
    return max(MIN_FONT, round(cell * 0.3))


def draw_tile_lines(draw: ImageDraw.ImageDraw, estate: EstateGrid, frame: GridFrame) -> None:
    thick = max(2, round(frame.size / 18))
    line = _axis_line if _whole(frame) and draw.mode == "RGB" else _pillow_line
    for (r, c), stack in estate.cells.items():
        x0, y0, x1, y1 = frame.box((r, c))
        for (dr, dc), segment in (((0, 1), ((x1, y0), (x1, y1))),
                                  ((1, 0), ((x0, y1), (x1, y1))),
                                  ((0, -1), ((x0, y0), (x0, y1))),
                                  ((-1, 0), ((x0, y0), (x1, y0)))):
            other = estate.cells.get((r + dr, c + dc))
            if other is None:
                line(draw, segment, INK, thick)
            elif other.tile != stack.tile or other.height != stack.height:
                line(draw, segment, INK, thick)
            elif (dr, dc) in ((0, 1), (1, 0)):
                line(draw, segment, THIN_LINE, 1)


def _whole(frame: GridFrame) -> bool:
    """Whether every cell's corners fall on whole pixels."""
    return all(isinstance(v, int) for v in (frame.x, frame.y, frame.size))


def _pillow_line(draw: ImageDraw.ImageDraw, segment, ink: RGB, width: int) -> None:
    draw.line(segment, fill=ink, width=width)


def _axis_line(draw: ImageDraw.ImageDraw, segment, ink: RGB, width: int) -> None:
    """``draw.line(segment, ink, width)`` for a horizontal or vertical segment between
    whole pixels, from left to right or top to bottom: the rectangle Pillow fills for it
    (its ends included, ``(width - 1) // 2`` pixels on the left or above, ``width // 2``
    on the right or below), filled by Pillow's core (ImageDraw.line costs several times
    more)."""
    (x0, y0), (x1, y1) = segment
    before, after = (width - 1) // 2, width // 2
    if y0 == y1 and x0 <= x1:
        box = (x0, y0 - before, x1 + 1, y0 + after + 1)
    elif x0 == x1 and y0 <= y1:
        box = (x0 - before, y0, x0 + after + 1, y1 + 1)
    else:  # drawn the other way round, Pillow puts an even width's extra pixel elsewhere
        _pillow_line(draw, segment, ink, width)
        return
    draw.im.paste(ink, box)


def outline_cells(draw: ImageDraw.ImageDraw, frame: GridFrame, cells: Iterable[Cell],
                  colour: RGB | str, width: int, inset: float = 0.0) -> None:
    """The outline of a set of cells as one shape: its boundary, drawn just inside it."""
    shape = set(cells)
    w, i = width, inset
    for r, c in shape:
        x0, y0, x1, y1 = frame.box((r, c))
        x0, y0, x1, y1 = x0 + i, y0 + i, x1 - i, y1 - i
        up, down = (r - 1, c) in shape, (r + 1, c) in shape
        left, right = (r, c - 1) in shape, (r, c + 1) in shape
        # a side that continues into a neighbour of the shape reaches that neighbour's inset
        ext_l = -i if left else 0
        ext_r = i if right else 0
        ext_u = -i if up else 0
        ext_d = i if down else 0
        if not up:
            draw.rectangle((x0 + ext_l, y0, x1 + ext_r, y0 + w), fill=colour)
        if not down:
            draw.rectangle((x0 + ext_l, y1 - w, x1 + ext_r, y1), fill=colour)
        if not left:
            draw.rectangle((x0, y0 + ext_u, x0 + w, y1 + ext_d), fill=colour)
        if not right:
            draw.rectangle((x1 - w, y0 + ext_u, x1, y1 + ext_d), fill=colour)
        # inner corners, where the outline turns around a missing diagonal neighbour
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            if (r + dr, c) in shape and (r, c + dc) in shape and (r + dr, c + dc) not in shape:
                vx = (x0, x0 + w) if dc < 0 else (x1 - w, x1)
                hy = (y0, y0 + w) if dr < 0 else (y1 - w, y1)
                vy = (y0 - i, y0 + w) if dr < 0 else (y1 - w, y1 + i)
                hx = (x0 - i, x0 + w) if dc < 0 else (x1 - w, x1 + i)
                draw.rectangle((vx[0], vy[0], vx[1], vy[1]), fill=colour)
                draw.rectangle((hx[0], hy[0], hx[1], hy[1]), fill=colour)


def lighten(colour: RGB, amount: float) -> RGB:
    if amount <= 0:
        return colour
    return tuple(round(v + (255 - v) * amount) for v in colour)  # type: ignore[return-value]


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels at ``size``."""
    face = font(size, bold)
    if length(face, text) <= width:
        return text
    while text and length(face, text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
