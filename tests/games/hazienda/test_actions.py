"""A turn's actions: buying, playing cards, haciendas, ponds ("Déroulement du jeu")."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.hazienda import GAME
from tests.games.hazienda.helpers import keys, places, plays, run, scenario, texts

DECKS = """
players: red blue
deck: land forest meadow stone
deck: animal pig sheep cattle horse
face-up: land swamp pampa swamp mountain
face-up: animal horse cattle
"""


def test_a_turn_is_three_actions_then_the_next_player():
    """"Celui à qui c'est le tour de jouer peut faire … jusque 3 actions": after the third
    the turn passes, so a fourth action by the same player is refused."""
    state = scenario(DECKS)
    state, _ = run(state, "buy:land:deck", "buy:land:deck")
    assert GAME.pending(state).seat == 0
    assert GAME.view(state, None)["turn"]["actions_left"] == 1
    state, _ = run(state, "buy:animal:deck")
    decision = GAME.pending(state)
    assert decision.seat == 1 and decision.turn == state.turn == 2
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply(state, 0, "buy:land:deck")


def test_ending_the_turn_early():
    """Up to three actions: a player may stop after fewer ("end")."""
    state = scenario(DECKS)
    state, _ = run(state, "buy:land:deck", "end")
    assert GAME.pending(state).seat == 1
    assert state.players[0].money == 18


def test_buying_a_card_from_the_deck_costs_2_and_shows_it_only_to_the_buyer():
    """"1 carte terrain de la pioche 2 Pesos": the card goes to the hand; the public event
    does not name it."""
    state = scenario(DECKS)
    outcome = GAME.apply(state, 0, "buy:land:deck")
    after = outcome.state
    assert after.players[0].money == 18
    assert after.players[0].lands == {"forest": 1}
    assert outcome.reveals
    assert texts(outcome.events) == ["Red draws a land card."]
    assert [e.private_to for e in outcome.events if e.private_to is not None] == [0]
    assert texts(outcome.events, private=True) == ["You draw a forest card."]


def test_buying_a_face_up_card_costs_3_and_is_replaced_at_once():
    """"1 carte terrain face visible 3 Pesos … elle est remplacée immédiatement par une
    carte de la pioche, que le joueur peut acheter tout de suite"."""
    state = scenario(DECKS)
    outcome = GAME.apply(state, 0, "buy:land:faceup:1")
    after = outcome.state
    assert after.players[0].money == 17
    assert after.players[0].lands == {"pampa": 1}
    assert after.players[0].known_lands == {"pampa": 1}
    assert after.land_face_up == ["swamp", "forest", "swamp", "mountain"]
    assert outcome.reveals
    assert "New face-up land card: forest." in texts(outcome.events)
    assert "buy:land:faceup:1" in keys(after)


def test_equal_face_up_cards_are_one_choice():
    state = scenario(DECKS)
    assert {k for k in keys(state) if k.startswith("buy:land:faceup")} == {
        "buy:land:faceup:0", "buy:land:faceup:1", "buy:land:faceup:3"}


def test_unaffordable_buys_are_not_offered_and_refused():
    """Prices are paid at once ("Le joueur paye le montant à la banque"): with 2 pesos only
    the blind cards, with 1 peso nothing can be bought."""
    state = scenario(DECKS + "money: red 2\nhand: red forest\nland: red A1 A2")
    assert {k for k in keys(state) if k.startswith("buy")} == {"buy:land:deck", "buy:animal:deck"}
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "buy:animal:faceup:0")
    state = scenario(DECKS + "money: red 1")
    assert not {k for k in keys(state) if k.startswith("buy")}


def test_land_card_goes_on_a_free_space_of_its_kind():
    """"il place un terrain de sa couleur … sur une case terrain vide de son choix, à
    condition qu'elle corresponde au paysage de la carte jouée"."""
    state = scenario("players: red blue\nhand: red mountain\nland: blue A7")
    assert places(state, "land:mountain") == {"A8"}
    state, events = run(state, "play:land:mountain", "place:A8")
    assert state.lands["A8"] == "red"
    assert state.land_discard == ["mountain"]
    assert texts(events) == ["Red plays a mountain card: land on A8."]


