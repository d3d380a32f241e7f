"""Setup ("Préparation du jeu") and the limits of the components ("Indications")."""

from __future__ import annotations

from collections import Counter

import pytest

from games.hazienda import GAME
from games.hazienda.rules import COLOURS
from tests.games.hazienda.helpers import keys, plays, run, scenario


@pytest.mark.parametrize("seats, removed, haciendas", [(2, 30, 5), (3, 20, 7), (4, 10, 8), (5, 0, 9)])
def test_setup_by_player_count(seats, removed, haciendas):
    """"Nombre de joueurs 2 3 4 5 — Cartes animal retirées du jeu 30 20 10 0 — Haciendas
    neutres 5 7 8 9"; each player 20 pesos, 8 land and 4 animal cards; 4 face-up cards
    of each; the remaining animal cards in two piles."""
    state = GAME.setup(seats, GAME.parse_options({"map": "asymmetric"}), 11)
    assert [p.colour for p in state.players] == list(COLOURS[:seats])
    for p in state.players:
        assert p.money == 20
        assert sum(p.lands.values()) == 8 and sum(p.animals.values()) == 4
    assert len(state.land_face_up) == 4 and len(state.animal_face_up) == 4
    assert len(state.land_deck) == 80 - 8 * seats - 4
    assert len(state.animal_removed) == removed
    rest = 72 - removed - 4 * seats - 4
    assert len(state.animal_deck) == len(state.animal_second) == rest // 2
    assert state.haciendas_stock == haciendas and state.harvest_stock == 8
    lands = Counter(state.land_deck + state.land_face_up)
    for p in state.players:
        lands.update(p.lands)
    assert lands == {"mountain": 14, "forest": 14, "meadow": 14, "stone": 14, "swamp": 14, "pampa": 10}
    view = GAME.view(state, None)
    assert view["piles"]["animal_deck"] == rest // 2 and view["piles"]["haciendas"] == haciendas


def test_first_player_is_drawn_and_setup_is_reproducible():
    """"Le joueur le plus jeune commence": no ages here, the first player is drawn."""
    firsts = {GAME.setup(4, GAME.parse_options({}), seed).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.setup(3, GAME.parse_options({}), 5) == GAME.setup(3, GAME.parse_options({}), 5)


def test_seat_names_are_colours():
    state = GAME.setup(5, GAME.parse_options({}), 1)
    assert [GAME.seat_name(state, s) for s in range(5)] == ["Red", "Blue", "Yellow", "Green", "Black"]


def test_options_model():
    assert GAME.parse_options({}).model_dump() == {"map": "symmetric", "variant1": False, "variant2": False}
    with pytest.raises(ValueError):
        GAME.parse_options({"map": "moon"})


#: The SMALL board's pampa spaces (42), in reading order.
PAMPA = [f"{r}{c}" for r in "ABCDEF" for c in range(1, 9)
         if f"{r}{c}" not in ("C4", "C5", "F7", "A7", "A8", "B8")]


def test_land_tiles_run_out_at_32_with_three_players():
    """Indication 1: a colour's tiles are 32 faces of the 80 double-sided tiles; turning
    tiles over keeps that limit, so the 33rd land cannot be laid."""
    body = "players: red blue yellow\nhand: red mountain\nland: red {}\n"
    assert "land:mountain" in plays(scenario(body.format(" ".join(PAMPA[:31]))))
    assert "land:mountain" not in plays(scenario(body.format(" ".join(PAMPA[:32]))))


def test_two_players_take_a_second_colour():
    """Indication 1: "Dans une partie à 2 joueurs, le joueur concerné choisit deuxième
    couleur": the limit doubles to 64."""
    state = scenario(f"players: red blue\nhand: red mountain\nland: red {' '.join(PAMPA[:40])}\n")
    assert "land:mountain" in plays(state)


def test_fifteen_animals_of_a_species():
    """Indication 2: "Il y a 15 animaux de chaque sorte": the 16th pig of a colour cannot
    be placed (other species still can, up to the colour's 30 tiles)."""
    pigs = "A1 A2 A3 A4 A5 A6 B1 B2 B3 B4 B5 B6 B7 D1 D2"
    state = scenario(f"players: red blue\nhand: red pig sheep\nanimal: red pig {pigs}\n")
    assert "animal:pig" not in plays(state)
    state = scenario(f"players: red blue\nhand: red pig sheep\nanimal: red pig {pigs}\n"
                     "animal: red sheep E1\n")
    assert "animal:sheep" in plays(state)


def test_thirty_animal_tiles_per_colour():
    """"30 animaux" per colour ("30 tuiles par couleur"): two faces, one animal on the board."""
    body = ("players: red blue\nhand: red horse\nland: red F8\n"
            f"animal: red pig {' '.join(PAMPA[:15])}\nanimal: red sheep {{}}\n")
    assert "animal:horse" in plays(scenario(body.format(" ".join(PAMPA[15:29]))))
    assert "animal:horse" not in plays(scenario(body.format(" ".join(PAMPA[15:30]))))


def test_land_deck_reshuffles_the_played_cards():
    """The rulebook never empties the land deck; the played cards are shuffled anew."""
    state = scenario("players: red blue\ndeck: land 0\ndeck: land-discard forest meadow")
    assert "buy:land:deck" in keys(state)
    state, events = run(state, "buy:land:deck")
    assert sum(state.players[0].lands.values()) == 1 and len(state.land_deck) == 1
    assert "The land deck is empty: the played land cards are shuffled into a new deck." in [
        e.text for e in events]
