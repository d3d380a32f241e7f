"""Llama Land's components: counts from the rulebook and the research notes, and the
pieces nobody has published, reconstructed here (each marked RECONSTRUCTION).

Sources: the French rulebook ("Matériel", "Mise en place", the character page and the last
page of objective conditions) and the component research notes (published component lists).
"""

from __future__ import annotations

from typing import Final

from games.i18n import N_

# -- icons and crops -----------------------------------------------------------------------
CORN, CACAO, POTATO = "corn", "cacao", "potato"
CROPS: Final = (CORN, CACAO, POTATO)
#: Notation letter of each crop (estate text, tile icons).
CROP_LETTER: Final = {CORN: "c", CACAO: "k", POTATO: "p"}
LETTER_CROP: Final = {v: k for k, v in CROP_LETTER.items()}
GRASS, COIN_ICON, HUT, LLAMA = "-", "$", "h", "L"
ICONS: Final = ("c", "k", "p", COIN_ICON, HUT)
ICON_NAMES: Final = {"c": "corn", "k": "cacao", "p": "potato", "$": "coin", "h": "hut", "-": "grass"}
#: The order in which icon effects are applied when the order cannot matter
#: ("dans l'ordre que vous voulez": the player chooses it whenever it can matter).
EFFECT_ORDER: Final = ("c", "k", "p", "$", "h")

# -- counts (rulebook "Matériel" and "Mise en place") --------------------------------------
START_BOARD_SIZE: Final = 4  # 4 × 4 cells [C]
FOUNDATIONS_EACH: Final = 3  # "3 tuiles Fondations" each, 12 in the box
MARKERS_EACH: Final = 4
START_COINS: Final = (0, 1, 2, 3)  # by seat from the first player
#: RECONSTRUCTION: the 36 crop tokens are split evenly (the split is not published).
CROP_TOKENS: Final = {CORN: 12, CACAO: 12, POTATO: 12}
COINS: Final = 24
LLAMA_TOKENS: Final = 33
CHARACTER_ROW: Final = 5
#: Llama cards drawn per crop by player count ("nombre de joueurs 2 3 4 / 6 8 11").
LLAMA_CARDS_BY_PLAYERS: Final = {2: 6, 3: 8, 4: 11}
#: Each crop's 16 llama cards: two of each value 5–12 [C] (jedisjeux, 3spellcasters).
LLAMA_CARD_VALUES: Final = tuple(v for v in range(5, 13) for _ in range(2))
FEED_COST: Final = 4  # 4 crops of one kind; 2 coins stand in for each missing crop
COINS_PER_MISSING_CROP: Final = 2
COMPULSORY_FEED_AT: Final = 10  # "Si vous avez 10 jetons Culture ou plus ... vous devez"
END_TILES_LEFT: Final = 4  # "4 tuiles Terrain au centre" ends the game

# -- terrain tiles -------------------------------------------------------------------------
#: RECONSTRUCTION: which 5 of the 12 pentominoes (only "a T-shape" is attested). Each
#: shape is its cells (row, column) in a fixed order; a tile's icons follow that order.
SHAPES: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
    "Y": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
}
SHAPE_NAMES: Final = tuple(SHAPES)

