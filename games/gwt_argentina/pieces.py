"""What an id is: cards and tiles of :mod:`games.gwt_argentina.data`, read for the engine.

Card ids: market cattle ``"FQ7"``, starting cattle ``"0:NI3"`` (seat 0), exhaustion ``"EX"``
(all 25 alike), objectives ``"OB07"``. Tile ids: workers ``"GA01"``, ``"CA05"``, ``"MA12"``;
farmers ``"FG03"``, ``"FB01"``, ``"FO10"``, ``"FY15"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.gwt_argentina import data, words
from games.gwt_argentina.told import _


@dataclass(frozen=True)
class Cattle:
    breed: str  # breed id ("franqueiro")
    name: str
    colour: str
    value: int
    strength: int
    vp: int


@cache
def cattle(card: str) -> Cattle | None:
    """The cattle facts of a card; None for exhaustion and objective cards."""
    if card in data.MARKET_CARD_BY_ID:
        c = data.MARKET_CARD_BY_ID[card]
        b = data.BREED_BY_ID[c.breed]
        return Cattle(b.id, b.name, b.colour, b.value, b.strength, c.vp)
    if ":" in card:
        code = card.split(":", 1)[1].rstrip("0123456789")
        breed = data.BREED_BY_CODE.get(code)
        if breed is not None:
            return Cattle(breed.id, breed.name, breed.colour, breed.value, breed.strength,
                          data.STARTING_CARD_VP)
    return None


def herd_card(card: str) -> Cattle:
    """The cattle facts of a card known to be a cattle card (from the market or a herd)."""
    facts = cattle(card)
    assert facts is not None, f"{card} is not a cattle card"
    return facts


def card_kind(card: str) -> str:
    """Cards of one kind are interchangeable (same breed and VP, or the same card)."""
    c = cattle(card)
    if c is not None:
        return f"{c.breed}/{c.vp}"
    return card


def is_exhaustion(card: str) -> bool:
    return card == data.EXHAUSTION_CARD_ID


def is_objective(card: str) -> bool:
    return card in data.OBJECTIVE_BY_ID


def card_label(card: str) -> str:
    c = cattle(card)
    if c is not None:
        if c.vp:
            return _("{breed} (value {value}, str {strength}, {vp} VP)", breed=c.name,
                     value=c.value, strength=c.strength, vp=c.vp)
        return _("{breed} (value {value}, str {strength})", breed=c.name, value=c.value,
                 strength=c.strength)
    if is_exhaustion(card):
        return _("Exhaustion card")
    o = data.OBJECTIVE_BY_ID[card]
    return _("Objective {n} ({vp}/{penalty} VP)", n=card[2:], vp=o.vp, penalty=o.penalty)


# -- tiles ---------------------------------------------------------------------------
def is_worker(tile: str) -> bool:
    return tile in data.WORKER_BY_ID


def is_farmer(tile: str) -> bool:
    return tile in data.FARMER_BY_ID


def worker_kind(tile: str) -> str:
    """"gaucho" / "carpintero" / "maquinista", or "granjero" for a farmer tile."""
    if is_farmer(tile):
        return data.GRANJERO
    return data.WORKER_BY_ID[tile].kind


def worker_strong(tile: str) -> bool:
    return tile in data.WORKER_BY_ID and data.WORKER_BY_ID[tile].strong


def farmer(tile: str) -> data.FarmerTile:
    return data.FARMER_BY_ID[tile]


def tile_label(tile: str) -> str:
    if is_farmer(tile):
        f = farmer(tile)
        return _("{granjero} (str {strength}, {hand})", granjero=words.granjero(f.colour),
                 strength=f.strength, hand=words.hand(f.hand))
    return words.worker(worker_kind(tile), worker_strong(tile))


def starting_cards(seat: int) -> list[str]:
    return [c.id for c in data.starting_cards(seat)]


def market_cards() -> list[str]:
    return [c.id for c in data.MARKET_CARDS]


def market_sort(cards: list[str]) -> list[str]:
    """Sorted by colour: orange, yellow, red, blue, brown, purple (set-up 9)."""
    order = data.MARKET_COLOUR_ORDER

    def key(card: str) -> tuple[int, int, str]:
        c = cattle(card)
        assert c is not None
        return order.index(c.colour), -c.vp, card
    return sorted(cards, key=key)
