"""The computer players' view of a position: points, money, cards and prospects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.hazienda.board import board_map, market_edges_of, markets_reached
from games.hazienda.scoring import board_key
from games.hazienda.state import HaziendaState

if TYPE_CHECKING:
    from games.hazienda.engine import Hazienda

PESO = 0.35  # a card costs 2–3 pesos and is worth about one point on the board
#: Pesos beyond what a turn or two can spend are worth only their end-of-game points.
WORKING_CAPITAL = 30
SPARE_PESO = 0.12
CARD_IN_HAND = 1.0
TILE_ON_BOARD = 1.25
MARKET_IN_REACH = 1.5  # an unreached market one free space away from a herd


def evaluate(game: Hazienda, state: HaziendaState, seat: int) -> float:
    """Own worth minus the best opponent's."""
    scores = game.scores(state)
    # Money counts smoothly (pesos buy cards and pieces) rather than by tens of pesos.
    worth = {s: _worth(state, s, scores[s]["total"] - scores[s]["money"]) for s in range(state.seats)}
    others = [w for s, w in worth.items() if s != seat]
    return worth[seat] - max(others)


def _worth(state: HaziendaState, seat: int, points: int) -> float:
    player = state.players[seat]
    colour = player.colour
    tiles = sum(1 for c in state.lands.values() if c == colour)
    tiles += sum(1 for a in state.animals.values() if a.colour == colour)
    money = PESO * min(player.money, WORKING_CAPITAL) + SPARE_PESO * max(0, player.money - WORKING_CAPITAL)
    value = points + money + CARD_IN_HAND * player.hand_size() + TILE_ON_BOARD * tiles
    if not state.finished:
        value += MARKET_IN_REACH * _markets_in_reach(state, colour)
    return value


def _markets_in_reach(state: HaziendaState, colour: str) -> int:
    """Markets not reached yet with a free edge next to one of the colour's animals."""
    key = (board_key(state), colour)
    if key not in _REACH:
        if len(_REACH) > 4096:
            _REACH.clear()
        _REACH[key] = _count_markets_in_reach(state, colour)
    return _REACH[key]


_REACH: dict[tuple, int] = {}


def _count_markets_in_reach(state: HaziendaState, colour: str) -> int:
    hmap = board_map(state)
    taken = state.occupied()
    near = {nb for c, a in state.animals.items() if a.colour == colour
            for nb in hmap.neighbours(c) if nb not in taken}
    reachable = {m for c in near for m in market_edges_of(hmap, c)}
    return len(reachable - set(markets_reached(state, colour)))

