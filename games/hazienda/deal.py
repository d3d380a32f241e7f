"""Setting up a game ("Préparation du jeu")."""

from __future__ import annotations

from games.hazienda.board import board_map
from games.hazienda.rules import (
    ANIMAL_CARDS,
    ANIMAL_CARDS_REMOVED,
    COLOURS,
    FACE_UP_CARDS,
    HARVEST_MARKERS,
    LAND_CARDS,
    NEUTRAL_HACIENDAS,
    PONDS,
    START_ANIMAL_CARDS,
    START_LAND_CARDS,
    START_MONEY,
)
from games.hazienda.state import HaziendaOptions, HaziendaState, Player, Pond
from games.rng import Rng


def full_deck(counts: dict[str, int]) -> list[str]:
    return [kind for kind, n in counts.items() for _ in range(n)]


def add_card(hand: dict[str, int], card: str) -> None:
    hand[card] = hand.get(card, 0) + 1


def take_card(hand: dict[str, int], card: str) -> None:
    hand[card] -= 1
    if not hand[card]:
        del hand[card]


def new_state(seats: int, options: HaziendaOptions, seed: int, map_text: str | None = None) -> HaziendaState:
    """Shuffle, deal and lay out the board as the rulebook's setup table says."""
    rng = Rng.from_seed(seed)
    players = [Player(colour=COLOURS[s], money=START_MONEY) for s in range(seats)]
    state = HaziendaState(
        seats=seats, seed=seed, rng=rng, options=options, map_text=map_text, players=players,
        haciendas_stock=NEUTRAL_HACIENDAS[seats], harvest_stock=HARVEST_MARKERS,
        ponds_stock=dict(PONDS),
    )
    land_deck = full_deck(LAND_CARDS)
    rng.shuffle(land_deck)
    animal_deck = full_deck(ANIMAL_CARDS)
    rng.shuffle(animal_deck)
    removed = ANIMAL_CARDS_REMOVED[seats]
    state.animal_removed, animal_deck = animal_deck[:removed], animal_deck[removed:]
    for player in players:
        for _ in range(START_LAND_CARDS):
            add_card(player.lands, land_deck.pop())
        for _ in range(START_ANIMAL_CARDS):
            add_card(player.animals, animal_deck.pop())
    state.land_face_up = [land_deck.pop() for _ in range(FACE_UP_CARDS)]
    state.animal_face_up = [animal_deck.pop() for _ in range(FACE_UP_CARDS)]
    state.land_deck = land_deck
    # "Les cartes restantes sont réparties en deux piles": halves (all counts are even).
    half = (len(animal_deck) + 1) // 2
    state.animal_deck, state.animal_second = animal_deck[:half], animal_deck[half:]
    # "Quatre mares (de taille 1) sont mises sur les 4 cases eau", from the size-1 stock.
    for water in board_map(state).water_spaces:
        state.ponds.append(Pond(id=len(state.ponds), coords=(water,)))
        state.ponds_stock[1] -= 1
    # "Le joueur le plus jeune commence": we have no ages, so the first player is drawn.
    state.current = rng.randrange(seats)
    state.turn = 1
    return state
