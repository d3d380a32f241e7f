"""Kuhlorado board image: the 8×8 sheet on the left, dice, turn and scores on the right.

Built only from ``GAME.view(...)`` (see games/kuhlorado/game.py ``build_view``).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderer.fonts import font

WIDTH, HEIGHT = 1200, 800
CELL = 84
BOARD_X, BOARD_Y = 56, 64
BOARD = CELL * 8
PANEL_X = BOARD_X + BOARD + 36
PANEL_W = WIDTH - PANEL_X - 24

BACKGROUND = (246, 240, 222)
INNER_GRASS = (190, 222, 140)
MEADOW_GRASS = (74, 130, 56)
GRID = (52, 70, 40)
INK = (40, 40, 40)
MUTED = (110, 105, 95)
WATER = (118, 196, 238)
WATER_WAVE = (236, 248, 255)
TROUGH_RIM = (128, 88, 52)
HIGHLIGHT = (255, 170, 0)
SYMBOL_COLOURS = {"x": (208, 32, 40), "o": (28, 58, 160)}
DIE_FACE = (252, 252, 248)
PIP = (200, 30, 30)
COW_GREEN = (40, 140, 60)

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
}
PHASE_TEXT = {
    "roll": "to roll the dice",
    "reroll": "may reroll once",
    "mark": "to mark",
    "second_mark": "may mark a 2nd cell",
}


def render(view: dict, names: list[str]) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_sheet(draw, view)
    draw_panel(draw, view, names)
    return image


# -- the sheet --------------------------------------------------------------------------------
def cell_box(row: int, col: int) -> tuple[int, int, int, int]:
    x, y = BOARD_X + col * CELL, BOARD_Y + row * CELL
    return x, y, x + CELL, y + CELL


def position_of(label: str) -> tuple[int, int]:
    return int(label[1:]) - 1, "ABCDEFGH".index(label[0])


def draw_sheet(draw: ImageDraw.ImageDraw, view: dict) -> None:
    coord_font = font(26, True)
    for i in range(8):
        x = BOARD_X + i * CELL + CELL // 2
        y = BOARD_Y + i * CELL + CELL // 2
        draw.text((x, BOARD_Y - 22), "ABCDEFGH"[i], font=coord_font, fill=INK, anchor="mm")
        draw.text((BOARD_X - 26, y), str(i + 1), font=coord_font, fill=INK, anchor="mm")
    for r, row in enumerate(view["cells"]):
        for c, cell in enumerate(row):
            grass = MEADOW_GRASS if r in (0, 7) or c in (0, 7) else INNER_GRASS
            box = cell_box(r, c)
            draw.rectangle(box, fill=grass)
            if cell["kind"] == "number":
                # As on the pad: white numbers on the meadows, dark ones inside.
                colour = (255, 255, 255) if grass == MEADOW_GRASS else INK
                if cell["mark"]:
                    colour = blend(colour, grass, 0.55)
                draw.text(centre(box), str(cell["number"]), font=font(44, True), fill=colour,
                          anchor="mm")
            elif cell["kind"] == "cow":
                draw_cow(draw, centre(box), CELL * 0.78, grass, faded=bool(cell["mark"]))
    for i in range(9):
        width = 3 if i in (0, 8) else 1
        x, y = BOARD_X + i * CELL, BOARD_Y + i * CELL
        draw.line([(x, BOARD_Y), (x, BOARD_Y + BOARD)], fill=GRID, width=width)
        draw.line([(BOARD_X, y), (BOARD_X + BOARD, y)], fill=GRID, width=width)
    for trough in view["troughs"]:
        draw_trough(draw, [position_of(lbl) for lbl in trough["cells"]])
    for r, row in enumerate(view["cells"]):
        for c, cell in enumerate(row):
            if cell["mark"]:
                draw_symbol(draw, cell["mark"], centre(cell_box(r, c)), CELL * 0.62, width=10)
    recent = list(view["turn_marks"])
    if not recent and view["last_move"]:
        recent = view["last_move"]["cells"]
    for lbl in recent:
        x0, y0, x1, y1 = cell_box(*position_of(lbl))
        draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=HIGHLIGHT, width=6)


def draw_trough(draw: ImageDraw.ImageDraw, cells: list[tuple[int, int]]) -> None:
    """A wooden trough full of water; a large trough is one shape over its two cells."""
    boxes = [cell_box(r, c) for r, c in cells]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=INNER_GRASS)
    pad = 9
    draw.rounded_rectangle((x0 + pad, y0 + pad, x1 - pad, y1 - pad), radius=16,
                           fill=WATER, outline=TROUGH_RIM, width=7)
    for k in range(1, 4):
        wy = y0 + (y1 - y0) * k // 4
        points = []
        for step in range(0, x1 - x0 - 2 * pad - 16, 8):
            points.append((x0 + pad + 8 + step, wy + (3 if (step // 8) % 2 else -3)))
        if len(points) > 1:
            draw.line(points, fill=WATER_WAVE, width=3)


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


# -- the side panel ------------------------------------------------------------------------------
def draw_panel(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    x, y = PANEL_X, 26
    draw.text((x, y), "Kuhlorado", font=font(30, True), fill=INK)
    subtitle = f"sheet {view['sheet_number']}" + (" · pro variant" if view["pro"]["enabled"] else "")
    draw.text((x + PANEL_W, y + 8), subtitle, font=font(22), fill=MUTED, anchor="ra")
    y += 54
    y = draw_dice_block(draw, view, names, x, y)
    y = draw_status(draw, view, names, x, y)
    for player in view["players"]:
        y = draw_player(draw, view, player, names, x, y)
    draw_footer(draw, view, x, y)


def draw_dice_block(draw, view: dict, names: list[str], x: int, y: int) -> int:
    size = 92
    if view["dice"]:
        for i, face in enumerate(view["dice"]):
            draw_die(draw, face, (x + i * (size + 18), y), size)
        left = x + 2 * (size + 18)
        room = PANEL_W - 2 * (size + 18)
        lines = [fit(names[view["dice_seat"]], 22, room), "rolled"]
        if view["rerolled"]:
            lines.append("(rerolled)")
        for i, line in enumerate(lines):
            draw.text((left, y + 8 + i * 28), line, font=font(22), fill=MUTED)
    else:
        draw.text((x, y + 30), "No roll yet", font=font(26), fill=MUTED)
    return y + size + 24


def draw_die(draw, face: str, at: tuple[int, int], size: int) -> None:
    x, y = at
    draw.rounded_rectangle((x, y, x + size, y + size), radius=14, fill=DIE_FACE,
                           outline=INK, width=3)
    if face == "cow":
        draw_cow(draw, (x + size * 0.46, y + size * 0.56), size * 0.74, DIE_FACE,
                 body=COW_GREEN)
        return
    r = size * 0.085
    for px, py in PIPS[int(face)]:
        cx, cy = x + px * size, y + py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PIP)


def draw_status(draw, view: dict, names: list[str], x: int, y: int) -> int:
    if view["finished"]:
        winners = view["winners"]
        draw.text((x, y), "Game over", font=font(30, True), fill=(150, 30, 30))
        if len(winners) == 2:
            result = "A tie: both win!"
        else:
            result = fit(names[winners[0]], 28, PANEL_W - 80, bold=True) + " wins!"
        draw.text((x, y + 38), result, font=font(28, True), fill=INK)
        draw.text((x, y + 76), fit(view["end_reason"], 22, PANEL_W), font=font(22), fill=MUTED)
        return y + 116
    seat = view["current_seat"]
    draw.text((x, y), f"Turn {view['turn']}", font=font(22), fill=MUTED)
    draw_symbol(draw, "xo"[seat], (x + 15, y + 50), 26, width=5)
    name = fit(names[seat], 28, PANEL_W - 40, bold=True)
    draw.text((x + 40, y + 33), name, font=font(28, True), fill=INK)
    draw.text((x + 40, y + 70), PHASE_TEXT[view["phase"]], font=font(26), fill=INK)
    return y + 120


def draw_player(draw, view: dict, player: dict, names: list[str], x: int, y: int) -> int:
    seat, scores = player["seat"], player["scores"]
    active = view["current_seat"] == seat or seat in view["winners"]
    box = (x - 12, y - 6, x + PANEL_W, y + 108)
    draw.rounded_rectangle(box, radius=12, fill=(255, 252, 240) if active else BACKGROUND,
                           outline=HIGHLIGHT if active else (200, 190, 170), width=3)
    draw_symbol(draw, player["symbol"], (x + 20, y + 24), 28, width=6)
    name = fit(names[seat], 26, PANEL_W - 130, bold=True)
    draw.text((x + 46, y + 8), name, font=font(26, True), fill=INK)
    draw.text((x + PANEL_W - 20, y + 4), str(scores["total"]), font=font(44, True),
              fill=SYMBOL_COLOURS[player["symbol"]], anchor="ra")
    parts = f"meadows {scores['meadows']} · troughs {scores['troughs']}"
    draw.text((x + 8, y + 48), parts, font=font(24), fill=INK)
    parts = f"herds {scores['herds']}"
    if view["pro"]["enabled"]:
        parts += f" · doubles {scores['doubles']}"
    draw.text((x + 8, y + 76), parts, font=font(24), fill=INK)
    return y + 122


def draw_footer(draw, view: dict, x: int, y: int) -> None:
    lines = [f"Free: {view['free_cows']} cows, {view['free_numbers']} numbers"]
    pro = view["pro"]
    if pro["enabled"]:
        if pro["scored"]:
            lines.append(f"Pro: doubles scored at {pro['threshold']} cows")
        else:
            lines.append(f"Pro: cows marked {pro['cows_marked']}/{pro['threshold']}")
    leaders = view["meadow_leaders"]
    marks = "   ".join(f"{side[0].upper()} {'–' if w is None else 'xo'[w]}"
                       for side, w in leaders.items())
    lines.append(f"Meadows: {marks}")
    for line in lines:
        draw.text((x, y), fit(line, 23, PANEL_W), font=font(23), fill=MUTED)
        y += 32


# -- small helpers -----------------------------------------------------------------------------
def centre(box: tuple[int, int, int, int]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def blend(colour, towards, amount: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * amount) for a, b in zip(colour, towards, strict=True))


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
    face = font(size, bold)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
