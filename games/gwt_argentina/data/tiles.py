"""Worker tiles, farmer tiles, the three bags and the job market.

Rulebook "MATÉRIEL": "57 tuiles Ouvrier · 19 de chaque : (parmi lesquels 8 sont pourvus
d'une icône de force) gaucho, carpintero, maquinista"; "51 tuiles Fermier · 12 de chaque :
granjero vert, bleu, orange · 15 de chaque : granjero jaune"; "3 sacs" A, B, C.

Tile ids (stable): workers ``GA01`` … (gaucho), ``CA01`` … (carpintero), ``MA01`` …
(maquinista), strong ones first; farmers ``FG01`` … (green), ``FB01`` … (blue), ``FO01`` …
(orange), ``FY01`` … (yellow), in the order of :data:`FARMER_TILES`.
"""

from __future__ import annotations

from dataclasses import dataclass

GAUCHO = "gaucho"
CARPINTERO = "carpintero"
MAQUINISTA = "maquinista"
GRANJERO = "granjero"
#: Job-market worker types (granjeros never enter the job market).
WORKER_TYPES = (GAUCHO, CARPINTERO, MAQUINISTA)
#: Worker rows of the player board, top to bottom.
WORKER_ROWS = (GAUCHO, CARPINTERO, MAQUINISTA, GRANJERO)
WORKER_CODE = {GAUCHO: "GA", CARPINTERO: "CA", MAQUINISTA: "MA"}


@dataclass(frozen=True)
class WorkerTile:
    id: str
    kind: str
    #: Strength icon: +1 strength on your board, and "Leur coût d'embauche est toujours
    #: augmenté de 1 peso".
    strong: bool
    bag: str


@dataclass(frozen=True)
class FarmerTile:
    id: str
    colour: str
    #: "chaque granjero individuel a une valeur variant entre 3 et 8"
    strength: int
    #: Toll hand printed on the tile ("green" or "black").
    hand: str
    bag: str


WORKERS_PER_TYPE = 19
STRONG_WORKERS_PER_TYPE = 8
#: Per worker type: (plain, strong) in bag B and in bag C. Shared data §4.1: bag B holds
#: "only worker tiles" (set-up 7: "sac B (qui ne contient que des tuiles Ouvrier)"), 8 plain
#: + 5 strong of each type [S].
# reconstruction: bag C holds 3 plain + 3 strong of each type (the source lists 3 + 4
# gauchos, one strong gaucho more than the rulebook's "19 de chaque ... 8 ... de force").
WORKERS_BY_BAG: dict[str, tuple[int, int]] = {"B": (8, 5), "C": (3, 3)}


def _workers() -> tuple[WorkerTile, ...]:
    tiles: list[WorkerTile] = []
    for kind in WORKER_TYPES:
        n = 0
        for strong in (True, False):
            for bag in ("B", "C"):
                plain_count, strong_count = WORKERS_BY_BAG[bag]
                for _ in range(strong_count if strong else plain_count):
                    n += 1
                    tiles.append(WorkerTile(f"{WORKER_CODE[kind]}{n:02d}", kind, strong, bag))
    return tuple(tiles)


WORKER_TILES: tuple[WorkerTile, ...] = _workers()
WORKER_BY_ID: dict[str, WorkerTile] = {t.id: t for t in WORKER_TILES}

FARMER_CODE = {"green": "FG", "blue": "FB", "orange": "FO", "yellow": "FY"}
#: Bag A: green, blue and orange farmers; bag C: yellow farmers (shared data §4.1 [C]).
FARMER_BAG = {"green": "A", "blue": "A", "orange": "A", "yellow": "C"}
#: (strength, hand, count) per colour, shared data §4.2 [S] ("Hard code proper tile stats").
_ABO_FARMERS = ((3, "green", 1), (4, "green", 2), (4, "black", 1), (5, "green", 2),
                (5, "black", 1), (6, "green", 1), (6, "black", 2), (7, "black", 2))
