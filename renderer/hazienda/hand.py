"""Hazienda: the faces of a seat's cards, for its private panel when it may play one
(``Holdings.faces``): a card per kind held, lands on the first row and animals on the
second, each with its sign as the map draws it (the land's hex and glyph, the animal's tile
in the player's colour), its name and how many. 600 px wide: on a 400 px phone every text
is at least 9 px."""

from __future__ import annotations

from PIL import Image

from games.hazienda.names import card_name, upper_first
from games.i18n import _n
from renderer.fonts import draw_on, font, min_size
from renderer.hazienda.board import BACKGROUND, INK, MUTED_INK, draw_animal, land_icon

WIDTH = 600
FLOOR = min_size(WIDTH)
MARGIN = 8
GAP = 6
PER_ROW = 6
CARD_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) // PER_ROW
CARD_H = 112


def render_hand(view: dict, names: list[str]) -> Image.Image | None:
    """The seat's hand (``view["private"]["hand"]``: kind -> how many, per deck), or None
    without a seat or cards."""
    private = view.get("private") or {}
    hand = private.get("hand") or {}
    rows = [[(kind, n) for kind, n in sorted((hand.get(deck) or {}).items()) if n > 0]
            for deck in ("land", "animal")]
    rows = [row for row in rows if row]
    if not rows:
        return None
    colour = (view.get("colours") or ["red"] * 5)[private.get("seat", 0)]
    lines = [row[i:i + PER_ROW] for row in rows for i in range(0, len(row), PER_ROW)]
    title = FLOOR + 16
    image = Image.new("RGB", (WIDTH, title + len(lines) * (CARD_H + GAP) + MARGIN), BACKGROUND)
    draw = draw_on(image)
    total = sum(n for row in rows for _kind, n in row)
    draw.text((MARGIN, 6), _n("Your hand ({n} card)", "Your hand ({n} cards)", total), font=font(FLOOR + 2, True),
              fill=INK)
    for r, line in enumerate(lines):
        for c, (kind, n) in enumerate(line):
            x = MARGIN + c * (CARD_W + GAP)
            y = title + r * (CARD_H + GAP)
            _card(draw, x, y, kind, n, colour)
    return image


def _card(draw, x: float, y: float, kind: str, n: int, colour: str) -> None:
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill="white",
                           outline=INK, width=2)
    centre = (x + CARD_W / 2, y + 36)
    if kind in ("cattle", "horse", "pig", "sheep"):
        draw_animal(draw, centre, 24, kind, colour, FLOOR + 4)
    else:
        land_icon(draw, centre, 26, kind)
    name = upper_first(card_name(kind))
    face = font(FLOOR, True)
    if draw.textlength(name, font=face) > CARD_W - 6:
        face = font(FLOOR, True, condensed=True)
    draw.text((x + CARD_W / 2, y + 76), name, font=face, fill=INK, anchor="mm")
    draw.text((x + CARD_W / 2, y + CARD_H - 6), f"×{n}", font=font(FLOOR + 2, True),
              fill=MUTED_INK if n == 1 else INK, anchor="md")
