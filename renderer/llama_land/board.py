"""The Llama Land board image, portrait for phones: who plays, the players, then the supply.

The posted board (:func:`render`), top to bottom: the turn (or the final scores); one
block per player (name, points, crops, coins, llama cards, characters, markers and
foundations left); then the tops of the five piles, the llama-card columns and the
character row; a legend last. Each estate is a part shown on
demand (:func:`parts`, :func:`render_part`: the player's block with the estate, the
estate beside the text when it is narrow), and so are the objectives with their markers,
so that the posted board stays at most twice as tall as wide at four players (it was
up to 800 × 4,772 when it held them all).

Built only from the view (see :mod:`renderer.llama_land.table`). The image is
:data:`WIDTH` pixels wide and every text is at least :data:`MIN_TEXT` pixels, so it stays
at least 9 px tall when a phone shows the image 400 px wide.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.i18n import _, _n, _p
from games.llama_land.names import resource_name
from renderer.fonts import draw_on, font, length
from renderer.llama_land.cards import rounded_box
from renderer.llama_land.estate import (
    MIN_FONT,
    EstateGrid,
    GridFrame,
    StackCell,
    draw_estate,
    fit,
    outline_cells,
)
from renderer.llama_land.glyphs import (
    INK,
    draw_brick,
    draw_crook,
    draw_icon,
    draw_llama,
)
from renderer.llama_land.table import (
    CROP_ICON,
    CROPS,
    PLAYER_RGB,
    Character,
    Objective,
    Pile,
    Player,
    Table,
    table_of_view,
)

__all__ = ["render", "render_part", "parts", "estate_frames", "WIDTH", "MIN_TEXT"]

WIDTH = 800
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
#: The smallest text size used anywhere in the image (native pixels).
MIN_TEXT = MIN_FONT
BACKGROUND = (247, 243, 232)
CARD = (255, 253, 246)
CARD_LINE = (196, 184, 160)
MUTED = (108, 98, 84)
ACTIVE = (255, 241, 196)
CELL_MAX = 72
INFO_MIN = 340
#: The tallest an estate is drawn, by player count (taller estates get smaller cells).
#: The tallest an estate is drawn (a part of its own): a taller one gets smaller cells.
ESTATE_HEIGHT = 800
PILE_CELL = 30
FACE_CELL = 52
OBJECTIVE_BAND = {"blue": (70, 120, 200), "purple": (140, 80, 170), "gold": (196, 150, 30)}
CLOSED = (200, 196, 188)

def render(view: dict, names: list[str]) -> Image.Image:
    return paint(layout(table_of_view(view, names)))


def paint(placed: list[tuple[Section, int]]) -> Image.Image:
    last, y = placed[-1]
    image = Image.new("RGB", (WIDTH, y + last.height + last.gap), BACKGROUND)
    draw = draw_on(image)
    for section, y in placed:
        section.paint(draw, y)
    return image


def layout(table: Table) -> list[tuple[Section, int]]:
    """The sections of the posted board, top to bottom, each with the y where it starts."""
    sections: list[Section] = [Header(table)]
    if table.finished:
        sections.append(FinalScores(table))
    sections += [PlayerBlock(table, p, estate=False) for p in table.players]
    sections += [Piles(table), LlamaColumns(table), Characters(table), Legend()]
    return place(sections)


def place(sections: list[Section]) -> list[tuple[Section, int]]:
    placed, y = [], MARGIN
    for section in sections:
        placed.append((section, y))
        y += section.height + section.gap
    return placed


ESTATE_PART = "estate:"


OBJECTIVES_PART = "objectives"


def parts(view: dict, names: list[str]) -> list[tuple[str, str]]:
    """Each player's estate, once it has one (``estate:<seat>``, "Ana's estate"), and the
    objectives with their markers."""
    table = table_of_view(view, names)
    found = [(f"{ESTATE_PART}{p.seat}", _("{name}'s estate", name=p.name))
             for p in table.players if p.estate.cells]
    if table.objectives:
        found.append((OBJECTIVES_PART, _("Objectives")))
    return found


def part_layout(table: Table, part: str) -> list[tuple[Section, int]] | None:
    """The turn, then the player's block with its estate (or the objectives); None for an
    unknown part."""
    if part == OBJECTIVES_PART:
        return place([Header(table), Objectives(table)]) if table.objectives else None
    seat = part.removeprefix(ESTATE_PART)
    if not part.startswith(ESTATE_PART) or not seat.isdecimal():
        return None
    player = next((p for p in table.players if p.seat == int(seat)), None)
    if player is None or not player.estate.cells:
        return None
    return place([Header(table), PlayerBlock(table, player)])


def render_part(view: dict, names: list[str], part: str) -> Image.Image | None:
    placed = part_layout(table_of_view(view, names), part)
    return None if placed is None else paint(placed)


def estate_frames(view: dict, names: list[str]) -> dict[int, GridFrame]:
    """Where each player's estate lies on the image of its part (:func:`render_part`),
    for tests and tools."""
    table = table_of_view(view, names)
    frames = {}
    for key, _name in parts(view, names):
        for section, y in part_layout(table, key) or []:
            if isinstance(section, PlayerBlock):
                frames[section.p.seat] = section.frame(y)
    return frames


def colour_of(player: Player) -> tuple[int, int, int]:
    return PLAYER_RGB.get(player.colour, (60, 60, 60))


def disc(draw: ImageDraw.ImageDraw, at: tuple[float, float], r: float, fill, outline=INK,
         width: int = 2) -> None:
    draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), fill=fill, outline=outline,
                 width=width)


class Section:
    gap = 14
    height = 0

    def paint(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        raise NotImplementedError


# -- the turn -------------------------------------------------------------------------------------
class Header(Section):
    height = 84

    def __init__(self, table: Table) -> None:
        self.table = table

    def paint(self, draw, y):
        t = self.table
        title = _("Llama Land") + (f" · {t.variant}" if t.variant else "")
        draw.text((MARGIN, y), fit(title, 32, INNER - 150, True), font=font(32, True), fill=INK)
        if t.turn:
            draw.text((WIDTH - MARGIN, y + 6), _("Turn {n}", n=t.turn), font=font(24), fill=MUTED,
                      anchor="ra")
        y += 46
        if t.finished:
            names = " & ".join(t.player(s).name for s in t.winners) or _("nobody")
            line = fit(_n("Game over — {names} wins!", "Game over — {names} win!",
                          max(1, len(t.winners)), names=names), 26, INNER, True)
            draw.text((MARGIN, y), line, font=font(26, True), fill=(160, 30, 40))
        elif t.current is not None:
            p = t.player(t.current)
            disc(draw, (MARGIN + 13, y + 15), 12, colour_of(p))
            if t.end_triggered:
                line = (_("{name} to play — last round, {phase}", name=p.name, phase=t.phase)
                        if t.phase else _("{name} to play — last round", name=p.name))
            else:
                line = (_("{name} to play — {phase}", name=p.name, phase=t.phase) if t.phase
                        else _("{name} to play", name=p.name))
            line = fit(line, 26, INNER - 36, True)
            draw.text((MARGIN + 34, y), line, font=font(26, True), fill=INK)


class FinalScores(Section):
    ROW = 34

    def __init__(self, table: Table) -> None:
        self.table = table
        self.columns = [k for k in table.players[0].breakdown if k != "total"]
        self.height = 40 + self.ROW * len(table.players) + 8

    def paint(self, draw, y):
        t = self.table
        draw.rounded_rectangle((MARGIN - 8, y - 6, WIDTH - MARGIN + 8, y + self.height),
                               radius=10, fill=CARD, outline=CARD_LINE, width=2)
        cols = [*self.columns, "total"]
        col_w = min(96, (INNER - 200) // max(1, len(cols)))
        name_w = INNER - col_w * len(cols)
        for i, key in enumerate(cols):
            x = MARGIN + name_w + col_w * (i + 1) - 6
            draw.text((x, y + 4), fit(short_heading(key), MIN_TEXT, col_w - 4, True),
                      font=font(MIN_TEXT, True), fill=MUTED, anchor="ra")
        y += 40
        ranked = sorted(t.players, key=lambda p: -(p.breakdown.get("total", 0)))
        for p in ranked:
            bold = p.seat in t.winners
            disc(draw, (MARGIN + 10, y + 13), 9, colour_of(p))
            draw.text((MARGIN + 26, y), fit(p.name, 24, name_w - 30, bold),
                      font=font(24, bold), fill=INK)
            for i, key in enumerate(cols):
                x = MARGIN + name_w + col_w * (i + 1) - 6
                draw.text((x, y), str(p.breakdown.get(key, 0)), font=font(24, key == "total"),
                          fill=INK, anchor="ra")
            y += self.ROW


def short_heading(key: str) -> str:
    """A score category in a narrow column head."""
    return {"llamas": _p("score column", "llamas"), "llama_cards": _p("score column", "llamas"),
            "crops": _p("score column", "crops"), "coins": _p("score column", "coins"),
            "objectives": _p("score column", "goals"),
            "total": _p("score column", "total")}.get(key, key.replace("_", " "))


# -- one player ------------------------------------------------------------------------------------
class PlayerBlock(Section):
    HEAD = 44
    LINE = 36

    def __init__(self, table: Table, player: Player, estate: bool = True) -> None:
        self.table = table
        self.p = player
        self.faces: dict[str, list[list[str]]] | None = None
        #: the posted board's block: the stock on the head line, no estate
        self.compact = not estate
        self.with_estate = estate and bool(player.estate.cells)
        if not player.estate.cells:
            self.layout_without_estate()
            return
        if not estate:  # the posted board: the player's lines, the estate on demand
            self.info_x, self.info_w = MARGIN, INNER
            self.info = self.info_lines(compact=True)
            self.rows = self.cols = 0
            self.height = self.HEAD + self.LINE * len(self.info) + 2
            return
        self.compact = False
        top, left, bottom, right = player.estate.bounds()
        self.rows, self.cols = bottom - top + 1, right - left + 1
        self.top, self.left = top, left
        # A very wide or tall estate gets smaller cells (below NUMBER_CELL without their
        # numbers) rather than an image that a phone would shrink, text and all.
        tallest = ESTATE_HEIGHT
        self.cell = min(CELL_MAX, INNER // self.cols, tallest // self.rows)
        beside = self.cols * self.cell + 16 + INFO_MIN <= INNER
        if beside:
            self.info_x = MARGIN + self.cols * self.cell + 16
        else:
            self.info_x = MARGIN
        self.info_w = WIDTH - MARGIN - self.info_x
        self.info = self.info_lines()
        info_h = self.LINE * len(self.info)
        grid_h = self.rows * self.cell
        if beside:
            self.estate_y = self.HEAD
            self.height = self.HEAD + max(grid_h, info_h) + 6
        else:
            self.estate_y = self.HEAD + info_h + 4
            self.height = self.estate_y + grid_h + 6

    def frame(self, y: int) -> GridFrame:
        return GridFrame(MARGIN, y + self.estate_y, self.cell, self.top, self.left)

    def layout_without_estate(self) -> None:
        """Set-up: no estate yet. The player choosing a side sees both faces of their board."""
        self.info_x, self.info_w = MARGIN, INNER
        self.compact = True
        self.info = self.info_lines(compact=True)
        self.rows = self.cols = 0
        self.estate_y = self.HEAD + self.LINE * len(self.info) + 4
        if self.table.start_faces and self.table.current == self.p.seat:
            self.faces = self.table.start_faces
            self.height = self.estate_y + 34 + 4 * FACE_CELL + 10
        else:
            self.info.append([("muted", _("Start board: its side is not chosen yet."))])
            self.height = self.estate_y + self.LINE

    def paint_faces(self, draw, y: float) -> None:
        assert self.faces is not None
        x = MARGIN
        for side, rows in sorted(self.faces.items()):
            draw.text((x, y), _("Side {side}", side=side), font=font(22, True), fill=INK)
            grid = EstateGrid({(r, c): StackCell(1, icon) for r, row in enumerate(rows)
                               for c, icon in enumerate(row)})
            frame = GridFrame(x, y + 32, FACE_CELL, 0, 0)
            draw_estate(draw, grid, frame, len(rows), len(rows[0]) if rows else 0)
            x += 4 * FACE_CELL + 40

    def head_stock(self) -> list[tuple[str, object]]:
        """The crops, coins, foundations and markers left, for the head line."""
        p = self.p
        stock: list[tuple[str, object]] = []
        for crop in CROPS:
            stock += [("icon", CROP_ICON[crop]), ("text", f"{p.crops.get(crop, 0)} ")]
        stock += [("icon", "$"), ("text", f"{p.coins}  "), ("brick", None),
                  ("text", f"{p.foundations_left} ")]
        if p.markers_left is not None:
            stock += [("marker", p.colour), ("text", str(p.markers_left))]
        return stock

    def info_lines(self, compact: bool = False) -> list[list[tuple[str, object]]]:
        """Lines of (kind, value) pieces: ("icon", letter), ("text", str), ("brick", None)…
        ``compact``: the llama cards and characters only, on one line (wrapped when they
        do not fit); the crops, coins, foundations and markers go on the head line
        (:meth:`head_stock`)."""
        p = self.p
        lines: list[list[tuple[str, object]]] = []
        stock: list[tuple[str, object]] = []
        for crop in CROPS:
            stock += [("icon", CROP_ICON[crop]), ("text", f"{p.crops.get(crop, 0)}  ")]
        stock += [("icon", "$"), ("text", f"{p.coins}")]
        if compact:  # (the crops, coins, foundations and markers go on the head line)
            rest: list[tuple[str, object]] = [("text", _("Llama cards") + " ")]
            owned = [(crop, p.llama_cards.get(crop, [])) for crop in CROPS]
            if any(values for _, values in owned):
                for crop, values in owned:
                    if values:
                        rest += [("icon", CROP_ICON[crop]),
                                 ("text", " ".join(str(v) for v in values) + "  ")]
            else:
                rest.append(("muted", _p("llama cards", "none yet") + "  "))
            rest.append(("text", "  " + _("Characters:") + " "))
            if not p.characters:
                rest.append(("muted", _("none")))
            for i, ch in enumerate(p.characters):
                rest += character_pieces(ch)
                if ch.used:
                    rest.append(("muted", " " + _("(used)")))
                if i < len(p.characters) - 1:
                    rest.append(("text", ", "))
            lines.extend(wrap(rest, self.info_w))
            return lines
        lines.append(stock)
        cards: list[tuple[str, object]] = [("text", _("Llama cards") + " ")]
        owned = [(crop, p.llama_cards.get(crop, [])) for crop in CROPS]
        if any(values for _, values in owned):
            for crop, values in owned:
                if values:
                    cards += [("icon", CROP_ICON[crop]),
                              ("text", " ".join(str(v) for v in values) + "  ")]
        else:
            cards.append(("muted", _p("llama cards", "none yet")))
        lines.extend(wrap(cards, self.info_w))
        left: list[tuple[str, object]] = [("brick", None), ("text", f"{p.foundations_left}  ")]
        if p.markers_left is not None:
            left += [("marker", p.colour), ("text", _n("{n} marker left", "{n} markers left",
                                                        p.markers_left))]
        lines.append(left)
        pieces: list[tuple[str, object]] = [("text", _("Characters:") + " ")]
        if not p.characters:
            pieces.append(("muted", _("none")))
        for i, ch in enumerate(p.characters):
            pieces += character_pieces(ch)
            if ch.used:
                pieces.append(("muted", " " + _("(used)")))
            if i < len(p.characters) - 1:
                pieces.append(("text", ", "))
        lines.extend(wrap(pieces, self.info_w))
        return lines

    def paint(self, draw, y):
        p, t = self.p, self.table
        colour = colour_of(p)
        active = t.current == p.seat and not t.finished
        won = t.finished and p.seat in t.winners
        hole = None  # the estate covers its window: no need to fill the card under it
        if self.with_estate:
            frame = self.frame(y)
            hole = (frame.x, frame.y, frame.x + self.cols * self.cell,
                    frame.y + self.rows * self.cell)
        fill = ACTIVE if active or won else CARD
        rounded_box(draw, (MARGIN - 10, y - 6, WIDTH - MARGIN + 10, y + self.height), 12,
                    fill, colour, 4 if active else 2, hole=hole)
        disc(draw, (MARGIN + 13, y + 17), 12, colour)
        x = MARGIN + 34
        name = fit(p.name, 26, 210 if self.compact else INNER - 240, True)
        draw.text((x, y + 2), name, font=font(26, True), fill=INK)
        x += length(font(26, True), name) + 14
        if p.crook:
            draw_crook(draw, (x + 10, y + 18), 30)
            x += 28
        if self.compact:
            draw_pieces(draw, self.head_stock(), max(x, MARGIN + 250), y + 4, INNER)
        elif active:
            draw.text((x, y + 6), _("to play"), font=font(22), fill=MUTED)
        if p.score is not None:
            draw.text((WIDTH - MARGIN, y), _("{n} pts", n=p.score), font=font(28, True), fill=colour,
                      anchor="ra")
        iy = y + self.HEAD
        for line in self.info:
            draw_pieces(draw, line, self.info_x, iy, self.info_w)
            iy += self.LINE
        if not self.with_estate:
            if self.faces:
                self.paint_faces(draw, y + self.estate_y)
            return
        frame = self.frame(y)
        draw_estate(draw, p.estate, frame, self.rows, self.cols)
        if p.outlined:
            outline_cells(draw, frame, p.outlined, colour, max(5, self.cell // 11))


def character_pieces(ch: Character) -> list[tuple[str, object]]:
    """A character as a title and its crops' icons: "Trader (corn) ↔ (cacao)"."""
    pieces: list[tuple[str, object]] = [("text", ch.title + (" " if ch.crops else ""))]
    for k, crop in enumerate(ch.crops):
        if k:
            pieces.append(("text", "↔"))
        pieces.append(("icon", CROP_ICON.get(crop, "-")))
    return pieces


