"""The Hazienda board image: the hex map on the left, the table (players, cards, piles) on the right.

Built only from the view dict of ``GAME.view(state, seat)`` (see the shared Hazienda
agreements); the map layout comes from :func:`games.hazienda.maps.load_map`.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image, ImageDraw, ImageFont

from games.hazienda.maps import (
    LAND_KINDS,
    MAP_NAMES,
    HaziendaMap,
    coord_name,
    load_map,
    parse_coord,
    parse_map,
)
from renderer.fonts import font
from renderer.hex import HexGrid, Point, draw_hex, hex_corners, side_neighbour

IMAGE_SIZE = (1600, 860)
PANEL_WIDTH = 450
LABEL_MARGIN = 26  # room for the row letters / column numbers around the map

BACKGROUND = "#f7f3e8"
INK = "#2b2620"
MUTED_INK = "#7a6f5d"
GRID_LINE = "#9c8d68"
REGION_LINE = "#5b4a2c"
HIGHLIGHT = "#e5169b"  # the last turn's pieces; no player colour is magenta

KIND_FILL = {
    "pampa": "#efe2b3",
    "mountain": "#a98a70",
    "forest": "#6f9a62",
    "meadow": "#c4de8e",
    "stone": "#c9c4bc",
    "swamp": "#84aaa3",
    "water": "#a8d2f2",
    "market": "#e8b54d",
}
KIND_GLYPH_INK = {
    "mountain": "#5a4330",
    "forest": "#2f5228",
    "meadow": "#4f7a22",
    "stone": "#6b655c",
    "swamp": "#2f5a55",
}
POND_FILL = "#3d8ad6"
PENDING_POND_FILL = "#8cc0ee"  # the hexes of a pond being placed this turn
POND_WAVE = "#d6ecff"
COIN_FILL = "#f9d766"
COIN_LINE = "#8a5a00"

PLAYER_FILL = {
    "red": "#d7301f",
    "blue": "#1f5fd1",
    "yellow": "#f2c200",
    "green": "#17963a",
    "black": "#1c1c1c",
}
SPECIES_LETTER = {"cattle": "C", "horse": "H", "pig": "P", "sheep": "S"}
NEUTRAL_ANIMAL = "#7b6247"  # the face-up animal cards, which belong to nobody


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on a player colour."""
    return INK if colour == "yellow" else "white"


