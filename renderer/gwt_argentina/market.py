"""The job market with its marker, the forecast spaces, the cattle market and the
objective display.

Job market: its 11 rows stand as columns here (row number and hire cost on top, the
marker's row framed and flagged, the arrows' events under their row), each worker a tile
of its type's colour with its letter ("+" when it has a strength icon); the columns not
used at this player count are greyed.
"""

from __future__ import annotations

from games.gwt_argentina import words
from games.gwt_argentina.action_facts import describe_printed
from games.gwt_argentina.data.cattle import BREED_BY_ID, MARKET_CARD_BY_ID
from games.gwt_argentina.data.objectives import OBJECTIVE_BY_ID
from games.gwt_argentina.data.tiles import (
    ARROW_BY_ROW,
    FARMER_BY_ID,
    JOB_MARKET_COLUMNS,
    JOB_MARKET_COSTS,
    JOB_MARKET_ROWS,
    WORKER_BY_ID,
    job_market_columns,
)
from games.i18n import N_, _
from renderer.colours import readable_ink
from renderer.gwt_argentina.canvas import (
    BREED_FILL,
    FARMER_FILL,
    FLOOR,
    INK,
    LINE,
    MARGIN,
    MUTED_INK,
    PANEL,
    WIDTH,
    WORKER_FILL,
    WORKER_LETTER,
    Canvas,
)

#: What happens when the marker leaves a row by an arrow (p. 11 and 19)
ARROW_WORDS = {"ships": N_("ships"), "market": N_("cattle"), "end": N_("end")}
JOB_PITCH = (WIDTH - 2 * MARGIN + 4) / JOB_MARKET_ROWS
JOB_W = JOB_PITCH - 4
JOB_H = 36
MARKER = "#e0b000"
UNUSED = "#d6d0c4"


def tile_word(tile: str) -> tuple[str, str]:
    """(text, fill) of a worker or farmer tile."""
    if tile in WORKER_BY_ID:
        worker = WORKER_BY_ID[tile]
        return WORKER_LETTER[worker.kind] + ("+" if worker.strong else ""), WORKER_FILL[worker.kind]
    farmer = FARMER_BY_ID[tile]
    return f"F{farmer.strength}", FARMER_FILL[farmer.colour]


def paint_tile(canvas: Canvas, box, tile: str) -> None:
    word, fill = tile_word(tile)
    canvas.rect(box, fill, outline=INK, width=2, radius=5)
    canvas.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), word, bold=True,
                fill=readable_ink(fill), anchor="mm", condensed=True)


def _paint_job_row(canvas: Canvas, x: float, y: float, tiles: tuple[str | None, ...],
                   used: tuple[bool, ...]) -> None:
    """A job-market row from ``(x, y)`` down: each cell's worker or farmer, or empty
    (greyed when its column is not used at this player count)."""
    for c, (tile, in_use) in enumerate(zip(tiles, used, strict=True)):
        y0 = y + c * (JOB_H + 4)
        box = (x, y0, x + JOB_W, y0 + JOB_H)
        if tile:
            paint_tile(canvas, box, tile)
        else:
            canvas.rect(box, PANEL if in_use else UNUSED, outline=LINE, width=1, radius=5)


