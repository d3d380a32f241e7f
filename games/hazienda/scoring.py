"""Market income and the scorings ("Décomptes"), base game and Variante I."""

from __future__ import annotations

from collections import OrderedDict

from games.hazienda.board import (
    board_map,
    herds,
    land_groups,
    markets_reached,
)
from games.hazienda.rules import (
    DOMAIN_MIN_SCORING,
    DOMAIN_POINTS_PER_LAND,
    HERD_MIN_SCORING,
    MONEY_PER_POINT,
    MONEY_PER_POINT_VARIANT1,
    market_points,
)
from games.hazienda.state import HaziendaState


def market_income(state: HaziendaState, herd: set[str], colour: str) -> int:
    """Pesos for a herd reaching a market edge.

    Base game: "1 peso par animal du troupeau et par terrain relié au troupeau". "Relié"
    counts every land of each of the player's land groups that touches the herd (the red
    example: 6 pigs + 5 lands = 11; Variante I stresses by contrast that it counts "pas
    tous les terrains d'une chaîne" but only those touching the herd).
    Variante I: animals × the player's lands touching the herd directly.
    """
    hmap = board_map(state)
    around = {nb for c in herd for nb in hmap.neighbours(c)}
    if state.options.variant1:
        touching = sum(1 for c in around if state.lands.get(c) == colour)
        return len(herd) * touching
    linked = sum(len(g) for g in land_groups(state, colour) if g & around)
    return len(herd) + linked


def pond_points(state: HaziendaState, colour: str) -> int:
    """Each pond: 1 point per animal and land of the colour next to it (each pond counts)."""
    hmap = board_map(state)
    points = 0
    for pond in state.ponds:
        cells = set(pond.coords)
        around = {nb for c in pond.coords for nb in hmap.neighbours(c)} - cells
        for c in around:
            owner = state.lands.get(c)
            if owner is None and c in state.animals:
                owner = state.animals[c].colour
            points += owner == colour
    return points


#: A position of the board (see :func:`board_key`).
BoardKey = tuple[
    str, bool, tuple[str, ...], frozenset[tuple[str, str]], frozenset[tuple[str, str, str]],
    tuple[tuple[str, ...], ...], frozenset[str],
]
#: Recent board scorings by position (views and computer players ask again and again).
_CACHE: OrderedDict[BoardKey, dict[str, dict[str, int]]] = OrderedDict()
_CACHE_SIZE = 4096


def board_key(state: HaziendaState) -> BoardKey:
    """Everything the board points depend on, hashable (a cache key)."""
    return (
        state.map_text or state.options.map, state.options.variant1,
        tuple(p.colour for p in state.players), frozenset(state.lands.items()),
        frozenset((c, a.colour, a.species) for c, a in state.animals.items()),
        tuple(p.coords for p in state.ponds), frozenset(state.haciendas),
    )


def board_categories(state: HaziendaState, colour: str,
                     key: BoardKey | None = None) -> dict[str, int]:
    """What a scoring now would give for the board (everything but money); ``key``: the
    state's :func:`board_key` when the caller has it already."""
    key = board_key(state) if key is None else key
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = {p.colour: _board_categories(state, p.colour) for p in state.players}
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return dict(cached[colour])


def _board_categories(state: HaziendaState, colour: str) -> dict[str, int]:
    """Markets, domains, haciendas, ponds and (Variante I) herds for one colour.

    Haciendas: 1 point per tile of each domain or herd holding at least one hacienda,
    a group with two haciendas (joined later) counted once.
    """
    lands = land_groups(state, colour)
    herds_ = herds(state, colour)
    holding = set(state.haciendas)
    return {
        "markets": market_points(len(markets_reached(state, colour))),
        "domains": sum(DOMAIN_POINTS_PER_LAND * len(g) for g in lands if len(g) >= DOMAIN_MIN_SCORING),
        "haciendas": sum(len(g) for g in lands + herds_ if g & holding),
        "ponds": pond_points(state, colour),
        "herds": sum(len(h) for h in herds_ if len(h) >= HERD_MIN_SCORING)
        if state.options.variant1 else 0,
    }


def money_points(state: HaziendaState, money: int) -> int:
    per_point = MONEY_PER_POINT_VARIANT1 if state.options.variant1 else MONEY_PER_POINT
    return money // per_point


def scoring_now(state: HaziendaState, colour: str) -> dict[str, int]:
    """One full scoring ("Décompte") for a colour, by category, without "total"."""
    seat = state.colour_seat(colour)
    return {**board_categories(state, colour), "money": money_points(state, state.players[seat].money)}


def with_total(categories: dict[str, int]) -> dict[str, int]:
    return {**categories, "total": sum(v for k, v in categories.items() if k != "total")}
