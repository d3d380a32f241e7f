"""The trail: spaces, forks, farmer areas, special (risk) actions, shortcuts, tolls.

Space ids (stable):

* ``START``: the "case Cavalier" in the lower-left corner, where estancieros restart.
* ``N1`` … ``N8``: the 8 neutral building spaces, lettered A … H on the board (set-up 3:
  "placer chaque tuile sur la case identifiée par la même lettre").
* ``P1`` … ``P7`` plain building spaces, ``G1`` … ``G8`` building spaces on farmland (the
  ear-of-grain icon of buildings 1a/1b), ``R1`` … ``R4`` plain spaces with a special
  action, ``RG1`` … ``RG3`` farmland spaces with a special action.
* ``GF1``-``GF4``, ``BF1``-``BF4``, ``OF1``-``OF4``, ``YF1``-``YF7``: farmer spaces of the
  green, blue, orange and yellow areas (numbered as on the board: a new farmer goes on the
  free space with the lowest number).
* ``S3``, ``S6``, ``S9``, ``S12``, ``S17``, ``S23``: the six railway shortcut landings
  ("embarcadères qui comptent comme des « lieux »"), usable when your locomotive has
  reached that railway space.
* ``BA``: Buenos Aires.

Only spaces holding a tile, the shortcut landings and Buenos Aires are locations; empty
spaces "ne comptent pas comme des lieux et n'entravent pas le parcours".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games.gwt_argentina.data.actions import Action

START = "START"
BUENOS_AIRES = "BA"

NEUTRAL_SPACES = tuple(f"N{i}" for i in range(1, 9))
NEUTRAL_LETTERS = tuple("ABCDEFGH")
#: First game: "placer chaque tuile sur la case identifiée par la même lettre (A à H)".
NEUTRAL_SPACE_LETTER: dict[str, str] = dict(zip(NEUTRAL_SPACES, NEUTRAL_LETTERS, strict=True))

PLAIN_SPACES = tuple(f"P{i}" for i in range(1, 8))
FARMLAND_SPACES = tuple(f"G{i}" for i in range(1, 9))
RISK_SPACES = tuple(f"R{i}" for i in range(1, 5))
RISK_FARMLAND_SPACES = tuple(f"RG{i}" for i in range(1, 4))
#: The 22 building spaces for private buildings (shared data §2.1 [S]).
BUILDING_SPACES = PLAIN_SPACES + FARMLAND_SPACES + RISK_SPACES + RISK_FARMLAND_SPACES
#: "Une tuile Bâtiment se trouve sur une terre agricole si elle occupe une case du
#: parcours pourvue d'une icône d'épi."
FARMLAND = frozenset(FARMLAND_SPACES + RISK_FARMLAND_SPACES)

FARMER_COLOURS = ("green", "blue", "orange", "yellow")
FARMER_AREAS: dict[str, tuple[str, ...]] = {
    "green": tuple(f"GF{i}" for i in range(1, 5)),
    "blue": tuple(f"BF{i}" for i in range(1, 5)),
    "orange": tuple(f"OF{i}" for i in range(1, 5)),
    "yellow": tuple(f"YF{i}" for i in range(1, 8)),
}
FARMER_SPACES = tuple(s for area in FARMER_AREAS.values() for s in area)
FARMER_SPACE_COLOUR: dict[str, str] = {
    s: colour for colour, area in FARMER_AREAS.items() for s in area
}
#: Pesos printed on the board under each farmer space, paid when that farmer is helped
#: ("le montant indiqué sous leurs cases respectives du plateau de jeu"; Marie's example
#: receives "0 + 2 tel qu'indiqué sur le plateau"). Shared data §2.1 [S].
# reconstruction: yellow spaces run 0 … 6 from YF1 to YF7, as the code of mihaeu/gwta and
# like the other areas (space 1 pays 0); its diagram gives the reverse order.
FARMER_SPACE_PESOS: dict[str, int] = {
    s: i for area in FARMER_AREAS.values() for i, s in enumerate(area)
}

#: Shortcut landing -> railway space the locomotive must have reached ("votre locomotive
#: doit avoir atteint ou dépassé la case de la voie ferrée qui y correspond (3, 6, 9, 12,
#: 17 ou 23)").
SHORTCUTS: dict[str, int] = {"S3": 3, "S6": 6, "S9": 9, "S12": 12, "S17": 17, "S23": 23}
SHORTCUT_THRESHOLDS = (3, 6, 9, 12, 17, 23)

#: Directed trail: space -> spaces one can move on to ("des flèches indiquent la
#: direction"). Shared data §2.2 [S] (mihaeu/gwta map), shortcuts as landings.
TRAIL: dict[str, tuple[str, ...]] = {
    START: ("N1",),
    "N1": ("P1", "GF1"),
    "P1": ("G1",), "G1": ("G2",), "G2": ("N2",),
    "GF1": ("GF2",), "GF2": ("GF3",), "GF3": ("GF4",), "GF4": ("RG1",),
    "RG1": ("RG2",), "RG2": ("N2",),
    "N2": ("G3", "BF1"),
    "G3": ("G4",), "G4": ("P2",), "P2": ("P3",), "P3": ("N3",),
    "BF1": ("BF2",), "BF2": ("BF3",), "BF3": ("BF4",), "BF4": ("R1",), "R1": ("N3",),
    "N3": ("P4", "P5"),
    "P4": ("N4",), "P5": ("N4",),
    "N4": ("N5",),
    "N5": ("G5", "RG3"),
    "G5": ("G6",), "G6": ("P6",), "P6": ("N6",),
    "RG3": ("R2",), "R2": ("OF1",), "OF1": ("OF2",), "OF2": ("OF3",), "OF3": ("OF4",),
    "OF4": ("N6",),
    "N6": ("P7", "G7", "S23"),
    "P7": ("N7",), "G7": ("N7",),
    "N7": ("YF1", "S17"),
    "YF1": ("YF2", "S12"),
    "YF2": ("YF3", "G8"), "G8": ("YF3",),
    "YF3": ("N8",),
    "N8": ("YF4", "R3", "S9"),
    "R3": ("YF4",),
    "YF4": ("YF5", "S6"),
    "YF5": ("YF6", "R4"), "R4": ("YF6",),
    "YF6": ("YF7", "S3"),
    "YF7": (BUENOS_AIRES,),
    **{s: (BUENOS_AIRES,) for s in SHORTCUTS},
    BUENOS_AIRES: (),
}
ALL_SPACES = tuple(TRAIL)


def successors(space: str) -> tuple[str, ...]:
    return TRAIL[space]


def walk_order() -> Iterator[str]:
    """Every space once, each after all its predecessors (the trail has no cycle)."""
    indegree = {s: 0 for s in TRAIL}
    for targets in TRAIL.values():
        for t in targets:
            indegree[t] += 1
    ready = [START]
    while ready:
        s = ready.pop(0)
        yield s
        for t in TRAIL[s]:
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)


@dataclass(frozen=True)
class RiskAction:
    """Special action printed on a building space ("action spéciale"): only the owner of the
    private building standing there may use it, as one more local action."""

    #: "any" (a card of any breed) or a breed id.
    discard: str
    #: What it gives: "grain", "certificate", "pesos" or "engine".
    gain: str
    amount: int

    @property
    def action(self) -> Action:
        """The same as a structured :class:`Action` (a discard condition, then the gain)."""
        kind = {"certificate": "certificates"}.get(self.gain, self.gain)
        return Action("discard_breed", breed=self.discard, then=(Action(kind, self.amount),))


#: Shared data §2.4 [S] (mihaeu/gwta code). The rulebook's examples of discard actions are
#: "1 carte ... de la race de votre choix → marqueur de grain d'une case", "... → marqueur
#: Certificat d'une case" and "1 carte Bétail verte « Patagonico » → locomotive de 2 cases".
RISK_ACTIONS: dict[str, RiskAction] = {
    "R1": RiskAction("any", "certificate", 1),
    # reconstruction: R2 is the Patagonico -> locomotive +2 action pictured in the rulebook
    # (no building carries it; the source's "+1 peso" is weaker than an auxiliary action
    # and its own diagram disagrees).
    "R2": RiskAction("patagonico", "engine", 2),
    "R3": RiskAction("any", "grain", 1),
    "R4": RiskAction("any", "grain", 1),
    "RG1": RiskAction("any", "pesos", 2),
    "RG2": RiskAction("any", "certificate", 1),
    "RG3": RiskAction("any", "grain", 1),
}

#: Tolls ("taxe") per hand colour and player count: "À 2 joueurs : chaque main noire coûte
#: 1 peso et chaque main verte coûte 2 pesos. À 3 joueurs : ... noire 1 ... verte 2. À 4
#: joueurs : ... noire 1 ... verte 1."
# reconstruction: hands are printed on tiles only (farmer tiles and private buildings), none
# on board spaces or neutral buildings: the rulebook names only two payees, "S'il s'agit
# d'une tuile Fermier ... dans l'espace Monnaie. S'il s'agit d'une tuile Bâtiment d'un autre
# joueur ... à ce joueur."
TOLLS: dict[int, dict[str, int]] = {
    2: {"black": 1, "green": 2},
    3: {"black": 1, "green": 2},
    4: {"black": 1, "green": 1},
}
HAND_COLOURS = ("green", "black")

#: "la limite de déplacement de votre estanciero est de 3, 4 ou 5 en début de partie"
#: (player-count tile).
# reconstruction: 3 / 4 / 5 for 2 / 3 / 4 players (player count + 1, as the source's code);
# the rulebook gives the three values, not which count has which.
MOVE_LIMIT = {2: 3, 3: 4, 4: 5}

#: Forecast spaces ("cases Prévision") of Buenos Aires: id -> (bag, Buenos Aires step).
#: "Piochez 2 tuiles du sac A ... sur les deux cases marquées A" etc.; steps 4, 5, 6 take
#: one tile "sous la pastille 4/5/6".
FORECAST_SPACES: dict[str, tuple[str, int]] = {
    "A1": ("A", 4), "A2": ("A", 4),
    "B1": ("B", 5), "B2": ("B", 5),
    "C1": ("C", 6), "C2": ("C", 6),
}
#: "Les 6 étapes de Buenos Aires" in order.
BUENOS_AIRES_STEPS = ("delivery", "income", "loading", "forecast_a", "forecast_b", "forecast_c")
#: Set-up 6: "Piochez une à une 5 tuiles Fermier du sac A".
SETUP_FARMERS = 5
