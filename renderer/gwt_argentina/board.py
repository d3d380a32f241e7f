"""The Great Western Trail: Argentina board image (phone first, portrait).

Built only from the view dict of ``GAME.view(state, seat)``. The posted board (:func:`render`)
holds what a player needs every turn, top to bottom: whose turn and the last turn's log,
the players' score strip, and the trail (:mod:`~renderer.gwt_argentina.trail`) with what its neutral
buildings do — at most twice as tall as wide, so that a phone shows it whole. The rest
comes on demand (:data:`PARTS`, :func:`render_part`): the market (job market, forecast
spaces, cattle market and objectives: :mod:`~renderer.gwt_argentina.market`), the railway,
the ships and ports (:mod:`~renderer.gwt_argentina.railway`), and the players' boards
(:mod:`~renderer.gwt_argentina.players`: the seated player's own first, with their hand).

:func:`render_decision` draws the region of the board holding a decision's places
(``Option.at``), only the sections it shows, and each option's mark there (see
:mod:`renderer.marks`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image

from games.base import name_seats
from games.i18n import N_, _
from renderer.fonts import draw_on
from renderer.gwt_argentina.canvas import (
    FLOOR,
    MARGIN,
    MUTED_INK,
    WIDTH,
    Canvas,
    Layout,
    name_of,
)
from renderer.gwt_argentina.market import (
    paint_cattle_market,
    paint_forecast,
    paint_job_market,
    paint_objectives,
)
from renderer.gwt_argentina.players import paint_player_boards, paint_seat_board, score_strip
from renderer.gwt_argentina.railway import paint_ports, paint_railway, paint_ships
from renderer.gwt_argentina.trail import LAYOUT as TRAIL_LAYOUT
from renderer.gwt_argentina.trail import paint_legend, paint_trail
from renderer.marks import PLACE_OUTLINE, Box, draw_mark, mark_size, region_around

LOG_LINES = 4
DECISION_CONTEXT = 40


def table_names(view: dict, names: list[str]) -> list[str]:
    """The seats' names, and Pedro's in a solo game (he holds no seat: ``players[1]``)."""
    if view.get("pedro") is not None and len(names) < len(view.get("players", ())):
        return [*names, "Pedro"]
    return names


#: The tallest board drawn so far in this process, by :func:`_shape`: the next such
#: board is drawn on a canvas that tall, and one that fills it exactly (most boards) is
#: the canvas itself, not a copy cut from a taller one (a copy of the board, ~1.5 ms).
#: Only a board taller than that is drawn twice (the first time it is cut off).
_HEIGHTS: dict[tuple[int, bool, int], int] = {}


def _shape(view: dict) -> tuple[int, bool, int]:
    """What a board's height depends on: the number of players, seated or not, and the
    cards of the cattle market (its rows). (The players' number alone let one board
    with a longer market make every board after it a copy.)"""
    return (len(view["players"]), (view.get("private") or {}).get("seat") is not None,
            len(view["board"]["cattle_market"]))


def render(view: dict, names: list[str]) -> Image.Image:
    """The posted board: turn, log, scores and the trail."""
    names = table_names(view, names)
    key = _shape(view)
    height = _HEIGHTS.get(key)
    if height is not None:
        canvas, bottom = _paint(view, names, BOARD, height)
        if round(bottom) == height:
            return canvas.image
        if round(bottom) < height:
            return canvas.crop(bottom)
    canvas, bottom = _paint(view, names, BOARD)
    _HEIGHTS[key] = max(round(bottom), height or 0)
    return canvas.crop(bottom)


#: The board's sections top to bottom: each paints from a ``y`` and returns the y below it.
Section = Callable[[Canvas, dict, list[str], float], float]


def _paint_strip(canvas: Canvas, view: dict, names: list[str], y: float) -> float:
    strip = score_strip(view, names)
    strip.paint_on(canvas.draw, (0, y))
    return y + strip.total_height + 4


def _paint_trail(canvas: Canvas, view: dict, names: list[str], y: float) -> float:
    y = canvas.title(y, _("Trail"), _("hand: toll for this player count"))
    y = paint_trail(canvas, view, names, y) + 6
    return paint_legend(canvas, y) + 4


def _paint_market(canvas: Canvas, view: dict, names: list[str], y: float) -> float:
    y = paint_job_market(canvas, view, y)
    y = paint_forecast(canvas, view, y)
    y = paint_cattle_market(canvas, view, y)
    return paint_objectives(canvas, view, y)


def _paint_ships(canvas: Canvas, view: dict, names: list[str], y: float) -> float:
    return paint_ports(canvas, view, names, paint_ships(canvas, view, names, y))


#: The posted board.
BOARD: tuple[Section, ...] = (
    lambda canvas, view, names, y: _paint_header(canvas, view, names, y),
    _paint_strip,
    _paint_trail,
)
#: The parts of the board shown on demand: key -> (name, sections).
PARTS: dict[str, tuple[str, tuple[Section, ...]]] = {
    "market": (N_("Market"), (_paint_market,)),
    "railway": (N_("Railway"), (paint_railway,)),
    "ships": (N_("Ships and ports"), (_paint_ships,)),
    "players": (N_("Player boards"), (paint_player_boards,)),
}
#: Every section, as a decision image finds its places in them (the posted board, then
#: the parts; a seated view's own board last).
SECTIONS: tuple[Section, ...] = (*BOARD, _paint_market, paint_railway, _paint_ships,
                                 paint_seat_board)
TOP = 6


def parts(view: dict, names: list[str]) -> list[tuple[str, str]]:
    """The parts of the board a player may ask for: (key, name in the active language)."""
    return [(key, _(name)) for key, (name, _sections) in PARTS.items()]


def render_part(view: dict, names: list[str], part: str) -> Image.Image | None:
    """One part of the board (:data:`PARTS`) under a line saying whose turn it is; None
    for a part this game does not have."""
    if part not in PARTS:
        return None
    names = table_names(view, names)
    canvas, bottom = _paint(view, names, (_paint_turn_line, *PARTS[part][1]))
    return canvas.crop(bottom)


def _paint_turn_line(canvas: Canvas, view: dict, names: list[str], y: float) -> float:
    canvas.text((MARGIN, y), _turn_text(view, names), bold=True, fill=MUTED_INK,
                width=WIDTH - 2 * MARGIN)
    return y + FLOOR + 8


def _paint(view: dict, names: list[str], sections: tuple[Section, ...],
           height: int | None = None) -> tuple[Canvas, float]:
    canvas = Canvas() if height is None else Canvas(height)
    y: float = TOP
    for section in sections:
        y = section(canvas, view, names, y)
    return canvas, y + 4


def _layout(view: dict, names: list[str]) -> tuple[Layout, list[tuple[Section, float, float]],
                                                     float]:
    """The places of the board, each section with the y it starts and ends at, and the
    board's bottom, all without drawing."""
    layout = Layout()
    spans: list[tuple[Section, float, float]] = []
    y: float = TOP
    for section in SECTIONS:
        top, y = y, section(layout, view, names, y)
        spans.append((section, top, y))
    return layout, spans, y + 4


