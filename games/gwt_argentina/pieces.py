"""Ids of every card and tile, and what each id is.

* cattle cards: ``"<kind>-<n>"`` (market) or ``"<kind>-<seat><n>"`` written
  ``"niata-p0.1"`` (a starting card of seat 0); kinds are the keys of ``tables.CATTLE``;
* exhaustion cards ``"exh-<n>"``; objective cards ``"obj-<n>"`` (n = 1..24);
* worker tiles ``"<g|c|m>[+]<n>"`` ("+" = strength icon), e.g. ``"m+07"``;
* farmer tiles ``"F<g|b|o|y><strength><G|K>-<n>"`` (hand green G or black K), e.g.
  ``"Fb5K-1"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.gwt_argentina import tables as T


@dataclass(frozen=True)
class Cattle:
    kind: str
    breed: str
    colour: str
    value: int
    strength: int
    vp: int


@dataclass(frozen=True)
class Farmer:
    colour: str
    strength: int
    hand: str  # "green" | "black"


def card_kind(card: str) -> str:
    return card.split("-", 1)[0]


def cattle(card: str) -> Cattle | None:
    """The cattle facts of a card, None for exhaustion and objective cards."""
    kind = card_kind(card)
    facts = T.CATTLE.get(kind)
    if facts is None:
        return None
    breed, colour, value, strength, vp = facts
    return Cattle(kind, breed, colour, value, strength, vp)


def is_exhaustion(card: str) -> bool:
    return card.startswith("exh-")


def is_objective(card: str) -> bool:
    return card.startswith("obj-")


def objective_number(card: str) -> int:
    return int(card.split("-", 1)[1])


def card_label(card: str) -> str:
    c = cattle(card)
    if c is not None:
        return f"{c.breed} ({c.value}, str {c.strength}{f', {c.vp} VP' if c.vp else ''})"
    if is_exhaustion(card):
        return "Exhaustion"
    n = objective_number(card)
    action, amount, vp, penalty, _conds = T.OBJECTIVES[n]
    return f"Objective {n} ({vp}/{penalty})"


# -- tiles ---------------------------------------------------------------------------
WORKER_LETTER = {"gaucho": "g", "carpintero": "c", "maquinista": "m"}
LETTER_WORKER = {v: k for k, v in WORKER_LETTER.items()}
FARMER_COLOUR = {v: k for k, v in T.FARMER_LETTER.items()}


def is_worker(tile: str) -> bool:
    return tile[:1] in LETTER_WORKER and not tile.startswith("F")


def is_farmer(tile: str) -> bool:
    return tile.startswith("F")


def worker_kind(tile: str) -> str:
    """"gaucho" / "carpintero" / "maquinista", or "granjero" for a hired farmer tile."""
    if is_farmer(tile):
        return "granjero"
    return LETTER_WORKER[tile[0]]


def worker_strong(tile: str) -> bool:
    return len(tile) > 1 and tile[1] == "+"


def farmer(tile: str) -> Farmer:
    colour = FARMER_COLOUR[tile[1]]
    strength = int(tile[2])
    hand = "green" if tile[3] == "G" else "black"
    return Farmer(colour, strength, hand)


def worker_tiles(bag: str) -> list[str]:
    tiles = []
    for kind, (plain, strong) in T.WORKER_BAGS[bag].items():
        letter = WORKER_LETTER[kind]
        base = 0 if bag == "B" else 20
        tiles += [f"{letter}{base + i + 1:02d}" for i in range(plain)]
        tiles += [f"{letter}+{base + i + 1:02d}" for i in range(plain, plain + strong)]
    return tiles


def farmer_tiles(colour: str) -> list[str]:
    table = T.FARMERS_YELLOW if colour == "yellow" else T.FARMERS_ABC
    letter = T.FARMER_LETTER[colour]
    tiles = []
    for strength, hand, count in table:
        h = "G" if hand == "green" else "K"
        tiles += [f"F{letter}{strength}{h}-{i + 1}" for i in range(count)]
    return tiles


def tile_label(tile: str) -> str:
    if is_farmer(tile):
        f = farmer(tile)
        return f"{f.colour} granjero (str {f.strength}, {f.hand} hand)"
    return f"{worker_kind(tile)}{' (strength)' if worker_strong(tile) else ''}"


def starting_cards(seat: int) -> list[str]:
    cards = []
    for kind, count in T.STARTING_CATTLE.items():
        cards += [f"{kind}-p{seat}.{i + 1}" for i in range(count)]
    return cards


def market_cards() -> list[str]:
    cards = []
    for kind, count in T.MARKET_CATTLE.items():
        cards += [f"{kind}-{i + 1}" for i in range(count)]
    return cards
