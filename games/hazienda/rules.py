"""Hazienda's numbers: components, prices and scoring tables (rulebook and variants sheet).

Component counts follow the published component lists; each constant names
the rulebook passage it comes from.
"""

from __future__ import annotations

from games.hazienda.maps import LAND_KINDS

COLOURS = ("red", "blue", "yellow", "green", "black")
SPECIES = ("cattle", "horse", "pig", "sheep")
#: "80 cartes terrain": 14 of each land kind and 10 pampa.
LAND_CARD_KINDS = (*LAND_KINDS, "pampa")
LAND_CARDS = {**{kind: 14 for kind in LAND_KINDS}, "pampa": 10}
#: "72 cartes animal (4 espèces)": 18 of each.
ANIMAL_CARDS = {species: 18 for species in SPECIES}

START_MONEY = 20
START_LAND_CARDS = 8
START_ANIMAL_CARDS = 4
FACE_UP_CARDS = 4
ACTIONS_PER_TURN = 3

#: "Cartes animal retirées du jeu": by number of players.
ANIMAL_CARDS_REMOVED = {2: 30, 3: 20, 4: 10, 5: 0}
#: "Haciendas neutres": by number of players.
NEUTRAL_HACIENDAS = {2: 5, 3: 7, 4: 8, 5: 9}
HARVEST_MARKERS = 8
#: "18 mares de formes différentes": four shapes, 9, 4, 3 and 2 copies (Yucata). The
#: printed shapes are unknown; we take the sizes 1, 2, 3 and 4 hexes (reconstruction).
PONDS = {1: 9, 2: 4, 3: 3, 4: 2}

#: "Indication 1": 80 double-sided land tiles show each of the 5 colours on 32 faces.
LAND_FACES_PER_COLOUR = 32
LAND_TILES = 80
#: "30 tuiles par couleur", and "Indication 2": "Il y a 15 animaux de chaque sorte".
ANIMAL_TILES_PER_COLOUR = 30
ANIMALS_PER_SPECIES = 15

CARD_PRICE_DECK = 2
CARD_PRICE_FACE_UP = 3
#: "1 hacienda 12 Pesos", "1 mare 12 Pesos"; Variante I: "passe à 20 pesos".
PIECE_PRICE = 12
PIECE_PRICE_VARIANT1 = 20

HARVEST_PESOS_PER_LAND = 3
#: "Décompte des marchés atteints": points for 1..11 markets.
MARKET_POINTS = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)
DOMAIN_MIN_SCORING = 3
DOMAIN_POINTS_PER_LAND = 2
#: Variante I: "Chaque troupeau comprenant au moins 3 animaux rapporte autant de points".
HERD_MIN_SCORING = 3
MONEY_PER_POINT = 10
MONEY_PER_POINT_VARIANT1 = 20

CATEGORIES = ("markets", "domains", "haciendas", "ponds", "herds", "money")


def market_points(reached: int) -> int:
    return MARKET_POINTS[min(reached, len(MARKET_POINTS) - 1)]


def piece_price(variant1: bool) -> int:
    return PIECE_PRICE_VARIANT1 if variant1 else PIECE_PRICE
