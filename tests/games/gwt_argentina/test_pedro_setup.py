"""Pedro's set-up (rulebook, solo chapter « MISE EN PLACE »)."""

from __future__ import annotations

import pytest

from games.gwt_argentina import GAME, data, pieces
from games.gwt_argentina.pedro.data import CARDS, LOADING_CARDS
from games.gwt_argentina.pedro.rules import experience, loading_card
from tests.games.gwt_argentina.pedro_helpers import PEDRO, solo


def test_one_seat_with_a_difficulty_option():
    """« Choisissez un niveau de difficulté (facile ♦, modéré ♦♦ ou expert ♦♦♦) »."""
    assert GAME.min_seats == 1
    for difficulty in ("easy", "moderate", "expert"):
        state = GAME.setup(1, GAME.parse_options({"difficulty": difficulty}), 3)
        assert state.seats == 1 and state.pedro is not None
        assert state.pedro.difficulty == difficulty
    with pytest.raises(ValueError):
        GAME.parse_options({"difficulty": "impossible"})
    assert GAME.setup(2, GAME.parse_options({}), 3).pedro is None


def test_two_player_set_up():
    """« Procédez à la mise en place du plateau de jeu et des éléments pour une partie à 2
    joueurs »: the market, job market and closure tiles of 2 players."""
    state = solo()
    assert len(state.board.cattle_market) == data.MARKET_SIZE[2]
    assert sum(1 for row in state.board.job_market for t in row if t) == data.JOB_MARKET_SEED[2]
    assert state.table() == 2


def test_pedro_pieces():
    """« Placez 17 de ses disques et ses 10 tuiles Bâtiments personnels à côté de son plateau
    ... Placez son dernier disque sur le quai 1 de la tuile Port Le Havre. Placez sa
    locomotive sur la case de départ ... et son estancier sur la case Cavalier ... son
    marqueur de grain sur la case 0 »; « Pedro ne reçoit ni argent ni jeton Échange »."""
    state = solo()
    pedro = state.players[PEDRO]
    assert state.pedro.discs == 17
    assert pedro.buildings_left == list(range(1, 11))
    assert PEDRO in state.board.ports["lehavre"].quays["I"]
    assert pedro.locomotive == "0" and pedro.estanciero == "START" and pedro.grain == 0
    assert pedro.money == 0 and pedro.exchange_tokens == 0 and pedro.slots == []


def test_no_starting_cattle_nor_exhaustion():
    """« Pedro n'utilise pas de cartes Bétail de départ ... À la place, mélangez les cartes
    de Pedro afin de constituer une pioche ... il ne reçoit pas de carte Épuisement »."""
    state = solo(seed=5)
    pedro = state.players[PEDRO]
    assert pedro.herd() == []
    assert sorted(state.pedro.deck) == [c.number for c in CARDS] and state.pedro.discard == []
    decks = {tuple(solo(seed=s).pedro.deck) for s in range(5)}
    assert len(decks) > 1  # shuffled
    assert len(state.board.exhaustion) == data.EXHAUSTION_CARDS - 1  # only yours


def test_you_start_first_with_7_pesos_a_token_and_4_cards():
    """« Vous êtes le premier Joueur. Vous commencez avec un capital de départ de 7 pesos, 1
    jeton Échange et vous piochez 4 cartes de votre pioche Bétail. »"""
    state = solo()
    me = state.players[0]
    assert state.current == 0 and me.money == 7 and me.exchange_tokens == 1
    assert len(me.hand) == 4
    assert GAME.pending(state).seat == 0


def test_worker_drawn_and_specialty():
    """« Piochez aléatoirement une tuile Ouvrier et placez-la sur le plateau de Pedro dans la
    case libre la plus à gauche de la rangée correspondante. Insérez la tuile Spécialité ...
    vis-à-vis du type d'ouvrier le plus nombreux »."""
    kinds = set()
    for seed in range(8):
        state = solo(seed=seed)
        pedro = state.players[PEDRO]
        extra = [row for row, tiles in pedro.workers.items() if len(tiles) == 2]
        assert len(extra) == 1
        assert pieces.worker_kind(pedro.workers[extra[0]][1]) == extra[0]
        assert state.pedro.specialty == extra[0]
        assert all(pedro.worker_count(r) == 1 for r in ("gaucho", "carpintero", "maquinista")
                   if r != extra[0])
        kinds.add(extra[0])
    assert len(kinds) > 1


@pytest.mark.parametrize("difficulty", ["easy", "moderate", "expert"])
def test_four_loading_cards_with_the_one_dot_card_active(difficulty):
    """« Prenez les 4 cartes de chargement de la couleur correspondante et triez-les selon le
    numéro ... Au début de la partie, la carte ● sera la carte de chargement active. »"""
    state = solo(difficulty)
    cards = LOADING_CARDS[difficulty]
    assert [c.dots for c in cards] == [1, 2, 3, 4]
    assert loading_card(state) is cards[0]
    assert 1 <= experience(state) <= 4
    assert all(1 <= c.experience <= 4 for c in cards)
