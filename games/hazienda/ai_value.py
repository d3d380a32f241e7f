"""The computer players' view of a position (points, money, cards and prospects), and the
order their search tries a decision's options in (:func:`order_options`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from games.base import Option
from games.hazienda.board import (
    DOMAIN_MIN_SIZE,
    animal_spaces,
    board_map,
    group_of,
    land_groups,
    land_spaces,
    market_edges_of,
    markets_by_edge,
    markets_reached,
    neighbours_of_kind,
    stealable_markers,
)
from games.hazienda.maps import parse_coord
from games.hazienda.rules import CARD_PRICE_DECK, DOMAIN_MIN_SCORING, HARVEST_PESOS_PER_LAND
from games.hazienda.scoring import BoardKey, board_categories, board_key
from games.hazienda.state import HaziendaState
from games.hazienda.turn import action_options

if TYPE_CHECKING:
    from games.hazienda.engine import Hazienda

PESO = 0.35  # a card costs 2–3 pesos and is worth about one point on the board
#: Pesos beyond what a turn or two can spend are worth only their end-of-game points.
WORKING_CAPITAL = 30
SPARE_PESO = 0.12
CARD_IN_HAND = 1.0
TILE_ON_BOARD = 1.25
MARKET_IN_REACH = 1.5  # an unreached market one animal away from a land or a herd
#: Board points before the intermediate scoring count again (they stand at both).
TWICE = 0.8
#: A market not reached yet d animals away is worth this share of one next to a herd, for
#: each animal more (up to PROSPECT animals): « Il faut donc essayer d'atteindre le maximum
#: de marchés avec les troupeaux », and a herd gets there one animal a play.
MARKET_DECAY, PROSPECT = 0.5, 3
NEAR_DOMAIN = 2.0
#: Actions the seat can still take (cards in hand, cards its pesos and a harvest can buy)
#: short of two turns' worth (« jusque 3 actions » a turn) cost this much each: a player
#: without pesos, cards or a domain to harvest only ends its turns (the normal level once
#: did so from its 8th turn to the end, its last pesos spent on two haciendas and a pond).
RESERVE, STUCK = 6, 2.0


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
    lands = _land_groups(state, colour, key)
    means = _means(state, colour, lands, player.money, player.hand_size())
    value -= STUCK * max(0.0, RESERVE - means)
    # the next market reached is worth one point more than the last (1, 3, 6, 10 …)
    reached = _per_board(_REACHED, key, colour, lambda: len(markets_reached(state, colour)))
    value += MARKET_IN_REACH * (1 + reached / 2) * sum(
        MARKET_DECAY ** (d - 1) for d in _market_distances(state, colour, key))
    # two lands: one more makes a domain that scores (3 lands, 6 points)
    value += NEAR_DOMAIN * sum(1 for g in lands if len(g) == DOMAIN_MIN_SCORING - 1)
    return value


def board_points(state: HaziendaState, colour: str) -> int:
    return sum(board_categories(state, colour).values())


def _land_groups(state: HaziendaState, colour: str, key: BoardKey) -> tuple[frozenset[str], ...]:
    """:func:`land_groups` once per board and colour."""
    return _per_board(_LAND_GROUPS, key, colour,
                      lambda: tuple(frozenset(g) for g in land_groups(state, colour)))


_LAND_GROUPS: dict[tuple[BoardKey, str], tuple[frozenset[str], ...]] = {}
_REACHED: dict[tuple[BoardKey, str], int] = {}


def markets_in_reach(state: HaziendaState, colour: str) -> int:
    """Markets not reached yet with a free edge next to one of the colour's animals."""
    return _markets_in_reach(state, colour, board_key(state))


def _markets_in_reach(state: HaziendaState, colour: str, key: BoardKey) -> int:
    return _per_board(_REACH, key, colour, lambda: _count_markets_in_reach(state, colour))


