"""Kuhlorado board image: the 8×8 sheet above, dice, turn and scores in a strip below.

Built only from ``GAME.view(...)`` (see games/kuhlorado/view.py ``build_view``). Besides
the marks it shows who holds each border meadow (a bar in the holder's colour along the
edge) and each trough (its rim and symbol), and outlines every herd. :func:`render_decision`
draws the part of the sheet holding a decision's cells, each with its option's mark.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.i18n import N_, _, _p
from games.kuhlorado import GAME
from games.kuhlorado.game import end_reason_text
from renderer.fonts import draw_on, font, length, min_size, note, recording
from renderer.marks import Box, draw_mark, mark_size, region_around, zoom_to_fit
from renderer.sprites import stamp
from renderer.strip import SLOT, Strip, slotted

WIDTH = 720
FLOOR = min_size(WIDTH)
LABEL_BAND = 30  # the column letters / row numbers
MEADOW_BAND = 16  # the bar along each edge in the colour of the meadow's holder
CELL = (WIDTH - 2 * (LABEL_BAND + MEADOW_BAND)) // 8
BOARD_X = BOARD_Y = LABEL_BAND + MEADOW_BAND
BOARD = CELL * 8
SHEET_HEIGHT = BOARD_Y + BOARD + MEADOW_BAND + 6

BACKGROUND = (246, 240, 222)
INNER_GRASS = (190, 222, 140)
MEADOW_GRASS = (74, 130, 56)
GRID = (52, 70, 40)
INK = (40, 40, 40)
MUTED = (107, 96, 78)
WATER = (118, 196, 238)
WATER_WAVE = (236, 248, 255)
TROUGH_RIM = (128, 88, 52)
NOBODY = (196, 188, 168)  # a meadow or trough that nobody holds (a tie)
HIGHLIGHT = (255, 170, 0)
SYMBOL_COLOURS = {"x": (208, 32, 40), "o": (28, 58, 160)}
SYMBOL_HEX = {"x": "#d02028", "o": "#1c3aa0"}
DIE_FACE = (252, 252, 248)
PIP = (200, 30, 30)
COW_GREEN = (40, 140, 60)
COLUMNS = "ABCDEFGH"
SIDES = ("north", "east", "south", "west")

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
}
PHASE_TEXT = {
    "roll": N_("to roll the dice"),
    "reroll": N_("may reroll once"),
    "mark": N_("to mark"),
    "second_mark": N_("may mark a 2nd cell"),
}

#: decision images: the largest cell (px) and the context around the marked cells
DECISION_MAX_CELL = 130
DECISION_CONTEXT = 0.35  # in cells


@dataclass(frozen=True)
class Layout:
    """Where the sheet lies on a canvas: cell size and the top-left corner of cell A1."""

    cell: float
    x: float
    y: float
    floor: int = FLOOR  # the smallest font size on this canvas

    def box(self, row: int, col: int) -> tuple[float, float, float, float]:
        x, y = self.x + col * self.cell, self.y + row * self.cell
        return x, y, x + self.cell, y + self.cell


BOARD_LAYOUT = Layout(CELL, BOARD_X, BOARD_Y)


def render(view: dict, names: list[str]) -> Image.Image:
    strip = Strip(WIDTH, BACKGROUND)
    paint_strip(strip, view, names)
    layer, sizes = sheet_layer(tuple((cell["kind"], cell["number"])
                                     for row in view["cells"] for cell in row))
    note(sizes)
    image = Image.new("RGB", (WIDTH, SHEET_HEIGHT + strip.total_height), BACKGROUND)
    image.paste(layer, (0, 0))
    draw = draw_on(image)
    draw_meadow_bars(draw, view)
    # Marked cells and troughs are drawn once per look and pasted (renderer.sprites).
    for r, row in enumerate(view["cells"]):
        for c, cell in enumerate(row):
            if cell["mark"]:
                stamp(draw, marked_cell, centre(cell_box(r, c)), CELL / 2, CELL, grass_of(r, c),
                      cell["kind"], cell["number"], cell["mark"])
    for trough in view["troughs"]:
        cells = [position_of(lbl) for lbl in trough["cells"]]
        rows = 1 + max(r for r, _ in cells) - min(r for r, _ in cells)
        cols = 1 + max(c for _, c in cells) - min(c for _, c in cells)
        x0, y0, _, _ = cell_box(min(cells)[0], min(c for _, c in cells))
        stamp(draw, trough_tile, (x0 + cols * CELL / 2, y0 + rows * CELL / 2),
              (cols * CELL / 2, rows * CELL / 2), CELL, rows, cols, trough["leader"])
    draw_herds(draw, view, BOARD_LAYOUT)
    draw_recent(draw, view, BOARD_LAYOUT)
    strip.paint_on(draw, (0, SHEET_HEIGHT))
    return image


# -- the sheet --------------------------------------------------------------------------------
def cell_box(row: int, col: int) -> tuple[float, float, float, float]:
    """The pixel box of a cell on the board image."""
    return BOARD_LAYOUT.box(row, col)


def position_of(label: str) -> tuple[int, int]:
    text = label.strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345678":
        raise ValueError(f"not a Kuhlorado cell: {label!r}")
    return int(text[1]) - 1, COLUMNS.index(text[0])


def draw_labels(draw: ImageDraw.ImageDraw) -> None:
    coord_font = font(26, True)
    for i in range(8):
        x = BOARD_X + i * CELL + CELL / 2
        y = BOARD_Y + i * CELL + CELL / 2
        draw.text((x, LABEL_BAND / 2 + 1), COLUMNS[i], font=coord_font, fill=INK, anchor="mm")
        draw.text((LABEL_BAND / 2 + 1, y), str(i + 1), font=coord_font, fill=INK, anchor="mm")


def draw_meadow_bars(draw: ImageDraw.ImageDraw, view: dict) -> None:
    """Each border meadow's holder: a bar in its colour with its symbol along the edge."""
    near, far = BOARD_Y - MEADOW_BAND, BOARD_Y + BOARD
    boxes = {
        "north": (BOARD_X, near, BOARD_X + BOARD, BOARD_Y),
        "south": (BOARD_X, far, BOARD_X + BOARD, far + MEADOW_BAND),
        "west": (BOARD_X - MEADOW_BAND, BOARD_Y, BOARD_X, BOARD_Y + BOARD),
        "east": (BOARD_X + BOARD, BOARD_Y, BOARD_X + BOARD + MEADOW_BAND, BOARD_Y + BOARD),
    }
    for side in SIDES:
        box = boxes[side]
        half = ((box[2] - box[0]) / 2, (box[3] - box[1]) / 2)
        disc = MEADOW_BAND * 0.7 + 1  # the symbols' discs stand out of the bar
        stamp(draw, meadow_bar, centre(box), (max(half[0], disc), max(half[1], disc)), half,
              view["meadow_leaders"].get(side))