def test_kind_without_free_space_is_played_as_pampa():
    """"Il peut arriver qu'il n'y ait plus de case de terrain libre correspondante … la
    carte est jouée comme une carte pampa"."""
    state = scenario("players: red blue\nhand: red mountain\nland: blue A7 A8\nland: red D1")
    assert places(state, "land:mountain") == {"C1", "C2", "D2", "E1", "E2"}


def test_pampa_card_goes_next_to_an_own_land():
    """"Si la carte jouée est une pampa, le joueur doit mettre son terrain de manière
    contiguë à un terrain lui appartenant": with no land of one's own it cannot be played."""
    state = scenario("players: red blue\nhand: red pampa\nland: blue D1")
    assert "land:pampa" not in plays(state)
    state = scenario("players: red blue\nhand: red pampa\nland: red A1\nland: blue A2")
    assert places(state, "land:pampa") == {"B1"}


def test_animal_goes_next_to_own_land_or_own_animal_of_the_species():
    """"sur une case pampa vide du plateau, contiguë à l'un de ses terrains ou à un animal
    de même espèce"."""
    state = scenario("players: red blue\nhand: red pig\nanimal: red sheep A1\nanimal: blue pig A3")
    assert "animal:pig" not in plays(state)
    state = scenario("players: red blue\nhand: red pig\nanimal: red pig A1\nland: red F1")
    assert places(state, "animal:pig") == {"A2", "B1", "E1", "E2", "F2"}
    state, _ = run(state, "play:animal:pig", "place:B1")
    assert state.animals["B1"].species == "pig"
    assert state.players[0].animals == {}


def test_hacienda_costs_12_and_goes_on_a_group_without_one():
    """"Le joueur paye 12 Pesos … et la place immédiatement sur une tuile d'un domaine ou
    d'un troupeau de son choix. Il n'est pas possible de poser deux haciendas sur le même
    domaine ou troupeau." A single land is no domain ("plusieurs terrains contigus")."""
    state = scenario("""
        players: red blue
        land: red A1 A2 A3
        land: red E1
        animal: red pig C1
        animal: red pig D6 D7
        hacienda: D7
    """)
    state, _ = run(state, "buy:hacienda")
    assert keys(state) == {"place:A1", "place:C1", "back"}
    state, events = run(state, "place:C1")
    assert state.players[0].money == 8
    assert state.haciendas == ["D7", "C1"]
    assert state.haciendas_stock == 5 - 2
    assert texts(events) == ["Red buys a hacienda and builds it on the herd at C1."]


def test_one_hacienda_per_turn():
    """"Il n'est possible d'acheter qu'une seule hacienda par tour."""
    state = scenario("players: red blue\nmoney: red 40\nland: red A1 A2\nanimal: red pig C1")
    state, _ = run(state, "buy:hacienda", "place:A1")
    assert "buy:hacienda" not in keys(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "buy:hacienda")
    state, _ = run(state, "end", "end")
    assert "buy:hacienda" in keys(state)


def test_no_hacienda_without_money_or_stock():
    """"prend 1 Hacienda (dans la limite du stock)"."""
    body = "players: red blue\nland: red A1 A2\n"
    assert "buy:hacienda" not in keys(scenario(body + "money: red 11"))
    assert "buy:hacienda" not in keys(scenario(body + "hacienda: F1 F2 F3 F4 F5"))


