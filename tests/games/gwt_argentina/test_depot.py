"""The railway depot is not a dead end (rulebook p. 15 and p. 18).

« Lorsque votre locomotive se trouve au dépôt ferroviaire, vous ne pouvez pas la faire
reculer à partir de là (par exemple, comme condition pour effectuer une action auxiliaire).
Vous devez donc l'avancer d'au moins une case (à la case 24) afin de pouvoir la faire
reculer. » and the terminus « peut être amélioré plusieurs fois, à raison d'une amélioration
à chaque fois que vous l'atteignez ».
"""

from __future__ import annotations

from games.gwt_argentina import data
from games.gwt_argentina.pedro import actions as pedro_actions
from tests.games.gwt_argentina.pedro_helpers import PEDRO, Ctx, solo
from tests.games.gwt_argentina.positions import edit, keys, play, situation
from tests.games.gwt_argentina.test_actions import TURN_END, at_location, p0, stations


def forward(state) -> list[str]:
    return [k for k in keys(state) if k.startswith("to:")]


def test_from_the_depot_the_locomotive_goes_on_from_24_and_reaches_the_terminus_again():
    """« Vous devez donc l'avancer d'au moins une case (à la case 24) » — and the terminus
    « peut être amélioré plusieurs fois, à raison d'une amélioration à chaque fois que vous
    l'atteignez. Ensuite, vous devez placer votre locomotive sur le dépôt ferroviaire »."""
    state = situation(3, first_turn="-", p0=p0(money=9, locomotive="depot"),
                      stations=stations(t31="0"), stack=[TURN_END, 'loco 0 {"max": 6}'])
    assert forward(state) == ["to:24", "to:25", "to:b25", "to:26", "to:27", "to:28",
                              "to:b28", "to:29"]
    state = play(state, "to:29")
    assert state.players[0].locomotive == "29"
    state = edit(state, stack=[TURN_END, 'loco 0 {"max": 2}'])
    state = play(state, "to:31")
    assert "upgrade" in keys(state), "the terminus again: a second upgrade"
    state = play(state, "upgrade", "slot:aux_cert_1")
    assert state.board.stations["31"] == [0, 0]
    assert state.players[0].locomotive == data.DEPOT


def test_a_locomotive_on_24_does_not_go_back_into_the_depot():
    """« vous ne pouvez accéder au dépôt ferroviaire à reculons »; from the depot no backward
    move: « vous ne pouvez pas la faire reculer à partir de là »."""
    assert data.track_previous(data.DEPOT) == ()
    assert data.DEPOT not in data.track_previous("24")
    assert data.track_next(data.DEPOT) == ("24",)


def test_locomotive_actions_stay_open_at_the_depot():
    """Building G: « Avancez votre locomotive d'autant de cases que le nombre de maquinistas
    que vous possédez » — offered with the locomotive at the depot, and it goes to 24."""
    state = at_location("N7", p0=p0(estanciero="N7", locomotive="depot"),
                        p0_maquinista="printed MA11")
    assert "act:0" in keys(state)
    state = play(state, "act:0")
    assert forward(state) == ["to:24", "to:25"]
    assert play(state, "to:24").players[0].locomotive == "24"


def test_auxiliary_pay_for_the_locomotive_but_not_back_from_the_depot():
    """« Payez 1 pèsos et avancez votre locomotive d'une case » works from the depot; « Si
    votre locomotive se trouve sur la case de départ de la voie ferrée ou dans le dépôt
    ferroviaire, vous ne pouvez pas effectuer cette action » (locomotive back → remove)."""
    slots = " ".join(s.id for s in data.DISC_SLOTS if s.id not in ("aux_engine_1", "aux_remove_1"))
    state = at_location("N1", p0=p0(locomotive="depot"), p0_slots=slots)
    menu = keys(play(state, "aux"))
    assert "aux:aux_engine:1" in menu and "aux:aux_remove:1" not in menu
    state = play(state, "aux", "aux:aux_engine:1")
    assert forward(state) == ["to:24"]
    state = play(state, "to:24")
    assert state.players[0].locomotive == "24" and state.players[0].money == 9
    on_24 = at_location("N1", p0=p0(locomotive="24"), p0_slots=slots)
    assert "aux:aux_remove:1" in keys(play(on_24, "aux")), "back from 24: allowed again"


def test_an_objective_card_moves_the_locomotive_out_of_the_depot():
    """Objective cards' immediate action « Avancez votre locomotive d'une case » (annex)."""
    state = at_location("N1", p0=p0(locomotive="depot"), p0_hand="OB05 0:NI1 0:PA1 0:PA2")
    state = play(state, "obj:OB05")
    assert forward(state) == ["to:24"]


def test_pedro_leaves_the_depot_forward():
    """Pedro's locomotive cards (#5, #6, #12, #15) from the depot: « Lorsque la locomotive de
    Pedro avance sur la voie ferrée, elle saute par-dessus la vôtre normalement », from the
    depot to 24 and on; the terminus again « Pedro améliore cette gare. Placez ensuite sa
    locomotive dans le dépôt. »"""
    state = solo()
    state.players[PEDRO].locomotive = data.DEPOT
    state.players[0].locomotive = "24"
    pedro_actions.advance_locomotive(state, 2, Ctx())
    assert state.players[PEDRO].locomotive == "b25", "24 is yours: skipped; a new station"
    state.players[PEDRO].locomotive = data.DEPOT
    state.board.stations["31"].append(PEDRO)
    pedro_actions.advance_locomotive(state, 8, Ctx())
    assert state.players[PEDRO].locomotive == data.DEPOT
    assert state.board.stations["31"] == [PEDRO, PEDRO]
