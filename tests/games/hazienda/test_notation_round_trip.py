"""NOTATION.md, "Dump and load": ``load_scenario(dump_scenario(state))`` gives back the
same state — the RNG included — and bad text raises a NotationError, never a bare error."""

from __future__ import annotations

from pathlib import Path

import pytest

import games.hazienda
from games.ai import choose_random
from games.hazienda import GAME
from games.hazienda.notation import NotationError, dump_scenario, load_scenario
from games.rng import Rng


def notation_example() -> str:
    doc = (Path(games.hazienda.__file__).parent / "NOTATION.md").read_text(encoding="utf-8")
    return doc.split("```text\n", 1)[1].split("```", 1)[0]


SCENARIOS = {
    # No deck lines: every card is outside every pile.
    "the NOTATION.md example": notation_example(),
    "a small position": "players: red blue yellow\nseed: 7\nland: red C7 C8\nhand: blue pig*2",
    "decks dealt by size": "players: red blue\nseed: 3\ndeck: land 10\ndeck: animal 4",
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_scenario_leaving_cards_outside_every_pile_round_trips_exactly(name: str) -> None:
    state = load_scenario(SCENARIOS[name])
    back = load_scenario(dump_scenario(state))
    assert back.rng.state == state.rng.state
    assert back.model_dump() == state.model_dump()
    again = load_scenario(dump_scenario(back))
    assert again.rng.state == state.rng.state  # however many times it is loaded
    # … so both play on identically (the same cards drawn, the same rolls).
    rng_a, rng_b = Rng.from_seed(1), Rng.from_seed(1)
    for _ in range(40):
        decision = GAME.pending(state)
        if decision is None:
            break
        key = choose_random(GAME, state, decision.seat, rng_a)
        assert choose_random(GAME, back, decision.seat, rng_b) == key
        state = GAME.apply(state, decision.seat, key).state
        back = GAME.apply(back, decision.seat, key).state
        assert dump_scenario(back) == dump_scenario(state)


@pytest.mark.parametrize("body, message", [
    ("players: red", "2 to 5 players"),
    ("players: red blue yellow green black red", "2 to 5 players"),
    ("players: red red", "twice"),
    ("players: red blue\ncurrent:", "line 2: current:"),
    ("players: red blue\nmoney: red lots", "line 2: money:"),
    ("players: red blue\nmoney: red", "line 2: money:"),
    ("players: red blue\ndone: everything", "line 2: done:"),
    ("players: red blue\ndue: never", "line 2: due:"),
    ("players: red blue\nseed: soon", "seed:"),
    ("map: hexagonal", "map:"),
    ("players: red blue\ntrack: red markets", "line 2: track:"),
    ("players: red blue\nhand: red pig*many", "line 2: hand:"),
    ("players: red blue\nhand: red pig*-2", "line 2: 'pig\\*-2': a card is counted 1 or more"),
    ("grid:\nPa Pa\nPa\nend\nplayers: red blue", "grid: .*has 1 tokens, expected 2"),
])
def test_bad_text_raises_a_notation_error(body: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_scenario(body)