def meadow_bar(draw: ImageDraw.ImageDraw, at: tuple[float, float], half: tuple[float, float],
               leader: int | None) -> None:
    """The bar of a border meadow (``half`` its half width and height) centred ``at``:
    a grey rim when nobody holds it, else the holder's colour with two of its symbols."""
    cx, cy = at
    inset = (cx - half[0] + 2, cy - half[1] + 2, cx + half[0] - 2, cy + half[1] - 2)
    if leader is None:
        draw.rounded_rectangle(inset, radius=5, outline=NOBODY, width=2)
        return
    symbol = "xo"[leader]
    draw.rounded_rectangle(inset, radius=5, fill=SYMBOL_COLOURS[symbol])
    for shift in (-CELL * 2, CELL * 2):
        spot = (cx + shift, cy) if half[0] > half[1] else (cx, cy + shift)
        draw.ellipse((spot[0] - MEADOW_BAND * 0.7, spot[1] - MEADOW_BAND * 0.7,
                      spot[0] + MEADOW_BAND * 0.7, spot[1] + MEADOW_BAND * 0.7), fill="white")
        draw_symbol(draw, symbol, spot, MEADOW_BAND * 0.8, width=3)


def draw_sheet(draw: ImageDraw.ImageDraw, view: dict, layout: Layout,
               rows: range = range(8), cols: range = range(8)) -> None:
    """The cells, grid, troughs, marks and herds of ``rows`` × ``cols`` at ``layout``."""
    for r in rows:
        for c in cols:
            draw_cell(draw, view["cells"][r][c], r, c, layout)
    draw_grid(draw, layout)
    draw_pieces(draw, view, layout, rows, cols)


