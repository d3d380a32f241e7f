"""Choices the rulebook leaves to the player: track gains taken in part (p. 12), exchange
tokens at every decision of one's own turn, in the middle of an action too, and kept after
how many cards it draws chosen with it (p. 18, p. 20), objective cards between the steps of Buenos Aires (p. 10, p. 16)."""

from __future__ import annotations

from games.gwt_argentina import GAME
from games.gwt_argentina.notation import read, write
from tests.games.gwt_argentina.positions import keys, labels, play, situation
from tests.games.gwt_argentina.test_actions import TURN_END, at_location, p0

IN_PART = """« Important : Vous pouvez renoncer à un effet totalement ou en partie même si vous
avez rempli la condition. Par contre, si vous recevez une somme en pèsos, vous devez
prendre cette somme dans sa totalité. »"""


def round_trips(state) -> None:
    assert read(write(state)) == state
    assert write(read(write(state))) == write(state)


# -- certificates and grain, taken in part --------------------------------------------
def test_two_certificates_may_be_taken_in_part_or_forgone():
    """« Vous pouvez renoncer à un effet totalement ou en partie même si vous avez rempli la
    condition » and « Cette icône d'action vous permet de d'avancer votre marqueur
    Certificat jusqu'à 2 cases » (p. 12): building 4a's second action."""
    state = play(at_location("P1", trail="P1=0:4", p0=p0(estanciero="P1")), "act:1")
    assert keys(state) == ["take:2", "take:1", "take:0"]
    assert labels(state)["take:1"] == "+1 certificate"
    round_trips(state)
    assert play(state, "take:2").players[0].certificates == 2
    assert play(state, "take:1").players[0].certificates == 1
    assert play(state, "take:0").players[0].certificates == 0
    assert GAME.pending(play(state, "take:1")).prompt.startswith("Phase B")


def test_the_certificate_limit_caps_the_gain_without_a_question():
    """« Par contre, vous ne pouvez pas dépasser votre limite de certificats temporaires
    (votre limite est de 4 en début de partie) » (p. 12): at 3 of 4, building 9a's
    « Avancez votre marqueur Certificat de 3 cases » gives the one step that fits."""
    state = at_location("P1", trail="P1=0:9", p0=p0(certificates=3, estanciero="P1"))
    state = play(state, "act:0")
    assert state.players[0].certificates == 4
    assert GAME.pending(state).prompt.startswith("Phase B"), "one step: nothing to choose"


def test_grain_stops_at_the_end_of_its_track_and_pesos_are_taken_whole():
    """« AVANCER VOTRE MARQUEUR DE GRAIN. Les règles sont en général les mêmes que pour
    votre marqueur Certificat ... La limite est de 8. » Building 10a at 5 grain: « grain de
    5 cases » offers 3, 2, 1 or none; « Recevez 5 pesos » is not asked. """ + IN_PART
    state = at_location("P1", trail="P1=0:10", p0=p0(grain=5, money=0, estanciero="P1"))
    grain = play(state, "act:0")
    assert keys(grain) == ["take:3", "take:2", "take:1", "take:0"]
    assert play(grain, "take:3").players[0].grain == 8
    assert play(grain, "take:1").players[0].grain == 6
    pesos = play(state, "act:1")
    assert pesos.players[0].money == 5
    assert GAME.pending(pesos).prompt.startswith("Phase B")


def test_an_objective_cards_immediate_action_may_be_forgone():
    """« Effectuez ensuite l'action immédiate illustrée dans le coin supérieur gauche de
    la carte ou renoncez-y » (p. 16): OB01's one certificate is asked, not imposed."""
    state = at_location("N1", p0_hand="OB01 0:NI1 0:NI2 0:PA1")
    state = play(state, "obj:OB01")
    assert keys(state) == ["take:1", "take:0"]
    assert play(state, "take:0").players[0].certificates == 0
    assert play(state, "take:1").players[0].certificates == 1
    assert play(state, "take:0").players[0].objectives == ["OB01"]


def test_auxiliary_certificates_pay_pesos_whole_and_the_certificates_in_part():
    """« Reculez votre marqueur de grain de 2 cases. Ensuite, avancez votre marqueur
    Certificat de 2 cases et recevez 2 pèsos » (p. 18): the grain is the condition, the
    pesos are taken whole, the certificates up to 2. """ + IN_PART
    from games.gwt_argentina import data

    slots = " ".join(s.id for s in data.DISC_SLOTS if s.id not in ("aux_cert_1", "aux_cert_2"))
    state = at_location("N7", p0=p0(money=0, grain=2, estanciero="N7"), p0_slots=slots)
    state = play(state, "act:1", "aux:aux_cert:2")
    assert (state.players[0].grain, state.players[0].money) == (0, 2)
    assert keys(state) == ["take:2", "take:1", "take:0"]
    assert play(state, "take:1").players[0].certificates == 1


