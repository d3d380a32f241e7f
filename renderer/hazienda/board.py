"""The Hazienda board image: the hex map above, a compact score strip below (phone first).

Built only from the view dict of ``GAME.view(state, seat)``; the map layout comes from
:func:`games.hazienda.maps.load_map`. The empty map (terrain, markets, edge labels) is
drawn once per map and reused (:func:`static_layer`); each render copies it and draws
the pieces and the strip. :func:`render_decision` draws the region of a decision's places,
zoomed, each place with the mark of its option (see :mod:`renderer.marks`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import lru_cache

from PIL import Image, ImageDraw

from games.hazienda.maps import (
    LAND_KINDS,
    MAP_NAMES,
    HaziendaMap,
    coord_name,
    hex_neighbours,
    load_map,
    parse_coord,
    parse_map,
)
from games.hazienda.names import card_name, colour_name
from games.i18n import _, _n, _p
from renderer import MAX_PAGES
from renderer.fonts import draw_on, font, min_size, note, recording
from renderer.hex import SQRT3, HexGrid, Point, draw_hex, hex_corners, side_neighbour
from renderer.marks import (
    DECISION_WIDTH,
    PLACE_OUTLINE,
    Box,
    Edge,
    draw_mark,
    mark_extent,
    mark_size,
    outline_cells,
    region_around,
    zoom_to_fit,
)
from renderer.sprites import stamp
from renderer.strip import SLOT, Strip, slotted

#: the board image's width; its height follows the map and the number of players
WIDTH = 800
#: the smallest font size on the board (9 px on a 400 px wide phone)
FLOOR = min_size(WIDTH)
LABEL_MARGIN = 24  # room for the row letters / column numbers around the map

BACKGROUND = "#f7f3e8"
INK = "#2b2620"
MUTED_INK = "#6b604e"
GRID_LINE = "#a89a7a"
REGION_LINE = "#5b4a2c"

# Terrains are light and soft, players saturated or dark: every player colour is at least
# renderer.colours.DISTINCT (CIEDE2000) from every terrain (tests/renderer/test_colours.py).
KIND_FILL = {
    "pampa": "#f0e9d2",
    "mountain": "#c2a48c",
    "forest": "#8fb39a",
    "meadow": "#d4e8a6",
    "stone": "#c4c4c4",
    "swamp": "#a3c4c9",
    "water": "#b7dcf5",
    "market": "#e6c3e0",
}
KIND_GLYPH_INK = {
    "mountain": "#6e5440",
    "forest": "#3d6b4b",
    "meadow": "#6a8a2e",
    "stone": "#77736d",
    "swamp": "#3f6d73",
}
POND_FILL = "#4fa3d9"
PENDING_POND_FILL = "#a9cdef"  # the hexes of a pond being placed this turn
POND_WAVE = "#e3f2ff"
COIN_FILL = "#ffffff"
COIN_LINE = "#7a4b73"

PLAYER_FILL = {
    "red": "#d42a1c",
    "blue": "#1f4fbf",
    "yellow": "#f7c600",
    "green": "#0d7a35",
    "black": "#1c1c1c",
}
NEUTRAL_ANIMAL = "#7b6247"  # the face-up animal cards, which belong to nobody

#: decision images: the largest hex (centre to corner, px) and the context around places
DECISION_MAX_HEX = 46
DECISION_CONTEXT = 1.2  # in hex sizes
#: the zooms (px per hex size) decision images are drawn at, largest first, 10 % apart:
#: a few fixed zooms let each image cut its region from one drawing of the empty map
DECISION_ZOOMS = tuple(round(DECISION_MAX_HEX * 0.9 ** step, 2) for step in range(12))


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on a player colour."""
    return INK if colour == "yellow" else "white"


def render(view: dict, names: list[str]) -> Image.Image:
    hazienda_map = map_of_view(view)
    layer, grid, sizes = static_layer(view.get("map", ""), view.get("map_text") or "")
    note(sizes)
    strip = Strip(WIDTH, BACKGROUND)
    ScorePainter(strip, view, names, hazienda_map).paint()
    image = Image.new("RGB", (WIDTH, layer.height + strip.total_height), BACKGROUND)
    image.paste(layer, (0, 0))
    draw = draw_on(image)
    pieces = PiecePainter(draw, grid, hazienda_map, view)
    pieces.paint()
    pieces.paint_turn_outlines()
    strip.paint_on(draw, (0, layer.height))
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


@lru_cache(maxsize=8)
def static_layer(map_name: str, map_text: str) -> tuple[Image.Image, HexGrid, list]:
    """The empty map, drawn once per map: terrain, markets and the edge labels.

    Returns the image (never drawn on: callers paste it), its grid and the text sizes it
    was drawn with (replayed with :func:`renderer.fonts.note` on every use).
    """
    hazienda_map = map_of_view({"map": map_name, "map_text": map_text})
    unit = HexGrid(1.0, (0, 0), hazienda_map.rows, hazienda_map.cols)
    size = (WIDTH - 2 * LABEL_MARGIN) / unit.width
    grid = HexGrid(size, (LABEL_MARGIN, LABEL_MARGIN), hazienda_map.rows, hazienda_map.cols)
    height = math.ceil(grid.height + 2 * LABEL_MARGIN)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = draw_on(image)
    with recording() as log:
        terrain = TerrainPainter(draw, grid, hazienda_map)
        terrain.paint(hazienda_map.spaces)
        terrain.paint_edge_labels()
    return image, grid, log.sizes


def species_letter(species: str) -> str:
    """The letter on an animal tile, the initial of its name in the active language."""
    if species == "cattle":
        return _p("species letter", "C")
    if species == "horse":
        return _p("species letter", "H")
    if species == "pig":
        return _p("species letter", "P")
    if species == "sheep":
        return _p("species letter", "S")
    return "?"


