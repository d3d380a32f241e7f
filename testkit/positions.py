"""Positions part-way through a game, for the renderer's tests and benches."""

from __future__ import annotations

from typing import Any

from games import get_game
from games.rng import Rng


def mid_game_view(name: str, steps: int = 120, seed: int = 11) -> tuple[dict[str, Any], list[str]]:
    """The spectators' view of a game after ``steps`` random steps, and the seat names."""
    game = get_game(name)
    seats = 4 if game.min_seats <= 4 <= game.max_seats else game.max_seats
    state = game.setup(seats, game.parse_options(None), seed)
    rng = Rng.from_seed(3)
    for _ in range(steps):
        decision = game.pending(state)
        if decision is None:
            break
        state = game.apply(state, decision.seat, rng.choice(decision.options).key).state
    return game.view(state, None), [f"Player {i + 1}" for i in range(seats)]
