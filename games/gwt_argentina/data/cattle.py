"""Cattle cards, the cattle market, exhaustion cards and the objective-free herd.

Rulebook "MATÉRIEL": "92 cartes Bétail · 56 cartes Bétail de départ 14 par joueur :
5 Niata 3 Patagonico 3 Fronterizo 3 Holando Argentino · 36 cartes Bétail du marché :
6 Caracu 5 Chaqueño 5 Serrano 5 Blanco Orejinegro 9 Franqueiro 6 Aberdeen-Angus",
"25 cartes Épuisement".
"""

from __future__ import annotations

from dataclasses import dataclass

# Breed ids (stable, used in notation and saved states).
NIATA = "niata"
PATAGONICO = "patagonico"
FRONTERIZO = "fronterizo"
HOLANDO = "holando"
CARACU = "caracu"
CHAQUENO = "chaqueno"
SERRANO = "serrano"
BLANCO = "blanco"
FRANQUEIRO = "franqueiro"
ANGUS = "angus"


@dataclass(frozen=True)
class Breed:
    id: str
    name: str
    #: Breeding value ("valeur d'élevage"): income in Buenos Aires, once per breed in hand.
    value: int
    #: Strength ("force") when revealed to help farmers.
    strength: int
    #: Card colour; the rulebook shows a specific breed by "sa couleur et sa valeur".
    colour: str
    #: Two-letter code for ids and notation.
    code: str
    market: bool


#: Values and strengths: shared data §1.1 [S] (mihaeu/gwta); Caracu's strength 7 is
#: confirmed by the rulebook ("une carte Bétail « Caracu » pourvue d'une force de 7").
#: Colours: the rulebook names Fronterizo "noire", Patagonico "verte", Caracu "orange",
#: and orders the market "orange, jaune, rouge, bleu, marron, violet".
BREEDS: tuple[Breed, ...] = (
    # reconstruction: Niata grey and Holando Argentino white (the rulebook names no colour;
    # grey is the value-1 starting breed's colour in the original game, white/black
    # is the Holstein's coat).
    Breed(NIATA, "Niata", 1, 1, "grey", "NI", False),
    Breed(PATAGONICO, "Patagonico", 2, 2, "green", "PA", False),
    Breed(FRONTERIZO, "Fronterizo", 2, 2, "black", "FR", False),
    Breed(HOLANDO, "Holando Argentino", 2, 2, "white", "HO", False),
    Breed(CARACU, "Caracu", 1, 7, "orange", "CA", True),
    # reconstruction: yellow, red and blue are the three value-3 breeds (market order
    # sorts by value); which is which is not written, we follow strength order.
    Breed(CHAQUENO, "Chaqueño", 3, 5, "yellow", "CH", True),
    Breed(SERRANO, "Serrano", 3, 4, "red", "SE", True),
    Breed(BLANCO, "Blanco Orejinegro", 3, 3, "blue", "BO", True),
    # reconstruction: brown and purple for the value-4 and value-5 breeds (the last two
    # colours of the market order, which rises with the value).
    Breed(FRANQUEIRO, "Franqueiro", 4, 6, "brown", "FQ", True),
    Breed(ANGUS, "Aberdeen-Angus", 5, 7, "purple", "AA", True),
)
BREED_BY_ID: dict[str, Breed] = {b.id: b for b in BREEDS}
BREED_BY_CODE: dict[str, Breed] = {b.code: b for b in BREEDS}
STARTING_BREEDS = (NIATA, PATAGONICO, FRONTERIZO, HOLANDO)
MARKET_BREEDS = (CARACU, CHAQUENO, SERRANO, BLANCO, FRANQUEIRO, ANGUS)
VALUE_3_BREEDS = (CHAQUENO, SERRANO, BLANCO)
#: "ordonnez-les par couleur dans l'ordre suivant : orange, jaune, rouge, bleu, marron, violet"
MARKET_COLOUR_ORDER = ("orange", "yellow", "red", "blue", "brown", "purple")


@dataclass(frozen=True)
class CattleCard:
    """One physical market card. ``id`` is ``<code><n>``, e.g. ``FQ7``."""

    id: str
    breed: str
    vp: int


def _cards(breed: str, vps: tuple[int, ...]) -> tuple[CattleCard, ...]:
    code = BREED_BY_ID[breed].code
    return tuple(CattleCard(f"{code}{i}", breed, vp) for i, vp in enumerate(vps, start=1))


#: The 36 market cards with their VP (shared data §1.1 [S]).
MARKET_CARDS: tuple[CattleCard, ...] = (
    *_cards(CARACU, (2, 2, 2, 3, 3, 3)),
    *_cards(CHAQUENO, (1,) * 5),
    *_cards(SERRANO, (2,) * 5),
    *_cards(BLANCO, (3,) * 5),
    *_cards(FRANQUEIRO, (3, 3, 3, 4, 4, 4, 5, 5, 5)),
    *_cards(ANGUS, (5, 5, 6, 6, 7, 7)),
)
MARKET_CARD_BY_ID: dict[str, CattleCard] = {c.id: c for c in MARKET_CARDS}

