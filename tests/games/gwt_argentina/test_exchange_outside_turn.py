"""Exchange tokens on another player's turn: the engine contract's side decisions
(``Game.side_decision``; games/gwt_argentina/exchange.py).

« Les jetons Échange sont particuliers, car vous pouvez les utiliser à tout moment de la
partie, même au cours d'une action et même quand ce n'est pas votre tour. Pour utiliser un
jeton Échange, remettez-le à la banque. Piochez ensuite jusqu'à 2 cartes de votre pioche
Bétail. Puis, défaussez ensuite autant de cartes que vous en avez piochées. » (p. 18)
"""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.gwt_argentina import GAME
from games.gwt_argentina.notation import read, write
from games.i18n import using
from tests.games.gwt_argentina.positions import keys, play, situation

TURN_END = "turn_end 0 {}"
NEUTRALS = "N1=A N2=B N3=C N4=D N5=E N6=F N7=G N8=H"
RULE = __doc__


def player_line(tokens: int, estanciero: str = "N1", money: int = 10) -> str:
    return (f"money={money} certificates=0 grain=0 tokens={tokens} estanciero={estanciero} "
            "locomotive=0 job_marker=no")


def at_building_a(p1_tokens: int = 1, **changes: str):
    """Seat 0 at neutral building A (phase B), seat 1 waiting with ``p1_tokens``."""
    changes.setdefault("p1_hand", "1:NI1 1:NI2 1:PA1 1:PA2")
    changes.setdefault("p1_deck", "1:FR1 1:FR2 1:HO1")
    return situation(3, first_turn="-", trail=NEUTRALS, farmer_coins="-",
                     p0=player_line(0), p0_hand="0:NI1 0:NI2 0:PA1 0:PA2",
                     p1=player_line(p1_tokens, "N3"), p2=player_line(0, "N4"),
                     stack=[TURN_END, 'location 0 {"done": [], "locked": false, "space": "N1"}'],
                     **changes)


def side_keys(state, seat: int) -> list[str]:
    side = GAME.side_decision(state, seat)
    return [] if side is None else [o.key for o in side.options]


def test_a_token_on_another_players_turn():
    """« même quand ce n'est pas votre tour »: seat 1 gives its token back and draws 2 while
    seat 0 is to move; the pending decision (seat 0's) stays as it was."""
    state = at_building_a()
    before = GAME.pending(state)
    side = GAME.side_decision(state, 1)
    assert side is not None and side.optional and side.seat == 1
    assert [o.key for o in side.options] == ["xt:2", "xt:1"]
    outcome = GAME.apply(state, 1, "xt:2")
    after = outcome.state
    assert outcome.reveals, "drawing shows the seat cards from its deck"
    assert [e.text for e in outcome.events if e.private_to == 1] == [
        "You drew Fronterizo (value 2, str 2), Fronterizo (value 2, str 2)."]
    assert GAME.pending(after) == before
    player = after.players[1]
    assert player.exchange_tokens == 0 and player.hand[-2:] == ["1:FR1", "1:FR2"]
    assert player.deck == ["1:HO1"]


def test_then_as_many_cards_are_discarded_and_nothing_else_is_offered_meanwhile():
    """« Puis, défaussez ensuite autant de cartes que vous en avez piochées »: after drawing
    2, the seat must discard 2 (no other token while it has not: a second one would draw
    before the first exchange is over)."""
    state = GAME.apply(at_building_a(p1_tokens=2), 1, "xt:2").state
    side = GAME.side_decision(state, 1)
    assert side is not None and not side.optional
    assert side.prompt == "Exchange token: discard 2 cards."
    assert side_keys(state, 1) == ["discard:1:NI1", "discard:1:PA1", "discard:1:FR1"]
    state = GAME.apply(state, 1, "discard:1:NI1").state
    assert GAME.side_decision(state, 1).prompt == "Exchange token: discard 1 card."
    state = GAME.apply(state, 1, "discard:1:FR1").state
    player = state.players[1]
    assert player.discard[-2:] == ["1:NI1", "1:FR1"] and len(player.hand) == 4
    assert side_keys(state, 1) == ["xt:2", "xt:1"], "the second token is offered again"


def test_the_player_to_move_goes_on_meanwhile():
    """Seat 1's exchange does not hold up seat 0's turn: seat 0 plays between the draw
    and the discards."""
    state = GAME.apply(at_building_a(), 1, "xt:1").state
    assert GAME.pending(state).seat == 0
    state = play(state, "act:1")  # seat 0 goes on at building A
    assert GAME.pending(state).seat == 0
    assert side_keys(state, 1) == ["discard:1:NI1", "discard:1:PA1", "discard:1:FR1"]