def _turn_text(view: dict, names: list[str]) -> str:
    """ "Turn 12 — Ana to play", or who won."""
    if view["finished"]:
        totals = {int(s): sc["total"] for s, sc in (view.get("scores") or {}).items()}
        pedro = (view.get("pedro") or {}).get("scores")
        if pedro is not None:  # Solo: Pedro beside the seat (« En cas d'égalité, la
            totals[len(totals)] = pedro["total"]  # victoire est partagée », with him too)
        best = max(totals.values(), default=0)
        winners = [name_of(names, s) for s, t in totals.items() if t == best]
        head = (_("Game over — {winners} wins with {n} VP", winners=winners[0], n=best)
                if len(winners) == 1 else
                _("Game over — {winners} share the win with {n} VP",
                  winners=", ".join(winners), n=best))
    elif view["end_triggered_by"] is not None:
        head = _("Turn {n} — {name} to play (last turns)", n=view["turn"],
                 name=name_of(names, view["current"]))
    else:
        head = _("Turn {n} — {name} to play", n=view["turn"],
                 name=name_of(names, view["current"]))
    return head


def _paint_header(canvas: Canvas, view: dict, names: list[str], y: float) -> float:
    canvas.text((MARGIN, y), _turn_text(view, names), size=FLOOR + 6, bold=True,
                width=WIDTH - 2 * MARGIN)
    y += FLOOR + 14
    for line in view.get("log", [])[-LOG_LINES:]:
        canvas.text((MARGIN, y), named(line, names), condensed=True, fill=MUTED_INK,
                    width=WIDTH - 2 * MARGIN)
        y += FLOOR + 6
    return y + 2