def paint_job_market(canvas: Canvas, view: dict, top: float) -> float:
    board = view["board"]
    marker = board["job_marker_row"]
    used = set(job_market_columns(view["seats"]))
    flag = (_("marker left the board") if marker >= JOB_MARKET_ROWS
            else _("marker on row {n}", n=marker + 1))
    top = canvas.title(top, _("Job market"), flag)
    head = FLOOR + 6
    for r in range(JOB_MARKET_ROWS):
        x0 = MARGIN + r * JOB_PITCH
        if r == marker:
            canvas.rect((x0 - 2, top - 2, x0 + JOB_W + 2,
                         top + head + JOB_MARKET_COLUMNS * (JOB_H + 4) + FLOOR + 6),
                        MARKER, outline=INK, width=3)
        canvas.text((x0 + JOB_W / 2, top + 2), f"{r + 1}: ${JOB_MARKET_COSTS[r]}", bold=True,
                    condensed=True, anchor="ma")
        for c in range(JOB_MARKET_COLUMNS):
            y0 = top + head + c * (JOB_H + 4)
            canvas.place(f"job:{r + 1}.{c + 1}", (x0, y0, x0 + JOB_W, y0 + JOB_H))
        # a row changes only when a worker is hired from it or laid in it
        canvas.paste_drawn((x0, top + head), (JOB_W, JOB_MARKET_COLUMNS * (JOB_H + 4)),
                           _paint_job_row, tuple(board["job_market"][r]),
                           tuple(c in used for c in range(JOB_MARKET_COLUMNS)))
        arrow = ARROW_BY_ROW.get(r + 1)
        if arrow is not None:
            word = _(ARROW_WORDS[arrow.event])
            canvas.text((x0 + JOB_W / 2, top + head + JOB_MARKET_COLUMNS * (JOB_H + 4)),
                        word, condensed=True, anchor="ma", fill=MUTED_INK)
    return top + head + JOB_MARKET_COLUMNS * (JOB_H + 4) + FLOOR + 12


def paint_forecast(canvas: Canvas, view: dict, top: float) -> float:
    board = view["board"]
    bags = board["bags"]
    top = canvas.title(top, _("Forecast"), _("bags A {a} · B {b} · C {c}", a=bags["A"],
                                             b=bags["B"], c=bags["C"]))
    pitch = (WIDTH - 2 * MARGIN + 6) / 6
    for i, space in enumerate(("A1", "A2", "B1", "B2", "C1", "C2")):
        x0 = MARGIN + i * pitch
        box = (x0, top, x0 + pitch - 6, top + 40)
        canvas.place(f"forecast:{space}", box)
        canvas.paste_drawn((x0, top), (pitch - 6, 40), _paint_forecast, space,
                           board["forecast"].get(space), pitch)
    return top + 50


def _paint_forecast(canvas: Canvas, x0: float, top: float, space: str, tile: str | None,
                    pitch: float) -> None:
    canvas.rect((x0, top, x0 + pitch - 6, top + 40), PANEL, outline=LINE, width=2)
    canvas.text((x0 + 6, top + 20), space, bold=True, anchor="lm", fill=MUTED_INK)
    if tile:
        paint_tile(canvas, (x0 + 40, top + 4, x0 + pitch - 10, top + 36), tile)


CARD_W = 48
CARD_H = 56


def card_face(card: str) -> tuple[str, str, str]:
    """(top text, bottom text, fill) of a cattle, exhaustion or objective card."""
    if card == "EX":
        return _("EX"), "-2", "#8c8c8c"
    if card in OBJECTIVE_BY_ID:
        objective = OBJECTIVE_BY_ID[card]
        return card[2:], _("{n}vp", n=objective.vp), "#efe3b4"
    if card in MARKET_CARD_BY_ID:
        data = MARKET_CARD_BY_ID[card]
        breed = BREED_BY_ID[data.breed]
    else:
        breed = next(b for b in BREED_BY_ID.values() if card.split(":")[-1].startswith(b.code))
    return str(breed.value), _("s{n}", n=breed.strength), BREED_FILL[breed.colour]


def paint_card(canvas: Canvas, x0: float, y0: float, card: str) -> None:
    """A card's face (drawn once, pasted after that)."""
    canvas.paste_drawn((x0, y0), (CARD_W, CARD_H), _paint_card, card)


