"""The players: a compact score and resource strip for everyone, and for a seated view
the player's own board and hand (each card's breeding value and strength).
"""

from __future__ import annotations

from games.gwt_argentina import words
from games.gwt_argentina.data.cattle import BREED_BY_ID, MARKET_CARD_BY_ID
from games.gwt_argentina.data.player import AUX_ACTIONS, AUX_DOUBLE_SLOT
from games.gwt_argentina.data.tiles import WORKER_ROWS
from games.i18n import N_, _
from renderer.gwt_argentina.canvas import (
    BACKGROUND,
    FLOOR,
    INK,
    MARGIN,
    MUTED_INK,
    WIDTH,
    WORKER_FILL,
    WORKER_LETTER,
    Canvas,
    name_of,
    player_fill,
)
from renderer.gwt_argentina.market import CARD_H, CARD_W, paint_card
from renderer.strip import Strip

HEADERS = ["$", N_("cert"), N_("grain"), "G C M F", N_("hand"), N_("discs"), N_("VP")]
#: The auxiliary actions (rulebook p. 18), short
AUX_WORDS = {"pesos": N_("pesos"), "draw": N_("draw"), "cert": N_("cert"), "grain": N_("grain"),
             "engine": N_("engine"), "remove": N_("remove")}


def score_strip(view: dict, names: list[str]) -> Strip:
    strip = Strip(WIDTH, BACKGROUND, padding=MARGIN)
    scores = view.get("scores") or {}
    rows = []
    for player in view["players"]:
        seat = player["seat"]
        workers = " ".join(str(len(player["workers"].get(row, []))) for row in WORKER_ROWS)
        total = scores.get(str(seat), {}).get("total", 0)
        rows.append((player_fill(seat), name_of(names, seat), [
            str(player["money"]), f"{player['certificates']}/{player['limits']['certificates']}",
            str(player["grain"]), workers,
            f"{player['hand_size']}/{player['limits']['hand']}", str(len(player["slots"])),
            str(total),
        ], seat == view["current"] and not view["finished"]))
    strip.table([_(h) if h not in ("$", "G C M F") else h for h in HEADERS], rows)
    return strip


def hand_value(hand: list[str]) -> int:
    """Breeding value of a hand: each breed once ("une seule fois par race")."""
    breeds = set()
    for card in hand:
        if card in MARKET_CARD_BY_ID:
            breeds.add(MARKET_CARD_BY_ID[card].breed)
        elif ":" in card:
            code = card.split(":")[1][:2]
            breeds.update(b.id for b in BREED_BY_ID.values() if b.code == code)
    return sum(BREED_BY_ID[b].value for b in breeds)


def paint_seat_board(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    """The seated player's hand and board (nothing for a spectator's view)."""
    private = view.get("private") or {}
    seat = private.get("seat")
    if seat is None:
        return top
    player = view["players"][seat]
    hand = list(private.get("hand", []))
    canvas.draw.rectangle((0, top, WIDTH, top + 4), fill=player_fill(seat))
    top = canvas.title(top + 8, _("Your board — {name}", name=name_of(names, seat)),
                       _("hand value {n} + cert {cert}", n=hand_value(hand),
                         cert=player["certificates"]))
    per_row = int((WIDTH - 2 * MARGIN + 4) // (CARD_W + 4))
    for i, card in enumerate(hand):
        row, col = divmod(i, per_row)
        paint_card(canvas, MARGIN + col * (CARD_W + 4), top + row * (CARD_H + 6), card)
    if not hand:
        canvas.text((MARGIN, top), _("empty hand"), fill=MUTED_INK)
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    return board_lines(canvas, player, top + rows * (CARD_H + 6) + 4)


def paint_player_boards(canvas: Canvas, view: dict, names: list[str], top: float) -> float:
    """Every player's board: the seated player's own first, with their hand; then the
    others' (what anyone may see of them)."""
    seat = (view.get("private") or {}).get("seat")
    y = paint_seat_board(canvas, view, names, top)
    for player in view["players"]:
        if player["seat"] == seat:
            continue
        canvas.draw.rectangle((0, y, WIDTH, y + 4), fill=player_fill(player["seat"]))
        y = canvas.title(y + 8, name_of(names, player["seat"]),
                         _("hand {n} cards", n=player["hand_size"]))
        y = board_lines(canvas, player, y)
    return y


def board_lines(canvas: Canvas, player: dict, y: float) -> float:
    """A player's board under its title: limits, deck, workers, auxiliary actions,
    buildings left, objectives, farmers and station masters."""
    limits = player["limits"]
    y = _line(canvas, y, _("Move {move} · hand {hand} · certificates up to {cert} · strength "
                           "{strength} · tokens {tokens}", move=limits["move"],
                           hand=limits["hand"], cert=limits["certificates"],
                           strength=limits["strength"], tokens=player["exchange_tokens"]))
    y = _line(canvas, y, _("Deck {deck} · discard {discard} · locomotive {locomotive}",
                           deck=player["deck_size"], discard=len(player["discard"]),
                           locomotive=player["locomotive"]))
    x = MARGIN
    for row in WORKER_ROWS:
        count = len(player["workers"].get(row, []))
        box = (x, y, x + 190, y + 32)
        canvas.rect(box, WORKER_FILL[row], outline=INK, width=2)
        canvas.text((x + 8, y + 16), f"{WORKER_LETTER[row]} {words.worker(row)} {count}",
                    bold=True,
                    fill="white", anchor="lm", condensed=True, width=176)
        x += 196
    y += 40
    y = _line(canvas, y, _("Auxiliary actions: {levels}", levels=aux_levels(player["slots"])))
    y = _line(canvas, y, _("Buildings left: {numbers}",
                           numbers=" ".join(str(b) for b in player["buildings_left"])))
    extra = []
    if player["objectives"]:
        extra.append(_("objectives {cards}", cards=" ".join(player["objectives"])))
    if player["helped_farmers"]:
        extra.append(_("farmers kept {n}", n=len(player["helped_farmers"])))
    if player["station_masters"]:
        extra.append(_("masters {ids}", ids=" ".join(player["station_masters"])))
    if extra:
        y = _line(canvas, y, " · ".join(extra))
    return y + 6


def _line(canvas: Canvas, y: float, text: str) -> float:
    canvas.text((MARGIN, y), text, condensed=True, width=WIDTH - 2 * MARGIN)
    return y + FLOOR + 8


def aux_levels(slots: list[str]) -> str:
    """Each auxiliary action with "×2" when double, "×1" when single, "–" while locked
    (its discs still on the board: ``slots``)."""
    found = []
    for action, (unlock, _double) in AUX_ACTIONS.items():
        if action in AUX_DOUBLE_SLOT:
            level = 1 + (AUX_DOUBLE_SLOT[action] not in slots)
        else:
            level = sum(slot not in slots for slot in unlock)
        name = _(AUX_WORDS[action[4:]]) if action[4:] in AUX_WORDS else action[4:]
        found.append(f"{name} {'–' if level == 0 else f'×{level}'}")
    return ", ".join(found)
