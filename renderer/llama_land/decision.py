"""Llama Land decision images: the deciding player's estate with every legal place marked.

``marks`` maps each option's ``Option.at`` to the number its button carries. A placement's
``at`` lists the cells the tile would cover, in the tile's own cell order
(``games/llama_land/placement.py``), e.g. ``"r0c2 r0c3 r1c3 r2c3 r2c4"``; a llama's place is
one cell. A few places (up to :data:`OUTLINED`) are each outlined in a colour of their own,
their number in a disc of that colour on their first cell, moved to another of their cells
only when the first one is crowded.

More places are split into one panel per way the tile lies (up to 72 outlines
drawn over each other hid the estate and which number went with which place): within a
panel the places are shifts of one another, so each number stands alone on one cell — the
cell where the tile's red dot (on the picture of the tile, above the estate) would go — and
no outline is drawn. The estate is drawn faded so that the marks stand out.
"""

from __future__ import annotations

import math
import re

from PIL import Image, ImageDraw

from games.i18n import _, _n
from renderer.fonts import draw_on, font, length, tagged
from renderer.llama_land.estate import (
    GridFrame,
    draw_estate,
    fit,
    outline_cells,
    shade,
)
from renderer.llama_land.glyphs import INK, draw_icon
from renderer.llama_land.table import PLAYER_RGB, Player, cells_in, table_of_view
from renderer.strip import SLOT, slotted

Cell = tuple[int, int]
Candidate = tuple[list[Cell], str]

WIDTH = 800
MARGIN = 20
BACKGROUND = (247, 243, 232)
PANEL_LINE = (196, 184, 160)
MUTED = (108, 98, 84)
CELL_MAX = 110
CELL_MIN = 24  # a very wide region: small cells, but the image stays phone-sized
HEADER = 84
FOOTER = 66
TILE_CELL = 52
#: Up to this many places share one panel whatever way they lie, each outlined; more are
#: split by the way the tile lies and marked on their red-dot cell only.
OUTLINED = 6
#: Every size this module draws text with.
TEXT_SIZES = {"title": 26, "note": 20, "mark_min": 22}
DOT = (220, 20, 60)

#: Outline and disc colours of the candidates, in mark order: far apart in hue and all dark
#: enough for white numbers.
CANDIDATE_COLOURS = [
    (220, 20, 60), (0, 102, 204), (230, 110, 0), (130, 40, 170), (0, 140, 120),
    (200, 0, 160), (120, 70, 20), (20, 20, 110), (90, 90, 90), (0, 120, 40),
    (150, 0, 0), (0, 90, 140),
]


def render_decision(view: dict, names: list[str], marks: dict[str, str]) -> Image.Image | None:
    """The image of the deciding player's estate with each place of ``marks`` marked."""
    found = _candidates(view, names, marks)
    if found is None:
        return None
    player, tile, candidates = found
    groups = panel_groups(candidates)
    panels = [Panel(player, tile, group, titled=len(groups) > 1) for group in groups]
    return _page(player, candidates, panels, 0)


def render_decision_pages(view: dict, names: list[str], marks: dict[str, str]
                          ) -> list[Image.Image]:
    """:func:`render_decision` as one image per panel when the places are split by the
    way the tile lies: Discord shows several images as a gallery a phone swipes through,
    each at the width of the screen, where one image of eight panels (800 × 10,000 px)
    would be a sliver. Empty when there is nothing to mark."""
    found = _candidates(view, names, marks)
    if found is None:
        return []
    player, tile, candidates = found
    groups = panel_groups(candidates)
    if len(groups) == 1:
        return [_page(player, candidates, [Panel(player, tile, groups[0], titled=False)], 0)]
    pages = []
    colour_index = 0
    for number, group in enumerate(groups, start=1):
        note = _("Group {k} of {groups} by the way the tile lies ({n} places in all)",
                 k=number, groups=len(groups), n=len(candidates))
        pages.append(_page(player, candidates, [Panel(player, tile, group, titled=True)],
                           colour_index, note))
        colour_index += len(group)
    return pages


def _candidates(view: dict, names: list[str], marks: dict[str, str]
                ) -> tuple[Player, dict | None, list[Candidate]] | None:
    """The deciding player, the tile being laid and the marked places in mark order."""
    table = table_of_view(view, names)
    candidates = [(cells_in(at), mark) for at, mark in marks.items()]
    candidates = [(cells, mark) for cells, mark in candidates if cells]
    if not candidates or table.current is None:
        return None
    candidates.sort(key=lambda item: mark_order(item[1]))
    return table.player(table.current), (view.get("this_turn") or {}).get("tile"), candidates


