"""The end-of-game recap: final scores by category, the winners, and the score turn by turn.

Pure (no database, no image): :meth:`bot.sessions.Sessions.recap_png` reads the game's
effective states (the moves that count, in order) and hands a
:class:`renderer.recap.Recap` to its renderer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.autoplay import AnyGame, turn_key
from games.base import GameState
from renderer.recap import Recap

__all__ = ["MAX_POINTS", "Recap", "sample", "score_history", "totals"]

#: At most this many points on the chart (long games are sampled evenly).
MAX_POINTS = 60


def score_history(game: AnyGame, states: Iterable[GameState], seats: int) -> list[tuple[int, ...]]:
    """Every seat's total at the start and after each turn (when the turn changed hands)."""
    history: list[tuple[int, ...]] = []
    last_turn: object = ()
    last: GameState | None = None
    for state in states:
        turn = turn_key(game.pending(state))
        if turn != last_turn:
            history.append(totals(game, state, seats))
            last_turn = turn
        last = state
    if last is not None:
        final = totals(game, last, seats)
        if not history or history[-1] != final:
            history.append(final)
    return history


def totals(game: AnyGame, state: GameState, seats: int) -> tuple[int, ...]:
    scores = game.scores(state)
    return tuple(scores.get(seat, {}).get("total", 0) for seat in range(seats))


def sample(points: Sequence[tuple[int, ...]], most: int) -> list[tuple[int, ...]]:
    """At most ``most`` points, evenly spread, always keeping the first and the last."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]