def map_title(hazienda_map: HaziendaMap) -> str:
    """The name of a printed board side; a scenario board's own title as it is written."""
    return {"symmetric": _("Symmetric map (dog-bone)"),
            "asymmetric": _("Asymmetric map (chewed bone)")}.get(hazienda_map.name,
                                                                hazienda_map.title)


def _coord_or_none(row: int, col: int) -> str | None:
    try:
        return coord_name(row, col)
    except ValueError:
        return None


# --------------------------------------------------------------------------- the map


class TerrainPainter:
    """The map without pieces: hexes, land glyphs, water, markets and their coins."""

    def __init__(self, draw: ImageDraw.ImageDraw, grid: HexGrid, hazienda_map: HaziendaMap,
                 floor: int = FLOOR):
        self.draw = draw
        self.grid = grid
        self.map = hazienda_map
        self.s = grid.size
        self.floor = floor  # the smallest font size on this canvas

    def paint(self, coords) -> None:
        for coord in coords:
            space = self.map.spaces[coord]
            corners = self.grid.corners(space.row, space.col)
            centre = self.grid.center(space.row, space.col)
            draw_hex(self.draw, corners, KIND_FILL[space.kind], GRID_LINE, 1)
            if space.kind in LAND_KINDS:
                draw_kind_glyph(self.draw, space.kind, centre, self.s * 0.75,
                                KIND_GLYPH_INK[space.kind])
            elif space.kind == "water":
                draw_waves(self.draw, centre, self.s, POND_FILL)
        self.paint_market_borders()
        for market_id, hexes in self.map.markets.items():
            paint_coin(self.draw, self.grid, market_id, hexes, [], self.floor)

    def paint_market_borders(self) -> None:
        regions = {c: s.market for c, s in self.map.spaces.items() if s.market}
        paint_region_borders(self.draw, self.grid, regions, max(2, round(self.s / 8)))

    def paint_edge_labels(self) -> None:
        """Row letters left and right; column numbers on top for even rows (A, C, …) and
        at the bottom for the last row, so a shifted odd row reads its numbers there."""
        label_font = font(max(FLOOR, round(self.s * 0.9)), True)
        grid = self.grid
        for row in range(self.map.rows):
            letter = chr(ord("A") + row)
            y = grid.center(row, 0)[1]
            self.draw.text((grid.origin[0] - LABEL_MARGIN / 2 + 1, y), letter,
                           font=label_font, fill=INK, anchor="mm")
            self.draw.text((grid.origin[0] + grid.width + LABEL_MARGIN / 2 - 1, y), letter,
                           font=label_font, fill=INK, anchor="mm")
        number_font = font(max(FLOOR, round(self.s * 0.9)), True, condensed=True)
        for row, y, anchor in (
            (0, grid.origin[1] - 1, "ms"),
            (self.map.rows - 1, grid.origin[1] + grid.height + 1, "mt"),
        ):
            for col in range(self.map.cols):
                x = grid.center(row, col)[0]
                self.draw.text((x, y), str(col + 1), font=number_font, fill=INK, anchor=anchor)


def paint_region_borders(draw: ImageDraw.ImageDraw, grid: HexGrid, regions: Mapping[str, object],
                         width: int) -> None:
    """Thick lines around each region (a market, a pond): several hexes read as one."""
    for coord, region in regions.items():
        row, col = parse_coord(coord)
        corners = grid.corners(row, col)
        for side in range(6):
            nb = _coord_or_none(*side_neighbour(row, col, side))
            if nb is None or regions.get(nb) != region:
                draw.line([corners[side], corners[(side + 1) % 6]], fill=REGION_LINE, width=width)


def paint_coin(draw: ImageDraw.ImageDraw, grid: HexGrid, market_id: str, hexes, conquerors,
               floor: int) -> None:
    """A coin with the market's id, ringed by the colours of the players who reached it."""
    coin(draw, coin_centre(grid, hexes), grid.size, market_id, conquerors, floor)


def coin_centre(grid: HexGrid, hexes) -> Point:
    """Where a market's coin lies: amid its hexes."""
    points = [grid.center(*position(c)) for c in hexes]
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def coin_reach(s: float) -> float:
    """How far a coin (with its ring) reaches from its centre on hexes of size ``s``."""
    return s * 0.72 + max(4, s * 0.3) + 1


def coin(draw: ImageDraw.ImageDraw, centre: Point, s: float, market_id: str, conquerors,
         floor: int) -> None:
    """:func:`paint_coin` at ``centre`` on hexes of size ``s``."""
    x, y = centre
    radius = s * 0.72
    ring = radius + max(4, s * 0.3)
    share = 360 / max(1, len(conquerors))
    for i, colour in enumerate(conquerors):
        draw.pieslice([x - ring, y - ring, x + ring, y + ring], -90 + i * share,
                      -90 + (i + 1) * share, fill=PLAYER_FILL[colour], outline="white")
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=COIN_FILL,
                 outline=COIN_LINE, width=2)
    size = max(floor, round(s * 0.8))
    draw.text((x, y), market_id, font=font(size, True, condensed=True), fill=INK, anchor="mm")


