"""Independent rules audit: edge cases of the French rulebook (hazienda.fr.md) not covered
by the other Hazienda tests. Boards are the SMALL scenario grid of helpers.py unless said:
market K1 on C4 C5 (edges B3 B4 B5 C3 C6 D3 D4 D5), mountains A7 A8, forest B8, water F7.
"""

from __future__ import annotations

import re
from collections import Counter

from games.base import check_decision
from games.hazienda import GAME
from games.hazienda.board import board_map, free_spaces, land_tiles_left
from games.hazienda.notation import load_scenario, score_colours
from games.hazienda.turn import PANEL, PLACES
from tests.games.hazienda.helpers import keys, places, run, scenario, texts


def income(events) -> list[int]:
    return [int(n) for t in texts(events) for n in re.findall(r"\(\+(\d+) pesos\)", t)]


# -- buying, the action limit and the once-per-turn actions ------------------------------

def test_face_up_replacement_can_be_bought_at_once_three_times():
    """"Acheter une carte terrain (plusieurs par tour) … Si c'est une carte « face
    visible » qui a été achetée, elle est remplacée immédiatement par une carte de la
    pioche, que le joueur peut acheter tout de suite (dans la mesure où il lui reste des
    points d'action)": the same slot three times, then the turn is over."""
    state = scenario("""
        players: red blue
        deck: land forest meadow stone
        face-up: land swamp pampa swamp mountain
    """)
    state, _ = run(state, "buy:land:faceup:1", "buy:land:faceup:1")
    assert state.players[0].lands == {"pampa": 1, "forest": 1}
    assert state.land_face_up == ["swamp", "meadow", "swamp", "mountain"]
    state, _ = run(state, "buy:land:faceup:1")
    assert state.players[0].lands == {"pampa": 1, "forest": 1, "meadow": 1}
    assert state.players[0].money == 20 - 3 * 3
    assert state.land_face_up == ["swamp", "stone", "swamp", "mountain"]
    assert GAME.pending(state).seat == 1


def test_a_bought_card_is_played_as_a_second_action():
    """"Le joueur paye le montant à la banque et prend la carte en main. Il peut la jouer
    immédiatement, mais cela représente une deuxième action." """
    state = scenario("""
        players: red blue
        land: red A1
        deck: animal sheep
        deck: second 5
        face-up: animal pig
    """)
    state, _ = run(state, "buy:animal:faceup:0", "play:animal:pig", "place:A2")
    assert state.actions_used == 2 and GAME.pending(state).seat == 0
    assert state.animals["A2"].species == "pig"
    assert state.players[0].animals == {} and state.players[0].known_animals == {}
    assert state.players[0].money == 17


def test_hacienda_pond_and_harvest_in_one_turn_are_its_three_actions():
    """"jusque 3 actions parmi les suivantes : acheter un objet … placer un pion récolte":
    one hacienda ("1 seule par tour"), one pond ("1 seule par tour") and one harvest
    ("1 par tour") are three different actions of the same turn; each counts once."""
    state = scenario("players: red blue\nmoney: red 40\nland: red A1 A2\nanimal: red pig C1")
    state, _ = run(state, "buy:hacienda", "place:A1")
    assert state.actions_used == 1
    state, _ = run(state, "buy:pond", "pond:2", "place:E1", "place:E2")
    assert state.actions_used == 2 and state.ponds[-1].coords == ("E1", "E2")
    assert {"buy:hacienda", "buy:pond"}.isdisjoint(keys(state))
    state, _ = run(state, "harvest", "place:A1")
    assert state.players[0].money == 40 - 12 - 12 + 2 * 3
    assert GAME.pending(state).seat == 1
    assert not (state.hacienda_bought or state.pond_bought or state.harvested)


def test_variant1_hacienda_costs_20():
    """Variante I: "Le coût pour 1 Hazienda passe à 20 pesos"."""
    state = scenario("variants: 1\nplayers: red blue\nmoney: red 25\nland: red A1 A2")
    state, _ = run(state, "buy:hacienda", "place:A1")
    assert state.players[0].money == 5


# -- placing lands and animals -------------------------------------------------------

