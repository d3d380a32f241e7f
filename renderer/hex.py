"""Pointy-top hex geometry for boards in the "odd-r" offset layout (odd rows shifted right).

:class:`HexGrid` turns (row, col) into pixel centres and corner polygons; the drawing
helpers fill and outline hexes on a Pillow ``ImageDraw``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

SQRT3 = math.sqrt(3)

Point = tuple[float, float]


@dataclass(frozen=True)
class HexGrid:
    """Pixel layout of a grid of ``rows`` × ``cols`` hexes of circumradius ``size``."""

    size: float  # centre to corner
    origin: Point  # top-left corner of the grid's bounding box
    rows: int
    cols: int

    @property
    def hex_width(self) -> float:
        return SQRT3 * self.size

    @property
    def row_height(self) -> float:
        return 1.5 * self.size

    @property
    def width(self) -> float:
        return (self.cols + 0.5) * self.hex_width

    @property
    def height(self) -> float:
        return (self.rows - 1) * self.row_height + 2 * self.size

    def center(self, row: int, col: int) -> Point:
        x = self.origin[0] + self.hex_width * (col + 0.5 * (row % 2) + 0.5)
        y = self.origin[1] + self.size + row * self.row_height
        return x, y

    def corners(self, row: int, col: int, shrink: float = 0.0) -> list[Point]:
        """The six corners, clockwise from the top; ``shrink`` pulls them in by that many pixels."""
        return list(_grid_corners(self, row, col, shrink))


@lru_cache(maxsize=4096)
def _grid_corners(grid: HexGrid, row: int, col: int, shrink: float) -> tuple[Point, ...]:
    # computed once per worker: a board asks for the same hexes' corners every time
    return tuple(hex_corners(grid.center(row, col), grid.size - shrink))


def hex_corners(center: Point, radius: float) -> list[Point]:
    cx, cy = center
    return [
        (
            cx + radius * math.cos(math.radians(-90 + 60 * i)),
            cy + radius * math.sin(math.radians(-90 + 60 * i)),
        )
        for i in range(6)
    ]


def draw_hex(
    draw: ImageDraw.ImageDraw,
    corners: list[Point],
    fill: str | None,
    outline: str | None = None,
    width: int = 1,
) -> None:
    draw.polygon(corners, fill=fill)
    if outline is not None and width > 0:
        draw.line([*corners, corners[0]], fill=outline, width=width, joint="curve")


def side_neighbour(row: int, col: int, side: int) -> tuple[int, int]:
    """The grid position across ``side`` of hex (row, col) in the odd-r layout.

    Side ``i`` joins corners ``i`` and ``i + 1`` of :func:`hex_corners`: 0 faces north-east,
    then clockwise east, south-east, south-west, west, north-west.
    """
    shift = row % 2  # odd rows sit half a hex to the right
    deltas = (
        (-1, shift),  # north-east
        (0, 1),  # east
        (1, shift),  # south-east
        (1, shift - 1),  # south-west
        (0, -1),  # west
        (-1, shift - 1),  # north-west
    )
    dr, dc = deltas[side]
    return row + dr, col + dc
