"""The situation notation (games/gwt_argentina/NOTATION.md): exact round trips and clear
errors on bad text."""

from __future__ import annotations

import pytest

from games.gwt_argentina import GAME
from games.gwt_argentina.notation import NotationError, read, write
from games.rng import Rng


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_round_trip_at_every_step_of_a_game(seats):
    state = GAME.setup(seats, GAME.parse_options({"building_sides": "random",
                                                   "port_sides": "random",
                                                   "first_game": False}), seats)
    rng = Rng.from_seed(seats)
    for _ in range(400):
        text = write(state)
        again = read(text)
        assert again == state
        assert write(again) == text
        decision = GAME.pending(state)
        if decision is None:
            break
        state = GAME.apply(state, decision.seat, rng.choice(decision.options).key).state


def test_a_read_situation_plays_on_exactly_like_the_original():
    state = GAME.setup(3, GAME.parse_options(None), 11)
    rng = Rng.from_seed(2)
    for _ in range(150):
        d = GAME.pending(state)
        state = GAME.apply(state, d.seat, rng.choice(d.options).key).state
    copy = read(write(state))
    for _ in range(100):
        d = GAME.pending(state)
        key = rng.choice(d.options).key
        state = GAME.apply(state, d.seat, key).state
        copy = GAME.apply(copy, d.seat, key).state
    assert copy == state


def test_the_text_shows_hands_decks_board_and_stack():
    text = write(GAME.setup(2, GAME.parse_options(None), 0))
    assert text.startswith("gwt-argentina players=2 seed=0 ")
    for label in ("trail: N1=A", "job row 1:", "forecast: A1=", "ships: ship0[]",
                  "port lehavre: side=a quays I[0 1] II[]", "stations: b4[]", "player 0:",
                  "  hand: ", "  slots: aux_pesos_2", "stack:", "  turn_end 0 {}"):
        assert label in text


@pytest.mark.parametrize("damage,message", [
    (lambda t: t.replace("gwt-argentina", "gwt"), "line 1"),
    (lambda t: t.replace("current: 0", "current: zero"), "expected a number"),
    (lambda t: t.replace("trail: N1=A", "trail: N1A"), "expected key=value"),
    (lambda t: t.replace("first_game=yes", "first_game=maybe"), "yes or no"),
    (lambda t: t.replace("port lehavre: side=a", "port lehavre: side=c"),
     "a port side is a or b, not 'c'"),
    (lambda t: t.replace("building sides: 1=a", "building sides: 1=c"),
     "a building side is a or b, not 'c'"),
    (lambda t: t.replace("difficulty=moderate", "difficulty=hard"), "bad options"),
    (lambda t: t.replace("player 1:", "player one:"), "expected a number"),
    (lambda t: t.split("stack:")[0], "expected 'stack:'"),
    (lambda t: t.replace("trail: N1=A", "trail: N1=Z"), "unknown piece on the trail"),
    (lambda t: t.replace("trail: N1=A", "trail: X9=A N1=A"), "unknown trail space"),
    (lambda t: t.replace("  hand: 0:", "  hand: XX1 0:"), "unknown card: XX1"),
    (lambda t: t.replace("ships: ship0[]", "ships: ship99[]"), "unknown ship"),
    (lambda t: t.replace("  turn_end 0 {}", "  dance 0 {}"), "unknown frame kind"),
])
def test_bad_text_is_refused_with_a_clear_message(damage, message):
    text = write(GAME.setup(2, GAME.parse_options(None), 0))
    with pytest.raises(NotationError, match=message):
        read(damage(text))