def wrap(pieces: list[tuple[str, object]], width: float) -> list[list[tuple[str, object]]]:
    """Break a line of pieces into lines no wider than ``width`` (text pieces split at spaces)."""
    lines: list[list[tuple[str, object]]] = [[]]
    used = 0.0
    for kind, value in pieces:
        if kind in ("text", "muted"):
            words = str(value).split(" ")
            for i, word in enumerate(words):
                token = word + (" " if i < len(words) - 1 else "")
                w = length(font(22), token)
                if used + w > width and lines[-1]:
                    lines.append([])
                    used = 0.0
                lines[-1].append((kind, token))
                used += w
        else:
            w = piece_width(kind, value)
            if used + w > width and lines[-1]:
                lines.append([])
                used = 0.0
            lines[-1].append((kind, value))
            used += w
    return lines


def piece_width(kind: str, value: object) -> float:
    if kind in ("text", "muted"):
        return length(font(22), str(value))
    return 34


def draw_pieces(draw, pieces, x: float, y: float, width: float) -> None:
    for kind, value in pieces:
        if kind == "text":
            draw.text((x, y + 2), str(value), font=font(22), fill=INK)
        elif kind == "muted":
            draw.text((x, y + 2), str(value), font=font(22), fill=MUTED)
        elif kind == "icon":
            draw_icon(draw, str(value), (x + 15, y + 15), 30)
        elif kind == "brick":
            draw_brick(draw, (x + 3, y + 3, x + 27, y + 27))
        elif kind == "llama":
            draw_llama(draw, (x + 15, y + 16), 28)
        elif kind == "marker":
            disc(draw, (x + 14, y + 15), 11, PLAYER_RGB.get(str(value), MUTED))
        x += piece_width(kind, value)