def draw_cell(draw: ImageDraw.ImageDraw, info: dict, r: int, c: int, layout: Layout,
              inset: int = 0, at: tuple[float, float] = (0.5, 0.5), scale: float = 1.0) -> None:
    """A cell's grass and content (faded under a mark); ``inset`` spares the grid lines,
    ``at`` places the content (fractions of the cell) at ``scale``."""
    paint_cell(draw, layout.box(r, c), grass_of(r, c), info["kind"], info["number"],
               bool(info["mark"]), inset, at, scale)


def grass_of(r: int, c: int) -> tuple[int, int, int]:
    """The border meadows' dark grass, or the light grass inside."""
    return MEADOW_GRASS if r in (0, 7) or c in (0, 7) else INNER_GRASS


def paint_cell(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
               grass: tuple[int, int, int], kind: str, number: int | None, faded: bool,
               inset: int = 0, at: tuple[float, float] = (0.5, 0.5), scale: float = 1.0) -> None:
    """:func:`draw_cell` in the cell ``box`` on ``grass``."""
    x0, y0, x1, y1 = box
    cell = x1 - x0
    draw.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=grass)
    spot = (x0 + at[0] * cell, y0 + at[1] * cell)
    if kind == "number":
        # As on the pad: white numbers on the meadows, dark ones inside.
        colour = (255, 255, 255) if grass == MEADOW_GRASS else INK
        if faded:
            colour = blend(colour, grass, 0.55)
        size = round(cell * 0.55 * scale)
        draw.text(spot, str(number), font=font(size, True), fill=colour, anchor="mm")
    elif kind == "cow":
        draw_cow(draw, spot, cell * 0.78 * scale, grass, faded=faded)


def marked_cell(draw: ImageDraw.ImageDraw, at: tuple[float, float], cell: float,
                grass: tuple[int, int, int], kind: str, number: int | None, mark: str) -> None:
    """A marked cell of the board centred ``at`` (inside its grid lines): its content
    faded under the mark."""
    box = (at[0] - cell / 2, at[1] - cell / 2, at[0] + cell / 2, at[1] + cell / 2)
    paint_cell(draw, box, grass, kind, number, True, inset=2)
    draw_symbol(draw, mark, at, cell * 0.62, width=max(4, round(cell / 8)))


def trough_tile(draw: ImageDraw.ImageDraw, at: tuple[float, float], cell: float, rows: int,
                cols: int, leader: int | None) -> None:
    """A trough of ``rows`` × ``cols`` cells centred ``at`` (see :func:`draw_trough`)."""
    layout = Layout(cell, at[0] - cols * cell / 2, at[1] - rows * cell / 2)
    draw_trough(draw, layout, [(r, c) for r in range(rows) for c in range(cols)], leader)


