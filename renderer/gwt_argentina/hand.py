"""GWT:A: the faces of the cards in a seat's hand, for its private panel when its decision
is about them (helping granjeros, discarding, the income ...; ``Holdings.faces``).

One card a face, in hand order, four a row, each with what the decisions weigh: a cattle
card's breed, breeding value, strength and points; an exhaustion card's penalty; an
objective card's points, penalty and conditions. Drawn 600 px wide: on a 400 px phone every
text is at least 9 px.
"""

from __future__ import annotations

from PIL import Image

from games.gwt_argentina.data.cattle import (
    BREED_BY_CODE,
    BREED_BY_ID,
    EXHAUSTION_CARD_ID,
    EXHAUSTION_VP,
    MARKET_CARD_BY_ID,
    STARTING_CARD_VP,
)
from games.gwt_argentina.data.objectives import OBJECTIVE_BY_ID
from games.i18n import _, _n
from renderer.colours import readable_ink
from renderer.fonts import draw_on, font, min_size
from renderer.gwt_argentina.canvas import BACKGROUND, BREED_FILL, INK, MUTED_INK
from renderer.gwt_argentina.market import condition_word

WIDTH = 600
FLOOR = min_size(WIDTH)
MARGIN = 8
PER_ROW = 4
GAP = 8
CARD_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) // PER_ROW
CARD_H = 132
BAND = FLOOR + 12
EXHAUSTION_FILL = "#8c8c8c"
OBJECTIVE_FILL = "#efe3b4"


def render_hand(view: dict, names: list[str]) -> Image.Image | None:
    """The seat's hand (``view["private"]["hand"]``), or None without a seat or cards."""
    hand = list((view.get("private") or {}).get("hand") or [])
    if not hand:
        return None
    rows = (len(hand) + PER_ROW - 1) // PER_ROW
    title = FLOOR + 16
    image = Image.new("RGB", (WIDTH, title + rows * (CARD_H + GAP) + MARGIN - GAP + 4),
                      BACKGROUND)
    draw = draw_on(image)
    draw.text((MARGIN, 6), _n("Your hand ({n} card)", "Your hand ({n} cards)", len(hand)), font=font(FLOOR + 2, True),
              fill=INK)
    for i, card in enumerate(hand):
        row, col = divmod(i, PER_ROW)
        x = MARGIN + col * (CARD_W + GAP)
        y = title + row * (CARD_H + GAP)
        _paint(draw, x, y, card)
    return image


def _paint(draw, x: float, y: float, card: str) -> None:
    if card == EXHAUSTION_CARD_ID:
        _frame(draw, x, y, EXHAUSTION_FILL, _("Exhaustion"))
        _big(draw, x, y, f"{EXHAUSTION_VP}", _("VP at the end"), INK)
        return
    if card in OBJECTIVE_BY_ID:
        data = OBJECTIVE_BY_ID[card]
        _frame(draw, x, y, OBJECTIVE_FILL, _("Objective {n}", n=card[2:]))
        _big(draw, x, y, _("{vp} VP", vp=data.vp), _("or {penalty}", penalty=data.penalty), INK)
        needs = " ".join(f"{n} {condition_word(k)}" for k, n in data.needs.items())
        _fitted(draw, (x + CARD_W / 2, y + CARD_H - 6), needs, FLOOR, False, MUTED_INK, "md")
        return
    if card in MARKET_CARD_BY_ID:
        breed, vp = BREED_BY_ID[MARKET_CARD_BY_ID[card].breed], MARKET_CARD_BY_ID[card].vp
    else:
        breed = BREED_BY_CODE[card.split(":", 1)[1].rstrip("0123456789")]
        vp = STARTING_CARD_VP
    _frame(draw, x, y, BREED_FILL[breed.colour], breed.name)
    caption = _("value · {vp} VP", vp=vp) if vp else _("value")
    _big(draw, x, y, str(breed.value), caption, INK)
    _fitted(draw, (x + CARD_W / 2, y + CARD_H - 6), _("strength {n}", n=breed.strength),
            FLOOR, True, INK, "md")


def _frame(draw, x: float, y: float, fill: str, name: str) -> None:
    """The card: white, a band of its colour on top with its name."""
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=8, fill="white",
                           outline=INK, width=2)
    draw.rounded_rectangle((x + 2, y + 2, x + CARD_W - 2, y + BAND), radius=6, fill=fill,
                           outline=MUTED_INK if fill == BREED_FILL["white"] else None)
    _fitted(draw, (x + CARD_W / 2, y + 2 + BAND / 2), name, FLOOR, True, readable_ink(fill),
            "mm")


def _big(draw, x: float, y: float, number: str, caption: str, ink: str) -> None:
    """The card's main figure, large, with a caption under it."""
    middle = y + BAND + (CARD_H - BAND) / 2 - 12
    _fitted(draw, (x + CARD_W / 2, middle), number, 2 * FLOOR + 6, True, ink, "mm")
    _fitted(draw, (x + CARD_W / 2, middle + FLOOR + 10), caption, FLOOR, False, MUTED_INK,
            "mm")


def _fitted(draw, xy: tuple[float, float], text: str, size: int, bold: bool, fill: str,
            anchor: str) -> None:
    """``text`` in the card's width: condensed (then not bold) when it would not fit, and
    only then cut with "…"."""
    room = CARD_W - 8
    faces = [font(size, bold), font(size, bold, condensed=True)]
    if bold:
        faces.append(font(size, False, condensed=True))
    face = next((f for f in faces if draw.textlength(text, font=f) <= room), faces[-1])
    while len(text) > 1 and draw.textlength(text, font=face) > room:
        text = text[:-2] + "…"
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
