"""States of Kuhlorado, Hazienda and Llama Land saved by older engines load and play on.

The bot keeps each game's current state as the engine's JSON (``game.dump``) and reads it
back with ``game.load``: a game saved before a change of a rules engine must go on. The
fixtures (``fixtures/old_states.jsonl.gz``, made by ``fixtures/make_old_states.py``) are
states of random games dumped by the engines of landing ``931e1cf``; Great Western Trail:
Argentina, whose states did change, has its own (``gwt_argentina/test_old_states.py``).
Each state loads, saves and loads unchanged, gives well-formed decisions and views, and
random play (with the contract checks of ``test_contract.py``) reaches the end.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from games import get_game
from games.base import check_decision
from games.rng import Rng

FIXTURES = Path(__file__).parent / "fixtures" / "old_states.jsonl.gz"
#: The round trip and the views are checked after each of the first steps played from an
#: old state (where what the old engine wrote is still read), then every CHECK_EVERY-th.
FIRST_STEPS, CHECK_EVERY = 10, 7

with gzip.open(FIXTURES, "rt", encoding="utf-8") as _f:
    OLD = [json.loads(line) for line in _f]


def test_fixtures_cover_every_game_and_seat_count():
    for name in ("kuhlorado", "hazienda", "llama-land"):
        game = get_game(name)
        assert {e["seats"] for e in OLD if e["game"] == name} == set(
            range(game.min_seats, game.max_seats + 1))


@pytest.mark.parametrize("entry", OLD, ids=lambda e: f"{e['game']}-{e['seats']}-{e['step']}")
def test_old_state_loads_and_plays_to_the_end(entry):
    game = get_game(entry["game"])
    state = game.load(entry["state"])
    rng = Rng.from_seed(entry["seed"] * 1000 + entry["step"])
    for played in range(20_000):
        if played < FIRST_STEPS or played % CHECK_EVERY == 0:
            assert game.load(game.dump(state)) == state, "JSON round trip changed the state"
            json.dumps(game.view(state, None))
            for s in range(state.seats):
                json.dumps(game.view(state, s))
        decision = game.pending(state)
        if decision is None:
            break
        check_decision(decision)
        key = rng.choice([o.key for o in decision.options])
        after = game.apply(state, decision.seat, key).state
        assert after.step == state.step + 1
        state = after
    assert game.pending(state) is None
    scores = game.scores(state)
    assert set(scores) == set(range(state.seats))
    assert all("total" in sc for sc in scores.values())