#: "14 par joueur : 5 Niata 3 Patagonico 3 Fronterizo 3 Holando Argentino" (0 VP each).
STARTING_HERD: tuple[tuple[str, int], ...] = (
    (NIATA, 5), (PATAGONICO, 3), (FRONTERIZO, 3), (HOLANDO, 3),
)
STARTING_CARD_VP = 0


def starting_cards(seat: int) -> tuple[CattleCard, ...]:
    """The 14 starting cattle cards of ``seat``: ids ``<seat>:<code><n>``, e.g. ``0:NI3``."""
    return tuple(
        CattleCard(f"{seat}:{BREED_BY_ID[breed].code}{i}", breed, STARTING_CARD_VP)
        for breed, count in STARTING_HERD for i in range(1, count + 1)
    )


#: "25 cartes Épuisement"; set-up step 17: "ajoutez-y 1 carte Épuisement. Ces 15 cartes
#: constituent votre pioche Bétail".
EXHAUSTION_CARDS = 25
EXHAUSTION_CARD_ID = "EX"
EXHAUSTION_IN_STARTING_DECK = 1
#: End-game value of one exhaustion card in the herd (shared data §1.3 [S]; the rulebook
#: says "les cartes Épuisement ... diminuent votre score final" without the number).
EXHAUSTION_VP = -2
#: Help farmers: "Si vous révélez 1 ou 2 cartes Bétail, prenez ... 1 carte Épuisement. Si
#: vous révélez 3 ou 4 cartes Bétail, prenez ... 2 cartes Épuisement."
MAX_REVEALED_FOR_HELP = 4


def exhaustion_for_revealed(n: int) -> int:
    if not 0 <= n <= MAX_REVEALED_FOR_HELP:
        raise ValueError(f"between 0 and {MAX_REVEALED_FOR_HELP} cards may be revealed, not {n}")
    return 0 if n == 0 else 1 if n <= 2 else 2


def card_breed(card_id: str) -> str | None:
    """Breed of a cattle card id (market ``FQ7`` or starting ``0:NI3``); None otherwise."""
    if card_id in MARKET_CARD_BY_ID:
        return MARKET_CARD_BY_ID[card_id].breed
    if ":" in card_id:
        breed = BREED_BY_CODE.get(card_id.split(":", 1)[1].rstrip("0123456789"))
        if breed is not None and not breed.market:
            return breed.id
    return None


def card_vp(card_id: str) -> int:
    """End-game VP of a herd card (scoring 7): cattle VP, exhaustion -2, any other card 0."""
    if card_id == EXHAUSTION_CARD_ID:
        return EXHAUSTION_VP
    if card_id in MARKET_CARD_BY_ID:
        return MARKET_CARD_BY_ID[card_id].vp
    return 0


#: Set-up step 9: "à 2 joueurs, révélez 9 cartes ... 3 joueurs, 12 ... 4 joueurs, 15".
MARKET_SIZE = {2: 9, 3: 12, 4: 15}


@dataclass(frozen=True)
class PurchaseOption:
    """One way to buy at the cattle market: ``gauchos`` used, ``cards`` of ``breeds``
    taken, ``cost`` pesos for the whole option."""

    gauchos: int
    breeds: tuple[str, ...]
    cards: int
    cost: int


#: Cattle purchase options (rulebook p. 14 and shared data §1.2). Each gaucho is used once
#: per action; an unused gaucho may draw 2 market cards into the market instead.
PURCHASE_OPTIONS: tuple[PurchaseOption, ...] = (
    # "Si vous ne possédez qu'un seul gaucho, vous n'avez que les 3 options suivantes"
    PurchaseOption(1, (CARACU,), 1, 4),
    PurchaseOption(1, VALUE_3_BREEDS, 1, 5),
    PurchaseOption(1, (FRANQUEIRO,), 1, 11),
    # "2 gauchos ... 1 carte ... valeur d'élevage est de 3 pour 2 pésos OU ... Aberdeen-Angus pour 11"
    PurchaseOption(2, VALUE_3_BREEDS, 1, 2),
    PurchaseOption(2, (ANGUS,), 1, 11),
    # "Si vous utilisez 3 gauchos et payez 5 pésos, vous achetez 2 cartes ... de 3"
    PurchaseOption(3, VALUE_3_BREEDS, 2, 5),
    PurchaseOption(3, (FRANQUEIRO,), 1, 6),  # shared data §1.2 [S]
    PurchaseOption(4, (ANGUS,), 1, 6),  # shared data §1.2 [S]
    # "Si vous utilisez 5 gauchos et payez 9 pésos, vous achetez 2 cartes « Franqueiro »"
    PurchaseOption(5, (FRANQUEIRO,), 2, 9),
    # reconstruction: 6 gauchos buy 2 Aberdeen-Angus for 10 pesos (the 6th gaucho's own
    # action is to buy cattle; the pair options are cheaper than two singles, as 3 and 5
    # gauchos show).
    PurchaseOption(6, (ANGUS,), 2, 10),
)
GAUCHOS_PER_MARKET_DRAW = 1
CARDS_PER_MARKET_DRAW = 2
