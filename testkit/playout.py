"""Seeded random playouts shared by the property tests and the soak/bench runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.ai import choose_random
from games.base import Game, GameState, check_decision
from games.rng import Rng

MAX_STEPS = 20_000


def playout(
    game: Game,
    seats: int,
    options: dict[str, Any] | None,
    seed: int,
    *,
    each_step: Callable[[GameState, GameState, int, str], None] | None = None,
    chooser: Callable[[Game, GameState, int, Rng], str] = choose_random,
    sides: float = 0.0,
) -> tuple[GameState, list[tuple[int, str]]]:
    """Play one game with ``chooser`` for every seat; return the end state and the moves.

    ``sides``: before each step, each other seat takes a random option of its side
    decision (``Game.side_decision``) with this chance when it is an offer, and half the
    time when it must answer one (so some are still open when its turn comes)."""
    state = game.setup(seats, game.parse_options(options), seed)
    rng = Rng.from_seed(seed ^ 0x5DEECE66D)
    moves: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        decision = game.pending(state)
        if decision is None:
            return state, moves
        check_decision(decision)
        if sides:
            state = _side_steps(game, state, decision.seat, rng, sides, moves, each_step)
        key = chooser(game, state, decision.seat, rng)
        after = game.apply(state, decision.seat, key).state
        if each_step is not None:
            each_step(state, after, decision.seat, key)
        moves.append((decision.seat, key))
        state = after
    raise AssertionError(f"{game.name}: no end after {MAX_STEPS} steps (seed {seed})")


def replay(game: Game, seats: int, options: dict[str, Any] | None, seed: int,
           moves: list[tuple[int, str]]) -> GameState:
    state = game.setup(seats, game.parse_options(options), seed)
    for seat, key in moves:
        state = game.apply(state, seat, key).state
    return state


def _side_steps(game: Game, state: GameState, pending: int, rng: Rng, chance: float,
                moves: list[tuple[int, str]],
                each_step: Callable[[GameState, GameState, int, str], None] | None
                ) -> GameState:
    for seat in range(state.seats):
        if seat == pending:
            assert game.side_decision(state, seat) is None, "the seat to move has a side decision"
            continue
        for _ in range(8):
            side = game.side_decision(state, seat)
            if side is None or rng.random() >= (chance if side.optional else 0.5):
                break
            check_decision(side)
            assert side.seat == seat
            key = rng.choice(side.options).key
            after = game.apply(state, seat, key).state
            assert game.pending(after) == game.pending(state), "a side step changed the turn"
            if each_step is not None:
                each_step(state, after, seat, key)
            moves.append((seat, key))
            state = after
    return state
