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


def searched(state):
    return [o.key for o in GAME.search_options(state, GAME.pending(state).options)]


def test_the_search_tries_the_play_that_makes_a_domain_before_buying_a_card():
    """The search widens a node a few options at a time in search_options' order: a land
    that makes a domain of three (« Seuls les domaines constitués d'au moins 3 terrains
    rapporteront des points ») comes before the purchases, and ending the turn last."""
    state = scenario("players: red blue\nland: red A1 A2\nhand: red pampa\ndeck: land 5")
    keys = searched(state)
    assert keys[0] == "play:land:pampa:A3"
    assert keys.index("play:land:pampa:A3") < keys.index("buy:land:deck")
    assert keys[-1] == "end"
    assert "back" not in keys


def test_the_search_tries_the_animals_that_reach_a_market_first():
    """C3, D3 and D4 are edges of market K1 (« Un joueur qui atteint un marché avec un
    troupeau … a conquis ce marché »); C2, E2 and the others are not."""
    state = scenario("players: blue red\nland: blue E3 E4 F3\nanimal: blue pig D2\nhand: blue pig")
    keys = searched(state)
    assert set(keys[:3]) == {"play:animal:pig:C3", "play:animal:pig:D3", "play:animal:pig:D4"}


def test_a_land_that_brings_a_market_within_one_animal_is_worth_more():
    """D3 and D4 are edges of market K1: a land on E4 lets the next animal reach it (an
    animal goes « sur une case pampa vide du plateau, contiguë à l'un de ses terrains »),
    a land on F4 makes the same domain of three but leaves the market two animals away."""
    state = scenario("players: red blue\nland: red F2 F3\nhand: red pampa")
    near = value_after(state, "play:land:pampa", "place:E4")
    far = value_after(state, "play:land:pampa", "place:F4")
    assert near > far


def test_spending_the_last_pesos_when_nothing_else_is_left_is_worse_than_waiting():
    """With no cards and its only domain harvested, a hacienda (« 12 Pesos ») worth three
    points leaves red unable to act on its next turns (no card, no peso, no harvest): the
    value keeps that in mind."""
    state = scenario("players: red blue\nmoney: red 12, blue 20\nland: red A1 A2 A3\n"
                     "harvest: A1")
    assert value_after(state, "buy:hacienda", "place:A1") < value_after(state, "end")