def draw_grid(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    cell = layout.cell
    thin = max(1, round(cell / 80))
    for i in range(9):
        width = 3 if i in (0, 8) else thin
        x, y = layout.x + i * cell, layout.y + i * cell
        draw.line([(x, layout.y), (x, layout.y + 8 * cell)], fill=GRID, width=width)
        draw.line([(layout.x, y), (layout.x + 8 * cell, y)], fill=GRID, width=width)


def draw_pieces(draw: ImageDraw.ImageDraw, view: dict, layout: Layout,
                rows: range = range(8), cols: range = range(8)) -> None:
    """What changes during a game: troughs (their holders), marks and herds."""
    for trough in view["troughs"]:
        draw_trough(draw, layout, [position_of(lbl) for lbl in trough["cells"]], trough["leader"])
    for r in rows:
        for c in cols:
            if view["cells"][r][c]["mark"]:
                draw_symbol(draw, view["cells"][r][c]["mark"], centre(layout.box(r, c)),
                            layout.cell * 0.62, width=max(4, round(layout.cell / 8)))
    draw_herds(draw, view, layout)


@lru_cache(maxsize=16)
def sheet_layer(cells: tuple[tuple[str, int | None], ...]) -> tuple[Image.Image, list]:
    """The unmarked sheet with its labels, drawn once per sheet and reused (``cells`` are
    the 64 (kind, number) pairs row by row). Returns the image and the text sizes used."""
    image = Image.new("RGB", (WIDTH, SHEET_HEIGHT), BACKGROUND)
    draw = draw_on(image)
    with recording() as log:
        draw_labels(draw)
        for i, (kind, number) in enumerate(cells):
            draw_cell(draw, {"kind": kind, "number": number, "mark": None}, i // 8, i % 8,
                      BOARD_LAYOUT)
        draw_grid(draw, BOARD_LAYOUT)
    return image, log.sizes


def draw_recent(draw: ImageDraw.ImageDraw, view: dict, layout: Layout) -> None:
    """The cells marked this turn, or else by the last move, in a thick orange frame."""
    recent = list(view["turn_marks"])
    if not recent and view["last_move"]:
        recent = view["last_move"]["cells"]
    for lbl in recent:
        x0, y0, x1, y1 = layout.box(*position_of(lbl))
        draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=HIGHLIGHT,
                       width=max(4, round(layout.cell / 14)))


def draw_herds(draw: ImageDraw.ImageDraw, view: dict, layout: Layout) -> None:
    """Each herd (marks joined by their sides) outlined inside its cells in its colour,
    inset so that two herds side by side keep both their lines."""
    width = max(3, round(layout.cell / 20))
    r = width / 2
    for herd in view.get("herds", []):
        colour = SYMBOL_COLOURS["xo"[herd["seat"]]]
        runs, ends = herd_outline(frozenset(position_of(lbl) for lbl in herd["cells"]), layout)
        for run in runs:
            draw.line(run, fill=colour, width=width)
        for x, y in ends:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


@lru_cache(maxsize=256)
def herd_outline(cells: frozenset[tuple[int, int]], layout: Layout,
                 ) -> tuple[list[list[tuple[float, float]]], list[tuple[float, float]]]:
    """The lines around a herd's ``cells`` (a straight run of sides is one line) and their
    ends, which are drawn round so that lines meeting at a corner leave no notch. Worked
    out once per herd and layout: a herd stays the same over most boards of a game."""
    inset = max(5, layout.cell * 0.09)
    sides = [(start, end) for p in cells
             for start, end, _across in inset_edges(p, cells, layout, inset)]
    runs = [[start, end] for start, end in straight_runs(sides)]
    return runs, sorted({point for run in runs for point in run})


Point = tuple[float, float]
#: A straight line from one end to the other.
Segment = tuple[Point, Point]


