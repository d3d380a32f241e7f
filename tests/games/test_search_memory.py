"""A search frees its tree by reference counting alone: the cyclic garbage collector is
paused while it runs (its passes over the growing tree made the slowest decisions), so
the tree must leave no reference cycles behind."""

from __future__ import annotations

import gc

import pytest

from games import ai, available_games, get_game
from games.search import Budget, rank

BUDGET = Budget(worlds=2, steps=60)


def a_decision(name: str):
    """A position a few steps into a game, with a choice for the seat to move."""
    game = get_game(name)
    seats = 1 if game.min_seats == 1 else 2
    options = {"difficulty": "easy"} if seats == 1 else None
    state = game.setup(seats, game.parse_options(options), 7)
    rng = ai.ai_rng(state)
    for _ in range(12):
        decision = game.pending(state)
        state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
    while len((decision := game.pending(state)).options) < 2:
        state = game.apply(state, decision.seat, decision.options[0].key).state
    return game, state, decision.seat


@pytest.mark.parametrize("name", available_games())
def test_a_search_leaves_nothing_for_the_collector(name):
    game, state, seat = a_decision(name)
    rank(game, state, seat, ai.ai_rng(state), BUDGET)  # caches filled once
    gc.collect()
    gc.disable()  # or the first allocation after the search would collect its cycles
    try:
        report = rank(game, state, seat, ai.ai_rng(state), BUDGET)
        left = gc.collect()
    finally:
        gc.enable()
    assert report.steps > len(report.ranked), "the search went below the options"
    assert left == 0, f"the search left {left} objects in reference cycles"


def test_the_collector_is_paused_only_while_searching():
    game, state, seat = a_decision("kuhlorado")
    assert gc.isenabled()
    rank(game, state, seat, ai.ai_rng(state), BUDGET)
    assert gc.isenabled(), "the collector was left paused"
    gc.disable()
    try:
        rank(game, state, seat, ai.ai_rng(state), BUDGET)
        assert not gc.isenabled(), "a collector paused by the caller was turned back on"
    finally:
        gc.enable()
