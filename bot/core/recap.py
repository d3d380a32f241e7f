"""The end-of-game recap: final scores by category, the winners, and the score turn by turn.

Pure (no database, no image): :meth:`bot.core.sessions.Sessions.recap_png` reads the game's
effective states (the moves that count, in order) and hands a
:class:`renderer.recap.Recap` to its renderer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.core.autoplay import AnyGame, turn_key
from games.base import GameState
from renderer.recap import Recap

__all__ = ["MAX_POINTS", "Recap", "sample", "score_history", "totals", "turn_ends"]

#: At most this many points on the chart (long games are sampled evenly).
MAX_POINTS = 60


def turn_ends(game: AnyGame, states: Iterable[GameState]) -> list[GameState]:
    """The start, then the state each turn ended on: the first state whose pending
    decision belongs to another turn (the final state ends the last turn)."""
    ends: list[GameState] = []
    last_turn: object = ()
    last: GameState | None = None
    for state in states:
        turn = turn_key(game.pending(state))
        if turn != last_turn:
            ends.append(state)
            last_turn = turn
        last = state
    if last is not None and ends[-1] is not last:
        ends.append(last)
    return ends


def score_history(game: AnyGame, states: Iterable[GameState], seats: int) -> list[tuple[int, ...]]:
    """Every seat's total at the start and after each turn."""
    return [totals(game, state, seats) for state in turn_ends(game, states)]


def totals(game: AnyGame, state: GameState, seats: int) -> tuple[int, ...]:
    scores = game.scores(state)
    return tuple(scores.get(seat, {}).get("total", 0) for seat in range(seats))


def sample(points: Sequence[tuple[int, ...]], most: int) -> list[tuple[int, ...]]:
    """At most ``most`` points, evenly spread, always keeping the first and the last."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]
