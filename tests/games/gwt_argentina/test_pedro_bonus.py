"""Pedro and the rest of the game: the bonus of a district space he delivers to, the tolls of
granjeros he passes, and the exhaustion card building 7b gives him (solo chapter)."""

from __future__ import annotations

import pytest

from games.gwt_argentina import data, pieces
from games.gwt_argentina.actions import start
from games.gwt_argentina.pedro.buenos_aires import deliver, district_bonus
from games.gwt_argentina.pedro.move import move_pedro
from games.gwt_argentina.ports import layout
from tests.games.gwt_argentina.pedro_helpers import PEDRO, Ctx, solo, texts

FIRST_FORK = ("P1", "G1", "G2", "GF1", "GF2", "GF3", "GF4", "RG1", "RG2")


def only_space_open(state, city: str, target: str) -> None:
    """Every other free district space of every city taken by you; Pedro's disc on the
    city's quay I, with just the grain the target costs."""
    for port in state.board.ports.values():
        for space, holder in port.spaces.items():
            if holder is None and space != target:
                port.spaces[space] = 0
        port.quays["I"] = [s for s in port.quays["I"] if s != PEDRO]
    state.board.ports[city].quays["I"].append(PEDRO)
    state.players[PEDRO].grain = layout(state, city).district_of(target).grain


def space_with(state, kind: str) -> tuple[str, str]:
    for city, port in state.board.ports.items():
        for district in layout(state, city).districts:
            for space in district.spaces:
                if space.bonus is not None and space.bonus.kind == kind \
                        and space.id not in port.closed:
                    return city, space.id
    raise AssertionError(kind)


def test_an_objective_bonus_is_the_farthest_card():
    """« Pedro est considéré en tout point comme un joueur »: the district space's bonus is
    his; an objective card comes as his others do, « la carte Objectif de l'offre la plus
    éloignée de la pioche Objectif », and counts as fulfilled."""
    state = solo(port_sides="aaa")
    city, target = space_with(state, "objective")
    only_space_open(state, city, target)
    farthest = state.board.objective_display[-1]
    deliver(state, Ctx())
    assert state.board.ports[city].spaces[target] == PEDRO
    assert state.players[PEDRO].objectives == [farthest]


def test_a_pesos_bonus_is_lost():
    """« Durant la partie, Pedro ne reçoit ni argent ni jeton Échange »."""
    state = solo()
    city, target = space_with(state, "pesos")
    only_space_open(state, city, target)
    ctx = Ctx()
    deliver(state, ctx)
    assert state.board.ports[city].spaces[target] == PEDRO
    assert state.players[PEDRO].money == 0
    assert any("no pesos" in t for t in texts(ctx))


def test_a_free_cattle_card_goes_face_down_onto_his_pile():
    """« Chaque fois que Pedro reçoit des cartes Bétail ... placez-les face cachée dans une
    pile à côté de son plateau »: the franqueiro of Liverpool's bonus, the one with the most
    VP."""
    state = solo()
    franqueiros = [c for c in data.MARKET_CARD_BY_ID if pieces.cattle(c).breed == "franqueiro"]
    low, high = min(franqueiros, key=lambda c: pieces.cattle(c).vp), \
        max(franqueiros, key=lambda c: pieces.cattle(c).vp)
    state.board.cattle_market = [low, high]
    district_bonus(state, data.Action("take_market_card", breed="franqueiro"), Ctx())
    assert state.players[PEDRO].deck == [high] and state.board.cattle_market == [low]
    assert state.players[PEDRO].discard == [] and state.players[PEDRO].hand == []


def test_a_locomotive_bonus_moves_his_locomotive_by_his_rules():
    """« Avancer la locomotive de Pedro »: « Elle doit s'arrêter à chaque gare qu'elle atteint
    et que Pedro n'a pas encore améliorée ... Pedro améliore cette gare en y plaçant un des
    disques provenant de sa réserve »."""
    state = solo(port_sides="aaa")
    city, target = space_with(state, "engine")
    only_space_open(state, city, target)
    before = state.players[PEDRO].locomotive
    deliver(state, Ctx())
    assert state.players[PEDRO].locomotive != before


@pytest.mark.parametrize("hand", ["green", "black"])
def test_a_granjeros_toll_costs_pedro_nothing(hand):
    """Pedro has no money (« Pedro ne reçoit ni argent ni jeton Échange »), so the toll of a
    granjero he passes puts nothing on its money space; only your buildings' tolls are paid,
    to you, by the bank (« prenez ce montant de la banque »)."""
    state = solo()
    for space in FIRST_FORK:
        state.board.trail.pop(space, None)
    farmer = next(f.id for f in data.FARMER_TILES if f.hand == hand)
    state.players[PEDRO].estanciero = "P1"  # P1 -> G1 -> G2: one way only
    state.board.trail["G1"] = farmer
    coins, money = dict(state.board.farmer_coins), state.players[0].money
    move_pedro(state, 1, Ctx())
    assert state.players[PEDRO].estanciero == "G1"
    assert state.board.farmer_coins == coins and state.players[0].money == money
    assert state.players[PEDRO].money == 0


def test_building_7b_gives_him_an_exhaustion_card_face_down():
    """« Chaque fois que Pedro reçoit des cartes Bétail, des cartes Objectif ou des cartes
    Épuisement (e.g. : la tuile Bâtiment personnel « 7b »), placez-les face cachée dans une
    pile à côté de son plateau. »"""
    state = solo()
    left = len(state.board.exhaustion)
    start(state, 0, data.Action("exhaust_opponents"), Ctx())
    pedro = state.players[PEDRO]
    assert pedro.discard == [] and [c for c in pedro.deck if pieces.is_exhaustion(c)] != []
    assert len(state.board.exhaustion) == left - 1