def test_a_kind_with_a_free_space_is_not_played_as_pampa():
    """"sur une case terrain vide de son choix, à condition qu'elle corresponde au paysage
    de la carte jouée": only when "il n'y ait plus de case de terrain libre
    correspondante" does the card go next to one's lands."""
    state = scenario("players: red blue\nhand: red mountain\nland: blue A7\nland: red D1")
    assert places(state, "land:mountain") == {"A8"}


def test_a_full_kind_without_own_land_cannot_be_played():
    """"la carte est jouée comme une carte pampa … le joueur doit mettre son terrain sur
    une case libre contiguë à l'un de ses terrains déjà présents": no own land, no space."""
    state = scenario("players: red blue\nhand: red mountain\nland: blue A7 A8")
    assert "play:land:mountain" not in keys(state)


def test_pampa_land_only_on_free_pampa_next_to_own_land():
    """"il pose alors un terrain rouge sur une case pampa libre, et contiguë à un terrain
    rouge": B7 touches B6 C7 C8 (pampa) and A7 A8 (mountain), B8 (forest)."""
    state = scenario("players: red blue\nhand: red pampa\nland: red B7\nanimal: blue pig B6")
    assert places(state, "land:pampa") == {"C7", "C8"}


def test_animal_not_next_to_an_opponents_land():
    """"contiguë à l'un de ses terrains ou à un animal de même espèce": an opponent's land
    or an opponent's animal of the species gives no right to place."""
    state = scenario("players: red blue\nhand: red pig\nland: blue A1 A2\nanimal: blue pig E1")
    assert "play:animal:pig" not in keys(state)


def test_a_herd_mixes_species_and_is_paid_as_one():
    """"Un troupeau (une ou plusieurs animaux contigus) peut se composer de plusieurs
    espèces": a horse next to Blue's lands joins Blue's pig D2 and reaches K1 on D3:
    2 animals + 3 linked lands = 5 pesos."""
    state = scenario("players: blue red\nland: blue E3 E4 F3\nanimal: blue pig D2\nhand: blue horse")
    state, events = run(state, "play:animal:horse", "place:D3")
    assert income(events) == [5]


# -- markets -----------------------------------------------------------------------

MARKET_LANDS = """
players: blue red
land: blue E4 E5
land: blue C3
land: red E3
hand: blue cattle
"""


def test_market_pays_every_linked_own_land_group_but_no_opponent_land():
    """"1 peso par animal du troupeau et par terrain relié au troupeau": cattle on D3
    touches Blue's groups E4-E5 and C3 and Red's E3: 1 + 2 + 1 = 4 pesos (Red's land
    counts for nobody)."""
    state, events = run(scenario(MARKET_LANDS), "play:animal:cattle", "place:D3")
    assert income(events) == [4]


def test_variant1_market_counts_own_lands_touching_the_herd():
    """Variante I: "Nombre d'animaux du troupeau multiplié par le nombre de terres qui
    touchent le troupeau … seulement ceux qui touchent directement": E4 and C3 touch D3,
    E5 does not, Red's E3 is not Blue's: 1 × 2."""
    state, events = run(scenario("variants: 1\n" + MARKET_LANDS), "play:animal:cattle", "place:D3")
    assert income(events) == [2]


def test_joining_two_paid_herds_away_from_the_market_pays_nothing():
    """"Chaque bord d'un marché ne peut être compté qu'une fois : le joueur qui agrandit
    son troupeau mais qui n'atteint pas pour autant un nouveau bord d'un marché ne perçoit
    pas d'argent": C7 joins the herds B5-B6 and D5-D6, both already paid."""
    state = scenario("""
        players: blue red
        animal: blue pig B5 B6 D5 D6
        paid: blue K1@B5 K1@D5
        hand: blue pig
    """)
    state, events = run(state, "play:animal:pig", "place:C7")
    assert state.players[0].money == 20 and income(events) == []
    assert state.players[0].paid_edges == ["K1@B5", "K1@D5"]