_REACH: dict[tuple[BoardKey, str], int] = {}
#: Entries a per-board cache holds before it starts again.
PER_BOARD = 4096
T = TypeVar("T")


def _per_board(cache: dict[tuple[BoardKey, str], T], key: BoardKey, colour: str,
               compute: Callable[[], T]) -> T:
    """``compute()`` once per board and colour (positions of a search share boards)."""
    cached = cache.get((key, colour))
    if cached is None:
        if len(cache) > PER_BOARD:
            cache.clear()
        cached = cache[(key, colour)] = compute()
    return cached


def _count_markets_in_reach(state: HaziendaState, colour: str) -> int:
    hmap = board_map(state)
    taken = state.occupied()
    near = {nb for c, a in state.animals.items() if a.colour == colour
            for nb in hmap.neighbours(c) if nb not in taken}
    reachable = {m for c in near for m in market_edges_of(hmap, c)}
    return len(reachable - set(markets_reached(state, colour)))


# -- the order the computer's search tries a decision's options in -------------------------
#: What a card in hand promises when bought, in the order's units (below most plays: a
#: card still has to be played, and the turn has three actions only).
BUY_DECK, BUY_FACE_UP = 0.4, 0.2


def order_options(state: HaziendaState, options: list[Option]) -> list[Option]:
    """The options the likeliest first, for the search (``games.search`` tries a node's
    options a few at a time, in this order): a place by what it adds at once (a domain
    grown or joined, a market reached, a pond's neighbour), a harvest by its pesos, buying
    a card after the plays, ending the turn last."""
    if len(options) <= 1:
        return options
    player = state.players[state.current]
    colour = player.colour
    hmap = board_map(state)
    mine_lands = {c for c, col in state.lands.items() if col == colour}
    mine_animals = {c for c, a in state.animals.items() if a.colour == colour}
    reached = set(markets_reached(state, colour))
    ponds = {c for p in state.ponds for c in p.coords}
    groups = land_groups(state, colour)
    group_at = {c: index for index, g in enumerate(groups) for c in g}
    biggest = max((len(g) for g in groups), default=0)

    def land_at(coord: str) -> float:
        # « Seuls les domaines constitués d'au moins 3 terrains rapporteront des points »,
        # « Chaque terrain d'un domaine pris en compte rapporte deux points »; a pond: « Pour
        # chaque animal et chaque terrain contigus à une mare, le propriétaire reçoit un point »
        near = hmap.neighbours(coord)
        joined = {group_at[nb]: len(groups[group_at[nb]]) for nb in near if nb in group_at}
        new = 1 + sum(joined.values())
        gain = (2.0 * new if new >= DOMAIN_MIN_SCORING else 1.0 * new)
        gain -= sum(2.0 * n if n >= DOMAIN_MIN_SCORING else 1.0 * n for n in joined.values())
        return gain + sum(1 for nb in near if nb in ponds) + 0.2 * sum(
            1 for nb in near if nb in mine_animals)

    def animal_at(coord: str) -> float:
        # « Un joueur qui atteint un marché avec un troupeau (même s'il ne se compose que
        # d'une seul animal) a conquis ce marché »
        near = hmap.neighbours(coord)
        new_markets = {m for m in market_edges_of(hmap, coord) if m not in reached}
        value = 4.0 * len(new_markets) + sum(1 for nb in near if nb in ponds)
        # a step towards a market not reached yet
        value += 0.8 * sum(1 for nb in near if nb not in mine_animals
                           and set(market_edges_of(hmap, nb)) - reached)
        return value + 0.3 * sum(1 for nb in near if nb in mine_animals or nb in mine_lands)

    def score(option: Option) -> float:
        key = option.key
        head, _sep, rest = key.partition(":")
        if key == "end":
            return -5.0
        if key == "harvest":  # « Il récolte alors 3 pesos par terrain de son domaine »
            return 1.0 + 0.4 * biggest
        if head == "buy":
            if rest in ("hacienda", "pond"):
                return 1.5
            return BUY_DECK if rest.endswith("deck") else BUY_FACE_UP
        if head == "play":
            parts = rest.split(":")
            if len(parts) == 2:  # the card first, its place next: its best place
                deck, card = parts
                spaces = (land_spaces(state, colour, card) if deck == "land"
                          else animal_spaces(state, colour, card))
                at = land_at if deck == "land" else animal_at
                return max((at(c) for c in spaces), default=0.0)
            return land_at(parts[2]) if parts[0] == "land" else animal_at(parts[2])
        if head == "place" and state.phase in ("place_land", "place_animal"):
            return land_at(rest) if state.phase == "place_land" else animal_at(rest)
        if head == "area" and state.phase in ("place_land", "place_animal"):
            # a part of the map first (too many places for one panel): its best place
            at = land_at if state.phase == "place_land" else animal_at
            return max((at(c) for c in _places_in(state, rest)), default=0.0)
        if head == "place" and state.phase in ("place_hacienda", "harvest_place"):
            return float(len(group_of(state, rest)))
        return 0.0

    return sorted(options, key=score, reverse=True)


