"""The objective conditions (last page of the rulebook) and their expert rankings.

Readings of the rulebook: level n is height n; adjacency is orthogonal and ignores heights; a
"bord" or "trou" is any orthogonal neighbour that is not terrain; *Route* counts llamas in
one row or one column of the grid; *Avant-postes* holds when two llamas have a shortest
orthogonal path over terrain cells of at least 11 steps (llamas with no path between them
at all — only possible in a hand-written estate — do not count).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from games.llama_land.data import CROPS
from games.llama_land.estate import Estate, Pos, neighbours
from games.llama_land.state import Player

#: "au moins N lamas sur le n-ième étage": name -> (level, llamas needed)
LEVEL_CONDITIONS = {
    "lowlands": (1, 5),  # Basses terres
    "plains": (2, 4),  # Plaines
    "hills": (3, 3),  # Collines
    "mountains": (4, 2),  # Montagnes
    "summit": (5, 2),  # Sommet
}
ESTATE_CONDITIONS = (*LEVEL_CONDITIONS, "omnipresence", "herd", "road", "outposts", "farms")
CARD_CONDITIONS = ("corn", "cacao", "potato", "diversity", "wealth", "characters")
OUTPOST_STEPS = 11
HERD_SIZE = 4
ROAD_LLAMAS = 4
FARM_LLAMAS = 6
OMNIPRESENT_LEVELS = 4


def condition_met(estate: Estate, name: str) -> bool:
    """Whether an estate meets one of the ten llama conditions (blue objectives)."""
    if name not in ESTATE_CONDITIONS:
        raise ValueError(f"unknown estate condition {name!r}: one of {', '.join(ESTATE_CONDITIONS)}")
    llamas = estate.llamas()
    if name in LEVEL_CONDITIONS:
        level, needed = LEVEL_CONDITIONS[name]
        return sum(1 for p in llamas if estate[p].height == level) >= needed
    if name == "omnipresence":
        return len({estate[p].height for p in llamas}) >= OMNIPRESENT_LEVELS
    if name == "herd":
        return largest_herd(llamas) >= HERD_SIZE
    if name == "road":
        rows = Counter(r for r, _ in llamas)
        cols = Counter(c for _, c in llamas)
        return max([*rows.values(), *cols.values(), 0]) >= ROAD_LLAMAS
    if name == "outposts":
        return longest_llama_distance(estate) >= OUTPOST_STEPS
    # farms: "pas adjacents ni à un bord ni à un trou"
    return sum(1 for p in llamas if not estate.is_edge(p)) >= FARM_LLAMAS


def largest_herd(llamas: list[Pos]) -> int:
    """Size of the largest orthogonally connected group of llamas."""
    left, best = set(llamas), 0
    while left:
        stack = [left.pop()]
        size = 0
        while stack:
            pos = stack.pop()
            size += 1
            for n in neighbours(pos):
                if n in left:
                    left.remove(n)
                    stack.append(n)
        best = max(best, size)
    return best


def distances_from(estate: Estate, start: Pos, until: Collection[Pos] = ()) -> dict[Pos, int]:
    """Shortest orthogonal paths over terrain cells (any height) from ``start``; when
    ``until`` is given, the search stops as soon as all those cells are reached (the
    cells further away may then be missing)."""
    cells = estate.cells
    dist = {start: 0}
    waiting = set(until)
    ring, step = [start], 0
    while ring and (waiting or not until):
        step += 1
        next_ring = []
        for r, c in ring:
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in cells and n not in dist:
                    dist[n] = step
                    next_ring.append(n)
        waiting.difference_update(next_ring)
        ring = next_ring
    return dist


def longest_llama_distance(estate: Estate) -> int:
    """The greatest shortest-path distance between two llamas (0 with fewer than two)."""
    llamas = estate.llamas()
    best = 0
    for i, start in enumerate(llamas[:-1]):
        others = llamas[i + 1:]
        dist = distances_from(estate, start, until=others)
        best = max(best, *(dist.get(other, 0) for other in others))
    return best


def card_count(player: Player, crop: str) -> int:
    return sum(1 for card in player.llama_cards if card.crop == crop)


def card_condition_met(player: Player, name: str) -> bool:
    """The six purple conditions, from the player's cards, coins and characters."""
    if name in CROPS:
        return card_count(player, name) >= 4  # "au moins 4 cartes Lama de maïs"
    if name == "diversity":
        return all(card_count(player, crop) >= 2 for crop in CROPS)
    if name == "wealth":
        return player.coins >= 5
    if name == "characters":
        return len(player.characters) >= 5
    raise ValueError(f"unknown card condition {name!r}: one of {', '.join(CARD_CONDITIONS)}")


def ranking_value(player: Player, name: str) -> int:
    """Gold (experts): "autant de ... que possible" — what the players are ranked by."""
    if name in CROPS:
        return card_count(player, name)
    if name == "diversity":
        return len(player.llama_cards)  # "tous types confondus"
    if name == "wealth":
        return player.coins
    if name == "characters":
        return len(player.characters)
    raise ValueError(f"unknown card condition {name!r}: one of {', '.join(CARD_CONDITIONS)}")