def straight_runs(segments: Iterable[Segment]) -> Iterator[Segment]:
    """Horizontal and vertical ``segments`` (each from its smaller end) joined where one
    goes straight on from another."""
    lines: dict[tuple[bool, float], list[tuple[float, float, float]]] = {}
    for (x0, y0), (x1, y1) in segments:
        across = abs(y1 - y0) < 1e-6  # horizontal
        key = (across, round(y0 if across else x0, 6))
        lines.setdefault(key, []).append((x0, x1, y0) if across else (y0, y1, x0))
    for (across, _at), spans in lines.items():
        spans.sort()
        runs = [list(spans[0])]
        for a, b, at in spans[1:]:
            if a <= runs[-1][1] + 1e-6:
                runs[-1][1] = max(runs[-1][1], b)
            else:
                runs.append([a, b, at])
        for a, b, at in runs:
            yield ((a, at), (b, at)) if across else ((at, a), (at, b))


def inset_edges(pos: tuple[int, int], group: AbstractSet[tuple[int, int]], layout: Layout,
                d: float) -> Iterator[tuple[Point, Point, None]]:
    """The outer sides of ``pos`` in ``group``, moved ``d`` pixels into the group; each end
    is shortened at an outer corner and lengthened at an inner one, so the lines meet."""
    r, c = pos
    x0, y0, x1, y1 = layout.box(r, c)
    # side: (neighbour across, start, end, direction along, inward normal, start/end sides)
    sides = (
        ((r - 1, c), (x0, y0), (x1, y0), (1, 0), (0, 1), ((0, -1), (0, 1))),
        ((r + 1, c), (x0, y1), (x1, y1), (1, 0), (0, -1), ((0, -1), (0, 1))),
        ((r, c - 1), (x0, y0), (x0, y1), (0, 1), (1, 0), ((-1, 0), (1, 0))),
        ((r, c + 1), (x1, y0), (x1, y1), (0, 1), (-1, 0), ((-1, 0), (1, 0))),
    )
    for across, start, end, (ax, ay), (nx, ny), (before, after) in sides:
        if across in group:
            continue
        out = (across[0] - r, across[1] - c)
        ends = []
        for point, (dr, dc), sign in ((start, before, -1), (end, after, 1)):
            side_cell = (r + dr, c + dc)
            diagonal = (r + dr + out[0], c + dc + out[1])
            if side_cell not in group:
                shift = -d  # an outer corner: stop short
            elif diagonal in group:
                shift = d  # an inner corner: reach the next side's line
            else:
                shift = 0.0  # the line goes straight on into the next cell
            ends.append((point[0] + nx * d + sign * ax * shift,
                         point[1] + ny * d + sign * ay * shift))
        yield ends[0], ends[1], None