# -- exchange tokens ------------------------------------------------------------------
TOKENS = """« Les jetons Échange sont particuliers, car vous pouvez les utiliser à tout moment
de la partie, même au cours d'une action et même quand ce n'est pas votre tour. » (p. 18)"""


def test_an_exchange_token_in_the_middle_of_a_discard():
    """An exchange token inside another draw-and-discard: after drawing 1 with building
    G's auxiliary action, before discarding. """ + TOKENS
    state = situation(3, first_turn="-", p0=p0(tokens=1), p0_hand="0:NI1 0:NI2 0:PA1 0:PA2",
                      p0_deck="0:FR1 0:FR2 0:FR3",
                      stack=[TURN_END, 'location 0 {"done": [], "locked": true, "space": "N7"}',
                             'discard_cards 0 {"n": 1}'])
    assert {"xt:2", "xt:1"} <= set(keys(state))
    state = play(state, "xt:2", "discard:0:FR1", "discard:0:FR2")
    assert GAME.pending(state).prompt == "Discard 1 card.", "the first discard goes on"
    state = play(state, "discard:0:NI1")
    assert state.players[0].exchange_tokens == 0 and len(state.players[0].hand) == 3


def test_an_exchange_token_during_phase_a_and_the_first_discard():
    """At every decision of one's own turn: between two locations of phase A, and in the
    first turn's discard to 4 (« Au début de votre tout premier tour, défaussez des cartes
    de votre main jusqu'à en avoir seulement 4 »). """ + TOKENS
    moving = situation(3, first_turn="-", p0=p0(tokens=1, estanciero="N1"),
                       stack=[TURN_END, 'move 0 {"extra": false, "limit": 3, "steps": 1}'])
    assert "xt:2" in keys(moving)
    first = situation(3, first_turn="-", p0=p0(tokens=1),
                      p0_hand="0:NI1 0:NI2 0:PA1 0:PA2 0:FR1",
                      stack=[TURN_END, "first_place 0 {}", "first_discard 0 {}"])
    assert GAME.pending(first).prompt.startswith("First turn: discard")
    assert "xt:2" in keys(first)


def test_no_exchange_token_while_choosing_granjeros_to_help():
    """« Lorsque vous révéléz votre main aux autres joueurs (durant l'étape ② de Buenos
    Aires ou lorsque vous effectuez l'action « Aider un ou plusieurs granjeros ») et pour
    calculer votre force ou votre valeur totale d'élevage, ces moments sont les seuls où
    vous ne pouvez pas utiliser de jetons Échange durant votre tour » (p. 20)."""
    state = at_location("N6", trail="GF1=FG01", p0=p0(tokens=1, estanciero="N6"),
                        p0_hand="CA1 0:NI1 0:PA1 0:PA2")
    assert "xt:2" in keys(state)
    assert not any(k.startswith("xt") for k in keys(play(state, "act:1")))


def test_an_exchange_token_draws_up_to_two_and_no_more_than_the_herd_holds():
    """« Pour utiliser un jeton Échange, remettez-le à la banque. Piochez ensuite jusqu'à 2
    cartes de votre pioche Bétail. Puis, défaussez ensuite autant de cartes que vous en
    avez piochées » (p. 18): draw 2 or 1 (none would only give the token back), chosen with
    the token, so declining it is choosing anything else."""
    state = at_location("N1", p0=p0(tokens=2), p0_deck="0:FR1 0:FR2 0:FR3")
    assert labels(state)["xt:1"] == "Exchange token: draw 1, then discard 1 (2 left)"
    one = play(state, "xt:1")
    assert keys(one) == ["discard:0:NI1", "discard:0:PA1", "discard:0:FR1", "xt:2", "xt:1"]
    round_trips(one)
    one = play(one, "discard:0:FR1")
    assert one.players[0].exchange_tokens == 1 and one.players[0].discard[-1] == "0:FR1"
    short = at_location("N1", p0=p0(tokens=1), p0_deck="0:FR1", p0_discard="-")
    assert [k for k in keys(short) if k.startswith("xt")] == ["xt:1"]
    empty = at_location("N1", p0=p0(tokens=1), p0_deck="-", p0_discard="-")
    assert not any(k.startswith("xt") for k in keys(empty))


