"""The player board: worker rows and their immediate actions, the 17 disc slots, limits and
tracks, and what each seat starts with."""

from __future__ import annotations

from dataclasses import dataclass

from games.gwt_argentina.data.actions import Action, certificates, engine, grain, pesos
from games.gwt_argentina.data.tiles import CARPINTERO, GAUCHO, GRANJERO, MAQUINISTA

# -- Worker rows --------------------------------------------------------------------

#: "Chaque joueur commence la partie avec un ouvrier de chacun des 4 types ... la première
#: case de chaque rangée est déjà occupée"; 6 cells per row.
ROW_CELLS = 6
PRINTED_WORKERS = 1
#: "chaque ouvrier placé dans la 5e ou 6e colonne d'une rangée rapportera 4 points"
LATE_COLUMN_VP = 4
LATE_COLUMNS = (5, 6)


@dataclass(frozen=True)
class RowSlot:
    """Cell ``column`` (1-6) of a worker row: its immediate action, and for the granjero row
    the pesos to pay for adding a granjero there."""

    column: int
    actions: tuple[Action, ...] = ()
    cost: int = 0


REMOVE_CARD = Action("remove_card", 1)

#: Immediate actions ("Si la case sur laquelle vous placez votre nouvel ouvrier présente une
#: icône d'action immédiate, vous devez immédiatement l'effectuer ou y renoncer"). Shared
#: data §5.2 [S] with the rulebook's texts: gaucho "Recevez 2 pésos et retirez 1 carte de
#: votre main" and "Recevez 3 pésos et achetez du bétail au marché"; carpintero "Placez un
#: de vos bâtiments personnels en payant 1 peso pour chaque carpintero requis"; maquinista
#: "Recevez 5 pésos et améliorez une gare se trouvant derrière votre locomotive"; granjero
#: "Payez 6 pésos ... avancer votre marqueur de grain", "Payez 8 pésos ... 1 disque sur le
#: quai I de Rotterdam", "Payez 10 pésos ... 1 disque sur le quai I de Liverpool". Marie's
#: example: her new maquinista lets her discard a card for a certificate; her new gaucho
#: gives an exchange token.
ROW_SLOTS: dict[str, tuple[RowSlot, ...]] = {
    GAUCHO: (
        RowSlot(1),
        RowSlot(2, (Action("exchange_token", 1),)),
        RowSlot(3, (pesos(2), REMOVE_CARD)),
        RowSlot(4, (Action("exchange_token", 1),)),
        RowSlot(5),
        RowSlot(6, (pesos(3), Action("buy_cattle"))),
    ),
    CARPINTERO: (
        RowSlot(1),
        RowSlot(2),
        # reconstruction: no action on the 3rd carpintero. The source puts a normal-cost
        # build here, but the rulebook says building B "est le seul qui vous permet de placer
        # vos tuiles ... Le seul autre moyen ... est l'action immédiate se trouvant sur votre
        # rangée carpintero" at 1 peso per carpintero: one build action in the row, the 6th.
        RowSlot(3),
        RowSlot(4, (pesos(3),)),
        RowSlot(5),
        RowSlot(6, (Action("build", 1),)),
    ),
    MAQUINISTA: (
        RowSlot(1),
        RowSlot(2, (REMOVE_CARD,)),
        RowSlot(3, (Action("discard_breed", breed="any", then=(certificates(1),)),)),
        RowSlot(4, (engine(2),)),
        RowSlot(5),
        RowSlot(6, (pesos(5), Action("upgrade_station_behind"))),
    ),
    GRANJERO: (
        RowSlot(1),
        RowSlot(2, (grain(1),), 6),
        RowSlot(3, (grain(1),), 6),
        RowSlot(4, (Action("disc_to_quay", city="rotterdam", quay=1, corner="white"),), 8),
        RowSlot(5, (grain(1),), 8),
        RowSlot(6, (Action("disc_to_quay", city="liverpool", quay=1),), 10),
    ),
}


# -- Disc slots ---------------------------------------------------------------------


@dataclass(frozen=True)
class DiscSlot:
    """One of the 17 round slots ("17 emplacements ronds"). Removing its disc unlocks
    ``unlocks``; ``pay`` pesos must be paid to take it, ``gain`` pesos are received."""

    id: str
    corner: str
    unlocks: str
    pay: int = 0
    gain: int = 0
    vp: int = 0


