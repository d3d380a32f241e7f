"""The search's CPU-time cap (games/search.py, ``Budget.seconds``): a safety net that
stops a search whose engine steps would take too long. The clock is read every
``CLOCK_STEPS`` steps, not at every one (a reading can cost milliseconds of wall time on a
busy virtual machine): the cap still stops the search within a few steps, and stays
stopped once reached."""

from __future__ import annotations

from games import get_game
from games.rng import Rng
from games.search import CLOCK_STEPS, WIDEN, Budget, rank


def _mid_game(name: str, steps: int = 30):
    game = get_game(name)
    state = game.setup(2, game.parse_options(None), 5)
    rng = Rng.from_seed(5)
    for _ in range(steps):
        decision = game.pending(state)
        state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
    return game, state


def test_a_search_past_its_cap_stops_within_a_few_steps():
    game, state = _mid_game("gwt-argentina")
    seat = game.pending(state).seat
    report = rank(game, state, seat, Rng.from_seed(1), Budget(worlds=1, steps=5_000,
                                                              seconds=0.0))
    assert report.capped
    options = len(game.pending(state).options)
    # the root's options are each tried once before the search proper can stop
    assert report.steps <= options + CLOCK_STEPS + WIDEN, report.steps
    assert report.ranked, "a capped search still ranks the options it tried"


def test_a_search_within_its_cap_spends_exactly_its_steps():
    game, state = _mid_game("gwt-argentina")
    seat = game.pending(state).seat
    budget = Budget(worlds=1, steps=120, seconds=60.0)
    first = rank(game, state, seat, Rng.from_seed(1), budget)
    again = rank(game, state, seat, Rng.from_seed(1), budget)
    assert not first.capped and first.steps <= budget.steps
    assert [r.key for r in first.ranked] == [r.key for r in again.ranked]


def test_a_best_option_with_no_finished_turn_is_searched_again_with_more_steps():
    """``Budget.extend``: when no way to finish the turn was found below the best option,
    the search runs again with more steps (the same choice for the same RNG); without
    it the search keeps to its steps."""
    game, state = _mid_game("gwt-argentina")
    seat = game.pending(state).seat
    short = Budget(worlds=1, steps=6, seconds=60.0)
    first = rank(game, state, seat, Rng.from_seed(1), short)
    assert first.ranked[0].finished == 0 and first.steps <= short.steps
    longer = Budget(worlds=1, steps=6, seconds=60.0, extend=400)
    again = rank(game, state, seat, Rng.from_seed(1), longer)
    assert again.steps > first.steps
    assert again.ranked[0].finished > 0
    same = rank(game, state, seat, Rng.from_seed(1), longer)
    assert [r.key for r in same.ranked] == [r.key for r in again.ranked]
