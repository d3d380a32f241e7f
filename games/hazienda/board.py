"""Reading the board: groups (domains, herds), free spaces and where pieces may go."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from games.hazienda.maps import HaziendaMap, load_map, parse_map
from games.hazienda.rules import (
    ANIMAL_TILES_PER_COLOUR,
    ANIMALS_PER_SPECIES,
    LAND_FACES_PER_COLOUR,
    LAND_TILES,
)
from games.hazienda.state import HaziendaState

#: A domain is "plusieurs terrains contigus": isolated lands are not domains (the
#: scoring text separates "domaines de deux terrains" from "terrains isolés"), so
#: harvesting and haciendas need at least two connected lands. A herd is "une ou
#: plusieurs animaux contigus": one animal is already a herd.
DOMAIN_MIN_SIZE = 2


@lru_cache(maxsize=64)
def _inline_map(text: str) -> HaziendaMap:
    return parse_map(text)


def board_map(state: HaziendaState) -> HaziendaMap:
    if state.map_text is not None:
        return _inline_map(state.map_text)
    return load_map(state.options.map)


@lru_cache(maxsize=64)
def board_order(hmap: HaziendaMap) -> dict[str, int]:
    """Position of each space in reading order (row by row), to sort coordinates."""
    return {coord: i for i, coord in enumerate(hmap.spaces)}


@lru_cache(maxsize=512)
def coords_of_kind(hmap: HaziendaMap, kind: str) -> tuple[str, ...]:
    return hmap.coords_of_kind(kind)


def in_board_order(coords: Iterable[str], hmap: HaziendaMap) -> list[str]:
    return sorted(coords, key=board_order(hmap).__getitem__)


def groups(coords: Iterable[str], hmap: HaziendaMap) -> list[set[str]]:
    """Connected groups of ``coords`` (hex adjacency), in board order."""
    return [set(g) for g in _groups(frozenset(coords), hmap)]


@lru_cache(maxsize=8192)
def _groups(coords: frozenset[str], hmap: HaziendaMap) -> tuple[frozenset[str], ...]:
    remaining = set(coords)
    found: list[frozenset[str]] = []
    for start in in_board_order(remaining, hmap):
        if start not in remaining:
            continue
        group = {start}
        remaining.discard(start)
        frontier = [start]
        while frontier:
            for nb in hmap.neighbours(frontier.pop()):
                if nb in remaining:
                    remaining.discard(nb)
                    group.add(nb)
                    frontier.append(nb)
        found.append(frozenset(group))
    return tuple(found)


def land_groups(state: HaziendaState, colour: str) -> list[set[str]]:
    """All connected groups of ``colour``'s lands, isolated lands included."""
    return groups((c for c, col in state.lands.items() if col == colour), board_map(state))


def domains(state: HaziendaState, colour: str) -> list[set[str]]:
    return [g for g in land_groups(state, colour) if len(g) >= DOMAIN_MIN_SIZE]


def herds(state: HaziendaState, colour: str) -> list[set[str]]:
    return groups((c for c, a in state.animals.items() if a.colour == colour), board_map(state))


def group_of(state: HaziendaState, coord: str) -> set[str]:
    """The domain or herd (same colour, same piece type) the tile on ``coord`` belongs to."""
    if coord in state.lands:
        colour = state.lands[coord]
        for group in land_groups(state, colour):
            if coord in group:
                return group
    if coord in state.animals:
        colour = state.animals[coord].colour
        for group in herds(state, colour):
            if coord in group:
                return group
    raise ValueError(f"no land or animal on {coord}")


def free_spaces(state: HaziendaState, kind: str) -> list[str]:
    taken = state.occupied()
    return [c for c in coords_of_kind(board_map(state), kind) if c not in taken]


def free_around(state: HaziendaState, anchors: Iterable[str], kind: str,
                first_only: bool = False) -> list[str]:
    """Free spaces of ``kind`` next to any of ``anchors``, in board order (or just the
    first one found when only whether there is one matters)."""
    hmap = board_map(state)
    taken = state.occupied()
    of_kind = neighbours_of_kind(hmap, kind)
    found = set()
    for a in anchors:
        for nb in of_kind[a]:
            if nb not in taken:
                if first_only:
                    return [nb]
                found.add(nb)
    return in_board_order(found, hmap)


@lru_cache(maxsize=64)
def neighbours_of_kind(hmap: HaziendaMap, kind: str) -> dict[str, tuple[str, ...]]:
    """For every space of the map, its neighbours of ``kind`` (in :meth:`neighbours`'
    order)."""
    spaces = hmap.spaces
    return {c: tuple(nb for nb in hmap.neighbours(c) if spaces[nb].kind == kind)
            for c in spaces}


def lands_placed(state: HaziendaState, colour: str) -> int:
    return sum(1 for col in state.lands.values() if col == colour)