# -- the supply --------------------------------------------------------------------------------
class Piles(Section):
    def __init__(self, table: Table) -> None:
        self.piles = table.piles
        self.tiles_left = table.tiles_left
        self.height = 34 + 3 * PILE_CELL + 34

    def paint(self, draw, y):
        title = _("Tops of the piles")
        if self.tiles_left is not None:
            title = _n("Tops of the piles ({n} tile left)", "Tops of the piles ({n} tiles left)",
                       self.tiles_left)
        draw.text((MARGIN, y), title, font=font(22, True), fill=INK)
        slot = INNER / 5
        for i, pile in enumerate(self.piles):
            x = MARGIN + slot * i
            draw_pile(draw, pile, x + slot / 2, y + 34, slot)


def draw_pile(draw, pile: Pile, centre_x: float, y: float, slot: float) -> None:
    if pile.count and pile.shape:
        cells = lay_flat(pile.shape)
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        s = min(PILE_CELL, (slot - 10) / cols)
        x0 = centre_x - cols * s / 2
        y0 = y + (3 * PILE_CELL - rows * s) / 2
        for (r, c), icon in zip(cells, pile.icons, strict=False):
            box = (x0 + c * s, y0 + r * s, x0 + (c + 1) * s, y0 + (r + 1) * s)
            draw.rectangle(box, fill=(222, 238, 186), outline=INK, width=2)
            if icon not in ("-", ""):
                draw_icon(draw, icon, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), s * 0.86)
    else:
        draw.text((centre_x, y + 1.5 * PILE_CELL), _("empty"), font=font(MIN_TEXT), fill=MUTED,
                  anchor="mm")
    draw.text((centre_x, y + 3 * PILE_CELL + 4), _("{n} left", n=pile.count), font=font(MIN_TEXT),
              fill=MUTED, anchor="ma")