def test_pond_costs_12_and_is_laid_hex_by_hex_on_free_pampa():
    """"Toutes les mares, peu importe leur taille, coûtent 12 Pesos … sur une case pampa
    libre si c'est une mare de taille 1, ou sur plusieurs cases pampa libres": a pond of
    n hexes is laid one hex at a time, each next to those already chosen."""
    state = scenario("players: red blue\nland: red A1 A2")
    state, _ = run(state, "buy:pond")
    assert keys(state) == {"pond:1", "pond:2", "pond:3", "pond:4", "back"}
    state, _ = run(state, "pond:3", "place:B1")
    assert keys(state) == {"place:B2", "place:C1", "place:C2", "back"}
    state, _ = run(state, "place:C2")
    assert keys(state) == {"place:B2", "place:C1", "place:C3", "place:D1", "place:D2", "back"}
    state, events = run(state, "place:D2")
    assert state.ponds[-1].coords == ("B1", "C2", "D2")
    assert state.ponds_stock == {1: 8, 2: 4, 3: 2, 4: 2}  # F7 holds a size-1 pond
    assert state.players[0].money == 8
    assert texts(events) == ["Red buys a pond and lays it on B1, C2, D2."]
    assert "buy:pond" not in keys(state)


def test_pond_size_needs_a_big_enough_free_pampa_area():
    """Ponds lie on free pampa only: a size is offered only where it fits."""
    body = "players: red blue\nmoney: red 40\n"
    full = " ".join(f"{r}{c}" for r in "ABCDEF" for c in range(1, 9)
                    if f"{r}{c}" not in ("C4", "C5", "A7", "A8", "B8", "F7", "A1", "B1", "B2"))
    state = scenario(body + f"land: blue {full}")
    state, _ = run(state, "buy:pond")
    assert keys(state) == {"pond:1", "pond:2", "pond:3", "back"}


def test_setup_water_ponds_are_size_one_from_the_stock():
    """"Quatre mares (de taille 1) sont mises sur les 4 cases eau"."""
    state = GAME.setup(3, GAME.parse_options({}), 1)
    water = [p.coords for p in state.ponds]
    assert len(water) == 4 and all(len(c) == 1 for c in water)
    assert state.ponds_stock == {1: 5, 2: 4, 3: 3, 4: 2}


def test_illegal_spaces_are_refused():
    """A land only on a free space of its kind, an animal only on free pampa next to an own
    land or animal of its species, a pond only on free pampa: anything else is refused."""
    state = scenario("players: red blue\nhand: red mountain pig\nland: red D1\nland: blue A7")
    for space in ("A7", "B8", "D2", "C4"):
        with pytest.raises(IllegalMove):
            run(state, "play:land:mountain", f"place:{space}")
    for space in ("D1", "A1", "C4", "F7", "D3"):
        with pytest.raises(IllegalMove):
            run(state, "play:animal:pig", f"place:{space}")
    chosen, _ = run(state, "buy:pond", "pond:1")
    for space in ("D1", "A7", "C4", "F7", "B8"):
        with pytest.raises(IllegalMove):
            GAME.apply(chosen, 0, f"place:{space}")


def test_one_pond_per_turn():
    """"Il n'est possible d'acheter qu'une seule mare par tour."""
    state = scenario("players: red blue\nmoney: red 40")
    state, _ = run(state, "buy:pond", "pond:1", "place:A1")
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "buy:pond")
    state, _ = run(state, "end", "end")
    assert "buy:pond" in keys(state)


def test_back_from_a_card_leaves_it_in_hand_and_the_computer_never_goes_back():
    """A player who picked the wrong card is not stuck: "Back" returns to the
    choice of an action, the card still in hand, no action spent. A computer player never
    looks at "Back" (it would lead to a choice already made: a circle)."""
    state = scenario("""
        players: red blue
        money: red 30
        land: red A1 A2
        hand: red mountain forest meadow stone swamp pampa cattle horse pig sheep
        face-up: land mountain forest meadow stone
        face-up: animal cattle horse pig sheep
        deck: land 5
        deck: animal 5
    """)
    hand = dict(state.players[0].lands)
    state, _ = run(state, "play:land:meadow")  # card first: the main menu is full
    decision = GAME.pending(state)
    assert decision.options[-1].key == "back"
    assert decision.options[-1].label == "Back: choose another action"
    after, events = run(state, "back")
    assert after.phase == "main" and after.card is None and events == []
    assert after.players[0].lands == hand and after.actions_used == 0
    assert "back" not in [o.key for o in GAME.search_options(state, decision.options)]