class PiecePainter:
    """What lies on the map: ponds, lands, animals, haciendas, harvest markers, markets
    reached, and the outlines of the last turn's changes."""

    def __init__(self, draw: ImageDraw.ImageDraw, grid: HexGrid, hazienda_map: HaziendaMap,
                 view: dict, only: set[str] | None = None, floor: int = FLOOR):
        self.draw = draw
        self.floor = floor
        self.grid = grid
        self.map = hazienda_map
        self.view = view
        self.s = grid.size
        self.only = only  # draw only these spaces (a decision image's region)
        self.pond_of = {
            coord: pond["id"] for pond in view.get("ponds", []) for coord in pond["coords"]
        }
        self.pending_pond = set((view.get("turn") or {}).get("pond_cells", []))
        self.lands: dict[str, str] = view.get("lands", {})
        self.animals: dict[str, dict] = view.get("animals", {})
        self.colour_of_seat = {p["seat"]: p["colour"] for p in view.get("players", [])}

    def visible(self, coord: str) -> bool:
        return coord in self.map.spaces and (self.only is None or coord in self.only)

    def centre(self, coord: str) -> Point:
        return hex_centre(self.grid, coord)

    def corners(self, coord: str, shrink: float = 0.0) -> list[Point]:
        return self.grid.corners(*position(coord), shrink=shrink)

    def paint(self) -> None:
        for coord in [*self.pond_of, *self.pending_pond]:
            if self.visible(coord):
                self.paint_pond(coord, pending=coord not in self.pond_of)
        sizes = Counter(self.pond_of.values())
        pond_regions = {c: pid for c, pid in self.pond_of.items() if sizes[pid] > 1}
        paint_region_borders(self.draw, self.grid, pond_regions, max(2, round(self.s / 8)))
        for coord, colour in self.lands.items():
            if self.visible(coord):
                self.paint_land_tile(coord, self.map.spaces[coord].kind, colour)
        for coord, animal in self.animals.items():
            if self.visible(coord):
                self.paint_animal(coord, animal)
        for coord in self.view.get("haciendas", []):
            if self.visible(coord):
                self.paint_hacienda(self.centre(coord))
        for coord in self.view.get("harvest", []):
            if self.visible(coord):
                self.paint_harvest_marker(self.centre(coord))
        reached: dict[str, list[str]] = {}
        for player in self.view.get("players", []):
            for market_id in player.get("markets", []):
                reached.setdefault(market_id, []).append(player["colour"])
        for market_id, hexes in self.map.markets.items():
            conquerors = reached.get(market_id, [])
            if conquerors and any(self.only is None or c in self.only for c in hexes):
                stamp(self.draw, coin, coin_centre(self.grid, hexes), coin_reach(self.s), self.s,
                      market_id, tuple(conquerors), self.floor)

    # Each piece is drawn once per look and size, then pasted (renderer.sprites); a hex
    # piece reaches 1 px past its hex (the outline), a round one 1 px past its radius.
    def paint_pond(self, coord: str, pending: bool) -> None:
        stamp(self.draw, pond_tile, self.centre(coord), self.s + 1, self.s, pending)

    def paint_land_tile(self, coord: str, kind: str, colour: str) -> None:
        """A player's land tile: the player colour inside a rim of the land kind's colour."""
        stamp(self.draw, land_tile, self.centre(coord), self.s + 1, self.s, kind, colour)

    def paint_animal(self, coord: str, animal: dict) -> None:
        size = max(self.floor, round(self.s * 0.95))
        stamp(self.draw, animal_tile, self.centre(coord), self.s + 1, self.s,
              species_letter(animal["species"]), animal["colour"], size)

    def paint_hacienda(self, centre: Point) -> None:
        size = max(10, self.s * 1.05)
        stamp(self.draw, draw_house, (centre[0] + self.s * 0.45, centre[1] - self.s * 0.45),
              size / 2 + 1, size)

    def paint_harvest_marker(self, centre: Point) -> None:
        radius = max(5, self.s * 0.45)
        stamp(self.draw, draw_sheaf, (centre[0] - self.s * 0.45, centre[1] + self.s * 0.45),
              radius + 1, radius)

    def paint_turn_outlines(self) -> None:
        """The last turn's changes in the colour of its player, between a dark and a white
        line so that it shows on any tile (a thin line of the player's colour
        vanished on that player's own tiles); this turn's so far too."""
        turn = self.view.get("turn") or {}
        width = max(4, round(self.s / 3))
        for coords, seat in (
            (self.view.get("last_turn", []), self.view.get("last_turn_seat")),
            (turn.get("changed", []), turn.get("seat")),
        ):
            colour = self.colour_of_seat.get(seat)
            cells = [c for c in coords if c in self.map.spaces]
            if colour is None or not cells:
                continue
            outline_cells(self.draw, cells, self.hex_edges, INK, width + 6, halo=False)
            outline_cells(self.draw, cells, self.hex_edges, PLAYER_FILL[colour], width)

    def hex_edges(self, coord: str) -> Iterator[Edge[str]]:
        row, col = position(coord)
        corners = self.grid.corners(row, col)
        for side in range(6):
            across = _coord_or_none(*side_neighbour(row, col, side))
            yield corners[side], corners[(side + 1) % 6], across


@lru_cache(maxsize=1024)
def position(coord: str) -> tuple[int, int]:
    """:func:`parse_coord`, worked out once per name (a board asks for the same hexes)."""
    return parse_coord(coord)


@lru_cache(maxsize=4096)
def hex_centre(grid: HexGrid, coord: str) -> Point:
    """The pixel centre of the hex ``coord`` on ``grid``, worked out once."""
    return grid.center(*position(coord))


# --------------------------------------------------------------------------- glyphs


