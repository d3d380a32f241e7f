"""The GWT:A computer player's position value (``games.gwt_argentina.ai_value``) is not
broken in the obvious ways: what the rulebook scores, and what turns into points at
Buenos Aires, raises it.

Buenos Aires, step 2 (Revenu): « calculez sa *valeur totale d'élevage* : en additionnant
la valeur d'élevage de chaque **race différente** présente dans votre main. Ceci signifie
que chaque race n'est comptée qu'une seule fois » — and step 3 (Chargement): « choisissez
un bateau dont la valeur de chargement est **égale ou inférieure** à votre valeur totale
d'élevage », « plus votre valeur totale d'élevage est élevée, meilleur sera votre
chargement ».

Décompte final, 7: « Parmi votre troupeau (votre pioche, vos cartes en main et votre
défausse), rassemblez toutes les cartes Épuisement et les cartes Bétail rapportant des
points de victoire. Marquez le total de leurs points de victoire. » and 10: « Marquez 4
points de victoire pour chaque tuile Ouvrier placée dans la 5^e et 6^e colonne de votre
section Ouvrier. »
"""

from __future__ import annotations

import pytest

from games.gwt_argentina import GAME, ai_value, data, pieces
from games.gwt_argentina.ai_value import arriving_breeding, expected_breeding, visit_value
from games.gwt_argentina.state import GwtState


def _game(seats: int = 2, seed: int = 5) -> GwtState:
    options = {"difficulty": "easy"} if seats == 1 else None
    return GAME.setup(seats, GAME.parse_options(options), seed)


def _at(state: GwtState, where: str) -> GwtState:
    state = state.clone()
    for player in state.players:
        player.estanciero = where
    return state


def _with_hand(state: GwtState, seat: int, hand: list[str]) -> GwtState:
    """The same herd, with ``hand`` in hand and every other card in the deck."""
    state = state.clone()
    player = state.players[seat]
    herd = player.hand + player.deck + player.discard
    assert all(card in herd for card in hand)
    rest = list(herd)
    for card in hand:
        rest.remove(card)
    player.hand, player.deck, player.discard = list(hand), rest, []
    return state


def _starting_breeds(state: GwtState, seat: int) -> dict[str, list[str]]:
    by_breed: dict[str, list[str]] = {}
    for card in state.players[seat].herd():
        facts = pieces.cattle(card)
        if facts is not None:
            by_breed.setdefault(facts.breed, []).append(card)
    return by_breed


@pytest.mark.parametrize("seats", [1, 2])
def test_a_varied_hand_next_to_buenos_aires_is_worth_more_than_duplicates(seats):
    """Same herd, estanciero one step from Buenos Aires: a hand of four different breeds
    (breeding value 7) is valued above four Niatas (breeding value 1)."""
    state = _at(_game(seats), "N8")
    breeds = _starting_breeds(state, 0)
    varied = [cards[0] for cards in breeds.values()]
    assert len(varied) == 4
    duplicates = breeds["niata"][:4]
    good = _with_hand(state, 0, varied)
    poor = _with_hand(state, 0, duplicates)
    assert GAME.evaluate(good, 0) > GAME.evaluate(poor, 0) + 2


def test_a_better_herd_is_worth_more():
    """A market card in the herd in place of a Niata raises the herd's expected breeding
    value and the position's value (its VP are scored, décompte 7)."""
    state = _at(_game(), "N2")
    player = state.players[0]
    before = expected_breeding(player)
    value_before = GAME.evaluate(state, 0)
    better = state.clone()
    franqueiro = next(c for c in better.board.cattle_market
                      if (f := pieces.cattle(c)) is not None and f.value >= 4)
    mine = better.players[0]
    niata = next(c for c in mine.deck if (f := pieces.cattle(c)) is not None and f.value == 1)
    mine.deck[mine.deck.index(niata)] = franqueiro
    better.board.cattle_market.remove(franqueiro)
    assert expected_breeding(mine) > before
    assert GAME.evaluate(better, 0) > value_before


def test_more_breeding_value_never_makes_a_visit_worth_less():
    """Income is the breeding value and a ship may be loaded up to it: a visit's worth
    grows with the breeding value."""
    state = _game()
    worths = [visit_value(state, 0, b) for b in range(0, 25)]
    assert all(b > a for a, b in zip(worths, worths[1:], strict=False))
    # the best ship of the loading zone (value 18: 12 VP) is reachable from 18 on
    assert visit_value(state, 0, 18) - visit_value(state, 0, 6) > 5


def test_a_worker_in_the_fifth_column_is_worth_its_points():
    """Décompte 10: a fifth gaucho scores 4 VP; the position is worth more with it."""
    state = _at(_game(), "N2")
    more = state.clone()
    board = more.board
    row = more.players[0].workers["gaucho"]
    for bag in (board.bag_a, board.bag_b, board.bag_c):
        for tile in [t for t in bag if t in data.WORKER_BY_ID
                     and data.WORKER_BY_ID[t].kind == "gaucho"]:
            if len(row) < 5:
                bag.remove(tile)
                row.append(tile)
    assert len(row) == 5
    assert GAME.scores(more)[0]["workers"] >= 4
    assert GAME.evaluate(more, 0) > GAME.evaluate(state, 0) + 4