def test_a_space_touching_two_hexes_of_one_market_is_one_edge():
    """Our reading of "bord" (NOTATION.md: a market's edges are the spaces next to it):
    D4 touches both hexes C4 and C5 of K1 but is one edge and pays once (1 + 1)."""
    state = scenario("players: blue red\nland: blue E4\nhand: blue cattle")
    state, events = run(state, "play:animal:cattle", "place:D4")
    assert income(events) == [2]
    assert state.players[0].paid_edges == ["K1@D4"]


def test_two_herds_at_one_market_conquer_it_once():
    """"Plus un joueur aura atteint de marchés, plus il recevra de points (qu'il ait amené
    plusieurs troupeaux à un marché, ou que ses troupeaux soient contigus à plusieurs
    côtés de marchés)": two herds at K1 are one market, 1 point."""
    state = scenario("players: red blue\nanimal: red cattle B3\nanimal: red sheep D5")
    assert score_colours(state)["red"]["markets"] == 1


# -- haciendas, harvest and ponds -----------------------------------------------------

def test_a_mixed_herd_with_a_hacienda_takes_no_second_one():
    """"Il n'est pas possible de poser deux haciendas sur le même domaine ou troupeau":
    the horse C2 belongs to the herd of the pig C1 that holds one; the domain may."""
    state = scenario("""
        players: red blue
        land: red A1 A2
        animal: red pig C1
        animal: red horse C2
        hacienda: C1
    """)
    state, _ = run(state, "buy:hacienda")
    assert [o.label for o in GAME.pending(state).options] == ["Hacienda on the domain at A1 (2 lands)"]


def test_harvest_takes_from_the_stock_while_there_is_one():
    """"il prend alors un pion récolte de son choix dans un domaine adverse" only
    "Lorsque tous les pions récolte ont été utilisés": with 7 out, no taking."""
    state = scenario("""
        players: red blue
        land: red A1 A2
        land: blue C1 C2 E1 E2 E4 E5 F3 B7 A8 F1 F2
        harvest: C1 E1 E4 B7 F1 F3 A8
    """)
    state, _ = run(state, "harvest")
    assert keys(state) == {"place:A1"}
    state, _ = run(state, "place:A1")
    assert state.harvest_stock == 0 and "C1" in state.harvest


def test_pond_points_each_tile_once_per_pond():
    """"Pour chaque animal et chaque terrain contigus à une mare, le propriétaire reçoit un
    point": D5 touches both hexes of the pond E5-E6 and scores 1; E7 touches that pond
    and the water pond F7 and scores for each; Blue's E4 scores for Blue."""
    state = scenario("""
        players: red blue
        pond: F7
        pond: E5 E6
        animal: red pig D5
        land: red E7
        land: blue E4
    """)
    points = score_colours(state)
    assert points["red"]["ponds"] == 1 + 2
    assert points["blue"]["ponds"] == 1


# -- scorings -----------------------------------------------------------------------

PILES = """
players: red blue
money: red 30
deck: animal pig
deck: second sheep cattle
land: red A1 A2
hand: red pampa
"""


def test_intermediate_scoring_counts_what_the_rest_of_the_turn_does():
    """"Le joueur finit alors son tour, et le décompte intermédiaire a lieu": the land
    laid after the last card of the first pile was bought makes a 3-land domain, which
    the intermediate scoring counts (6 points)."""
    state = scenario(PILES)
    state, _ = run(state, "buy:animal:deck", "play:land:pampa", "place:A3")
    assert GAME.pending(state).seat == 0 and not state.scorings
    state, _ = run(state, "end")
    assert [s["kind"] for s in state.scorings] == ["intermediate"]
    assert state.scorings[0]["scores"]["0"]["domains"] == 6
    assert state.scorings[0]["scores"]["0"]["money"] == 2


def test_final_scoring_when_a_refill_uses_up_the_second_pile():
    """"Lorsque la seconde pile de cartes animal est à son tour épuisée, le joueur achève
    son tour et le jeu prend fin": the pile also runs out when its last card is turned up
    to replace a bought face-up card ("achetée ou découverte")."""
    state = scenario("""
        players: red blue
        money: red 30
        deck: animal pig
        second-pile-in-use: yes
        face-up: animal horse sheep
    """)
    state, _ = run(state, "buy:animal:faceup:1")
    assert state.final_due and state.animal_face_up == ["horse", "pig"]
    assert GAME.pending(state).seat == 0
    state, _ = run(state, "buy:animal:faceup:0", "end")
    assert state.animal_face_up == ["pig"]
    assert state.finished and [s["kind"] for s in state.scorings] == ["final"]


