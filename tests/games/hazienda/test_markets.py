"""Markets: income when a herd first reaches a market edge (rulebook "Marché")."""

from __future__ import annotations

from games.hazienda import GAME
from tests.games.hazienda.helpers import SMALL, keys, run, scenario, texts

#: SMALL with a second market K2 on E4: D4 is an edge of both K1 and K2.
TWO_MARKETS = SMALL.replace("Pa Pa Pa Pa Pa Pa Pa Pa\nPa Pa Pa Pa Pa Pa Wa Pa",
                            "Pa Pa Pa K2 Pa Pa Pa Pa\nPa Pa Pa Pa Pa Pa Wa Pa")

#: Market K1 on C5; the red pig placed on D5 joins two red pig herds (rulebook page 6).
JOIN = """
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa K1 Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
"""

BLUE_PIGS = """
players: blue red
land: blue E3 E4 F3
hand: blue pig*3
"""


def test_blue_three_pigs_example_pays_5_then_6():
    """"Le joueur bleu joue 3 cartes cochon … Il reçoit pour cela 5 pesos (3 terrains +
    2 cochons). Il pose alors son 3ème cochon … (sur un autre bord) et reçoit alors 6
    Pesos (3 terrains + 3 cochons)." """
    state = scenario(BLUE_PIGS)
    state, _ = run(state, "play:animal:pig", "place:D2")
    assert state.players[0].money == 20
    state, events = run(state, "play:animal:pig", "place:C3")
    assert state.players[0].money == 25
    assert "Blue places a pig on C3 and reaches market K1 (+5 pesos)." in texts(events)
    state, _ = run(state, "play:animal:pig", "place:D3")
    assert state.players[0].money == 31
    assert state.players[0].paid_edges == ["K1@C3", "K1@D3"]


def test_red_joins_two_pig_herds_for_11_pesos():
    """"Le joueur rouge place le cochon marqué 1 en bordure du marché de gauche. Il relie
    ainsi les troupeaux de cochons séparés auparavant et reçoit de l'argent pour tout le
    troupeau … soit 11 pesos (6 animaux + 5 terrains)." """
    state = scenario("""
        players: red blue
        animal: red pig E5 F4 F5
        land: red G4 G5 G6
        animal: red pig D6 D7
        land: red C7 C8
        hand: red pig
    """, JOIN)
    state, events = run(state, "play:animal:pig", "place:D5")
    assert state.players[0].money == 20 + 11
    assert texts(events) == ["Red places a pig on D5 and reaches market K1 (+11 pesos)."]


def test_land_not_linked_to_the_herd_does_not_pay():
    """"1 peso par animal du troupeau et par terrain relié au troupeau": a domain that
    touches none of the herd's animals adds nothing."""
    state = scenario("""
        players: blue red
        land: blue E3 E4 F3
        land: blue A1 A2
        animal: blue pig D2
        hand: blue pig
    """)
    state, _ = run(state, "play:animal:pig", "place:C3")
    assert state.players[0].money == 25


def test_growing_a_herd_without_a_new_edge_pays_nothing():
    """"le joueur qui agrandit son troupeau mais qui n'atteint pas pour autant un nouveau
    bord d'un marché ne perçoit pas d'argent." """
    state = scenario(BLUE_PIGS)
    state, _ = run(state, "play:animal:pig", "place:D2", "play:animal:pig", "place:C3")
    state, events = run(state, "play:animal:pig", "place:B2")
    assert state.players[0].money == 25
    assert texts(events) == ["Blue places a pig on B2."]


def test_an_edge_pays_once_per_player():
    """"pour chaque bord de marché atteint, il ne reçoit qu'une seule fois de l'argent":
    an edge already paid to the player pays no more, other players are paid their own."""
    state = scenario("""
        players: blue red
        land: blue E3 E4 F3
        animal: blue pig D2
        paid: blue K1@C3
        hand: blue pig
        land: red A5 A6
        hand: red sheep
    """)
    state, _ = run(state, "play:animal:pig", "place:C3", "end")
    assert state.players[0].money == 20
    state, _ = run(state, "play:animal:sheep", "place:B5")
    assert state.players[1].money == 20 + 1 + 2
    assert state.players[1].paid_edges == ["K1@B5"]


def test_one_animal_on_edges_of_two_markets_is_paid_twice():
    """"Si, lors d'un tour de jeu, un troupeau atteint plusieurs bords d'un marché, le
    joueur reçoit plusieurs fois de l'argent": every edge reached pays, here D4 borders
    K1 and K2 (1 animal + 1 land = 2 pesos each)."""
    state = scenario("""
        players: blue red
        land: blue E5
        hand: blue cattle
    """, TWO_MARKETS)
    state, events = run(state, "play:animal:cattle", "place:D4")
    assert state.players[0].money == 24
    assert texts(events) == [
        "Blue places cattle on D4 and reaches market K1 (+2 pesos) and market K2 (+2 pesos)."]


def test_reaching_a_market_conquers_it_for_the_scorings():
    """"Un joueur qui atteint un marché avec un troupeau (même s'il ne se compose que
    d'une seul animal) a conquis ce marché"."""
    state = scenario("""
        players: blue red
        land: blue E5
        animal: blue cattle D4
    """, TWO_MARKETS)
    view = GAME.view(state, None)
    assert view["players"][0]["markets"] == ["K1", "K2"]
    assert GAME.scores(state)[0]["markets"] == 3
    assert "end" in keys(state)