def _page(player: Player, candidates: list[Candidate], panels: list[Panel],
          colour_index: int, note: str | None = None) -> Image.Image:
    """One image: the question, ``panels`` one below the other, the hint at the foot."""
    height = HEADER + sum(p.height + 12 for p in panels) + FOOTER
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = draw_on(image)
    paint_header(draw, player, candidates, panels, note)
    y = HEADER
    for panel in panels:
        panel.paint(draw, y, colour_index)
        colour_index += len(panel.candidates)
        y += panel.height + 12
    hint = (_("The numbers are those of the buttons and menus under the image; each place "
              "is outlined in its number's colour.")
            if all(panel.outlined for panel in panels)
            else _("The numbers are those of the buttons and menus under the image; each "
                   "stands where the tile's red dot would go."))
    for k, line in enumerate(wrap_text(hint, TEXT_SIZES["note"], WIDTH - 2 * MARGIN)[:2]):
        draw.text((MARGIN, height - FOOTER + 6 + k * 26), line, font=font(TEXT_SIZES["note"]),
                  fill=MUTED)
    return image


def wrap_text(text: str, size: int, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size`` (broken at spaces)."""
    lines = [""]
    for word in text.split(" "):
        trial = f"{lines[-1]} {word}".strip()
        if lines[-1] and length(font(size), trial) > width:
            lines.append(word)
        else:
            lines[-1] = trial
    return lines


def mark_order(mark: str) -> tuple[int, str]:
    """Marks in their numbers' order ("3", "3/4", "3-6" all sort as 3; letters last)."""
    first = re.match(r"\d+", mark)
    return (int(first.group()) if first else 10**6, mark)


def lie(cells: list[Cell]) -> tuple[Cell, ...]:
    """How a candidate lies: its cells relative to its first one, in order."""
    r0, c0 = cells[0]
    return tuple((r - r0, c - c0) for r, c in cells)


def panel_groups(candidates: list[Candidate]) -> list[list[Candidate]]:
    if len(candidates) <= OUTLINED:
        return [candidates]
    groups: dict[tuple[Cell, ...], list[Candidate]] = {}
    for candidate in candidates:
        groups.setdefault(lie(candidate[0]), []).append(candidate)
    return list(groups.values())


def paint_header(draw: ImageDraw.ImageDraw, player: Player, candidates: list[Candidate],
                 panels: list[Panel], note: str | None = None) -> None:
    colour = PLAYER_RGB.get(player.colour, INK)
    singles = all(len(cells) == 1 for cells, _ in candidates)
    question = (_("{name}: where does the llama go?", name=SLOT) if singles
                else _("{name}: where does the tile go?", name=SLOT))
    before, after = slotted(question)
    room = WIDTH - 2 * MARGIN - 34
    title_font = font(TEXT_SIZES["title"], True)
    title = before + player.name + after
    if length(title_font, title) > room:  # a long name: cut the name, keep the question
        name = fit(player.name, TEXT_SIZES["title"], room - length(title_font, before + after),
                   True)
        title = before + name + after
    draw.ellipse((MARGIN, 14, MARGIN + 24, 38), fill=colour, outline=INK, width=2)
    draw.text((MARGIN + 34, 10), title, font=title_font, fill=INK)
    note = note or header_note(len(candidates), panels)
    draw.text((MARGIN, 48), fit(note, TEXT_SIZES["note"], WIDTH - 2 * MARGIN),
              font=font(TEXT_SIZES["note"]), fill=MUTED)


def header_note(count: int, panels: list[Panel]) -> str:
    if len(panels) > 1:
        return _n("{n} place, in {groups} groups by the way the tile lies",
                  "{n} places, in {groups} groups by the way the tile lies", count,
                  groups=len(panels))
    if panels[0].shape is not None:
        return _n("{n} place · each number sits where the red dot of the tile goes",
                  "{n} places · each number sits where the red dot of the tile goes", count)
    return _n("{n} place", "{n} places", count)


class Panel:
    """One region of the estate with some of the candidates marked on it."""

    def __init__(self, player: Player, tile: dict | None, candidates: list[Candidate],
                 titled: bool) -> None:
        self.player = player
        self.tile = tile
        self.candidates = candidates
        shapes = {lie(cells) for cells, _ in candidates}
        self.shape = next(iter(shapes)) if len(shapes) == 1 and len(candidates[0][0]) > 1 \
            else None
        every = [c for cells, _ in candidates for c in cells]
        # the region: the places and one cell around them, within the estate's bounds
        top, left, bottom, right = player.estate.bounds(every)
        top = max(top, min(r for r, _ in every) - 1)
        left = max(left, min(c for _, c in every) - 1)
        bottom = min(bottom, max(r for r, _ in every) + 1)
        right = min(right, max(c for _, c in every) + 1)
        self.top, self.left = top, left
        self.rows, self.cols = bottom - top + 1, right - left + 1
        self.cell = max(CELL_MIN, min(CELL_MAX, (WIDTH - 2 * MARGIN) // self.cols))
        self.head = 0
        if titled or self.shape is not None:
            self.head = max(40, self.tile_rows() * TILE_CELL + 12) if self.shape else 40
        self.titled = titled
        #: each place outlined (a few places); else only its number, on its red-dot cell
        self.outlined = len(candidates) <= OUTLINED or any(len(c) == 1 for c, _ in candidates)
        self.height = self.head + self.rows * self.cell

    def tile_rows(self) -> int:
        assert self.shape is not None
        return max(r for r, _ in self.shape) - min(r for r, _ in self.shape) + 1

    def paint(self, draw: ImageDraw.ImageDraw, y: int, colour_index: int) -> None:
        if self.titled:
            count = len(self.candidates)
            draw.line([(MARGIN, y - 6), (WIDTH - MARGIN, y - 6)], fill=PANEL_LINE, width=2)
            text = _n("{n} place with the tile lying so:", "{n} places with the tile lying so:",
                      count)
            if self.shape is None:
                text = _n("{n} place", "{n} places", count)
            draw.text((MARGIN, y + 6), text, font=font(TEXT_SIZES["note"]), fill=MUTED)
        if self.shape is not None:
            self.paint_tile(draw, y)
        frame = GridFrame((WIDTH - self.cols * self.cell) / 2, y + self.head, self.cell,
                          self.top, self.left)
        draw_estate(draw, self.player.estate, frame, self.rows, self.cols, faded=0.45,
                    corner_free=True)
        width = max(4, round(self.cell / 16))
        for i, (cells, _mark) in enumerate(self.candidates if self.outlined else ()):
            colour = CANDIDATE_COLOURS[(colour_index + i) % len(CANDIDATE_COLOURS)]
            if len(cells) > 1:
                outline_cells(draw, frame, cells, colour, width, (i % 3) * (width + 1))
            else:
                outline_cells(draw, frame, cells, colour, width + 2, 2)
        with tagged("mark"):
            for i, ((_, mark), (centre, radius)) in enumerate(
                    zip(self.candidates, self.place_marks(frame), strict=True)):
                colour = CANDIDATE_COLOURS[(colour_index + i) % len(CANDIDATE_COLOURS)]
                draw_mark(draw, centre, radius, mark, colour)

    def paint_tile(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        """The tile as the panel's candidates lay it, its icons on, a dot on the numbered
        cell (the cell order of ``at`` is the order of the tile's icons)."""
        assert self.shape is not None
        icons = (self.tile or {}).get("icons", "")
        top = min(r for r, _ in self.shape)
        left = min(c for _, c in self.shape)
        cols = max(c for _, c in self.shape) - left + 1
        s = TILE_CELL
        x0 = WIDTH - MARGIN - cols * s
        y0 = y + 4
        for k, (r, c) in enumerate(self.shape):
            box = (x0 + (c - left) * s, y0 + (r - top) * s, x0 + (c - left + 1) * s,
                   y0 + (r - top + 1) * s)
            draw.rectangle(box, fill=shade(1), outline=INK, width=2)
            icon = icons[k] if k < len(icons) else "-"
            if icon not in ("-", ""):
                draw_icon(draw, icon, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), s * 0.8)
            if k == 0:
                r0 = s * 0.22
                draw.ellipse((box[2] - 2 * r0 - 1, box[1] + 1, box[2] - 1, box[1] + 1 + 2 * r0),
                             fill=DOT, outline=INK)
        if not self.titled:
            draw.text((x0 - 10, y0 + 14), _("the tile:"), font=font(TEXT_SIZES["note"]),
                      fill=MUTED, anchor="rm")

    def place_marks(self, frame: GridFrame) -> list[tuple[tuple[float, float], float]]:
        """Where each candidate's number goes: its first cell, unless crowded."""
        per_cell: dict[Cell, list[int]] = {}
        for i, (cells, _mark) in enumerate(self.candidates):
            home = cells[0]
            if len(per_cell.get(home, [])) >= 2:
                least = min(cells, key=lambda c: len(per_cell.get(c, [])))
                if len(per_cell.get(least, [])) < len(per_cell[home]):
                    home = least
            per_cell.setdefault(home, []).append(i)
        spots: list[tuple[tuple[float, float], float]] = [((0.0, 0.0), 0.0)] * len(self.candidates)
        for cell, indexes in per_cell.items():
            x0, y0, _, _ = frame.box(cell)
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
    radius = max(radius, size * 0.62)
    half = max(radius, length(face, mark) / 2 + 6)
    x, y = centre
    draw.rounded_rectangle((x - half, y - radius, x + half, y + radius), radius=radius,
                           fill=colour, outline=(255, 255, 255), width=3)
    draw.text((x, y), mark, font=face, fill=(255, 255, 255), anchor="mm")


__all__ = ["render_decision", "render_decision_pages", "TEXT_SIZES", "CANDIDATE_COLOURS"]