def land_tile(draw: ImageDraw.ImageDraw, centre: Point, s: float, kind: str,
              colour: str) -> None:
    """A land tile over its hex of circumradius ``s``: the land kind's colour inside a rim
    of the player colour, with the kind's glyph as big as the rim leaves room for, in the
    kind's own ink (a glyph of 6 px at 400 px wide, on the player's colour,
    looked the same for every kind). Pampa, which has no sign, is the player's colour."""
    rim = max(3, round(s * 0.24))
    draw_hex(draw, hex_corners(centre, s), PLAYER_FILL[colour], GRID_LINE, 1)
    if kind not in KIND_GLYPH_INK:  # (pampa: no sign; the tile is the player's colour)
        return
    draw_hex(draw, hex_corners(centre, s - rim), KIND_FILL[kind])
    if kind in LAND_KINDS:
        draw_kind_glyph(draw, kind, centre, (s - rim) * 1.15,
                        KIND_GLYPH_INK.get(kind, INK))


def animal_tile(draw: ImageDraw.ImageDraw, centre: Point, s: float, letter: str, colour: str,
                text_size: int) -> None:
    """An animal on its (pampa) hex of circumradius ``s``."""
    draw_hex(draw, hex_corners(centre, s), KIND_FILL["pampa"], GRID_LINE, 1)
    animal_disc(draw, centre, s * 0.8, letter, colour, text_size)


def pond_tile(draw: ImageDraw.ImageDraw, centre: Point, s: float, pending: bool) -> None:
    """A pond's hex (paler while it is being placed), with waves."""
    fill, wave = (PENDING_POND_FILL, POND_FILL) if pending else (POND_FILL, POND_WAVE)
    draw_hex(draw, hex_corners(centre, s), fill, GRID_LINE if pending else fill, 1)
    draw_waves(draw, centre, s, wave)


def draw_animal(draw: ImageDraw.ImageDraw, centre: Point, radius: float, species: str,
                colour: str, text_size: int) -> None:
    """A round animal tile: the player colour with the species letter (C, H, P, S in
    English)."""
    animal_disc(draw, centre, radius, species_letter(species), colour, text_size)


def animal_disc(draw: ImageDraw.ImageDraw, centre: Point, radius: float, letter: str,
                colour: str, text_size: int) -> None:
    """:func:`draw_animal` with the species letter already translated."""
    x, y = centre
    draw.ellipse([x - radius, y - radius, x + radius, y + radius],
                 fill=PLAYER_FILL.get(colour, NEUTRAL_ANIMAL), outline="white", width=2)
    text_colour = ink_on(colour) if colour in PLAYER_FILL else "white"
    draw.text((x, y), letter, font=font(text_size, True), fill=text_colour, anchor="mm")


def draw_kind_glyph(draw: ImageDraw.ImageDraw, kind: str, centre: Point, size: float,
                    ink: str) -> None:
    """A small drawn sign per land kind, so the kinds differ by more than colour."""
    x, y = centre
    h = size / 2
    line = max(1, round(size / 9))
    if kind == "mountain":  # two peaks
        draw.polygon([(x - h, y + h * 0.7), (x - h * 0.25, y - h * 0.8), (x + h * 0.4, y + h * 0.7)],
                     fill=ink)
        draw.polygon([(x - h * 0.05, y + h * 0.7), (x + h * 0.5, y - h * 0.35),
                      (x + h * 1.05, y + h * 0.7)], fill=ink)
    elif kind == "forest":  # a fir tree
        draw.polygon([(x, y - h), (x - h * 0.75, y + h * 0.45), (x + h * 0.75, y + h * 0.45)],
                     fill=ink)
        draw.rectangle([x - h * 0.15, y + h * 0.45, x + h * 0.15, y + h * 0.9], fill=ink)
    elif kind == "meadow":  # grass tufts
        for dx in (-h * 0.7, 0, h * 0.7):
            base = (x + dx, y + h * 0.7)
            for tip in (-h * 0.35, 0, h * 0.35):
                draw.line([base, (x + dx + tip, y - h * 0.45)], fill=ink, width=line)
    elif kind == "stone":  # a heap of rocks
        for dx, dy, r in ((-h * 0.5, h * 0.35, h * 0.42), (h * 0.45, h * 0.4, h * 0.38),
                          (0, -h * 0.25, h * 0.42)):
            draw.ellipse([x + dx - r, y + dy - r, x + dx + r, y + dy + r], fill=ink)
    elif kind == "swamp":  # reeds over water lines
        for dx in (-h * 0.45, h * 0.1, h * 0.6):
            draw.line([(x + dx, y + h * 0.35), (x + dx, y - h * 0.8)], fill=ink, width=line)
            draw.ellipse([x + dx - h * 0.14, y - h * 0.85, x + dx + h * 0.14, y - h * 0.45],
                         fill=ink)
        draw.line([(x - h, y + h * 0.6), (x + h, y + h * 0.6)], fill=ink, width=line)
        draw.line([(x - h * 0.7, y + h * 0.95), (x + h * 0.7, y + h * 0.95)], fill=ink,
                  width=line)


def draw_waves(draw: ImageDraw.ImageDraw, centre: Point, s: float, ink: str) -> None:
    x, y = centre
    width = max(1, round(s / 10))
    for dy in (-s * 0.2, s * 0.15):
        points = [(x - s * 0.5 + i * s * 0.125, y + dy + (s * 0.08 if i % 2 else -s * 0.08))
                  for i in range(9)]
        draw.line(points, fill=ink, width=width, joint="curve")


