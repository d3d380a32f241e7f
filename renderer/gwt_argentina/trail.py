"""The trail of Great Western Trail: Argentina: every space with its tile (neutral
building letter, private building in its owner's colour, farmer with its strength and the
coins on its money space), the toll of its hand for this player count (a hand icon), the
estancieros in their players' colours, the embarcadères and Buenos Aires.

The board's trail winds from the rider's space to Buenos Aires, forking between neutral
buildings (rulebook p. 6: « un parcours qui serpente et bifurque, du coin inférieur gauche
du plateau de jeu jusqu'à Buenos Aires, situé dans le coin supérieur droit »). It is drawn
as printed, from the lower left corner up to Buenos Aires in the upper right one, in bands
that read left to right, then right to left, and so on, for a portrait phone: in a band,
the two paths of a fork run on two lanes, side by side, and meet again at the next neutral
building, which sits at the turn of the band. The last stretch (the yellow granjeros) runs
on one lane, the spaces one may step aside to (a building space, an embarcadère) on the
lane above it. Arrows on the links show the direction of travel. A neutral building shows
its letter and, under the trail (:func:`paint_legend`), what it does.
"""

from __future__ import annotations

import math
from functools import lru_cache

from games.gwt_argentina.data.buildings import private_building
from games.gwt_argentina.data.tiles import FARMER_BY_ID
from games.gwt_argentina.data.trail import (
    FARMER_SPACE_COLOUR,
    FARMLAND,
    RISK_ACTIONS,
    SHORTCUTS,
    TOLLS,
    TRAIL,
)
from games.i18n import N_, _
from renderer.colours import readable_ink
from renderer.gwt_argentina.canvas import (
    FARMER_FILL,
    FLOOR,
    HAND_FILL,
    INK,
    LINE,
    MARGIN,
    MUTED_INK,
    WIDTH,
    Canvas,
    initial,
    player_fill,
)

COLUMNS = 10
GAP_X = 6
PITCH_X = (WIDTH - 2 * MARGIN + GAP_X) / COLUMNS
BOX_W = PITCH_X - GAP_X
BOX_H = 78
PITCH_Y = BOX_H + 14
#: an embarcadère is a smaller box (no tile, only its railway space)
SHORTCUT_H = 54
DISC_R = 12
HAND = 28


def _lane(spaces: tuple[str, ...], row: float, first: float, last: float
          ) -> dict[str, tuple[float, float]]:
    """Spaces of one lane evenly over the columns ``first`` … ``last`` (a lane read right
    to left has ``first > last``)."""
    n = len(spaces)
    if n == 1:
        return {spaces[0]: ((first + last) / 2, row)}
    step = (last - first) / (n - 1)
    return {s: (first + i * step, row) for i, s in enumerate(spaces)}


#: space -> (column, row), rows counted from the top, in the bands described in the
#: module docstring: the first band at the bottom, the last at the top, a neutral building
#: at a turn between the lanes of two bands.
LAYOUT: dict[str, tuple[float, float]] = {
    # band 1 (bottom), left to right: the rider's space, A, then the fork to B
    "START": (0, 8.5), "N1": (1, 8.5),
    **_lane(("P1", "G1", "G2"), 8, 2.5, 7.5),
    **_lane(("GF1", "GF2", "GF3", "GF4", "RG1", "RG2"), 9, 2, 8),
    "N2": (9, 7.5),
    # band 2, right to left: the fork to C
    **_lane(("G3", "G4", "P2", "P3"), 6, 7.8, 1.2),
    **_lane(("BF1", "BF2", "BF3", "BF4", "R1"), 7, 8, 1),
    "N3": (0, 5.5),
    # band 3, left to right: the small fork to D, up to E, then the fork to F
    "P4": (1, 4), "P5": (1, 5), "N4": (2, 5), "N5": (2, 4),
    **_lane(("G5", "G6", "P6"), 4, 3.5, 7.5),
    **_lane(("RG3", "R2", "OF1", "OF2", "OF3", "OF4"), 5, 3, 8),
    "N6": (9, 3.5),
    # band 4, right to left: main lane below, side spaces and embarcadères above
    "S23": (9, 2), "P7": (8, 2), "G7": (8, 3), "N7": (7, 3), "S17": (7, 2),
    "YF1": (6, 3), "S12": (6, 2), "YF2": (5, 3), "G8": (4, 2), "YF3": (4, 3),
    "N8": (3, 3), "S9": (3, 2), "R3": (2, 2), "YF4": (1, 3), "S6": (1, 2),
    # band 5 (top), left to right to Buenos Aires in the upper right corner
    "YF5": (0, 1.5), "R4": (1, 0), "YF6": (2, 1), "S3": (2, 0), "YF7": (3, 1),
}
ROWS = 10
#: Buenos Aires, the upper right corner (« situé dans le coin supérieur droit »): its
#: columns and rows
BA_COLUMNS = (4, 9)
BA_ROWS = (0, 1)

