"""Hazienda: playing a card is one pick — card and place in one option — where
card and place fit together in one menu of 25; two steps only when they do not."""

from __future__ import annotations

from games import hazienda
from games.base import MENU_LIMIT, check_decision
from tests.games.hazienda.helpers import scenario  # (the small test map)

GAME = hazienda.GAME
SMALL = "players: red blue\nmoney: red 0\n"


def play_keys(text: str) -> list[str]:
    decision = GAME.pending(scenario(text))
    assert decision is not None
    check_decision(decision)
    return [o.key for o in decision.options if o.key.startswith("play:")]


def test_card_and_place_together_when_they_fit() -> None:
    keys = play_keys(SMALL + "hand: red pig\nanimal: red pig A1\nland: red F1\n")
    assert keys and all(k.startswith("play:animal:pig:") for k in keys)
    state = scenario(SMALL + "hand: red pig\nanimal: red pig A1\nland: red F1\n")
    place = keys[0].rsplit(":", 1)[1]
    outcome = GAME.apply(state, 0, keys[0])  # one pick: the action is done
    assert outcome.state.animals[place].species == "pig" and outcome.state.phase == "main"
    assert outcome.state.actions_used == 1 and outcome.state.players[0].animals == {}
    assert [e.text for e in outcome.events] == [f"Red places a pig on {place}."]


def test_card_first_only_when_its_places_do_not_fit() -> None:
    """On the symmetric map a pampa card next to a long row of lands has many places."""
    state = GAME.setup(2, GAME.parse_options(None), 1234)
    decision = GAME.pending(state)
    plays = [o for o in decision.options if o.group == "Play a card"]
    assert len(plays) <= MENU_LIMIT
    alone = [o.key for o in plays if o.key.count(":") == 2]
    together = [o for o in plays if o.key.count(":") == 3]
    assert alone and together, "this deal has cards of both kinds"
    assert all(o.at == o.key.rsplit(":", 1)[1] for o in together)
    # the cards left alone are those with the most places: adding any would overflow
    for key in alone:
        after = GAME.apply(state, decision.seat, key).state
        places = len(GAME.pending(after).options)
        assert len(plays) - 1 + places > MENU_LIMIT