def _paint_card(canvas: Canvas, x0: float, y0: float, card: str) -> None:
    top_text, bottom_text, fill = card_face(card)
    ink = readable_ink(fill)
    canvas.rect((x0, y0, x0 + CARD_W, y0 + CARD_H), fill, outline=INK, width=2, radius=5)
    canvas.text((x0 + CARD_W / 2, y0 + 4), top_text, bold=True, size=FLOOR + 4, fill=ink,
                anchor="ma")
    canvas.text((x0 + CARD_W / 2, y0 + CARD_H - 4), bottom_text, fill=ink, anchor="md",
                condensed=True)


def paint_cattle_market(canvas: Canvas, view: dict, top: float) -> float:
    board = view["board"]
    cards = board["cattle_market"]
    top = canvas.title(top, _("Cattle market (value, strength)"),
                       _("deck {deck} · exhaustion {exhaustion}", deck=board["cattle_deck"],
                         exhaustion=board["exhaustion"]))
    per_row = int((WIDTH - 2 * MARGIN + 4) // (CARD_W + 4))
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        paint_card(canvas, MARGIN + col * (CARD_W + 4), top + row * (CARD_H + 6), card)
    rows = max(1, (len(cards) + per_row - 1) // per_row)
    return top + rows * (CARD_H + 6) + 4


OBJECTIVE_W = (WIDTH - 2 * MARGIN - 6) / 2
OBJECTIVE_H = 3 * (FLOOR + 6) + 10


def paint_objectives(canvas: Canvas, view: dict, top: float) -> float:
    """The objective cards on display, two a row, each whole: its number and points, what
    it asks and its immediate action."""
    board = view["board"]
    top = canvas.title(top, _("Objectives"), _("deck {n}", n=board["objective_deck"]))
    cards = board["objective_display"]
    for i, card in enumerate(cards):
        row, col = divmod(i, 2)
        x = MARGIN + col * (OBJECTIVE_W + 6)
        y = top + row * (OBJECTIVE_H + 6)
        canvas.place(f"obj:{card}", (x, y, x + OBJECTIVE_W, y + OBJECTIVE_H))
        canvas.paste_drawn((x, y), (OBJECTIVE_W, OBJECTIVE_H), _paint_objective, card)
    rows = max(1, (len(cards) + 1) // 2)
    return top + rows * (OBJECTIVE_H + 6) + 4


def _paint_objective(canvas: Canvas, x: float, top: float, card: str) -> None:
    data = OBJECTIVE_BY_ID[card]
    needs = ", ".join(words.need(k) if n == 1 else _("{need} ×{n}", need=words.need(k), n=n)
                      for k, n in data.needs.items())
    box = (x, top, x + OBJECTIVE_W, top + OBJECTIVE_H)
    canvas.rect(box, "#efe3b4", outline=INK, width=2)
    line = FLOOR + 6
    canvas.text((x + 6, top + 4), _("Objective {n} · {vp} VP or {penalty}", n=card[2:],
                                     vp=data.vp, penalty=data.penalty),
                bold=True, condensed=True, width=OBJECTIVE_W - 12)
    canvas.text((x + 6, top + 4 + line), needs, condensed=True, width=OBJECTIVE_W - 12)
    canvas.text((x + 6, top + 4 + 2 * line), _("at once: {action}",
                                               action=describe_printed(data.action)),
                condensed=True, fill=MUTED_INK, width=OBJECTIVE_W - 12)


def condition_word(condition: str) -> str:
    """A short word for an objective's condition (``data.objectives.CONDITIONS``)."""
    if condition.startswith("farmer_"):
        return words.granjero(condition[7:])
    if condition.startswith("district_"):
        return _("dist.{letter}", letter=condition[9:])
    if condition in SHORT_CONDITIONS:
        return _(SHORT_CONDITIONS[condition])
    return {"caracu": "Caracu", "franqueiro": "Franq.", "angus": "Angus"}.get(condition,
                                                                             condition)


SHORT_CONDITIONS = {"building": N_("bldg"), "station": N_("stn"), "cattle_3": N_("val-3"),
                    "ship18": N_("ship 18")}
