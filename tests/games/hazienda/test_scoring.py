"""Scorings ("Décomptes"): categories, the rulebook's example, triggers and the winner."""

from __future__ import annotations

from games.hazienda import GAME
from games.hazienda.notation import score_colours
from games.hazienda.rules import market_points
from tests.games.hazienda.helpers import run, scenario, texts

#: 15 rows × 20 columns of pampa with nine one-hex markets K1…K9.
EXAMPLE_GRID = "\n".join([
    "Pa Pa Pa Pa Pa Pa Pa Pa Pa K2 Pa Pa K3 Pa Pa K4 Pa Pa K5 Pa",
    "K1 " + " ".join(["Pa"] * 19),
    *[" ".join(["Pa"] * 20)] * 12,
    "Pa Pa K6 Pa Pa Pa K7 Pa Pa Pa K8 Pa Pa Pa K9 Pa Pa Pa Pa Pa",
])

#: The rulebook's scoring example rebuilt piece by piece (the printed board is unknown).
SCORING_EXAMPLE = """
players: red blue
money: red 12, blue 8
# Red: a herd of 6 pigs with a hacienda reaches K1; single cattle reach K2..K5.
animal: red pig B2 B3 B4 B5 B6 B7
hacienda: B4
animal: red cattle B10 B13 B16 B19
# domains of 4, 3 and 2 lands
land: red D2 D3 D4 D5  D8 D9 D10  D13 D14
# four ponds with 4, 6, 1 and 6 red animals around them
pond: G3
animal: red sheep F2 F3 G2 G4
pond: G8
animal: red sheep F7 F8 G7 G9 H7 H8
pond: G13
animal: red sheep G12
pond: G18
animal: red sheep F17 F18 G17 G19 H17 H18
# Blue: cattle reach K6..K9; domains of 7 (with a hacienda) and 3 lands; a herd of 4
# with a hacienda; ponds with 7 and 4 blue animals around them.
animal: blue cattle N3 N7 N11 N15
land: blue J2 J3 J4 J5 J6 J7 J8  J12 J13 J14
animal: blue sheep L2 L3 L4 L5
hacienda: J5 L3
pond: L9 L10
animal: blue sheep K9 K10 K11 L8 L11 M9 M10
pond: L15
animal: blue sheep K15 K16 L14 L16
"""


def test_rulebook_scoring_example_red_53_blue_52():
    """"Exemple de décompte": Rouge 15 + 14 + 6 + 17 + 1 = 53, Bleu 10 + 20 + 11 + 11 +
    0 = 52 (markets 5/4, domains 4+3 / 7+3, haciendas 6 / 7+4, ponds 4+6+1+6 / 7+4,
    12 / 8 pesos)."""
    state = scenario(SCORING_EXAMPLE, EXAMPLE_GRID)
    assert score_colours(state) == {
        "red": {"markets": 15, "domains": 14, "haciendas": 6, "ponds": 17, "herds": 0,
                "money": 1, "total": 53},
        "blue": {"markets": 10, "domains": 20, "haciendas": 11, "ponds": 11, "herds": 0,
                 "money": 0, "total": 52},
    }


def test_market_table():
    """"Nombre de marchés conquis 1…11 — Points 1 3 6 10 15 21 28 36 45 55 66"."""
    assert [market_points(n) for n in range(12)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66]


def test_domains_example_26_points():
    """"un domaine de sept terrains, deux domaines de trois terrains, un domaine de deux
    terrains et trois terrains isolés … (7 + 3 + 3) × 2 = 26 points"."""
    state = scenario("""
        players: red blue
        land: red A1 A2 A3 A4 A5 A6 B6
        land: red C1 C2 C3
        land: red E1 E2 E3
        land: red E6 E7
        land: red A8 C8 F8
    """)
    assert score_colours(state)["red"]["domains"] == 26


def test_haciendas_example_13_points_and_a_group_counts_once():
    """"l'une est sur un domaine de 7 tuiles et l'autre sur un troupeau de 6 animaux. Il
    reçoit 7 + 6 = 13 points" — and two haciendas on one joined domain "ne sont
    décomptées qu'une seule fois"."""
    body = """
        players: red blue
        land: red A1 A2 A3 A4 A5 A6 B6
        animal: red pig D1 D2 D3 D4 D5 D6
        hacienda: A1 D4
    """
    assert score_colours(scenario(body))["red"]["haciendas"] == 13
    assert score_colours(scenario(body + "hacienda: A6"))["red"]["haciendas"] == 13


