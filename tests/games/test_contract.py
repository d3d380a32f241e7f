"""Every registered game honours the engine contract (games/base.py).

These checks know nothing about any particular game: seeded random games from setup to
the end, checking after every step that the pending decision is well formed, that the
state survives a JSON round trip, that replaying the recorded option keys from the seed
reproduces the final state exactly, and that no view shows what its seat may not know.
Each game's own directory adds its rule-specific invariants.
"""

from __future__ import annotations

import json

import pytest

from bot.core.autoplay import TurnMemory
from games import ai, available_games, get_game
from games.ai import choose_random
from games.base import IllegalMove
from games.rng import Rng
from testkit.playout import playout, replay

GAMES = available_games()
GAMES_PER_CONFIG = 6
#: The first game of each seat count checks the round trip and the views after every
#: FIRST_EVERY-th step, the others after every CHECK_EVERY-th (the soak of each game checks
#: every step of many).
FIRST_EVERY, CHECK_EVERY = 2, 7
#: Games of each seat count replayed from their seed and moves (a replay costs as much as
#: the game; the old-state tests and the soak replay many more).
REPLAYED = 2


def configs(game):
    for seats in range(game.min_seats, game.max_seats + 1):
        yield seats, None


#: Every game at every seat count: one test each, so that parallel workers share them.
SEATINGS = [pytest.param(name, seats, id=f"{name}-{seats}")
            for name in GAMES for seats, _ in configs(get_game(name))]


@pytest.fixture(params=GAMES)
def game(request):
    return get_game(request.param)


def test_at_least_one_game_is_registered():
    assert "kuhlorado" in GAMES


@pytest.mark.parametrize(("name", "seats"), SEATINGS)
def test_random_games_keep_the_contract(name, seats):
    game, options = get_game(name), None
    for seed in range(GAMES_PER_CONFIG):
        checked = {}

        def check(before, after, seat, key, game=game, checked=checked,
                  every=FIRST_EVERY if seed == 0 else CHECK_EVERY):
            assert before.step + 1 == after.step
            # apply never changes the state it is given (states may share their parts)
            if checked.get("state") is before:
                assert game.dump(before) == checked["text"], "apply changed its input"
            if after.step % every:
                return
            text = game.dump(after)
            assert game.load(text) == after, "JSON round trip changed the state"
            checked.update(state=after, text=text)
            json.dumps(game.view(after, None))
            for s in range(after.seats):
                json.dumps(game.view(after, s))
                if not game.side_decisions:
                    assert game.side_decision(after, s) is None, "an undeclared side decision"

        end, moves = playout(game, seats, options, seed, each_step=check)
        assert game.pending(end) is None
        scores = game.scores(end)
        assert set(scores) == set(range(seats))
        assert all("total" in sc for sc in scores.values())
        winners = game.winners(end)
        assert set(winners) <= set(range(seats))
        # only a solo game can end with no winning seat: its automa won
        automa = game.automa(end)
        assert automa is None or (seats == 1 and "total" in automa.scores)
        assert winners or (automa is not None and automa.won), "a game ends with a winner"
        if seed < REPLAYED:
            assert replay(game, seats, options, seed, moves) == end, "replay diverged"


#: The games whose seats may act outside the pending decision, at every seat count.
SIDE_SEATINGS = [seating for seating in SEATINGS if get_game(seating.values[0]).side_decisions]


@pytest.mark.parametrize(("name", "seats"), SIDE_SEATINGS)
def test_random_games_with_side_steps_keep_the_contract(name, seats):
    """Seats also take what they may do outside the pending decision (side decisions,
    e.g. GWT:A's exchange tokens on another's turn): every side decision is well formed,
    none is offered to the seat to move, a side step leaves the pending decision as it
    was, and replaying the moves — side steps included, logged as (seat, key) like any
    other — reproduces the game exactly."""
    game, options = get_game(name), None
    for seed in range(3):
        def check(before, after, seat, key, game=game):
            assert game.load(game.dump(after)) == after, "JSON round trip changed the state"
            assert before.step + 1 == after.step

        end, moves = playout(game, seats, options, seed, each_step=check, sides=0.3)
        assert game.pending(end) is None
        assert all(game.side_decision(end, s) is None for s in range(seats))
        assert replay(game, seats, options, seed, moves) == end, "replay diverged"


def test_holdings_are_short_named_texts(game):
    """What a seat holds is a short text (or None for a game without hands), in the
    active language; the faces flag is a bool."""
    for seats, options in configs(game):
        def check(before, after, seat, key, game=game):
            for s in range(after.seats):
                held = game.holdings(after, s)
                if held is not None:
                    assert held.text and len(held.text) <= 400 and "\n" not in held.text

        playout(game, seats, options, 1, each_step=check, sides=0.3)


def test_views_do_not_depend_on_what_the_seat_cannot_know(game):
    """Re-drawing all a seat cannot know (determinize) must leave its view unchanged, and
    so its holdings and its side decision: after every FIRST_EVERY-th step of one game of
    each seat count, every CHECK_EVERY-th of another."""
    for seats, options in configs(game):
        for seed in range(2):
            probe = Rng.from_seed(seed + 99)

            def check(before, after, seat, key, game=game, probe=probe,
                      every=FIRST_EVERY if seed == 0 else CHECK_EVERY):
                if after.step % every:
                    return
                public = game.view(after, None)
                for s in range(after.seats):
                    other_world = game.determinize(after, s, probe)
                    assert game.view(other_world, s) == game.view(after, s)
                    assert game.view(other_world, None) == public
                    assert game.holdings(other_world, s) == game.holdings(after, s)
                    assert game.side_decision(other_world, s) == game.side_decision(after, s)

            playout(game, seats, options, seed, each_step=check, sides=0.2)


def test_refusals_change_nothing(game):
    state = game.setup(game.min_seats, game.parse_options(None), 3)
    decision = game.pending(state)
    snapshot = game.dump(state)
    with pytest.raises(IllegalMove):
        game.apply(state, decision.seat, "no-such-option")
    other = (decision.seat + 1) % state.seats
    if other != decision.seat:
        with pytest.raises(IllegalMove, match="not your turn"):
            game.apply(state, other, decision.options[0].key)
    assert game.dump(state) == snapshot


def test_the_computer_player_beats_random(game):
    """The computer player is better than random: it wins both of two games, one in the
    first seat and one in the second (``make bench`` measures its strength properly)."""
    # A deliberately small budget keeps this test quick; the bot's levels search more.
    budget = ai.Budget(worlds=1, steps=40)
    seats = max(2, game.min_seats)
    wins = 0
    rounds = 2
    for seed in range(rounds):
        computer_seat = seed % seats
        memory = TurnMemory()

        def chooser(g, state, seat, rng, computer_seat=computer_seat, memory=memory):
            decision = g.pending(state)
            if seat != computer_seat:
                return choose_random(g, state, seat, rng)
            key = ai.pick(ai.rank(g, state, seat, rng, budget, memory.seen(decision)),
                          budget, rng)
            memory.leave(decision)
            return key

        end, _ = playout(game, seats, None, 1000 + seed, chooser=chooser)
        wins += computer_seat in game.winners(end)
    assert wins == rounds, f"the computer won only {wins}/{rounds}"