def draw_house(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A hacienda: a white house with a red roof."""
    x, y = centre
    h = size / 2
    draw.rectangle([x - h * 0.75, y - h * 0.1, x + h * 0.75, y + h], fill="white", outline=INK,
                   width=1)
    draw.polygon([(x - h, y), (x, y - h), (x + h, y)], fill="#b03a2e", outline=INK)
    draw.rectangle([x - h * 0.2, y + h * 0.35, x + h * 0.2, y + h], fill=INK)


def draw_sheaf(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """A harvest marker: a golden disc with a sheaf of three stalks."""
    x, y = centre
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill="#f39c12", outline=INK,
                 width=1)
    r = radius * 0.7
    stalk = max(1, round(radius / 5))
    for dx in (-r * 0.6, 0, r * 0.6):
        draw.line([(x, y + r), (x + dx, y - r)], fill=INK, width=stalk)
    draw.line([(x - r * 0.4, y + r * 0.2), (x + r * 0.4, y + r * 0.2)], fill=INK, width=stalk)


def hex_icon(draw: ImageDraw.ImageDraw, centre: Point, radius: float, fill: str,
             outline: str = GRID_LINE) -> None:
    draw_hex(draw, hex_corners(centre, radius), fill, outline, 1)


def land_icon(draw: ImageDraw.ImageDraw, centre: Point, radius: float, kind: str) -> None:
    """A face-up land card: a small hex of its kind with its glyph."""
    hex_icon(draw, centre, radius, KIND_FILL.get(kind, KIND_FILL["pampa"]))
    if kind in LAND_KINDS:
        draw_kind_glyph(draw, kind, centre, radius * 1.1, KIND_GLYPH_INK[kind])


# --------------------------------------------------------------------------- the strip


class ScorePainter:
    """The strip under the map: whose turn, the last turn, the players, cards and piles."""

    def __init__(self, strip: Strip, view: dict, names: list[str], hazienda_map: HaziendaMap):
        self.strip = strip
        self.view = view
        self.names = names
        self.map = hazienda_map
        self.colour_of_seat = {p["seat"]: p["colour"] for p in view.get("players", [])}

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else _("Seat {n}", n=seat + 1)

    def who(self, seat: int) -> str:
        colour = self.colour_of_seat.get(seat)
        if not colour:
            return self.name(seat)
        return _("{name} ({colour})", name=self.name(seat), colour=colour_name(colour).lower())

    def paint(self) -> None:
        self.paint_turn()
        self.paint_players()
        if not self.view.get("over"):
            self.paint_face_up()
        self.paint_piles()
        self.paint_hand()
        self.paint_footer()

    def paint_turn(self) -> None:
        strip, view = self.strip, self.view
        turn = view.get("turn") or {}
        if view.get("over"):
            winners = " & ".join(self.name(s) for s in view.get("winners", []))
            strip.line([(_("Game over — {winners} won", winners=winners) if winners
                         else _("Game over"), 26, True, "#a3124f")])
        elif turn.get("seat") is not None:
            seat = turn["seat"]
            actions = turn.get("actions_left")
            left = (" · " + _n("{n} action left", "{n} actions left", actions)
                    if actions is not None else "")
            before, after = slotted(_("Turn: {player}", player=SLOT))
            strip.line([(before, 26, False, INK), (self.who(seat), 26, True, INK),
                        (after, 26, False, INK), (left, 22, False, MUTED_INK)])
        for label, seat, changed in (
            (_("Last turn (outlined): {player}", player=SLOT), view.get("last_turn_seat"),
             view.get("last_turn")),
            (_("This turn (outlined): {player}", player=SLOT), turn.get("seat"),
             turn.get("changed")),
        ):
            if changed and seat is not None and seat in self.colour_of_seat:
                colour = PLAYER_FILL[self.colour_of_seat[seat]]
                before, after = slotted(label)
                strip.line([(before, 20, False, MUTED_INK), (self.who(seat), 20, True, INK),
                            (after, 20, False, MUTED_INK)],
                           swatch=("outline", colour))

    def columns(self) -> list[tuple[str, str]]:
        if self.view.get("over"):
            columns = [("markets", _p("score column", "Mkt")),
                       ("domains", _p("score column", "Dom")),
                       ("haciendas", _p("score column", "Hac")),
                       ("ponds", _p("score column", "Pond")), ("money", "$")]
            if self.view.get("variant1"):
                columns.append(("herds", _p("score column", "Herd")))
            return [*columns, ("total", _p("score column", "Total"))]
        return [("score", _p("score column", "pts")), ("now", _p("score column", "now")),
                ("money", _p("score column", "pesos")),
                ("hand_size", _p("score column", "cards")),
                ("markets", _p("score column", "mkts"))]

    def cell(self, player: dict, key: str) -> str:
        seat = player["seat"]
        scores = self.view.get("scores") or {}
        breakdown = scores.get(str(seat)) or scores.get(seat) or {}
        if self.view.get("over"):
            return str(breakdown.get(key, 0))
        if key == "now":
            return str(breakdown.get("total", player.get("score", 0)))
        if key == "markets":
            return str(len(player.get("markets", [])))
        return str(player.get(key, 0))

    def paint_players(self) -> None:
        columns = self.columns()
        winners = set(self.view.get("winners", []))
        turn_seat = None if self.view.get("over") else (self.view.get("turn") or {}).get("seat")
        rows = []
        for player in self.view.get("players", []):
            seat = player["seat"]
            rows.append((PLAYER_FILL[player["colour"]], self.name(seat),
                         [self.cell(player, key) for key, _ in columns],
                         seat == turn_seat or seat in winners))
        self.strip.table([label for _, label in columns], rows)
        if not self.view.get("over"):  # what the short heads mean
            self.strip.line([(_("pts: scored so far · now: if the game ended now · mkts: "
                                "markets"), FLOOR, False, MUTED_INK)])

    def paint_face_up(self) -> None:
        face_up = self.view.get("face_up", {})
        self.strip.icons(_("Lands:"), [(kind, "land") for kind in face_up.get("land", [])],
                         self.paint_icon, words=lambda item: card_name(item[0]))
        self.strip.icons(_("Animals:"), [(sp, "animal") for sp in face_up.get("animal", [])],
                         self.paint_icon, words=lambda item: card_name(item[0]))

    def paint_icon(self, draw: ImageDraw.ImageDraw, centre: Point, radius: float, item) -> None:
        name, deck = item
        if deck == "land":
            stamp(draw, land_icon, centre, radius + 1, radius, name)
        else:
            stamp(draw, animal_disc, centre, radius + 1, radius, species_letter(name), "",
                  FLOOR)


    def paint_piles(self) -> None:
        piles = self.view.get("piles", {})
        if piles.get("second_pile_in_use"):
            decks = _("lands {lands} · animals {animals} (second pile)",
                      lands=piles.get("land_deck", 0), animals=piles.get("animal_deck", 0))
        else:
            decks = _("lands {lands} · animals {animals} + second pile {second}",
                      lands=piles.get("land_deck", 0), animals=piles.get("animal_deck", 0),
                      second=piles.get("animal_second_pile", 0))
        self.bold_line(_("Decks: {decks}", decks=SLOT), decks)
        ponds = piles.get("ponds", {})
        pond_text = " ".join(f"{size}:{ponds[size]}" for size in sorted(ponds, key=int)) or _("none")
        self.bold_line(_("Stock: {stock}", stock=SLOT),
                       _("haciendas {haciendas} · harvest {harvest} · ponds (size:left) {ponds}",
                         haciendas=piles.get("haciendas", 0), harvest=piles.get("harvest", 0),
                         ponds=pond_text))

    def bold_line(self, label: str, text: str) -> None:
        """A line whose translated ``label`` (holding :data:`SLOT`) is bold around ``text``."""
        before, after = slotted(label)
        self.strip.line([(before, FLOOR, True, INK), (text, FLOOR, False, INK),
                         (after, FLOOR, True, INK)])

    def paint_hand(self) -> None:
        private = self.view.get("private")
        if not private:
            return
        hand = private.get("hand", {})
        who = self.name(private["seat"])
        for part, label in (("land", _("{player}'s lands: {cards}", player=who, cards=SLOT)),
                            ("animal", _("{player}'s animals: {cards}", player=who, cards=SLOT))):
            cards = [f"{card_name(kind)} {n}" for kind, n in sorted(hand.get(part, {}).items()) if n]
            self.bold_line(label, ", ".join(cards) or _("none"))

    def paint_footer(self) -> None:
        variants = [label for key, label in (("variant1", _("Variante I")),
                                             ("variant2", _("Variante II")))
                    if self.view.get(key)]
        parts = [map_title(self.map), *variants]
        if self.view.get("scorings") and not self.view.get("over"):
            parts.append(_("intermediate scoring done"))
        self.strip.line([(" · ".join(parts), FLOOR, False, MUTED_INK)])


# --------------------------------------------------------------------------- decisions


def _decision_places(hazienda_map: HaziendaMap, marks: dict[str, str]) -> dict[str, str]:
    """The marks that name spaces of the map (by their canonical names)."""
    places = {}
    for place, text in marks.items():
        try:
            coord = coord_name(*parse_coord(place))
        except ValueError:
            continue
        if coord in hazienda_map.spaces:
            places[coord] = text
    return places


def _decision_frame(hazienda_map: HaziendaMap, places) -> tuple[Box, float]:
    """The region of the map a decision image of ``places`` shows (hex-size units) and
    its zoom (px per hex size)."""
    unit = HexGrid(1.0, (0, 0), hazienda_map.rows, hazienda_map.cols)
    half_w = unit.hex_width / 2
    boxes = [Box(x - half_w, y - 1, x + half_w, y + 1)
             for x, y in (unit.center(*parse_coord(c)) for c in places)]
    bounds = Box(0, 0, unit.width, unit.height)
    region = region_around(boxes, DECISION_CONTEXT, bounds,
                           min_width=9 * unit.hex_width, min_height=6)
    zoom = decision_zoom(zoom_to_fit(region, DECISION_MAX_HEX))
    return region.widened(DECISION_WIDTH / zoom, region.height).clamped(bounds), zoom


def _mark_room(places, zoom: float) -> float:
    """How wide a mark may be without touching the next one: a hex's width when two of
    the places are side by side, else 1.5 of it (two hexes apart at least)."""
    cells = {parse_coord(c) for c in places}
    close = any(n in cells for r, c in cells for n in hex_neighbours(r, c))
    return SQRT3 * zoom * (1 if close else 1.5) - 2


def _mark_font(places: dict[str, str], zoom: float, width: int) -> int:
    """The size of the decision marks' text at ``zoom`` on an image ``width`` px wide: as
    big as the hex allows (between the smallest text and twice a phone mark), smaller
    while the widest mark would touch its neighbour, never below the smallest text."""
    floor = min_size(width)
    size = min(2 * mark_size(width), max(floor, round(SQRT3 * zoom * 0.36)))
    room = _mark_room(places, zoom)
    widest = max(places.values(), key=len)
    while size > floor and mark_extent(widest, size) > room:
        size -= 1
    return size


def marks_legible(hazienda_map: HaziendaMap, places: dict[str, str]) -> bool:
    """Whether a decision image of ``places`` draws every mark at least the smallest text
    and no mark over another (the first pond hex drew 308 marks over the whole
    map, none readable): the widest mark fits between two marked hexes side by side."""
    region, zoom = _decision_frame(hazienda_map, places)
    width = math.ceil(round(region.width * zoom, 6))
    size = _mark_font(places, zoom, width)
    widest = max(mark_extent(text, size) for text in places.values())
    return widest <= _mark_room(places, zoom)


#: How a map may be cut into areas, the fewest areas first: (bands of rows, of columns).
AREA_CUTS = tuple(sorted(((r, c) for r in range(1, 7) for c in range(1, 7) if r * c > 1),
                         key=lambda cut: (cut[0] * cut[1], abs(cut[0] - cut[1]), -cut[1])))
#: The most areas a decision is split into (one button each).
MAX_AREAS = 25


def decision_regions(view: dict, marks: dict[str, str], per_area: int | None = None
                     ) -> list[tuple[str, list[str]]] | None:
    """Areas of the map, when one decision image cannot mark every place legibly
    (:func:`marks_legible`): the map cut into bands of rows and of columns, the fewest
    areas that keep each its marks legible (and at most ``per_area`` places each), with
    their places (as given in ``marks``), lettered A, B, … None when one image marks them
    legibly (or no cut does)."""
    hazienda_map = map_of_view(view)
    by_coord = {}
    for place in marks:
        try:
            coord = coord_name(*parse_coord(place))
        except ValueError:
            continue
        if coord in hazienda_map.spaces:
            by_coord[coord] = place
    places = {coord: marks[place] for coord, place in by_coord.items()}
    if not places or (per_area is None or len(places) <= per_area) and marks_legible(
            hazienda_map, places):
        return None
    for row_bands, col_bands in AREA_CUTS:
        blocks: dict[tuple[int, int], list[str]] = {}
        for coord in places:
            r, c = parse_coord(coord)
            key = (r * row_bands // hazienda_map.rows, c * col_bands // hazienda_map.cols)
            blocks.setdefault(key, []).append(coord)
        if len(blocks) > MAX_AREAS or (per_area is not None and any(
                len(block) > per_area for block in blocks.values())):
            continue
        if all(marks_legible(hazienda_map, {c: places[c] for c in block})
               for block in blocks.values()):
            ordered = [sorted(blocks[key], key=parse_coord) for key in sorted(blocks)]
            return [(area_letter(i), [by_coord[c] for c in block])
                    for i, block in enumerate(ordered)]
    return None


def area_letter(index: int) -> str:
    return chr(ord("A") + index)


def part_marks(view: dict, marks: dict[str, str]) -> list[tuple[str, list[str]]]:
    """The parts of the map a decision asks for first (the engine's ``area:`` options,
    whose place is a rectangle of rows and columns, "C3-F9"): (mark, the spaces of the
    map in the rectangle) each."""
    hazienda_map = map_of_view(view)
    parts = []
    for place, text in marks.items():
        first, dash, last = place.partition("-")
        if not dash:
            continue
        try:
            (r0, c0), (r1, c1) = parse_coord(first), parse_coord(last)
        except ValueError:
            continue
        spaces = [c for c, space in hazienda_map.spaces.items()
                  if r0 <= space.row <= r1 and c0 <= space.col <= c1]
        if spaces:
            parts.append((text, spaces))
    return parts


def render_decision_regions(view: dict, names: list[str],
                            regions: list[tuple[str, list[str]]],
                            outline: bool = True) -> Image.Image | None:
    """The whole map with the areas of :func:`decision_regions`: each area's places
    outlined (``outline``: else the area is only framed, as the parts of the map an
    engine's decision asks for first), the area framed and its letter on it (the letter
    of its button)."""
    hazienda_map = map_of_view(view)
    every = {coord_name(*parse_coord(p)): label for label, places in regions for p in places}
    if not every:
        return None
    unit = HexGrid(1.0, (0, 0), hazienda_map.rows, hazienda_map.cols)
    bounds = Box(0, 0, unit.width, unit.height)
    zoom = decision_zoom(zoom_to_fit(bounds, DECISION_MAX_HEX))
    width, height = (math.ceil(round(side * zoom, 6)) for side in (bounds.width, bounds.height))
    floor = min_size(width)
    layer, sizes = decision_layer(view.get("map", ""), view.get("map_text") or "", zoom, floor)
    note(sizes)
    image = layer.crop((0, 0, min(width, layer.width), min(height, layer.height))).convert("RGB")
    draw = draw_on(image)
    grid = HexGrid(zoom, (0, 0), hazienda_map.rows, hazienda_map.cols)
    PiecePainter(draw, grid, hazienda_map, view, floor=floor).paint()
    line = max(2, round(zoom / 9))
    for coord in every if outline else ():
        corners = grid.corners(*parse_coord(coord), shrink=line / 2)
        draw_hex(draw, corners, None, PLACE_OUTLINE, line)
    size = mark_size(width)
    for label, places in regions:
        centres = [grid.center(*parse_coord(p)) for p in places]
        left = min(x for x, _ in centres) - grid.hex_width / 2
        right = max(x for x, _ in centres) + grid.hex_width / 2
        top = min(y for _, y in centres) - zoom
        bottom = max(y for _, y in centres) + zoom
        draw.rounded_rectangle((left - 2, top - 2, right + 2, bottom + 2), radius=6,
                               outline="white", width=line + 4)
        draw.rounded_rectangle((left, top, right, bottom), radius=6, outline=PLACE_OUTLINE,
                               width=line + 1)
        draw_mark(draw, ((left + right) / 2, (top + bottom) / 2), label, size)
    return image


def render_decision_pages(view: dict, names: list[str],
                          marks: dict[str, str]) -> list[Image.Image] | None:
    """The decision image, or one page per area of :func:`decision_regions` when one
    image cannot mark every place legibly (a gallery a phone swipes through, the buttons
    unchanged). None when there are more areas than pages a message holds: the panel
    then asks for the area first (:func:`render_decision_regions` is its image)."""
    parts = part_marks(view, marks)
    if parts:
        image = render_decision_regions(view, names, parts, outline=False)
        return [] if image is None else [image]
    regions = decision_regions(view, marks)
    if regions is None:
        image = render_decision(view, names, marks)
        return [] if image is None else [image]
    if len(regions) > MAX_PAGES:
        return None
    pages = [render_decision(view, names, {p: marks[p] for p in places})
             for _label, places in regions]
    return [page for page in pages if page is not None]


def render_decision(view: dict, names: list[str], marks: dict[str, str]) -> Image.Image | None:
    """The region of the map holding the ``marks``' spaces, zoomed, each space marked.

    Places that are not spaces of the map are left out; None when none is left. The zoom
    is the largest of :data:`DECISION_ZOOMS` that fits, and the region is widened to fill
    the image's width at it: the empty map at that zoom is then drawn once
    (:func:`decision_layer`) and every decision image cuts its region out of it.
    """
    parts = part_marks(view, marks)
    if parts:
        return render_decision_regions(view, names, parts, outline=False)
    hazienda_map = map_of_view(view)
    places = _decision_places(hazienda_map, marks)
    if not places:
        return None
    region, zoom = _decision_frame(hazienda_map, places)
    # (rounded first: 800 / zoom * zoom may come back as 800.0000001)
    width, height = (math.ceil(round(side * zoom, 6)) for side in (region.width, region.height))
    floor = min_size(width)
    layer, sizes = decision_layer(view.get("map", ""), view.get("map_text") or "", zoom, floor)
    note(sizes)
    left, top = round(region.left * zoom), round(region.top * zoom)
    width, height = min(width, layer.width - left), min(height, layer.height - top)
    image = layer.crop((left, top, left + width, top + height)).convert("RGB")
    draw = draw_on(image)
    grid = HexGrid(zoom, (-left, -top), hazienda_map.rows, hazienda_map.cols)
    shown = {c for c, ux, uy in unit_centres(view.get("map", ""), view.get("map_text") or "")
             if -zoom < ux * zoom - left < width + zoom and -zoom < uy * zoom - top < height + zoom}
    PiecePainter(draw, grid, hazienda_map, view, only=shown, floor=floor).paint()
    paint_coordinates(draw, grid, sorted(shown), set(places), floor)
    line = max(2, round(zoom / 9))
    for coord in places:
        corners = grid.corners(*parse_coord(coord), shrink=line / 2)
        draw_hex(draw, corners, None, "white", line + 2)
        draw_hex(draw, corners, None, PLACE_OUTLINE, line)
    size = _mark_font(places, zoom, width)
    for coord, text in places.items():
        x, y = grid.center(*parse_coord(coord))
        draw_mark(draw, (x, y - zoom * 0.2), text, size)
    return image


def decision_zoom(fitted: float) -> float:
    """The largest of :data:`DECISION_ZOOMS` not above ``fitted`` (``fitted`` itself below
    them all: a region that big is drawn without the cache)."""
    return next((zoom for zoom in DECISION_ZOOMS if zoom <= fitted), fitted)


@lru_cache(maxsize=12)
def decision_layer(map_name: str, map_text: str, zoom: float,
                   floor: int) -> tuple[Image.Image, list]:
    """The whole empty map at ``zoom`` (px per hex size), its texts at least ``floor`` px,
    for decision images to cut their regions from (callers crop it and convert the crop to
    RGB), and the text sizes it was drawn with.

    Kept in 256 colours (the posted PNG has no more): one byte a pixel, 2.6 MB for the
    largest zoom instead of 10 MB."""
    hazienda_map = map_of_view({"map": map_name, "map_text": map_text})
    grid = HexGrid(zoom, (0, 0), hazienda_map.rows, hazienda_map.cols)
    image = Image.new("RGB", (math.ceil(grid.width), math.ceil(grid.height)), BACKGROUND)
    with recording() as log:
        TerrainPainter(draw_on(image), grid, hazienda_map, floor).paint(hazienda_map.spaces)
    return (image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE),
            log.sizes)


@lru_cache(maxsize=8)
def unit_centres(map_name: str, map_text: str) -> tuple[tuple[str, float, float], ...]:
    """Each space of the map and its centre on a grid of hex size 1 at (0, 0)."""
    hazienda_map = map_of_view({"map": map_name, "map_text": map_text})
    unit = HexGrid(1.0, (0, 0), hazienda_map.rows, hazienda_map.cols)
    return tuple((coord, *unit.center(space.row, space.col))
                 for coord, space in hazienda_map.spaces.items())


def paint_coordinates(draw: ImageDraw.ImageDraw, grid: HexGrid, coords: list[str],
                      marked: set[str], size: int) -> None:
    """Each unmarked hex's name at its foot, at the smallest readable ``size``, when the
    hexes are roomy enough (a marked hex is named by its option's label)."""
    face = font(size, True, condensed=True)
    if draw.textlength("R25", font=face) * 2.2 > grid.hex_width:
        return
    for coord in coords:
        if coord in marked:
            continue
        x, y = grid.center(*parse_coord(coord))
        # (reach: a bold condensed letter is narrower than its size)
        stamp(draw, _paint_coordinate, (x, y + grid.size * 0.5),
              (len(coord) * size / 2 + 5, size * 0.6 + 2), coord, size)


def _paint_coordinate(draw: ImageDraw.ImageDraw, centre: Point, coord: str, size: int) -> None:
    """A hex's name, ``size`` px, on a white pill centred at ``centre``."""
    face = font(size, True, condensed=True)
    x, y = centre
    w = draw.textlength(coord, font=face) / 2 + 3
    draw.rounded_rectangle((x - w, y - size * 0.6, x + w, y + size * 0.6), radius=4,
                           fill="#ffffff")
    draw.text((x, y), coord, font=face, fill=INK, anchor="mm")
