"""The variants sheet: Variante I, Variante II and the "Exemple de tour" table."""

from __future__ import annotations

import re

import pytest

from games.hazienda import GAME
from games.hazienda.notation import score_colours
from tests.games.hazienda.helpers import keys, run, scenario, texts
from tests.games.hazienda.test_markets import BLUE_PIGS
from tests.games.hazienda.test_scoring import EXAMPLE_GRID

V1 = "variants: 1\n"
V2 = "variants: 2\n"

#: Market K1 on B2 (edges B1 B3 A2 A3 C2 C3); Yellow's four lands E2…E5.
FOUR_LANDS = """
Pa Pa Pa Pa Pa Pa Pa Pa
Pa K1 Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
"""

#: Market K1 on E7; Yellow's six lands B6 C6 D4 D5 E4 F4 form one chain.
SIX_LANDS = """
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa K1 Pa
Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa
"""


def income(events) -> list[int]:
    return [int(n) for t in texts(events) for n in re.findall(r"\(\+(\d+) pesos\)", t)]


def test_variant1_two_animals_one_land_2_pesos():
    """Variante I: "Nombre d'animaux du troupeau multiplié par le nombre de terres qui
    touchent le troupeau … Il reçoit 2 Pesos (2 animaux x 1 terrain)." """
    state = scenario(V1 + BLUE_PIGS)
    state, events = run(state, "play:animal:pig", "place:D2", "play:animal:pig", "place:C3")
    assert income(events) == [2]
    state, events = run(state, "play:animal:pig", "place:D3")
    assert income(events) == [3 * 2]


def test_variant1_only_lands_touching_the_herd_4_pesos():
    """"Jaune possède un groupe de 4 terrains … seulement 2 terrains touchent directement
    le troupeau. Il reçoit 4 Pesos (2 animaux x 2 terrains)." (base game: 2 + 4 = 6)"""
    body = "players: yellow red\nland: yellow E2 E3 E4 E5\nhand: yellow pig*2\n"
    state, events = run(scenario(V1 + body, FOUR_LANDS),
                        "play:animal:pig", "place:D2", "play:animal:pig", "place:C2")
    assert income(events) == [4]
    state, events = run(scenario(body, FOUR_LANDS),
                        "play:animal:pig", "place:D2", "play:animal:pig", "place:C2")
    assert income(events) == [6]


def test_variant1_joining_herds_6_then_24_pesos():
    """"Jaune possède un groupe de 6 terrains quand il amène son premier troupeau de
    cochons (1 + 2) au marché … Il reçoit 6 Pesos (2 animaux x 3 terrains). Lors d'un
    tour ultérieur, il amène son autre troupeau de porc (3 + 4) au marché et relie à ce
    moment-là les deux troupeaux. Il reçoit 24 Pesos (4 animaux x 6 pays)." """
    state = scenario(V1 + "players: yellow red\nland: yellow B6 C6 D4 D5 E4 F4\nhand: yellow pig*4\n",
                     SIX_LANDS)
    state, events = run(state, "play:animal:pig", "place:C7", "play:animal:pig", "place:D6")
    assert income(events) == [6]
    state, _ = run(state, "end", "end")
    state, events = run(state, "play:animal:pig", "place:E5", "play:animal:pig", "place:E6")
    assert income(events) == [24]
    assert state.players[0].money == 20 + 6 + 24


def test_variant1_hacienda_and_pond_cost_20():
    """Variante I: "Le coût pour 1 Hazienda passe à 20 pesos", "pour 1 pièce d'eau"."""
    body = V1 + "players: red blue\nland: red A1 A2\n"
    assert not {"buy:hacienda", "buy:pond"} & keys(scenario(body + "money: red 19"))
    state = scenario(body + "money: red 20")
    assert {"buy:hacienda", "buy:pond"} <= keys(state)
    state, _ = run(state, "buy:pond", "pond:1", "place:E5")
    assert state.players[0].money == 0


def test_variant1_scores_herds_of_three_and_money_per_20():
    """Variante I: "Chaque troupeau comprenant au moins 3 animaux rapporte autant de points
    que le nombre d'animaux"; "Points pour argent = 1 point pour 20 Pesos"."""
    body = "players: red blue\nmoney: red 39\nanimal: red pig A1 A2 A3 A4\nanimal: red sheep E1 E2\n"
    assert score_colours(scenario(V1 + body))["red"] == {
        "markets": 0, "domains": 0, "haciendas": 0, "ponds": 0, "herds": 4, "money": 1, "total": 5}
    assert score_colours(scenario(body))["red"]["herds"] == 0
    assert score_colours(scenario(body))["red"]["money"] == 3


#: The board of the "Exemple de tour": Red's forest chain D2…D6, market K1 on C1
#: (edges B1 C2 D1), a pond on the water space F8, a meadow G8 next to it, market K2 on
#: F10 (edges F9 E10 G10 …).
TURN_EXAMPLE_GRID = """
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
K1 Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Fo Fo Fo Fo Fo Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
Pa Pa Pa Pa Pa Pa Pa Wa Pa K2
Pa Pa Pa Pa Pa Pa Pa Me Pa Pa
Pa Pa Pa Pa Pa Pa Pa Pa Pa Pa
"""