#: Shared data §5.3 [S] and the rulebook p. 10: "Si vous retirez le disque de droite, vous
#: recevez immédiatement 3 pésos" (strength), "vous devez immédiatement payer 3 pésos"
#: (bottom row, right), and the right movement disc scores at the end.
DISC_SLOTS: tuple[DiscSlot, ...] = (
    # Auxiliary actions: the two always-open ones have one slot each for their double
    # (their single slot is one of "les 2 emplacements gris [qui] restent vides").
    DiscSlot("aux_pesos_2", "white", "aux_pesos"),
    DiscSlot("aux_draw_2", "white", "aux_draw"),
    DiscSlot("aux_cert_1", "white", "aux_cert"),
    DiscSlot("aux_cert_2", "white", "aux_cert"),
    DiscSlot("aux_grain_1", "white", "aux_grain"),
    DiscSlot("aux_grain_2", "white", "aux_grain"),
    DiscSlot("aux_engine_1", "white", "aux_engine"),
    DiscSlot("aux_engine_2", "white", "aux_engine"),
    DiscSlot("aux_remove_1", "white", "aux_remove"),
    DiscSlot("aux_remove_2", "white", "aux_remove"),
    DiscSlot("move_1", "black", "move"),
    # Final scoring 11: "Marquez 2 points de victoire si vous avez enlevé votre disque de
    # cet emplacement." (p. 10 says 3; the score pad's 2 wins, as in the source.)
    DiscSlot("move_2", "black", "move", vp=2),
    DiscSlot("hand_1", "black", "hand"),
    # reconstruction: the slot costing 3 pesos ("Dans la rangée du bas, si vous retirez le
    # disque de droite, vous devez immédiatement payer 3 pésos", among the black-corner
    # slots that "requièrent un coût supplémentaire") is the right hand-limit slot: the
    # 2nd edition of Great Western Trail puts its disc cost on the hand limit too.
    DiscSlot("hand_2", "black", "hand", pay=3),
    DiscSlot("cert_limit", "white", "cert_limit"),
    # "l'emplacement de disque à coins blancs fournit exactement 1 de force, tandis que
    # l'emplacement à coins noirs (dans le coin inférieur droit) fournit 2 de force"
    DiscSlot("strength_1", "white", "strength"),
    DiscSlot("strength_2", "black", "strength", gain=3),
)
DISC_SLOT_BY_ID: dict[str, DiscSlot] = {s.id: s for s in DISC_SLOTS}
DISCS_PER_PLAYER = 18
MOVE_SLOT_VP = 2

#: Auxiliary actions: id -> (slots that unlock it, single effect, double effect). Open with
#: no disc removed: ``aux_pesos`` and ``aux_draw`` (single only until their slot is cleared).
#: "Dès qu'au moins un de ces disques est retiré, l'action est débloquée ... Si les 2
#: emplacements sont libres, vous pouvez effectuer cette action comme une action auxiliaire
#: double."
AUX_ACTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "aux_pesos": ((), "Recevez 1/2 pésos"),
    "aux_draw": ((), "Piochez 1/2 cartes, défaussez 1/2 cartes"),
    "aux_cert": (("aux_cert_1", "aux_cert_2"),
                 "Reculez le grain de 1/2, avancez le Certificat de 1/2 et recevez 1/2 pésos"),
    "aux_grain": (("aux_grain_1", "aux_grain_2"), "Payez 1/2 pésos, grain +1/2"),
    "aux_engine": (("aux_engine_1", "aux_engine_2"), "Payez 1/2 pésos, locomotive +1/2"),
    "aux_remove": (("aux_remove_1", "aux_remove_2"),
                   "Reculez la locomotive de 1/2, piochez 1/2 cartes et retirez 1/2 cartes"),
}
AUX_ALWAYS_OPEN = ("aux_pesos", "aux_draw")
AUX_DOUBLE_SLOT = {"aux_pesos": "aux_pesos_2", "aux_draw": "aux_draw_2"}

# -- Limits and tracks --------------------------------------------------------------

#: Movement: base by player count (data.trail.MOVE_LIMIT), then per cleared slot.
#: Shared data §5.3 [S]: +2 for the first, +1 for the second; the rulebook's BLEU 4 / ROUGE 6
#: example fits.
MOVE_BONUS = {"move_1": 2, "move_2": 1}
#: "Chaque joueur commence la partie avec une limite de main de 4 cartes et peut l'augmenter
#: jusqu'à 6."
HAND_LIMIT_BASE = 4
HAND_BONUS = {"hand_1": 1, "hand_2": 1}
#: "votre limite est de 4 au début de la partie"; shared data §5.3 [S]: 6 once cleared.
CERT_LIMIT_BASE = 4
CERT_LIMIT_UNLOCKED = 6
#: "La limite est de 8." (grain)
GRAIN_LIMIT = 8
STRENGTH_BONUS = {"strength_1": 1, "strength_2": 2}

# -- Start ----------------------------------------------------------------------------

#: Set-up 18: "1er joueur : 7 pésos, 4 cartes et 1 jeton Échange ... 4e joueur : 10 pésos,
#: 7 cartes et 1 jeton Échange".
START_PESOS = (7, 8, 9, 10)
START_CARDS = (4, 5, 6, 7)
START_EXCHANGE_TOKENS = (1, 1, 1, 1)
#: "Au début de votre tout premier tour, défaussez des cartes de votre main jusqu'à en
#: avoir seulement 4."
FIRST_TURN_HAND = 4
EXCHANGE_TOKEN_DRAW = 2
#: Final scoring 1: "1 point de victoire pour chaque tranche de 5 pèsos".
PESOS_PER_VP = 5
#: Final scoring 6: "2 points de victoire pour chacune des tuiles Fermier ... devant vous".
FARMER_VP = 2
