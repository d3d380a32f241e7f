"""States saved by an older engine load, are upgraded and play on to the end.

The bot keeps each game's current state as the engine's JSON (``GAME.dump``) and reads it
back with ``GAME.load``: a game saved before a change of the rules engine must go on (the
brief: « no game is ever lost or corrupted »). ``fixtures/old_states.jsonl.gz`` holds
states (and some notation texts) of random games dumped by the engine of landing
``931e1cf`` (``fixtures/make_old_states.py``): 2, 3 and 4 players on both building
sides, solo games at each difficulty, states paused inside the old ``exchange`` step."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from games.base import check_decision
from games.gwt_argentina import GAME
from games.gwt_argentina.notation import read, write
from games.gwt_argentina.state import GwtState
from games.gwt_argentina.upgrade import RULES_VERSION, upgrade
from games.rng import Rng
from tests.games.gwt_argentina import test_pedro_play, test_play

FIXTURES = Path(__file__).parent / "fixtures" / "old_states.jsonl.gz"


def old_states() -> list[dict]:
    with gzip.open(FIXTURES, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


OLD = old_states()


def ident(entry: dict) -> str:
    return f"{entry['source']}-p{entry['players']}-s{entry['seed']}-{entry['step']}-{entry['top']}"


def check(state: GwtState) -> None:
    if state.pedro is not None:
        test_pedro_play.check_invariants(state)
        test_pedro_play.check_pedro(state)
    else:
        test_play.check_invariants(state)


#: The invariants are checked at each of the first FIRST_STEPS steps after the old state
#: (where what the old engine wrote is still read), then every CHECK_EVERY-th: a broken
#: count stays broken, and the soak checks every step of many more games.
FIRST_STEPS, CHECK_EVERY = 10, 7


def play_on(state: GwtState, seed: int) -> GwtState:
    """Random moves to the end, the contract checked at every step and the invariants at
    the first ones, then every few."""
    rng = Rng.from_seed(seed)
    for played in range(20_000):
        decision = GAME.pending(state)
        if decision is None:
            return state
        check_decision(decision)
        key = rng.choice([o.key for o in decision.options])
        state = GAME.apply(state, decision.seat, key).state
        if played < FIRST_STEPS or played % CHECK_EVERY == 0:
            check(state)
    raise AssertionError("no end after 20,000 steps")


def test_fixtures_cover_the_old_moments():
    """The fixtures hold every configuration and the moments that changed."""
    assert {(e["players"], e["options"].get("difficulty")) for e in OLD} >= {
        (1, "easy"), (1, "moderate"), (1, "expert"), (2, None), (3, None), (4, None)}
    assert sum(e["top"] == "exchange" for e in OLD) >= 4
    assert any(e["notation"] for e in OLD)
    assert all("rules_version" not in e["state"] for e in OLD), "saved before versions"


@pytest.mark.parametrize("entry", OLD, ids=ident)
def test_old_state_loads_and_plays_to_the_end(entry):
    text = json.dumps(entry["state"])
    state = GAME.load(text)
    assert state.rules_version == RULES_VERSION
    assert all(f.kind != "exchange" for f in state.stack)
    check(state)
    decision = GAME.pending(state)
    if entry["top"] is None:
        assert decision is None and state.finished
        return
    assert decision is not None
    check_decision(decision)
    assert GAME.load(GAME.dump(state)) == state, "an upgraded state saves and loads as it is"
    end = play_on(state, entry["seed"] * 1000 + entry["step"])
    assert end.finished
    assert set(GAME.scores(end)) == set(range(end.seats))


def test_an_old_exchange_step_becomes_the_decision_it_interrupted():
    """« Pour utiliser un jeton Échange, remettez-le à la réserve générale et piochez 2
    cartes de votre pioche, puis défaussez 2 cartes de votre main. » (p. 18): the old
    engine asked "draw how many?" in an ``exchange`` step above the decision; the new one
    offers ``xt:2`` / ``xt:1`` in that decision. The token is not spent yet (the old step
    took it when answered), so the upgraded state is that decision, token in hand."""
    entries = [e for e in OLD if e["top"] == "exchange"]
    for entry in entries:
        old = entry["state"]
        state = GAME.load(json.dumps(old))
        below = old["stack"][-2]
        assert state.top().kind == below["kind"] and state.top().data == below["data"]
        seat = old["stack"][-1]["seat"]
        assert state.players[seat].exchange_tokens == old["players"][seat]["exchange_tokens"]
        keys = {o.key for o in GAME.pending(state).options}
        if below["kind"] != "help":  # the new engine offers no token while choosing granjeros
            assert "xt:2" in keys or "xt:1" in keys


def test_old_log_lines_are_kept_as_plain_text():
    """The old log was plain English; it is kept, and shown as it is."""
    entry = next(e for e in OLD if e["state"]["log"])
    state = GAME.load(json.dumps(entry["state"]))
    assert state.log == entry["state"]["log"]
    view = GAME.view(state, None)
    assert json.dumps(view)


@pytest.mark.parametrize("entry", [e for e in OLD if e["notation"]], ids=ident)
def test_old_notation_reads_as_the_upgraded_state(entry):
    """An old situation text reads into the same situation as its upgraded JSON."""
    state = read(entry["notation"])
    assert state == GAME.load(json.dumps(entry["state"]))
    assert read(write(state)) == state


def test_upgrade_is_idempotent_and_new_states_are_left_alone():
    entry = next(e for e in OLD if e["top"] == "exchange")
    once = upgrade(json.loads(json.dumps(entry["state"])))
    assert upgrade(json.loads(json.dumps(once))) == once
    new = GAME.setup(2, GAME.parse_options({}), 5)
    assert GAME.load(GAME.dump(new)) == new


def test_an_old_buenos_aires_visit_gets_the_objective_moments_ahead_of_it():
    """« Lors de votre tour, si vous avez une ou plusieurs cartes Objectif en main, vous
    pouvez en jouer autant que vous voulez : avant d'effectuer la phase A ; avant ou après
    avoir effectué une action en phase B » (p. 16): the new engine offers them in Buenos
    Aires step 1, before step 2 and after step 6. An old visit in progress gets those still
    ahead; a pause already passed is not added on top."""
    met = set()
    for entry in OLD:
        kinds = [f["kind"] for f in entry["state"]["stack"]]
        if "ba_after" not in kinds:
            continue
        state = GAME.load(json.dumps(entry["state"]))
        new = [(f.kind, f.data) for f in state.stack]
        after = new.index(("ba_after", {}))
        assert new[after - 1] == ("ba_pause", {"before": None})
        if kinds[-1] == "deliver":
            met.add("deliver")
            assert new[-3:] == [("ba_income", {}), ("ba_pause", {"before": 2}),
                                ("deliver", {"ba": True})]
        elif kinds[-1] == "ba_income":
            met.add("income")
            assert ("ba_pause", {"before": 2}) not in new
        elif "ba_income" in kinds:  # a delivery's bonus in progress: the pause is ahead
            met.add("bonus")
            at = new.index(("ba_income", {}))
            assert new[at + 1] == ("ba_pause", {"before": 2})
    assert {"deliver", "income"} <= met
