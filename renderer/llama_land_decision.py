"""Llama Land decision images: the deciding player's estate with every legal place marked.

``marks`` maps each option's ``Option.at`` to the number its button carries. A placement's
``at`` lists the cells the tile would cover, in the tile's own cell order
(``games/llama_land/placement.py``), e.g. ``"r0c2 r0c3 r1c3 r2c3 r2c4"``; a llama's place is
one cell. Each candidate is outlined in a colour of its own and its number stands, in a disc
of that colour, on its first cell — the same cell of the tile for every candidate, shown on
the picture of the tile above the estate — moved to another of its cells only when the first
one is crowded. The estate is drawn faded so that the candidates stand out.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderer.fonts import font
from renderer.llama_land_estate import (
    GridFrame,
    draw_estate,
    fit,
    lighten,
    outline_cells,
    shade,
)
from renderer.llama_land_glyphs import INK, draw_icon
from renderer.llama_land_table import PLAYER_RGB, Table, cells_in, table_of_view

Cell = tuple[int, int]

WIDTH = 800
MARGIN = 20
BACKGROUND = (247, 243, 232)
MUTED = (108, 98, 84)
CELL_MAX = 110
CELL_MIN = 24  # a very wide region: small cells, but the image stays phone-sized
#: More places than this are shown as one tinted area: numbers would not fit.
MAX_MARKS = 48
AREA = (255, 190, 60)
HEADER = 96
TILE_CELL = 30
#: Every size this module draws text with (for the phone-size test).
TEXT_SIZES = {"title": 26, "note": 20, "mark_min": 22}

#: Outline and disc colours of the candidates, in mark order: far apart in hue and all dark
#: enough for white numbers.
CANDIDATE_COLOURS = [
    (220, 20, 60), (0, 102, 204), (230, 110, 0), (130, 40, 170), (0, 140, 120),
    (200, 0, 160), (120, 70, 20), (20, 20, 110), (90, 90, 90), (0, 120, 40),
    (150, 0, 0), (0, 90, 140),
]


def render_decision(view: dict, names: list[str], marks: dict[str, str]) -> Image.Image | None:
    """The image of the deciding player's estate with each place of ``marks`` marked."""
    table = table_of_view(view, names)
    candidates = [(cells_in(at), mark) for at, mark in marks.items()]
    candidates = [(cells, mark) for cells, mark in candidates if cells]
    if not candidates or table.current is None:
        return None
    candidates.sort(key=lambda item: mark_order(item[1]))
    return DecisionImage(table, view, candidates).paint()


def mark_order(mark: str) -> tuple[int, str]:
    digits = "".join(ch for ch in mark.split("/")[0] if ch.isdigit())
    return (int(digits) if digits else 10**6, mark)


