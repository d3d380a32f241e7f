"""The computer players' evaluation prefers what a Hazienda player would."""

from __future__ import annotations

from games.hazienda import GAME
from tests.games.hazienda.helpers import run, scenario


def value_after(state, *moves):
    after, _ = run(state, *moves)
    return GAME.evaluate(after, 0)


def test_reaching_a_market_beats_a_pig_elsewhere():
    state = scenario("players: blue red\nland: blue E3 E4 F3\nanimal: blue pig D2\nhand: blue pig*2")
    assert value_after(state, "play:animal:pig", "place:C3") > value_after(state, "play:animal:pig", "place:E2")


def test_a_domain_of_three_beats_a_scattered_land():
    state = scenario("players: red blue\nland: red A1 A2\nland: red E1\nhand: red pampa")
    assert value_after(state, "play:land:pampa", "place:A3") > value_after(state, "play:land:pampa", "place:E2")


def test_buying_and_harvesting_beat_doing_nothing():
    state = scenario("players: red blue\nland: red A1 A2 A3\ndeck: land 5")
    idle = value_after(state, "end")
    assert value_after(state, "buy:land:deck") > GAME.evaluate(state, 0)
    assert value_after(state, "harvest", "place:A1") > idle


def test_a_pond_next_to_opponents_only_is_not_worth_its_price():
    state = scenario("players: red blue\nland: red A1 A2\nanimal: blue pig E4 E5 D4")
    assert value_after(state, "buy:pond", "pond:1", "place:E3") < GAME.evaluate(state, 0)
