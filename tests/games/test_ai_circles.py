"""The computer never walks in circles.

Whole games of every game at every seat count are played with the computer in every seat
(the solo game too, the computer in the player's seat against Pedro) through the bot's own
path (:func:`bot.core.autoplay.computer_steps`, which remembers the decisions a seat left
in its turn), and no turn may take more steps than a real one can. Once a GWT:A
solo game took over 6,000 steps where one takes about 360: the computer picked "A single
auxiliary action instead", then "No auxiliary action", and was back at the same menu.

The seats play at every level in turn, with small search budgets so that the whole run
stays short: the guard does not depend on the budget (``make soak`` plays them with the
real ones).
"""

from __future__ import annotations

import pytest

from bot.core import autoplay
from games import ai, available_games, get_game

#: The most steps one turn of each game can take when played sensibly (a GWT:A turn with a
#: visit to Buenos Aires, exchange tokens and objective cards is the longest), with room.
MAX_TURN_STEPS = {"kuhlorado": 8, "hazienda": 30, "llama-land": 40, "gwt-argentina": 60}

CONFIGS = [(name, seats) for name in available_games()
           for seats in range(get_game(name).min_seats, get_game(name).max_seats + 1)]


def longest_turn(game, start, steps) -> tuple[int, tuple[int, int] | None]:
    """The most steps played in one turn (a seat's pending decisions with one turn number),
    and that turn."""
    longest, worst = 0, None
    run, current = 0, None
    state = start
    for step in steps:
        key = autoplay.turn_key(game.pending(state))
        run = run + 1 if key == current else 1
        current = key
        if run > longest:
            longest, worst = run, key
        state = step.state
    return longest, worst


def play_whole_game(game, seats: int, seed: int):
    options = {"difficulty": "easy"} if seats == 1 else None
    state = game.setup(seats, game.parse_options(options), seed)
    users = [None] * seats
    levels = [ai.LEVELS[(seat + seed) % len(ai.LEVELS)] for seat in range(seats)]
    steps = autoplay.computer_steps(game, state, users, levels=levels)
    return state, steps


@pytest.mark.parametrize(("name", "seats"), CONFIGS)
def test_computers_never_walk_in_circles(name, seats, quick_computers):
    game = get_game(name)
    start, steps = play_whole_game(game, seats, seed=11 + seats)
    assert game.pending(steps[-1].state) is None, "the game did not end"
    longest, turn = longest_turn(game, start, steps)
    assert longest <= MAX_TURN_STEPS[name], (
        f"{name} at {seats}: the turn {turn} took {longest} steps")


@pytest.mark.soak
@pytest.mark.parametrize(("name", "seats"), CONFIGS)
def test_computers_never_walk_in_circles_at_full_strength(name, seats):
    game = get_game(name)
    start, steps = play_whole_game(game, seats, seed=21 + seats)
    longest, turn = longest_turn(game, start, steps)
    assert longest <= MAX_TURN_STEPS[name], (
        f"{name} at {seats}: the turn {turn} took {longest} steps")


def test_the_memory_keeps_a_seat_from_a_decision_it_left():
    """The decision left is never chosen again in the same turn, even when the search
    would: an option leading back to it is ranked last."""
    game = get_game("gwt-argentina")
    state = game.setup(1, game.parse_options({"difficulty": "easy"}), 5)
    rng_seed = 0
    # play to a location menu offering "A single auxiliary action instead"
    while True:
        decision = game.pending(state)
        keys = [o.key for o in decision.options]
        if "aux" in keys:
            break
        state = game.apply(state, decision.seat,
                           ai.choose(game, state, decision.seat, ai.ai_rng(state))).state
        rng_seed += 1
        assert rng_seed < 400, "no location menu with a single auxiliary action"
    menu = decision
    aux = game.apply(state, menu.seat, "aux").state
    inner = game.pending(aux)
    back = [o.key for o in inner.options
            if ai.signature(game.pending(game.apply(aux, menu.seat, o.key).state))
            == ai.signature(menu)]
    assert back, "giving up the auxiliary action leads back to the menu"
    report = ai.analyse(game, aux, menu.seat, ai.ai_rng(aux), "normal",
                        frozenset({ai.signature(menu)}))
    assert report.ranked[0].key not in back
    assert all(r.value == float("-inf") for r in report.ranked if r.key in back)
