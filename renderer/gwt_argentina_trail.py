"""The trail of Great Western Trail: Argentina: every space with its tile (neutral
building letter, private building in its owner's colour, farmer with its strength and the
coins on its money space), the toll of its hand for this player count, the estancieros,
the embarcadères and Buenos Aires.

The board's winding trail is drawn as a schematic grid read left to right, top to bottom:
each fork's branches on rows of their own, the six embarcadères on the last row beside the
end of the trail, all leading to Buenos Aires below them. Lines join the spaces that follow
each other when they are neighbours on the grid.
"""

from __future__ import annotations

from games.gwt_argentina.data_buildings import private_building
from games.gwt_argentina.data_tiles import FARMER_BY_ID
from games.gwt_argentina.data_trail import (
    FARMER_SPACE_COLOUR,
    FARMLAND,
    SHORTCUTS,
    TOLLS,
    TRAIL,
)
from renderer.colours import readable_ink
from renderer.gwt_argentina_base import (
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

COLUMNS = 8
PITCH_X = (WIDTH - 2 * MARGIN + 6) / COLUMNS
BOX_W = PITCH_X - 6
BOX_H = 76
PITCH_Y = BOX_H + 8
BA_H = 46

#: space -> (column, row) of the schematic grid (see the module docstring)
LAYOUT: dict[str, tuple[float, float]] = {
    "START": (0, 0), "N1": (1, 0), "P1": (2, 0), "G1": (3, 0), "G2": (4, 0),
    "GF1": (2, 1), "GF2": (3, 1), "GF3": (4, 1), "GF4": (5, 1), "RG1": (6, 1), "RG2": (7, 1),
    "N2": (0, 2), "G3": (1, 2), "G4": (2, 2), "P2": (3, 2), "P3": (4, 2),
    "BF1": (1, 3), "BF2": (2, 3), "BF3": (3, 3), "BF4": (4, 3), "R1": (5, 3),
    "N3": (0, 4), "P4": (1, 4), "N4": (2, 4), "N5": (3, 4), "G5": (4, 4), "G6": (5, 4),
    "P6": (6, 4), "N6": (7, 4),
    "P5": (1, 5), "RG3": (2, 5), "R2": (3, 5), "OF1": (4, 5), "OF2": (5, 5), "OF3": (6, 5),
    "OF4": (7, 5),
    "P7": (0, 6), "N7": (1, 6), "YF1": (2, 6), "YF2": (3, 6), "YF3": (4, 6), "N8": (5, 6),
    "YF4": (6, 6), "YF5": (7, 6),
    "G7": (0, 7), "G8": (3.5, 7), "R3": (5.5, 7), "R4": (7, 7),
    "S23": (0, 8), "S17": (1, 8), "S12": (2, 8), "S9": (3, 8), "S6": (4, 8), "S3": (5, 8),
    "YF7": (6, 8), "YF6": (7, 8),
}
ROWS = 9

EMPTY_FILL = "#efe8d6"
FARMLAND_FILL = "#e4e6bf"
NEUTRAL_FILL = "#d8ccb0"
SHORTCUT_FILL = "#d9d2c6"
BA_FILL = "#c9b48a"


def space_box(space: str, top: float) -> tuple[float, float, float, float]:
    if space == "BA":
        y = top + ROWS * PITCH_Y
        return (MARGIN, y, WIDTH - MARGIN, y + BA_H)
    col, row = LAYOUT[space]
    x = MARGIN + col * PITCH_X
    y = top + row * PITCH_Y
    return (x, y, x + BOX_W, y + BOX_H)


def height() -> float:
    return ROWS * PITCH_Y + BA_H


def paint_trail(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    board = view["board"]
    seats = view["seats"]
    _paint_links(canvas, top)
    for space in (*LAYOUT, "BA"):
        box = space_box(space, top)
        canvas.place(space, box)
        _paint_space(canvas, space, box, board, seats)
    here: dict[str, list[int]] = {}
    for player in view["players"]:
        if player["estanciero"]:
            here.setdefault(player["estanciero"], []).append(player["seat"])
    for space, who in here.items():
        x0, _, x1, y1 = space_box(space, top)
        left = x0 + 4 if space != "BA" else x0 + 220
        for i, seat in enumerate(who):
            step = 30.0 if space == "BA" else (
                min(30.0, (BOX_W - 34) / (len(who) - 1)) if len(who) > 1 else 0)
            canvas.disc((left + 14 + i * step, y1 - 16), 13, seat, initial(names, seat))
    return top + height()


def _paint_links(canvas: Canvas, top: float) -> None:
    for space, targets in TRAIL.items():
        if space == "BA" or space not in LAYOUT:
            continue
        for target in targets:
            if target == "BA":
                continue
            (c0, r0), (c1, r1) = LAYOUT[space], LAYOUT[target]
            if abs(c0 - c1) > 1.5 or abs(r0 - r1) > 1:
                continue
            a, b = _centre(space_box(space, top)), _centre(space_box(target, top))
            canvas.draw.line([a, b], fill=LINE, width=5)


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _paint_space(canvas: Canvas, space: str, box, board: dict, seats: int) -> None:
    x0, y0, x1, y1 = box
    tile = board["trail"].get(space)
    label_fill = MUTED_INK
    main, main_fill, hand, coins = "", INK, None, None
    if space == "BA":
        canvas.rect(box, BA_FILL, outline=INK)
        canvas.text((x0 + 12, (y0 + y1) / 2), "Buenos Aires", size=FLOOR + 4,
                    bold=True, anchor="lm")
        return
    if space == "START":
        fill = NEUTRAL_FILL
        main = "start"
    elif space in SHORTCUTS:
        fill = SHORTCUT_FILL
        main = f"rail {SHORTCUTS[space]}"
    elif tile is None:
        fill = FARMER_FILL[FARMER_SPACE_COLOUR[space]] if space in FARMER_SPACE_COLOUR else (
            FARMLAND_FILL if space in FARMLAND else EMPTY_FILL)
    elif len(tile) == 1:
        fill, main = NEUTRAL_FILL, tile
    elif ":" in tile:
        owner, number = tile.split(":")
        side = board["building_sides"].get(number, "a")
        building = private_building(int(number), side)
        fill = player_fill(int(owner))
        main_fill = label_fill = readable_ink(fill)
        main = f"{number}{side} {building.vp}vp"
        hand = building.hand
    else:
        farmer = FARMER_BY_ID[tile]
        fill = FARMER_FILL[farmer.colour]
        main = f"str {farmer.strength}"
        hand = farmer.hand
        coins = board["farmer_coins"].get(space, 0)
    dashed = tile is None and space not in SHORTCUTS and space != "START"
    canvas.rect(box, fill, outline=LINE if dashed else INK, width=2 if dashed else 3)
    canvas.text((x0 + 6, y0 + 4), space, fill=label_fill, condensed=True)
    if space in FARMLAND and tile is None:
        canvas.text((x1 - 6, y0 + 4), "farm", fill=MUTED_INK, condensed=True, anchor="ra")
    if coins is not None:
        canvas.text((x1 - 6, y0 + 4), f"${coins}", bold=True, condensed=True, anchor="ra")
    if main:
        canvas.text((x0 + 6, y0 + 24), main, bold=True, fill=main_fill, condensed=True,
                    size=FLOOR + 2, width=BOX_W - 10)
    if hand is not None:
        toll = TOLLS.get(seats, TOLLS[4])[hand]
        size = 26
        bx, by = x1 - size - 4, y1 - size - 4
        canvas.draw.rectangle((bx - 2, by - 2, bx + size + 2, by + size + 2), fill="white")
        canvas.draw.rectangle((bx, by, bx + size, by + size), fill=HAND_FILL[hand])
        canvas.text((bx + size / 2, by + size / 2 + 1), str(toll), bold=True, fill="white",
                    anchor="mm")
