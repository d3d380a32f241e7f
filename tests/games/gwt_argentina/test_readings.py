"""Points where the rulebook's text leaves a choice, checked against it.

Each reading is written for players in the rules summary (``/estancia rules``), which the
last test checks.
"""

from __future__ import annotations

from games.gwt_argentina import GAME, data
from games.gwt_argentina.pedro.data import CARD_BY_NUMBER
from games.gwt_argentina.pedro.turn import amount, chosen_actions, do_action
from games.gwt_argentina.scoring import Tally, final_scores, score_tally
from games.i18n import _, using
from tests.games.gwt_argentina.pedro_helpers import PEDRO, Ctx, solo
from tests.games.gwt_argentina.positions import keys, play, situation
from tests.games.gwt_argentina.test_actions import TURN_END, p0

LOADING = ("ship0[] ship1[] ship3[] ship5[] ship6[] ship7[] ship8[] ship9[] ship11[] "
           "ship15[] ship18[]")


def load(value: int, **changes):
    return situation(3, first_turn="-", p0=p0(money=10, grain=6, estanciero="BA"),
                     ships=LOADING, stack=[TURN_END, "ba_after 0 {}",
                                           f'ba_load 0 {{"value": {value}}}'], **changes)


def test_a_rotterdam_ship_gives_an_objective_card_of_the_display_only():
    """« Si vous placez un de vos disques sur un des bateaux en partance vers Rotterdam ...
    Vous devez immédiatement choisir une carte Objectif de l'offre d'objectifs, la placer
    face visible sur votre défausse et remplir l'offre si nécessaire » (p. 10) — not the top
    of the deck, which « Obtenir une carte Objectif » (p. 16) also allows."""
    state = load(8, objective_display="OB01 OB02 OB03 OB04", objective_deck="OB05 OB06")
    state = play(state, "ship:ship8", "slot:aux_cert_1")
    assert GAME.pending(state).prompt == "Which objective card do you take?"
    assert keys(state) == ["obj:OB01", "obj:OB02", "obj:OB03", "obj:OB04"]
    state = play(state, "obj:OB03")
    assert state.players[0].discard[-1] == "OB03"
    assert state.board.objective_display == ["OB01", "OB02", "OB04", "OB05"]
    building_c = situation(3, first_turn="-", objective_deck="OB05 OB06",
                           stack=[TURN_END, "take_objective 0 {}"])
    assert "deck" in keys(building_c), "« ou piocher la première carte de la pioche » (p. 16)"


def test_a_white_corner_ship_takes_no_black_corner_disc_while_a_ship_can_be_loaded():
    """« Un disque provenant d'un emplacement à coins noirs ne peut être placé que dans une
    cale à coins noirs » (p. 10); the exception of p. 20 names « un emplacement Ville lors
    d'une livraison, ou sur une gare lors d'une amélioration ». With only black-corner discs
    left and 10 to load, ship 9 (black corners) is the ship; with 8, no black-corner ship is
    within reach and the cattle « doit maintenant être chargé sur un bateau »: then the
    exception lets a white-corner ship take the black-corner disc (our reading)."""
    ten = load(10, p0_slots="move_1 hand_1")
    assert [k for k in keys(ten) if k.startswith("ship:")] == ["ship:ship9"]
    eight = load(8, p0_slots="move_1 hand_1")
    offered = [k for k in keys(eight) if k.startswith("ship:")]
    assert offered == [f"ship:ship{v}" for v in (0, 1, 3, 5, 6, 7, 8)]
    assert [k for k in keys(play(eight, "ship:ship5")) if k.startswith("slot:")] == \
        ["slot:move_1", "slot:hand_1"]
    white_left = load(10, p0_slots="move_1 aux_cert_1")
    assert "ship:ship8" in keys(white_left)
    assert [k for k in keys(play(white_left, "ship:ship8")) if k.startswith("slot:")] == \
        ["slot:aux_cert_1"]


def test_pedro_card_15_moves_his_locomotive_one_space_whatever_his_specialty():
    """« Carte #15 : La locomotive de Pedro avance d'une case. » — unlike « Carte #13 : Si
    Pedro n'est pas spécialisé en gauchos » and « Carte #14 : Si Pedro n'est pas spécialisé en
    carpinteros », no specialty is named: a maquinista specialist too advances one space (he
    used to advance by his experience value)."""
    card = CARD_BY_NUMBER[15]
    for specialty in ("gaucho", "carpintero", "maquinista"):
        state = solo("expert")
        state.pedro.specialty = specialty
        (act,) = chosen_actions(state, card)
        assert act.kind == "loco" and amount(state, act.amount) == 1
        do_action(state, act, Ctx(), None, {})
        assert state.players[PEDRO].locomotive == "1"


def test_the_right_movement_disc_scores_two_as_on_the_score_pad():
    """Score pad line 11: « Marquez 2 points de victoire si vous avez enlevé votre disque de
    cet emplacement »; p. 10 says « Si vous retirez le disque de droite, vous marquez 3 points
    de victoire à la fin de la partie ». The score pad, where the points are counted, wins."""
    assert score_tally(Tally(cleared_slots=frozenset({"move_2"})))["move_slot"] == 2
    assert score_tally(Tally(cleared_slots=frozenset({"move_1"})))["move_slot"] == 0


def test_eight_neutral_buildings_on_eight_spaces():
    """« 8 tuiles Bâtiment neutre ... marquée d'une lettre majuscule (A à H) » (material) and
    « les actions de chacun des 8 bâtiments neutres » (annex), while set-up step 3 says
    « Placez les 7 tuiles Bâtiment neutre sur les 7 cases neutres »: the game has 8 tiles
    and 8 spaces, every tile is placed, on its letter or shuffled."""
    for first_game in (True, False):
        state = GAME.setup(2, GAME.parse_options({"first_game": first_game}), 3)
        placed = sorted(state.board.trail[s] for s in data.NEUTRAL_SPACES)
        assert placed == list("ABCDEFGH")


def test_final_scores_leave_pedro_to_his_own_rules():
    """« Toutefois, il ne marque pas de points de victoire pour les catégories suivantes : 1
    (points pour les pesos), 9 (les tuiles Chef de gare) et 11 (emplacements débloqués du
    plateau Joueur). Il marque les points de victoire positifs de toutes ses cartes Objectif
    comme si toutes les conditions avaient été remplies » — ``final_scores`` scores the
    seats; Pedro is never scored as a player (``pedro_scores``, ``GAME.automa``)."""
    state = solo()
    state.players[PEDRO].money = 50
    scores = final_scores(state)
    assert set(scores) == {0} and scores == GAME.scores(state)
    automa = GAME.automa(state)
    assert automa.name == "Pedro" and automa.level == "moderate"
    assert automa.scores == GAME.pedro_scores(state) and automa.scores["money"] == 0
    assert automa.label() == "Pedro (moderate ♦♦)"


def test_the_readings_are_written_in_the_rules_summary():
    """Each reading above is told to players by ``/estancia rules`` (the game's summary), in
    English and in French, within Discord's 2000 characters."""
    text = _(GAME.summary)
    for words in ("tie shares the win", "8 neutral buildings", "2 VP as on the score pad",
                  "« de l'offre d'objectifs »", "white-corner ship only when no ship",
                  "card #15 moves his locomotive one space", "options:difficulty="):
        assert words in text
    with using("fr"):
        french = _(GAME.summary)
    assert "la victoire est partagée" in french and "8 bâtiments neutres" in french
    assert max(len(text), len(french)) + 60 < 2000
