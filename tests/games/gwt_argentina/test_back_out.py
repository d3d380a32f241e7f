"""Opening a location action and backing out of it uses nothing up.

« Si et seulement si vous n'effectuez aucune actions de Lieu, vous pouvez effectuer une
action auxiliaire simple à la place » (p. 8): an action whose first decision ends with
nothing done ("Hire nobody", "Discard nothing", "Do not move the locomotive", "Build
nothing", "Neither" ...) was not performed, so it and the single auxiliary action stay open.
"""

from __future__ import annotations

import pytest

from tests.games.gwt_argentina.positions import keys, play
from tests.games.gwt_argentina.test_actions import EMPTY_ROWS, at_location, p0

ROWS = dict(EMPTY_ROWS, job_row_1=". GA12 CA12 MA12")


def still_open(state, action: str) -> bool:
    menu = keys(state)
    return action in menu and "aux" in menu


def test_building_a_hire_nobody_leaves_both_hires_and_the_auxiliary_action():
    """The issue's example: at building A, « 2. Engagez un ouvrier sans modifier son coût »
    then "Hire nobody" used to leave only act:2 and end."""
    state = at_location("N1", **ROWS)
    state = play(state, "act:1", "skip")
    assert {"act:1", "act:2", "aux", "end"} <= set(keys(state))
    state = play(state, "act:1", "hire:J1.2", "skip")  # hired (its immediate action forgone)
    assert state.players[0].workers["gaucho"][-1] == "GA12"
    assert "aux" not in keys(state) and "act:1" not in keys(state)


@pytest.mark.parametrize("space, action, back, changes", [
    ("N2", "act:1", "skip", {"p0_carpintero": "printed", "p0_buildings_left": "1 2"}),
    ("N4", "act:0", "skip", {}),  # two Niata in hand: "Discard nothing"
    ("N4", "act:1", "stay", {"p0_maquinista": "printed MA11"}),  # "Do not move"
    ("N5", "act:1", "done", {"cattle_market": "CA1 CA2", "p0": p0(estanciero="N5")}),
    ("N8", "act:1", "skip", {"p0_hand": "EX 0:NI1 0:PA1 0:PA2", "p0": p0(estanciero="N8")}),
])
def test_backing_out_of_an_action_keeps_it_and_the_auxiliary_action_open(
        space, action, back, changes):
    """« Vous n'êtes pas obligé d'effectuer toutes les actions offertes par le lieu » — one
    given up at its first choice is not an action performed: B "Build nothing", D "Discard
    nothing" and "Do not move the locomotive", E "Stop buying" before any purchase, H
    "Neither"."""
    changes.setdefault("p0", p0(estanciero=space))
    state = at_location(space, **changes)
    assert still_open(state, action)
    state = play(state, action)
    assert back in keys(state)
    state = play(state, back)
    assert still_open(state, action)


def test_neither_after_choosing_the_auxiliary_alternative_backs_out_too():
    """Building H: « SOIT vous remettez dans la pile Épuisement une carte Épuisement ... SOIT
    vous effectuez une action auxiliaire simple » — choosing the auxiliary action and then
    none of them is still no action."""
    state = at_location("N8", p0=p0(estanciero="N8"), p0_hand="EX 0:NI1 0:PA1 0:PA2")
    state = play(state, "act:1", "opt:1")
    assert "skip" in keys(state)
    state = play(state, "skip")
    assert still_open(state, "act:1")


def test_a_purchase_or_a_market_draw_makes_the_action_count():
    """« Tout gauchos non utilisé pour acheter des cartes Bétail peut vous servir à piocher 2
    cartes de la pioche Bétail du marché et de les ajouter face visible au marché » — a gaucho
    used so is the action done, even if nothing is bought afterwards."""
    state = at_location("N5", p0=p0(money=0, estanciero="N5"), cattle_market="CA1",
                        cattle_deck="FQ1 AA1 CH1", p0_gaucho="printed GA12")
    state = play(state, "act:1", "draw2", "done")
    assert "aux" not in keys(state) and "act:1" not in keys(state)


def test_a_condition_met_before_the_choice_is_an_action_performed():
    """7a: « Reculez votre marqueur de grain d'une case pour avancer votre locomotive de 2
    cases et recevoir 2 pesos » — the grain is paid and the pesos taken (« si vous recevez une
    somme en pèsos, vous devez prendre cette somme dans sa totalité »): not moving the
    locomotive afterwards does not give the action back."""
    state = at_location("P1", trail="P1=0:7", p0=p0(grain=2, estanciero="P1"))
    state = play(state, "act:0", "stay")
    assert state.players[0].grain == 1 and state.players[0].money == 12
    assert "aux" not in keys(state) and "act:0" not in keys(state)