EMPTY_FILL = "#efe8d6"
FARMLAND_FILL = "#e4e6bf"
NEUTRAL_FILL = "#d8ccb0"
SHORTCUT_FILL = "#d9d2c6"
BA_FILL = "#c9b48a"
EAR = "#b08a2e"
STAR = "#8a5a34"


def space_box(space: str, top: float) -> tuple[float, float, float, float]:
    if space == "BA":
        (first, last), (upper, lower) = BA_COLUMNS, BA_ROWS
        return (MARGIN + first * PITCH_X, top + upper * PITCH_Y,
                MARGIN + last * PITCH_X + BOX_W, top + lower * PITCH_Y + BOX_H)
    col, row = LAYOUT[space]
    # whole pixels: a space is drawn once and pasted after that (layers.py)
    x = round(MARGIN + col * PITCH_X)
    y = top + round(row * PITCH_Y)
    if space in SHORTCUTS:
        y += (BOX_H - SHORTCUT_H) / 2
        return (x, y, x + BOX_W, y + SHORTCUT_H)
    return (x, y, x + BOX_W, y + BOX_H)


def height() -> float:
    return (ROWS - 1) * PITCH_Y + BOX_H


def paint_trail(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    board = view["board"]
    seats = view["seats"]
    _paint_links(canvas, top)
    for space in (*LAYOUT, "BA"):
        box = space_box(space, top)
        canvas.place(space, box)
        # a space changes only when a tile is laid on it or its coins change
        tile = board["trail"].get(space)
        side = coins = None
        if tile is not None and ":" in tile:
            side = board["building_sides"].get(tile.split(":")[1], "a")
        elif tile is not None and len(tile) > 1:
            coins = board["farmer_coins"].get(space, 0)
        canvas.paste_drawn(box[:2], (box[2] - box[0], box[3] - box[1]), _paint_space,
                           space, tile, side, coins, seats)
    here: dict[str, list[int]] = {}
    for player in view["players"]:
        if player["estanciero"]:
            here.setdefault(player["estanciero"], []).append(player["seat"])
    for space, who in here.items():
        _paint_estancieros(canvas, space_box(space, top), space, who, names)
    return top + height()


def _paint_estancieros(canvas: Canvas, box, space: str, seats: list[int],
                       names: list[str]) -> None:
    """Each estanciero a disc of its player's colour with the player's initial, in the
    lower-left corner of its space (side by side, overlapping on a crowded space)."""
    x0, _top, x1, y1 = box
    left = x0 + 2 if space != "BA" else x0 + 10
    room = (x1 - x0) - HAND - 8 - 2 * DISC_R
    step = 2 * DISC_R + 4
    if len(seats) > 1:
        step = min(step, room / (len(seats) - 1))
    for i, seat in enumerate(seats):
        canvas.disc((left + DISC_R + 1 + i * step, y1 - DISC_R - 4), DISC_R, seat,
                    initial(names, seat))


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _paint_links(canvas: Canvas, top: float) -> None:
    """The trail's links from centre to centre (the boxes cover their ends), each with an
    arrow head halfway along the part left visible."""
    draw = canvas.draw
    for line, arrow in _links(top):
        draw.line(line, fill=LINE, width=5)
        draw.polygon(arrow, fill=MUTED_INK)


@lru_cache(maxsize=8)
def _links(top: float) -> tuple[tuple[list, list], ...]:
    """Each link's line and arrow head for a trail drawn from ``top`` (the same on every
    board of a worker: computed once)."""
    links = []
    for space, targets in TRAIL.items():
        if space == "BA" or space not in LAYOUT:
            continue
        for target in targets:
            if target == "BA" and space in SHORTCUTS:
                continue  # an embarcadère sends the estanciero to Buenos Aires at once
            a = _centre(space_box(space, top))
            b = _centre(space_box(target, top))
            if target == "BA":
                b = (space_box("BA", top)[0] + BOX_W / 2, a[1])
            links.append(([a, b], _arrow(_visible_middle(a, b, space_box(space, top),
                                                         space_box(target, top)), a, b)))
    return tuple(links)


def _visible_middle(a, b, box_a, box_b) -> tuple[float, float]:
    """The middle of the segment ``a``-``b`` outside both boxes."""
    def leave(p, q, box) -> float:
        t = 0.0
        for _step in range(30):
            x = p[0] + (q[0] - p[0]) * t
            y = p[1] + (q[1] - p[1]) * t
            if not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
                return t
            t += 1 / 30
        return t
    t0 = leave(a, b, box_a)
    t1 = 1 - leave(b, a, box_b)
    t = (t0 + t1) / 2
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _arrow(at, a, b, size: float = 9) -> list[tuple[float, float]]:
    """The arrow head's corners at ``at``, pointing from ``a`` to ``b``."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    x, y = at
    tip = (x + size * math.cos(angle), y + size * math.sin(angle))
    left = (x + size * math.cos(angle + 2.5), y + size * math.sin(angle + 2.5))
    right = (x + size * math.cos(angle - 2.5), y + size * math.sin(angle - 2.5))
    return [tip, left, right]


def paint_hand(canvas: Canvas, x: float, y: float, colour: str, toll: int) -> None:
    """A hand icon (the toll of the rulebook, p. 7) of ``colour`` with the pesos it costs
    at this table on its palm; ``(x, y)`` its top-left corner, :data:`HAND` wide."""
    draw = canvas.draw
    fill = HAND_FILL[colour]
    s = HAND / 30
    # a white halo, then four fingers, a thumb and the palm
    for grow, ink in ((2.5, "white"), (0, fill)):
        for i in range(4):
            fx = x + (6 + i * 5.6) * s
            draw.rounded_rectangle((fx - grow, y + (1 if i in (1, 2) else 4) * s - grow,
                                    fx + 4.6 * s + grow, y + 16 * s + grow),
                                   radius=2.3 * s + grow, fill=ink)
        draw.rounded_rectangle((x + 0 * s - grow, y + 13 * s - grow, x + 9 * s + grow,
                                y + 19 * s + grow), radius=3 * s + grow, fill=ink)
        draw.rounded_rectangle((x + 5 * s - grow, y + 11 * s - grow, x + 29 * s + grow,
                                y + 30 * s + grow), radius=6 * s + grow, fill=ink)
    canvas.text((x + 17 * s, y + 21 * s), str(toll), bold=True, fill="white", anchor="mm")


def _paint_ear(canvas: Canvas, x: float, y: float) -> None:
    """The ear-of-grain icon of a farmland space (« une icône d'épi »), 12 × 22 px."""
    draw = canvas.draw
    draw.line([(x + 6, y + 4), (x + 6, y + 22)], fill=EAR, width=2)
    for k in range(3):
        cy = y + 5 + k * 5
        draw.ellipse((x, cy, x + 6, cy + 5), fill=EAR)
        draw.ellipse((x + 6, cy, x + 12, cy + 5), fill=EAR)
    draw.ellipse((x + 3.5, y, x + 8.5, y + 6), fill=EAR)


def _paint_star(canvas: Canvas, x: float, y: float, r: float = 8) -> None:
    """The mark of a space with a special action (« action spéciale », p. 8)."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    canvas.draw.polygon(points, fill=STAR)


def _paint_space(canvas: Canvas, x: float, y: float, space: str, tile: str | None,
                 side: str | None, coins: int | None, seats: int) -> None:
    """A space at ``(x, y)``: its ``tile`` (a private building's ``side``, a farmer's
    ``coins``) and the toll of its hand at ``seats`` players."""
    left, top, right, bottom = space_box(space, 0)  # its size
    x0, y0, x1, y1 = box = (x, y, x + right - left, y + bottom - top)
    label_fill = MUTED_INK
    main, main_fill, hand = "", INK, None
    if space == "BA":
        canvas.rect(box, BA_FILL, outline=INK, width=3)
        canvas.text((x0 + 12, y0 + 8), _("Buenos Aires"), size=FLOOR + 4, bold=True)
        return
    if space == "START":
        fill = NEUTRAL_FILL
        main = _("start")
    elif space in SHORTCUTS:
        canvas.rect(box, SHORTCUT_FILL, outline=MUTED_INK, width=2)
        canvas.text((x0 + 6, y0 + 3), _("rail {n}", n=SHORTCUTS[space]), bold=True,
                    condensed=True, width=BOX_W - 10)
        canvas.text((x0 + 6, y1 - 4), _("→ BA"), condensed=True, fill=MUTED_INK,
                    anchor="ld", width=BOX_W - 10)
        return
    elif tile is None:
        fill = FARMER_FILL[FARMER_SPACE_COLOUR[space]] if space in FARMER_SPACE_COLOUR else (
            FARMLAND_FILL if space in FARMLAND else EMPTY_FILL)
    elif len(tile) == 1:
        fill, main = NEUTRAL_FILL, tile
    elif ":" in tile:
        owner, number = tile.split(":")
        assert side is not None, "paint_trail gives a private building's side"
        building = private_building(int(number), side)
        fill = player_fill(int(owner))
        main_fill = label_fill = readable_ink(fill)
        main = _("{building} {vp}vp", building=f"{number}{side}", vp=building.vp)
        hand = building.hand
    else:
        farmer = FARMER_BY_ID[tile]
        fill = FARMER_FILL[farmer.colour]
        main = _("str {n}", n=farmer.strength)
        hand = farmer.hand
    dashed = tile is None and space != "START"
    canvas.rect(box, fill, outline=LINE if dashed else INK, width=2 if dashed else 3)
    if space != "START":
        canvas.text((x0 + 6, y0 + 3), space, fill=label_fill, condensed=True)
    right = x1 - 5
    if coins is not None:
        right -= canvas.text((right, y0 + 3), f"${coins}", bold=True, condensed=True,
                             anchor="ra") + 4
    if tile is None or ":" in tile:
        if space in FARMLAND:
            _paint_ear(canvas, right - 12, y0 + 4)
            right -= 14
        if space in RISK_ACTIONS:
            _paint_star(canvas, right - 6, y0 + 13, r=6.5)
    if main:
        canvas.text((x0 + 6, y0 + (8 if space == "START" else 22)), main, bold=True,
                    fill=main_fill, condensed=True,
                    size=FLOOR + 2, width=BOX_W - 10)
    if hand is not None:
        toll = TOLLS.get(seats, TOLLS[4])[hand]
        paint_hand(canvas, x1 - HAND - 3, y1 - HAND - 3, hand, toll)


#: What each neutral building does (its local actions, rulebook annex « BÂTIMENTS
#: NEUTRES »), in a few words for the legend under the trail.
NEUTRAL_WORDS = {
    "A": N_("Holando → +2 $ · hire a worker · hire (+2 $)"),
    "B": N_("Patagonico → +2 $ · build (2 $ per carpintero)"),
    "C": N_("objective card · single aux. · locomotive +1"),
    "D": N_("2 of a breed → +2 $ · locomotive +maquinistas"),
    "E": N_("Fronterizo → +2 $ · buy cattle"),
    "F": N_("+1 certificate · help granjeros"),
    "G": N_("locomotive +maquinistas · aux. single or double"),
    "H": N_("grain +granjeros · exhaustion card or single aux."),
}
LEGEND_ROW = FLOOR + 12


def legend_height() -> float:
    return 8 * LEGEND_ROW + 8


def paint_legend(canvas: Canvas, top: float) -> float:
    """The eight neutral buildings, each its letter on a tile and what it does, under the
    trail."""
    half = WIDTH - 2 * MARGIN
    for i, letter in enumerate("ABCDEFGH"):
        x = MARGIN
        y = top + 4 + i * LEGEND_ROW
        canvas.rect((x, y, x + 26, y + LEGEND_ROW - 4), NEUTRAL_FILL, outline=INK, width=2,
                    radius=4)
        canvas.text((x + 13, y + (LEGEND_ROW - 4) / 2 + 1), letter, bold=True, anchor="mm")
        canvas.text((x + 32, y + (LEGEND_ROW - 4) / 2 + 1), _(NEUTRAL_WORDS[letter]),
                    condensed=True, anchor="lm", width=half - 38)
    return top + legend_height()