def draw_trough(draw: ImageDraw.ImageDraw, layout: Layout, cells: list[tuple[int, int]],
                leader: int | None) -> None:
    """A trough full of water, its rim and symbol in the colour of the player who holds it
    (most marks around it); a large trough is one shape over its two cells."""
    boxes = [layout.box(r, c) for r, c in cells]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=INNER_GRASS)
    scale = layout.cell / 80
    pad = 9 * scale
    rim = TROUGH_RIM if leader is None else SYMBOL_COLOURS["xo"[leader]]
    draw.rounded_rectangle((x0 + pad, y0 + pad, x1 - pad, y1 - pad), radius=16 * scale,
                           fill=WATER, outline=rim, width=max(3, round(7 * scale)))
    for k in (1, 3):
        wy = y0 + (y1 - y0) * k / 4
        points = [(x0 + pad + 8 * scale + step * scale,
                   wy + (3 if (step // 8) % 2 else -3) * scale)
                  for step in range(0, round((x1 - x0 - 2 * pad - 16 * scale) / scale), 8)]
        if len(points) > 1:
            draw.line(points, fill=WATER_WAVE, width=max(2, round(3 * scale)))
    if leader is not None:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = layout.cell * 0.2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill="white")
        draw_symbol(draw, "xo"[leader], (cx, cy), r * 1.2, width=max(3, round(4 * scale)))


def draw_cow(draw: ImageDraw.ImageDraw, at: tuple[float, float], size: float,
             background: tuple[int, int, int], faded: bool = False,
             body: tuple[int, int, int] = (255, 255, 255)) -> None:
    """A simple side-view cow (body, spots, head, horns, legs) centred at ``at``.

    ``faded`` blends it into ``background`` so that a mark drawn over it stands out.
    """
    cx, cy = at
    s = size / 100
    fade = 0.55 if faded else 0.0
    ink = blend((25, 25, 25), background, fade)
    fill = blend(body, background, fade)
    pink = blend((240, 160, 170), background, fade)
    for lx in (-28, -14, 12, 24):  # legs
        draw.rectangle((cx + (lx - 4) * s, cy + 6 * s, cx + (lx + 4) * s, cy + 32 * s),
                       fill=ink)
    draw.rounded_rectangle((cx - 38 * s, cy - 20 * s, cx + 30 * s, cy + 16 * s),
                           radius=14 * s, fill=fill, outline=ink, width=max(2, int(3 * s)))
    draw.ellipse((cx - 24 * s, cy - 14 * s, cx - 6 * s, cy + 2 * s), fill=ink)  # spots
    draw.ellipse((cx + 6 * s, cy - 4 * s, cx + 20 * s, cy + 12 * s), fill=ink)
    draw.line([(cx - 38 * s, cy - 14 * s), (cx - 48 * s, cy + 6 * s)], fill=ink,
              width=max(2, int(3 * s)))  # tail
    draw.line([(cx + 30 * s, cy - 28 * s), (cx + 26 * s, cy - 36 * s)], fill=ink,
              width=max(2, int(3 * s)))  # horns
    draw.line([(cx + 44 * s, cy - 28 * s), (cx + 48 * s, cy - 36 * s)], fill=ink,
              width=max(2, int(3 * s)))
    draw.ellipse((cx + 24 * s, cy - 30 * s, cx + 50 * s, cy + 0 * s), fill=fill, outline=ink,
                 width=max(2, int(3 * s)))  # head
    draw.ellipse((cx + 28 * s, cy - 10 * s, cx + 52 * s, cy + 6 * s), fill=pink, outline=ink,
                 width=max(1, int(2 * s)))  # muzzle
    draw.ellipse((cx + 32 * s, cy - 22 * s, cx + 37 * s, cy - 17 * s), fill=ink)  # eye


def draw_symbol(draw: ImageDraw.ImageDraw, symbol: str, at: tuple[float, float], size: float,
                width: int) -> None:
    cx, cy = at
    half = size / 2
    colour = SYMBOL_COLOURS[symbol]
    if symbol == "x":
        draw.line([(cx - half, cy - half), (cx + half, cy + half)], fill=colour, width=width)
        draw.line([(cx - half, cy + half), (cx + half, cy - half)], fill=colour, width=width)
    else:
        draw.ellipse((cx - half, cy - half, cx + half, cy + half), outline=colour, width=width)


# -- the strip ----------------------------------------------------------------------------------
def player(names: list[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else _("Seat {n}", n=seat + 1)
    return _("{name} ({symbol})", name=name, symbol="xo"[seat])


def side_name(side: str) -> str:
    """A border meadow: "north", "east" ... (rulebook "pré nord, pré est ...")."""
    return {"north": _p("meadow", "north"), "east": _p("meadow", "east"),
            "south": _p("meadow", "south"), "west": _p("meadow", "west")}[side]


def paint_strip(strip: Strip, view: dict, names: list[str]) -> None:
    strip.block(76, lambda draw, x, y: draw_dice_and_turn(draw, view, names, x, y, strip.inner))
    last = view["last_move"]
    if view["turn_marks"] and view["current_seat"] is not None:
        before, after = slotted(_("This turn: {cells}", cells=SLOT))
        strip.line([(before, FLOOR + 2, False, MUTED),
                    (", ".join(view["turn_marks"]), FLOOR + 2, True, INK),
                    (after, FLOOR + 2, False, MUTED)],
                   swatch=("frame", HIGHLIGHT))
    elif last:
        before, after = slotted(_("Last move: {player} marked {cells}", player=SLOT,
                                  cells=", ".join(last["cells"])))
        strip.line([(before, FLOOR + 2, False, MUTED),
                    (player(names, last["seat"]), FLOOR + 2, True, INK),
                    (after, FLOOR + 2, False, INK)],
                   swatch=("frame", HIGHLIGHT))
    keys = ["meadows", "troughs", "herds"]
    if view["pro"]["enabled"]:
        keys.append("doubles")
    keys.append("total")
    headers = [GAME.score_label(k) for k in keys]
    rows = []
    for info in view["players"]:
        seat = info["seat"]
        rows.append((SYMBOL_COLOURS[info["symbol"]], player(names, seat),
                     [str(info["scores"].get(k, 0)) for k in keys],
                     view["current_seat"] == seat or seat in view["winners"]))
    strip.table(headers, rows, size=FLOOR + 4)
    leaders = view["meadow_leaders"]
    held = " · ".join(_("{side} {holder}", side=side_name(side),
                        holder="–" if leaders.get(side) is None else "xo"[leaders[side]])
                      for side in SIDES)
    before, after = slotted(_("Meadows: {held}", held=SLOT))
    strip.line([(before, FLOOR, True, INK), (held, FLOOR, False, INK), (after, FLOOR, True, INK)])
    footer = [_("free: {cows} cows, {numbers} numbers", cows=view["free_cows"],
                numbers=view["free_numbers"]),
              _("sheet {n}", n=view["sheet_number"])]
    pro = view["pro"]
    if pro["enabled"]:
        footer.append(_("pro: doubles scored at {n} cows", n=pro["threshold"]) if pro["scored"]
                      else _("pro: cows {marked}/{threshold}", marked=pro["cows_marked"],
                             threshold=pro["threshold"]))
    strip.line([(" · ".join(footer), FLOOR, False, MUTED)])


def draw_dice_and_turn(draw: ImageDraw.ImageDraw, view: dict, names: list[str], x: float,
                       y: float, width: float) -> None:
    size = 64
    if view["dice"]:
        for i, face in enumerate(view["dice"]):
            stamp(draw, die_face, (x + i * (size + 10) + size / 2, y + 4 + size / 2),
                  size / 2 + 1, face, size)
    left = x + 2 * (size + 10) + 8
    room = width - (left - x)
    if view["finished"]:
        winners = view["winners"]
        if len(winners) == 1:
            before, after = slotted(_("{winner} wins!", winner=SLOT))
            rest = length(font(26, True), before + after)
            result = before + fit(player(names, winners[0]), 26, room - rest, True) + after
        else:
            result = _("A tie: both win!")
        draw.text((left, y + 2), result, font=font(26, True), fill=(150, 30, 30))
        reason = end_reason_text(view["free_cows"], view["free_numbers"]) or ""
        draw.text((left, y + 40), fit(_("Game over: {reason}", reason=reason), FLOOR + 2, room),
                  font=font(FLOOR + 2), fill=MUTED)
        return
    seat = view["current_seat"]
    draw.text((left, y + 2), fit(_("Turn {turn}: {player}", turn=view["turn"],
                                   player=player(names, seat)), 26, room, True),
              font=font(26, True), fill=INK)
    phase = _(PHASE_TEXT[view["phase"]])
    if view["dice"] and view["dice_seat"] != seat:
        dice_seat = view["dice_seat"]
        owner = names[dice_seat] if dice_seat < len(names) else _("Seat {n}", n=dice_seat + 1)
        phase = _("{phase} · dice of {name}", phase=phase, name=owner)
    elif view["dice"]:
        phase = (_("{phase} · rerolled", phase=phase) if view["rerolled"]
                 else _("{phase} · rolled", phase=phase))
    draw.text((left, y + 40), fit(phase, FLOOR + 4, room), font=font(FLOOR + 4), fill=INK)


def die_face(draw: ImageDraw.ImageDraw, centre: tuple[float, float], face: str,
             size: int) -> None:
    """:func:`draw_die` centred."""
    draw_die(draw, face, (centre[0] - size / 2, centre[1] - size / 2), size)


def draw_die(draw: ImageDraw.ImageDraw, face: str, at: tuple[float, float], size: int) -> None:
    x, y = at
    draw.rounded_rectangle((x, y, x + size, y + size), radius=10, fill=DIE_FACE,
                           outline=INK, width=3)
    if face == "cow":
        draw_cow(draw, (x + size * 0.46, y + size * 0.56), size * 0.74, DIE_FACE,
                 body=COW_GREEN)
        return
    r = size * 0.085
    for px, py in PIPS[int(face)]:
        cx, cy = x + px * size, y + py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PIP)


# -- decision images ------------------------------------------------------------------------------
def render_decision(view: dict, names: list[str], marks: dict[str, str]) -> Image.Image | None:
    """The part of the sheet holding the ``marks``' cells, zoomed, each cell marked (its
    content stays visible), with the column letters and row numbers along its edges."""
    places = {}
    for place, text in marks.items():
        try:
            places[position_of(place)] = text
        except ValueError:
            continue
    if not places:
        return None
    boxes = [Box(c, r, c + 1, r + 1) for r, c in places]
    region = region_around(boxes, DECISION_CONTEXT, Box(0, 0, 8, 8), min_width=3, min_height=3)
    # whole cells only: a cut cell would show half a number
    region = Box(max(0, math.floor(region.left)), max(0, math.floor(region.top)),
                 min(8, math.ceil(region.right)), min(8, math.ceil(region.bottom)))
    band = LABEL_BAND
    zoom = zoom_to_fit(region, DECISION_MAX_CELL, width=800 - band, max_height=1000 - band)
    width = math.ceil(region.width * zoom) + band
    height = math.ceil(region.height * zoom) + band
    layout = Layout(zoom, band - region.left * zoom, band - region.top * zoom, min_size(width))
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = draw_on(image)
    rows = range(max(0, math.floor(region.top)), min(8, math.ceil(region.bottom)))
    cols = range(max(0, math.floor(region.left)), min(8, math.ceil(region.right)))
    draw_sheet(draw, view, layout, rows, cols)
    draw_recent(draw, view, layout)
    draw.rectangle((0, 0, width, band), fill=BACKGROUND)
    draw.rectangle((0, 0, band, height), fill=BACKGROUND)
    label_font = font(max(layout.floor, 24), True)
    for c in cols:
        draw.text((layout.x + (c + 0.5) * zoom, band / 2 + 1), COLUMNS[c], font=label_font,
                  fill=INK, anchor="mm")
    for r in rows:
        draw.text((band / 2 + 1, layout.y + (r + 0.5) * zoom), str(r + 1), font=label_font,
                  fill=INK, anchor="mm")
    size = min(2 * mark_size(width), max(layout.floor, round(zoom * 0.3)))
    for (r, c), text in places.items():
        if not view["cells"][r][c]["mark"]:
            # the cell's number or cow moves to the lower right, clear of the mark
            draw_cell(draw, view["cells"][r][c], r, c, layout, inset=1, at=(0.64, 0.6),
                      scale=0.8)
        x0, y0, x1, y1 = layout.box(r, c)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline="white", width=5)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline="#141414", width=3)
        draw_mark(draw, (x0 + size * 0.9 + 4, y0 + size * 0.9 + 4), text, size)
    return image


# -- small helpers -----------------------------------------------------------------------------
def centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def blend(colour, towards, amount: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * amount) for a, b in zip(colour, towards, strict=True))


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
    face = font(size, bold)
    if length(face, text) <= width:
        return text
    while text and length(face, text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
