"""Pedro, the solo automa: his 15 cards, his 12 loading cards and his cattle-market tile.

The rulebook's chapter « Aventures en solitaire dans les pampas d'Argentine » names which
card numbers carry which action (hire #1 #2, cattle #3 #10 #13, build #4 #11 #14,
locomotive #5 #6 #12 #15, grain #6 #8 #9, objective #7, farmers #8 #9) and that cards
#10–#15 move by a worker type; it does not print the card faces, the loading cards or the
market tile (pictures). The shared component data (§10) has nothing either. Everything
below marked ``# reconstruction:`` is chosen so that each card does what the chapter says:

1. The movement of cards #1–#9 (a number 1–3, or « valeur d'expérience ») — ``CARDS``.
2. Cards #10–#15 move by gauchos (#10, #13), carpinteros (#11, #14), maquinistas (#12,
   #15); #10–#12 have one ⚡ action, done only by the matching specialist (the chapter's
   example: card #10, carpintero specialist, « il n'effectue pas d'action »); #13 and #14
   have two ⚡ actions, the second for any other specialty (the chapter's « Carte #13 : Si
   Pedro n'est pas spécialisé en gauchos ... » and « Carte #14 : Si Pedro n'est pas
   spécialisé en carpinteros ... »); #15's one action is done whatever his specialty:
   « Carte #15 : La locomotive de Pedro avance d'une case. » names no specialty (our
   reading) — ``CARDS``.
3. Grain amounts: #6 +1, #8 +2, #9 +1; locomotive #5 +2, #12 by maquinistas, #15 one
   space (as written) — ``CARDS``.
4. #8 returns the chosen granjero to the box, #9 keeps it beside his board (2 VP) —
   ``CARDS``.
5. Hire priority list « coût le plus bas d'abord » is card #1, « spécialité d'abord » card
   #2 — ``CARDS``.
6. The loading cards: experience value and ship order of each of the 4 cards of each
   difficulty, apart from the ●● cards the chapter describes — ``LOADING_CARDS``.
7. The cattle-market tile: which breeding values Pedro takes for 1–6 gauchos —
   ``CATTLE_BY_GAUCHOS``.
8. Ship ranks are by victory points, then by value (the chapter's « 3e plus grande (7
   PV) », « 2e plus grande (7/9 PV) », « plus grande (12 PV) » are victory points).
9. His grain track stops at 8, like a player board's (``data.GRAIN_LIMIT``); his worker
   rows hold 6 like a player board's, and score columns 5 and 6 the same way.
10. His set-up worker is drawn from bag B (the job market's bag) — ``pedro.setup``.
11. The lower forecast space of each pair is « …2 » — ``pedro.rules.FORECAST_PAIRS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.i18n import N_, _

DIFFICULTIES = ("easy", "moderate", "expert")
#: The rulebook's names, for labels.
DIFFICULTY_NAMES = {"easy": N_("easy ♦"), "moderate": N_("moderate ♦♦"),
                    "expert": N_("expert ♦♦♦")}


def difficulty_name(difficulty: str) -> str:
    return _(DIFFICULTY_NAMES[difficulty])

GAUCHO, CARPINTERO, MAQUINISTA = "gaucho", "carpintero", "maquinista"
#: « un ouvrier imprimé sur son plateau pour chacun des 3 types suivants »
PEDRO_ROWS = (GAUCHO, CARPINTERO, MAQUINISTA)
#: « Placez 17 de ses disques ... afin de constituer sa réserve »
RESERVE_DISCS = 17
#: « il marquera 2 points de victoire pour chacune de ces tuiles Fermier »
FARMER_VP = 2
#: Pedro's herd pile is scored like cattle; his farmers like helped farmers.

#: Farmer colour priority for Pedro: « jaune -> orange -> bleu -> vert ».
FARMER_COLOUR_ORDER = ("yellow", "orange", "blue", "green")


@dataclass(frozen=True)
class Act:
    """One action of a card: ``kind`` and its amount; ``only`` is the ⚡ specialty that does
    it (None: always done)."""

    kind: str  # hire_cheap, hire_special, cattle, cattle3, build, build1, loco, grain,
    #            objective, farmer_box, farmer_keep
    amount: int | str = 0  # a number, "xp" (experience) or a worker row (count of it)
    only: str | None = None
    #: For the second ⚡ of cards #13 and #14: done when the specialty is NOT ``unless``.
    unless: str | None = None


@dataclass(frozen=True)
class PedroCard:
    number: int
    #: Locations moved: a number, "xp" or a worker row ("gaucho": one per gaucho).
    move: int | str
    actions: tuple[Act, ...]


CARDS: tuple[PedroCard, ...] = (
    # reconstruction: movements of #1–#9 (numbers and experience), see the docstring.
    PedroCard(1, 2, (Act("hire_cheap"),)),
    PedroCard(2, 3, (Act("hire_special"),)),
    PedroCard(3, "xp", (Act("cattle", GAUCHO),)),
    PedroCard(4, 2, (Act("build"),)),
    PedroCard(5, 3, (Act("loco", 2),)),
    PedroCard(6, 1, (Act("loco", "xp"), Act("grain", 1))),
    PedroCard(7, "xp", (Act("objective"),)),
    PedroCard(8, 2, (Act("grain", 2), Act("farmer_box"))),
    PedroCard(9, "xp", (Act("grain", 1), Act("farmer_keep"))),
    # reconstruction: #10–#12 one ⚡ action; #13, #14 two ⚡ actions (chapter's paragraphs);
    # #15 « La locomotive de Pedro avance d'une case », for every specialty.
    PedroCard(10, GAUCHO, (Act("cattle", GAUCHO, only=GAUCHO),)),
    PedroCard(11, CARPINTERO, (Act("build", only=CARPINTERO),)),
    PedroCard(12, MAQUINISTA, (Act("loco", MAQUINISTA, only=MAQUINISTA),)),
    PedroCard(13, GAUCHO, (Act("cattle", GAUCHO, only=GAUCHO), Act("cattle3", unless=GAUCHO))),
    PedroCard(14, CARPINTERO, (Act("build", only=CARPINTERO),
                               Act("build1", unless=CARPINTERO))),
    PedroCard(15, MAQUINISTA, (Act("loco", 1),)),
)
CARD_BY_NUMBER = {c.number: c for c in CARDS}


@dataclass(frozen=True)
class LoadingCard:
    """« La carte de chargement active indique également la valeur d'expérience » and the
    ship order: ranks of ships by victory points (1 = the highest)."""

    dots: int  # 1 = ●, ... 4 = ●●●●
    experience: int
    order: tuple[int, ...]


LOADING_CARDS: dict[str, tuple[LoadingCard, ...]] = {
    # reconstruction: only the ●● cards are described in the chapter (« La carte de
    # chargement ●● selon le niveau de difficulté »); the others rise towards them.
    "easy": (LoadingCard(1, 1, (3, 2, 1)), LoadingCard(2, 2, (3, 2, 1)),
             LoadingCard(3, 2, (2, 1, 3)), LoadingCard(4, 3, (2, 1, 3))),
    "moderate": (LoadingCard(1, 1, (3, 2, 1)), LoadingCard(2, 2, (2, 1, 1)),
                 LoadingCard(3, 3, (2, 1, 1)), LoadingCard(4, 3, (1, 2, 3))),
    "expert": (LoadingCard(1, 2, (2, 1, 3)), LoadingCard(2, 3, (1, 1, 1)),
               LoadingCard(3, 3, (1, 1, 1)), LoadingCard(4, 4, (1, 1, 1))),
}

#: Pedro's cattle-market tile: breeding values taken for 1..6 gauchos, highest VP first.
CATTLE_BY_GAUCHOS: dict[int, tuple[int, ...]] = {
    # reconstruction: the tile's pictures (« 1 : 2 : 3 : 4 : 5 : 6 : ») are not in the text.
    1: (3,),
    2: (3, 3),
    3: (4,),
    4: (4, 3),
    5: (5,),
    6: (5, 4),
}


def dots(n: int) -> str:
    return "●" * n


#: His worker rows as the rulebook names them (« 2 gauchos, 3 carpinteros, et 2 maquinistas »).
ROW_NAMES = {GAUCHO: N_("gauchos"), CARPINTERO: N_("carpinteros"), MAQUINISTA: N_("maquinistas")}


def row_name(row: str) -> str:
    return _(ROW_NAMES[row])
