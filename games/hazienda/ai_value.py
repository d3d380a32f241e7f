"""The computer players' view of a position: points, money, cards and prospects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.hazienda.board import board_map, free_spaces, herds, markets_reached
from games.hazienda.state import HaziendaState

if TYPE_CHECKING:
    from games.hazienda.engine import Hazienda

PESO = 0.35  # a card costs 2–3 pesos and is worth about one point on the board
CARD_IN_HAND = 1.0
TILE_ON_BOARD = 1.25
MARKET_IN_REACH = 1.5  # an unreached market one free space away from a herd
POND_CANDIDATES = 6  # pond hexes looked at per step when a pond is laid


def evaluate(game: Hazienda, state: HaziendaState, seat: int) -> float:
    """Own worth minus the best opponent's. In the middle of an action of ``seat`` (a
    card chosen, its space not yet) the worth is that of its best completion."""
    if not state.finished and state.current == seat and state.phase not in ("main", "over"):
        options = game.pending(state).options  # type: ignore[union-attr]
        if state.phase == "place_pond":
            options = sorted(options, key=lambda o: -_pond_hex_worth(state, seat, o.key[6:]))
            options = options[:POND_CANDIDATES]
        return max(evaluate(game, game.apply(state, seat, o.key).state, seat) for o in options)
    scores = game.scores(state)
    worth = {s: _worth(state, s, scores[s]["total"]) for s in range(state.seats)}
    others = [w for s, w in worth.items() if s != seat]
    return worth[seat] - max(others)


def _worth(state: HaziendaState, seat: int, points: int) -> float:
    player = state.players[seat]
    colour = player.colour
    tiles = sum(1 for c in state.lands.values() if c == colour)
    tiles += sum(1 for a in state.animals.values() if a.colour == colour)
    value = points + PESO * player.money + CARD_IN_HAND * player.hand_size() + TILE_ON_BOARD * tiles
    if not state.finished:
        value += MARKET_IN_REACH * _markets_in_reach(state, colour)
    return value


def _markets_in_reach(state: HaziendaState, colour: str) -> int:
    hmap = board_map(state)
    reached = set(markets_reached(state, colour))
    free = set(free_spaces(state, "pampa"))
    near: set[str] = set()
    for herd in herds(state, colour):
        for c in herd:
            near.update(nb for nb in hmap.neighbours(c) if nb in free)
    count = 0
    for market in hmap.markets:
        if market not in reached and near & set(hmap.market_edges(market)):
            count += 1
    return count


def _pond_hex_worth(state: HaziendaState, seat: int, coord: str) -> int:
    colour = state.players[seat].colour
    worth = 0
    for nb in board_map(state).neighbours(coord):
        owner = state.lands.get(nb) or (state.animals[nb].colour if nb in state.animals else None)
        if owner is not None:
            worth += 1 if owner == colour else -1
    return worth
