"""Events name seats by reference (games.base.seat_ref); front ends tell them with the
players' names (Event.told, bot.transitions.visible), and Great Western Trail: Argentina's
events use it."""

from __future__ import annotations

import re

from bot.core.transitions import public, visible
from games.ai import choose_random
from games.base import Event, name_seats, seat_ref
from games.gwt_argentina import GAME
from games.i18n import using
from games.rng import Rng

NAMES = ["Ana", "Bo", "Cid"]


def test_a_seat_reference_is_told_with_the_players_name():
    text = f"{seat_ref(0)} pays 2 pesos to {seat_ref(2)}."
    assert name_seats(text, NAMES) == "Ana pays 2 pesos to Cid."
    assert Event(text=text, seat=0).told(NAMES) == "Ana pays 2 pesos to Cid."


def test_a_seat_without_a_name_is_told_by_its_number():
    assert name_seats(f"{seat_ref(3)} wins.", NAMES) == "Seat 4 wins."
    with using("fr"):
        assert name_seats(f"{seat_ref(3)} wins.", NAMES) == "Joueur 4 wins."


def test_a_text_without_references_is_unchanged():
    assert name_seats("Seat 1 adds {n} ⟨seat⟩.", NAMES) == "Seat 1 adds {n} ⟨seat⟩."


def test_the_bot_tells_events_with_names_and_keeps_private_ones_private():
    events = [Event(text=f"{seat_ref(1)} buys a card.", seat=1),
              Event(text=f"You drew {seat_ref(0)}'s card.", seat=0, private_to=0)]
    assert public(events, NAMES) == ("Bo buys a card.",)
    assert visible(events, 0, NAMES) == ["Bo buys a card.", "You drew Ana's card."]
    assert visible(events, 1, NAMES) == ["Bo buys a card."]


def test_gwt_events_name_players_only_by_reference():
    """The engine knows no names: "Seat 2" never appears in an event, and every event
    told with the players' names names them."""
    state = GAME.setup(3, GAME.parse_options({}), 5)
    rng = Rng.from_seed(5)
    told = []
    for _step in range(400):
        decision = GAME.pending(state)
        if decision is None:
            break
        outcome = GAME.apply(state, decision.seat, choose_random(GAME, state, decision.seat, rng))
        state = outcome.state
        for event in outcome.events:
            assert not re.search(r"\bSeat \d", event.text), event.text
            told.append(event.told(NAMES))
    assert told and all("⟨seat" not in line for line in told)
    by_name = [line for line in told if line.split(" ", 1)[0] in NAMES]
    assert len(by_name) > len(told) // 2


def test_a_decision_names_the_seats_of_its_prompt_labels_and_groups_within_limits():
    from games.base import Decision, Option, check_decision, name_decision

    long_name = "N" * 32  # Discord display names run to 32 characters
    decision = Decision(seat=0, prompt=f"Phase B at {seat_ref(1)}'s building", options=[
        Option(key="a", label="x" * 85 + f" {seat_ref(1)}", group=f"{seat_ref(1)}'s"),
        Option(key="b", label="End phase B"),
    ])
    named = name_decision(decision, ["Ana", long_name])
    assert named.prompt == f"Phase B at {long_name}'s building"
    assert named.options[0].label.endswith("…") and len(named.options[0].label) == 100
    assert named.options[0].group == f"{long_name}'s"
    assert [o.key for o in named.options] == ["a", "b"]
    check_decision(named)
    assert name_decision(named, ["Ana", "Bo"]) is named  # nothing left to name


def test_gwt_labels_name_another_players_building_by_reference():
    """Labels such as « G2 building 2a (seat 2) » show the owner's name, not a number."""
    state = GAME.setup(3, GAME.parse_options({}), 3)
    rng, seen = Rng.from_seed(2), []
    for _ in range(3000):
        decision = GAME.pending(state)
        if decision is None:
            break
        seen += [o.label for o in decision.options if re.search(r"[Ss]eat \d", o.label)]
        seen += [o.label for o in decision.options if "⟨seat" in o.label]
        key = choose_random(GAME, state, decision.seat, rng)
        state = GAME.apply(state, decision.seat, key).state
    assert not [label for label in seen if "⟨seat" not in label]
    assert seen, "no label named another player's building in this game"