def test_an_unfinished_exchange_comes_first_on_the_seats_own_turn():
    """A seat whose turn comes before it discarded discards first: the exchange began
    before its turn did."""
    state = GAME.apply(at_building_a(), 1, "xt:2").state
    state = play(state, "end")  # seat 0 ends its turn: seat 1's turn begins
    decision = GAME.pending(state)
    assert decision.seat == 1 and decision.prompt == "Exchange token: discard 2 cards."
    assert GAME.side_decision(state, 1) is None, "the seat to move has no side decision"
    state = play(state, "discard:1:NI1", "discard:1:NI2")
    decision = GAME.pending(state)
    assert decision.seat == 1 and not decision.prompt.startswith("Exchange token")
    assert "xt" not in " ".join(side_keys(state, 1))


def test_no_side_decision_for_the_seat_to_move_or_without_a_token():
    """On one's own turn the token is an option of the pending decision; without a token
    (or with nothing to draw) there is nothing to offer."""
    state = at_building_a()
    assert GAME.side_decision(state, 0) is None
    assert {"xt:2", "xt:1"}.isdisjoint(keys(state)), "seat 0 has no token"
    assert GAME.side_decision(state, 2) is None, "seat 2 has no token"
    empty = at_building_a(p1_deck="-", p1_discard="-")
    assert GAME.side_decision(empty, 1) is None
    assert side_keys(at_building_a(p1_deck="1:FR1", p1_discard="-"), 1) == ["xt:1"]


def test_a_token_on_another_turn_even_while_that_player_reveals():
    """« ces moments sont les seuls où vous ne pouvez pas utiliser de jetons Échange durant
    votre tour » (p. 20): the restriction is about one's own turn. While seat 0 chooses the
    granjeros to help, seat 0 has no token option but seat 1 may use its own."""
    state = situation(3, first_turn="-", trail=f"{NEUTRALS} GF1=FG01", farmer_coins="-",
                      p0=player_line(1, "N6"), p0_hand="CA1 0:NI1 0:PA1 0:PA2",
                      p1=player_line(1, "N3"), p1_deck="1:FR1 1:FR2",
                      stack=[TURN_END,
                             'location 0 {"done": [], "locked": false, "space": "N6"}'])
    helping = play(state, "act:1")
    assert not any(k.startswith("xt") for k in keys(helping))
    assert side_keys(helping, 1) == ["xt:2", "xt:1"]


def test_refused_side_options_change_nothing():
    """A seat not to move may only take its own side options."""
    state = at_building_a()
    snapshot = write(state)
    for seat, key in ((1, "act:1"), (2, "xt:2"), (1, "discard:1:NI1")):
        with pytest.raises(IllegalMove, match="not your turn"):
            GAME.apply(state, seat, key)
    assert write(state) == snapshot


def test_an_unfinished_exchange_round_trips_in_the_notation():
    state = GAME.apply(at_building_a(), 1, "xt:2").state
    text = write(state)
    assert "aside:\n  discard_cards 1 {\"n\": 2}\n" in text
    assert read(text) == state
    assert "aside:" not in write(at_building_a()), "no aside line without an exchange"


def test_solo_has_no_side_decision():
    """Solo: you are the only seat, and « Pedro ne reçoit ni argent ni jeton Échange »."""
    state = GAME.setup(1, GAME.parse_options({"difficulty": "easy"}), 3)
    assert GAME.side_decision(state, 0) is None
    assert GAME.side_decision(state, 1) is None


# -- holdings --------------------------------------------------------------------------
def test_holdings_name_the_cards_never_their_ids():
    state = at_building_a(p1_hand="1:NI1 1:NI2 1:PA1 CA1 EX OB07")
    held = GAME.holdings(state, 1)
    assert held.text == ("Your hand: Niata ×2, Patagonico, Caracu (2 VP), exhaustion card, "
                         "objective 07 (breeding value 4, strength up to 11) · 10 pesos · "
                         "1 exchange token")
    assert ":" not in held.text.split("·")[0].split(":", 1)[1], "no card id"
    with using("fr"):
        french = GAME.holdings(state, 1).text
    assert french.startswith("Votre main : Niata ×2, Patagonico, Caracu (2 PV), carte "
                             "Épuisement, objectif 07")
    assert "jeton Échange" in french


def test_the_faces_matter_when_the_hand_is_asked_about():
    """Helping granjeros (strength), discarding, the exchange's discard: the faces
    matter; moving along the trail or an offer of a token: they do not."""
    state = at_building_a()
    assert not GAME.holdings(state, 0).faces and not GAME.holdings(state, 1).faces
    drawn = GAME.apply(state, 1, "xt:2").state
    assert GAME.holdings(drawn, 1).faces and not GAME.holdings(drawn, 0).faces
    helping = situation(3, first_turn="-", trail=f"{NEUTRALS} GF1=FG01", farmer_coins="-",
                        p0=player_line(0, "N6"), p0_hand="CA1 0:NI1 0:PA1 0:PA2",
                        stack=[TURN_END,
                               'location 0 {"done": [], "locked": false, "space": "N6"}'])
    assert GAME.holdings(play(helping, "act:1"), 0).faces


assert RULE