def named(line: str, names: list[str]) -> str:
    """A log line (an event's text) with the players' names for its seat references."""
    return name_seats(line, names)


#: how far a section may draw beyond the ys it starts and ends at (its neighbours' room)
SPILL = 16


def render_decision(view: dict, names: list[str], marks: dict[str, str]) -> Image.Image | None:
    """The region of the board around the decision's places, with their marks. Only the
    sections the region shows are drawn, on a canvas from the first of them down: they are
    moved up by an even number of pixels, which keeps every pixel (Pillow rounds halves to
    even)."""
    names = table_names(view, names)
    layout, spans, bottom = _layout(view, names)
    boxes = {place: layout.places[place] for place in marks if place in layout.places}
    if not boxes:
        return None
    bounds = Box(0, 0, WIDTH, bottom)
    region = region_around(boxes.values(), DECISION_CONTEXT, bounds, min_width=WIDTH,
                           min_height=300)
    left, top, right, low = (round(region.left), round(region.top), round(region.right),
                             round(region.bottom))
    shown = [(section, start) for section, start, end in spans
             if end + SPILL > top and start - SPILL < low]
    # from above the first section shown: nothing is drawn at negative coordinates, which
    # Pillow rounds otherwise (towards zero)
    shift = max(0, 2 * math.floor((shown[0][1] - SPILL) / 2))
    canvas = Canvas(low - shift)
    for section, start in shown:
        section(canvas, view, names, start - shift)
    image = canvas.image.crop((left, top - shift, right, low - shift))
    return draw_marks(image, boxes, region, marks)


def draw_marks(image: Image.Image, boxes: dict[str, Box], region: Box,
               marks: dict[str, str]) -> Image.Image:
    """Each place of ``boxes`` (on the board) outlined and marked on ``image``, the
    board's ``region``."""
    draw = draw_on(image)
    size = mark_size(image.width)
    for place, box in boxes.items():
        box = Box(box.left - region.left, box.top - region.top, box.right - region.left,
                  box.bottom - region.top)
        draw.rounded_rectangle((box.left - 3, box.top - 3, box.right + 3, box.bottom + 3),
                               radius=6, outline="white", width=6)
        draw.rounded_rectangle((box.left - 2, box.top - 2, box.right + 2, box.bottom + 2),
                               radius=6, outline=PLACE_OUTLINE, width=3)
        draw_mark(draw, mark_centre(place, box, size, image.width), marks[place], size)
    return image


def mark_centre(place: str, box: Box, size: int, width: float) -> tuple[float, float]:
    """A trail space's mark sits on its upper-left corner, over the space's id, so that
    its tile, toll and estancieros stay readable; other places as :func:`mark_x` says."""
    if place in TRAIL_LAYOUT:
        x = min(max(box.left + size * 0.55, size * 0.9), width - size * 0.9)
        return x, box.top + 1
    return mark_x(place, box, size, width), (box.top + box.bottom) / 2


def mark_x(place: str, box: Box, size: int, width: float) -> float:
    """Where a mark sits across its place: on an edge, so that what the place holds (a
    worker's letter, a farmer's strength) stays readable, except on a place too narrow for
    that. A job-market worker's letter is centred, the next cell close on its right: the
    left edge; a trail space's text starts on the left: the right edge."""
    if box.width < 2.2 * size:
        x = (box.left + box.right) / 2
    elif place.startswith("job:"):
        x = box.left + size * 0.2
    else:
        x = box.right - size * 0.2
    return min(max(x, size * 0.9), width - size * 0.9)
