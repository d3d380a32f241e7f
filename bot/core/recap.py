"""The end-of-game recap: final scores by category, the winners, and the score turn by turn;
and the replay, a finished game's public boards turn by turn.

No database here: :meth:`bot.core.sessions.Sessions.recap_png` and
:meth:`~bot.core.sessions.Sessions.replay_gif` read the game's moves and hand them to
:func:`recap_png` and :func:`replay_gif`, which rebuild the effective states (the moves
that count, in order) and draw — in a worker of the CPU pool (:mod:`bot.core.cpu`), so
they name the game's engine and renderer by module path.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import renderer
from bot.core.autoplay import AnyGame, turn_key
from bot.storage.rows import MoveRow
from games.base import GameState
from games.i18n import using
from renderer.recap import Recap, category_name, render
from renderer.replay import animate

__all__ = ["MAX_POINTS", "Recap", "effective_states", "recap_png", "replay_gif", "sample",
           "score_history", "totals", "turn_ends"]

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
    """Every seat's total at the start and after each turn (then a solo game's automa's)."""
    return [totals(game, state, seats) for state in turn_ends(game, states)]


def totals(game: AnyGame, state: GameState, seats: int) -> tuple[int, ...]:
    """The seats' totals, and last the automa's when the game has one (it holds no seat)."""
    scores = game.scores(state)
    seated = tuple(scores.get(seat, {}).get("total", 0) for seat in range(seats))
    automa = game.automa(state)
    return seated if automa is None else (*seated, automa.total)


def sample(points: Sequence[tuple[int, ...]], most: int) -> list[tuple[int, ...]]:
    """At most ``most`` points, evenly spread, always keeping the first and the last."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def effective_states(engine: AnyGame, moves: Sequence[MoveRow]) -> Iterator[GameState]:
    """The game's states in the order they stood: the start, then every step that still
    counts (steps taken back are left out). Replayed from the whole log: a row keeps its
    state only as a snapshot now and then, its option key rebuilds the rest exactly."""
    state: GameState | None = None
    for move in moves:
        if move.state_after is not None:  # start and undo rows, snapshots
            state = engine.load(move.state_after)
        elif move.kind == "move":
            assert state is not None and move.seat is not None and move.option_key is not None
            state = engine.apply(state, move.seat, move.option_key).state
        if move.kind in ("start", "move") and not move.undone:
            assert state is not None
            yield state


def _engine(module: str) -> AnyGame:
    return importlib.import_module(module).GAME


def recap_png(game_module: str, final_state: str, moves: Sequence[MoveRow],
              names: tuple[str, ...], winners: tuple[int, ...],
              forfeits: tuple[int, ...], locale: str = "en") -> bytes:
    """The recap image of a finished game (see the module docstring), its words in
    ``locale`` (a worker process has no active language of its own)."""
    engine = _engine(game_module)
    history = score_history(engine, effective_states(engine, moves), len(names))
    with using(locale):
        final = engine.load(final_state)
        scores = engine.scores(final)
        automa = engine.automa(final)
        if automa is not None:  # beside the seats: its name and level, column and line
            scores = {**scores, len(names): automa.scores}
            if automa.won or not winners:  # (a solo game given up is the automa's too)
                winners = (*winners, len(names))
            names = (*names, automa.label())
        recap = Recap(
            title=engine.title, names=names, scores=scores, winners=winners, forfeits=forfeits,
            history=tuple(sample(history, MAX_POINTS)), turns=max(0, len(history) - 1),
            labels={category: category_name(category, engine)
                    for seat_scores in scores.values() for category in seat_scores},
        )
        return renderer.encode_png(render(recap))


def replay_gif(game_module: str, game: str, render_module: str, moves: Sequence[MoveRow],
               names: list[str], locale: str = "en") -> bytes:
    """The replay GIF of a finished game (see :func:`renderer.replay.animate`), its boards
    drawn in ``locale``."""
    renderer.learn(game, render_module)  # a game this worker never heard of
    engine = _engine(game_module)
    views: list[dict[str, Any]] = [engine.view(state, None)
                                   for state in turn_ends(engine, effective_states(engine, moves))]
    with using(locale):
        return animate(game, views, names)
