"""Set-up for 2, 3 and 4 players (rulebook "Mise en place du jeu")."""

from __future__ import annotations

import pytest

from games.gwt_argentina import GAME, data, pieces
from tests.games.gwt_argentina.positions import keys, play


def setup(seats, seed=0, **options):
    return GAME.setup(seats, GAME.parse_options(options or None), seed)


@pytest.mark.parametrize("seats,workers,market", [(2, 5, 9), (3, 8, 12), (4, 11, 15)])
def test_job_market_and_cattle_market_by_player_count(seats, workers, market):
    """« vous devriez avoir 5, 8 ou 11 tuiles Ouvrier sur le marché de l'emploi » ;
    « à 2 joueurs, révélez 9 cartes. à 3 joueurs, 12 cartes. à 4 joueurs, 15 cartes. »"""
    state = setup(seats)
    board = state.board
    cells = [(r, c) for r, row in enumerate(board.job_market) for c, t in enumerate(row) if t]
    assert len(cells) == workers
    # only the rightmost `seats` columns; row 3 stops left of the marker
    assert all(c >= 4 - seats for _r, c in cells)
    assert board.job_market[2][3] is None and board.job_marker_row == 2
    assert len(board.cattle_market) == market
    colours = [pieces.cattle(c).colour for c in board.cattle_market]
    order = data.MARKET_COLOUR_ORDER
    assert colours == sorted(colours, key=order.index), "« orange, jaune, rouge, bleu, marron, violet »"


@pytest.mark.parametrize("seats,closed", [(2, {"lehavre", "rotterdam", "liverpool"}),
                                          (3, {"rotterdam"}), (4, set())])
def test_closure_tiles_by_player_count(seats, closed):
    """« à 2 joueurs : 1 tuile Fermeture sur chacun des 3 plateaux ... à 3 joueurs : 1 tuile
    Fermeture sur Rotterdam ... à 4 joueurs : Remettez toutes les tuiles Fermeture »"""
    state = setup(seats)
    assert {c for c, p in state.board.ports.items() if p.closed} == closed


def test_board_pieces_at_setup():
    """Station masters 5 of 8; 5 farmers from bag A on the lowest free space of their
    colour; forecast A/B/C from their bags; 4 objectives; the 11 sun ships in order and
    the 7 others below; 18 discs each (17 on the board, 1 on Le Havre quay I)."""
    state = setup(4, seed=3)
    board = state.board
    assert len(board.station_masters) == 5 and len(set(board.station_masters.values())) == 5
    farmers = [t for t in board.trail.values() if pieces.is_farmer(t)]
    assert len(farmers) == 5
    for spaces in data.FARMER_AREAS.values():
        taken = [s for s in spaces if s in board.trail]
        assert taken == list(spaces[:len(taken)]), "« la case libre au numéro le plus bas »"
    for space, tile in board.forecast.items():
        bag = data.FARMER_BAG.get(pieces.farmer(tile).colour) if pieces.is_farmer(tile) else \
            data.WORKER_BY_ID[tile].bag
        assert bag == space[0]
    assert len(board.objective_display) == 4
    assert [s.id for s in board.ships] == [s.id for s in data.SUN_SHIPS]
    assert sorted(board.ship_pile) == sorted(s.id for s in data.EXTRA_SHIPS)
    assert board.ports["lehavre"].quays["I"] == [0, 1, 2, 3]
    for p in state.players:
        assert len(p.slots) == 17


def test_neutral_buildings_on_their_letters_or_shuffled():
    """« Lors de votre première partie, ... placer chaque tuile sur la case identifiée par
    la même lettre » ; « Lors des parties suivantes, mélangez les tuiles »."""
    first = setup(3)
    assert [first.board.trail[s] for s in data.NEUTRAL_SPACES] == list("ABCDEFGH")
    shuffled = {tuple(setup(3, seed=s, first_game=False).board.trail[n] for n in data.NEUTRAL_SPACES)
                for s in range(6)}
    assert len(shuffled) > 1 and all(sorted(t) == list("ABCDEFGH") for t in shuffled)


def test_building_sides_are_the_same_for_everyone():
    """« tous les joueurs utilisent la même face pour chaque bâtiment » — one side per
    number; "random" draws it per number."""
    assert set(setup(2).board.building_sides.values()) == {"a"}
    assert set(setup(2, building_sides="b").board.building_sides.values()) == {"b"}
    sides = [setup(2, seed=s, building_sides="random").board.building_sides for s in range(4)]
    assert any(len(set(s.values())) == 2 for s in sides)


def test_starting_money_cards_and_tokens_by_seat():
    """« 1er joueur : 7 pésos, 4 cartes et 1 jeton Échange ; 2e : 8, 5 ; 3e : 9, 6 ;
    4e : 10, 7 » and a 15-card herd (14 cattle + « 1 carte Épuisement »)."""
    state = setup(4)
    for seat, player in enumerate(state.players):
        assert (player.money, len(player.hand), player.exchange_tokens) == \
            (7 + seat, 4 + seat, 1)
        assert len(player.herd()) == 15 and player.herd().count("EX") == 1


def test_first_turn_discard_to_four_then_any_neutral_building():
    """« Au début de votre tout premier tour, défaussez des cartes de votre main jusqu'à en
    avoir seulement 4 ... Placez ensuite votre estanciero sur le bâtiment neutre de votre
    choix et passez directement à la phase B. »"""
    state = setup(3)
    assert [k for k in keys(state) if k.startswith("to:")] == [f"to:{s}" for s in data.NEUTRAL_SPACES]
    state = play(state, "to:N3")  # seat 0 has 4 cards: nothing to discard
    assert GAME.pending(state).prompt.startswith("Phase B at N3")
    state = play(state, "end")  # phase C, then seat 1 (5 cards) discards one
    assert GAME.pending(state).seat == 1 and "discard down to 4" in GAME.pending(state).prompt
    discard = next(k for k in keys(state) if k.startswith("discard:"))
    state = play(state, discard)
    assert len(state.players[1].hand) == 4
    state = play(state, "to:N3")  # two estancieros may share a building
    assert state.players[1].estanciero == state.players[0].estanciero == "N3"


def test_port_sides_all_alike_at_random_or_city_by_city():
    """« Pour votre première partie, utilisez la face « a » ... vous pourrez choisir
    vous-même ou aléatoirement la face de chacune des villes portuaires. »"""
    assert {p.side for p in setup(2).board.ports.values()} == {"a"}
    chosen = setup(2, port_sides="aba").board.ports
    assert [chosen[c].side for c in ("lehavre", "rotterdam", "liverpool")] == ["a", "b", "a"]
    drawn = [tuple(p.side for p in setup(2, seed=s, port_sides="random").board.ports.values())
             for s in range(8)]
    assert len(set(drawn)) > 1
    with pytest.raises(ValueError):
        GAME.parse_options({"port_sides": "c"})
