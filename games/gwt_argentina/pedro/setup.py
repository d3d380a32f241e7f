"""Pedro's set-up (the solo chapter's « MISE EN PLACE »), on a 2-player set-up.

« 14, 15, 16 : ... prenez le Plateau de Pedro. Placez 17 de ses disques et ses 10 tuiles
Bâtiments personnels à côté de son plateau ... Placez son dernier disque sur le quai 1 de
la tuile Port Le Havre. Placez sa locomotive sur la case de départ ... et son estancier sur
la case Cavalier au début du parcours. Placez son marqueur de grain sur la case 0 »;
« 17 : Pedro n'utilise pas de cartes Bétail de départ ... Contrairement à vous, il ne
reçoit pas de carte Épuisement de départ »; « 18 : ... Pedro ne reçoit ni argent ni jeton
Échange »; a worker tile drawn at random on his board, the specialisation tile facing the
most numerous type; the 4 loading cards of the difficulty (derived: see
:func:`games.gwt_argentina.pedro.rules.loading_card`).
"""

from __future__ import annotations

from games.gwt_argentina import data, pieces
from games.gwt_argentina.pedro.data import CARDS, PEDRO_ROWS, RESERVE_DISCS
from games.gwt_argentina.pedro.state import PEDRO, PedroState
from games.gwt_argentina.state import PRINTED, WORKER_ROWS, GwtState, Player


def set_up_pedro(state: GwtState) -> None:
    board = state.board
    old = state.players[PEDRO]
    # « il ne reçoit pas de carte Épuisement de départ »; starting cattle back in the box.
    board.exhaustion += [c for c in old.herd() if pieces.is_exhaustion(c)]
    pedro = Player(seat=PEDRO, money=0, exchange_tokens=0, estanciero="START",
                   workers={row: [PRINTED] if row in PEDRO_ROWS else [] for row in WORKER_ROWS},
                   slots=[], buildings_left=list(data.PRIVATE_NUMBERS))
    # « Piochez aléatoirement une tuile Ouvrier » (reconstruction: from bag B, the bag of
    # the job market's workers) « ... dans la case libre la plus à gauche ».
    tile = board.bag_b.pop(0)
    pedro.workers[pieces.worker_kind(tile)].append(tile)
    deck = [c.number for c in CARDS]
    state.rng.shuffle(deck)
    state.players[PEDRO] = pedro
    state.pedro = PedroState(difficulty=state.options.difficulty, deck=deck,
                             specialty=pieces.worker_kind(tile), discs=RESERVE_DISCS)