def test_both_piles_used_up_in_one_turn_give_both_scorings():
    """The first pile runs out (intermediate scoring due), then the second in the same
    turn (final scoring): both take place at the end of the turn, in order."""
    state = scenario("players: red blue\nmoney: red 30\ndeck: animal pig\ndeck: second sheep\n"
                     "land: red A1 A2 A3")
    state, _ = run(state, "buy:animal:deck", "buy:animal:deck", "end")
    assert [s["kind"] for s in state.scorings] == ["intermediate", "final"]
    assert state.finished and GAME.scores(state)[0]["domains"] == 12


def test_variant1_final_scoring_money_per_20_and_mixed_herds():
    """Variante I: "Points pour argent = 1 point pour 20 Pesos" and "Chaque troupeau
    comprenant au moins 3 animaux rapporte autant de points" — a pig-horse herd of 3."""
    state = scenario("""
        variants: 1
        players: red blue
        money: red 41
        deck: animal pig
        second-pile-in-use: yes
        animal: red pig A1 A2
        animal: red horse A3
    """)
    state, _ = run(state, "buy:animal:deck", "end")
    red = state.scorings[0]["scores"]["0"]
    assert red["money"] == 39 // 20 == 1 and red["herds"] == 3


def test_variants_1_and_2_herd_points_come_at_once():
    """Variante II ("effectuez un décompte immédiatement après chaque action") played with
    Variante I ("Cette variante peut être jouée … avec la variante I"): a herd growing to
    3 scores 3 at once, a fourth animal 1 more."""
    state = scenario("variants: 1 2\nplayers: red blue\nanimal: red pig A1 A2\nhand: red pig*2")
    state, events = run(state, "play:animal:pig", "place:A3")
    assert state.players[0].track["herds"] == 3
    assert "Red scores 3 points (herds +3)." in texts(events)
    state, _ = run(state, "play:animal:pig", "place:A4")
    assert state.players[0].track["herds"] == 4


def test_variants_1_and_2_end_with_money_only_at_20_per_point():
    """Variante II: "seul l'argent est décompté à la fin de la partie", at Variante I's
    rate (1 point per 20 pesos)."""
    state = scenario("""
        variants: 1 2
        players: red blue
        money: red 45
        deck: animal pig
        second-pile-in-use: yes
        land: red A1 A2 A3
        track: red domains 6
    """)
    state, _ = run(state, "buy:animal:deck", "end")
    assert state.scorings[0]["scores"]["0"]["total"] == state.scorings[0]["scores"]["0"]["money"] == 2
    assert GAME.scores(state)[0]["total"] == 6 + 2


# -- decisions on a phone -------------------------------------------------------------

def test_the_main_menu_fits_in_one_panel_of_buttons():
    """Every action at once: 1 + 4 land buys, 1 + 4 animal buys, hacienda, pond, six land
    kinds, four species, harvest, end — one panel of 25 buttons, a tap per choice. Playing
    a card names card and place together (one pick) only while the whole decision stays
    within 25: the cards with the fewest places (forest: B8; mountain: A7, A8), the others
    card first, their place next."""
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
    decision = GAME.pending(state)
    check_decision(decision)
    groups = Counter(o.group for o in decision.options)
    assert groups == {"Buy a card": 10, "Buy a hacienda or pond": 2, "Play a card": 11,
                      "Harvest or end": 2}
    assert len(decision.options) == PANEL
    play = [o.key for o in decision.options if o.group == "Play a card"]
    assert play == ["play:land:mountain:A7", "play:land:mountain:A8", "play:land:forest:B8",
                    "play:land:meadow", "play:land:pampa", "play:land:stone", "play:land:swamp",
                    "play:animal:cattle", "play:animal:horse", "play:animal:pig",
                    "play:animal:sheep"]


