"""The computer players' view of a position: points, money, cards and prospects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.hazienda.board import (
    board_map,
    land_groups,
    market_edges_of,
    markets_reached,
)
from games.hazienda.rules import DOMAIN_MIN_SCORING
from games.hazienda.scoring import BoardKey, board_categories, board_key
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
#: Board points before the intermediate scoring count again (they stand at both).
TWICE = 0.8
NEAR_DOMAIN = 2.0


def evaluate(game: Hazienda, state: HaziendaState, seat: int) -> float:
    """Own worth minus the best opponent's."""
    if state.finished:
        scores = game.scores(state)
        totals = {s: scores[s]["total"] + 0.01 * state.players[s].money
                  for s in range(state.seats)}  # « En cas d'égalité, … le plus riche »
        return totals[seat] - max(t for s, t in totals.items() if s != seat)
    key = board_key(state)
    worth = {s: _worth(state, s, key) for s in range(state.seats)}
    return worth[seat] - max(w for s, w in worth.items() if s != seat)


def _worth(state: HaziendaState, seat: int, key: BoardKey) -> float:
    player = state.players[seat]
    colour = player.colour
    board = sum(board_categories(state, colour, key).values())
    # the victory track so far; Variante II holds the board points there already
    value = float(sum(player.track.values()))
    if not state.options.variant2:
        value += board
        if not state.scorings:
            # « Les décomptes (intermédiaire et final) se déroulent de la même manière »:
            # what stands on the board before the first scoring is scored twice
            value += TWICE * board
    tiles = sum(1 for c in state.lands.values() if c == colour)
    tiles += sum(1 for a in state.animals.values() if a.colour == colour)
    # Money counts smoothly (pesos buy cards and pieces) rather than by tens of pesos.
    money = (PESO * min(player.money, WORKING_CAPITAL)
             + SPARE_PESO * max(0, player.money - WORKING_CAPITAL))
    value += money + CARD_IN_HAND * player.hand_size() + TILE_ON_BOARD * tiles
    # the next market reached is worth one point more than the last (1, 3, 6, 10 …)
    reached = len(markets_reached(state, colour))
    value += MARKET_IN_REACH * (1 + reached / 2) * _markets_in_reach(state, colour, key)
    value += NEAR_DOMAIN * _near_domains(state, colour)
    return value


def board_points(state: HaziendaState, colour: str) -> int:
    return sum(board_categories(state, colour).values())


def _near_domains(state: HaziendaState, colour: str) -> int:
    """Groups of two lands: one more land makes a domain that scores (3 lands, 6 points)."""
    return sum(1 for group in land_groups(state, colour) if len(group) == DOMAIN_MIN_SCORING - 1)


def markets_in_reach(state: HaziendaState, colour: str) -> int:
    """Markets not reached yet with a free edge next to one of the colour's animals."""
    return _markets_in_reach(state, colour, board_key(state))


def _markets_in_reach(state: HaziendaState, colour: str, key: BoardKey) -> int:
    cached = _REACH.get((key, colour))
    if cached is None:
        if len(_REACH) > 4096:
            _REACH.clear()
        cached = _REACH[(key, colour)] = _count_markets_in_reach(state, colour)
    return cached


_REACH: dict[tuple[BoardKey, str], int] = {}


def _count_markets_in_reach(state: HaziendaState, colour: str) -> int:
    hmap = board_map(state)
    taken = state.occupied()
    near = {nb for c, a in state.animals.items() if a.colour == colour
            for nb in hmap.neighbours(c) if nb not in taken}
    reachable = {m for c in near for m in market_edges_of(hmap, c)}
    return len(reachable - set(markets_reached(state, colour)))

