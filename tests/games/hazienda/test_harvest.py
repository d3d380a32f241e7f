"""Harvest markers ("Placer un jeton récolte (1 par tour)")."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.hazienda import GAME
from tests.games.hazienda.helpers import keys, run, scenario, texts


def test_harvest_pays_3_pesos_per_land_of_the_domain():
    """"Il récolte alors 3 pesos par terrain de son domaine. Exemple : si le domaine
    choisi se compose de 7 terrains, le joueur reçoit 7×3 pesos = 21 pesos." """
    state = scenario("players: red blue\nland: red A1 A2 A3 A4 A5 A6 B6")
    state, _ = run(state, "harvest")
    assert keys(state) == {"place:A1"}
    state, events = run(state, "place:A1")
    assert state.players[0].money == 20 + 21
    assert state.harvest == ["A1"] and state.harvest_stock == 7
    assert texts(events) == ["Red harvests the domain at A1: 7 lands, +21 pesos."]


def test_one_harvest_per_turn():
    """"Placer un jeton récolte (1 par tour)"."""
    state = scenario("players: red blue\nland: red A1 A2\nland: red D1 D2")
    state, _ = run(state, "harvest", "place:A1")
    assert "harvest" not in keys(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "harvest")


def test_only_domains_without_a_marker():
    """"sur un terrain de son choix, dans un de ses domaines sur lequel il n'y a pas de
    pion récolte déjà présent"; a lone land is no domain ("plusieurs terrains
    contigus"; the scoring tells "terrains isolés" from domains)."""
    state = scenario("players: red blue\nland: red A1 A2\nland: red D1 D2\nland: red F1\nharvest: D2")
    state, _ = run(state, "harvest")
    assert keys(state) == {"place:A1"}
    assert "harvest" not in keys(scenario("players: red blue\nland: red F1"))


def test_all_markers_out_take_one_from_an_opponent():
    """"Lorsque tous les pions récolte ont été utilisés, un joueur peut quand même
    récolter : il prend alors un pion récolte de son choix dans un domaine adverse et le
    met sur son domaine. Les domaines «libérés» peuvent alors à nouveau recevoir un pion
    récolte." """
    state = scenario("""
        players: red blue
        land: red A1 A2 A3
        land: red E1 E2
        land: blue C1 C2
        land: blue F1 F2
        harvest: E1 C1 F1 B8 A7 A8 F3 F4
        land: blue B8 A7 A8 F3 F4
    """)
    assert state.harvest_stock == 0
    state, _ = run(state, "harvest")
    assert GAME.pending(state).options[0].label == "Blue's marker on C1"
    assert keys(state) == {f"take:{c}" for c in ("C1", "F1", "B8", "A7", "A8", "F3", "F4")} | {"back"}
    state, events = run(state, "take:C1")
    assert keys(state) == {"place:A1"}
    state, events = run(state, "place:A1")
    assert "C1" not in state.harvest and "A1" in state.harvest
    assert state.players[0].money == 29
    assert texts(events) == ["Red takes Blue's harvest marker from C1.",
                             "Red harvests the domain at A1: 3 lands, +9 pesos."]
    state, _ = run(state, "end")
    state, _ = run(state, "harvest")
    assert keys(state) == {"take:A1", "take:E1", "back"}
    state, _ = run(state, "take:A1")
    assert keys(state) == {"place:C1"}


def test_no_harvest_when_all_markers_are_on_own_domains():
    """The domain C7 C8 has no marker, but none is in stock and no opponent holds one."""
    state = scenario("""
        players: red blue
        land: red A1 A2 A4 A5 C1 C2 E1 E2 E4 E5 B7 A8 F3 F4 F1 F2 C7 C8
        harvest: A1 A4 C1 E1 E4 B7 F3 F1
    """)
    assert "harvest" not in keys(state)