def land_tiles_left(state: HaziendaState, colour: str) -> int:
    """Land tiles ``colour`` can still lay.

    Indication 1: a colour that runs out turns over and swaps tiles already on the board
    (the board stays the same) to find its colour again; that trick keeps the limit of
    32 faces of a colour and 80 tiles in all, which is what we count. In a 2-player game
    the player then chooses a second colour: its 32 faces are added to the player's own
    (the second colour is only physical, the tiles count as the player's colour).
    """
    faces = LAND_FACES_PER_COLOUR * (2 if state.seats == 2 else 1)
    return max(0, min(faces - lands_placed(state, colour), LAND_TILES - len(state.lands)))


def animal_tiles_left(state: HaziendaState, colour: str, species: str) -> int:
    """Animal tiles of ``species`` ``colour`` can still lay.

    Indication 2: the missing animal is found by turning over tiles already on the board;
    if that fails the species can no longer be placed. "Il y a 15 animaux de chaque
    sorte" and 30 two-faced tiles per colour: the pairing of the faces is unknown, so we
    keep the two limits any pairing gives, 15 per species and 30 in all.
    """
    mine = [a for a in state.animals.values() if a.colour == colour]
    same = sum(1 for a in mine if a.species == species)
    return max(0, min(ANIMALS_PER_SPECIES - same, ANIMAL_TILES_PER_COLOUR - len(mine)))


def land_spaces(state: HaziendaState, colour: str, kind: str, first_only: bool = False) -> list[str]:
    """Where a land card of ``kind`` puts a land.

    A land goes on a free space of its kind; a pampa card, or a kind with no free space
    left, goes on a free pampa space next to one of the player's lands ("Si la carte
    jouée est une pampa…", "Il peut arriver qu'il n'y ait plus de case…").
    """
    if kind != "pampa":
        spaces = free_spaces(state, kind)
        if spaces:
            return spaces
    return free_around(state, (c for c, col in state.lands.items() if col == colour), "pampa", first_only)


def animal_spaces(state: HaziendaState, colour: str, species: str, first_only: bool = False) -> list[str]:
    """Free pampa next to one of the player's lands or animals of the same species."""
    anchors = [c for c, col in state.lands.items() if col == colour]
    anchors += [c for c, a in state.animals.items() if a.colour == colour and a.species == species]
    return free_around(state, anchors, "pampa", first_only)


def hacienda_spaces(state: HaziendaState, colour: str) -> list[str]:
    """Tiles of the player's domains and herds whose group has no hacienda yet."""
    holding = set(state.haciendas)
    groups_ = domains(state, colour) + herds(state, colour)
    return in_board_order((c for g in groups_ if not g & holding for c in g), board_map(state))


def pond_start_spaces(state: HaziendaState, size: int) -> list[str]:
    """Free pampa hexes from which a connected pond of ``size`` free pampa hexes can grow."""
    hmap = board_map(state)
    big = [g for g in groups(free_spaces(state, "pampa"), hmap) if len(g) >= size]
    return in_board_order(set().union(*big), hmap)


def largest_free_pampa_area(state: HaziendaState) -> int:
    return max((len(g) for g in groups(free_spaces(state, "pampa"), board_map(state))), default=0)


def pond_next_spaces(state: HaziendaState, chosen: list[str]) -> list[str]:
    """Free pampa hexes that extend the pond being laid (adjacent to its chosen hexes)."""
    picked = set(chosen)
    return [c for c in free_around(state, picked, "pampa") if c not in picked]


def harvest_targets(state: HaziendaState, colour: str) -> list[str]:
    """Lands of the player's domains that carry no harvest marker (any land of it)."""
    markers = set(state.harvest)
    return in_board_order((c for g in domains(state, colour) if not g & markers for c in g),
                          board_map(state))


def stealable_markers(state: HaziendaState, colour: str) -> list[str]:
    """Markers standing on opponents' lands (taken once all 8 are out)."""
    return [c for c in state.harvest if state.lands.get(c) not in (None, colour)]


def markets_reached(state: HaziendaState, colour: str) -> list[str]:
    """Markets an animal of ``colour`` stands next to (conquered for the scorings)."""
    hmap = board_map(state)
    mine = {c for c, a in state.animals.items() if a.colour == colour}
    return [m for m in hmap.markets if _edges(hmap, m) & mine]


def market_edges_of(hmap: HaziendaMap, coord: str) -> list[str]:
    """The markets for which ``coord`` is an edge."""
    return markets_by_edge(hmap).get(coord, [])


@lru_cache(maxsize=64)
def markets_by_edge(hmap: HaziendaMap) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for market in hmap.markets:
        for edge in hmap.market_edges(market):
            table.setdefault(edge, []).append(market)
    return table


@lru_cache(maxsize=256)
def _edges(hmap: HaziendaMap, market: str) -> frozenset[str]:
    return frozenset(hmap.market_edges(market))