TURN_EXAMPLE = """
players: red blue
hand: red forest*5 meadow cattle*3 sheep*2
deck: land 5
deck: animal 5
"""

#: Tour by tour: the actions of Red (Blue passes in between).
TURNS = [
    ["play:land:forest", "place:D2", "play:land:forest", "place:D3", "play:land:forest", "place:D4"],
    ["play:land:forest", "place:D5", "play:animal:cattle", "place:C3", "play:animal:cattle", "place:C2"],
    ["play:land:meadow", "place:G8", "play:animal:sheep", "place:G9", "play:animal:sheep", "place:F9"],
    ["buy:hacienda", "place:D2", "buy:land:deck", "buy:animal:deck"],
    ["play:land:forest", "place:D6", "play:animal:cattle", "place:B1", "buy:animal:deck"],
]


def play_turn_example(variants: str) -> tuple[list[int], list[int]]:
    """Red's market incomes and, after each tour, its points "now" without money."""
    state = scenario(variants + TURN_EXAMPLE, TURN_EXAMPLE_GRID)
    incomes, totals = [], []
    for moves in TURNS:
        state, events = run(state, *moves)
        incomes += income(events)
        red = GAME.scores(state)[0]
        totals.append(red["total"] - red["money"] - red["herds"])
        state, _ = run(state, "end")
    return incomes, totals


@pytest.mark.parametrize("variants, incomes", [
    ("", [6, 3, 8]),
    (V1, [4, 2, 6]),
    (V2, [6, 3, 8]),
    ("variants: 1 2\n", [4, 2, 6]),
])
def test_turn_example_table(variants, incomes):
    """"EXEMPLE DE TOUR": incomes 6(4), 3(2), 8(6) in the base game (Variante I) and the
    "Points totaux" 6, 9, 14, 18, 21 after tours 1 to 5 — scored at once in Variante II,
    what a scoring would give in the base game ("Les points pour l'argent sont négligés";
    the herds of Variante I are not in the table)."""
    assert play_turn_example(variants) == (incomes, [6, 9, 14, 18, 21])


def test_variant2_points_come_with_each_action():
    """Variante II: "effectuez un décompte immédiatement après chaque action": the table's
    "Points" column, action by action (tour 2: +2, +0, +1; tour 3: +1, then 2 for the
    second market and 2 for the water)."""
    state = scenario(V2 + TURN_EXAMPLE, TURN_EXAMPLE_GRID)
    state, _ = run(state, *TURNS[0], "end")
    track = []
    for moves in (TURNS[1], TURNS[2]):
        for i in range(0, 6, 2):
            state, _ = run(state, *moves[i:i + 2])
            track.append(sum(state.players[0].track.values()))
        state, _ = run(state, "end")
    assert track == [8, 8, 9, 10, 11, 14]
    assert state.players[0].track["markets"] == 1 + 2


def test_variant2_opponents_score_when_a_pond_comes_next_to_them():
    """Every player's points are scored after each action, also those an opponent's
    action brings (a pond laid next to one's animals)."""
    state = scenario(V2 + "players: red blue\nland: red A1 A2\nanimal: blue pig E4")
    state, events = run(state, "buy:pond", "pond:1", "place:E5")
    assert state.players[1].track["ponds"] == 1
    assert "Blue scores 1 point (ponds +1)." in texts(events)


def test_variant2_no_intermediate_scoring_and_money_only_at_the_end():
    """Variante II: "il n'y a aucun décompte intermédiaire et seul l'argent est décompté à
    la fin de la partie"."""
    state = scenario(V2 + """
        players: red blue
        money: red 34
        deck: animal pig
        deck: second sheep
        land: red A1 A2 A3
    """)
    state, _ = run(state, "buy:animal:deck", "end", "end")
    assert state.scorings == []
    assert state.players[0].track["domains"] == 6
    state, _ = run(state, "buy:animal:deck", "end")
    assert [s["kind"] for s in state.scorings] == ["final"]
    assert state.scorings[0]["scores"]["0"] == {
        "markets": 0, "domains": 0, "haciendas": 0, "ponds": 0, "herds": 0, "money": 3, "total": 3}
    assert GAME.scores(state)[0]["total"] == 6 + 3


def test_variant2_seventh_market_scores_7():
    """Variante II: "Celui qui a déjà atteint par exemple 6 marchés et qui atteint par son
    action un 7ème marché marque 7 points." """
    state = scenario(V2 + """
        players: red blue
        animal: red cattle B2 B10 B13 B16 B19 N3
        track: red markets 21
        hand: red cattle
        land: red N8
    """, EXAMPLE_GRID)
    assert len(GAME.view(state, None)["players"][0]["markets"]) == 6
    state, events = run(state, "play:animal:cattle", "place:N7")
    assert "Red scores 7 points (markets +7)." in texts(events)
    assert state.players[0].track["markets"] == 28