FARMER_STATS: dict[str, tuple[tuple[int, str, int], ...]] = {
    "green": _ABO_FARMERS,
    "blue": _ABO_FARMERS,
    "orange": _ABO_FARMERS,
    "yellow": ((5, "black", 3), (6, "black", 3), (7, "black", 4), (8, "black", 5)),
}


def _farmers() -> tuple[FarmerTile, ...]:
    tiles: list[FarmerTile] = []
    for colour, stats in FARMER_STATS.items():
        n = 0
        for strength, hand, count in stats:
            for _ in range(count):
                n += 1
                tiles.append(FarmerTile(f"{FARMER_CODE[colour]}{n:02d}", colour, strength,
                                        hand, FARMER_BAG[colour]))
    return tuple(tiles)


FARMER_TILES: tuple[FarmerTile, ...] = _farmers()
FARMER_BY_ID: dict[str, FarmerTile] = {t.id: t for t in FARMER_TILES}


def bag_contents(bag: str) -> tuple[str, ...]:
    """Tile ids that start in ``bag`` ("A", "B" or "C")."""
    tiles: tuple[WorkerTile | FarmerTile, ...] = (*WORKER_TILES, *FARMER_TILES)
    return tuple(t.id for t in tiles if t.bag == bag)


# -- Job market -------------------------------------------------------------------------

JOB_MARKET_ROWS = 11
JOB_MARKET_COLUMNS = 4
#: Hiring cost printed right of each row, rows 1 … 11 (shared data §2.7 [S]; Marie's
#: example pays 7 in the row above the marker's row 3 and "6 pésos" normally in row 1).
JOB_MARKET_COSTS: tuple[int, ...] = (6, 7, 6, 8, 5, 8, 6, 8, 9, 6, 4)
STRONG_WORKER_SURCHARGE = 1


def job_market_columns(players: int) -> tuple[int, ...]:
    """Columns used (0 = leftmost): "À 3 joueurs, n'utilisez que les 3 colonnes les plus à
    droite ... À 2 joueurs, ... les 2 colonnes les plus à droite"."""
    return tuple(range(JOB_MARKET_COLUMNS - players, JOB_MARKET_COLUMNS))


#: Set-up 4: the marker starts on "l'espace rond pointillé situé le plus haut", in row 3
#: (set-up 7 fills rows 1, 2 and row 3 up to "la case directement à gauche du marqueur").
#: The marker always sits on the row's last (rightmost) cell: "Remplissez toujours la case
#: contenant le marqueur Marché de l'emploi en dernier".
JOB_MARKER_START_ROW = 3
#: "vous devriez avoir 5, 8 ou 11 tuiles Ouvrier sur le marché de l'emploi"
JOB_MARKET_SEED = {2: 5, 3: 8, 4: 11}


@dataclass(frozen=True)
class MarkerArrow:
    """What happens when the marker leaves ``from_row`` (after the Buenos Aires steps)."""

    from_row: int
    #: "ships" (blue arrow), "market" (yellow arrow, cattle market refill) or "end" (red).
    event: str
    #: Anchor colour of the departing ships for a blue arrow.
    anchor: str | None = None


#: "Chaque flèche bleue ▼ du marché du travail a à sa droite une icône d'ancre avec un fond
#: coloré : jaune, turquoise et violet"; the red arrow of the last row ends the game.
#: Rows: shared data §2.7 [S] (departures into rows 5, 7, 9; market refills into rows 6, 8).
MARKER_ARROWS: tuple[MarkerArrow, ...] = (
    MarkerArrow(4, "ships", "yellow"),
    MarkerArrow(5, "market"),
    MarkerArrow(6, "ships", "turquoise"),
    MarkerArrow(7, "market"),
    MarkerArrow(8, "ships", "purple"),
    MarkerArrow(JOB_MARKET_ROWS, "end"),
)
ARROW_BY_ROW: dict[int, MarkerArrow] = {a.from_row: a for a in MARKER_ARROWS}
#: End-game scoring 12: "Marquez 2 points de victoire si vous possédez le marqueur".
JOB_MARKER_VP = 2