def _places_in(state: HaziendaState, corners: str) -> list[str]:
    """The places of the step in progress inside a part of the map ("C3-F9": its first
    and last row and column)."""
    first, _sep, last = corners.partition("-")
    (r0, c0), (r1, c1) = parse_coord(first), parse_coord(last)
    places = [o.at for o in action_options(state) if o.at is not None]
    return [c for c in places if r0 <= parse_coord(c)[0] <= r1 and c0 <= parse_coord(c)[1] <= c1]


def _market_distances(state: HaziendaState, colour: str, key: BoardKey) -> tuple[int, ...]:
    return _per_board(_DISTANCES, key, colour, lambda: _count_market_distances(state, colour))


_DISTANCES: dict[tuple[BoardKey, str], tuple[int, ...]] = {}


def _count_market_distances(state: HaziendaState, colour: str) -> tuple[int, ...]:
    """For each market the colour has not reached, how many animals laid one after the
    other on free pampa (the first next to one of its lands or animals: « une case pampa
    vide du plateau, contiguë à l'un de ses terrains ou à un animal ») it takes to reach
    it, when PROSPECT or fewer."""
    hmap = board_map(state)
    taken = state.occupied()
    pampa = neighbours_of_kind(hmap, "pampa")
    edges = markets_by_edge(hmap)
    reached = set(markets_reached(state, colour))
    anchors = [c for c, col in state.lands.items() if col == colour]
    anchors += [c for c, a in state.animals.items() if a.colour == colour]
    seen: set[str] = set()
    frontier = []
    for a in anchors:
        for nb in pampa[a]:
            if nb not in taken and nb not in seen:
                seen.add(nb)
                frontier.append(nb)
    # breadth first: the first distance a market is met at is its shortest
    best: dict[str, int] = {}
    for d in range(1, PROSPECT + 1):
        for c in frontier:
            for m in edges.get(c, ()):
                if m not in reached and m not in best:
                    best[m] = d
        if d == PROSPECT:
            break
        following = []
        for c in frontier:
            for nb in pampa[c]:
                if nb not in taken and nb not in seen:
                    seen.add(nb)
                    following.append(nb)
        frontier = following
    return tuple(best.values())


def _means(state: HaziendaState, colour: str, lands: tuple[frozenset[str], ...], money: int,
           cards: int) -> float:
    """Actions the seat can take without income: its cards, and the cards (2 pesos each
    from the pile) its pesos and its best harvest (« 3 pesos par terrain de son domaine »)
    would buy."""
    harvest = 0
    if state.harvest_stock or stealable_markers(state, colour):
        markers = set(state.harvest)
        harvest = HARVEST_PESOS_PER_LAND * max(
            (len(g) for g in lands if len(g) >= DOMAIN_MIN_SIZE and not g & markers), default=0)
    return cards + (money + harvest) / CARD_PRICE_DECK
