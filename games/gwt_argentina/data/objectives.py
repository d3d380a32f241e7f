"""The 24 objective cards: immediate action, VP when fulfilled, penalty otherwise, and their
conditions.

Card ids (stable): ``OB01`` … ``OB24`` in the order of shared data §9 (the source's ids
100-123; the printed cards carry no number).

Condition ids (each component counts for one condition only: "chaque élément de jeu qu'un
joueur possède ne peut servir à remplir qu'une seule condition sur une seule carte"):

* ``building`` a private building of yours on the board;
* ``farmer_green`` / ``farmer_blue`` / ``farmer_orange`` / ``farmer_yellow`` a farmer tile
  of that colour beside your board (not in the granjero row);
* ``district_W`` / ``_N`` / ``_E`` / ``_S`` a disc of yours in that district of any city;
* ``station`` a disc of yours on a station (each disc on the terminus counts);
* ``cattle_3`` a value-3 cattle card in your herd; ``caracu``, ``franqueiro``, ``angus`` a
  card of that breed;
* ``ship18`` a disc of yours on the ship of value 18.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.gwt_argentina.data.actions import Action, certificates, engine, grain, pesos

CONDITIONS = (
    "building", "farmer_green", "farmer_blue", "farmer_orange", "farmer_yellow",
    "district_W", "district_N", "district_E", "district_S", "station",
    "cattle_3", "caracu", "franqueiro", "angus", "ship18",
)


@dataclass(frozen=True)
class ObjectiveCard:
    id: str
    #: "l'action immédiate illustrée dans le coin supérieur gauche de la carte"
    action: Action
    vp: int
    #: "Sinon, vous perdrez les points de valeur négative" (shared data §9 [S]: -2 each).
    penalty: int
    #: condition id -> how many components it needs.
    needs: dict[str, int]


DRAW3 = Action("draw_discard", 3)
PENALTY = -2


def _card(n: int, action: Action, vp: int, **needs: int) -> ObjectiveCard:
    return ObjectiveCard(f"OB{n:02d}", action, vp, PENALTY, dict(needs))


#: Shared data §9 [S]. The rulebook's example (three cards worth 9 needing "3 de ses tuiles
#: Bâtiment", "1 tuile Fermier de chaque couleur (jaune, bleue, verte)", "1 carte ...
#: Caracu" and "2 de ses disques dans le quartier ouest") is OB06 + OB07 + OB18.
OBJECTIVE_CARDS: tuple[ObjectiveCard, ...] = (
    _card(1, certificates(1), 4, district_W=1, station=2),
    _card(2, certificates(1), 3, district_E=1, building=1),
    _card(3, certificates(1), 4, caracu=1, station=1, farmer_orange=1),
    _card(4, certificates(3), 5, cattle_3=1, franqueiro=1, angus=1),
    _card(5, engine(1), 4, district_N=1, district_E=1),
    _card(6, engine(1), 3, district_W=1, farmer_blue=1, farmer_green=1),
    _card(7, engine(1), 3, caracu=1, building=2),
    _card(8, engine(1), 3, franqueiro=1, district_W=1),
    _card(9, DRAW3, 4, cattle_3=2, station=1),
    _card(10, DRAW3, 4, station=1, farmer_yellow=1, farmer_blue=1),
    _card(11, DRAW3, 3, building=2, farmer_green=1),
    _card(12, pesos(3), 2, cattle_3=2, district_N=1),
    _card(13, pesos(2), 5, cattle_3=1, angus=1, building=1),
    _card(14, pesos(3), 4, district_S=1, building=1),
    _card(15, pesos(3), 3, district_N=1, building=2),
    _card(16, pesos(4), 5, ship18=1),
    _card(17, pesos(2), 3, building=1, farmer_yellow=1, farmer_orange=1),
    _card(18, grain(1), 3, district_W=1, building=1, farmer_yellow=1),
    _card(19, grain(1), 4, cattle_3=1, station=2),
    _card(20, grain(1), 3, cattle_3=1, farmer_orange=1, farmer_green=1),
    _card(21, grain(1), 4, building=2, station=1),
    _card(22, grain(1), 4, cattle_3=1, franqueiro=1, building=1),
    _card(23, grain(1), 5, district_S=1, station=1),
    _card(24, grain(1), 4, cattle_3=1, franqueiro=1, farmer_blue=1),
)
OBJECTIVE_BY_ID: dict[str, ObjectiveCard] = {c.id: c for c in OBJECTIVE_CARDS}
#: Set-up 10: "Révélez les 4 premières cartes de cette pioche ... l'offre d'objectifs."
OBJECTIVE_DISPLAY = 4
