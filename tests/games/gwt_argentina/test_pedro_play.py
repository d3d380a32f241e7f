"""Random solo games against Pedro at each difficulty, from set-up to the final score: the
contract (well-formed decisions, JSON and notation round trips, exact replay, one seat),
Pedro's pieces conserved (18 discs: reserve and board; his 15 cards; no money), every
component conserved. Large runs (1,000 games per difficulty) are marked ``soak``."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.gwt_argentina import GAME, data, player_board
from games.gwt_argentina.notation import read, write
from games.gwt_argentina.pedro.data import CARDS
from games.gwt_argentina.pedro.state import PEDRO
from games.gwt_argentina.state import GwtState
from testkit.playout import playout, replay
from tests.games.gwt_argentina.test_play import cards_everywhere, discs_of, tiles_everywhere

DIFFICULTIES = ("easy", "moderate", "expert")


def check_invariants(state: GwtState) -> None:
    """The 2–4 player conservation checks (test_play), with Pedro's disc reserve."""
    all_tiles = Counter([t.id for t in data.WORKER_TILES] + [t.id for t in data.FARMER_TILES])
    assert tiles_everywhere(state) == all_tiles, "worker and farmer tiles are conserved"
    expected = Counter([c.id for c in data.MARKET_CARDS] + [o.id for o in data.OBJECTIVE_CARDS]
                       + [data.EXHAUSTION_CARD_ID] * data.EXHAUSTION_CARDS
                       + [c.id for c in data.starting_cards(0)])
    assert cards_everywhere(state) == expected, "cards are conserved"
    me = state.players[0]
    assert discs_of(state, 0) == data.DISCS_PER_PLAYER
    for p in state.players:
        assert p.money >= 0 and p.exchange_tokens >= 0
        assert 0 <= p.grain <= data.GRAIN_LIMIT
        assert all(len(row) <= data.ROW_CELLS for row in p.workers.values())
    assert 0 <= me.certificates <= player_board.cert_limit(me)
    for ship in state.board.ships:
        if not data.SHIP_BY_ID[ship.id].repeatable:
            assert len(ship.discs) == len(set(ship.discs)), "one disc per player per ship"
    for port in state.board.ports.values():
        assert not any(port.spaces[c] is not None for c in port.closed)


def check_pedro(state: GwtState) -> None:
    assert state.seats == 1 and len(state.players) == 2
    pedro, me = state.players[PEDRO], state.players[0]
    assert state.pedro is not None and state.pedro.discs >= 0
    assert discs_of(state, PEDRO) + state.pedro.discs == data.DISCS_PER_PLAYER
    playing = [f.data["card"] for f in state.stack if f.kind == "pedro_turn"]
    assert sorted(state.pedro.deck + state.pedro.discard + playing) == [c.number for c in CARDS]
    assert pedro.money == 0 and pedro.exchange_tokens == 0 and pedro.hand == []
    assert pedro.slots == [] and pedro.station_masters == []
    assert state.pedro.specialty in ("gaucho", "carpintero", "maquinista")
    counts = {row: pedro.worker_count(row) for row in ("gaucho", "carpintero", "maquinista")}
    assert counts[state.pedro.specialty] == max(counts.values())
    assert me.money >= 0
    decision = GAME.pending(state)
    assert decision is None or decision.seat == 0


def run(difficulty: str, seed: int, *, deep: bool) -> GwtState:
    steps = 0
    options = {"difficulty": difficulty}

    def each(before, after, seat, key):
        nonlocal steps
        steps += 1
        check_invariants(after)
        check_pedro(after)
        if deep or steps % 97 == 0:
            assert read(write(after)) == after
            assert GAME.load(GAME.dump(after)) == after
            json.dumps(GAME.view(after, 0))

    end, moves = playout(GAME, 1, options, seed, each_step=each)
    assert end.finished and GAME.pending(end) is None
    assert end.end_triggered_by in (0, PEDRO) and not end.last_turns
    mine, his = GAME.scores(end)[0]["total"], GAME.pedro_scores(end)["total"]
    assert GAME.winners(end) == ([0] if mine >= his else [])
    automa = GAME.automa(end)
    assert (automa.name, automa.level, automa.total) == ("Pedro", difficulty, his)
    assert automa.won == (his >= mine)
    assert end.log[-1] == "The game is over."  # the result is told once, by the front ends
    assert GAME.view(end, None)["pedro"]["scores"]["total"] == his
    assert replay(GAME, 1, options, seed, moves) == end, "replay diverged"
    return end


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_random_solo_games(difficulty):
    run(difficulty, seed=7, deep=False)


@pytest.mark.soak
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_thousand_random_solo_games(difficulty):
    for seed in range(1000):
        run(difficulty, seed, deep=seed == 0)


def test_determinize_redraws_pedros_deck_but_not_the_view():
    """Pedro's draw pile is face down: a computer player's re-draw changes its order, never
    what the seat (or a spectator) sees."""
    from games.rng import Rng

    state = GAME.setup(1, GAME.parse_options({"difficulty": "expert"}), 11)
    rng, probe = Rng.from_seed(3), Rng.from_seed(4)
    orders = set()
    for _ in range(150):
        decision = GAME.pending(state)
        if decision is None:
            break
        state = GAME.apply(state, 0, rng.choice(decision.options).key).state
        other = GAME.determinize(state, 0, probe)
        assert GAME.view(other, 0) == GAME.view(state, 0)
        assert GAME.view(other, None) == GAME.view(state, None)
        orders.add(tuple(other.pedro.deck) != tuple(state.pedro.deck))
    assert True in orders
    assert "deck" not in GAME.view(state, 0)["pedro"]