def test_pond_points_count_for_each_pond():
    """"Pour chaque animal et chaque terrain contigus à une mare, le propriétaire reçoit un
    point" and "Les animaux situés entre deux mares rapportent des points pour chacune"."""
    state = scenario("""
        players: red blue
        pond: C1
        pond: C3
        animal: red pig C2
        land: red B1
        land: blue D1
    """)
    points = score_colours(state)
    assert points["red"]["ponds"] == 2 + 1
    assert points["blue"]["ponds"] == 1


def test_money_one_point_per_10_pesos():
    """"si un joueur possède 28 pesos, il recevra 2 points"."""
    assert score_colours(scenario("players: red blue\nmoney: red 28"))["red"]["money"] == 2


PILES = """
players: red blue
money: red 30
deck: animal pig
deck: second sheep cattle
face-up: animal horse
land: red A1 A2 A3
"""


def test_first_pile_used_up_intermediate_scoring_at_the_end_of_the_turn():
    """"Lorsque la dernière carte de la première pile … a été achetée ou découverte, la
    deuxième pile … est immédiatement mise à la place de la première pile. Le joueur finit
    alors son tour, et le décompte intermédiaire a lieu." """
    state = scenario(PILES)
    state, events = run(state, "buy:animal:deck")
    assert state.second_pile_in_use and state.animal_deck == ["cattle", "sheep"]
    assert state.animal_second == []
    assert GAME.pending(state).seat == 0 and not state.scorings
    assert any("Intermediate scoring at the end of this turn" in t for t in texts(events))
    state, events = run(state, "end")
    assert [s["kind"] for s in state.scorings] == ["intermediate"]
    assert state.scorings[0]["scores"]["0"]["domains"] == 6
    assert state.players[0].track["domains"] == 6
    assert GAME.pending(state).seat == 1
    assert any(t.startswith("Intermediate scoring: Red +") for t in texts(events))


def test_face_up_refill_can_use_up_the_pile():
    """The last card "achetée ou découverte": refilling the display counts too."""
    state = scenario(PILES)
    state, _ = run(state, "buy:animal:faceup:0")
    assert state.second_pile_in_use and state.intermediate_due
    assert state.animal_face_up == ["pig"]


def test_last_pile_used_up_ends_the_game_after_the_turn():
    """"Lorsque la seconde pile de cartes animal est à son tour épuisée, le joueur achève
    son tour et le jeu prend fin avec le décompte final." Scores accumulate over both
    scorings; the game is then over."""
    state = scenario(PILES.replace("deck: second sheep cattle", "deck: second sheep"))
    state, _ = run(state, "buy:animal:deck", "end")
    state, _ = run(state, "end")
    state, _ = run(state, "buy:animal:deck")
    assert state.final_due and GAME.pending(state).seat == 0
    state, _ = run(state, "end")
    assert GAME.pending(state) is None and state.finished
    assert [s["kind"] for s in state.scorings] == ["intermediate", "final"]
    red = GAME.scores(state)[0]
    assert red["domains"] == 12
    assert red["money"] == 2 + 2
    assert GAME.view(state, None)["over"] is True


def test_scores_during_play_are_track_plus_a_scoring_now():
    state = scenario(PILES + "track: red domains 6 money 3")
    red = GAME.scores(state)[0]
    assert red["domains"] == 12 and red["money"] == 6 and red["total"] == 18
    assert GAME.view(state, None)["players"][0]["score"] == 9


def test_tie_goes_to_the_richest():
    """"En cas d'égalité, c'est l'éleveur le plus riche qui l'emporte"."""
    base = "players: red blue yellow\nfinished: yes\n"
    state = scenario(base + "money: red 5, blue 9, yellow 9\n"
                     "track: red markets 10\ntrack: blue markets 10\ntrack: yellow markets 3")
    assert GAME.winners(state) == [1]
    state = scenario(base + "money: red 9, blue 9\ntrack: red markets 10\ntrack: blue markets 10")
    assert GAME.winners(state) == [0, 1]