def render(view: dict, names: list[str]) -> Image.Image:
    hazienda_map = map_of_view(view)
    image = Image.new("RGB", IMAGE_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    grid = fit_grid(hazienda_map, IMAGE_SIZE[0] - PANEL_WIDTH, IMAGE_SIZE[1])
    MapPainter(draw, grid, hazienda_map, view).paint()
    PanelPainter(draw, (IMAGE_SIZE[0] - PANEL_WIDTH, 0), view, names, hazienda_map).paint()
    return image


def map_of_view(view: dict) -> HaziendaMap:
    """The board of the view: a named map, or the map text a view of a custom map carries."""
    if view.get("map_text"):
        return parse_map(view["map_text"])
    if view.get("map") in MAP_NAMES:
        return load_map(view["map"])
    raise ValueError(
        f"cannot draw the Hazienda map {view.get('map')!r}: it is not one of {', '.join(MAP_NAMES)}"
        " and the view carries no 'map_text'"
    )


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def fit_grid(hazienda_map: HaziendaMap, width: int, height: int) -> HexGrid:
    """The largest hex grid for the map that fits the box, labels included, centred."""
    usable_w, usable_h = width - 2 * LABEL_MARGIN, height - 2 * LABEL_MARGIN
    unit = HexGrid(1.0, (0, 0), hazienda_map.rows, hazienda_map.cols)
    size = min(usable_w / unit.width, usable_h / unit.height)
    grid = HexGrid(size, (0, 0), hazienda_map.rows, hazienda_map.cols)
    origin = ((width - grid.width) / 2, (height - grid.height) / 2)
    return HexGrid(size, origin, hazienda_map.rows, hazienda_map.cols)


# --------------------------------------------------------------------------- the map


class MapPainter:
    def __init__(
        self, draw: ImageDraw.ImageDraw, grid: HexGrid, hazienda_map: HaziendaMap, view: dict
    ):
        self.draw = draw
        self.grid = grid
        self.map = hazienda_map
        self.view = view
        self.s = grid.size
        self.pond_of = {
            coord: pond["id"] for pond in view.get("ponds", []) for coord in pond["coords"]
        }
        self.pending_pond = set((view.get("turn") or {}).get("pond_cells", []))
        self.lands: dict[str, str] = view.get("lands", {})
        self.animals: dict[str, dict] = view.get("animals", {})

    def paint(self) -> None:
        for coord, space in self.map.spaces.items():
            self.paint_space(coord, space.row, space.col, space.kind)
        self.paint_region_borders()
        for market_id, hexes in self.map.markets.items():
            self.paint_market_label(market_id, hexes)
        for coord in self.view.get("haciendas", []):
            self.paint_hacienda(self.centre(coord))
        for coord in self.view.get("harvest", []):
            self.paint_harvest_marker(self.centre(coord))
        for coord in [*self.view.get("last_turn", []), *self.pending_pond]:
            if coord in self.map.spaces:
                self.draw_outline(coord, HIGHLIGHT, max(3, round(self.s / 6)))
        self.paint_coordinate_labels()

    def centre(self, coord: str) -> Point:
        return self.grid.center(*parse_coord(coord))

    def corners(self, coord: str, shrink: float = 0.0) -> list[Point]:
        return self.grid.corners(*parse_coord(coord), shrink=shrink)

    def draw_outline(self, coord: str, colour: str, width: int) -> None:
        draw_hex(self.draw, self.corners(coord, shrink=width / 2), None, colour, width)

    # one space: background, then whatever lies on it
    def paint_space(self, coord: str, row: int, col: int, kind: str) -> None:
        corners = self.grid.corners(row, col)
        centre = self.grid.center(row, col)
        if coord in self.pond_of:
            draw_hex(self.draw, corners, POND_FILL, POND_FILL, 1)
            draw_waves(self.draw, centre, self.s, POND_WAVE)
            return
        if coord in self.pending_pond:
            draw_hex(self.draw, corners, PENDING_POND_FILL, GRID_LINE, 1)
            draw_waves(self.draw, centre, self.s, POND_FILL)
            return
        draw_hex(self.draw, corners, KIND_FILL[kind], GRID_LINE, 1)
        if coord in self.lands:
            self.paint_land_tile(coord, kind, self.lands[coord])
        elif coord in self.animals:
            animal = self.animals[coord]
            draw_animal(self.draw, centre, self.s * 0.66, animal["species"], animal["colour"])
        elif kind in LAND_KINDS:
            draw_kind_glyph(
                self.draw,
                kind,
                (centre[0], centre[1] - self.s * 0.12),
                self.s * 0.5,
                KIND_GLYPH_INK[kind],
            )
            self.paint_small_coord(coord, centre)
        elif kind == "water":
            draw_waves(self.draw, centre, self.s, POND_FILL)
        elif kind == "pampa":
            self.paint_small_coord(coord, centre, middle=True)

    def paint_land_tile(self, coord: str, kind: str, colour: str) -> None:
        """A player's land tile: the player colour inside a rim of the land kind's colour."""
        rim = max(3, round(self.s * 0.2))
        draw_hex(self.draw, self.corners(coord, shrink=1), KIND_FILL[kind])
        draw_hex(self.draw, self.corners(coord, shrink=rim), PLAYER_FILL[colour])
        if kind in LAND_KINDS:
            draw_kind_glyph(self.draw, kind, self.centre(coord), self.s * 0.5, ink_on(colour))

    def paint_small_coord(self, coord: str, centre: Point, middle: bool = False) -> None:
        size = max(8, round(self.s * 0.4))
        y = centre[1] if middle else centre[1] + self.s * 0.5
        self.draw.text((centre[0], y), coord, font=font(size), fill=MUTED_INK, anchor="mm")

    def paint_region_borders(self) -> None:
        """Thick lines around each market and each pond (several hexes read as one)."""
        regions: dict[str, str] = {
            c: f"market {s.market}" for c, s in self.map.spaces.items() if s.market
        }
        regions.update({c: f"pond {pid}" for c, pid in self.pond_of.items()})
        width = max(2, round(self.s / 10))
        for coord, region in regions.items():
            row, col = parse_coord(coord)
            corners = self.grid.corners(row, col)
            for side in range(6):
                nb_row, nb_col = side_neighbour(row, col, side)
                nb = _coord_or_none(nb_row, nb_col)
                if nb is None or regions.get(nb) != region:
                    self.draw.line(
                        [corners[side], corners[(side + 1) % 6]], fill=REGION_LINE, width=width
                    )

    def paint_market_label(self, market_id: str, hexes: tuple[str, ...]) -> None:
        """A coin with the market's id, ringed by the colours of the players who reached it."""
        points = [self.centre(c) for c in hexes]
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        conquerors = [
            p["colour"] for p in self.view.get("players", []) if market_id in p.get("markets", [])
        ]
        radius = self.s * 0.6
        ring = radius + self.s * 0.3
        share = 360 / max(1, len(conquerors))
        for i, colour in enumerate(conquerors):
            self.draw.pieslice(
                [x - ring, y - ring, x + ring, y + ring],
                -90 + i * share,
                -90 + (i + 1) * share,
                fill=PLAYER_FILL[colour],
                outline="white",
            )
        self.draw.ellipse(
            [x - radius, y - radius, x + radius, y + radius],
            fill=COIN_FILL,
            outline=COIN_LINE,
            width=2,
        )
        self.draw.text(
            (x, y), market_id, font=font(round(self.s * 0.6), True), fill=INK, anchor="mm"
        )

    def paint_hacienda(self, centre: Point) -> None:
        draw_house(self.draw, (centre[0] + self.s * 0.42, centre[1] - self.s * 0.42), self.s * 0.62)

    def paint_harvest_marker(self, centre: Point) -> None:
        draw_sheaf(self.draw, (centre[0] - self.s * 0.5, centre[1] + self.s * 0.42), self.s * 0.3)

    def paint_coordinate_labels(self) -> None:
        """Row letters left and right; column numbers on top for even rows (A, C, …) and
        at the bottom for the last row, so a shifted odd row reads its numbers there."""
        label_font = font(max(11, round(self.s * 0.55)), True)
        for row in range(self.map.rows):
            letter = chr(ord("A") + row)
            left = self.grid.center(row, 0)
            right = self.grid.center(row, self.map.cols - 1)
            self.draw.text(
                (self.grid.origin[0] - LABEL_MARGIN / 2, left[1]),
                letter,
                font=label_font,
                fill=INK,
                anchor="mm",
            )
            x_right = max(right[0], self.grid.origin[0] + self.grid.width) + LABEL_MARGIN / 2
            self.draw.text((x_right, right[1]), letter, font=label_font, fill=INK, anchor="mm")
        for row, y, anchor in (
            (0, self.grid.origin[1] - 2, "ms"),
            (self.map.rows - 1, self.grid.origin[1] + self.grid.height + 2, "mt"),
        ):
            for col in range(self.map.cols if row % 2 == 0 else self.map.cols - 1):
                x = self.grid.center(row, col)[0]
                self.draw.text((x, y), str(col + 1), font=label_font, fill=INK, anchor=anchor)


def _coord_or_none(row: int, col: int) -> str | None:
    try:
        return coord_name(row, col)
    except ValueError:
        return None


# --------------------------------------------------------------------------- glyphs


def draw_animal(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, species: str, colour: str
) -> None:
    """A round animal tile: the player colour with the species letter (C, H, P, S)."""
    x, y = centre
    draw.ellipse(
        [x - radius, y - radius, x + radius, y + radius],
        fill=PLAYER_FILL.get(colour, NEUTRAL_ANIMAL),
        outline="white",
        width=2,
    )
    letter = SPECIES_LETTER.get(species, "?")
    text_colour = ink_on(colour) if colour in PLAYER_FILL else "white"
    draw.text((x, y), letter, font=font(round(radius * 1.25), True), fill=text_colour, anchor="mm")


def draw_kind_glyph(
    draw: ImageDraw.ImageDraw, kind: str, centre: Point, size: float, ink: str
) -> None:
    """A small drawn sign per land kind, so the kinds differ by more than colour."""
    x, y = centre
    h = size / 2
    line = max(1, round(size / 9))
    if kind == "mountain":  # two peaks
        draw.polygon(
            [(x - h, y + h * 0.7), (x - h * 0.25, y - h * 0.8), (x + h * 0.4, y + h * 0.7)],
            fill=ink,
        )
        draw.polygon(
            [(x - h * 0.05, y + h * 0.7), (x + h * 0.5, y - h * 0.35), (x + h * 1.05, y + h * 0.7)],
            fill=ink,
        )
    elif kind == "forest":  # a fir tree
        draw.polygon(
            [(x, y - h), (x - h * 0.75, y + h * 0.45), (x + h * 0.75, y + h * 0.45)], fill=ink
        )
        draw.rectangle([x - h * 0.15, y + h * 0.45, x + h * 0.15, y + h * 0.9], fill=ink)
    elif kind == "meadow":  # grass tufts
        for dx in (-h * 0.7, 0, h * 0.7):
            base = (x + dx, y + h * 0.7)
            for tip in (-h * 0.35, 0, h * 0.35):
                draw.line([base, (x + dx + tip, y - h * 0.45)], fill=ink, width=line)
    elif kind == "stone":  # a heap of rocks
        for dx, dy, r in (
            (-h * 0.5, h * 0.35, h * 0.42),
            (h * 0.45, h * 0.4, h * 0.38),
            (0, -h * 0.25, h * 0.42),
        ):
            draw.ellipse([x + dx - r, y + dy - r, x + dx + r, y + dy + r], fill=ink)
    elif kind == "swamp":  # reeds over water lines
        for dx in (-h * 0.45, h * 0.1, h * 0.6):
            draw.line([(x + dx, y + h * 0.35), (x + dx, y - h * 0.8)], fill=ink, width=line)
            draw.ellipse(
                [x + dx - h * 0.14, y - h * 0.85, x + dx + h * 0.14, y - h * 0.45], fill=ink
            )
        draw.line([(x - h, y + h * 0.6), (x + h, y + h * 0.6)], fill=ink, width=line)
        draw.line([(x - h * 0.7, y + h * 0.95), (x + h * 0.7, y + h * 0.95)], fill=ink, width=line)


def draw_waves(draw: ImageDraw.ImageDraw, centre: Point, s: float, ink: str) -> None:
    x, y = centre
    width = max(1, round(s / 12))
    for dy in (-s * 0.2, s * 0.15):
        points = [
            (x - s * 0.5 + i * s * 0.125, y + dy + (s * 0.08 if i % 2 else -s * 0.08))
            for i in range(9)
        ]
        draw.line(points, fill=ink, width=width, joint="curve")


def draw_house(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A hacienda: a white house with a red roof."""
    x, y = centre
    h = size / 2
    draw.rectangle(
        [x - h * 0.75, y - h * 0.1, x + h * 0.75, y + h], fill="white", outline=INK, width=1
    )
    draw.polygon([(x - h, y), (x, y - h), (x + h, y)], fill="#b03a2e", outline=INK)
    draw.rectangle([x - h * 0.2, y + h * 0.35, x + h * 0.2, y + h], fill=INK)


def draw_sheaf(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """A harvest marker: a golden disc with a sheaf of three stalks."""
    x, y = centre
    draw.ellipse(
        [x - radius, y - radius, x + radius, y + radius], fill="#f39c12", outline=INK, width=1
    )
    r = radius * 0.7
    for dx in (-r * 0.6, 0, r * 0.6):
        draw.line([(x, y + r), (x + dx, y - r)], fill=INK, width=max(1, round(radius / 5)))
    draw.line(
        [(x - r * 0.4, y + r * 0.2), (x + r * 0.4, y + r * 0.2)],
        fill=INK,
        width=max(1, round(radius / 5)),
    )


def hex_icon(
    draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: str, outline: str = GRID_LINE
) -> None:
    draw_hex(draw, hex_corners(centre, radius), fill, outline, 1)


# --------------------------------------------------------------------------- the side panel


def fitted(
    draw: ImageDraw.ImageDraw, content: str, width: float, size: int, bold: bool = False
) -> tuple[str, ImageFont.FreeTypeFont | ImageFont.ImageFont]:
    """One line of at most ``width`` pixels: a smaller font first (down to 12), then "…"."""
    while size > 12 and draw.textlength(content, font=font(size, bold)) > width:
        size -= 1
    line_font = font(size, bold)
    while len(content) > 1 and draw.textlength(content, font=line_font) > width:
        content = content[:-2] + "…"
    return content, line_font


class PanelPainter:
    def __init__(
        self,
        draw: ImageDraw.ImageDraw,
        origin: Point,
        view: dict,
        names: list[str],
        hazienda_map: HaziendaMap,
    ):
        self.draw = draw
        self.x0, self.y = origin[0] + 14, origin[1] + 12
        self.width = PANEL_WIDTH - 28
        self.view = view
        self.names = names
        self.map = hazienda_map

    def name(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"
        return name if len(name) <= 18 else name[:17] + "…"

    def text(self, content: str, size: int = 17, bold: bool = False, fill: str = INK) -> None:
        """One line at the cursor, shrunk (then shortened) to fit the panel's width."""
        line, line_font = fitted(self.draw, content, self.width, size, bold)
        self.draw.text((self.x0, self.y), line, font=line_font, fill=fill)
        self.y += round(size * 1.3)

    def paint(self) -> None:
        self.paint_title()
        self.paint_turn()
        self.paint_players()
        if self.view.get("over"):
            self.paint_result()
        else:
            self.paint_face_up()
        self.paint_piles()
        self.paint_hand()
        self.paint_legend()

    def paint_title(self) -> None:
        variants = [
            label
            for key, label in (("variant1", "Variante I"), ("variant2", "Variante II"))
            if self.view.get(key)
        ]
        self.text("Hazienda", 26, True)
        subtitle = self.map.title + (" · " + ", ".join(variants) if variants else "")
        self.text(subtitle, 15, fill=MUTED_INK)
        self.y += 4

    def paint_turn(self) -> None:
        turn = self.view.get("turn") or {}
        if self.view.get("over"):
            winners = " & ".join(self.name(s) for s in self.view.get("winners", []))
            self.text(
                f"Game over — winner: {winners}" if winners else "Game over",
                19,
                True,
                fill="#a3124f",
            )
        elif turn.get("seat") is not None:
            seat = turn["seat"]
            actions = turn.get("actions_left")
            left = (
                f" · {actions} action{'s' if actions != 1 else ''} left"
                if actions is not None
                else ""
            )
            self.text(f"Turn: {self.name(seat)}{left}", 19, True)
        if self.view.get("scorings") and not self.view.get("over"):
            self.text("Intermediate scoring done", 14, fill=MUTED_INK)
        self.y += 4

    def paint_players(self) -> None:
        turn_seat = (self.view.get("turn") or {}).get("seat")
        for player in self.view.get("players", []):
            seat, colour = player["seat"], player["colour"]
            top = self.y
            if seat == turn_seat and not self.view.get("over"):
                self.draw.rectangle(
                    [self.x0 - 6, top - 3, self.x0 + self.width + 4, top + 47], fill="#efe4c4"
                )
            r = 13
            self.draw.ellipse(
                [self.x0, top + 2, self.x0 + 2 * r, top + 2 + 2 * r],
                fill=PLAYER_FILL[colour],
                outline=INK,
            )
            self.draw.text(
                (self.x0 + 2 * r + 8, top), self.name(seat), font=font(19, True), fill=INK
            )
            score = player.get("score", 0)
            self.draw.text(
                (self.x0 + self.width, top),
                f"{score} pts",
                font=font(19, True),
                fill=INK,
                anchor="ra",
            )
            now = self.score_now(seat)
            room = self.width - 2 * r - 8
            if now is not None and now != score:
                self.draw.text(
                    (self.x0 + self.width, top + 26),
                    f"now {now}",
                    font=font(14),
                    fill=MUTED_INK,
                    anchor="ra",
                )
                room -= 64
            markets = " ".join(player.get("markets", [])) or "—"
            money, cards = player.get("money", 0), player.get("hand_size", 0)
            details = (
                f"{colour} · {plural(money, 'peso')} · {plural(cards, 'card')} · markets {markets}"
            )
            line, line_font = fitted(self.draw, details, room, 15)
            self.draw.text((self.x0 + 2 * r + 8, top + 24), line, font=line_font, fill=MUTED_INK)
            self.y = top + 52

    def score_now(self, seat: int) -> int | None:
        """The total if the game were scored now (the view's ``scores``), during play only."""
        if self.view.get("over"):
            return None
        scores = self.view.get("scores") or {}
        breakdown = scores.get(str(seat)) or scores.get(seat)
        return breakdown.get("total") if breakdown else None

    def paint_face_up(self) -> None:
        self.y += 4
        face_up = self.view.get("face_up", {})
        self.text("Face-up land cards", 15, True)
        self.paint_card_row(face_up.get("land", []), self.paint_land_card)
        self.text("Face-up animal cards", 15, True)
        self.paint_card_row(face_up.get("animal", []), self.paint_animal_card)

    def paint_card_row(self, cards: Iterable[str], painter) -> None:
        step = self.width / 4
        for i, card in enumerate(cards):
            painter((self.x0 + step * i + step / 2, self.y + 20), card)
        self.y += 62

    def paint_land_card(self, centre: Point, kind: str) -> None:
        hex_icon(self.draw, centre, 21, KIND_FILL.get(kind, KIND_FILL["pampa"]))
        if kind in LAND_KINDS:
            draw_kind_glyph(self.draw, kind, centre, 19, KIND_GLYPH_INK[kind])
        self.draw.text((centre[0], centre[1] + 24), kind, font=font(14), fill=INK, anchor="mt")

    def paint_animal_card(self, centre: Point, species: str) -> None:
        draw_animal(self.draw, centre, 18, species, "")
        self.draw.text((centre[0], centre[1] + 24), species, font=font(14), fill=INK, anchor="mt")

    def paint_result(self) -> None:
        self.y += 4
        scores = self.view.get("scores", {})
        columns = [
            ("markets", "Mkt"),
            ("domains", "Dom"),
            ("haciendas", "Hac"),
            ("ponds", "Pond"),
            ("money", "$"),
        ]
        if self.view.get("variant1"):
            columns.append(("herds", "Herd"))
        columns.append(("total", "Total"))
        name_w = self.width - 50 * len(columns)
        self.draw.text((self.x0, self.y), "Final scoring", font=font(15, True), fill=INK)
        for i, (_, label) in enumerate(columns):
            self.draw.text(
                (self.x0 + name_w + 50 * (i + 1), self.y),
                label,
                font=font(15, True),
                fill=INK,
                anchor="ra",
            )
        self.y += 22
        for player in self.view.get("players", []):
            breakdown = scores.get(str(player["seat"])) or scores.get(player["seat"]) or {}
            bold = player["seat"] in self.view.get("winners", [])
            name, name_font = fitted(self.draw, self.name(player["seat"]), name_w + 6, 15, bold)
            self.draw.text((self.x0, self.y), name, font=name_font, fill=INK)
            for i, (key, _) in enumerate(columns):
                value = str(breakdown.get(key, 0))
                self.draw.text(
                    (self.x0 + name_w + 50 * (i + 1), self.y),
                    value,
                    font=font(15, bold),
                    fill=INK,
                    anchor="ra",
                )
            self.y += 21
        self.y += 6

    def paint_piles(self) -> None:
        piles = self.view.get("piles", {})
        ponds = piles.get("ponds", {})
        pond_text = (
            "  ".join(f"size {size}: {ponds[size]}" for size in sorted(ponds, key=int)) or "none"
        )
        self.text("Piles", 15, True)
        if piles.get("second_pile_in_use"):
            animal_piles = f"animal deck {piles.get('animal_deck', 0)} (the second pile)"
        else:
            animal_piles = (
                f"animal deck {piles.get('animal_deck', 0)}"
                f" · second pile {piles.get('animal_second_pile', 0)}"
            )
        self.text(f"Land deck {piles.get('land_deck', 0)} · {animal_piles}", 15)
        self.text(
            f"Haciendas {piles.get('haciendas', 0)} · harvest markers {piles.get('harvest', 0)}", 15
        )
        self.text(f"Ponds left — {pond_text}", 15)

    def paint_hand(self) -> None:
        private = self.view.get("private")
        if not private:
            return
        hand = private.get("hand", {})
        cards = [
            f"{kind} {n}"
            for part in ("land", "animal")
            for kind, n in sorted(hand.get(part, {}).items())
            if n
        ]
        self.y += 2
        self.text(f"Your hand ({self.name(private['seat'])})", 15, True)
        self.text(", ".join(cards) or "empty", 15)

    def paint_legend(self) -> None:
        self.y = max(self.y + 6, IMAGE_SIZE[1] - 100)
        x = self.x0
        for kind in LAND_KINDS:
            centre = (x + 13, self.y + 14)
            hex_icon(self.draw, centre, 13, KIND_FILL[kind])
            draw_kind_glyph(self.draw, kind, centre, 12, KIND_GLYPH_INK[kind])
            self.draw.text((x + 29, centre[1]), kind, font=font(13), fill=INK, anchor="lm")
            x += 29 + self.draw.textlength(kind, font=font(13)) + 10
        y = self.y + 42
        x = self.x0
        for species in SPECIES_LETTER:
            draw_animal(self.draw, (x + 11, y), 11, species, "")
            self.draw.text((x + 26, y), species, font=font(13), fill=INK, anchor="lm")
            x += 26 + self.draw.textlength(species, font=font(13)) + 12
        y += 30
        draw_house(self.draw, (self.x0 + 10, y - 2), 18)
        self.draw.text((self.x0 + 24, y), "hacienda", font=font(13), fill=INK, anchor="lm")
        draw_sheaf(self.draw, (self.x0 + 112, y), 9)
        self.draw.text((self.x0 + 126, y), "harvest", font=font(13), fill=INK, anchor="lm")
        hex_icon(self.draw, (self.x0 + 210, y), 11, POND_FILL, POND_FILL)
        self.draw.text((self.x0 + 226, y), "pond", font=font(13), fill=INK, anchor="lm")
        hex_icon(self.draw, (self.x0 + 290, y), 10, KIND_FILL["pampa"], HIGHLIGHT)
        self.draw.line(
            [*hex_corners((self.x0 + 290, y), 10), hex_corners((self.x0 + 290, y), 10)[0]],
            fill=HIGHLIGHT,
            width=3,
        )
        self.draw.text((self.x0 + 306, y), "last turn", font=font(13), fill=INK, anchor="lm")
