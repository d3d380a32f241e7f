"""Neutral buildings A-H and private buildings 1-10 (sides a and b), from the rulebook's
annex ("BÂTIMENTS NEUTRES", "BÂTIMENTS PERSONNELS A/B"); carpinteros, VP and hands from
shared data §3.2 [S]. Every tuple of local actions is in the annex's order; each local
action may be used once, in any order ("Vous ne pouvez effectuer chaque action du lieu
qu'une seule fois ... dans l'ordre de votre choix").

Ids (stable): neutral ``A`` … ``H``; private ``1a`` … ``10b``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.gwt_argentina.data.actions import (
    Action,
    certificates,
    discard,
    either,
    engine,
    grain,
    move,
    pesos,
)
from games.gwt_argentina.data.cattle import FRONTERIZO, HOLANDO, PATAGONICO


@dataclass(frozen=True)
class NeutralBuilding:
    id: str
    actions: tuple[Action, ...]


NEUTRAL_BUILDINGS: tuple[NeutralBuilding, ...] = (
    # "1. Défaussez 1 carte « Holando Argentino » pour recevoir 2 pésos. 2. Engagez un
    # ouvrier sans modifier son coût. 3. Engagez un ouvrier dont le coût est augmenté de 2"
    NeutralBuilding("A", (discard(HOLANDO, pesos(2)), Action("hire", 0), Action("hire", 2))),
    # "1. Défaussez 1 carte « Patagonico » pour recevoir 2 pésos. 2. Construisez ...
    # Payez 2 pésos pour chaque carpintero requis."
    NeutralBuilding("B", (discard(PATAGONICO, pesos(2)), Action("build", 2))),
    # "1. Obtenez une carte Objectif. 2. Effectuez une action auxiliaire simple.
    # 3. Avancez votre locomotive d'une case."
    NeutralBuilding("C", (Action("objective"), Action("aux_single"), engine(1))),
    # "1. Défaussez 2 cartes Bétail de la même race pour recevoir 2 pésos. 2. Avancez
    # votre locomotive d'autant de cases que le nombre de maquinistas"
    NeutralBuilding("D", (Action("discard_pair", then=(pesos(2),)),
                          Action("engine_by_maquinistas"))),
    # "1. Défaussez 1 carte « Fronterizo » pour recevoir 2 pésos. 2. Achetez du bétail"
    NeutralBuilding("E", (discard(FRONTERIZO, pesos(2)), Action("buy_cattle"))),
    # "1. Avancez votre marqueur Certificat d'une case. 2. Aidez un ou plusieurs granjeros"
    # ("vous pouvez choisir jusqu'à 3 granjeros sur le plateau de jeu")
    NeutralBuilding("F", (certificates(1), Action("help_farmers", 0, limit=3))),
    # "1. Avancez votre locomotive d'autant de cases que le nombre de maquinistas ...
    # 2. Effectuez une action auxiliaire simple ou double."
    NeutralBuilding("G", (Action("engine_by_maquinistas"), Action("aux_any"))),
    # "1. Avancez votre marqueur de grain d'autant de cases que le nombre de granjeros ...
    # 2. SOIT ... une carte Épuisement de votre main SOIT ... une action auxiliaire simple"
    NeutralBuilding("H", (Action("grain_per_granjero", 1),
                          either(Action("remove_exhaustion"), Action("aux_single")))),
)
NEUTRAL_BY_ID: dict[str, NeutralBuilding] = {b.id: b for b in NEUTRAL_BUILDINGS}


@dataclass(frozen=True)
class PrivateBuilding:
    id: str
    number: int
    side: str
    #: Carpinteros needed ("indiqué dans le coin supérieur gauche"); the tile's "valeur".
    carpinteros: int
    vp: int
    #: Toll hand ("green", "black") or None.
    hand: str | None
    actions: tuple[Action, ...]

    @property
    def build_cost(self) -> int:
        """"Vous devez payer 2 pésos pour chaque carpintero requis"."""
        return BUILD_PESOS_PER_CARPINTERO * self.carpinteros


BUILD_PESOS_PER_CARPINTERO = 2
#: "C'est le seul moyen de construire un bâtiment demandant plus de 6 carpinteros": a row
#: holds 6 workers at most.
MAX_WORKERS_PER_ROW = 6

#: number -> (carpinteros, VP side a, VP side b, hand), shared data §3.2 [S].
_TILE_STATS: dict[int, tuple[int, int, int, str | None]] = {
    1: (1, 1, 1, "black"),
    2: (1, 1, 1, None),
    3: (2, 3, 3, "black"),
    4: (2, 3, 3, None),
    5: (3, 4, 4, None),
    6: (3, 4, 4, None),
    7: (4, 5, 5, "green"),
    8: (5, 6, 6, None),
    9: (7, 10, 9, "black"),
    10: (9, 13, 13, None),
}

_SIDE_A: dict[int, tuple[Action, ...]] = {
    # "Avancez votre marqueur de grain d'une case pour chacun de vos bâtiments construits
    # sur une terre agricole."
    1: (Action("grain_per_farmland", 1),),
    # "1. Effectuez une action auxiliaire simple ou double. 2. Avancez votre estanciero
    # d'un lieu"
    2: (Action("aux_any"), move(1)),
    # "1. Recevez 1 jeton Échange. 2. Aidez ... ajoutez 3 à votre force."
    3: (Action("exchange_token", 1), Action("help_farmers", 3, limit=3)),
    # "1. Piochez autant de cartes ... que le nombre de gauchos ... 2. Certificat de 2"
    4: (Action("draw_discard_gauchos"), certificates(2)),
    # "1. Avancez votre marqueur de grain de 2 cases. 2. ... disque ... quai I de Rotterdam."
    # (shared data §3.2 [S]: the disc comes from a white-corner slot)
    5: (grain(2), Action("disc_to_quay", city="rotterdam", quay=1, corner="white")),
    # "1. Engagez un ouvrier. Son coût est réduit de 1 peso. 2. ... maquinistas"
    6: (Action("hire", -1), Action("engine_by_maquinistas")),
    # "1. Reculez votre marqueur de grain d'une case pour avancer votre locomotive de 2
    # cases et recevoir 2 pesos. 2. Avancez votre estanciero de 3 lieux"
    7: (Action("pay_grain", 1, then=(engine(2), pesos(2))), move(3)),
    # "1. Avancez votre marqueur de grain d'une case. 2. ... quai I de Liverpool."
    8: (grain(1), Action("disc_to_quay", city="liverpool", quay=1)),
    # "1. Avancez votre marqueur Certificat de 3 cases. 2. ... estanciero de 3 lieux"
    9: (certificates(3), move(3)),
    # "1. ... grain de 5 cases. 2. Recevez 5 pesos. 3. Avancez votre locomotive de 3 cases."
    10: (grain(5), pesos(5), engine(3)),
}

_SIDE_B: dict[int, tuple[Action, ...]] = {
    # "Recevez 2 pésos pour chacun de vos bâtiments construits sur une terre agricole."
    1: (Action("pesos_per_farmland", 2),),
    # "1. Recevez 1 pésos pour chaque granjero ... 2. Avancez votre estanciero d'un lieu"
    2: (Action("pesos_per_granjero", 1), move(1)),
    # "SOIT vous avancez votre marqueur Certificat de 2 cases SOIT vous défaussez exactement
    # une carte Objectif de votre main et effectuez l'action immédiate de cette carte
    # Objectif. Avancez ensuite votre marqueur Certificat de 3 cases."
    3: (either(certificates(2), Action("discard_objective", then=(certificates(3),))),),
    # "1. Pour chaque paire composée de 2 tuiles Fermier ... Certificat d'une case.
    # 2. Avancez votre marqueur de grain de 2 cases."
    4: (Action("certificate_per_farmer_pair", 1), grain(2)),
    # "1. Recevez 6 pésos pour chaque ensemble ... 2. action auxiliaire simple ou double."
    5: (Action("pesos_per_worker_set", 6), Action("aux_any")),
    # "1. ... grain de 3 cases. 2. Recevez 3 pésos. 3. Effectuez la phase 1 « Livraison »"
    6: (grain(3), pesos(3), Action("delivery")),
    # "1. Chacun des autres joueurs prend une carte Épuisement ... 2. ... de 3 lieux"
    7: (Action("exhaust_opponents"), move(3)),
    # "1. Avancez votre marqueur Certificat de 2 cases. 2. Aidez ... ajoutez 6 à votre force."
    8: (certificates(2), Action("help_farmers", 6, limit=3)),
    # "1. Engagez un ouvrier. Son coût est réduit de 4 pésos. 2. ... estanciero de 5 lieux"
    9: (Action("hire", -4), move(5)),
    # "1. Recevez 3 pésos. 2. Défaussez une carte Bétail de la race de votre choix ET prenez
    # une carte Bétail de votre choix du marché. Ajoutez cette dernière directement à votre
    # main."
    10: (pesos(3), Action("swap_with_market")),
}


def _private() -> tuple[PrivateBuilding, ...]:
    tiles = []
    for number, (carps, vp_a, vp_b, hand) in _TILE_STATS.items():
        tiles.append(PrivateBuilding(f"{number}a", number, "a", carps, vp_a, hand, _SIDE_A[number]))
        tiles.append(PrivateBuilding(f"{number}b", number, "b", carps, vp_b, hand, _SIDE_B[number]))
    return tuple(tiles)


PRIVATE_BUILDINGS: tuple[PrivateBuilding, ...] = _private()
PRIVATE_BY_ID: dict[str, PrivateBuilding] = {b.id: b for b in PRIVATE_BUILDINGS}
PRIVATE_NUMBERS = tuple(range(1, 11))


def private_building(number: int, side: str) -> PrivateBuilding:
    return PRIVATE_BY_ID[f"{number}{side}"]