#: RECONSTRUCTION: the icons of the 60 tiles, 12 per shape, one letter per cell in the
#: shape's cell order (``-`` grass). Each shape carries 44 icons — 10 corn, 10 cacao,
#: 10 potato, 8 coins and 6 huts — four on two tiles in three and three on the others,
#: so that every tile keeps one or two grass cells where a llama may stand. The tiles
#: are double-sided; we take the back to show the same icons mirrored, so flipping a
#: tile mirrors its icons with it.
TILE_ICONS: Final[dict[str, tuple[str, ...]]] = {
    "P": tuple("$p$h- hpc-$ p-k-h $hpc- kph-c kp-k- c$kc- c$k-h --cpk pk-c$ k$pp- kc-c-".split()),
    "L": tuple("-$kph hc$-k $--pc k-kkp k-$$$ pc--p h-pkh -$ccc k-h-p -cp$p c-chk c--kp".split()),
    "T": tuple("ck-pk -$kcp c$-h- kcp$- hcc$- -p-c$ c$-hk khk$- -p-ck ph-pk pk-hp cp$--".split()),
    "Z": tuple("c$ck- $kch- p-c$- $hc-k -$phk --cpk pkck- c-hpp p--k$ pcph- c$p-k kh$--".split()),
    "Y": tuple("p$-$$ hp-pc k-p-$ kk$h- -kckc hh-k- p-k$p c-pph -hpc- k-cck $$cc- -c-kp".split()),
}
TILES_PER_SHAPE: Final = 12
# Tuning (the greedy player of games/ai.py on every seat, standard rules; seed 5 at 2
# players, seed 1 at 3 and 4; /tmp scripts, 2026-11-26). Target from the issue: about
# 12–16 turns each and 5–9 llamas fed by a decent player.
#   3 icons a tile (36 a shape):  2p 24 turns each, 7 and 9 llamas (too slow);
#                                 3p 19 turns each (the tiles ran out), 7–8 llamas.
#   3–4 icons (42 a shape):       2p 20 turns each, 6 and 8 llamas.
#   3–4 icons (44 a shape, kept): 2p 16 turns each, 8 llamas each (totals 91, 118);
#                                 3p 17 turns each, 5 to 9 llamas (totals 75, 132, 99);
#                                 4p 14 turns each (4 tiles left), 5 to 7 llamas (60–89).
#   CPU per decision, on a machine shared by ~8 busy processes: 0.2–0.4 s for a pile,
#   0.1–0.3 s for a position (up to ~300 options), under 0.1 s for the rest.