# -- objective cards between the steps of Buenos Aires --------------------------------
OBJECTIVES = """« Lors de votre tour, si vous avez une ou plusieurs cartes Objectif en main, vous
pouvez en jouer autant que vous voulez : avant d'effectuer la phase A ; avant ou après avoir
effectué une action en phase B. Vous ne pouvez pas jouer une carte Objectif au cours d'une
action ni lors de la phase C. » (p. 16) — and Buenos Aires is phase B: « PHASE B
Effectuez la ou les actions du lieu atteint (suite) » (p. 10)."""


def ba(*frames, **changes):
    changes.setdefault("p0", p0(estanciero="BA"))
    return situation(3, first_turn="-", stack=[TURN_END, *reversed(frames)], **changes)


def test_an_objective_card_before_loading_and_before_each_forecast():
    """Between steps 2 and 3 and before steps 4, 5 and 6. """ + OBJECTIVES
    load = ba('ba_load 0 {"value": 0}', 'ba_forecast 0 {"letter": "A"}', p0_hand="OB01")
    assert "obj:OB01" in keys(load)
    played = play(load, "obj:OB01", "take:1")
    assert played.players[0].objectives == ["OB01"] and played.players[0].certificates == 1
    assert GAME.pending(played).prompt.startswith("Load"), "the step is still to do"
    forecast = play(load, "ship:ship0", "slot:aux_pesos_2")
    assert "obj:OB01" in keys(forecast) and "Forecast A" in GAME.pending(forecast).prompt


def test_a_pause_before_the_income_only_with_an_objective_card_in_hand():
    """Between steps 1 and 2: the income reveals the hand, so the moment before it has its
    own question, asked only when an objective card is in hand. """ + OBJECTIVES
    with_card = ba('ba_pause 0 {"before": 2}', "ba_income 0 {}", p0_hand="OB01 0:NI1")
    assert keys(with_card) == ["obj:OB01", "go"]
    assert labels(with_card)["go"] == "Go on to the income"
    round_trips(with_card)
    income = play(with_card, "obj:OB01", "take:1")
    assert GAME.pending(income).prompt.startswith("Income"), "no card left: no pause"
    assert "obj:OB01" not in keys(play(with_card, "go")), "not during the income"
    without = ba('ba_pause 0 {"before": 2}', "ba_income 0 {}", p0_hand="0:NI1")
    assert GAME.pending(without).prompt.startswith("Income")


def test_arriving_in_buenos_aires_with_an_objective_card():
    """The whole visit: with no delivery to make, the card is offered once before the
    income; the income discards the hand (« Finalement, défaussez toutes les cartes de
    votre main »), so nothing more is asked. """ + OBJECTIVES
    state = situation(3, first_turn="-", p0=p0(estanciero="N8"), p0_hand="OB05 0:NI1",
                      stack=[TURN_END, 'move 0 {"extra": false, "limit": 4, "steps": 0}'])
    state = play(state, "to:BA")
    turn, seen = state.turn, []
    while state.turn == turn:
        decision = GAME.pending(state)
        seen.append((state.stack[-1].kind, "obj:OB05" in keys(state)))
        state = play(state, next(o.key for o in decision.options
                                 if o.key != "obj:OB05" and not o.key.startswith("xt")))
    assert seen[:2] == [("ba_pause", True), ("ba_income", False)]
    assert not any(offered for _kind, offered in seen[1:])
    assert "ba_pause" not in [kind for kind, _offered in seen[1:]]


def test_the_computer_player_looks_at_the_token_drawing_two_only():
    """The lookahead (``games.ai``) weighs one exchange token option, not two: drawing 2
    then discarding 2 chooses the cards kept among more than drawing 1."""
    state = at_location("N1", p0=p0(tokens=1), p0_deck="0:FR1 0:FR2 0:FR3")
    options = GAME.pending(state).options
    searched = [o.key for o in GAME.search_options(state, options)]
    assert "xt:2" in searched and "xt:1" not in searched
    assert searched == [o.key for o in options if o.key != "xt:1"]
    short = at_location("N1", p0=p0(tokens=1), p0_deck="0:FR1", p0_discard="-")
    assert "xt:1" in [o.key for o in GAME.search_options(short, GAME.pending(short).options)]
