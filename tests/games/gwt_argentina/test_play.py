"""Random games from set-up to the final score at 2, 3 and 4 players with both building
sides: the contract (well-formed decisions, JSON and notation round trips, exact replay,
hidden hands) and the conservation of every component (workers, farmers, cards, discs;
money never negative). ``make soak`` plays :data:`SOAK_GAMES` of them, with random port
sides and shuffled neutral buildings too (~0.6 s a game on one core)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.base import check_decision
from games.gwt_argentina import GAME, data, player_board
from games.gwt_argentina.notation import read, write
from games.gwt_argentina.state import PRINTED, GwtState
from games.rng import Rng
from testkit.playout import playout, replay

CONFIGS = [(seats, sides) for seats in (2, 3, 4) for sides in ("a", "b")]


def options(sides: str) -> dict:
    return {"building_sides": sides, "port_sides": sides, "first_game": sides == "a"}


def tiles_everywhere(state: GwtState) -> Counter:
    b = state.board
    found: Counter = Counter(b.bag_a + b.bag_b + b.bag_c + b.box_tiles)
    found.update(t for row in b.job_market for t in row if t)
    found.update(t for t in b.forecast.values() if t)
    found.update(t for t in b.trail.values() if t in data.FARMER_BY_ID)
    found.update(m.split(":", 1)[1] for m in b.station_masters.values() if m.startswith("worker:"))
    for p in state.players:
        found.update(t for row in p.workers.values() for t in row if t != PRINTED)
        found.update(p.helped_farmers)
    # a helped granjero waits in its decision (hire it or keep it) between two steps
    found.update(f.data["tile"] for f in state.stack if f.kind == "help_hire")
    return found


def cards_everywhere(state: GwtState) -> Counter:
    b = state.board
    found: Counter = Counter(b.cattle_market + b.cattle_deck + b.exhaustion + b.box_cards
                             + b.objective_display + b.objective_deck)
    for p in state.players:
        found.update(p.herd() + p.objectives)
    return found


def discs_of(state: GwtState, seat: int) -> int:
    b = state.board
    on_board = sum(s.discs.count(seat) for s in b.ships)
    on_board += sum(q.count(seat) for port in b.ports.values() for q in port.quays.values())
    on_board += sum(1 for port in b.ports.values() for h in port.spaces.values() if h == seat)
    on_board += sum(seats.count(seat) for seats in b.stations.values())
    return on_board + len(state.players[seat].slots)


def check_invariants(state: GwtState) -> None:
    all_tiles = Counter([t.id for t in data.WORKER_TILES] + [t.id for t in data.FARMER_TILES])
    assert tiles_everywhere(state) == all_tiles, "worker and farmer tiles are conserved"
    expected = Counter([c.id for c in data.MARKET_CARDS] + [o.id for o in data.OBJECTIVE_CARDS]
                       + [data.EXHAUSTION_CARD_ID] * data.EXHAUSTION_CARDS)
    for seat in range(state.seats):
        expected.update(c.id for c in data.starting_cards(seat))
    assert cards_everywhere(state) == expected, "cards are conserved"
    for p in state.players:
        assert discs_of(state, p.seat) == data.DISCS_PER_PLAYER, "18 discs each"
        assert p.money >= 0 and p.exchange_tokens >= 0
        assert 0 <= p.grain <= data.GRAIN_LIMIT
        assert 0 <= p.certificates <= player_board.cert_limit(p)
        assert all(len(row) <= data.ROW_CELLS for row in p.workers.values())
    for ship in state.board.ships:
        if not data.SHIP_BY_ID[ship.id].repeatable:
            assert len(ship.discs) == len(set(ship.discs)), "one disc per player per ship"
    for port in state.board.ports.values():
        assert not any(port.spaces[c] is not None for c in port.closed)


def shuffled(sides: str) -> dict:
    """Building sides ``sides``, each port side at random, neutral buildings shuffled."""
    return {"building_sides": sides, "port_sides": "random", "first_game": False}


def run(seats: int, sides: str, seed: int, *, deep: bool, opts: dict | None = None,
        every: int = 1) -> None:
    """One random game, the invariants checked after every ``every`` steps and at the end."""
    steps = 0
    game_options = options(sides) if opts is None else opts

    def each(before, after, seat, key):
        nonlocal steps
        steps += 1
        if steps % every == 0 or after.finished:
            check_invariants(after)
        if deep or steps % 97 == 0:
            assert GAME.load(GAME.dump(after)) == after
            assert read(write(after)) == after
            json.dumps(GAME.view(after, None))
            for s in range(after.seats):
                view = GAME.view(after, s)
                assert view["private"]["hand"] == after.players[s].hand
                hands = [p.hand for p in after.players if p.seat != s and p.hand]
                assert all("hand" not in pv for pv in view["players"])
                assert hands is not None
        decision = GAME.pending(after)
        if decision is not None:
            check_decision(decision)

    end, moves = playout(GAME, seats, game_options, seed, each_step=each)
    assert end.finished and GAME.pending(end) is None
    assert end.end_triggered_by is not None and not end.last_turns
    scores = GAME.scores(end)
    assert set(scores) == set(range(seats)) and all("total" in s for s in scores.values())
    assert replay(GAME, seats, game_options, seed, moves) == end, "replay diverged"


@pytest.mark.parametrize("seats,sides", CONFIGS)
def test_random_games_keep_the_contract_and_conserve_components(seats, sides):
    run(seats, sides, seed=seats * 10 + (sides == "b"), deep=False)


#: Random games in ``make soak``, shared by the 6 configurations (2–4 players, sides a/b).
SOAK_GAMES = 1000


@pytest.mark.parametrize("seats,sides", CONFIGS)
def test_random_games_with_random_ports_and_shuffled_neutral_buildings(seats, sides):
    """A few more per configuration in ``make test``, the invariants every 25 steps."""
    for seed in range(3):
        run(seats, sides, 1000 + seed, deep=False, opts=shuffled(sides), every=25)


@pytest.mark.soak
@pytest.mark.parametrize("seats,sides", CONFIGS)
def test_many_random_games(seats, sides):
    per_config = -(-SOAK_GAMES // len(CONFIGS))
    for seed in range(100, 100 + per_config):
        run(seats, sides, seed, deep=seed == 100, opts=shuffled(sides))


def test_a_seat_sees_only_its_own_hand_and_determinize_keeps_its_view():
    """Hidden information: hands (and deck orders) are secret; re-drawing what a seat cannot
    know leaves that seat's view — and the spectators' — unchanged."""
    state = GAME.setup(3, GAME.parse_options(None), 4)
    rng = Rng.from_seed(9)
    probe = Rng.from_seed(1)
    for _ in range(300):
        decision = GAME.pending(state)
        if decision is None:
            break
        state = GAME.apply(state, decision.seat, rng.choice(decision.options).key).state
        for seat in range(3):
            other = GAME.determinize(state, seat, probe)
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.view(other, None) == GAME.view(state, None)
    spectator = json.dumps(GAME.view(state, None))
    for p in state.players:
        if p.hand:
            assert all(f'"{c}"' not in spectator or c in p.discard or c in
                       state.board.cattle_market for c in p.hand if c != "EX")


def test_refused_options_change_nothing():
    state = GAME.setup(2, GAME.parse_options(None), 1)
    before = GAME.dump(state)
    from games.base import IllegalMove

    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "no-such-option")
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, GAME.pending(state).options[0].key)
    assert GAME.dump(state) == before


def test_labels_of_a_decision_are_distinct():
    """Players pick by label (buttons, `move` autocompletion): no two options of one
    decision read the same."""
    for seats in (2, 4):
        def each(before, after, seat, key):
            decision = GAME.pending(after)
            if decision is not None:
                labels = [o.label for o in decision.options]
                assert len(labels) == len(set(labels)), labels
        playout(GAME, seats, None, 7, each_step=each)
