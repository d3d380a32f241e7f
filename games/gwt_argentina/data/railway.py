"""The railway: 31 numbered spaces, branches with stations, the terminus and the depot, and
the 8 station-master tiles.

Positions (stable): ``0`` is the start ("le point de départ (le bâtiment grise)"), where
any number of locomotives stand; ``1`` … ``31`` the numbered spaces (one locomotive each);
``b<n>`` the branch leaving the switch on space ``n`` ("Chaque embranchement compte comme
une case supplémentaire entre les 2 cases auxquelles il est relié"), holding a station;
``depot`` the depot ("le dépôt ferroviaire n'est pas considéré comme une case de la voie
ferrée"). Space 31 is the terminus, itself a station that may be upgraded once per arrival.
The depot is not a dead end: a locomotive leaves it forward to space 24 (and may run to the
terminus again), never backward (:data:`DEPOT_EXIT`).

Station ids: ``b4`` … for branch stations, ``31`` for the terminus.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.gwt_argentina.data.actions import Action, grain, pesos

TRACK_START = 0
TERMINUS = 31
TRACK_LENGTH = 31
DEPOT = "depot"
#: Maquinista row, last slot, at the depot: "améliorez la gare de votre choix située avant
#: la case 24".
DEPOT_UPGRADE_BEFORE = 24
#: The space one move forward from the depot: « Lorsque votre locomotive se trouve au dépôt
#: ferroviaire, vous ne pouvez pas la faire reculer à partir de là ... Vous devez donc
#: l'avancer d'au moins une case (à la case 24) afin de pouvoir la faire reculer » (p. 15).
DEPOT_EXIT = "24"


@dataclass(frozen=True)
class Station:
    id: str
    #: Space whose switch leads to the branch (31 for the terminus itself).
    switch: int
    #: Upgrade cost in pesos ("payez le coût d'amélioration indiqué dans sa section de droite").
    cost: int
    #: VP for each of your discs on it at the end (scoring 5).
    vp: int
    #: "white" (any disc) or "black" (only a disc from a black-corner slot).
    corner: str
    #: Holds a station-master space ("Espaces Chef de gare").
    master: bool


# reconstruction: the whole station table. The rulebook fixes a switch on space 4 (Marie's
# example: "elle aurait pu suivre l'aiguillage de la case 4 pour atteindre l'embranchement"),
# none on spaces 1-3, stations both before and after space 24 (the depot rule above), 5
# station-master spaces, and a terminus on 31. We space 9 branches 3 apart (4 … 28) like the
# shortcut thresholds, costs rising 1 → 5 pesos and VP 1 → 7 as in the original Great Western
# Trail (cheap early stations, dear late ones), corners alternating white/black, and put the
# 5 station masters on every other branch from 7 (7, 13, 19, 25 and 28 so the last two sit
# past the depot bound). The terminus costs 4 and gives 4 VP per disc (it is repeatable).
STATIONS: tuple[Station, ...] = (
    Station("b4", 4, 1, 1, "white", False),
    Station("b7", 7, 2, 2, "white", True),
    Station("b10", 10, 2, 3, "black", False),
    Station("b13", 13, 3, 3, "white", True),
    Station("b16", 16, 3, 4, "black", False),
    Station("b19", 19, 4, 5, "white", True),
    Station("b22", 22, 4, 5, "black", False),
    Station("b25", 25, 5, 6, "white", True),
    Station("b28", 28, 5, 7, "black", True),
    Station(str(TERMINUS), TERMINUS, 4, 4, "white", False),
)
STATION_BY_ID: dict[str, Station] = {s.id: s for s in STATIONS}
BRANCH_STATIONS = tuple(s for s in STATIONS if s.switch != TERMINUS)
STATION_MASTER_SPACES = tuple(s.id for s in STATIONS if s.master)
#: Set-up 2: "placez-en une au hasard sur chacun des 5 Espaces Chef de gare".
STATION_MASTERS_IN_PLAY = 5


def track_next(pos: str) -> tuple[str, ...]:
    """Positions one step forward from ``pos`` (ignoring occupation); from the depot, space
    24 (:data:`DEPOT_EXIT`)."""
    if pos == DEPOT:
        return (DEPOT_EXIT,)
    if pos.startswith("b"):
        return (str(int(pos[1:]) + 1),)
    n = int(pos)
    if n >= TERMINUS:
        return ()
    nxt = [str(n + 1)]
    if f"b{n}" in STATION_BY_ID:
        nxt.append(f"b{n}")
    return tuple(nxt)


def track_previous(pos: str) -> tuple[str, ...]:
    """Positions one step backward from ``pos`` (never from the start or the depot)."""
    if pos in (DEPOT, str(TRACK_START)):
        return ()
    if pos.startswith("b"):
        return (pos[1:],)
    n = int(pos)
    prev = [str(n - 1)]
    if f"b{n - 1}" in STATION_BY_ID:
        prev.append(f"b{n - 1}")
    return tuple(prev)


def track_index(pos: str) -> float:
    """Progress along the track: a branch counts half-way past its switch; the depot last.
    Shortcuts compare the numbered space reached ("avoir atteint ou dépassé la case")."""
    if pos == DEPOT:
        return TERMINUS + 1
    if pos.startswith("b"):
        return int(pos[1:]) + 0.5
    return int(pos)


# -- Station masters --------------------------------------------------------------------


@dataclass(frozen=True)
class StationMaster:
    """A station-master tile: its top half (an immediate action or a permanent bonus) and
    its end-game condition ("La moitié inférieure rapporte un bonus ... à la fin")."""

    id: str
    reward: Action
    #: Condition key, see :data:`STATION_MASTER_CONDITIONS`.
    condition: str
    #: VP per ``per`` counted items.
    vp: int
    per: int


#: End-game conditions ("Les conditions individuelles des tuiles Chef de gare"):
STATION_MASTER_CONDITIONS: dict[str, str] = {
    "ships": "3 VP per pair of ships holding your discs (discs on ships 0 and 18 each count)",
    "stations": "3 VP per pair of stations holding your disc (the terminus counts once)",
    "objectives": "3 VP per pair of objective cards in your objective area",
    "strong_workers": "3 VP per pair of workers with a strength icon on your board",
    "worker_sets": "4 VP per gaucho + carpintero + maquinista + granjero set (printed ones too)",
    "farmers": "1 VP per farmer tile beside your board",
    "cattle_3_to_5": "1 VP per cattle card of breeding value 3, 4 or 5 in your herd",
    "buildings": "3 VP per pair of your private buildings on the board",
}

#: Tiles in the order of shared data §8 (images 01-08). Rewards: the rulebook lists the
#: immediate actions "Recevez 2 pésos" and "Avancer votre marqueur de grain de 2 cases",
#: permanent certificates (two tiles: "chacune de ces tuiles augmente votre valeur totale
#: d'élevage de 1") and permanent loading grain ("Du grain permanent pour le chargement peut
#: être obtenu sur deux tuiles Chef de gare").
STATION_MASTERS: tuple[StationMaster, ...] = (
    # reconstruction: tile 01's top read as 3 pesos from an image; the rulebook's list of
    # station-master immediate actions has only "Recevez 2 pésos", which wins.
    StationMaster("SM1", pesos(2), "cattle_3_to_5", 1, 1),
    StationMaster("SM2", grain(2), "worker_sets", 4, 1),
    StationMaster("SM3", pesos(2), "stations", 3, 2),
    StationMaster("SM4", Action("permanent_grain", 1), "objectives", 3, 2),
    # reconstruction: tile 05's condition icon (pale tiles with a dark patch) is unresolved in
    # the shared data; by elimination against the rulebook's eight conditions it is ships.
    StationMaster("SM5", Action("permanent_certificate", 1), "ships", 3, 2),
    StationMaster("SM6", Action("permanent_certificate", 1), "strong_workers", 3, 2),
    StationMaster("SM7", Action("permanent_grain", 1), "buildings", 3, 2),
    StationMaster("SM8", grain(2), "farmers", 1, 1),
)
STATION_MASTER_BY_ID: dict[str, StationMaster] = {m.id: m for m in STATION_MASTERS}