def test_card_and_place_together_while_the_main_menu_fits_one_panel():
    """Fewer actions leave room: a pig card with its places is one pick."""
    state = scenario("players: red blue\nmoney: red 0\nhand: red pig\nanimal: red pig A1\n"
                     "land: red F1\n")
    keys_ = [o.key for o in GAME.pending(state).options]
    assert all(k.startswith("play:animal:pig:") for k in keys_ if k.startswith("play:"))
    assert len(keys_) <= PANEL


def test_big_space_choices_ask_for_a_part_of_the_map_first():
    """A tap per choice: a pond's first hex on the full symmetric map has
    hundreds of places; the step asks first for a part of the map (bands of rows and
    columns, each of at most 24 places, named by its rows and columns), then for a place
    in it, labelled with its coordinate; "Back" returns to the parts, then to the
    actions."""
    state = load_scenario("map: symmetric\nplayers: red blue\nmoney: red 20")
    state, _ = run(state, "buy:pond", "pond:1")
    decision = GAME.pending(state)
    check_decision(decision)
    assert len(decision.options) <= PANEL
    areas = [o for o in decision.options if o.key.startswith("area:")]
    assert len(areas) == len(decision.options) - 1 and decision.options[-1].key == "back"
    assert decision.prompt == "Red: pond hex 1 of 1 (first a part of the map)"
    every: list[str] = []
    for area in areas:
        assert re.fullmatch(r"Rows? [A-Z](–[A-Z])?, columns \d+–\d+ \(\d+ places?\)", area.label)
        assert area.at == area.key.removeprefix("area:")
        inside = GAME.pending(GAME.apply(state, 0, area.key).state)
        check_decision(inside)
        places = [o for o in inside.options if o.key != "back"]
        assert 0 < len(places) <= PLACES and inside.options[-1].key == "back"
        assert area.label.endswith(f"({len(places)} places)") or len(places) == 1
        for option in places:
            coord = option.key.removeprefix("place:")
            assert option.label == f"Pond on {coord}" and option.at == coord
        every += [o.key for o in places]
    assert len(every) == len(set(every)) == len(free_spaces(state, "pampa"))
    inside = GAME.apply(state, 0, areas[0].key).state
    assert GAME.pending(GAME.apply(inside, 0, "back").state) == decision
    back = GAME.apply(state, 0, "back").state
    assert back.phase == "main" and back.pond_size is None and back.players[0].money == 20


# -- what the rulebook does not say ------------------------------------------------------

def test_a_game_nobody_can_move_in_ends_with_the_final_scoring():
    """Not in the rulebook (engine.end_turn): when for a whole round no player can take
    any action, the piles can never run out, so the final scoring takes place. A player
    who could act but ends the turn does not count as stuck."""
    state = scenario("players: red blue\nmoney: red 1, blue 1")
    state, events = run(state, "end", "end")
    assert state.finished and [s["kind"] for s in state.scorings] == ["final"]
    assert "Nobody can take any action any more: the game ends." in texts(events)
    state = scenario("players: red blue\nmoney: red 2, blue 1\ndeck: land 3")
    state, _ = run(state, "end", "end", "end")
    assert not state.finished


def test_two_player_second_colour_still_within_the_80_tiles():
    """Indication 1: "Dans une partie à 2 joueurs, le joueur concerné choisit deuxième
    couleur" — but there are only "80 tuiles terrain": with 80 on the board, none more."""
    state = load_scenario("map: symmetric\nplayers: red blue")
    spaces = [c for c, s in board_map(state).spaces.items() if s.kind not in ("market", "water")][:80]
    state = load_scenario(f"map: symmetric\nplayers: red blue\nland: red {' '.join(spaces[:48])}\n"
                          f"land: blue {' '.join(spaces[48:])}")
    assert land_tiles_left(state, "red") == 0 and land_tiles_left(state, "blue") == 0
    state = load_scenario(f"map: symmetric\nplayers: red blue\nland: red {' '.join(spaces[:48])}")
    assert land_tiles_left(state, "red") == 64 - 48