class DecisionImage:
    def __init__(self, table: Table, view: dict, candidates: list[tuple[list[Cell], str]]):
        self.table = table
        self.player = table.player(table.current)
        self.candidates = candidates
        this_turn = view.get("this_turn") or {}
        self.tile = this_turn.get("tile")
        every = [c for cells, _ in candidates for c in cells]
        self.summary = len(candidates) > MAX_MARKS
        # the region: the places and one cell around them, within the estate's bounds
        top, left, bottom, right = self.player.estate.bounds(every)
        top = max(top, min(r for r, _ in every) - 1)
        left = max(left, min(c for _, c in every) - 1)
        bottom = min(bottom, max(r for r, _ in every) + 1)
        right = min(right, max(c for _, c in every) + 1)
        self.rows, self.cols = bottom - top + 1, right - left + 1
        self.cell = max(CELL_MIN, min(CELL_MAX, (WIDTH - 2 * MARGIN) // self.cols))
        self.shape = self.common_shape() if self.tile else None
        self.header = HEADER
        if self.shape is not None:
            tile_rows = max(r for r, _ in self.shape) - min(r for r, _ in self.shape) + 1
            self.header = max(HEADER, tile_rows * TILE_CELL + 20)
        width = WIDTH
        self.size = (width, self.header + self.rows * self.cell + MARGIN + 34)
        x = (width - self.cols * self.cell) / 2
        self.frame = GridFrame(x, self.header, self.cell, top, left)

    def paint(self) -> Image.Image:
        image = Image.new("RGB", self.size, BACKGROUND)
        draw = ImageDraw.Draw(image)
        self.paint_header(draw)
        draw_estate(draw, self.player.estate, self.frame, self.rows, self.cols, faded=0.45,
                    corner_free=True)
        if self.summary:
            self.paint_area(draw)
            return image
        width = max(4, round(self.cell / 16))
        spots = self.place_marks()
        for i, (cells, _) in enumerate(self.candidates):
            colour = CANDIDATE_COLOURS[i % len(CANDIDATE_COLOURS)]
            inset = (i % 3) * (width + 1)
            if len(cells) > 1:
                outline_cells(draw, self.frame, cells, colour, width, inset)
            else:
                outline_cells(draw, self.frame, cells, colour, width + 2, 2)
        for i, (_, mark) in enumerate(self.candidates):
            colour = CANDIDATE_COLOURS[i % len(CANDIDATE_COLOURS)]
            centre, radius = spots[i]
            draw_mark(draw, centre, radius, mark, colour)
        note = "Tap the number of a place. Each place is outlined in its number's colour."
        draw.text((MARGIN, self.size[1] - 30), note, font=font(TEXT_SIZES["note"]), fill=MUTED)
        return image

    def paint_area(self, draw: ImageDraw.ImageDraw) -> None:
        """Too many places to number: the cells any of them covers, outlined as one area."""
        area = {cell for cells, _ in self.candidates for cell in cells}
        outline_cells(draw, self.frame, area, AREA, max(4, round(self.cell / 12)))
        note = f"{len(self.candidates)} places: choose a rotation first to see them numbered."
        draw.text((MARGIN, self.size[1] - 30), fit(note, TEXT_SIZES["note"], WIDTH - 2 * MARGIN),
                  font=font(TEXT_SIZES["note"]), fill=MUTED)

    def paint_header(self, draw: ImageDraw.ImageDraw) -> None:
        colour = PLAYER_RGB.get(self.player.colour, INK)
        singles = all(len(cells) == 1 for cells, _ in self.candidates)
        what = "where does the llama go?" if singles else "where does the tile go?"
        room = self.size[0] - 2 * MARGIN - 34
        if self.shape is not None:
            room -= self.tile_width() + 16
        title = fit(f"{self.player.name}: {what}", TEXT_SIZES["title"], room, True)
        if not title.endswith(what):  # a long name: cut the name, keep the question
            name = fit(self.player.name, TEXT_SIZES["title"],
                       room - font(TEXT_SIZES["title"], True).getlength(f": {what}"), True)
            title = f"{name}: {what}"
        draw.ellipse((MARGIN, 14, MARGIN + 24, 38), fill=colour, outline=INK, width=2)
        draw.text((MARGIN + 34, 10), title, font=font(TEXT_SIZES["title"], True), fill=INK)
        count = len(self.candidates)
        note = f"{count} place{'s' if count != 1 else ''}"
        if self.shape is not None and not self.summary:
            note += " · each number sits where the red dot of the tile goes"
        note = fit(note, TEXT_SIZES["note"], room + 34)
        draw.text((MARGIN, 50), note, font=font(TEXT_SIZES["note"]), fill=MUTED)
        if self.shape is not None:
            self.paint_tile(draw, self.shape)

    def tile_width(self) -> float:
        assert self.shape is not None
        return (max(c for _, c in self.shape) - min(c for _, c in self.shape) + 1) * TILE_CELL

    def common_shape(self) -> list[Cell] | None:
        """The tile's cells relative to its first cell, when every candidate lies the same way."""
        shapes = {tuple((r - cells[0][0], c - cells[0][1]) for r, c in cells)
                  for cells, _ in self.candidates}
        if len(shapes) != 1:
            return None
        (shape,) = shapes
        return list(shape) if len(shape) > 1 else None

    def paint_tile(self, draw: ImageDraw.ImageDraw, shape: list[Cell]) -> None:
        """The tile as every candidate lays it, its icons on, a dot on the numbered cell."""
        icons = (self.tile or {}).get("icons", "")
        top = min(r for r, _ in shape)
        left = min(c for _, c in shape)
        rows = max(r for r, _ in shape) - top + 1
        s = TILE_CELL
        x0 = self.size[0] - MARGIN - self.tile_width()
        y0 = (self.header - 8 - rows * s) / 2
        for k, (r, c) in enumerate(shape):
            box = (x0 + (c - left) * s, y0 + (r - top) * s, x0 + (c - left + 1) * s,
                   y0 + (r - top + 1) * s)
            draw.rectangle(box, fill=shade(1), outline=INK, width=2)
            icon = icons[k] if k < len(icons) else "-"
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if icon not in ("-", ""):
                draw_icon(draw, icon, centre, s * 0.8)
            if k == 0:
                r0 = s * 0.22
                draw.ellipse((box[2] - 2 * r0 - 1, box[1] + 1, box[2] - 1, box[1] + 1 + 2 * r0),
                             fill=(220, 20, 60), outline=INK)

    def place_marks(self) -> list[tuple[tuple[float, float], float]]:
        """Where each candidate's number goes: its first cell, unless crowded."""
        per_cell: dict[Cell, list[int]] = {}
        for i, (cells, _) in enumerate(self.candidates):
            home = cells[0]
            if len(per_cell.get(home, [])) >= 2:
                least = min(cells, key=lambda c: len(per_cell.get(c, [])))
                if len(per_cell.get(least, [])) < len(per_cell[home]):
                    home = least
            per_cell.setdefault(home, []).append(i)
        spots: list[tuple[tuple[float, float], float]] = [((0.0, 0.0), 0.0)] * len(self.candidates)
        for cell, indexes in per_cell.items():
            x0, y0, _, _ = self.frame.box(cell)
            on_terrain = cell in self.player.estate.cells
            for slot, (fx, fy, fr) in zip(indexes, slots(len(indexes), on_terrain), strict=True):
                spots[slot] = ((x0 + fx * self.cell, y0 + fy * self.cell), fr * self.cell)
        return spots


def slots(count: int, on_terrain: bool) -> list[tuple[float, float, float]]:
    """(x, y, radius) as fractions of a cell for ``count`` marks sharing one cell; on
    terrain a single mark keeps to the top-right corner, off the icon."""
    if count == 1:
        return [(0.7, 0.3, 0.26)] if on_terrain else [(0.5, 0.5, 0.3)]
    if count == 2:
        return [(0.3, 0.3, 0.22), (0.7, 0.7, 0.22)]
    if count <= 4:
        return [(0.28, 0.28, 0.2), (0.72, 0.28, 0.2), (0.28, 0.72, 0.2), (0.72, 0.72, 0.2)][:count]
    side = 3 if count <= 9 else math.ceil(math.sqrt(count))
    step = 1 / side
    return [((k % side + 0.5) * step, (k // side + 0.5) * step, step * 0.48)
            for k in range(count)]


def draw_mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float,
              mark: str, colour: tuple[int, int, int]) -> None:
    """The number in a disc (a pill when it is long) of the candidate's colour."""
    size = max(TEXT_SIZES["mark_min"], round(radius * 1.15))
    face = font(size, True)
    half = max(radius, face.getlength(mark) / 2 + 6)
    x, y = centre
    draw.rounded_rectangle((x - half, y - radius, x + half, y + radius), radius=radius,
                           fill=colour, outline=(255, 255, 255), width=3)
    draw.text((x, y), mark, font=face, fill=(255, 255, 255), anchor="mm")


__all__ = ["render_decision", "TEXT_SIZES", "lighten"]
