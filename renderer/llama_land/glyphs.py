"""Llama Land's small pictures: the five icons, a llama, a foundation brick, the crook.

Each glyph is drawn in a square of side ``size`` centred at ``at``, with flat colours and a
dark outline so that it reads on every height shade (the icons sit on a light plate).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

Point = tuple[float, float]

INK = (38, 34, 30)
PLATE = (252, 248, 236)
CORN = (246, 200, 40)
CORN_DOT = (196, 140, 16)
LEAF = (70, 150, 50)
CACAO = (150, 78, 34)
CACAO_RIDGE = (96, 46, 18)
POTATO = (214, 170, 112)
POTATO_EYE = (120, 86, 46)
COIN = (250, 206, 60)
COIN_RIM = (170, 120, 10)
HUT_WALL = (236, 214, 170)
HUT_ROOF = (168, 98, 46)
LLAMA = (255, 255, 255)
BRICK = (196, 84, 58)
MORTAR = (240, 226, 206)

#: The icon letters of the estate notation (games/llama_land/NOTATION.md) and their names.
ICON_NAMES = {"c": "corn", "k": "cacao", "p": "potato", "$": "coin", "h": "hut"}


def line_width(size: float) -> int:
    return max(1, round(size / 22))


def draw_icon(draw: ImageDraw.ImageDraw, icon: str, at: Point, size: float,
              plate: bool = True) -> None:
    """One icon (``c k p $ h``) or a llama (``L``), on a light round plate when ``plate``.

    Drawn once per size and pasted after that (boards repeat the same icons many times).
    """
    target = getattr(draw, "_image", None)  # the image this ImageDraw draws on
    if target is None or target.mode != "RGB":
        paint_icon(draw, icon, at, size, plate)
        return
    sprite = icon_sprite(icon, round(size), plate)
    half = sprite.width / 2
    x, y = round(at[0] - half), round(at[1] - half)
    core = sprite.im  # Pillow's core paste (Image.paste's checks cost more than the copy)
    target.im.paste(core, (x, y, x + sprite.width, y + sprite.height), core)


@lru_cache(maxsize=256)
def icon_sprite(icon: str, size: int, plate: bool) -> Image.Image:
    side = size + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    paint_icon(ImageDraw.Draw(sprite), icon, (side / 2, side / 2), size, plate)
    return sprite


def paint_icon(draw: ImageDraw.ImageDraw, icon: str, at: Point, size: float,
               plate: bool = True) -> None:
    if plate and icon != "L":
        r = size * 0.5
        draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), fill=PLATE, outline=INK,
                     width=line_width(size))
    inner = size * 0.78 if plate else size
    {
        "c": draw_corn,
        "k": draw_cacao,
        "p": draw_potato,
        "$": draw_coin,
        "h": draw_hut,
        "L": draw_llama,
    }[icon](draw, at, inner)


def draw_corn(draw: ImageDraw.ImageDraw, at: Point, size: float) -> None:
    """A yellow cob between two green leaves."""
    x, y = at
    h = size / 2
    w = line_width(size)
    draw.polygon([(x - h * 0.05, y + h * 0.9), (x - h * 0.75, y - h * 0.1),
                  (x - h * 0.2, y + h * 0.25)], fill=LEAF, outline=INK)
    draw.polygon([(x + h * 0.05, y + h * 0.9), (x + h * 0.75, y - h * 0.1),
                  (x + h * 0.2, y + h * 0.25)], fill=LEAF, outline=INK)
    draw.ellipse((x - h * 0.3, y - h * 0.9, x + h * 0.3, y + h * 0.7), fill=CORN,
                 outline=INK, width=w)
    dot = max(1.0, h * 0.07)
    for row in range(4):
        cy = y - h * 0.5 + row * h * 0.3
        for dx in (-h * 0.12, h * 0.12):
            draw.ellipse((x + dx - dot, cy - dot, x + dx + dot, cy + dot), fill=CORN_DOT)


def draw_cacao(draw: ImageDraw.ImageDraw, at: Point, size: float) -> None:
    """A ribbed brown pod, pointed at both ends."""
    x, y = at
    h = size / 2
    pod = [(x, y - h * 0.95), (x + h * 0.42, y - h * 0.55), (x + h * 0.5, y),
           (x + h * 0.42, y + h * 0.55), (x, y + h * 0.95), (x - h * 0.42, y + h * 0.55),
           (x - h * 0.5, y), (x - h * 0.42, y - h * 0.55)]
    draw.polygon(pod, fill=CACAO, outline=INK)
    w = line_width(size)
    for dx in (-h * 0.2, 0, h * 0.2):
        draw.line([(x + dx * 0.6, y - h * 0.75), (x + dx, y), (x + dx * 0.6, y + h * 0.75)],
                  fill=CACAO_RIDGE, width=w)


def draw_potato(draw: ImageDraw.ImageDraw, at: Point, size: float) -> None:
    """A lumpy tan tuber with dark eyes."""
    x, y = at
    h = size / 2
    w = line_width(size)
    draw.ellipse((x - h * 0.85, y - h * 0.55, x + h * 0.85, y + h * 0.6), fill=POTATO,
                 outline=INK, width=w)
    draw.ellipse((x - h * 0.2, y - h * 0.7, x + h * 0.55, y - h * 0.1), fill=POTATO)
    eye = max(1.0, h * 0.1)
    for ex, ey in ((-h * 0.4, -h * 0.05), (h * 0.25, h * 0.25), (h * 0.35, -h * 0.3),
                   (-h * 0.1, h * 0.3)):
        draw.ellipse((x + ex - eye, y + ey - eye, x + ex + eye, y + ey + eye), fill=POTATO_EYE)


def draw_coin(draw: ImageDraw.ImageDraw, at: Point, size: float) -> None:
    """A round gold coin with a rim and a square hole (no letter: it reads at any size)."""
    x, y = at
    h = size / 2
    w = max(2, round(size / 14))
    draw.ellipse((x - h * 0.8, y - h * 0.8, x + h * 0.8, y + h * 0.8), fill=COIN,
                 outline=COIN_RIM, width=w)
    draw.ellipse((x - h * 0.8, y - h * 0.8, x + h * 0.8, y + h * 0.8), outline=INK,
                 width=line_width(size))
    s = h * 0.22
    draw.rectangle((x - s, y - s, x + s, y + s), fill=COIN_RIM)


def draw_hut(draw: ImageDraw.ImageDraw, at: Point, size: float) -> None:
    """A little hut: cream walls, a brown thatched roof, a dark door."""
    x, y = at
    h = size / 2
    w = line_width(size)
    draw.rectangle((x - h * 0.6, y - h * 0.1, x + h * 0.6, y + h * 0.8), fill=HUT_WALL,
                   outline=INK, width=w)
    draw.polygon([(x - h * 0.9, y), (x, y - h * 0.85), (x + h * 0.9, y)], fill=HUT_ROOF,
                 outline=INK)
    draw.rectangle((x - h * 0.17, y + h * 0.3, x + h * 0.17, y + h * 0.8), fill=INK)


def draw_llama(draw: ImageDraw.ImageDraw, at: Point, size: float,
               body: tuple[int, int, int] = LLAMA) -> None:
    """A standing llama seen from the side, facing right: white with a dark outline."""
    x, y = at
    s = size / 100
    w = max(2, round(size / 18))
    ink = INK
    for lx in (-26, -12, 10, 22):  # legs
        draw.rectangle((x + (lx - 4) * s, y + 10 * s, x + (lx + 4) * s, y + 44 * s), fill=ink)
    draw.rounded_rectangle((x - 36 * s, y - 12 * s, x + 30 * s, y + 20 * s), radius=14 * s,
                           fill=body, outline=ink, width=w)  # body
    draw.polygon([(x + 14 * s, y - 6 * s), (x + 18 * s, y - 40 * s), (x + 32 * s, y - 40 * s),
                  (x + 32 * s, y - 2 * s)], fill=body, outline=ink)  # neck
    draw.rounded_rectangle((x + 14 * s, y - 50 * s, x + 46 * s, y - 32 * s), radius=7 * s,
                           fill=body, outline=ink, width=w)  # head
    draw.polygon([(x + 18 * s, y - 48 * s), (x + 20 * s, y - 62 * s), (x + 26 * s, y - 48 * s)],
                 fill=body, outline=ink)  # ear
    draw.line([(x + 16 * s, y - 36 * s), (x + 30 * s, y - 36 * s)], fill=body, width=w)
    eye = max(1.0, 3 * s)
    draw.ellipse((x + 32 * s - eye, y - 44 * s - eye, x + 32 * s + eye, y - 44 * s + eye),
                 fill=ink)
    draw.line([(x - 36 * s, y - 4 * s), (x - 44 * s, y + 6 * s)], fill=ink, width=w)  # tail


def draw_brick(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """A foundation: a small square of brickwork."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=BRICK, outline=INK, width=1)
    rows = 3
    step = (y1 - y0) / rows
    for r in range(1, rows):
        draw.line([(x0, y0 + r * step), (x1, y0 + r * step)], fill=MORTAR, width=1)
    for r in range(rows):
        offset = 0.5 if r % 2 else 0.0
        for k in (0.25, 0.75):
            bx = x0 + (x1 - x0) * ((k + offset * 0.5) % 1.0)
            draw.line([(bx, y0 + r * step), (bx, y0 + (r + 1) * step)], fill=MORTAR, width=1)


def draw_crook(draw: ImageDraw.ImageDraw, at: Point, size: float) -> None:
    """The shepherd's crook (the start player's marker): a brown staff with a hook."""
    x, y = at
    h = size / 2
    w = max(2, round(size / 8))
    colour = (120, 72, 30)
    draw.line([(x - h * 0.1, y + h), (x - h * 0.1, y - h * 0.4)], fill=colour, width=w)
    draw.arc((x - h * 0.1 - h * 0.02, y - h * 0.95, x + h * 0.7, y - h * 0.15), 180, 360,
             fill=colour, width=w)
    draw.line([(x + h * 0.69, y - h * 0.55), (x + h * 0.69, y - h * 0.3)], fill=colour, width=w)