def test_a_seat_plays_for_its_own_points_until_the_end():
    """Before the end a seat's value is its own: a rival richer by 20 pesos and 3 grain
    changes nothing (docs/gwt-argentina-computer.md, thirteenth pass: valuing the rivals'
    estimate made two computers race for the job market and score less)."""
    state = _at(_game(), "N2")
    richer = state.clone()
    richer.players[1].money += 20
    richer.players[1].grain += 3
    assert GAME.evaluate(richer, 0) == GAME.evaluate(state, 0)
    assert GAME.evaluate(richer, 1) > GAME.evaluate(state, 1)


def test_the_finished_game_is_valued_by_its_score():
    """Once the game is over the value is the score difference, nothing more."""
    state = _game()
    state = state.clone()
    state.finished = True
    scores = GAME.scores(state)
    assert GAME.evaluate(state, 0) == scores[0]["total"] - scores[1]["total"]
    assert data.BUENOS_AIRES == "BA"


def test_the_cards_held_count_far_from_buenos_aires_too():
    """The hand held is kept on the way (cards are discarded and drawn one at a time), so
    four different breeds held at the start of a loop are worth more than four Niatas
    held, the herd being the same (« chaque race n'est comptée qu'une seule fois »)."""
    state = _at(_game(), "N1")
    breeds = _starting_breeds(state, 0)
    varied = _with_hand(state, 0, [cards[0] for cards in breeds.values()])
    niatas = _with_hand(state, 0, breeds["niata"][:4])
    assert arriving_breeding(varied.players[0], 4.0) > arriving_breeding(niatas.players[0],
                                                                         4.0) + 1
    assert GAME.evaluate(varied, 0) > GAME.evaluate(niatas, 0)


def test_a_deck_without_niatas_draws_a_better_hand():
    """The cards drawn before Buenos Aires come from the deck: taking the Niatas out of
    it (the auxiliary action « Retirer une carte Bétail ») raises the hand expected
    there, while the hand held alone counts right before it."""
    state = _at(_game(), "N1")
    breeds = _starting_breeds(state, 0)
    held = _with_hand(state, 0, breeds["niata"][:2] + breeds["patagonico"][:2])
    player = held.players[0]
    thinner = held.clone()
    thinner.players[0].deck = [c for c in player.deck if c not in breeds["niata"]]
    assert arriving_breeding(thinner.players[0], 4.0) > arriving_breeding(player, 4.0)
    assert arriving_breeding(thinner.players[0], 1.0) == arriving_breeding(player, 1.0) == 3



# -- how many visits are left ---------------------------------------------------------
# « Au cours d'une partie, votre estanciero atteindra Buenos Aires entre 5 et 6 fois. »
# (APERÇU DU JEU) — and the game ends when the job market is full (FIN DE LA PARTIE), each
# visit to Buenos Aires filling its spaces.


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_new_game_expects_five_to_six_visits_each(seats: int) -> None:
    state = _game(seats)
    for seat in range(seats):
        assert 5.0 <= ai_value.visits_left(state, seat) <= 6.5


def _count(monkeypatch: pytest.MonkeyPatch, arrivals: float, turns: float, loop: float,
           pedro_before: float) -> float:
    """visits_left of the solo game's player, with the job market allowing ``arrivals``
    more visits, the player ``turns`` from Buenos Aires on a loop of ``loop`` turns, and
    Pedro ``pedro_before`` turns from his next arrival."""
    state = _game(1)
    spaces = arrivals * ai_value.W["workers_per_visit"]
    monkeypatch.setattr(ai_value, "_empty_job_spaces", lambda _state: spaces)
    phases = [(turns, loop), (pedro_before, ai_value.TYPICAL_LOOP)]
    return ai_value.visits_left(state, 0, phases)


def test_the_visits_left_stay_level_while_everyone_goes_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn passing brings both estancieros a turn nearer and fills no space: the count
    must not rise as the player nears Buenos Aires (it did, by 0.5 over a loop)."""
    before = _count(monkeypatch, 10, turns=4, loop=6, pedro_before=3)
    after = _count(monkeypatch, 10, turns=3, loop=6, pedro_before=2)
    assert after == pytest.approx(before)
    # nearer Buenos Aires while Pedro stands still: a visit comes sooner
    assert _count(monkeypatch, 10, turns=2, loop=6, pedro_before=3) > before


def test_a_visit_counts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The player's own visit fills spaces and starts a new loop: one visit fewer left.
    Pedro's visit fills spaces too, but the player's visits left stay as they were."""
    arriving = _count(monkeypatch, 8, turns=0, loop=6, pedro_before=2)
    gone_round = _count(monkeypatch, 7, turns=6, loop=6, pedro_before=2)
    assert arriving - gone_round == pytest.approx(1.0)
    pedro_arriving = _count(monkeypatch, 8, turns=3, loop=6, pedro_before=0)
    pedro_gone = _count(monkeypatch, 7, turns=3, loop=6,
                        pedro_before=ai_value.TYPICAL_LOOP)
    assert pedro_gone == pytest.approx(pedro_arriving)