def tile_shape(tile: int) -> str:
    """Tiles are numbered 0–59: 0–11 are the first shape, 12–23 the second, …"""
    return SHAPE_NAMES[tile // TILES_PER_SHAPE]


def tile_icons(tile: int) -> str:
    return TILE_ICONS[tile_shape(tile)][tile % TILES_PER_SHAPE]


ALL_TILES: Final = tuple(range(len(SHAPES) * TILES_PER_SHAPE))

# -- start boards --------------------------------------------------------------------------
#: RECONSTRUCTION: the 8 faces of the 4 start boards ("exactement les mêmes symboles",
#: arranged differently): 2 corn, 2 cacao, 2 potato, 2 coins, 1 hut and 7 grass each,
#: never two equal icons side by side. Board n has faces 2n ("A") and 2n+1 ("B").
START_FACES: Final = (
    "-p-$ / ---- / -$pk / hckc",
    "h-kp / $--- / -c-k / p$c-",
    "cp-k / ---- / -ph$ / $kc-",
    "$-c- / --kc / k--- / ph$p",
    "-$-- / p-cp / kc-k / --$h",
    "--cp / cpk$ / h--- / -k-$",
    "kp-- / $c-c / --$p / --kh",
    "--kc / -$ch / kp-$ / ---p",
)
START_BOARDS: Final = 4

# -- characters ----------------------------------------------------------------------------
#: RECONSTRUCTION of the 30 character cards over the rulebook's six kinds: a trader for
#: each pair of crops, a merchant and a farmer for each crop (two copies each), and four
#: each of settler, miner and worker. A card is named "kind" or "kind:crop[-crop]".
TRADER, MERCHANT, SETTLER, MINER, FARMER, WORKER = (
    "trader", "merchant", "settler", "miner", "farmer", "worker")
CHARACTERS: Final = (
    *(f"{TRADER}:{a}-{b}" for a, b in ((CORN, CACAO), (CACAO, POTATO), (POTATO, CORN)) for _ in range(2)),
    *(f"{MERCHANT}:{c}" for c in CROPS for _ in range(2)),
    *(f"{FARMER}:{c}" for c in CROPS for _ in range(2)),
    *(SETTLER for _ in range(4)),
    *(MINER for _ in range(4)),
    *(WORKER for _ in range(4)),
)
#: Traders and merchants act at any moment, also in the turn they were taken; the others
#: give a bonus when building and "ne s'activent pas durant le tour où vous les obtenez".
ACTIVE_KINDS: Final = (TRADER, MERCHANT)
KIND_TITLES: Final = {
    TRADER: N_("Trader"), MERCHANT: N_("Merchant"), SETTLER: N_("Settler"), MINER: N_("Miner"),
    FARMER: N_("Farmer"), WORKER: N_("Worker"),
}

# -- objectives ----------------------------------------------------------------------------
#: The three spaces of a card, top to bottom; the middle one stays empty at 2 players.
#: RECONSTRUCTION: the points of every card (the rulebook shows one card with 9 in the
#: middle and 6 at the bottom). Harder conditions pay more.
BLUE_OBJECTIVES: Final[dict[str, tuple[int, int, int]]] = {
    "lowlands": (10, 7, 4),
    "plains": (10, 7, 4),
    "hills": (12, 9, 6),
    "mountains": (12, 9, 6),
    "summit": (15, 11, 7),
    "omnipresence": (13, 10, 7),
    "herd": (10, 7, 4),
    "road": (9, 6, 3),
    "outposts": (11, 8, 5),
    "farms": (14, 10, 6),
}
PURPLE_OBJECTIVES: Final[dict[str, tuple[int, int, int]]] = {
    "corn": (12, 9, 6),
    "cacao": (12, 9, 6),
    "potato": (12, 9, 6),
    "diversity": (14, 10, 6),
    "wealth": (8, 6, 4),
    "characters": (10, 7, 4),
}
#: Gold (experts): the points by rank among the players with a marker on the card.
GOLD_OBJECTIVES: Final[dict[str, tuple[int, int, int]]] = {
    "corn": (10, 6, 3),
    "cacao": (10, 6, 3),
    "potato": (10, 6, 3),
    "diversity": (12, 8, 4),
    "wealth": (8, 5, 2),
    "characters": (8, 5, 2),
}
BLUE_IN_PLAY: Final = 4
PURPLE_IN_PLAY: Final = 3  # or gold, in the experts variant
OBJECTIVE_TITLES: Final = {
    "lowlands": N_("Lowlands"), "plains": N_("Plains"), "hills": N_("Hills"), "mountains": N_("Mountains"),
    "summit": N_("Summit"), "omnipresence": N_("Omnipresence"), "herd": N_("Herd"), "road": N_("Road"),
    "outposts": N_("Outposts"), "farms": N_("Farms"), "corn": N_("Corn specialist"),
    "cacao": N_("Cacao specialist"), "potato": N_("Potato specialist"), "diversity": N_("Diversity"),
    "wealth": N_("Wealth"), "characters": N_("Characters"),
}
#: One line per condition (the last page of the rulebook).
OBJECTIVE_TEXT: Final = {
    "lowlands": N_("at least 5 llamas on level 1"),
    "plains": N_("at least 4 llamas on level 2"),
    "hills": N_("at least 3 llamas on level 3"),
    "mountains": N_("at least 2 llamas on level 4"),
    "summit": N_("at least 2 llamas on level 5"),
    "omnipresence": N_("llamas on at least 4 different levels"),
    "herd": N_("a group of at least 4 adjacent llamas"),
    "road": N_("at least 4 llamas in one row or column"),
    "outposts": N_("2 llamas at least 11 steps apart"),
    "farms": N_("6 llamas not next to an edge or a hole"),
    "corn": N_("at least 4 corn llama cards"),
    "cacao": N_("at least 4 cacao llama cards"),
    "potato": N_("at least 4 potato llama cards"),
    "diversity": N_("at least 2 llama cards of each crop"),
    "wealth": N_("at least 5 coins"),
    "characters": N_("at least 5 characters"),
}
GOLD_TEXT: Final = {
    "corn": N_("most corn llama cards"),
    "cacao": N_("most cacao llama cards"),
    "potato": N_("most potato llama cards"),
    "diversity": N_("most llama cards"),
    "wealth": N_("most coins"),
    "characters": N_("most characters"),
}