def lay_flat(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells moved to (0, 0), turned a quarter when the shape is taller than wide."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    if max(rows) - min(rows) > max(cols) - min(cols):
        cells = [(c, -r) for r, c in cells]
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
    return [(r - min(rows), c - min(cols)) for r, c in cells]


class LlamaColumns(Section):
    ROW = 36

    def __init__(self, table: Table) -> None:
        self.columns = table.llama_columns
        self.supply = table.supply
        self.height = 34 + self.ROW * (len(CROPS) + (1 if self.supply else 0))

    def paint(self, draw: ImageDraw.ImageDraw, y: int) -> None:
        draw.text((MARGIN, y), _("Llama cards (the highest is taken next)"), font=font(22, True),
                  fill=INK)
        y += 34
        for crop in CROPS:
            values = self.columns.get(crop, [])
            draw_icon(draw, CROP_ICON[crop], (MARGIN + 15, y + 15), 30)
            x: float = MARGIN + 40
            if not values:
                draw.text((x, y + 2), _("all taken"), font=font(22), fill=MUTED)
            for i, value in enumerate(values):
                text = str(value)
                face = font(24 if i == 0 else 22, i == 0)
                draw.text((x, y + (0 if i == 0 else 2)), text, font=face,
                          fill=INK if i == 0 else MUTED)
                x += length(face, text) + 12
                if x > WIDTH - MARGIN - 30:
                    break
            y += self.ROW
        if self.supply:
            pieces: list[tuple[str, object]] = [("text", _("Supply:") + " ")]
            for crop in CROPS:
                pieces += [("icon", CROP_ICON[crop]), ("text", f"{self.supply.get(crop, 0)}  ")]
            pieces += [("icon", "$"), ("text", f"{self.supply.get('coins', 0)}  "),
                       ("llama", None), ("text", f"{self.supply.get('llamas', 0)}")]
            draw_pieces(draw, pieces, MARGIN, y, INNER)


class Characters(Section):
    BOX_H = 66

    def __init__(self, table: Table) -> None:
        self.row = table.character_row
        self.deck = table.character_deck
        self.per_line = 2
        lines = max(1, -(-len(self.row) // self.per_line))
        self.height = 34 + lines * (self.BOX_H + 8)

    def paint(self, draw, y):
        draw.text((MARGIN, y), _("Characters in the row (deck: {n})", n=self.deck),
                  font=font(22, True), fill=INK)
        y += 34
        w = (INNER - 8 * (self.per_line - 1)) / self.per_line
        for i, ch in enumerate(self.row):
            x = MARGIN + (i % self.per_line) * (w + 8)
            top = y + (i // self.per_line) * (self.BOX_H + 8)
            paint_character(draw, x, top, tuple(character_pieces(ch)), ch.effect, w,
                            self.BOX_H)


def paint_character(draw, x: float, top: float, pieces: tuple, effect: str, w: float,
                    height: float) -> None:
    """A character's card (its title, its crops and what it does), ``w`` × ``height``."""
    draw.rounded_rectangle((x, top, x + w, top + height), radius=8, fill=CARD,
                           outline=CARD_LINE, width=2)
    draw_pieces(draw, pieces, x + 8, top + 2, w - 16)
    draw.text((x + 8, top + 36), fit(effect, MIN_TEXT, w - 16), font=font(MIN_TEXT),
              fill=MUTED)


class Objectives(Section):
    BOX_H = 100
    DISCS_W = 150

    def __init__(self, table: Table) -> None:
        self.table = table
        self.cards = table.objectives
        self.per_line = 2
        lines = -(-len(self.cards) // self.per_line)
        self.height = (34 + lines * (self.BOX_H + 8)) if self.cards else 0
        self.gap = 14 if self.cards else 0

    def paint(self, draw, y):
        if not self.cards:
            return
        draw.text((MARGIN, y), _("Objectives (points at the end if the goal holds)"),
                  font=font(22, True), fill=INK)
        y += 34
        w = (INNER - 8 * (self.per_line - 1)) / self.per_line
        for i, card in enumerate(self.cards):
            x = MARGIN + (i % self.per_line) * (w + 8)
            top = y + (i // self.per_line) * (self.BOX_H + 8)
            self.paint_card(draw, card, x, top, w)

    def paint_card(self, draw, card: Objective, x: float, top: float, w: float) -> None:
        band = OBJECTIVE_BAND.get(card.colour, MUTED)
        paint_objective_face(draw, x, top, card.name, card.text, band, w, self.BOX_H,
                             w - self.DISCS_W - 8)
        n = len(card.spaces)
        if not n:
            return
        r = 20
        step = 2 * r + 6
        sx = x + w - 8 - r - step * (n - 1)
        cy = top + 32 + (self.BOX_H - 32) / 2
        for k, space in enumerate(card.spaces):
            at = (sx + k * step, cy)
            if space.closed:
                disc(draw, at, r, CLOSED, outline=(150, 146, 140))
                draw.line([(at[0] - r * 0.5, cy - r * 0.5), (at[0] + r * 0.5, cy + r * 0.5)],
                          fill=(120, 116, 110), width=3)
                continue
            if space.seat is not None:
                owner = self.table.player(space.seat)
                disc(draw, at, r, colour_of(owner), width=2)
                ink = INK if owner.colour in ("yellow", "white") else (255, 255, 255)
            else:
                disc(draw, at, r, (255, 255, 255), outline=band, width=3)
                ink = INK
            draw.text(at, str(space.points), font=font(MIN_TEXT, True), fill=ink, anchor="mm")


def paint_objective_face(draw, x: float, top: float, name: str, text: str, band, w: float,
                         height: float, text_w: float) -> None:
    """An objective card without its markers: its name on a band of its colour, its goal
    on two lines at most, ``text_w`` wide."""
    draw.rounded_rectangle((x, top, x + w, top + height), radius=8, fill=CARD,
                           outline=band, width=3)
    draw.rounded_rectangle((x, top, x + w, top + 32), radius=8, fill=band)
    draw.rectangle((x, top + 20, x + w, top + 32), fill=band)
    draw.text((x + 8, top + 3), fit(name, 22, w - 16, True), font=font(22, True),
              fill=(255, 255, 255))
    for k, line in enumerate(two_lines(text, text_w)):
        draw.text((x + 8, top + 40 + k * 26), line, font=font(MIN_TEXT), fill=INK)


def two_lines(text: str, width: float) -> list[str]:
    """``text`` on at most two lines of ``width`` pixels (the second cut with "…")."""
    face = font(MIN_TEXT)
    words = text.split()
    first = ""
    while words and length(face, (first + " " + words[0]).strip()) <= width:
        first = (first + " " + words.pop(0)).strip()
    if not first:
        return [fit(text, MIN_TEXT, width)]
    rest = " ".join(words)
    return [first, fit(rest, MIN_TEXT, width)] if rest else [first]


class Legend(Section):
    height = 72
    ITEMS = (("c", "corn"), ("k", "cacao"), ("p", "potato"), ("$", "coin"), ("h", "hut"),
             ("L", "llama"), ("brick", "foundation"))

    @staticmethod
    def word(name: str) -> str:
        if name == "llama":
            return _p("legend", "llama")
        if name == "foundation":
            return _p("legend", "foundation")
        return resource_name(name)

    def paint(self, draw, y):
        x = MARGIN
        for key, name in self.ITEMS:
            word = self.word(name)
            w = 34 + length(font(MIN_TEXT), word) + 14
            if x + w > WIDTH - MARGIN:
                x, y = MARGIN, y + 36
            if key == "brick":
                draw_brick(draw, (x + 3, y + 3, x + 27, y + 27))
            elif key == "L":
                draw_llama(draw, (x + 15, y + 16), 28)
            else:
                draw_icon(draw, key, (x + 15, y + 15), 30)
            draw.text((x + 34, y + 15), word, font=font(MIN_TEXT), fill=INK, anchor="lm")
            x += w
