"""Ships (the loading zone) and the three port cities with their quays and districts.

Ship ids (stable): ``ship<value>`` for the 11 sun ships (``ship0`` … ``ship18``),
``extra<value>`` for the 7 ships without a sun (two ships show 7 and two show 8: the sun
``ship7``/``ship8`` and the plain ``extra7``/``extra8``).

Port ids: cities ``lehavre``, ``rotterdam``, ``liverpool``; quays ``<city>:I`` / ``<city>:II``;
district spaces ``<city>:<W|N|E|S><n>`` (n from 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.gwt_argentina.data.actions import Action, engine, pesos


@dataclass(frozen=True)
class Ship:
    id: str
    #: Loading value on the sails ("valeur de chargement").
    value: int
    sun: bool
    #: Grain to load ("la quantité de grain demandée"); 2 pesos per missing grain.
    grain: int
    #: VP per disc at the end (scoring 3).
    vp: int
    #: "white" (any disc) or "black" (only a black-corner disc).
    corner: str
    #: Anchor colour ("jaune", "turquoise", "violet") or None (never sails).
    anchor: str | None
    #: Quay it sails to, e.g. ``lehavre:II``.
    destination: str | None
    #: Loading action ("actions de chargement que vous devez effectuer immédiatement").
    on_load: Action | None = None
    #: Ships 0 and 18 take any number of discs of the same player.
    repeatable: bool = False


#: Shared data §6 [S]; corners agree with the rulebook's loading example (ship 9 takes a
#: disc "de l'emplacement de son choix", ship 8 only one "à coins blancs", ship 8 asks 1
#: grain and gives an objective card, ship 9 asks more than 2 grain).
SUN_SHIPS: tuple[Ship, ...] = (
    # "Si vous placez un disque sur le bateau ... de 0, recevez immédiatement 2 pésos ...
    # À la fin de la partie, vous perdrez 2 points de victoire pour ce disque."
    Ship("ship0", 0, True, 0, -2, "white", None, None, pesos(2), True),
    Ship("ship1", 1, True, 0, 0, "white", "yellow", "lehavre:I"),
    Ship("ship3", 3, True, 1, 0, "white", "turquoise", "lehavre:II"),
    Ship("ship5", 5, True, 1, 0, "white", "yellow", "lehavre:II"),
    # Rotterdam-bound ships: "vous devez immédiatement choisir une carte Objectif"
    Ship("ship6", 6, True, 2, 0, "white", "turquoise", "rotterdam:I", Action("objective")),
    Ship("ship7", 7, True, 2, 0, "white", "yellow", "rotterdam:I", Action("objective")),
    Ship("ship8", 8, True, 1, 0, "white", "purple", "rotterdam:I", Action("objective")),
    Ship("ship9", 9, True, 4, 0, "black", "purple", "liverpool:I"),
    Ship("ship11", 11, True, 4, 0, "black", "turquoise", "liverpool:I"),
    Ship("ship15", 15, True, 4, 0, "black", "purple", "liverpool:II"),
    Ship("ship18", 18, True, 6, 12, "black", None, None, None, True),
)
#: "Ces navires de remplacement ont des points de victoire, plutôt que des icônes d'ancre"
#: (the clarification at the end of the rulebook): the 7 sunless ships never sail.
EXTRA_SHIPS: tuple[Ship, ...] = (
    Ship("extra4", 4, False, 2, 1, "white", None, None),
    Ship("extra7", 7, False, 1, 3, "white", None, None),
    Ship("extra8", 8, False, 3, 3, "black", None, None),
    Ship("extra12", 12, False, 2, 5, "black", None, None),
    Ship("extra13", 13, False, 3, 7, "white", None, None),
    Ship("extra14", 14, False, 4, 7, "black", None, None),
    Ship("extra16", 16, False, 5, 9, "black", None, None),
)
SHIPS: tuple[Ship, ...] = SUN_SHIPS + EXTRA_SHIPS
SHIP_BY_ID: dict[str, Ship] = {s.id: s for s in SHIPS}
#: "Remettez les 3 bateaux dans la boîte et piochez 2 bateaux de la pile"
SHIPS_DRAWN_PER_DEPARTURE = 2
#: Ship 0's loading pesos.
SHIP0_PESOS = 2
GRAIN_SHORTFALL_PESOS = 2


# -- Port cities ----------------------------------------------------------------------

CITIES = ("lehavre", "rotterdam", "liverpool")
CITY_NAMES = {"lehavre": "Le Havre", "rotterdam": "Rotterdam", "liverpool": "Liverpool"}
DISTRICTS = ("W", "N", "E", "S")


@dataclass(frozen=True)
class DistrictSpace:
    id: str
    bonus: Action | None
    vp: int


@dataclass(frozen=True)
class District:
    compass: str
    #: Grain to deliver from quay I.
    grain: int
    spaces: tuple[DistrictSpace, ...]


@dataclass(frozen=True)
class PortCity:
    city: str
    side: str
    #: Quay -> VP per disc still on it at the end (scoring 4).
    quay_vp: dict[str, int]
    #: Quay -> grain discount when delivering from it ("les quais « II » offrent une
    #: réduction sur la quantité de grain à payer").
    quay_discount: dict[str, int]
    districts: tuple[District, ...]
    #: Spaces hidden by a closure tile ("recouvrez le centre de certaines de ces villes").
    closed_by_tile: tuple[str, ...]

    def space(self, space_id: str) -> DistrictSpace:
        for d in self.districts:
            for s in d.spaces:
                if s.id == space_id:
                    return s
        raise KeyError(space_id)

    def district_of(self, space_id: str) -> District:
        for d in self.districts:
            if any(s.id == space_id for s in d.spaces):
                return d
        raise KeyError(space_id)


def _district(city: str, compass: str, grain: int, *spaces: tuple[Action | None, int]) -> District:
    return District(compass, grain, tuple(
        DistrictSpace(f"{city}:{compass}{i}", bonus, vp) for i, (bonus, vp) in enumerate(spaces, 1)
    ))


def _closure(districts: tuple[District, ...]) -> tuple[str, ...]:
    # reconstruction: a closure tile covers the centre of a city, where the four districts
    # meet: we take it to hide the last space of each district (the innermost), so each
    # district keeps all but one space with fewer players.
    return tuple(d.spaces[-1].id for d in districts)


def _city(city: str, side: str, quay_vp: dict[str, int], discount: dict[str, int],
          *districts: District) -> PortCity:
    return PortCity(city, side, quay_vp, discount, districts, _closure(districts))


OBJ = Action("objective")
FREE_FRANQUEIRO = Action("take_market_card", breed="franqueiro")

#: Side a: shared data §7 [S]. The rulebook's Rotterdam example agrees: "livre 1 grain et
#: déplace ce disque dans le quartier ouest (W) de Rotterdam. Elle reçoit immédiatement 6
#: pésos et elle marquera 1 point de victoire" and "dépenser 2 grains et réclamer les 4 points
#: de victoire du quartier nord".
_SIDE_A = (
    _city("lehavre", "a", {"I": 0, "II": 1}, {"I": 0, "II": 2},
          _district("lehavre", "W", 1, (pesos(3), 0), (pesos(4), 0), (pesos(4), 0), (pesos(4), 0)),
          _district("lehavre", "N", 3, (pesos(5), 1), (pesos(5), 2), (pesos(6), 2)),
          _district("lehavre", "E", 5, (None, 5), (None, 6), (None, 7)),
          _district("lehavre", "S", 6, (pesos(9), 3), (pesos(12), 3))),
    _city("rotterdam", "a", {"I": 2}, {"I": 0},
          _district("rotterdam", "W", 1, (pesos(6), 1), (pesos(6), 0), (pesos(6), 0)),
          _district("rotterdam", "N", 2, (None, 6), (None, 5), (None, 4)),
          _district("rotterdam", "E", 4, (pesos(8), 4), (pesos(6), 4)),
          _district("rotterdam", "S", 7, (None, 9), (None, 12))),
    _city("liverpool", "a", {"I": 5, "II": 8}, {"I": 0, "II": 3},
          _district("liverpool", "W", 1, (OBJ, 4), (pesos(6), 4)),
          _district("liverpool", "N", 4, (FREE_FRANQUEIRO, 4), (engine(4), 4), (pesos(6), 7)),
          _district("liverpool", "E", 7, (None, 12), (None, 15)),
          _district("liverpool", "S", 9, (None, 15), (None, 20))),
)

# reconstruction: side b of every city. Nothing of it is written except the solo example,
# where Pedro "livre 6 de ses 7 grains à Liverpool ... vers l'espace bonus rapportant 14
# points de victoire" (a Liverpool district costing 6 with a 14-VP space, which side a
# lacks). Side b keeps each city's quays, space counts and economy (total VP and pesos
# within a few points of side a) but moves value between districts: cheaper pesos early in
# Le Havre, Rotterdam's objective on its west side, Liverpool's east costing 6.
_SIDE_B = (
    _city("lehavre", "b", {"I": 0, "II": 1}, {"I": 0, "II": 2},
          _district("lehavre", "W", 1, (pesos(4), 0), (pesos(4), 0), (pesos(3), 1), (pesos(3), 1)),
          _district("lehavre", "N", 2, (pesos(4), 1), (pesos(4), 1), (OBJ, 1)),
          _district("lehavre", "E", 5, (pesos(4), 4), (None, 6), (None, 6)),
          _district("lehavre", "S", 7, (pesos(6), 6), (pesos(9), 5))),
    _city("rotterdam", "b", {"I": 2}, {"I": 0},
          _district("rotterdam", "W", 1, (OBJ, 1), (pesos(5), 0), (pesos(5), 0)),
          _district("rotterdam", "N", 3, (None, 7), (None, 6), (pesos(3), 4)),
          _district("rotterdam", "E", 4, (engine(3), 4), (pesos(8), 3)),
          _district("rotterdam", "S", 6, (None, 10), (None, 11))),
    _city("liverpool", "b", {"I": 5, "II": 8}, {"I": 0, "II": 3},
          _district("liverpool", "W", 2, (pesos(6), 4), (OBJ, 5)),
          _district("liverpool", "N", 4, (engine(4), 5), (FREE_FRANQUEIRO, 5), (pesos(4), 6)),
          _district("liverpool", "E", 6, (None, 14), (None, 13)),
          _district("liverpool", "S", 9, (None, 16), (None, 19))),
)

PORT_CITIES: dict[tuple[str, str], PortCity] = {(c.city, c.side): c for c in _SIDE_A + _SIDE_B}


def port_city(city: str, side: str) -> PortCity:
    return PORT_CITIES[(city, side)]


def quays(city: str) -> tuple[str, ...]:
    """Rotterdam has only quay I (shared data §7 [S]); Le Havre and Liverpool have I and II."""
    return ("I",) if city == "rotterdam" else ("I", "II")


#: "à 2 joueurs : Placez 1 tuile Fermeture sur chacun des 3 plateaux ... à 3 joueurs : ...
#: sur Rotterdam ... à 4 joueurs : Remettez toutes les tuiles Fermeture dans la boîte."
CLOSURE_TILES: dict[int, tuple[str, ...]] = {
    2: CITIES,
    3: ("rotterdam",),
    4: (),
}
#: Set-up 16: "Placez votre dernier disque sur le quai I du plateau Ville portuaire Le Havre."
START_QUAY = "lehavre:I"
